//! `Engine`: the search in-process, on its own transposition table, with the GIL
//! released while it thinks and a `stop()` that another thread may call; and the game
//! review (`review.rs`) and the puzzles (`puzzles.rs`) with searchers made of the same
//! parts.

use crate::board::Board;
use crate::errors::{self, EngineError};
use crate::moves::Move;
use crate::puzzles::{self as puzzle, Puzzle};
use crate::review::{self, GameReview, GameSource};
use draughts_core::pdn::{PdnError, PdnGame};
use draughts_core::{
    with_variant, AnyGame, AnyMove, AnyPosition, EndgameOracle, KnownVariant, Position, VariantKind,
};
use draughts_engine::engine::{BookChoice, EngineOptions, EngineParts};
use draughts_engine::parallel::{self, Event};
use draughts_engine::puzzles::file::PuzzleError;
use draughts_engine::puzzles::{self, Finding};
use draughts_engine::review::batch;
use draughts_engine::review::{self as core_review, ReviewError, Reviewer, Settings};
use draughts_engine::session::EngineSession;
use draughts_search::{database_result, plies_to_end, Control, Limits, SearchResult, Source};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The largest transposition table accepted, in MiB.
const MAX_HASH_MB: usize = 1 << 16;

/// What a search found, its moves as values.
pub(crate) struct Found {
    best_move: Option<AnyMove>,
    score: i32,
    depth: u32,
    nodes: u64,
    seconds: f64,
    pv: Vec<AnyMove>,
    book: bool,
}

impl Found {
    /// `result` of a search from `root`, the PV cut at its first move that is not legal.
    fn new<V: KnownVariant>(root: &Position<V>, result: &SearchResult<V>) -> Found {
        let mut pos = *root;
        let mut pv = Vec::new();
        for mv in &result.pv {
            let Ok(next) = pos.play(mv) else { break };
            pv.push(AnyMove::new(&pos, mv));
            pos = next;
        }
        Found {
            best_move: result.best_move.map(|mv| AnyMove::new(root, &mv)),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            seconds: result.time.as_secs_f64(),
            pv,
            book: result.source == Source::Book,
        }
    }
}

/// The engine of one variant, behind a type that does not name it.
pub(crate) trait Search: Send + Sync {
    /// Searches the current position of `game`, which must be of the session's variant.
    fn search(&self, game: &AnyGame, limits: Limits, control: &Control) -> Option<Found>;

    /// Reviews `game` as a game of the engine's variant, with a searcher of its own.
    fn review(
        &self,
        game: &PdnGame,
        settings: Settings,
    ) -> Result<core_review::GameReview, ReviewError>;

    /// Reviews `games` on `jobs` threads, each with a searcher of its own, leaving out
    /// those `skip` names; `event` hears the progress on the calling thread.
    fn review_all(
        &self,
        games: &[Result<PdnGame, PdnError>],
        jobs: usize,
        settings: Settings,
        skip: &(dyn Fn(usize) -> bool + Sync),
        event: &mut dyn FnMut(Event<Result<core_review::GameReview, ReviewError>>),
    );

    /// The puzzle at `pos`, which must be of the session's variant, with a searcher of
    /// its own.
    fn puzzle(&self, pos: &AnyPosition, settings: puzzles::Settings) -> Option<puzzles::Puzzle>;

    /// The puzzles of `games` (`file` names them in each puzzle's source), on `jobs`
    /// threads each with a searcher of its own, leaving out those `skip` names; `event`
    /// hears each game's progress (positions tried) and its puzzles, or why it has none.
    fn find_puzzles(
        &self,
        games: &[Result<PdnGame, PdnError>],
        file: &str,
        jobs: usize,
        settings: puzzles::Settings,
        skip: &(dyn Fn(usize) -> bool + Sync),
        event: &mut dyn FnMut(Event<Result<Vec<puzzles::Puzzle>, PdnError>>),
    );

    /// Checks `puzzle` again (see [`puzzles::Finding::verify`]) with a searcher of its
    /// own.
    fn verify_puzzle(
        &self,
        puzzle: &puzzles::Puzzle,
        settings: puzzles::Settings,
    ) -> Result<Option<puzzles::Check>, PuzzleError>;
}

