//! The test of a new network against the last: pairs of games at a fixed node count,
//! each start played with both colours, judged by an SPRT on the pairs in their order
//! and resumable from the file of the pairs played.

use crate::error::TuneError;
use crate::selfplay::random_start;
use crate::tournament::{play_game_between, SearchSettings};
use draughts_core::{Color, Position, Variant};
use draughts_egdb::Database;
use draughts_engine::sprt::{Decision, Outcome, Pentanomial, Sprt};
use draughts_eval::LinearEval;
use draughts_search::Limits;
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// The transposition table of each player in each game, in MiB.
const HASH_MIB: usize = 8;

/// How the two players meet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct DuelConfig {
    /// The test.
    pub sprt: Sprt,
    /// Games at most (pairs at most: half of them).
    pub games: usize,
    /// Nodes searched for every move, on one thread: the games are deterministic.
    pub nodes: u64,
    /// Random moves after the opening; a pair's two games start from the same position.
    pub random_plies: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// The seed of the starts.
    pub seed: u64,
}

/// Where a test stands: the first player's pairs, the log-likelihood ratio after the
/// last, and the decision if one was taken.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Standing {
    /// The first player's pairs of games by score.
    pub pairs: Pentanomial,
    /// The log-likelihood ratio of the test after the last pair.
    pub llr: f64,
    /// The hypothesis the test accepted, if it has.
    pub decision: Option<Decision>,
}

impl Standing {
    fn add(&mut self, sprt: &Sprt, pair: [Outcome; 2]) {
        self.pairs.add(pair[0], pair[1]);
        self.llr = sprt.llr(&self.pairs);
        self.decision = sprt.decide(self.llr);
    }

    /// The standing of `sprt` after the pairs of a test's file (`gen-G/sprt`): a line
    /// a pair, the first player's results as White and as Black (`w`, `d` or `l`),
    /// read up to the pair where the test decided; a last line without its line break
    /// is left out. Returns the standing and the length of the text it read.
    ///
    /// ```
    /// use draughts_engine::sprt::Sprt;
    /// use draughts_tune::Standing;
    ///
    /// let (standing, read) = Standing::read("wd\ndl\nw", &Sprt::default())?;
    /// assert_eq!((standing.pairs.counts, read), ([0, 1, 0, 1, 0], 6));
    /// # Ok::<(), draughts_tune::TuneError>(())
    /// ```
    ///
    /// # Errors
    /// [`TuneError::Config`] for a line that is not a pair of results.
    pub fn read(text: &str, sprt: &Sprt) -> Result<(Standing, usize), TuneError> {
        let mut standing = Standing::default();
        let mut read = 0;
        for line in text.split_inclusive('\n').filter(|l| l.ends_with('\n')) {
            if standing.decision.is_some() {
                break;
            }
            let pair = parse_pair(line.trim_end_matches('\n'))
                .ok_or_else(|| TuneError::Config(format!("not a pair of results: {line:?}")))?;
            standing.add(sprt, pair);
            read += line.len();
        }
        Ok((standing, read))
    }
}

