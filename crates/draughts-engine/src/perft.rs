//! `draughts perft`: the output of the workspace's `examples/perft.rs`.

use crate::engine::with_variant;
use crate::{CliError, PerftArgs};
use draughts_core::{divide, perft, Position, Variant};
use std::io::{self, Write};
use std::time::Instant;

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