/// The session of `V` that `analyse` and `play` use, and the parts it was made of,
/// from which each review makes searchers of the same size.
struct Session<V: KnownVariant> {
    session: EngineSession<V>,
    parts: EngineParts<V>,
    hash_mib: usize,
    threads: usize,
}

impl<V: KnownVariant> Session<V> {
    fn database(&self) -> Option<&dyn EndgameOracle<V>> {
        self.parts
            .database()
            .map(|db| &**db as &dyn EndgameOracle<V>)
    }
}

impl<V: KnownVariant> Search for Session<V> {
    fn search(&self, game: &AnyGame, limits: Limits, control: &Control) -> Option<Found> {
        let game = V::game_of(game)?;
        let result = self.session.search(game, limits, control, &mut |_| {});
        Some(Found::new(game.position(), &result))
    }

    fn review(
        &self,
        game: &PdnGame,
        settings: Settings,
    ) -> Result<core_review::GameReview, ReviewError> {
        let searcher = self.parts.searcher(self.hash_mib, self.threads);
        Reviewer::new(&searcher, self.database(), settings).review(game, &mut |_, _| {})
    }

    fn review_all(
        &self,
        games: &[Result<PdnGame, PdnError>],
        jobs: usize,
        settings: Settings,
        skip: &(dyn Fn(usize) -> bool + Sync),
        event: &mut dyn FnMut(Event<Result<core_review::GameReview, ReviewError>>),
    ) {
        let searcher = || self.parts.searcher(self.hash_mib, self.threads);
        batch::review_all(
            games,
            jobs,
            &searcher,
            self.database(),
            settings,
            skip,
            event,
        );
    }

    fn puzzle(&self, pos: &AnyPosition, settings: puzzles::Settings) -> Option<puzzles::Puzzle> {
        let pos = V::position_of(pos)?;
        let searcher = self.parts.searcher(self.hash_mib, self.threads);
        Finding::new(&searcher, self.database(), settings).at(pos)
    }

    fn find_puzzles(
        &self,
        games: &[Result<PdnGame, PdnError>],
        file: &str,
        jobs: usize,
        settings: puzzles::Settings,
        skip: &(dyn Fn(usize) -> bool + Sync),
        event: &mut dyn FnMut(Event<Result<Vec<puzzles::Puzzle>, PdnError>>),
    ) {
        let database = self.database();
        let worker = || {
            let searcher = self.parts.searcher(self.hash_mib, self.threads);
            move |game: usize, progress: &dyn Fn(usize, usize)| {
                let finding = Finding::new(&searcher, database, settings);
                let pdn = games[game].as_ref().map_err(Clone::clone)?;
                let line = pdn.replay::<V>()?;
                Ok(finding.in_game(&line, pdn, file, &mut |done, total| {
                    progress(done, total);
                }))
            }
        };
        parallel::run(games.len(), jobs, skip, &worker, event);
    }

    fn verify_puzzle(
        &self,
        puzzle: &puzzles::Puzzle,
        settings: puzzles::Settings,
    ) -> Result<Option<puzzles::Check>, PuzzleError> {
        let searcher = self.parts.searcher(self.hash_mib, self.threads);
        Finding::new(&searcher, self.database(), settings).verify(puzzle)
    }
}

/// The engine of `V` that `options` describe, made as the `draughts` binary makes it.
fn session<V: KnownVariant>(options: &EngineOptions) -> Result<Box<dyn Search>, String> {
    let parts = EngineParts::<V>::load(options).map_err(|e| e.to_string())?;
    let session = EngineSession::from_parts(&parts, options.hash_mib, options.threads);
    Ok(Box::new(Session {
        session,
        parts,
        hash_mib: options.hash_mib,
        threads: options.threads,
    }))
}

/// `time` seconds as a duration (`ValueError` if it is not a number of seconds).
pub(crate) fn seconds(time: Option<f64>) -> PyResult<Option<Duration>> {
    time.map(|seconds| {
        Duration::try_from_secs_f64(seconds).map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "time={seconds} is not a number of seconds"
            ))
        })
    })
    .transpose()
}

