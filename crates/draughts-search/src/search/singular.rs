//! Singular extensions: a table move that beats every other move of its node by a
//! margin is searched one ply deeper.
//!
//! The test searches the node again, at the same ply, with the table move left out
//! (`Worker::excluded`). That node is searched through its other moves only: no table
//! cut-off or store, no static cut-off or razoring, no combination, no history. It
//! runs in this ply's slots; what it leaves there is dealt with in
//! `Worker::singular`.

use super::node::EVALUATION_LIMIT;
use super::Worker;
use crate::score::from_table;
use crate::tt::{Bound, Entry};
use draughts_core::{DrawClock, Position, Variant};
use draughts_eval::{Evaluator, Score};

/// What the singular test found.
pub(super) enum Singular {
    /// No test, or the table move is not singular.
    Plain,
    /// The table move, this index into the ply's list, is singular: it is searched one
    /// ply deeper.
    Extend(usize),
    /// Another move also reaches the test's bound, which is at least `beta`: the node
    /// is cut off with that bound (a multi-cut).
    Cut(Score),
}

/// The test searches to half the depth: below this that would be quiescence, which
/// does not leave a move out.
const LEAST_DEPTH: i32 = 3;

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// The singular test of the node at `ply` (not the root) whose `count` moves are in
    /// `self.lists[ply]`, with the table's `entry` probed there.
    ///
    /// The table move must come with a lower bound or an exact score, an evaluation
    /// rather than a win or a database score, from a search at most three plies
    /// shallower. The node is searched without it to `(depth - 1) / 2` plies around
    /// `singular_beta`, the table's score less the margin a ply of depth; if every other
    /// move falls short of that, the table move is singular. Only while the ply is less
    /// than twice the iteration's depth, so that a line of singular moves, each keeping
    /// the depth it was given, cannot run on to the ply limit.
    ///
    /// The test's search runs in this ply's slots. It generates the move list again
    /// from the same position, so the list is the one the node has; it fills the
    /// ordering keys, which the node fills after the test; and the principal variation
    /// it may leave is emptied here. The node's table entry and windows are its locals.
    /// A stopped search (`self.stopped`) is reported as [`Singular::Plain`];
    /// the caller checks for it.
    ///
    /// Inlined, so that a search with the test off pays one test per node.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn singular(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        depth: i32,
        beta: Score,
        ply: usize,
        entry: Option<Entry>,
        count: usize,
    ) -> Singular {
        let least = self.shared.params.singular_depth;
        if least <= 0 || depth < least.max(LEAST_DEPTH) {
            return Singular::Plain;
        }
        self.singular_test(pos, clock, depth, beta, ply, entry, count)
    }

    /// [`Worker::singular`] at a node deep enough.
    #[allow(clippy::too_many_arguments)]
    fn singular_test(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        depth: i32,
        beta: Score,
        ply: usize,
        entry: Option<Entry>,
        count: usize,
    ) -> Singular {
        let params = self.shared.params;
        if ply == 0
            || ply as i32 >= 2 * self.root_depth
            || count < 2
            || self.excluded[ply].is_some()
        {
            return Singular::Plain;
        }
        let Some(e) = entry else {
            return Singular::Plain;
        };
        let Some(index) = e.move_index.map(usize::from).filter(|&i| i < count) else {
            return Singular::Plain;
        };
        let tt_score = from_table(e.score, ply);
        if e.bound == Bound::Upper || e.depth < depth - 3 || tt_score.abs() >= EVALUATION_LIMIT {
            return Singular::Plain;
        }
        let singular_beta =
            (tt_score - params.singular_margin * depth).clamp(-EVALUATION_LIMIT, EVALUATION_LIMIT);
        self.excluded[ply] = Some(index);
        let score = self.search(
            pos,
            clock,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            false,
        );
        self.excluded[ply] = None;
        self.pv_len[ply] = 0;
        debug_assert_eq!(self.lists[ply].len(), count);
        if self.stopped {
            Singular::Plain
        } else if score < singular_beta {
            Singular::Extend(index)
        } else if params.singular_cut && singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::Plain
        }
    }
}
