//! Alpha-beta search for draughts, generic over the variant and the evaluator.
//!
//! Principal variation search with iterative deepening and aspiration windows, a shared
//! lock-free transposition table, quiescence that resolves the side to move's captures
//! and crowning moves, history ordering (how often each move was best), late-move
//! reductions from a table, a static cut-off of quiet nodes far above beta near the
//! horizon, repetition detection, game-clock budgeting, and Lazy SMP over several
//! threads. The numbers that shape the tree are gathered in [`SearchParams`].
//!
//! ```
//! use draughts_core::{Game, International, Position};
//! use draughts_search::{Control, Limits, Searcher};
//! # use draughts_eval::{Evaluator, Score};
//! # struct Material;
//! # impl Evaluator<International> for Material {
//! #     fn evaluate(&self, pos: &Position<International>) -> Score {
//! #         let us = pos.turn();
//! #         (pos.pieces(us).len() as Score - pos.pieces(!us).len() as Score) * 100
//! #     }
//! # }
//!
//! let searcher = Searcher::new(Material);
//! let game = Game::<International>::new();
//! let result = searcher.search(&game, Limits::depth(4), &Control::default(), &mut |_| {});
//! assert!(result.best_move.is_some());
//! assert_eq!(result.depth, 4);
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod limits;
mod oracle;
mod params;
mod score;
mod search;
mod time;
#[allow(unsafe_code)] // one madvise call and one prefetch, measured in BENCHMARKS.md
mod tt;

pub use limits::{Clock, Limits};
pub use oracle::{Combination, TacticalOracle, Threat};
pub use params::{ParamsError, SearchParams};
pub use score::{
    database_result, is_decisive, parent_score, plies_to_end, DRAW, INFINITY, MAX_PLY, WIN,
};
pub use search::{Control, SearchInfo, SearchResult, Searcher, Source, DATABASE_WIN};
pub use time::{moves_left, Budget, HARD_RATIO, INCREMENT_SHARE, LATENCY_RESERVE, MOVE_OVERHEAD};
pub use tt::{Bound, Entry, Table};

// The README, the crate's front page, with its example run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
