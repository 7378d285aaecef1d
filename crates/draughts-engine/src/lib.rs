//! The draughts engine as a library, apart from its front ends: the engine put together
//! from its options ([`engine`]: options → parts → searcher), the [`session`] every
//! front end drives (searches on a thread of their own, reporting through callbacks),
//! the [`game`] loop through which every game in the workspace is played, its
//! [`players`] (the in-process searcher, external Hub engines, a DXP Follower across
//! the network), [`openings`], the PDN [`collection`] reader, the [`matches`](mod@matches) runner
//! with its [`sprt`], the [`agreement`] with master games, game [`review`] and
//! [`puzzles`] from real games (many games at once through [`parallel`]), and the
//! protocol sessions over the engine: [`hub`] (for GUIs) and [`dxp`] (DamExchange over
//! TCP).
//!
//! It has no command line, web server or terminal drawing: the `draughts` binary
//! (crate `draughts-cli`) is one front end over it, the Python package another.
//!
//! ```
//! use draughts_core::{English, Position};
//! use draughts_engine::engine::EngineOptions;
//! use draughts_engine::game::{self, Rules, TimeControl};
//! use draughts_engine::players::Searching;
//! use draughts_search::Limits;
//!
//! let options = EngineOptions { hash_mib: 1, ..EngineOptions::default() };
//! let searcher = draughts_engine::engine::searcher::<English>(&options)?;
//! let mut player = Searching::new(&searcher, Limits::depth(3));
//! let played = game::self_play(Position::initial(), &mut player, &Rules::untimed(TimeControl::default(), 30));
//! assert!(played.game.moves().len() <= 30);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agreement;
pub mod book;
pub mod collection;
pub mod dxp;
pub mod engine;
pub mod game;
pub mod hub;
pub mod matches;
pub mod openings;
pub mod parallel;
pub mod players;
pub mod position_files;
pub mod puzzles;
pub mod review;
pub mod session;
pub mod sprt;
pub mod stats;
