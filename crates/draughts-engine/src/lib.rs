//! The draughts engine as a library: one module per subcommand of the `draughts` binary
//! (its options and its code), the protocol sessions (Hub, DXP), the match runner and
//! what they share.
//!
//! Subcommands: [`hub`] (the Hub protocol for GUIs), [`dxp`] (DamExchange over TCP),
//! [`analyse`], [`play`] (against a person in the terminal), [`perft`], [`bench`](mod@bench),
//! [`matches`](mod@matches) (engine against engine, and [`matches::openings`], balanced start
//! positions), [`egdb`] (endgame databases), [`tactics`] (combination templates),
//! [`tune`] (learning the weights), [`agreement`] (how often the engine plays the
//! masters' moves) and [`serve`] (a board in the browser). Each has an `...Args` type
//! for clap and a `run` function. The Hub, DXP and the web board run their searches
//! through one [`session::EngineSession`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agreement;
pub mod analyse;
pub mod bench;
pub mod cli;
pub mod dxp;
pub mod egdb;
pub mod engine;
pub mod hub;
pub mod matches;
pub mod perft;
pub mod play;
pub mod position_files;
pub mod progress;
pub mod rng;
pub mod serve;
pub mod session;
pub mod tactics;
pub mod tune;
