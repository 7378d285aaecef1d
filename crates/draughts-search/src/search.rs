//! Principal variation search with iterative deepening, aspiration windows, a shared
//! transposition table and capture-resolving quiescence, on one or more threads
//! (Lazy SMP).

use crate::limits::Limits;
use crate::oracle::{EndgameOracle, TacticalOracle, Wld};
pub use crate::score::DATABASE_WIN;
use crate::score::{
    from_table, is_decisive, to_table, DATABASE_PLY, DRAW, INFINITY, MAX_PLY, PROGRESS_DIVISOR,
    PROGRESS_LIMIT, UNCONVERTED_WIN, WIN,
};
use crate::tt::{Bound, Entry, Table};
use draughts_core::{Color, DrawClock, Game, Kind, Move, MoveList, Position, Variant};
use draughts_eval::{Evaluator, Score};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The least remaining depth at which an interior node asks the tactical oracle for a
/// combination to search (leaves ask for one to add to their evaluation).
const COMBINATION_DEPTH: i32 = 2;

/// The most a quiet leaf asks the tactical oracle to gain: a leaf further below alpha
/// than a quarter of a man does not ask. Leaf asks are most of the asks and of their
/// cost, and they bring the gain in play (interior asks alone: +3.5 Elo at equal
/// nodes). With this limit two in five of the leaves within a man of alpha ask, the
/// node rate loses about 15% instead of 19-20%, and the gain at equal nodes is +20.9
/// against +28.7 with a man (BENCHMARKS.md, "Fewer leaf asks").
const LEAF_GAIN_LIMIT: Score = 25;

/// Deepest remaining depth at which a quiet node far above `beta` is cut off without a
/// search (chosen by the matches in BENCHMARKS.md, "Static cut-off near the horizon").
const STATIC_CUT_DEPTH: i32 = 4;

/// How far above `beta`, a ply of remaining depth, the evaluation must be for that
/// cut-off (a man is 100).
const STATIC_CUT_MARGIN: Score = 60;

/// Bounds beyond this are wins, losses or database scores, where no static cut-off is
/// made.
const EVALUATION_LIMIT: Score = 10_000;

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
    /// [`TacticalOracle::max_gain`], at most [`LEAF_GAIN_LIMIT`].
    tactics: Option<(&'a dyn TacticalOracle<V>, Score)>,
    limits: Limits,
    start: Instant,
    nodes: AtomicU64,
}

