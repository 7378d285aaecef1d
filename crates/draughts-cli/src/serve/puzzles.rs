//! Puzzle mode: the puzzles of `--puzzles FILE`, listed and handed out one by one, and
//! a puzzle file the page reads from the user's disk, parsed and sent back (the server
//! keeps nothing of it; the request body's limit bounds it). The files are those `draughts puzzles --out` writes; each
//! puzzle's variant is the one its `GameType` tag names.

use super::error::ApiError;
use super::AppState;
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::Json;
use draughts_core::pdn::PdnReader;
use draughts_core::{with_variant, VariantKind};
use draughts_engine::puzzles::file::PuzzleError;
use draughts_engine::puzzles::Puzzle;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The most puzzles one file may hold.
pub const MAX_PUZZLES: usize = 100_000;

/// Why a puzzle file was refused.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleFileError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A game of the file is not a puzzle of its variant.
    #[error("{variant}: {source}")]
    Puzzle {
        /// The variant it was read as.
        variant: &'static str,
        /// Why.
        source: PuzzleError,
    },
    /// The file holds no puzzle.
    #[error("no puzzle in the file")]
    Empty,
    /// The file holds more puzzles than the server serves.
    #[error("more than {0} puzzles")]
    TooMany(usize),
}

/// The puzzles of a puzzle file's contents, each read as the variant its `GameType`
/// tag names (`fallback` where it names none the core plays).
///
/// # Errors
/// [`PuzzleFileError::Puzzle`] for the first game that is not a puzzle,
/// [`PuzzleFileError::Empty`] or [`PuzzleFileError::TooMany`].
pub fn read_puzzle_file(
    bytes: &[u8],
    fallback: VariantKind,
) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut puzzles = Vec::new();
    for game in PdnReader::from_bytes(bytes) {
        if puzzles.len() == MAX_PUZZLES {
            return Err(PuzzleFileError::TooMany(MAX_PUZZLES));
        }
        let kind = game
            .as_ref()
            .ok()
            .and_then(|g| g.variant())
            .unwrap_or(fallback);
        let puzzle = with_variant!(kind, V => game
            .map_err(PuzzleError::from)
            .and_then(|game| Puzzle::from_pdn::<V>(&game)))
        .map_err(|source| PuzzleFileError::Puzzle {
            variant: kind.name(),
            source,
        })?;
        puzzles.push(puzzle);
    }
    if puzzles.is_empty() {
        return Err(PuzzleFileError::Empty);
    }
    Ok(puzzles)
}

/// The puzzles of the file at `path` (International where a game names no variant).
///
/// # Errors
/// As [`read_puzzle_file`], and [`PuzzleFileError::Read`].
pub fn load_puzzle_file(path: &std::path::Path) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let bytes = std::fs::read(path).map_err(|source| PuzzleFileError::Read {
        path: path.display().to_string(),
        source,
    })?;
    read_puzzle_file(&bytes, VariantKind::International)
}

/// One puzzle in the list of `GET /api/puzzles`.
#[derive(Debug, Serialize)]
pub struct PuzzleEntry {
    /// Its number, from 1, as `GET /api/puzzles/N` takes it.
    pub number: usize,
    /// The variant's name.
    pub variant: String,
    /// The solver: `white` or `black`.
    pub turn: &'static str,
    /// The solution's length in plies.
    pub plies: usize,
    /// The solver's moves that give material.
    pub sacrifices: usize,
}

/// `GET /api/puzzles`.
#[derive(Debug, Serialize)]
pub struct PuzzleList {
    /// The puzzles of `--puzzles`, in the file's order (none without it).
    pub puzzles: Vec<PuzzleEntry>,
}

/// The side to move of a FEN: `white` or `black`.
fn turn(fen: &str) -> &'static str {
    if fen.trim_start().starts_with(['B', 'b']) {
        "black"
    } else {
        "white"
    }
}

/// `GET /api/puzzles`: the server's puzzles, in brief.
pub async fn list(State(state): State<Arc<AppState>>) -> Json<PuzzleList> {
    let puzzles = state
        .puzzles
        .iter()
        .enumerate()
        .map(|(i, puzzle)| PuzzleEntry {
            number: i + 1,
            variant: puzzle.variant.clone(),
            turn: turn(&puzzle.fen),
            plies: puzzle.difficulty.plies,
            sacrifices: puzzle.difficulty.sacrifices,
        })
        .collect();
    Json(PuzzleList { puzzles })
}

/// `GET /api/puzzles/N`: puzzle N (from 1) of the server's file, whole.
pub async fn one(
    State(state): State<Arc<AppState>>,
    number: Result<Path<usize>, PathRejection>,
) -> Result<Json<Puzzle>, ApiError> {
    let Path(number) = number.map_err(|e| ApiError::BadRequest(e.body_text()))?;
    number
        .checked_sub(1)
        .and_then(|i| state.puzzles.get(i))
        .map(|puzzle| Json(puzzle.clone()))
        .ok_or_else(|| ApiError::NotFound(format!("puzzle {number}")))
}

/// `POST /api/puzzles/load`: a puzzle file's text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoadRequest {
    /// The variant of games without a `GameType` tag the core knows.
    pub variant: String,
    /// The file's text.
    pub pdn: String,
}

/// The puzzles of a file, whole.
#[derive(Debug, Serialize)]
pub struct Puzzles {
    /// In the file's order.
    pub puzzles: Vec<Puzzle>,
}

/// `POST /api/puzzles/load`: the puzzles of the text, nothing kept.
pub async fn load(
    body: Result<Json<LoadRequest>, JsonRejection>,
) -> Result<Json<Puzzles>, ApiError> {
    let Json(request) = body?;
    let fallback = super::board::GameRequest {
        variant: request.variant,
        ..Default::default()
    }
    .kind()?;
    read_puzzle_file(request.pdn.as_bytes(), fallback)
        .map(|puzzles| Json(Puzzles { puzzles }))
        .map_err(|e| ApiError::Puzzle(e.to_string()))
}
