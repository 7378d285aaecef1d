//! `draughts bench`: a fixed-depth, one-thread search of a fixed set of positions of
//! both variants. The total node count is the engine's behaviour checksum: any change
//! to move generation, ordering, pruning or evaluation changes it.

use crate::cli::CliError;
use clap::Args;
use draughts_core::{English, Game, International, Position, Variant};
use draughts_engine::engine::{searcher, EngineOptions};
use draughts_search::{Control, Limits};
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The options of `draughts bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search depth (the default is the one whose node count is the checksum).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: Option<u32>,
}

/// International positions: the start, then positions from engine games (openings,
/// middle games, an ending with kings).
const INTERNATIONAL: &[&str] = &[
    "W:W31-50:B1-20",
    "W:W29,31,32,35-37,39-50:B1-13,16-20",
    "W:W26,30-35,37,39,41-50:B1-5,7,9-14,17-20,24",
    "W:W28,31,34,35,37,38,40,41,43,44,46-50:B1-6,8,9,12,14,16,17,19,21,24",
    "W:W24,29,38-41,43,45-50:B1,3-7,9,11,13,16,22,25,36",
    "W:W26-28,32,33,35,38,40-44,48,50:B4,6-9,11,14,16,18,19,21-24",
    "W:W26,27,32,37,39,42,44,46,47:B1,3,7,8,11,13,17,25,38",
    "W:W28,32,33,36,38,K47:B11,12,16,18,19,K3",
];

/// English positions: the start, then positions from engine games, and an ending with
/// kings.
const ENGLISH: &[&str] = &[
    "B:W21-32:B1-12",
    "B:W22-27,29-32:B1-6,9,11,12,16,21",
    "B:W18,19,23-25,28,30-32:B1-4,7,8,12,16,17",
    "B:W10,13,26,29-32:B1,4,6,8,12,20,21",
    "B:W10,14,18,19,23,24:B1-4,12,K32",
    "W:WK10,19,22,K31:BK6,14,16",
];

/// The depths whose node count is the checksum.
const INTERNATIONAL_DEPTH: u32 = 11;
const ENGLISH_DEPTH: u32 = 13;

/// Runs `draughts bench`: searches the bench positions and prints the node count,
/// the engine's behaviour checksum.
///
/// # Errors
/// When the output cannot be written.
pub fn run(args: &BenchArgs) -> Result<(), CliError> {
    let mut out = io::stdout().lock();
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for (n, t) in [
        bench::<International>(
            &mut out,
            INTERNATIONAL,
            args.depth.unwrap_or(INTERNATIONAL_DEPTH),
        )?,
        bench::<English>(&mut out, ENGLISH, args.depth.unwrap_or(ENGLISH_DEPTH))?,
    ] {
        nodes += n;
        time += t;
    }
    writeln!(
        out,
        "bench: {nodes} nodes in {:.3} s, {:.0} nps",
        time.as_secs_f64(),
        nodes as f64 / time.as_secs_f64().max(1e-9)
    )?;
    Ok(())
}

/// Searches every position of `fens` to `depth` with a fresh table: total nodes and
/// time.
fn bench<V: Variant>(
    out: &mut impl Write,
    fens: &[&str],
    depth: u32,
) -> Result<(u64, Duration), CliError> {
    let options = EngineOptions {
        hash_mib: 16,
        threads: 1,
        ..EngineOptions::default()
    };
    let searcher = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let (mut nodes, mut time) = (0, Duration::ZERO);
    for fen in fens {
        let pos: Position<V> = fen
            .parse()
            .map_err(|e| format!("bench position {fen}: {e}"))?;
        searcher.clear();
        let start = Instant::now();
        let game = Game::from_position(pos);
        let result = searcher.search(
            &game,
            Limits::depth(depth),
            &Control::default(),
            &mut |_| {},
        );
        let elapsed = start.elapsed();
        let best = result
            .best_move
            .map_or_else(|| "-".to_string(), |mv| pos.move_text(&mv));
        writeln!(
            out,
            "{:<13} {fen:<70} depth {depth:>2} nodes {:>10} {:>7.3} s  {best}",
            V::NAME,
            result.nodes,
            elapsed.as_secs_f64()
        )?;
        nodes += result.nodes;
        time += elapsed;
    }
    Ok((nodes, time))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<V: Variant>(fens: &[&str]) {
        for fen in fens {
            let pos: Position<V> = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(!pos.legal_moves().is_empty(), "{fen}: the game is over");
        }
    }

    #[test]
    fn bench_positions_are_valid() {
        check::<International>(INTERNATIONAL);
        check::<English>(ENGLISH);
    }
}