impl<V: Variant, E: Evaluator<V>> Shared<'_, V, E> {
    /// The time limits in force: none while pondering; counted from the ponder hit after
    /// one.
    fn deadlines(&self) -> Option<(Instant, Instant)> {
        if self.control.pondering.load(Ordering::Relaxed) {
            return None;
        }
        let (soft, hard) = self.limits.budget()?;
        let from = self
            .control
            .ponder_hit
            .lock()
            .ok()
            .and_then(|at| *at)
            .unwrap_or(self.start);
        Some((from + soft, from + hard))
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
        Searcher {
            eval: Arc::new(eval),
            table: Arc::new(Table::new(mib)),
            threads: 1,
            endgame: None,
            convert: true,
            tactics: None,
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
                .map(|oracle| (oracle, oracle.max_gain().min(LEAF_GAIN_LIMIT))),
            limits,
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
    killers: Box<[[Option<Move<V>>; 2]; MAX_PLY + 1]>,
    history: Box<[[i32; 64]; 64]>,
    pv: Box<[[Option<Move<V>>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// The moves of each ply, kept off the stack (a list is several kilobytes).
    lists: Box<[MoveList<V>]>,
    /// Their ordering keys.
    orders: Box<[Order]>,
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
            killers: Box::new([[None; 2]; MAX_PLY + 1]),
            history: Box::new([[0; 64]; 64]),
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            lists: (0..=MAX_PLY).map(|_| MoveList::new()).collect(),
            orders: (0..=MAX_PLY).map(|_| Order::new()).collect(),
        }
    }

    /// Iterative deepening with aspiration windows.
    fn iterate(
        &mut self,
        root: &Position<V>,
        clock: DrawClock<V>,
        info: &mut dyn FnMut(&SearchInfo<V>),
    ) -> SearchResult<V> {
        let moves = root.legal_moves();
        let mut best = SearchResult {
            best_move: moves.first().copied(),
            ponder: None,
            score: if moves.is_empty() { -WIN } else { 0 },
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: moves.first().copied().into_iter().collect(),
        };
        if moves.is_empty() {
            return best;
        }
        let max_depth = self
            .shared
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let base = self.path.len();
        // Helper threads start one ply deeper on odd ids to spread the work.
        let first = 1 + (self.id % 2) as u32;
        for depth in first..=max_depth {
            let mut delta = 30;
            let (mut alpha, mut beta) = if depth >= 5 && !is_decisive(best.score) {
                (best.score - delta, best.score + delta)
            } else {
                (-INFINITY, INFINITY)
            };
            let score = loop {
                let score = self.search(root, clock, depth as i32, alpha, beta, 0, true);
                self.path.truncate(base);
                if self.stopped {
                    break score;
                }
                if score <= alpha {
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITY);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITY);
                } else {
                    break score;
                }
                delta += delta / 2;
            };
            if self.stopped && depth > first {
                // An interrupted iteration's move is still good if it was already best.
                if let Some(mv) = self.pv[0][0] {
                    if self.pv_len[0] > 0 && Some(mv) == best.best_move {
                        best.score = best.score.max(score);
                    }
                }
                break;
            }
            let pv: Vec<Move<V>> = self.pv[0][..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect();
            best = SearchResult {
                best_move: pv.first().copied().or(best.best_move),
                ponder: pv.get(1).copied(),
                score,
                depth,
                nodes: 0,
                time: Duration::ZERO,
                pv: pv.clone(),
            };
            self.flush_nodes();
            info(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.shared.nodes.load(Ordering::Relaxed),
                time: self.shared.start.elapsed(),
                pv,
            });
            if self.stopped || self.past_soft_limit() {
                break;
            }
        }
        best
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    fn past_soft_limit(&self) -> bool {
        if self.shared.control.is_stopped() {
            return true;
        }
        matches!(self.shared.deadlines(), Some((soft, _)) if Instant::now() >= soft)
    }

    /// Checks the stop conditions every 1024 nodes.
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            self.flush_nodes();
            let shared = self.shared;
            let out_of_nodes = shared
                .limits
                .nodes
                .is_some_and(|n| shared.nodes.load(Ordering::Relaxed) >= n);
            let out_of_time =
                matches!(shared.deadlines(), Some((_, hard)) if Instant::now() >= hard);
            if out_of_nodes || out_of_time {
                shared.control.stop();
            }
            self.stopped = shared.control.is_stopped();
        }
        self.stopped
    }

    fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply);
    }

    /// Whether `hash` repeats a position of the last `run` entries of the path (those
    /// since the last man move or capture) with the same side to move.
    fn is_repetition(&self, hash: u64, run: usize) -> bool {
        let n = self.path.len();
        (2..=run.min(n))
            .step_by(2)
            .any(|back| self.path[n - back] == hash)
    }

    /// The alpha-beta search proper; `clock` holds the draw-rule counters of `pos`.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        // 1. Horizon: resolve captures, then evaluate.
        self.pv_len[ply] = 0;
        if depth <= 0 {
            return self.quiesce(pos, clock, alpha, beta, ply, 1);
        }
        self.count_node(ply);
        if self.check_stop() {
            return 0;
        }
        let hash = pos.hash();

        // 2. Draws by repetition (the root itself is never a draw).
        if ply > 0 && self.is_repetition(hash, usize::from(clock.reversible_plies())) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.shared.eval.evaluate(pos);
        }

        // 3. Transposition table. The moves are generated first (they are needed unless
        //    the table cuts the node off), so that the table's bucket, prefetched by the
        //    parent, has that much longer to arrive.
        pos.generate_moves(&mut self.lists[ply]);
        let entry = self.shared.table.probe(hash);
        if let Some(e) = entry {
            if !pv_node && ply > 0 && e.depth >= depth {
                let score = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        // 4. Moves; none means the side to move has lost.
        let count = self.lists[ply].len();
        if count == 0 {
            return -(WIN - ply as Score);
        }
        if ply > 0 && clock.draw().is_some() {
            return DRAW;
        }
        // The first child's table bucket can load during the ordering: the table's move
        // is searched first; without one, which move comes first is not known yet, so
        // every child's bucket is fetched (the later ones are then mostly in the cache).
        let tt_move = entry.and_then(|e| e.move_index).map(usize::from);
        if depth > 1 || count == 1 {
            match tt_move.and_then(|i| self.lists[ply].get(i)) {
                Some(&mv) => self.shared.table.prefetch(pos.play_unchecked(&mv).hash()),
                None => {
                    for mv in &self.lists[ply] {
                        self.shared.table.prefetch(pos.play_unchecked(mv).hash());
                    }
                }
            }
        }

        // 5. Endgame database (searched on, from a won or lost root, until a capture or
        //    promotion changes the material).
        if ply > 0 {
            if let Some(score) = self.probe_endgame(pos, clock, ply, true) {
                return score;
            }
        }

        // 6. Static cut-off near the horizon: a quiet position whose evaluation beats
        //    `beta` by more than a margin a ply is not searched. Neither side may have a
        //    capture (the evaluation of such a position means nothing), and the bound
        //    must be an evaluation, not a win or a database score.
        if !pv_node
            && depth <= STATIC_CUT_DEPTH
            && beta.abs() < EVALUATION_LIMIT
            && !self.lists[ply][0].is_capture()
            && !pos.opponent_has_capture()
        {
            let eval = fade_towards_draw::<V>(self.shared.eval.evaluate(pos), clock);
            if eval - STATIC_CUT_MARGIN * depth >= beta {
                return eval;
            }
        }

        // 7. Move ordering.
        self.order(tt_move, ply);

        // 8. A proven combination: the defender's moves in its line are forced, so the
        //    position at its end, searched, bounds this node from below. A non-PV node
        //    the table knows from a search one ply shallower asked the oracle then: if
        //    the combination was best, it is the table's move, searched first. PV
        //    nodes, the root among them, ask on every visit: the line searched to one
        //    ply less than the root is what finds combinations there (BENCHMARKS.md,
        //    "A confirmed suite, and interior asks ...").
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = 0;
        let searched =
            !pv_node && entry.is_some_and(|e| e.move_index.is_some() && e.depth >= depth - 1);
        let combination = if searched {
            None
        } else {
            self.combination(pos, clock, depth, alpha, beta, ply)
        };
        if let Some((score, index)) = combination {
            if self.stopped {
                return 0;
            }
            best = score;
            best_index = index;
            if score > alpha {
                alpha = score;
                self.pv_len[ply + 1] = 0;
                self.update_pv(ply, self.lists[ply][index]);
            }
        }

        // 9. The moves, principal variation first, later ones with null windows and
        //    reductions.
        self.path.push(hash);
        let forced = count == 1;
        // A forced move costs no depth.
        let new_depth = if forced { depth } else { depth - 1 };
        // Each child is made one move ahead, with a prefetch of its table bucket, so
        // that the memory access overlaps the search of the move before it.
        let mut next = self.next_child(pos, 0, new_depth, ply);
        for n in 0..count {
            if best >= beta {
                break;
            }
            let (i, mv, child) = next;
            if n + 1 < count {
                next = self.next_child(pos, n + 1, new_depth, ply);
            }
            let child_clock = clock.after(pos, &mv, &child);
            let score = if n == 0 {
                -self.search(
                    &child,
                    child_clock,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                )
            } else {
                let quiet = !mv.is_capture() && !self.is_killer(&mv, ply);
                let reduction = if quiet && depth >= 3 && n >= 3 && !pv_node {
                    1 + (n >= 8 && depth >= 6) as i32
                } else {
                    0
                };
                let mut score = -self.search(
                    &child,
                    child_clock,
                    new_depth - reduction,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if score > alpha && reduction > 0 {
                    score = -self.search(
                        &child,
                        child_clock,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                    );
                }
                if score > alpha && score < beta {
                    score =
                        -self.search(&child, child_clock, new_depth, -beta, -alpha, ply + 1, true);
                }
                score
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_index = i;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                    if score >= beta {
                        if !mv.is_capture() {
                            self.reward(&mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }

        self.path.pop();

        // 10. Remember the result.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.table.store(
            hash,
            Entry {
                score: to_table(best, ply),
                depth,
                bound,
                move_index: Some(best_index as u16),
            },
        );
        best
    }

    /// The `n`-th move of ply `ply` in search order, with its index and the position
    /// it leads to, whose table bucket is prefetched if that position will probe it
    /// (a search of `depth` above zero).
    #[inline]
    fn next_child(
        &mut self,
        pos: &Position<V>,
        n: usize,
        depth: i32,
        ply: usize,
    ) -> (usize, Move<V>, Position<V>) {
        let i = pick(&mut self.orders[ply], n);
        let mv = self.lists[ply][i];
        let child = pos.play_unchecked(&mv);
        if depth > 0 {
            self.shared.table.prefetch(child.hash());
        }
        (i, mv, child)
    }

    /// At an interior node of at least [`COMBINATION_DEPTH`] whose position is quiet,
    /// the tactical oracle's combination, if it has one: the line is played out and
    /// the position at its end searched with one ply less than this node has. Every
    /// defender move of the line is its only legal move, so the score is a lower bound
    /// of this node's; it comes back with the index of the line's first move.
    fn combination(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
    ) -> Option<(Score, usize)> {
        let (tactics, _) = self.shared.tactics?;
        if depth < COMBINATION_DEPTH
            || self.lists[ply][0].is_capture()
            || pos.opponent_has_capture()
        {
            return None;
        }
        let combination = tactics.combination(pos, 1)?;
        let end_ply = ply + combination.line.len();
        let first = *combination.line.first()?;
        let index = self.lists[ply].iter().position(|mv| *mv == first)?;
        if end_ply >= MAX_PLY - 1 {
            return None;
        }
        let mut here = *pos;
        let mut here_clock = clock;
        let pushed = self.path.len();
        for mv in &combination.line {
            self.path.push(here.hash());
            let next = here.play_unchecked(mv);
            here_clock = here_clock.after(&here, mv, &next);
            here = next;
        }
        // Negamax: the score at the end is the attacker's when the attacker is to move.
        let score = if here.turn() == pos.turn() {
            self.search(&here, here_clock, depth - 1, alpha, beta, end_ply, false)
        } else {
            -self.search(&here, here_clock, depth - 1, -beta, -alpha, end_ply, false)
        };
        self.path.truncate(pushed);
        Some((score, index))
    }

    /// Resolves pending captures before evaluating. A position where the side to move
    /// must capture is searched through its captures; one where only the opponent
    /// threatens a capture gets `threat_plies` more full plies, so that the threat is
    /// answered or executed before the position is judged.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        threat_plies: u32,
    ) -> Score {
        self.count_node(ply);
        if self.check_stop() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.shared.eval.evaluate(pos);
        }
        let must_capture = pos.has_capture();
        let threatened = !must_capture && threat_plies > 0 && pos.opponent_has_capture();
        if !must_capture && !threatened {
            return self.leaf(pos, clock, ply, alpha, beta);
        }
        pos.generate_moves(&mut self.lists[ply]);
        let count = self.lists[ply].len();
        if count == 0 {
            return -(WIN - ply as Score);
        }
        let next_threat = if must_capture {
            threat_plies
        } else {
            threat_plies - 1
        };
        let mut best = -INFINITY;
        for i in 0..count {
            let mv = self.lists[ply][i];
            let child = pos.play_unchecked(&mv);
            let child_clock = clock.after(pos, &mv, &child);
            let score = -self.quiesce(&child, child_clock, -beta, -alpha, ply + 1, next_threat);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The value of a quiet position: the database's if it knows, a proven combination
    /// if the tactical oracle has one, else the evaluation, drawn towards zero as the
    /// king-move draw rule comes near, so that the side ahead makes progress in time.
    fn leaf(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if let Some(score) = self.probe_endgame(pos, clock, ply, false) {
            return score;
        }
        let eval = fade_towards_draw::<V>(self.shared.eval.evaluate(pos), clock);
        // A combination only adds to the evaluation: at or above `beta` the node fails
        // high without asking, and a gain that cannot lift it above `alpha` is not
        // asked for (the node fails low either way).
        if eval >= beta {
            return eval;
        }
        if let Some((tactics, max_gain)) = self.shared.tactics {
            let needed = alpha.saturating_add(1).saturating_sub(eval).max(1);
            if needed <= max_gain {
                if let Some(gain) = tactics.gain(pos, needed) {
                    return eval + gain;
                }
            }
        }
        eval
    }

    /// The database's score of `pos`, if it knows the position.
    ///
    /// A win scores [`DATABASE_WIN`] less [`DATABASE_PLY`] a ply, so the shortest route
    /// is preferred, with a small share of the evaluation as a tie-break. When the
    /// search started from a won or lost database position, positions of the root's
    /// material are not conversions yet: at an `interior` node the search goes on
    /// (`None`), at a leaf they score [`UNCONVERTED_WIN`] plus the evaluation, so that
    /// the winner heads for the nearest capture or promotion it can see and the loser
    /// puts it off; the move-count draw rules still apply to them.
    ///
    /// Inlined, so that a search without a database pays one test per node.
    #[inline]
    fn probe_endgame(
        &self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        ply: usize,
        interior: bool,
    ) -> Option<Score> {
        let oracle = self.shared.endgame?;
        self.probe_database(oracle, pos, clock, ply, interior)
    }

    /// [`Worker::probe_endgame`] with a database.
    fn probe_database(
        &self,
        oracle: &dyn EndgameOracle<V>,
        pos: &Position<V>,
        clock: DrawClock<V>,
        ply: usize,
        interior: bool,
    ) -> Option<Score> {
        if pos.piece_count() > oracle.max_pieces() {
            return None;
        }
        let value = oracle.probe(pos)?;
        let unconverted = self.shared.converting == Some(MaterialKey::of(pos));
        if value == Wld::Draw {
            return Some(DRAW);
        }
        if unconverted && interior {
            return None;
        }
        if unconverted && clock.draw().is_some() && !pos.is_lost() {
            return Some(DRAW);
        }
        let progress = self
            .shared
            .eval
            .evaluate(pos)
            .clamp(-PROGRESS_LIMIT, PROGRESS_LIMIT);
        let (win, progress) = if unconverted {
            (UNCONVERTED_WIN, progress)
        } else {
            (
                DATABASE_WIN - DATABASE_PLY * ply as Score,
                progress / PROGRESS_DIVISOR,
            )
        };
        Some(match value {
            Wld::Win => win + progress,
            _ => -win + progress,
        })
    }

    fn update_pv(&mut self, ply: usize, mv: Move<V>) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = Some(mv);
        let len = child_len.min(MAX_PLY - 1);
        if len > 0 {
            head[ply][1..=len].copy_from_slice(&tail[0][..len]);
        }
        self.pv_len[ply] = len + 1;
    }

    fn is_killer(&self, mv: &Move<V>, ply: usize) -> bool {
        self.killers[ply].contains(&Some(*mv))
    }

    fn reward(&mut self, mv: &Move<V>, ply: usize, depth: i32) {
        if self.killers[ply][0] != Some(*mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(*mv);
        }
        let h = &mut self.history[mv.from_bit() as usize & 63][mv.to_bit() as usize & 63];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// Fills the ordering keys of ply `ply`'s moves: the table's move, then killers,
    /// then history.
    fn order(&mut self, tt_move: Option<usize>, ply: usize) {
        let (killers, history) = (&self.killers[ply], &self.history);
        let order = &mut self.orders[ply];
        order.clear();
        for (i, mv) in self.lists[ply].iter().enumerate() {
            let key = if Some(i) == tt_move {
                i32::MAX
            } else if killers[0] == Some(*mv) {
                i32::MAX - 1
            } else if killers[1] == Some(*mv) {
                i32::MAX - 2
            } else {
                history[mv.from_bit() as usize & 63][mv.to_bit() as usize & 63]
            };
            order.push((key, i as u16));
        }
    }
}

/// A material signature: men and kings of each colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct MaterialKey([u32; 4]);

impl MaterialKey {
    fn of<V: Variant>(pos: &Position<V>) -> MaterialKey {
        let count = |color, kind| pos.count(color, kind);
        MaterialKey([
            count(Color::White, Kind::Man),
            count(Color::White, Kind::King),
            count(Color::Black, Kind::Man),
            count(Color::Black, Kind::King),
        ])
    }
}

/// Plies of king moves after which an evaluation starts fading towards a draw.
const FADE_START: u16 = 10;

/// `eval` scaled linearly from full strength at [`FADE_START`] reversible plies to zero
/// where the king-move rule ([`Variant::KING_MOVES_DRAW_PLIES`]) draws the game.
fn fade_towards_draw<V: Variant>(eval: Score, clock: DrawClock<V>) -> Score {
    let plies = clock.reversible_plies();
    match V::KING_MOVES_DRAW_PLIES {
        Some(limit) if plies > FADE_START && limit > FADE_START => {
            let left = Score::from(limit.saturating_sub(plies));
            eval * left / Score::from(limit - FADE_START)
        }
        _ => eval,
    }
}

/// Ordering keys with move indices.
type Order = arrayvec::ArrayVec<(i32, u16), { draughts_core::MAX_MOVES }>;

/// Moves the best-keyed remaining entry to position `n` and returns its move index;
/// among equal keys, the first.
///
/// Key and position are packed into one word whose maximum is the entry wanted, so
/// that the scan has no data-dependent branch to mispredict.
#[inline]
fn pick(order: &mut [(i32, u16)], n: usize) -> usize {
    let packed = |j: usize| (i64::from(order[j].0) << 32) | i64::from(u32::MAX - j as u32);
    let best = (n + 1..order.len()).map(packed).fold(packed(n), i64::max);
    let best = (u32::MAX - best as u32) as usize;
    order.swap(n, best);
    order[n].1 as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    /// The first of the best keys, as a plain scan finds it, on every prefix of some
    /// lists with repeated keys.
    #[test]
    fn pick_takes_the_first_best_key() {
        let mut seed = 7u64;
        for len in 1..40 {
            let mut order: Vec<(i32, u16)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    (
                        [i32::MIN, -3, 0, 5, i32::MAX][(seed >> 60) as usize % 5],
                        i as u16,
                    )
                })
                .collect();
            let mut expected = order.clone();
            for n in 0..len {
                let mut best = n;
                for j in n + 1..len {
                    if expected[j].0 > expected[best].0 {
                        best = j;
                    }
                }
                expected.swap(n, best);
                assert_eq!(pick(&mut order, n), usize::from(expected[n].1));
                assert_eq!(order, expected);
            }
        }
    }

    /// The evaluation fades to nothing exactly where the king-move rule draws.
    #[test]
    fn evaluation_fades_towards_the_king_move_draw() {
        let mut pos: Position<International> = "W:WK46:BK3".parse().expect("test FEN");
        let mut clock = DrawClock::new(&pos);
        let shuffle = ["46-41", "3-8", "41-46", "8-3"];
        let mut faded = Vec::new();
        for ply in 0..50 {
            faded.push(fade_towards_draw::<International>(400, clock));
            let mv = pos.parse_move(shuffle[ply % 4]).expect("legal");
            let next = pos.play_unchecked(&mv);
            clock = clock.after(&pos, &mv, &next);
            pos = next;
        }
        faded.push(fade_towards_draw::<International>(400, clock));
        assert!(faded[..=FADE_START as usize].iter().all(|&e| e == 400));
        assert!(faded.windows(2).all(|w| w[1] <= w[0]));
        assert_eq!(faded[30], 200);
        assert_eq!(faded[50], 0);
        // English counts to 80 plies.
        let english: Position<English> = "W:WK1:BK32".parse().expect("test FEN");
        assert_eq!(
            fade_towards_draw::<English>(-300, DrawClock::new(&english)),
            -300
        );
    }
}