/// The search of `fastdraughts`, in-process: `Engine("international").analyse(board,
/// depth=8)`.
///
/// `egdb` is a folder of endgame database files of the variant; `evaluation` a weights
/// file (`draughts tune ...`) instead of the variant's built-in model; `book` an
/// opening book file (`draughts book build`), `"builtin"` or `"none"` (default: the
/// variant's built-in book where one ships), from which `analyse` and `play` answer
/// at once in its positions. Searches release
/// the GIL; `stop()` from another thread ends the running one, which still returns its
/// best move so far. One engine runs one search at a time (others wait).
///
/// `review(game)` and `review_games(text)` review games move by move, and `puzzle`,
/// `find_puzzles` and `verify_puzzle` find and check puzzles, each game or position
/// with a searcher of its own made as the engine's (its own `hash_mb` table), beside
/// any search; `stop()` does not end them.
#[pyclass(module = "fastdraughts.engine", frozen)]
pub struct Engine {
    kind: VariantKind,
    searcher: Box<dyn Search>,
    running: Mutex<Option<Arc<Control>>>,
    busy: Mutex<()>,
}

impl Engine {
    /// Runs a search of `board` with the limits Python gave.
    fn run(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Found> {
        let game = board.game().clone();
        if game.kind() != self.kind {
            return Err(EngineError::new_err(format!(
                "this engine plays {}, the board is {}",
                self.kind,
                game.kind()
            )));
        }
        let limits = Limits {
            depth,
            nodes,
            move_time: seconds(time)?,
            clock: None,
        };
        let found = py.detach(|| {
            let _busy = self.busy.lock().unwrap_or_else(PoisonError::into_inner);
            let control = Arc::new(Control::default());
            *self.lock_running() = Some(control.clone());
            let found = self.searcher.search(&game, limits, &control);
            *self.lock_running() = None;
            found
        });
        found.ok_or_else(|| EngineError::new_err("the board's variant has no searcher here"))
    }

    fn lock_running(&self) -> std::sync::MutexGuard<'_, Option<Arc<Control>>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[pymethods]
impl Engine {
    /// An engine for `variant` with `threads` search threads and a `hash_mb` MiB
    /// transposition table.
    #[new]
    #[pyo3(signature = (variant = "international", threads = 1, hash_mb = 64, egdb = None, evaluation = None, book = None))]
    fn new(
        variant: &str,
        threads: usize,
        hash_mb: usize,
        egdb: Option<PathBuf>,
        evaluation: Option<PathBuf>,
        book: Option<PathBuf>,
    ) -> PyResult<Engine> {
        let kind = errors::variant(variant)?;
        if threads == 0 || threads > 1024 {
            return Err(EngineError::new_err(format!(
                "threads={threads}: give 1 to 1024"
            )));
        }
        if hash_mb == 0 || hash_mb > MAX_HASH_MB {
            return Err(EngineError::new_err(format!(
                "hash_mb={hash_mb}: give 1 to {MAX_HASH_MB}"
            )));
        }
        // The weights file alone: no pattern table, as `--weights FILE` in the binary.
        let options = EngineOptions {
            hash_mib: hash_mb,
            threads,
            weights: evaluation,
            egdb,
            book: book.map_or(BookChoice::Default, |path| {
                BookChoice::from(path.to_string_lossy().as_ref())
            }),
            ..EngineOptions::default()
        };
        let searcher =
            with_variant!(kind, V => session::<V>(&options)).map_err(EngineError::new_err)?;
        Ok(Engine {
            kind,
            searcher,
            running: Mutex::new(None),
            busy: Mutex::new(()),
        })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.kind.name()
    }

    /// Searches `board`'s position (its moves count for repetitions and the draw
    /// rules) until `depth` plies, `nodes` nodes or `time` seconds, whichever comes
    /// first; with no limit, until `stop()`. Returns a dict: `score` (for the side to
    /// move, `SCORE_MAN` a man), `mate` (plies to a proven end, negative when losing,
    /// else `None`), `database` (`True`/`False` for a database win/loss, else `None`),
    /// `depth`, `nodes`, `time` (seconds), `nps`, `pv` (moves), `best_move`, and `book`
    /// (`True` when the opening book answered: depth 0, the book's line as `pv`).
    #[pyo3(signature = (board, *, depth = None, nodes = None, time = None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let found = self.run(py, board, depth, nodes, time)?;
        let info = PyDict::new(py);
        info.set_item("score", found.score)?;
        info.set_item("mate", plies_to_end(found.score))?;
        info.set_item("database", database_result(found.score))?;
        info.set_item("depth", found.depth)?;
        info.set_item("nodes", found.nodes)?;
        info.set_item("time", found.seconds)?;
        info.set_item("nps", found.nodes as f64 / found.seconds.max(1e-6))?;
        let pv: Vec<Move> = found.pv.into_iter().map(Move).collect();
        info.set_item("pv", pv)?;
        info.set_item("best_move", found.best_move.map(Move))?;
        info.set_item("book", found.book)?;
        Ok(info)
    }

    /// The move the engine plays on `board` with these limits (as `analyse`); `None`
    /// if the side to move has no legal move.
    #[pyo3(signature = (board, *, depth = None, nodes = None, time = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: &Board,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
    ) -> PyResult<Option<Move>> {
        Ok(self.run(py, board, depth, nodes, time)?.best_move.map(Move))
    }

