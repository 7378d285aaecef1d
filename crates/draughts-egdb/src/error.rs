//! Errors of building, opening and probing a database.

use std::io;
use std::path::PathBuf;

/// What went wrong with a database file or directory.
///
/// Every variant that concerns a file names it, so that a person can delete or rebuild
/// that one file.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An operating-system error while reading or writing `path`.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// The file does not start with the database magic bytes.
    #[error("{path}: not an endgame database file (bad magic bytes)")]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file was written by a format version this code does not read.
    #[error("{path}: format version {found}, but this program reads version {expected}")]
    Version {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
        /// The version this code reads.
        expected: u32,
    },
    /// The file belongs to another variant or material than its name or the caller says.
    #[error("{path}: holds {found}, expected {expected}")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What the file holds.
        found: String,
        /// What was expected.
        expected: String,
    },
    /// The file is shorter (or longer) than its header says.
    #[error("{path}: truncated or padded: {actual} bytes, the header says {expected}")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// The size the header implies.
        expected: u64,
        /// The size on disk.
        actual: u64,
    },
    /// A checksum does not match: the file is damaged.
    #[error("{path}: checksum mismatch in {section}; the file is damaged, rebuild it")]
    Checksum {
        /// The file.
        path: PathBuf,
        /// Which part: `header`, `tables` or `block N`.
        section: String,
    },
    /// The contents are inconsistent although the checksums match.
    #[error("{path}: corrupt: {detail}")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is inconsistent.
        detail: String,
    },
    /// The directory holds no slice file of the variant asked for.
    #[error("{dir}: no {variant} endgame database files (build them with `draughts egdb build`)")]
    NoSlices {
        /// The directory.
        dir: PathBuf,
        /// The variant's name.
        variant: &'static str,
    },
    /// Building needs a slice that is neither in the directory nor being built.
    #[error("slice {slice} is needed but missing from {dir}")]
    MissingSlice {
        /// The directory.
        dir: PathBuf,
        /// The slice's name.
        slice: String,
    },
    /// A slice asked for is not among those a build of that many pieces makes.
    #[error("slice {slice} is not part of a build of up to {pieces} pieces")]
    NotInBuild {
        /// The slice's name.
        slice: String,
        /// The build's piece count.
        pieces: u32,
    },
    /// `verify` found a stored value that disagrees with its successors.
    #[error("{path}: position {fen} is stored as {stored:?} but its successors give {computed:?}")]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// The position, as FEN.
        fen: String,
        /// The value in the file.
        stored: draughts_core::Wld,
        /// The minimax of the successors (`None`: undecided).
        computed: Option<draughts_core::Wld>,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {detail}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        detail: String,
    },
}

impl Error {
    pub(crate) fn io(path: impl Into<PathBuf>, source: io::Error) -> Error {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}
