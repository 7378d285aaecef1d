//! One engine session, shared by the Hub, DXP and the web board: a searcher for one
//! variant, and searches that run on a thread of their own, report each completed
//! iteration as it comes and can be stopped (or, after pondering, told the expected
//! move was played) from the thread that started them.
//!
//! A session with an opening book answers from it, without searching, in every
//! position the book has, unless the search is a ponder search or has no limit (an
//! analysis until stopped): one report of depth 0 whose [`Source`] is
//! [`Source::Book`], its principal variation the book's line.
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

use crate::book::Book;
use crate::engine::{EngineError, EngineOptions, EngineParts, EngineSearcher, Tactics};
use draughts_core::{Game, Variant};
use draughts_eval::Score;
use draughts_search::{Control, Limits, SearchInfo, SearchResult, Source};
use rand::rngs::Xoshiro256PlusPlus;
use rand::SeedableRng;
use std::io;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// A searcher for variant `V`, lent to one search at a time (its table is kept from
/// one search to the next, until [`EngineSession::new_game`]), and the opening book it
/// plays from.
pub struct EngineSession<V: Variant> {
    searcher: Arc<EngineSearcher<V>>,
    tactics: Option<Tactics<V>>,
    threats: Option<Tactics<V>>,
    opening: Arc<Opening<V>>,
}

/// A session's opening book and its choice among the book's moves.
struct Opening<V: Variant> {
    book: Option<Arc<Book<V>>>,
    margin: Score,
    rng: Mutex<Xoshiro256PlusPlus>,
}

impl<V: Variant> Opening<V> {
    /// The book's answer in `game` under `limits` and `control`, if the book has the
    /// position and the search is one that plays a move (neither a ponder search nor
    /// one without a limit).
    fn answer(
        &self,
        game: &Game<V>,
        limits: &Limits,
        control: &Control,
    ) -> Option<SearchResult<V>> {
        let book = self.book.as_ref()?;
        if limits.is_infinite() || control.is_pondering() {
            return None;
        }
        let started = Instant::now();
        let position = game.position();
        let chosen = {
            let mut rng = self.rng.lock().unwrap_or_else(|e| e.into_inner());
            book.choose(position, self.margin, &mut *rng)?
        };
        let mut pv = vec![chosen.mv];
        pv.extend(book.line(&position.play_unchecked(&chosen.mv)));
        Some(SearchResult {
            best_move: Some(chosen.mv),
            ponder: pv.get(1).copied(),
            score: chosen.score,
            depth: 0,
            nodes: 0,
            time: started.elapsed(),
            pv,
            source: Source::Book,
        })
    }

    /// The book's answer (reported to `info`) or else the search's, in `game`.
    fn search(
        &self,
        searcher: &EngineSearcher<V>,
        game: &Game<V>,
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&SearchInfo<V>),
    ) -> SearchResult<V> {
        match self.answer(game, &limits, control) {
            Some(result) => {
                info(&SearchInfo {
                    depth: 0,
                    seldepth: 0,
                    score: result.score,
                    nodes: 0,
                    time: result.time,
                    pv: result.pv.clone(),
                    source: Source::Book,
                });
                result
            }
            None => searcher.search(game, limits, control, info),
        }
    }
}

impl<V: Variant> EngineSession<V> {
    /// A session of the engine `options` describe, choosing among book moves as they
    /// say ([`EngineSession::with_book_margin`]).
    ///
    /// # Errors
    /// As [`EngineParts::load`].
    pub fn from_options(options: &EngineOptions) -> Result<EngineSession<V>, EngineError> {
        let parts = EngineParts::load(options)?;
        Ok(
            EngineSession::from_parts(&parts, options.hash_mib, options.threads)
                .with_book_margin(options.book_margin, options.book_seed),
        )
    }

    /// A session of `parts` with a table of `hash_mib` MiB and `threads` threads,
    /// playing the best move of the parts' book where it has the position.
    pub fn from_parts(parts: &EngineParts<V>, hash_mib: usize, threads: usize) -> EngineSession<V> {
        EngineSession {
            searcher: Arc::new(parts.searcher(hash_mib, threads)),
            tactics: parts.tactics().cloned(),
            threats: parts.threats().cloned(),
            opening: Arc::new(Opening {
                book: parts.book().cloned(),
                margin: 0,
                rng: Mutex::new(Xoshiro256PlusPlus::seed_from_u64(0)),
            }),
        }
    }

    /// The same session, playing any book move scored within `margin` of the best,
    /// drawn by a generator seeded with `seed` (the same seed, the same choices in the
    /// same positions); a margin of 0 plays the best.
    #[must_use]
    pub fn with_book_margin(self, margin: Score, seed: u64) -> EngineSession<V> {
        let book = self.opening.book.clone();
        EngineSession {
            opening: Arc::new(Opening {
                book,
                margin,
                rng: Mutex::new(Xoshiro256PlusPlus::seed_from_u64(seed)),
            }),
            ..self
        }
    }

