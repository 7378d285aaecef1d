//! Principal variation search with iterative deepening, aspiration windows, a shared
//! transposition table and capture-resolving quiescence, on one or more threads
//! (Lazy SMP).

use crate::limits::Limits;
use crate::oracle::TacticalOracle;
use crate::params::{Reductions, SearchParams};
pub use crate::score::DATABASE_WIN;
use crate::score::MAX_PLY;
use crate::time::{moves_left, Budget};
use crate::tt::Table;
use draughts_core::{EndgameOracle, Game, Move, MoveList, Position, Variant, Wld};
use draughts_eval::{Evaluator, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod iterate;
mod node;
mod oracles;
mod ordering;
mod quiesce;
mod singular;
mod threats;

use oracles::MaterialKey;
use ordering::Order;

/// What the search reports after each completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo<V: Variant> {
    /// Nominal depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Score for the side to move at the root.
    pub score: Score,
    /// Nodes searched so far, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move<V>>,
    /// What produced it: this search, or a book its caller consulted instead.
    pub source: Source,
}

/// What produced a [`SearchInfo`] or [`SearchResult`]: the search itself says
/// [`Source::Search`]; a caller that answers from an opening book instead (the engine
/// session) says [`Source::Book`], with depth 0 and no nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Source {
    /// A search.
    #[default]
    Search,
    /// An opening book.
    Book,
}

impl<V: Variant> SearchInfo<V> {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-6)
    }
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<V: Variant> {
    /// The move to play (`None` only when there is no legal move).
    pub best_move: Option<Move<V>>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move<V>>,
    /// Score for the side to move.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move<V>>,
    /// What produced it: this search, or a book its caller consulted instead.
    pub source: Source,
}

/// Stop and ponder control of one search, shareable with another thread (for example
/// one reading protocol commands). Make a fresh one for each search: a stop requested
/// before the search starts is honoured at once.
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    ponder_hit: Mutex<Option<Instant>>,
}

impl Control {
    /// Asks the running search to stop as soon as possible; it still returns its best
    /// move so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was requested.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The opponent played the expected move: the ponder search becomes a normal one
    /// whose time limits count from now.
    pub fn ponder_hit(&self) {
        if let Ok(mut at) = self.ponder_hit.lock() {
            *at = Some(Instant::now());
        }
        self.pondering.store(false, Ordering::Relaxed);
    }

    /// Whether this controls a ponder search still waiting for [`Control::ponder_hit`].
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// The control of a ponder search: time limits wait for [`Control::ponder_hit`].
    pub fn pondering() -> Control {
        Control {
            pondering: AtomicBool::new(true),
            ..Control::default()
        }
    }
}

/// A searcher for variant `V` with evaluator `E`: owns the transposition table and the
/// thread count, and lends both to each search.
pub struct Searcher<V: Variant, E: Evaluator<V>> {
    eval: Arc<E>,
    table: Arc<Table>,
    threads: usize,
    endgame: Option<Arc<dyn EndgameOracle<V>>>,
    convert: bool,
    tactics: Option<Arc<dyn TacticalOracle<V>>>,
    threats: Option<Arc<dyn TacticalOracle<V>>>,
    params: SearchParams,
    /// The reductions `params` give, tabulated once.
    reductions: Reductions,
}

/// What every search thread shares.
struct Shared<'a, V: Variant, E: Evaluator<V>> {
    eval: &'a E,
    table: &'a Table,
    control: &'a Control,
    endgame: Option<&'a dyn EndgameOracle<V>>,
    /// The root's material when the endgame oracle knows the root as won or lost: the
    /// search then looks past database positions of that material for the next capture
    /// or promotion (a conversion) instead of stopping at them.
    converting: Option<MaterialKey>,
    /// The tactical oracle with the most a leaf asks it to gain: its
    /// [`TacticalOracle::max_gain`], at most [`SearchParams::leaf_gain_limit`].
    tactics: Option<(&'a dyn TacticalOracle<V>, Score)>,
    /// The oracle of threat templates ([`TacticalOracle::threat`]).
    threats: Option<&'a dyn TacticalOracle<V>>,
    params: SearchParams,
    reductions: &'a Reductions,
    limits: Limits,
    /// The time budget, from the limits and the root's material.
    budget: Option<Budget>,
    start: Instant,
    nodes: AtomicU64,
}

