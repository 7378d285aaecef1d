//! `draughts agreement`: how often the engine's choice matches the move a master played.
//!
//! Every game of the PDN files is read with the core's reader and its main line
//! replayed. A position is *eligible* once the first plies are past (opening theory is
//! memory, not judgement), when the side to move has more than one legal move and no
//! capture is forced (captures are mostly forced, so they say little about the
//! evaluation). The engine's search chooses a move in each eligible position, or in a
//! seeded random sample of them, with the game's history (repetitions count), and the
//! choice is compared with the master's move.
//!
//! The library part, in `draughts-engine` ([`Collection`], [`measure`],
//! [`Report`](draughts_engine::agreement::Report)), takes the chooser and a progress
//! callback, so it knows nothing of the terminal or of the searcher; [`run`] is the
//! command.

use crate::cli::{CliError, EngineArgs};
use crate::progress::ProgressLine;
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{Game, Variant, VariantKind};
use draughts_engine::agreement::{measure, percent, write_report, Settings, DEFAULT_DEPTH};
use draughts_engine::collection::Collection;
use draughts_engine::engine::searcher;
use draughts_engine::players::spec::PlayerSpec;
use draughts_search::{Control, Limits};
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How many game phases (piece-count buckets) the report splits the positions into.
pub const PHASES: usize = 4;

/// The arguments of `draughts agreement`.
#[derive(Args, Debug)]
pub struct AgreementArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = crate::cli::parse_variant)]
    variant: VariantKind,
    /// A PDN file of games (repeat the option for several files).
    #[arg(long = "games", value_name = "FILE", required = true)]
    games: Vec<PathBuf>,
    /// Search to this depth (the default, 6, when no limit is given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), group = "limit")]
    depth: Option<u32>,
    /// Search this many nodes a position.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), group = "limit")]
    nodes: Option<u64>,
    /// Search this many seconds a position.
    #[arg(long, value_parser = crate::cli::parse_seconds, group = "limit")]
    move_time: Option<f64>,
    /// Leave out the first P plies of every game (opening theory).
    #[arg(long, default_value_t = 10)]
    skip_plies: usize,
    /// Test at most this many positions, a random sample of the eligible ones drawn
    /// with --seed (default: all of them).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_positions: Option<u64>,
    /// Seed of the sample: the same seed tests the same positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    engine: EngineArgs,
}

/// The collections of PDN files, each one's summary written to standard error.
pub(crate) fn read_collections<V: Variant>(
    paths: &[PathBuf],
) -> Result<Vec<Collection<V>>, CliError> {
    let mut collections = Vec::new();
    for path in paths {
        let collection = Collection::<V>::read(path).map_err(|e| e.to_string())?;
        collection
            .write_summary(&mut io::stderr().lock())
            .map_err(|e| e.to_string())?;
        collections.push(collection);
    }
    Ok(collections)
}

/// Runs `draughts agreement`: how often the engine plays the masters' moves.
///
/// # Errors
/// A file that cannot be read or written, or options that do not fit.
pub fn run(args: &AgreementArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

fn run_variant<V: Variant>(args: &AgreementArgs) -> Result<(), CliError> {
    let options = args.engine.options();
    let engine = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let limits = match (args.depth, args.nodes, args.move_time) {
        (_, Some(nodes), _) => Limits::nodes(nodes),
        (_, _, Some(seconds)) => Limits::move_time(Duration::from_secs_f64(seconds)),
        (depth, _, _) => Limits::depth(depth.unwrap_or(DEFAULT_DEPTH)),
    };
    let settings = Settings {
        skip_plies: args.skip_plies,
        max_positions: args
            .max_positions
            .map(|m| usize::try_from(m).unwrap_or(usize::MAX)),
        seed: args.seed,
    };
    let collections = args
        .games
        .iter()
        .map(|path| Collection::<V>::read(path))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let name = PlayerSpec::internal(options, limits.depth, limits.nodes).default_name();
    let limit = match args.move_time {
        Some(seconds) => format!(", {seconds} s a position"),
        None => String::new(),
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Agreement with the games' moves: {}, {name}{limit}",
        V::NAME
    )?;
    let (mut nodes, started) = (0, Instant::now());
    let mut choose = |game: &Game<V>| {
        // Each position on its own: what an earlier one left in the table does not
        // change this one's answer.
        engine.clear();
        let result = engine.search(game, limits, &Control::default(), &mut |_| {});
        nodes += result.nodes;
        result.best_move
    };
    let mut meter = ProgressLine::new();
    let report = measure(&collections, &settings, &mut choose, &mut |p| {
        let share = p.agreed as f64 / p.done.max(1) as f64;
        let text = format!(
            "agreement: {}/{} positions, {} agree",
            p.done,
            p.total,
            percent(share)
        );
        meter.show(p.done, p.total, &text);
    });
    meter.finish();
    write_report(&mut out, &collections, &settings, &report)?;
    let seconds = started.elapsed().as_secs_f64();
    let tested = report.total.tested.max(1) as f64;
    writeln!(
        out,
        "time: {seconds:.1} s, {:.1} ms and {:.0} nodes a position",
        1000.0 * seconds / tested,
        nodes as f64 / tested
    )?;
    if report.total.tested == 0 {
        return Err("no position to test in the games".to_string().into());
    }
    Ok(())
}
