//! Many games worked through on several threads from Python (`Engine.review_games`,
//! `Engine.find_puzzles`): `jobs` and `progress` checked, the GIL released while the
//! crates' parallel runner works, `progress(game, done, total)` called on the calling
//! thread, and a `progress` that raises (or Ctrl-C) ending the batch.

use draughts_engine::parallel::Event;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The most games worked on at once (as `draughts review --jobs`).
const MAX_JOBS: usize = 256;

/// The games worked on at once: `jobs`, else one a core.
///
/// # Errors
/// `ValueError` for a count outside 1 to 256.
pub fn jobs(jobs: Option<usize>) -> PyResult<usize> {
    match jobs {
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        Some(jobs) if (1..=MAX_JOBS).contains(&jobs) => Ok(jobs),
        Some(jobs) => Err(PyValueError::new_err(format!(
            "jobs={jobs}: give 1 to {MAX_JOBS}"
        ))),
    }
}

/// `progress` as a callback that may be held while the GIL is released.
///
/// # Errors
/// `TypeError` for a `progress` that cannot be called.
pub fn progress(progress: Option<Bound<'_, PyAny>>) -> PyResult<Option<Py<PyAny>>> {
    if progress.as_ref().is_some_and(|p| !p.is_callable()) {
        return Err(PyTypeError::new_err(
            "progress must be a callable: progress(game, done, total)",
        ));
    }
    Ok(progress.map(Bound::unbind))
}

/// Runs `work` with the GIL released: it gets a `skip` to leave out games (every game
/// not started once `progress` raised) and hands its events to the second argument.
/// Returns each game's result by its index below `count` (`None` for a game left out).
///
/// # Errors
/// What `progress` raised, or `KeyboardInterrupt`.
pub fn run<T: Send>(
    py: Python<'_>,
    count: usize,
    progress: Option<Py<PyAny>>,
    work: impl FnOnce(&(dyn Fn(usize) -> bool + Sync), &mut dyn FnMut(Event<T>)) + Send,
) -> PyResult<Vec<Option<T>>> {
    let mut results: Vec<Option<T>> = (0..count).map(|_| None).collect();
    let cancelled = AtomicBool::new(false);
    let mut failure: Option<PyErr> = None;
    py.detach(|| {
        let skip = |_| cancelled.load(Ordering::Relaxed);
        work(&skip, &mut |event| match event {
            Event::Progress {
                item: game,
                done,
                total,
            } => {
                if failure.is_some() {
                    return;
                }
                // Ctrl-C is heard here too: the GIL is released otherwise.
                let heard = Python::attach(|py| {
                    py.check_signals()?;
                    match &progress {
                        Some(progress) => progress.call1(py, (game, done, total)).map(drop),
                        None => Ok(()),
                    }
                });
                if let Err(raised) = heard {
                    failure = Some(raised);
                    cancelled.store(true, Ordering::Relaxed);
                }
            }
            Event::Done { item, result } => {
                if let Some(slot) = results.get_mut(item) {
                    *slot = Some(result);
                }
            }
        });
    });
    match failure {
        Some(raised) => Err(raised),
        None => Ok(results),
    }
}