impl<V: Variant, E: Evaluator<V>> Shared<'_, V, E> {
    /// When the move's time started counting: `None` while pondering; the ponder hit
    /// after one; else the start of the search.
    fn time_origin(&self) -> Option<Instant> {
        if self.control.pondering.load(Ordering::Relaxed) {
            return None;
        }
        let hit = self.control.ponder_hit.lock().ok().and_then(|at| *at);
        Some(hit.unwrap_or(self.start))
    }

    /// The time limits in force, soft and hard: none while pondering; counted from the
    /// ponder hit after one.
    fn deadlines(&self) -> Option<(Instant, Instant)> {
        let budget = self.budget?;
        let from = self.time_origin()?;
        Some((from + budget.soft, from + budget.hard))
    }
}

impl<V: Variant, E: Evaluator<V>> Searcher<V, E> {
    /// A searcher with a 64 MiB table and one thread.
    pub fn new(eval: E) -> Searcher<V, E> {
        Searcher::with_hash_size(eval, 64)
    }

    /// A searcher with a table of `mib` mebibytes and one thread. Cheaper than
    /// [`Searcher::new`] followed by [`Searcher::set_hash_size`], which first builds the
    /// 64 MiB table: the tuner builds a searcher per game, thousands per minute.
    ///
    /// ```
    /// use draughts_core::{English, Game};
    /// use draughts_eval::LinearEval;
    /// use draughts_search::{Control, Limits, Searcher};
    ///
    /// let searcher = Searcher::with_hash_size(LinearEval::<English>::default(), 1);
    /// let result = searcher.search(&Game::new(), Limits::depth(2), &Control::default(), &mut |_| {});
    /// assert!(result.best_move.is_some());
    /// ```
    pub fn with_hash_size(eval: E, mib: usize) -> Searcher<V, E> {
        let params = SearchParams::for_variant::<V>();
        Searcher {
            eval: Arc::new(eval),
            table: Arc::new(Table::new(mib)),
            threads: 1,
            endgame: None,
            convert: true,
            tactics: None,
            threats: None,
            params,
            reductions: Reductions::new(&params),
        }
    }

    /// Replaces the transposition table by one of `mib` mebibytes.
    pub fn set_hash_size(&mut self, mib: usize) {
        self.table = Arc::new(Table::new(mib));
    }

    /// Sets the number of search threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// Lends the search an endgame database.
    pub fn set_endgame_oracle(&mut self, oracle: Option<Arc<dyn EndgameOracle<V>>>) {
        self.endgame = oracle;
    }

    /// Whether a search from a won or lost database position looks past the database
    /// positions of the root's material for the next capture or promotion (on by
    /// default). Off, the search stops at every database position, and a won position
    /// may be shuffled in until a draw rule ends the game; kept for comparison.
    pub fn set_database_conversion(&mut self, on: bool) {
        self.convert = on;
    }

    /// Lends the search a tactical-template matcher.
    pub fn set_tactical_oracle(&mut self, oracle: Option<Arc<dyn TacticalOracle<V>>>) {
        self.tactics = oracle;
    }

    /// Lends the search threat templates, asked where [`SearchParams::threat_depth`]
    /// and [`SearchParams::threat_leaves`] say.
    pub fn set_threat_oracle(&mut self, oracle: Option<Arc<dyn TacticalOracle<V>>>) {
        self.threats = oracle;
    }

    /// Replaces the numbers that shape the tree (for tuning; the defaults,
    /// [`SearchParams::for_variant`], are the measured best).
    pub fn set_params(&mut self, params: SearchParams) {
        self.params = params;
        self.reductions = Reductions::new(&params);
    }

    /// The numbers that shape the tree.
    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Forgets what earlier searches learned (a new game).
    pub fn clear(&self) {
        self.table.clear();
    }

