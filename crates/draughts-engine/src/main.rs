//! `draughts`: a draughts engine for International (10x10) and English (8x8) draughts.
//!
//! Subcommands: `hub` (the Hub protocol for GUIs), `analyse`, `play` (against a person
//! in the terminal), `perft` and `bench`. Run `draughts help` for the options.
#![forbid(unsafe_code)]

mod analyse;
mod bench;
mod engine;
mod hub;
mod perft;
mod play;

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
}

impl EngineArgs {
    fn options(&self) -> engine::EngineOptions {
        engine::EngineOptions {
            hash_mib: self.hash as usize,
            threads: self.threads as usize,
            weights: self.weights.clone(),
        }
    }
}

#[derive(Args, Debug)]
struct AnalyseArgs {
    /// international (also normal, standard, 10x10) or english (checkers, american, 8x8).
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
    #[command(flatten)]
    engine: EngineArgs,
}

#[derive(Args, Debug)]
struct PlayArgs {
    /// international (also normal, standard, 10x10) or english (checkers, american, 8x8).
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
    /// international (also normal, standard, 10x10) or english (checkers, american, 8x8).
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

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e6 => Ok(x),
        _ => Err(format!(
            "{text:?} is not a positive number of seconds (at most 1000000)"
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
        Command::Analyse(args) => analyse::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Bench(args) => bench::run(&args),
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