    /// Reviews a game: every move judged by a search of the position it was played in
    /// (with the game's history) and of the one after it, classed by the expected
    /// score it gave away, and explained (the shot it allowed, the shot missed, the
    /// threat it made) unless `explain=False`. `game` is a `Game`, a `Board` (its moves
    /// from the root) or the PDN text of one game, of the engine's variant.
    ///
    /// Each position is searched to `depth`, `nodes` or `time` seconds, whichever comes
    /// first (500000 nodes when none is given); `confirm_nodes` checks each threat named
    /// with a search of that many nodes. The review searches with a table of its own
    /// (`hash_mb`, `threads` and `egdb` as the engine's) and releases the GIL meanwhile.
    /// Returns a `GameReview`.
    ///
    /// Raises `PdnError` for a game that does not read or replay, `EngineError` for a
    /// game of another variant, `ValueError` for a limit that is not one.
    #[pyo3(signature = (game, *, depth = None, nodes = None, time = None, explain = true, confirm_nodes = None))]
    #[allow(clippy::too_many_arguments)]
    fn review(
        &self,
        py: Python<'_>,
        game: GameSource<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        explain: bool,
        confirm_nodes: Option<u64>,
    ) -> PyResult<GameReview> {
        let settings = review::settings(depth, nodes, time, explain, confirm_nodes)?;
        let pdn = game.into_pdn(self.kind)?;
        let reviewed = py.detach(|| self.searcher.review(&pdn, settings));
        Ok(GameReview::new(reviewed.map_err(review::error)?, self.kind))
    }

