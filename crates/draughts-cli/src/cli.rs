//! What the subcommands share: the error a command ends with, the readers of common
//! option values and the options that shape the engine.

use clap::Args;
use draughts_core::VariantKind;
use draughts_engine::engine::{BookChoice, EngineOptions};
use std::io;
use std::path::PathBuf;

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

/// Reads `--variant`.
pub fn parse_variant(text: &str) -> Result<VariantKind, String> {
    text.parse::<VariantKind>().map_err(|e| e.to_string())
}

/// Reads a positive number of seconds, at most 1,000,000.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x <= 1e6 => Ok(x),
        _ => Err(format!(
            "{text:?} is not a positive number of seconds (at most 1000000)"
        )),
    }
}

/// Options that shape the engine.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
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
    /// the variant's default evaluation; a table alone goes with the built-in weights).
    #[arg(long, value_name = "FILE|none")]
    patterns: Option<PathBuf>,
    /// Network file (`draughts tune network`) whose correction the evaluation adds, or
    /// `none` (default: the built-in network of the variant, with its default
    /// evaluation only).
    #[arg(long, value_name = "FILE|none")]
    network: Option<PathBuf>,
    /// Tactical template file (`draughts tactics learn`) to recognise combinations at
    /// the leaves of the search (default: none).
    #[arg(long, value_name = "FILE")]
    tactics: Option<PathBuf>,
    /// Threat template file (`draughts tactics learn --threats`), asked where the
    /// search's `threat-depth` and `threat-leaves` say (default: none).
    #[arg(long, value_name = "FILE")]
    threats: Option<PathBuf>,
    /// Endgame database folder (built by `draughts egdb build`).
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
    /// Changes to the search's numbers, `name=value` items separated by `;` (the fields
    /// of `SearchParams`: `razor-margin=120;reduce-base=0.5`); for tuning.
    #[arg(long, value_name = "CHANGES", default_value = "")]
    search: String,
}

impl EngineArgs {
    /// The engine options these arguments give.
    pub fn options(&self) -> EngineOptions {
        EngineOptions {
            hash_mib: self.hash as usize,
            threads: self.threads as usize,
            weights: self.weights.clone(),
            patterns: self.patterns.clone(),
            network: self.network.clone(),
            tactics: self.tactics.clone(),
            threats: self.threats.clone(),
            egdb: self.egdb.clone(),
            search: self.search.clone(),
            ..EngineOptions::default()
        }
    }
}

/// Reads `--book`: `builtin`, `none` or a file.
pub fn parse_book(text: &str) -> Result<BookChoice, String> {
    match BookChoice::from(text) {
        BookChoice::Default => Err("give builtin, none or a book file".into()),
        choice => Ok(choice),
    }
}

/// The opening book of the commands that play or analyse through an engine session.
#[derive(Args, Debug, Clone)]
pub struct OpeningBookArgs {
    /// Opening book: a file (`draughts book build`), `builtin`, or `none` (default: the
    /// variant's built-in book where one ships). In a book position the engine plays
    /// the book's move without searching.
    #[arg(long, value_name = "FILE|builtin|none", value_parser = parse_book)]
    book: Option<BookChoice>,
    /// Play any book move scored within this much of the best (hundredths of a man),
    /// drawn at random; 0 plays the best.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=1000))]
    book_margin: i32,
    /// The seed of that draw (the same seed, the same choices).
    #[arg(long, default_value_t = 0)]
    book_seed: u64,
}

impl OpeningBookArgs {
    /// `options` with the book these arguments ask for.
    pub fn apply(&self, options: EngineOptions) -> EngineOptions {
        EngineOptions {
            book: self.book.clone().unwrap_or_default(),
            book_margin: self.book_margin,
            book_seed: self.book_seed,
            ..options
        }
    }
}
