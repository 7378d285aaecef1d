//! `Engine`: the search in-process, on its own transposition table, with the GIL
//! released while it thinks and a `stop()` that another thread may call.

use crate::board::Board;
use crate::errors::{self, EngineError};
use crate::moves::Move;
use draughts_core::{with_variant, AnyGame, AnyMove, KnownVariant, Position, VariantKind};
use draughts_engine::engine::EngineOptions;
use draughts_engine::session::EngineSession;
use draughts_search::{database_result, plies_to_end, Control, Limits, SearchResult};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The largest transposition table accepted, in MiB.
const MAX_HASH_MB: usize = 1 << 16;

/// What a search found, its moves as values.
struct Found {
    best_move: Option<AnyMove>,
    score: i32,
    depth: u32,
    nodes: u64,
    seconds: f64,
    pv: Vec<AnyMove>,
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
        }
    }
}

/// The engine's session of one variant, behind a type that does not name it.
trait Search: Send + Sync {
    /// Searches the current position of `game`, which must be of the session's variant.
    fn search(&self, game: &AnyGame, limits: Limits, control: &Control) -> Option<Found>;
}

impl<V: KnownVariant> Search for EngineSession<V> {
    fn search(&self, game: &AnyGame, limits: Limits, control: &Control) -> Option<Found> {
        let game = V::game_of(game)?;
        let result = EngineSession::search(self, game, limits, control, &mut |_| {});
        Some(Found::new(game.position(), &result))
    }
}

/// The session of `V` that `options` describe, made as the `draughts` binary makes it.
fn session<V: KnownVariant>(options: &EngineOptions) -> Result<Box<dyn Search>, String> {
    let session = EngineSession::<V>::from_options(options).map_err(|e| e.to_string())?;
    Ok(Box::new(session))
}

/// The search of `fastdraughts`, in-process: `Engine("international").analyse(board,
/// depth=8)`.
///
/// `egdb` is a folder of endgame database files of the variant; `evaluation` a weights
/// file (`draughts tune ...`) instead of the variant's built-in model. Searches release
/// the GIL; `stop()` from another thread ends the running one, which still returns its
/// best move so far. One engine runs one search at a time (others wait).
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
        let move_time = time
            .map(|seconds| {
                Duration::try_from_secs_f64(seconds).map_err(|_| {
                    pyo3::exceptions::PyValueError::new_err(format!(
                        "time={seconds} is not a number of seconds"
                    ))
                })
            })
            .transpose()?;
        let limits = Limits {
            depth,
            nodes,
            move_time,
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
    #[pyo3(signature = (variant = "international", threads = 1, hash_mb = 64, egdb = None, evaluation = None))]
    fn new(
        variant: &str,
        threads: usize,
        hash_mb: usize,
        egdb: Option<PathBuf>,
        evaluation: Option<PathBuf>,
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
    /// `depth`, `nodes`, `time` (seconds), `nps`, `pv` (moves) and `best_move`.
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
