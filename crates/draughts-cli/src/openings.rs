//! `draughts openings`: balanced opening positions (or, with `--min-score`, ones that
//! favour a side, for matches whose game pairs decide more often), one FEN a line.

use crate::cli::{parse_variant, CliError};
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{Position, VariantKind};
use draughts_engine::openings::{generate, OpeningSpec};
use std::io::Write;
use std::path::PathBuf;

/// The options of `draughts openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Random plies from the start.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=60))]
    plies: u32,
    /// Positions to write.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
    /// Keep positions whose score is within this many men of 0.
    #[arg(long, default_value_t = 0.3)]
    max_score: f64,
    /// Keep only positions whose score is at least this many men from 0: openings that
    /// favour one side, so that more game pairs of a match (each opening with both
    /// colours) end in one win and one draw, which tells engines apart sooner.
    #[arg(long, default_value_t = 0.0)]
    min_score: f64,
    /// Depth of the search that scores each position.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Seed of the random moves: the same seed gives the same file.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write here instead of to standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// `draughts openings`: writes `--count` distinct positions reached by `--plies` random
/// legal moves from the start, each with no capture pending and a fixed-depth score
/// from `--min-score` to `--max-score` men away from 0.
pub fn run(args: &OpeningsArgs) -> Result<(), CliError> {
    let spec = OpeningSpec {
        plies: args.plies,
        count: args.count as usize,
        max_score: args.max_score,
        min_score: args.min_score,
        depth: args.depth,
        seed: args.seed,
    };
    let openings = with_variant!(args.variant, V => generate::<V>(&spec)?
        .iter()
        .map(Position::to_fen)
        .collect::<Vec<_>>());
    let mut text = String::new();
    text.push_str(&format!(
        "# {} {} openings: {} random plies from the start, no capture pending, \
         {}|score| <= {} men at depth {}.\n",
        openings.len(),
        args.variant.name(),
        args.plies,
        if args.min_score > 0.0 {
            format!("{} <= ", args.min_score)
        } else {
            String::new()
        },
        args.max_score,
        args.depth
    ));
    text.push_str(&format!("# Made by: {}\n", command_line(args)));
    for fen in &openings {
        text.push_str(fen);
        text.push('\n');
    }
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

/// The command that makes this file, options in a fixed order.
fn command_line(args: &OpeningsArgs) -> String {
    let mut line = format!(
        "draughts openings --variant {} --plies {} --count {} --max-score {} --depth {} --seed {}",
        args.variant.name(),
        args.plies,
        args.count,
        args.max_score,
        args.depth,
        args.seed
    );
    if args.min_score > 0.0 {
        line.push_str(&format!(" --min-score {}", args.min_score));
    }
    if let Some(path) = &args.out {
        line.push_str(&format!(" --out {}", path.display()));
    }
    line
}
