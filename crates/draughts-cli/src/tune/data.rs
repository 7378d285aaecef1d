//! `draughts tune data`: labelled positions for fitting an evaluation, from self-play at
//! a fixed node count (see [`draughts_tune::generate_data_from`]) or from the recorded
//! games of PDN files (see [`draughts_tune::label_games`]), or a data file's positions
//! searched again (see [`draughts_tune::rescore_data`]); the searches may consult an
//! endgame database.

use super::{endgame_database, PlayArgs, BUILTIN_PATTERNS};
use crate::agreement::read_collections;
use crate::cli::CliError;
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{Game, GameResult, Variant};
use draughts_engine::openings;
use draughts_eval::{LinearEval, Patterns, Weights};
use draughts_tune::{
    database_fingerprint, generate_data_from, label_games, read_data, records_config,
    rescore_config, rescore_data, DataConfig, DataProgress,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

#[derive(Args, Debug)]
pub(super) struct DataArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// Games the file holds when the run is done (a file already there is resumed);
    /// with `--pdn` or `--rescore`, at most the files' games (default: all of them).
    #[arg(long = "games", value_name = "N", required_unless_present_any = ["pdn", "rescore"], value_parser = clap::value_parser!(u32).range(1..=100_000_000))]
    count: Option<u32>,
    /// Label the quiet positions of these games instead of playing: each scored by a
    /// search of `--nodes` nodes and labelled with the game's recorded result (games
    /// without one are skipped).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["openings", "max_plies", "seed", "random_plies"])]
    pdn: Vec<PathBuf>,
    /// Search the positions of this data file again instead of playing: each scored by
    /// a search of `--nodes` nodes from the position alone, its result kept.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["pdn", "openings", "max_plies", "seed", "random_plies", "threatened"])]
    rescore: Option<PathBuf>,
    /// Play (or label) games from this index on only: the file is a shard holding
    /// games FIRST..N; the shards of one run, each after its header (the same in all),
    /// concatenated in order are the file one run writes.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100_000_000))]
    first: u32,
    /// Nodes searched for every move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Random moves after the opening, for variety.
    #[arg(long, default_value_t = 6)]
    random_plies: u32,
    /// Keep the positions where only the opponent can capture too, beside the quiet
    /// ones: quiescence evaluates such leaves, so networks fitted for the search learn
    /// from them (pattern tables skip them).
    #[arg(long, conflicts_with = "pdn")]
    threatened: bool,
    /// Weights of the player (default: the built-in weights; with no `--weights` and
    /// `--patterns builtin`, the engine's default evaluation).
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// The player's pattern table: a file, `builtin` (the default) or `none`.
    #[arg(long, value_name = "FILE|builtin|none", default_value = BUILTIN_PATTERNS)]
    patterns: PathBuf,
    /// The player's network: a file, or `none`; without the option, the built-in
    /// network with the default evaluation (as in the engine).
    #[arg(long, value_name = "FILE|none")]
    network: Option<PathBuf>,
    /// Endgame database folder (built by `draughts egdb build`): every search consults
    /// it, and a self-play game ends at the first position it knows, by its value.
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
    /// No progress line.
    #[arg(long)]
    quiet: bool,
    /// The data file to write or extend.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub(super) fn run(args: &DataArgs) -> Result<(), CliError> {
    with_variant!(args.play.variant, V => run_for::<V>(args))
}

/// An evaluation without a network from `--weights` (default: the built-in weights)
/// and `--patterns` (a file, [`BUILTIN_PATTERNS`] or `none`); with neither given, the
/// variant's default evaluation without its network ([`draughts_eval::default_eval`]:
/// International's material, English's weights and table).
pub(super) fn evaluation<V: Variant>(
    weights: Option<&Path>,
    patterns: &Path,
) -> Result<LinearEval<V>, CliError> {
    let default = weights.is_none() && patterns.as_os_str() == BUILTIN_PATTERNS;
    if let Some(eval) = default.then(draughts_eval::default_eval::<V>).flatten() {
        return Ok(eval.with_network(None));
    }
    let builtin = draughts_eval::learned::<V>();
    let weights = match (weights, &builtin) {
        (Some(path), _) => Weights::load::<V>(path).map_err(|e| e.to_string())?,
        (None, Some((weights, _))) => *weights,
        (None, None) => Weights::default_for::<V>(),
    };
    let table = match patterns.to_str() {
        Some("none") => None,
        Some(BUILTIN_PATTERNS) => Some(
            builtin
                .map(|(_, table)| table)
                .ok_or_else(|| format!("no built-in pattern table for {}", V::NAME))?,
        ),
        _ => Some(Arc::new(
            Patterns::<V>::load(patterns).map_err(|e| e.to_string())?,
        )),
    };
    Ok(match table {
        Some(table) => LinearEval::with_patterns(weights, table),
        None => LinearEval::new(weights),
    })
}

