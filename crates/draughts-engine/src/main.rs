//! `draughts`: a draughts engine for International (10x10) and English (8x8) draughts.
//!
//! Subcommands: `hub` (the Hub protocol for GUIs), `dxp` (DamExchange over TCP), `analyse`, `play` (against a person
//! in the terminal), `perft`, `bench`, `match` (engine against engine), `openings`
//! (balanced start positions for matches), `egdb` (endgame databases), `tactics`
//! (combination templates), `tune` (learning the weights) and `agreement` (how often
//! the engine plays the masters' moves). Run `draughts help` for the options.
#![forbid(unsafe_code)]

mod agreement;
mod analyse;
mod bench;
mod dxp;
mod egdb;
mod engine;
mod hub;
mod matches;
mod perft;
mod play;
mod position_files;
mod tactics;
mod tune;

use clap::{Args, Parser, Subcommand};
use draughts_core::{Color, VariantKind};
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "draughts",
    version,
    about = "A draughts engine: International (10x10) and English (8x8)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Speak the Hub protocol (version 2) on stdin/stdout, for GUIs and pydraughts.
    Hub,
    /// Play over DamExchange (DXP, TCP): as Follower (--listen) or Initiator (--connect).
    Dxp(dxp::DxpArgs),
    /// Analyse a position: one line per iteration, then the best move.
    #[command(alias = "analyze")]
    Analyse(AnalyseArgs),
    /// Play a game against the engine in the terminal.
    Play(PlayArgs),
    /// Count the move sequences of a given length (move generator check).
    Perft(PerftArgs),
    /// Search a fixed set of positions to a fixed depth: total nodes (the behaviour
    /// checksum) and speed.
    Bench(BenchArgs),
    /// Play two engines against each other over a set of openings: PDN of the games,
    /// wins/draws/losses and the Elo difference.
    Match(MatchArgs),
    /// Generate balanced opening positions for matches (one FEN a line).
    Openings(OpeningsArgs),
    /// Endgame databases: build, probe, stats, verify, latency, convert.
    Egdb(egdb::EgdbArgs),
    /// Tactical templates: learn them, show their figures, test them on a suite.
    Tactics(tactics::TacticsArgs),
    /// Learn evaluation weights: a genetic algorithm (`ga`), self-play games
    /// (`selfplay`) and logistic fitting (`fit`).
    Tune(tune::TuneArgs),
    /// How often the engine's search chooses the move played in master games: the
    /// agreement with a 95% interval, by game phase, and the games the PDN reader
    /// refused.
    Agreement(agreement::AgreementArgs),
}

/// Options that shape the engine.
#[derive(Args, Debug, Clone)]
struct EngineArgs {
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=16384))]
    hash: u32,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Evaluation weights file (default: the built-in weights of the variant).
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Pattern table file (`draughts tune patterns`), or `none` for no table (default:
    /// the built-in table of the variant, used with the built-in weights).
    #[arg(long, value_name = "FILE|none")]
    patterns: Option<PathBuf>,
    /// Tactical template file (`draughts tactics learn`) to recognise combinations at
    /// the leaves of the search (default: none).
    #[arg(long, value_name = "FILE")]
    tactics: Option<PathBuf>,
    /// Endgame database folder (built by `draughts egdb build`).
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
}

impl EngineArgs {
    fn options(&self) -> engine::EngineOptions {
        engine::EngineOptions {
            hash_mib: self.hash as usize,
            threads: self.threads as usize,
            weights: self.weights.clone(),
            patterns: self.patterns.clone(),
            tactics: self.tactics.clone(),
            egdb: self.egdb.clone(),
        }
    }
}

#[derive(Args, Debug)]
struct AnalyseArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool) or russian (shashki).
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
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool) or russian (shashki).
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Your colour (default: the side that moves first, White in International, Black
    /// in English).
    #[arg(long, value_parser = parse_color)]
    color: Option<Color>,
    /// The engine's time per move in seconds.
    #[arg(long, default_value_t = 2.0, value_parser = parse_seconds)]
    time: f64,
    #[command(flatten)]
    engine: EngineArgs,
}

#[derive(Args, Debug)]
struct PerftArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool) or russian (shashki).
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

#[derive(Args, Debug)]
struct BenchArgs {
    /// Search depth (the default is the one whose node count is the checksum).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: Option<u32>,
}

#[derive(Args, Debug)]
struct MatchArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool) or russian (shashki).
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
    #[arg(long, value_name = "SPEC")]
    engine2: String,
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
    /// colours (default: every opening twice; with --sprt, the most games, default
    /// 20000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// Stop early by a sequential probability ratio test on the game pairs (each
    /// opening with both colours): H0 elo0 against H1 elo1 in logistic Elo (the score
    /// s = 1/(1+10^(-elo/400))), error rates alpha and beta, the generalised
    /// pentanomial LLR. Keys left out keep their defaults:
    /// elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long, value_name = "elo0=E0,elo1=E1,alpha=A,beta=B", value_parser = parse_sprt)]
    sprt: Option<draughts_tune::sprt::Sprt>,
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
}

#[derive(Args, Debug)]
struct OpeningsArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool) or russian (shashki).
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

fn parse_variant(text: &str) -> Result<VariantKind, String> {
    text.parse::<VariantKind>().map_err(|e| e.to_string())
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Color::White),
        "black" | "b" => Ok(Color::Black),
        _ => Err(format!("{text:?} is not a colour: use white or black")),
    }
}

fn parse_sprt(text: &str) -> Result<draughts_tune::sprt::Sprt, String> {
    text.parse()
        .map_err(|e: draughts_tune::sprt::SprtError| e.to_string())
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e6 => Ok(x),
        _ => Err(format!(
            "{text:?} is not a positive number of seconds (at most 1000000)"
        )),
    }
}

fn parse_nonnegative_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=1e6).contains(&x) => Ok(x),
        _ => Err(format!(
            "{text:?} is not a number of seconds from 0 to 1000000"
        )),
    }
}

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Something the user can fix, said plainly.
    #[error("{0}")]
    Message(String),
    /// Reading or writing the terminal failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// An endgame database could not be built, opened or read.
    #[error("{0}")]
    Egdb(#[from] draughts_egdb::Error),
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Message(message)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Hub => hub::run(io::stdin(), Box::new(io::stdout())).map_err(CliError::from),
        Command::Dxp(args) => dxp::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Openings(args) => matches::openings::run(&args),
        Command::Egdb(args) => egdb::run(&args),
        Command::Tactics(args) => tactics::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Agreement(args) => agreement::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader of our output has gone (`draughts perft ... | head`): nothing left
        // to say to anyone.
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("draughts: error: {e}");
            ExitCode::FAILURE
        }
    }
}
