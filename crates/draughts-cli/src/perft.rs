//! `draughts perft`: the output of the workspace's `examples/perft.rs`.

use crate::cli::{parse_variant, CliError};
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{divide, perft, Position, Variant, VariantKind};
use std::io::{self, Write};
use std::time::Instant;

/// The options of `draughts perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The position (default: the initial position).
    #[arg(long)]
    fen: Option<String>,
    /// Number of plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: u32,
    /// Count per first move instead of per depth.
    #[arg(long)]
    divide: bool,
}

/// Runs `draughts perft`: counts the leaves of the move tree to a depth.
///
/// # Errors
/// A bad `--fen`, or when the output cannot be written.
pub fn run(args: &PerftArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

fn run_variant<V: Variant>(args: &PerftArgs) -> Result<(), CliError> {
    let pos: Position<V> = match &args.fen {
        Some(fen) => fen
            .parse()
            .map_err(|e| format!("bad --fen for {}: {e}", V::NAME))?,
        None => Position::initial(),
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{pos}")?;
    writeln!(out, "{}", pos.to_fen())?;
    if args.divide {
        let start = Instant::now();
        let mut total = 0;
        for (mv, n) in divide(&pos, args.depth) {
            writeln!(out, "{:<20} {n}", pos.move_text(&mv))?;
            total += n;
        }
        return report(&mut out, args.depth, total, start);
    }
    let mut last = (0, Instant::now());
    for depth in 1..=args.depth {
        let start = Instant::now();
        let n = perft(&pos, depth);
        let secs = start.elapsed().as_secs_f64();
        writeln!(out, "depth {depth:>2} {n:>14} {secs:>9.3} s")?;
        last = (n, start);
    }
    report(&mut out, args.depth, last.0, last.1)
}

fn report(out: &mut impl Write, depth: u32, leaves: u64, start: Instant) -> Result<(), CliError> {
    let secs = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "perft({depth}) = {leaves}  ({secs:.3} s, {:.1} M leaves/s)",
        leaves as f64 / secs.max(1e-9) / 1e6
    )?;
    Ok(())
}
