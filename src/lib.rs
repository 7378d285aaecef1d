//! Draughts (checkers): one crate that re-exports the workspace's libraries.
//!
//! Each library is behind a feature of the same name; `core` (the rules) is on by
//! default.
//!
//! ```
//! use draughts::core::{International, Position};
//!
//! assert_eq!(Position::<International>::initial().legal_moves().len(), 9);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "core")]
pub use draughts_core as core;