    /// The opening book the session plays from, if any.
    pub fn book(&self) -> Option<&Arc<Book<V>>> {
        self.opening.book.as_ref()
    }

    /// The template oracle the searches consult, for its figures.
    pub fn tactics(&self) -> Option<&Tactics<V>> {
        self.tactics.as_ref()
    }

    /// The threat template oracle the searches consult, for its figures.
    pub fn threats(&self) -> Option<&Tactics<V>> {
        self.threats.as_ref()
    }

    /// Searches `game` under `limits` on the calling thread (or answers from the book,
    /// see the [module](self)); `info` hears each completed iteration, and `control`
    /// stops the search.
    pub fn search(
        &self,
        game: &Game<V>,
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&SearchInfo<V>),
    ) -> SearchResult<V> {
        self.opening
            .search(&self.searcher, game, limits, control, info)
    }

    /// Forgets what earlier searches learned (the transposition table), as before a
    /// new game.
    pub fn new_game(&self) {
        self.searcher.clear();
    }

    /// Starts a search of `game` under `limits` on a thread of its own (or answers from
    /// the book there, see the [module](self)): `info` hears
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
        let (searcher, opening) = (Arc::clone(&self.searcher), Arc::clone(&self.opening));
        let handle = {
            let control = Arc::clone(&control);
            std::thread::Builder::new()
                .name("search".into())
                .spawn(move || {
                    done(opening.search(&searcher, &game, limits, &control, &mut info))
                })?
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
    use crate::engine::BookChoice;
    use draughts_core::{International, Position};
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
    fn a_book_answers_without_searching_unless_off() {
        let start = Position::<International>::initial();
        let moves = start.legal_moves();
        let after = start.play_unchecked(&moves[3]);
        let reply = after.legal_moves()[0];
        let book = Book::from_positions([
            (&start, 0, vec![(moves[3], 7), (moves[0], -20)]),
            (&after, 1, vec![(reply, -7)]),
        ]);
        let path = std::env::temp_dir().join(format!("session-{}.book", std::process::id()));
        book.save(&path).unwrap();
        let with = |book: BookChoice| EngineOptions {
            hash_mib: 1,
            book,
            ..EngineOptions::default()
        };
        let booked =
            EngineSession::<International>::from_options(&with(BookChoice::File(path.clone())))
                .unwrap();
        let mut heard = Vec::new();
        let result = booked.search(
            &Game::new(),
            Limits::depth(3),
            &Control::default(),
            &mut |info| heard.push((info.depth, info.nodes, info.source)),
        );
        assert_eq!(result.best_move, Some(moves[3]));
        assert_eq!((result.score, result.depth, result.nodes), (7, 0, 0));
        assert_eq!((result.source, result.ponder), (Source::Book, Some(reply)));
        assert_eq!(result.pv, [moves[3], reply]);
        assert_eq!(heard, [(0, 0, Source::Book)]);
        // On its own thread too, but a ponder search, an analysis without a limit and a
        // position out of the book search.
        let on_thread = |control: Control| {
            let search = booked.start(
                Game::new(),
                Limits::depth(2),
                Arc::new(control),
                |_| {},
                |r| r.source,
            );
            search.unwrap().join()
        };
        assert_eq!(on_thread(Control::default()), Some(Source::Book));
        assert_eq!(on_thread(Control::pondering()), Some(Source::Search));
        let control = Control::default();
        control.stop();
        let analysis = booked.search(&Game::new(), Limits::default(), &control, &mut |_| {});
        assert_eq!(analysis.source, Source::Search);
        let mut game = Game::<International>::new();
        game.play(&moves[0]).unwrap();
        let out = booked.search(&game, Limits::depth(2), &Control::default(), &mut |_| {});
        assert!(out.source == Source::Search && out.nodes > 0);
        // `none` searches everywhere; `builtin` is an error where no book ships.
        let off = EngineSession::<International>::from_options(&with(BookChoice::Off)).unwrap();
        assert!(off.book().is_none());
        let searched = off.search(
            &Game::new(),
            Limits::depth(2),
            &Control::default(),
            &mut |_| {},
        );
        assert!(searched.source == Source::Search && searched.depth == 2);
        let builtin = EngineSession::<International>::from_options(&with(BookChoice::Builtin));
        match crate::book::builtin::<International>() {
            Some(_) => assert!(builtin.is_ok()),
            None => assert!(matches!(builtin.err(), Some(EngineError::NoBuiltinBook(_)))),
        }
        std::fs::remove_file(&path).unwrap();
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