/// The games of PDN files that replay and have a result (a win or a draw), with it;
/// each file's summary, and the games left out for want of a result, on stderr.
fn recorded_games<V: Variant>(paths: &[PathBuf]) -> Result<Vec<(Game<V>, GameResult)>, CliError> {
    let mut games = Vec::new();
    let mut unfinished = 0;
    for collection in read_collections::<V>(paths)? {
        for (line, result) in collection.lines.iter().zip(&collection.results) {
            if !result.is_known() {
                unfinished += 1;
                continue;
            }
            games.push((line.to_game().map_err(|e| e.to_string())?, *result));
        }
    }
    eprintln!(
        "{} games to label, {unfinished} without a result left out",
        games.len()
    );
    Ok(games)
}

fn run_for<V: Variant>(args: &DataArgs) -> Result<(), CliError> {
    let builtin_model = args.weights.is_none() && args.patterns.as_os_str() == BUILTIN_PATTERNS;
    let network = draughts_engine::engine::network::<V>(args.network.as_deref(), builtin_model)
        .map_err(|e| e.to_string())?;
    let eval = evaluation::<V>(args.weights.as_deref(), &args.patterns)?.with_network(network);
    let database = endgame_database::<V>(args.egdb.as_deref())?;
    let database = database.as_ref();
    let began = Instant::now();
    let quiet = args.quiet;
    let show = move |p: DataProgress| {
        if !quiet {
            let seconds = began.elapsed().as_secs_f64();
            eprint!(
                "\rdata: {}/{} games, {} positions this run, {:.0} positions/s",
                p.games,
                p.total,
                p.positions,
                p.positions as f64 / seconds.max(1e-3)
            );
        }
    };
    let config = if let Some(source) = &args.rescore {
        let source = read_data::<V>(source).map_err(|e| e.to_string())?;
        let whole = rescore_config(&source, args.nodes, database);
        let config = DataConfig {
            games: args.count.map_or(whole.games, |n| n as usize),
            ..whole
        };
        rescore_data(
            &config,
            args.first as usize,
            &source,
            &eval,
            database,
            &args.out,
            &show,
        )
        .map_err(|e| e.to_string())?;
        config
    } else if args.pdn.is_empty() {
        let config = DataConfig {
            games: args.count.map_or(0, |n| n as usize),
            nodes: args.nodes,
            random_plies: args.random_plies as usize,
            max_plies: args.play.max_plies.map_or(300, |n| n as usize),
            seed: args.play.seed,
            threatened: args.threatened,
            rescored: false,
            database: database.map(|db| database_fingerprint(db)),
        };
        let openings = openings::load::<V>(args.play.openings.as_deref(), args.play.variant)?;
        generate_data_from(
            &config,
            args.first as usize,
            &openings,
            &eval,
            database,
            &args.out,
            &show,
        )
        .map_err(|e| e.to_string())?;
        config
    } else {
        let games = recorded_games::<V>(&args.pdn)?;
        let whole = records_config(&games, args.nodes, database);
        let wanted = args.count.map_or(games.len(), |n| n as usize);
        if wanted > games.len() {
            return Err(format!(
                "--games {wanted}, but the files hold {} games with a result",
                games.len()
            )
            .into());
        }
        let config = DataConfig {
            games: wanted,
            ..whole
        };
        label_games(
            &config,
            args.first as usize,
            &games,
            &eval,
            database,
            &args.out,
            &show,
        )
        .map_err(|e| e.to_string())?;
        config
    };
    if !quiet {
        eprintln!();
    }
    println!(
        "{} now holds {} games at {} nodes a move ({:.0} s)",
        args.out.display(),
        config.games.saturating_sub(args.first as usize),
        config.nodes,
        began.elapsed().as_secs_f64()
    );
    Ok(())
}
