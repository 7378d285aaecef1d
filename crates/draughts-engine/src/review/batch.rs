//! Many games reviewed on several threads, each with a searcher of its own
//! ([`crate::parallel`]), and the review file: JSON Lines, one game a line, read back
//! to resume.

use super::{GameReview, ReviewError, Reviewer, Settings};
use crate::parallel::{self, Event};
use draughts_core::pdn::{PdnError, PdnGame};
use draughts_core::{EndgameOracle, Variant};
use draughts_eval::Evaluator;
use draughts_search::Searcher;

/// Reviews `games` (as the PDN reader gives them: a game that did not read becomes
/// its error) on `threads` threads, each with a searcher from `searcher`, leaving out
/// those `skip` names; `event` hears each game's progress (positions searched) and
/// its review, by the game's index in `games`.
pub fn review_all<V, E>(
    games: &[Result<PdnGame, PdnError>],
    threads: usize,
    searcher: &(dyn Fn() -> Searcher<V, E> + Sync),
    database: Option<&dyn EndgameOracle<V>>,
    settings: Settings,
    skip: &(dyn Fn(usize) -> bool + Sync),
    event: &mut dyn FnMut(Event<Result<GameReview, ReviewError>>),
) where
    V: Variant,
    E: Evaluator<V>,
{
    let worker = || {
        let searcher = searcher();
        move |game: usize, progress: &dyn Fn(usize, usize)| {
            let reviewer = Reviewer::new(&searcher, database, settings);
            match &games[game] {
                Ok(pdn) => reviewer.review(pdn, &mut |done, total| progress(done, total)),
                Err(error) => Err(ReviewError::Pdn(error.clone())),
            }
        }
    };
    parallel::run(games.len(), threads, skip, &worker, event);
}

/// One line of a review file (JSON Lines, one game a line): a game's review, or why
/// it has none.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Record {
    /// The game's review.
    Reviewed(Box<GameReview>),
    /// A game that could not be reviewed.
    Failed {
        /// The game's 1-based ordinal in its file.
        index: usize,
        /// Why.
        error: String,
    },
}

impl Record {
    /// The game's 1-based ordinal in its file.
    pub fn index(&self) -> usize {
        match self {
            Record::Reviewed(review) => review.index,
            Record::Failed { index, .. } => *index,
        }
    }

    /// The record of game `index`'s review or failure.
    pub fn of(index: usize, review: Result<GameReview, ReviewError>) -> Record {
        match review {
            Ok(review) => Record::Reviewed(Box::new(review)),
            Err(error) => Record::Failed {
                index,
                error: error.to_string(),
            },
        }
    }

    /// The record as one line of JSON (no line end).
    pub fn to_line(&self) -> String {
        // A review holds only strings, numbers and sequences: it always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Why a review file did not read.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a review file's records (blank lines are skipped). A last line cut short
/// (a run killed while writing it) is left out; any other line that does not read is
/// an error.
///
/// # Errors
/// [`RecordError`] for the first line that is not a record.
pub fn read_records(text: &str) -> Result<Vec<Record>, RecordError> {
    let lines: Vec<&str> = text.lines().collect();
    let complete = text.ends_with('\n');
    let mut records = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(record) => records.push(record),
            Err(_) if i + 1 == lines.len() && !complete => break,
            Err(e) => {
                return Err(RecordError {
                    line: i + 1,
                    message: e.to_string(),
                })
            }
        }
    }
    Ok(records)
}
