//! The errors of the tuner.

use crate::tournament::ScheduleError;
use draughts_core::PdnError;
use draughts_eval::{PatternsError, WeightsError};
use std::path::PathBuf;

/// Why a tuning run failed.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A setting out of its range, said plainly.
    #[error("{0}")]
    Config(String),
    /// A file or directory could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A weights file could not be written.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// A line of a GA state file that cannot be read.
    #[error("{}:{line}: {message}", path.display())]
    State {
        /// The state file.
        path: PathBuf,
        /// Its line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A run asked to resume with settings other than those it was started with.
    #[error("{} was written by a run with other settings; resume with the same settings, or use another directory", path.display())]
    ResumeMismatch {
        /// The state file.
        path: PathBuf,
    },
    /// A plot could not be drawn.
    #[error("cannot draw {}: {message}", path.display())]
    Plot {
        /// The SVG file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A game of a PDN file that cannot be read or replayed.
    #[error("{}: {source}", path.display())]
    Pdn {
        /// The PDN file.
        path: PathBuf,
        /// What is wrong, and where.
        source: PdnError,
    },
    /// A network file that cannot be read or written.
    #[error("{}: {source}", path.display())]
    Network {
        /// The network file.
        path: PathBuf,
        /// What is wrong.
        source: PatternsError,
    },
    /// A schedule that does not fit its contestants (a bug in the caller).
    #[error(transparent)]
    Schedule(#[from] ScheduleError),
}

impl TuneError {
    /// A closure that wraps an I/O error with `path`, for `map_err`.
    pub(crate) fn io(path: &std::path::Path) -> impl Fn(std::io::Error) -> TuneError + Copy + '_ {
        move |source| TuneError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}
