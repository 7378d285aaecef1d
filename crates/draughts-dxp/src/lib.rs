//! The DamExchange protocol (DXP) that draughts engines play matches over (FORMATS §5):
//! the seven messages, read and written; a [`Framer`] that cuts a TCP byte stream into
//! messages; and the conversion of DXP positions and moves to the core's.
//!
//! ```
//! use draughts_core::{International, Position};
//! use draughts_dxp::{Framer, Message, MoveMessage};
//!
//! let mut framer = Framer::default();
//! framer.push(b"R01Referee                         Z010000A\0M00033228");
//! let Some(Ok(Message::GameRequest(request))) = framer.next_message() else { panic!() };
//! assert_eq!((request.initiator.as_str(), request.minutes), ("Referee", 10));
//! assert!(framer.next_message().is_none());
//! framer.push(b"00\0");
//! let Some(Ok(Message::Move(m))) = framer.next_message() else { panic!() };
//! let start = Position::<International>::initial();
//! assert_eq!(m.to_move(&start)?, start.parse_move("32-28")?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod convert;
mod framer;
mod message;

pub use convert::{color, side};
pub use framer::{FrameError, Framer, MAX_FRAME};
pub use message::{
    AcceptCode, BackCode, Board, Cell, EndReason, GameRequest, Message, MessageError, MoveMessage,
    Side, MAX_CAPTURED, MAX_LENGTH, NAME_WIDTH, SQUARES, VERSION,
};

// The README, the crate's front page, with its example run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