/// Plays `players[0]` against `players[1]` until the test decides or the games run
/// out: pair `i` starts from opening `i` (cycling) after the random moves of its own
/// stream, `players[0]` White in its first game. Pairs are played in batches on rayon's
/// threads but counted in their order, so the decision, and the file, are the same on
/// any number of threads. The pairs go to the file at `path`, a line each (the first
/// player's results, `w`, `d` or `l`, in its games as White and as Black); a file
/// already there is read first and the test goes on after its last whole line. Both
/// players' searches consult `database`, if any. `progress` hears the standing after
/// each batch.
pub(crate) fn duel<V: Variant>(
    players: [&LinearEval<V>; 2],
    database: Option<&Arc<Database<V>>>,
    openings: &[Position<V>],
    config: &DuelConfig,
    path: &Path,
    progress: &(dyn Fn(&Standing) + Sync),
) -> Result<Standing, TuneError> {
    let io = TuneError::io(path);
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| TuneError::Config(format!("{}: not a test's pairs", path.display())))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(io(e)),
    };
    let (mut standing, read) = Standing::read(&text, &config.sprt).map_err(|e| match e {
        TuneError::Config(message) => TuneError::Config(format!("{}: {message}", path.display())),
        e => e,
    })?;
    crate::write_atomically(path, &text.as_bytes()[..read])?;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(io)?;
    let settings = SearchSettings {
        limits: Limits::nodes(config.nodes),
        hash_mib: HASH_MIB,
    };
    let all_pairs = config.games.div_ceil(2);
    let batch = 4 * rayon::current_num_threads().max(1);
    let mut next = standing.pairs.pairs() as usize;
    while standing.decision.is_none() && next < all_pairs {
        let end = (next + batch).min(all_pairs);
        let games: Vec<Outcome> = (2 * next..2 * end)
            .into_par_iter()
            .map(|game| {
                let start = random_start(openings, config.random_plies, config.seed, game / 2);
                let first = (players[0].clone(), settings);
                let second = (players[1].clone(), settings);
                let first_is_white = game % 2 == 0;
                let seats = if first_is_white {
                    [first, second]
                } else {
                    [second, first]
                };
                let played = play_game_between(start, seats, config.max_plies, database);
                let first_color = if first_is_white {
                    Color::White
                } else {
                    Color::Black
                };
                match played.result.winner() {
                    Some(color) if color == first_color => Outcome::Win,
                    Some(_) => Outcome::Loss,
                    None => Outcome::Draw,
                }
            })
            .collect();
        for pair in games.chunks_exact(2) {
            let pair = [pair[0], pair[1]];
            standing.add(&config.sprt, pair);
            writeln!(file, "{}{}", letter(pair[0]), letter(pair[1])).map_err(io)?;
            next += 1;
            if standing.decision.is_some() {
                break;
            }
        }
        file.flush().map_err(io)?;
        progress(&standing);
    }
    Ok(standing)
}

fn letter(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => 'w',
        Outcome::Draw => 'd',
        Outcome::Loss => 'l',
    }
}

fn parse_pair(line: &str) -> Option<[Outcome; 2]> {
    let outcome = |c| match c {
        'w' => Some(Outcome::Win),
        'd' => Some(Outcome::Draw),
        'l' => Some(Outcome::Loss),
        _ => None,
    };
    let mut chars = line.chars();
    let pair = [outcome(chars.next()?)?, outcome(chars.next()?)?];
    chars.next().is_none().then_some(pair)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::English;
    use draughts_eval::Weights;

    fn config(games: usize) -> DuelConfig {
        DuelConfig {
            sprt: Sprt {
                elo0: 0.0,
                elo1: 100.0,
                alpha: 0.05,
                beta: 0.05,
            },
            games,
            nodes: 200,
            random_plies: 2,
            max_plies: 80,
            seed: 3,
        }
    }

    #[test]
    fn a_duel_resumes_to_the_same_pairs_and_reads_only_its_own_lines() {
        let dir = std::env::temp_dir().join(format!("draughts-duel-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (strong, weak) = (
            LinearEval::<English>::new(Weights::ENGLISH),
            LinearEval::<English>::new(Weights::ZERO),
        );
        let openings = [Position::<English>::initial()];
        let play = |path: &Path| {
            duel(
                [&strong, &weak],
                None,
                &openings,
                &config(12),
                path,
                &|_| {},
            )
        };
        let whole = dir.join("whole.txt");
        let done = play(&whole).unwrap();
        assert!(done.pairs.pairs() >= 1 && done.pairs.pairs() <= 6);
        // A run cut after two pairs (and in the middle of a line) goes on to the same end.
        let text = std::fs::read_to_string(&whole).unwrap();
        let cut = dir.join("cut.txt");
        std::fs::write(&cut, format!("{}w", &text[..6])).unwrap();
        let resumed = play(&cut).unwrap();
        assert_eq!(resumed, done);
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), text);
        // Someone else's file is an error, not a test.
        std::fs::write(&cut, "1-0\n").unwrap();
        let err = play(&cut).unwrap_err();
        assert!(matches!(err, TuneError::Config(_)), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn pairs_read_back_as_written() {
        for pair in ["ww", "wd", "dl", "ll"] {
            let parsed = parse_pair(pair).unwrap();
            assert_eq!(format!("{}{}", letter(parsed[0]), letter(parsed[1])), pair);
        }
        for bad in ["", "w", "wdl", "x1", "W D"] {
            assert_eq!(parse_pair(bad), None, "{bad:?}");
        }
    }
}
