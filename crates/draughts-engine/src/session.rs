//! One engine session, shared by the Hub, DXP and the web board: a searcher for one
//! variant, and searches that run on a thread of their own, report each completed
//! iteration as it comes and can be stopped (or, after pondering, told the expected
//! move was played) from the thread that started them.
//!
//! ```
//! use draughts_core::{English, Game};
//! use draughts_engine::engine::EngineOptions;
//! use draughts_engine::session::EngineSession;
//! use draughts_search::{Control, Limits};
//! use std::sync::Arc;
//!
//! let options = EngineOptions { hash_mib: 1, ..EngineOptions::default() };
//! let session = EngineSession::<English>::from_options(&options)?;
//! let search = session.start(
//!     Game::new(),
//!     Limits::depth(4),
//!     Arc::new(Control::default()),
//!     |info| assert!(info.depth <= 4),
//!     |result| result.best_move,
//! )?;
//! assert!(search.join().flatten().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::engine::{EngineError, EngineOptions, EngineParts, EngineSearcher, Tactics};
use draughts_core::{Game, Variant};
use draughts_search::{Control, Limits, SearchInfo, SearchResult};
use std::io;
use std::sync::Arc;
use std::thread::JoinHandle;

/// A searcher for variant `V`, lent to one search at a time (its table is kept from
/// one search to the next, until [`EngineSession::new_game`]).
pub struct EngineSession<V: Variant> {
    searcher: Arc<EngineSearcher<V>>,
    tactics: Option<Tactics<V>>,
    threats: Option<Tactics<V>>,
}

impl<V: Variant> EngineSession<V> {
    /// A session of the engine `options` describe.
    ///
    /// # Errors
    /// As [`EngineParts::load`].
    pub fn from_options(options: &EngineOptions) -> Result<EngineSession<V>, EngineError> {
        let parts = EngineParts::load(options)?;
        Ok(EngineSession::from_parts(
            &parts,
            options.hash_mib,
            options.threads,
        ))
    }

    /// A session of `parts` with a table of `hash_mib` MiB and `threads` threads.
    pub fn from_parts(parts: &EngineParts<V>, hash_mib: usize, threads: usize) -> EngineSession<V> {
        EngineSession {
            searcher: Arc::new(parts.searcher(hash_mib, threads)),
            tactics: parts.tactics().cloned(),
            threats: parts.threats().cloned(),
        }
    }

    /// The template oracle the searches consult, for its figures.
    pub fn tactics(&self) -> Option<&Tactics<V>> {
        self.tactics.as_ref()
    }

    /// The threat template oracle the searches consult, for its figures.
    pub fn threats(&self) -> Option<&Tactics<V>> {
        self.threats.as_ref()
    }

    /// Searches `game` under `limits` on the calling thread; `info` hears each
    /// completed iteration, and `control` stops the search.
    pub fn search(
        &self,
        game: &Game<V>,
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&SearchInfo<V>),
    ) -> SearchResult<V> {
        self.searcher.search(game, limits, control, info)
    }

    /// Forgets what earlier searches learned (the transposition table), as before a
    /// new game.
    pub fn new_game(&self) {
        self.searcher.clear();
    }

    /// Starts a search of `game` under `limits` on a thread of its own: `info` hears
    /// each completed iteration; `done` is given the result on that thread when the
    /// search ends, and what it returns is what [`Search::join`] gives. `control` stops
    /// the search (and ends pondering) from anywhere; [`Search`] holds it too.
    ///
    /// # Errors
    /// When the thread cannot be started.
    pub fn start<T: Send + 'static>(
        &self,
        game: Game<V>,
        limits: Limits,
        control: Arc<Control>,
        mut info: impl FnMut(&SearchInfo<V>) + Send + 'static,
        done: impl FnOnce(SearchResult<V>) -> T + Send + 'static,
    ) -> io::Result<Search<T>> {
        let searcher = Arc::clone(&self.searcher);
        let handle = {
            let control = Arc::clone(&control);
            std::thread::Builder::new()
                .name("search".into())
                .spawn(move || done(searcher.search(&game, limits, &control, &mut info)))?
        };
        Ok(Search { control, handle })
    }
}

/// A search running on its own thread, started by [`EngineSession::start`]. Dropping
/// it lets the search run to its limits.
pub struct Search<T> {
    control: Arc<Control>,
    handle: JoinHandle<T>,
}

impl<T> Search<T> {
    /// Asks the search to stop; it still ends as usual, with its best move so far.
    pub fn stop(&self) {
        self.control.stop();
    }

    /// The expected move was played: the ponder search becomes a normal one.
    pub fn ponder_hit(&self) {
        self.control.ponder_hit();
    }

    /// The search's stop and ponder control.
    pub fn control(&self) -> &Control {
        &self.control
    }

    /// Whether the search thread has finished (its `done` has run).
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for the search to end: what `done` returned, or `None` if the search
    /// thread panicked (a bug, already reported on standard error).
    pub fn join(self) -> Option<T> {
        self.handle.join().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    fn session() -> EngineSession<International> {
        let options = EngineOptions {
            hash_mib: 1,
            ..EngineOptions::default()
        };
        EngineSession::from_options(&options).unwrap()
    }

    #[test]
    fn an_infinite_search_streams_iterations_until_stopped() {
        let (sender, iterations) = mpsc::channel();
        let search = session()
            .start(
                Game::new(),
                Limits::default(),
                Arc::new(Control::default()),
                move |info| {
                    let _ = sender.send(info.depth);
                },
                |result| result,
            )
            .unwrap();
        assert_eq!(iterations.recv_timeout(Duration::from_secs(20)), Ok(1));
        assert!(!search.is_finished());
        let asked = Instant::now();
        search.stop();
        assert!(search.control().is_stopped());
        let result = search.join().unwrap();
        assert!(asked.elapsed() < Duration::from_secs(5));
        assert!(result.best_move.is_some());
    }

    #[test]
    fn a_pondering_search_waits_for_the_hit() {
        let search = session()
            .start(
                Game::new(),
                Limits::move_time(Duration::from_millis(50)),
                Arc::new(Control::pondering()),
                |_| {},
                |result| result.best_move,
            )
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        assert!(!search.is_finished(), "time limits wait for ponder-hit");
        search.ponder_hit();
        assert!(search.join().flatten().is_some());
    }
}
