//! Win/loss/draw endgame databases for draughts: generation by retrograde analysis,
//! compressed memory-mapped slice files, and a probe that resolves captures.
//!
//! ```
//! use draughts_core::{English, Position, Wld};
//! use draughts_egdb::{build, BuildOptions, Database};
//!
//! let dir = std::env::temp_dir().join(format!("egdb-doc-{}", std::process::id()));
//! build::<English>(&dir, 3, &BuildOptions::default())?;
//! let db = Database::<English>::open(&dir)?;
//! // Two white kings against a black king: White to move wins.
//! let pos: Position<English> = "W:WK1,K2:BK32".parse()?;
//! assert_eq!(db.probe(&pos)?, Some(Wld::Win));
//! // Four pieces are not in a three-piece database.
//! let pos: Position<English> = "W:WK1,K2:BK32,K31".parse()?;
//! assert_eq!(db.probe(&pos)?, None);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Values
//!
//! Values are game-theoretic, for the side to move: [`Wld::Win`], [`Wld::Loss`] or
//! [`Wld::Draw`] when neither side can force a win (a game that goes on forever is a
//! draw). The move-count draw rules of the variants are not part of the database.
//!
//! A win is a win under the variant's own [`draughts_core::Goal`]: in Antidraughts the
//! side to move without pieces or without a move has won; in Breakthrough the first
//! king wins, so a side facing a king has lost, and only materials without kings are
//! stored (the probe decides the others at once; [`Material::is_covered`]).
//!
//! ```
//! use draughts_core::{Antidraughts, Breakthrough, Position, Wld};
//! use draughts_egdb::{build, BuildOptions, Database};
//!
//! let dir = std::env::temp_dir().join(format!("egdb-doc-goals-{}", std::process::id()));
//! build::<Antidraughts>(&dir, 2, &BuildOptions::default())?;
//! let db = Database::<Antidraughts>::open(&dir)?;
//! // The cornered king can only offer itself; the capture is compulsory and wins for it.
//! let pos: Position<Antidraughts> = "W:WK46:BK5".parse()?;
//! assert_eq!(db.probe(&pos)?, Some(Wld::Win));
//! build::<Breakthrough>(&dir, 2, &BuildOptions::default())?;
//! let db = Database::<Breakthrough>::open(&dir)?;
//! // Black crowns first.
//! let pos: Position<Breakthrough> = "W:W28:B45".parse()?;
//! assert_eq!(db.probe(&pos)?, Some(Wld::Loss));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Frisian's king runs
//!
//! Frisian and Frysk! forbid a side with men to move one king more than three times in a
//! row without capturing ([`draughts_core::Variant::KING_MOVE_LIMIT`]), so their legal
//! moves depend on the run of king moves in the position
//! ([`draughts_core::Position::king_run`]). Their slices hold the runs: in a material
//! where a side has men and kings, the index has a digit for each such side's run
//! (none, or one to three moves of one of its kings), and the probe looks the position
//! up with its runs. Other materials, and the other variants, index as before.
//!
//! # Slices
//!
//! A slice is a material signature ([`Material`]) with White to move; a position with
//! Black to move is looked up flipped (colours exchanged, board turned). A slice file
//! stores only *quiet* positions, where neither side can capture; the probe resolves the
//! others by a small minimax (see [`Database::probe`]). Each file holds an exception
//! list of the few positions where the side not to move threatens a capture and that
//! minimax, bounded to [`THREAT_PLIES`] plies of threat-parrying moves, cannot decide; so
//! the probe of every position in a complete set of slices is exact.
//!
//! [`build`] makes every slice up to a number of pieces, smallest first (captures lead to
//! fewer pieces, promotions to fewer men), one file per slice named by [`file_name`];
//! a finished file is never rebuilt, so an interrupted build resumes where it stopped.
//! [`Database::open`] maps the files (`unsafe`, in one module).
//!
//! # File format
//!
//! All integers are little-endian. A file is:
//!
//! | offset | size | contents |
//! |---|---|---|
//! | 0 | 8 | magic `DRTSEGDB` |
//! | 8 | 4 | format version (2; version 1 files are still read) |
//! | 12 | 4 | header length (128) |
//! | 16 | 16 | variant name ([`draughts_core::Variant::NAME`]), zero-padded |
//! | 32 | 4 | material: white men, white kings, black men, black kings (White to move) |
//! | 36 | 4 | positions per block |
//! | 40 | 1 | threat plies of the probe the exceptions were computed for |
//! | 41 | 7 | reserved (0) |
//! | 48 | 8 | index size (slots, holes included) |
//! | 56 | 8 | block count `B` |
//! | 64 | 8 | exception count `E` |
//! | 72 | 8 | stored positions (quiet ones) |
//! | 80 | 24 | stored wins, losses, draws |
//! | 104 | 8 | block data length `D` |
//! | 112 | 8 | exception section length `X` in bytes (version 1: reserved, 0, and `X` = 8E) |
//! | 120 | 4 | CRC-32 of bytes 0..120 |
//! | 124 | 4 | CRC-32 of the three tables below |
//! | 128 | 8(B+1) | block offsets into the data, the last one `D` |
//! | | 4B | CRC-32 of each block |
//! | | X | exceptions, ascending (below) |
//! | | D | block data |
//!
//! The exceptions are `(index, value)` pairs in ascending index order, in groups of 64.
//! First a head per group (16 bytes: its first entry `index << 2 | value`, then where
//! its other entries start, counted from the end of the heads), then the other entries
//! of every group in turn, each a LEB128 varint of `gap << 2 | value`, where `gap` (at
//! least 1) is the distance to the index before it. Version 1 stored each entry as
//! `index << 2 | value` in 8 bytes; `draughts egdb repack` rewrites such files.
//!
//! A value (symbol) is 0 draw, 1 win, 2 loss for the side to move. A block starts with
//! its encoding byte: 0 constant (one symbol byte follows), 1 run-length (runs of one
//! byte `symbol << 6 | length - 1` for lengths up to 63, or `symbol << 6 | 63` and a
//! LEB128 varint of `length - 64`), 2 base-3 packed (five symbols a byte, the first in
//! the least significant digit). The writer picks the shortest per block.
//!
//! The header and tables are checked when a file is opened; a block's checksum is
//! checked the first time the block is read, so opening costs no decompression.
//!
//! # Index
//!
//! The index of a slice is a mixed-radix number of four colex ranks, most significant
//! first: White's men among the squares a white man may stand on (all but White's
//! crowning row), Black's men likewise, White's kings among the squares the men leave
//! free, Black's kings among the squares left after that. Holes (indices whose white and
//! black men overlap) are few and hold whatever compresses best.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod board;
mod database;
mod error;
mod exceptions;
mod format;
mod generate;
mod goal;
mod index;
mod jobs;
mod material;
mod memo;
#[allow(unsafe_code)]
mod mmap;
mod probe;
mod progress;
mod runs;
mod sample;
mod values;
mod varint;

pub use database::{file_name, Comparison, Database, SliceStats};
pub use error::Error;
pub use generate::{build, build_with, BuildOptions, PassSeconds, SliceReport};
pub use jobs::{
    job_of, job_state, jobs, plan, Job, JobState, PiecePlan, BUILD_BYTES_PER_SLOT,
    MEMO_BYTES_PER_THREAD,
};
pub use material::Material;
pub use probe::THREAT_PLIES;
pub use progress::{OnProgress, Pass, Progress};
pub use sample::{positions_by_kind, ProbeKind, Sampler};

use draughts_core::Wld;

/// The letter of a probe's answer: `W`, `L`, `D`, or `?` for unknown.
pub fn wld_letter(value: Option<Wld>) -> char {
    match value {
        Some(Wld::Win) => 'W',
        Some(Wld::Loss) => 'L',
        Some(Wld::Draw) => 'D',
        None => '?',
    }
}