    /// Reviews every game of a PDN `text` (games without a `GameType` tag are taken as
    /// the engine's variant), `jobs` games at once (default: one a core), each with a
    /// table of its own; the limits are those of `review`. Returns a list in the
    /// text's order: a `GameReview` each, or the exception (not raised) of a game that
    /// does not read or replay (`PdnError`), as `pdn.read_games` does.
    ///
    /// `progress(game, done, total)` is called after each position searched, `game`
    /// the index in the list, `done` of `total` positions; when it raises (or on
    /// Ctrl-C) no further game starts and the exception is raised once the games
    /// under way end.
    #[pyo3(signature = (text, *, depth = None, nodes = None, time = None, explain = true, confirm_nodes = None, jobs = None, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn review_games(
        &self,
        py: Python<'_>,
        text: &str,
        depth: Option<u32>,
        nodes: Option<u64>,
        time: Option<f64>,
        explain: bool,
        confirm_nodes: Option<u64>,
        jobs: Option<usize>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let settings = review::settings(depth, nodes, time, explain, confirm_nodes)?;
        review::review_games(
            py,
            &*self.searcher,
            self.kind,
            text,
            settings,
            jobs,
            progress,
        )
    }

    /// The puzzle at a position (a `Board`'s current one, or a FEN of the engine's
    /// variant), else `None`: the side to move has a forced combination, found by the
    /// combination finder, that wins at least a man (or a king for nothing), its first
    /// move (the key) is the only winning move, and the position is not won already.
    ///
    /// The key is checked by the engine's endgame database where it holds the
    /// position, else by a search of every move of `check_nodes` nodes (2000000; at
    /// least ten times the finder's own nodes), and again at twice the nodes each time
    /// for `check_rounds` searches in all (2), in each of which the key must lead every
    /// other move by `margin` hundredths of a man (50) and score above minus `won`
    /// while the best other move scores below `won` (100), each tightened by a quarter
    /// of a man so that the puzzle still holds when verified; a cheaper search of `screen_nodes` nodes (50000)
    /// drops most positions first. The searches use a table of their own and release
    /// the GIL. Returns a `Puzzle` without a source.
    ///
    /// Raises `EngineError` for a board of another variant, `InvalidFen` for a FEN
    /// that does not read, `ValueError` for a limit that is not one.
    #[pyo3(signature = (position, *, check_nodes = None, check_rounds = None, screen_nodes = None, margin = None, won = None))]
    #[allow(clippy::too_many_arguments)]
    fn puzzle(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        check_nodes: Option<u64>,
        check_rounds: Option<u32>,
        screen_nodes: Option<u64>,
        margin: Option<i32>,
        won: Option<i32>,
    ) -> PyResult<Option<Puzzle>> {
        let settings = puzzle::settings(check_nodes, check_rounds, screen_nodes, margin, won, 0)?;
        let pos = puzzle::position(position, self.kind)?;
        let found = py.detach(|| self.searcher.puzzle(&pos, settings));
        Ok(found.map(|found| Puzzle::new(found, self.kind)))
    }

    /// The puzzles of games: the positions before each move of each game's main line
    /// where `puzzle` finds one (leaving out each game's first `skip_plies` plies),
    /// each with its source (`file`, the game's place, the ply, the players, whether
    /// the player found the key). `games` is PDN text (`str` or `bytes`; games without
    /// a `GameType` tag are taken as the engine's variant) or a list of `Game`s,
    /// `Board`s (their moves from the root) and PDN texts of one game.
    ///
    /// Works `jobs` games at once (default: one a core), each with a table of its own;
    /// the limits are those of `puzzle`. Returns a list in the games' order: each
    /// `Puzzle`, and in its place the exception (not raised) of a game that does not
    /// read or replay (`PdnError`); a position found again is left out.
    /// `progress(game, done, total)` is called after each position tried, `game` the
    /// game's index, `done` of `total` positions; when it raises (or on Ctrl-C) no
    /// further game starts and the exception is raised once the games under way end.
    #[pyo3(signature = (games, *, file = "", check_nodes = None, check_rounds = None, screen_nodes = None, margin = None, won = None, skip_plies = 0, jobs = None, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn find_puzzles(
        &self,
        py: Python<'_>,
        games: &Bound<'_, PyAny>,
        file: &str,
        check_nodes: Option<u64>,
        check_rounds: Option<u32>,
        screen_nodes: Option<u64>,
        margin: Option<i32>,
        won: Option<i32>,
        skip_plies: usize,
        jobs: Option<usize>,
        progress: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let settings = puzzle::settings(
            check_nodes,
            check_rounds,
            screen_nodes,
            margin,
            won,
            skip_plies,
        )?;
        let games = puzzle::games(games, self.kind)?;
        puzzle::find_puzzles(
            py,
            &*self.searcher,
            self.kind,
            &games,
            file,
            settings,
            jobs,
            progress,
        )
    }

    /// Whether `puzzle`'s key is still the only winning move: by the engine's endgame
    /// database where it holds the position, else by a search of every move of `nodes`
    /// nodes (default: ten times the nodes the puzzle was checked with, as `draughts
    /// puzzles --verify`; at least ten times the finder's effort) in which the key
    /// leads every other move by half a man and the best other move scores below a
    /// man. Releases the GIL.
    ///
    /// Raises `EngineError` for a puzzle of another variant, `ValueError` for
    /// `nodes=0`.
    #[pyo3(signature = (puzzle, *, nodes = None))]
    fn verify_puzzle(
        &self,
        py: Python<'_>,
        puzzle: PyRef<'_, Puzzle>,
        nodes: Option<u64>,
    ) -> PyResult<bool> {
        if puzzle.kind() != self.kind {
            return Err(EngineError::new_err(format!(
                "this engine plays {}, the puzzle is {}",
                self.kind,
                puzzle.kind()
            )));
        }
        let settings = puzzle::verify_settings(puzzle.inner(), nodes)?;
        let inner = puzzle.inner().clone();
        let verdict = py.detach(|| self.searcher.verify_puzzle(&inner, settings));
        Ok(verdict.map_err(puzzle::error)?.is_some())
    }

    /// Stops the running search, if any (call it from another thread).
    fn stop(&self) {
        if let Some(control) = &*self.lock_running() {
            control.stop();
        }
    }

    fn __repr__(&self) -> String {
        format!("Engine('{}')", self.kind.name())
    }
}