    /// Searches the current position of `game`, reporting each completed iteration to
    /// `info`.
    ///
    /// The game's history makes repetitions and the move-count rules draws inside the
    /// tree (use [`Game::from_position`] for a bare position). `control` stops the
    /// search from another thread, or holds its time limits until a ponder hit (see
    /// [`Control::pondering`]). With one thread and a depth or node limit the result is
    /// deterministic.
    pub fn search(
        &self,
        game: &Game<V>,
        limits: Limits,
        control: &Control,
        info: &mut dyn FnMut(&SearchInfo<V>),
    ) -> SearchResult<V> {
        let root = game.position();
        let positions = game.positions();
        let history = &positions[..positions.len().saturating_sub(1)];
        let clock = game.clock();
        self.table.new_search();
        let endgame = self.endgame.as_deref();
        let converting = endgame
            .filter(|oracle| self.convert && root.piece_count() <= oracle.max_pieces())
            .and_then(|oracle| oracle.probe(root))
            .filter(|&value| value != Wld::Draw)
            .map(|_| MaterialKey::of(root));
        let shared = Shared {
            eval: &*self.eval,
            table: &self.table,
            control,
            endgame,
            converting,
            tactics: self
                .tactics
                .as_deref()
                .map(|oracle| (oracle, oracle.max_gain().min(self.params.leaf_gain_limit))),
            threats: self.threats.as_deref(),
            params: self.params,
            reductions: &self.reductions,
            limits,
            budget: limits.budget(moves_left(
                root.piece_count(),
                Position::<V>::initial().piece_count(),
            )),
            start: Instant::now(),
            nodes: AtomicU64::new(0),
        };
        // Only positions since the last man move or capture can recur.
        let run = history.len().min(usize::from(clock.reversible_plies()));
        let path: Vec<u64> = history[history.len() - run..]
            .iter()
            .map(Position::hash)
            .collect();
        let result = std::thread::scope(|scope| {
            for id in 1..self.threads {
                let (shared, path) = (&shared, path.clone());
                scope
                    .spawn(move || Worker::new(shared, path, id).iterate(root, clock, &mut |_| {}));
            }
            let result = Worker::new(&shared, path, 0).iterate(root, clock, info);
            shared.control.stop();
            result
        });
        SearchResult {
            nodes: shared.nodes.load(Ordering::Relaxed),
            time: shared.start.elapsed(),
            ..result
        }
    }
}

/// One search thread's state.
struct Worker<'a, V: Variant, E: Evaluator<V>> {
    shared: &'a Shared<'a, V, E>,
    id: usize,
    nodes: u64,
    unreported: u64,
    seldepth: usize,
    stopped: bool,
    /// Hashes of the positions before the current node: the game's reversible run,
    /// then the search path.
    path: Vec<u64>,
    history: Box<[[i32; 64]; 64]>,
    pv: Box<[[Option<Move<V>>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The score of the root's principal variation, set whenever it changes: what an
    /// interrupted iteration's best move is known to be worth.
    root_score: Score,
    /// The moves of each ply, kept off the stack (a list is several kilobytes).
    lists: Box<[MoveList<V>]>,
    /// Their ordering keys.
    orders: Box<[Order]>,
    /// The move (an index into that ply's list) a singular test leaves out of the node
    /// it searches again at that ply.
    excluded: [Option<usize>; MAX_PLY + 1],
    /// The evaluation of each ply's node where `unimproving_reduction` needs it (a
    /// quiet node of at least `reduce_depth` plies), else `None`.
    evals: [Option<Score>; MAX_PLY + 1],
    /// The depth of the current iteration.
    root_depth: i32,
    /// Whether a quiescence node is searching the replies to a threat: no other
    /// quiescence node of its line asks for one.
    answering_threat: bool,
}

impl<'a, V: Variant, E: Evaluator<V>> Worker<'a, V, E> {
    fn new(shared: &'a Shared<'a, V, E>, path: Vec<u64>, id: usize) -> Self {
        Worker {
            shared,
            id,
            nodes: 0,
            unreported: 0,
            seldepth: 0,
            stopped: false,
            path,
            history: Box::new([[ordering::HISTORY_ONE / 2; 64]; 64]),
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            root_score: 0,
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            orders: (0..=MAX_PLY).map(|_| Order::new()).collect(),
            excluded: [None; MAX_PLY + 1],
            evals: [None; MAX_PLY + 1],
            root_depth: 0,
            answering_threat: false,
        }
    }
}
