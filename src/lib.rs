//! Draughts (checkers): one crate that re-exports the workspace's libraries.
//!
//! `core` (rules, notation, games) is always there; `eval` (features, weights, the
//! linear evaluator) and `search` (alpha-beta search) are features of the same names,
//! both on by default; `tune` (tournaments, the genetic algorithm, logistic fitting) is
//! off by default. The engine binary is the `draughts-engine` package.
//!
//! ```
//! use draughts::core::{International, Position};
//!
//! assert_eq!(Position::<International>::initial().legal_moves().len(), 9);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub use draughts_core as core;
#[cfg(feature = "eval")]
pub use draughts_eval as eval;
#[cfg(feature = "search")]
pub use draughts_search as search;
#[cfg(feature = "tune")]
pub use draughts_tune as tune;
