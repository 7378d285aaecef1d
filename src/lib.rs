//! Draughts (checkers): one crate that re-exports the workspace's libraries.
//!
//! `core` (rules, notation, games) is always there; `eval` (features, weights, the
//! linear evaluator) and `search` (alpha-beta search) are features of the same names,
//! both on by default; `egdb` (endgame databases: generation, files, probe),
//! `tactics` (combination finder, templates, their index) and `tune` (tournaments, the
//! genetic algorithm, logistic fitting) are features too, off by default. The engine
//! library is the `draughts-engine` package, its `draughts` binary the `draughts-cli` one.
//!
//! ```
//! use draughts::core::{International, Position};
//!
//! assert_eq!(Position::<International>::initial().legal_moves().len(), 9);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use draughts_core as core;
#[cfg(feature = "egdb")]
pub use draughts_egdb as egdb;
#[cfg(feature = "eval")]
pub use draughts_eval as eval;
#[cfg(feature = "search")]
pub use draughts_search as search;
#[cfg(feature = "tactics")]
pub use draughts_tactics as tactics;
#[cfg(feature = "tune")]
pub use draughts_tune as tune;
