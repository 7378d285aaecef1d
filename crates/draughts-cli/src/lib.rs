//! The `draughts` command line over the engine library (`draughts_engine`): one module
//! per subcommand (its clap options and its `run`), what they share ([`cli`]), the
//! terminal's progress lines ([`progress`]) and [`serve`], a board in the browser.
//! Only this crate draws; the libraries report through callbacks.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agreement;
pub mod analyse;
pub mod bench;
pub mod book;
pub mod cli;
pub mod dxp;
pub mod egdb;
pub mod matches;
pub mod openings;
pub mod perft;
pub mod play;
pub mod progress;
pub mod puzzles;
pub mod review;
pub mod serve;
pub mod tactics;
pub mod tune;
