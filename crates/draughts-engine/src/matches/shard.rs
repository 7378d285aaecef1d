//! A match in shards, for drivers that spread its games over machines: a first game
//! other than 0 plays a slice of the match's games (openings and colours as in the
//! whole match), a results file takes engine 1's outcome of each game, and [`tally`]
//! adds the results files of the shards up, with the SPRT taken pair by pair in game
//! order.

use super::MatchError;
use crate::sprt::{Decision, Outcome, Pentanomial, Sprt};
use crate::stats::Tally;
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A line of a results file: the game's index in the match and engine 1's outcome.
pub fn result_line(index: usize, outcome: Outcome) -> String {
    let word = match outcome {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    };
    format!("{index} {word}")
}

/// Reads a results file into `games` (by index); a game given twice is an error.
fn read(path: &Path, games: &mut BTreeMap<usize, Outcome>) -> Result<(), MatchError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| MatchError::Message(format!("cannot read {}: {e}", path.display())))?;
    for (number, line) in text.lines().enumerate() {
        let bad =
            |why: &str| MatchError::Message(format!("{}:{}: {why}", path.display(), number + 1));
        let Some((index, word)) = line.trim().split_once(' ') else {
            return Err(bad("expected a game index and win, draw or loss"));
        };
        let index: usize = index
            .parse()
            .map_err(|_| bad("the game index is no number"))?;
        let outcome = match word.trim() {
            "win" => Outcome::Win,
            "draw" => Outcome::Draw,
            "loss" => Outcome::Loss,
            _ => return Err(bad("the outcome is not win, draw or loss")),
        };
        if games.insert(index, outcome).is_some() {
            return Err(bad(&format!("game {index} is counted twice")));
        }
    }
    Ok(())
}

/// What `--tally` prints, one JSON line.
#[derive(Serialize)]
struct Totals {
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    /// Engine 1's score in percent.
    score: f64,
    elo: Option<f64>,
    /// Pairs by engine 1's score in half points (0 to 4).
    pentanomial: [u32; 5],
    /// Games whose pair partner is not among the results.
    unpaired: usize,
    /// With `--sprt`: the LLR over every pair, its bounds, and the decision the test
    /// takes pair by pair in game order, with the pairs counted then.
    llr: Option<f64>,
    bounds: Option<(f64, f64)>,
    decision: Option<&'static str>,
    decided_after_pairs: Option<u32>,
}

/// Adds up the results files of a match's shards and writes the totals as one JSON
/// line.
///
/// # Errors
/// A file cannot be read, has a bad line, or repeats a game; the write fails.
pub fn tally(
    paths: &[PathBuf],
    sprt: Option<&Sprt>,
    out: &mut dyn Write,
) -> Result<(), MatchError> {
    let mut games = BTreeMap::new();
    for path in paths {
        read(path, &mut games)?;
    }
    let mut tally = Tally::default();
    for outcome in games.values() {
        match outcome {
            Outcome::Win => tally.wins += 1,
            Outcome::Draw => tally.draws += 1,
            Outcome::Loss => tally.losses += 1,
        }
    }
    let mut pairs = Pentanomial::default();
    let mut decided = None;
    for (&index, &first) in games.iter().filter(|(i, _)| *i % 2 == 0) {
        let Some(&second) = games.get(&(index + 1)) else {
            continue;
        };
        pairs.add(first, second);
        if let (Some(sprt), None) = (sprt, decided) {
            decided = sprt.decide(sprt.llr(&pairs)).map(|d| (d, pairs.pairs()));
        }
    }
    let unpaired = games.len() - 2 * pairs.pairs() as usize;
    let totals = Totals {
        games: tally.games(),
        wins: tally.wins,
        draws: tally.draws,
        losses: tally.losses,
        score: 100.0 * tally.score().unwrap_or(0.5),
        elo: tally.elo().map(|e| e.difference),
        pentanomial: pairs.counts,
        unpaired,
        llr: sprt.map(|s| s.llr(&pairs)),
        bounds: sprt.map(Sprt::bounds),
        decision: decided.map(|(d, _)| match d {
            Decision::H0 => "H0",
            Decision::H1 => "H1",
        }),
        decided_after_pairs: decided.map(|(_, n)| n),
    };
    serde_json::to_writer(&mut *out, &totals).map_err(|e| MatchError::Message(e.to_string()))?;
    writeln!(out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_pairs_in_order_and_rejects_bad_lines() {
        let dir = std::env::temp_dir().join(format!("match-tally-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("a.txt"), dir.join("b.txt"));
        std::fs::write(&a, "0 win\n1 draw\n").unwrap();
        std::fs::write(&b, "2 loss\n3 loss\n4 win\n").unwrap();
        let mut out = Vec::new();
        let sprt: Sprt = "elo0=0,elo1=5".parse().unwrap();
        tally(&[a.clone(), b.clone()], Some(&sprt), &mut out).unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(json["games"], 5);
        assert_eq!(
            (json["wins"].clone(), json["losses"].clone()),
            (2.into(), 2.into())
        );
        assert_eq!(json["pentanomial"], serde_json::json!([1, 0, 0, 1, 0]));
        assert_eq!(json["unpaired"], 1);
        assert!(json["llr"].is_number() && json["decision"].is_null());
        assert!(tally(&[a.clone(), a.clone()], None, &mut Vec::new()).is_err());
        std::fs::write(&b, "2 lost\n").unwrap();
        let err = tally(&[b], None, &mut Vec::new()).unwrap_err().to_string();
        assert!(err.contains("b.txt:1"), "{err}");
        std::fs::remove_dir_all(dir).ok();
    }
}
