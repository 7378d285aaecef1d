//! Rules, positions and move generation for draughts: International (10x10, FMJD),
//! Killer, Antidraughts, Breakthrough, Frisian and Frysk! (10x10, the last two capturing
//! along rows and columns too), English (8x8 checkers), Brazilian, American pool
//! checkers, Russian, Italian, Spanish, Czech and Thai (8x8), and Turkish (all 64 squares
//! of the 8x8 board, moving along rows and columns), on one generic, monomorphised core.
//!
//! ```
//! use draughts_core::{Color, International, Position};
//!
//! let start = Position::<International>::initial();
//! assert_eq!(start.legal_moves().len(), 9);
//! let after = start.play_text("32-28")?;
//! assert_eq!(after.turn(), Color::Black);
//! assert_eq!(after.to_fen().parse::<Position<International>>()?, after);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Variants are zero-sized types ([`International`], [`English`], [`Brazilian`],
//! [`Pool`], [`Russian`], [`Italian`], [`Spanish`], [`Czech`], [`Thai`], [`Turkish`], [`Killer`],
//! [`Antidraughts`], [`Breakthrough`], [`Frisian`], [`Frysk`]) implementing [`Variant`];
//! positions, moves and bitboards are generic over them. Code that learns the variant at
//! run time goes through [`AnyPosition`],
//! [`AnyGame`] (moves as [`AnyMove`] values) or [`with_variant!`], all generated from
//! one list of variants.
//!
//! A [`Bitboard`] is a set of squares: the set operators and [`Bitboard::shift`] (every
//! square one step in a [`Direction`]) work on it without reading the bit layout.
//!
//! ```
//! use draughts_core::{Color, Direction, English, Position};
//!
//! let start = Position::<English>::initial();
//! let steps = start.men(Color::White).shift(Direction::UpLeft)
//!     | start.men(Color::White).shift(Direction::UpRight);
//! assert_eq!((steps & start.empty()).len(), 4);
//! ```
//!
//! FEN, move text and PDN write squares as each variant's players do
//! ([`Variant::NOTATION`]): numbers, or algebraic names in Russian, Brazilian and
//! Turkish (`a1` White's bottom-left); every reader takes both.
//!
//! ```
//! use draughts_core::{Position, Russian};
//!
//! let start = Position::<Russian>::initial();
//! let after = start.play_text("c3-d4")?;
//! assert_eq!(after, start.play_text("22-18")?);
//! assert!(after.to_fen().starts_with("B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4:"));
//! # Ok::<(), draughts_core::MoveTextError>(())
//! ```
//!
//! [`Wld`] is a position's game-theoretic value (win, loss or draw for the side to
//! move), and [`EndgameOracle`] the probe interface of whatever knows such values
//! exactly: an endgame database implements it, and a search asks it.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod any;
pub mod bitboard;
mod draw;
mod fen;
mod frisian;
mod game;
#[allow(unsafe_code)]
mod gather;
mod geometry;
mod hub;
mod movegen;
mod moves;
mod notation;
pub mod pdn;
mod perft;
mod piece;
mod position;
mod precedence;
#[allow(unsafe_code)]
mod quad;
mod reach;
mod square;
mod variant;
mod wld;
mod zobrist;

pub use any::{AnyGame, AnyMove, AnyPosition, KnownVariant, PlayError, VariantError, VariantKind};
pub use bitboard::{Bitboard, Squares};
pub use draw::{DrawClock, DrawReason};
pub use fen::FenError;
pub use game::{Game, GameResult, GameStatus, ResultTokenError, REPETITIONS_TO_DRAW};
pub use geometry::{
    Board10, Board8, Board8Full, Board8Mirrored, Board8MirroredFromWhite, Direction, Geometry,
};
pub use hub::HubPositionError;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::{IllegalMove, MoveTextError};
pub use pdn::{PdnError, PdnGame};
pub use perft::{divide, perft};
pub use piece::{Color, Kind, Piece};
pub use position::{Position, PositionError};
pub use precedence::Precedence;
pub use square::{Notation, Square, SquareError};
pub use variant::{
    Antidraughts, Brazilian, Breakthrough, Czech, English, Goal, International, Italian, Killer,
    KingLanding, Pool, Russian, Spanish, Thai, Turkish, Variant,
};
pub use variant::{Frisian, Frysk};
pub use wld::{EndgameOracle, Wld};

// The README, the crate's front page, with its example run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
