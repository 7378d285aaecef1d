//! `draughts analyse`: search one position and print each iteration.

use crate::cli::{parse_seconds, parse_variant, CliError, EngineArgs, OpeningBookArgs};
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{Game, Move, Position, Variant, VariantKind};
use draughts_engine::engine::human_score;
use draughts_engine::session::EngineSession;
use draughts_search::{Control, Limits, SearchInfo, Source};
use std::io::{self, Write};
use std::time::Duration;

/// The options of `draughts analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The position (default: the initial position), e.g. W:W31-50:B1-20.
    #[arg(long)]
    fen: Option<String>,
    /// Search for this many seconds (3 when no limit is given).
    #[arg(long, value_parser = parse_seconds, group = "limit")]
    time: Option<f64>,
    /// Search to this depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), group = "limit")]
    depth: Option<u32>,
    /// Search this many nodes.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), group = "limit")]
    nodes: Option<u64>,
    /// Also print the figures of the tactical templates (with --tactics).
    #[arg(long)]
    verbose: bool,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    book: OpeningBookArgs,
}

/// The search time when no limit is given.
pub const DEFAULT_SECONDS: f64 = 3.0;

/// Runs `draughts analyse`: searches the position and prints each iteration.
///
/// # Errors
/// A bad `--fen`, a position without a legal move, or an engine file that cannot be
/// used.
pub fn run(args: &AnalyseArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

fn run_variant<V: Variant>(args: &AnalyseArgs) -> Result<(), CliError> {
    let root: Position<V> = match &args.fen {
        Some(fen) => fen
            .parse()
            .map_err(|e| format!("bad --fen for {}: {e}", V::NAME))?,
        None => Position::initial(),
    };
    if let Some(winner) = root.winner() {
        return Err(format!("no legal move in {}: {winner} has won", root.to_fen()).into());
    }
    let limits = match (args.depth, args.nodes, args.time) {
        (Some(depth), _, _) => Limits::depth(depth),
        (_, Some(nodes), _) => Limits::nodes(nodes),
        (_, _, time) => Limits::move_time(Duration::from_secs_f64(time.unwrap_or(DEFAULT_SECONDS))),
    };
    let options = args.book.apply(args.engine.options());
    let engine = EngineSession::<V>::from_options(&options).map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    writeln!(out, "{root}")?;
    writeln!(out, "{}", root.to_fen())?;
    let mut failure = None;
    let game = Game::from_position(root);
    let control = Control::default();
    let result = engine.search(&game, limits, &control, &mut |info: &SearchInfo<V>| {
        if failure.is_none() {
            if let Err(e) = writeln!(out, "{}", iteration_line(&root, info)) {
                // Nobody is reading: stop searching.
                failure = Some(e);
                control.stop();
            }
        }
    });
    if let Some(e) = failure {
        return Err(e.into());
    }
    let best = result
        .best_move
        .ok_or_else(|| "the search found no move".to_string())?;
    if args.verbose {
        match engine.tactics() {
            Some(oracle) => writeln!(out, "{}", crate::tactics::leaf_report(oracle))?,
            None => writeln!(out, "tactics: no template file (--tactics FILE)")?,
        }
        if let Some(oracle) = engine.threats() {
            writeln!(
                out,
                "{}",
                crate::tactics::labelled_report("threats", oracle)
            )?;
        }
    }
    writeln!(out, "bestmove {}", root.move_text(&best))?;
    Ok(())
}

/// One iteration: depth, seldepth, score, nodes, speed, time and the PV in PDN; or the
/// book's move, score and line.
fn iteration_line<V: Variant>(root: &Position<V>, info: &SearchInfo<V>) -> String {
    if info.source == Source::Book {
        return format!(
            "book score {:>8} line {}",
            human_score(info.score),
            pdn_line(root, &info.pv).join(" ")
        );
    }
    format!(
        "depth {:>2} seldepth {:>2} score {:>8} nodes {:>11} nps {:>6.2}M time {:>7.3}s pv {}",
        info.depth,
        info.seldepth,
        human_score(info.score),
        info.nodes,
        info.nps() / 1e6,
        info.time.as_secs_f64(),
        pdn_line(root, &info.pv).join(" ")
    )
}

/// The moves of `line` from `root` in PDN text, as far as they are legal.
pub fn pdn_line<V: Variant>(root: &Position<V>, line: &[Move<V>]) -> Vec<String> {
    let mut pos = *root;
    let mut texts = Vec::with_capacity(line.len());
    for mv in line {
        if !pos.legal_moves().contains(mv) {
            break;
        }
        texts.push(pos.move_text(mv));
        pos = pos.play_unchecked(mv);
    }
    texts
}
