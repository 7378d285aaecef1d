//! `draughts match`: the options of the engine library's match runner
//! ([`draughts_engine::matches`]), and its output on the terminal.

use crate::cli::{parse_seconds, parse_variant, CliError};
use clap::Args;
use draughts_core::VariantKind;
use draughts_engine::matches::{self, shard, MatchConfig, MatchError};
use draughts_engine::players::spec::PlayerSpec;
use draughts_engine::sprt::{Sprt, SprtError};
use std::io;
use std::path::PathBuf;

/// The options of `draughts match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The first engine:
    /// internal[:weights=FILE,patterns=FILE|none,tactics=FILE,egdb=DIR,hash=MIB,threads=N,depth=D,nodes=N],
    /// hub[,depth=D,nodes=N,cwd=DIR,PARAM=VALUE...]:COMMAND ARGS for an external Hub
    /// engine, or hub1[,depth=D,cwd=DIR,NAME=VALUE...]:COMMAND ARGS for one of the first
    /// Hub dialect (Scan 2.0; its book is off unless book= says otherwise), or
    /// dxp[,minutes=M]:HOST:PORT for a DXP Follower (International; one game at a time).
    #[arg(long, default_value = "internal", value_name = "SPEC")]
    engine1: String,
    /// The second engine, as --engine1.
    #[arg(long, value_name = "SPEC", required_unless_present = "tally")]
    engine2: Option<String>,
    /// Engine 1's name in the PDN and the summary (default: from its id or options).
    #[arg(long)]
    name1: Option<String>,
    /// Engine 2's name.
    #[arg(long)]
    name2: Option<String>,
    /// Opening positions, one FEN a line, # comments (default: the built-in set).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games to play, rounded up to even; openings are taken in turn, each with both
    /// colours, and replayed from the first once all have been played (default: every
    /// opening twice; with --sprt, the most games, default 20000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// Stop early by a sequential probability ratio test on the game pairs (each
    /// opening with both colours): H0 elo0 against H1 elo1 in logistic Elo (the score
    /// s = 1/(1+10^(-elo/400))), error rates alpha and beta, the generalised
    /// pentanomial LLR. Keys left out keep their defaults:
    /// elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long, value_name = "elo0=E0,elo1=E1,alpha=A,beta=B", value_parser = parse_sprt)]
    sprt: Option<Sprt>,
    /// Games played at once (default: the number of cores over the engines' threads).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    concurrency: Option<u32>,
    /// Seconds per move [default: 0.1].
    #[arg(long, value_parser = parse_seconds, conflicts_with = "time")]
    move_time: Option<f64>,
    /// A game clock instead: seconds per side for the game.
    #[arg(long, value_parser = parse_seconds)]
    time: Option<f64>,
    /// The clock's increment in seconds, added before each move.
    #[arg(long, value_parser = parse_nonnegative_seconds, requires = "time")]
    inc: Option<f64>,
    /// Seconds a move may take before it loses on time, with a time per move or a fixed
    /// depth (default: 3 × the time per move + 1, or 60 with depth= or nodes=).
    #[arg(long, value_parser = parse_seconds)]
    timeout: Option<f64>,
    /// Games longer than this many plies are adjudicated drawn.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Write the games to this PDN file.
    #[arg(long, alias = "pgn", value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// The PDN Event tag (default: "ENGINE1 vs ENGINE2").
    #[arg(long)]
    event: Option<String>,
    /// Play only the games from this index on (even), a shard of a bigger match:
    /// openings, colours and PDN rounds as in the whole match; --games counts the
    /// shard's games.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    first_game: u32,
    /// Write engine 1's outcome of each game to this file, a line `GAME win|draw|loss`.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Play nothing: add up these results files (the shards of a match) and print the
    /// totals, and with --sprt the test's LLR and its decision pair by pair in game
    /// order, as one JSON line.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    tally: Vec<PathBuf>,
}

fn parse_sprt(text: &str) -> Result<Sprt, String> {
    text.parse().map_err(|e: SprtError| e.to_string())
}

fn parse_nonnegative_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=1e6).contains(&x) => Ok(x),
        _ => Err(format!(
            "{text:?} is not a number of seconds from 0 to 1000000"
        )),
    }
}

/// Runs `draughts match`: plays the engines against each other and prints the
/// result (and the SPRT's verdict when one is asked for).
///
/// # Errors
/// An engine that cannot be started, or a file that cannot be read or written.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    if !args.tally.is_empty() {
        return Ok(shard::tally(
            &args.tally,
            args.sprt.as_ref(),
            &mut io::stdout().lock(),
        )?);
    }
    let engine2 = args.engine2.as_deref().unwrap_or_default();
    let config = MatchConfig {
        variant: args.variant,
        engines: [parse_spec(&args.engine1, 1)?, parse_spec(engine2, 2)?],
        names: [
            args.name1.clone().unwrap_or_default(),
            args.name2.clone().unwrap_or_default(),
        ],
        openings: args.openings.clone(),
        games: args.games.map(|n| n as usize),
        sprt: args.sprt,
        concurrency: args.concurrency.map(|n| n as usize),
        move_time: args.move_time,
        clock: args.time.map(|time| (time, args.inc.unwrap_or(0.0))),
        timeout: args.timeout,
        max_plies: args.max_plies as usize,
        pdn: args.pdn.clone(),
        event: args.event.clone(),
        first_game: args.first_game as usize,
        results: args.results.clone(),
    };
    let mut warn = |warning: &str| eprintln!("draughts: warning: {warning}");
    Ok(matches::run(&config, &mut io::stdout().lock(), &mut warn)?)
}

fn parse_spec(text: &str, number: usize) -> Result<PlayerSpec, String> {
    text.parse()
        .map_err(|e| format!("--engine{number} {text:?}: {e}"))
}

impl From<MatchError> for CliError {
    fn from(error: MatchError) -> CliError {
        match error {
            MatchError::Message(message) => CliError::Message(message),
            MatchError::Io(e) => CliError::Io(e),
        }
    }
}
