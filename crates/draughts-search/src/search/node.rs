//! The node search: principal variation search with reductions and cut-offs.

use super::ordering::pick;
use super::quiesce::fade_towards_draw;
use super::singular::Singular;
use super::Worker;
use crate::score::{from_table, no_move_score, to_table, DRAW, INFINITY, MAX_PLY};
use crate::tt::{Bound, Entry};
use draughts_core::{DrawClock, Kind, Move, Position, Variant};
use draughts_eval::{Evaluator, Score};

/// Bounds beyond this are wins, losses or database scores, where no static cut-off is
/// made.
pub(super) const EVALUATION_LIMIT: Score = 10_000;

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// The alpha-beta search proper; `clock` holds the draw-rule counters of `pos`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        mut depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv_node: bool,
    ) -> Score {
        // 1. Horizon: resolve captures, then evaluate.
        self.pv_len[ply] = 0;
        if depth <= 0 {
            return self.quiesce(
                pos,
                clock,
                alpha,
                beta,
                ply,
                self.shared.params.qs_exchanges,
            );
        }
        self.count_node(ply);
        if self.check_stop() {
            return 0;
        }
        let hash = pos.hash();
        // The move a singular test leaves out of this node, which is then searched
        // through its other moves only (see `singular.rs`).
        let excluded = self.excluded[ply];

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
            if !pv_node && ply > 0 && excluded.is_none() && e.depth >= depth {
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

        // 4. Moves; none ends the game (a loss, or a win in a variant played to lose).
        let count = self.lists[ply].len();
        if count == 0 {
            return no_move_score::<V>(ply);
        }
        if ply > 0 && clock.draw().is_some() {
            return DRAW;
        }
        // The first child's table bucket can load during the ordering: the table's move
        // is searched first; without one, which move comes first is not known yet, so
        // every child's bucket is fetched (the later ones are then mostly in the cache).
        let tt_move = entry
            .and_then(|e| e.move_index)
            .map(usize::from)
            .filter(|&i| Some(i) != excluded);
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

        // 6. Off the principal variation, a child the table knows may already refute
        //    the move that led here (an enhanced transposition cut-off; off by default).
        let params = self.shared.params;
        if !pv_node
            && ply > 0
            && excluded.is_none()
            && count > 1
            && params.etc_depth > 0
            && depth >= params.etc_depth
        {
            if let Some((score, index)) = self.transposition_cut(pos, clock, depth, beta, ply) {
                self.shared.table.store(
                    hash,
                    Entry {
                        score: to_table(score, ply),
                        depth,
                        bound: Bound::Lower,
                        move_index: Some(index as u16),
                    },
                );
                return score;
            }
        }

        // 7. Whether the side to move is better off than two plies before, for the
        //    reductions of the late moves (only with `unimproving_reduction`).
        self.evals[ply] = (params.unimproving_reduction > 0
            && depth >= params.reduce_depth
            && self.is_quiet(pos, ply))
        .then(|| self.shared.eval.evaluate(pos));
        let improving = match (self.evals[ply], ply.checked_sub(2).map(|p| self.evals[p])) {
            (Some(now), Some(Some(before))) => now > before,
            _ => true,
        };

        // 8. A threat near the horizon: a quiet node whose side to move is threatened
        //    is searched one ply deeper, the counters first, and not cut off
        //    statically (see `threats.rs`); no extension past twice the iteration's
        //    depth.
        let threat = if depth <= params.threat_depth
            && excluded.is_none()
            && (ply as i32) < 2 * self.root_depth
            && self.shared.threats.is_some()
        {
            let eval = fade_towards_draw::<V>(self.shared.eval.evaluate(pos), clock);
            (eval > alpha)
                .then(|| self.threat_against(pos, eval, beta))
                .flatten()
        } else {
            None
        };
        if threat.is_some() {
            depth += 1;
        }

        // 9. Static cut-offs near the horizon: a quiet position whose evaluation beats
        //    `beta` by more than a margin a ply is not searched, and one whose
        //    evaluation falls short of `alpha` by more than a wider margin is answered by
        //    quiescence (razoring: the evaluation, or a man crowning). Neither side may
        //    have a capture (the evaluation of such a position means nothing), and the
        //    bound must be an evaluation, not a win or a database score. With
        //    `tt_eval` a table score tighter than the evaluation stands in for it.
        if !pv_node
            && threat.is_none()
            && excluded.is_none()
            && depth <= params.static_cut_depth.max(params.razor_depth)
            && beta.abs() < EVALUATION_LIMIT
            && self.is_quiet(pos, ply)
        {
            let mut eval = fade_towards_draw::<V>(self.shared.eval.evaluate(pos), clock);
            if let Some(e) = entry.filter(|_| params.tt_eval) {
                let score = from_table(e.score, ply);
                if score.abs() < EVALUATION_LIMIT
                    && match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => score > eval,
                        Bound::Upper => score < eval,
                    }
                {
                    eval = score;
                }
            }
            if depth <= params.static_cut_depth && eval - params.static_cut_margin * depth >= beta {
                return eval;
            }
            if depth <= params.razor_depth && eval + params.razor_margin * depth <= alpha {
                let score = self.quiesce(pos, clock, alpha, alpha + 1, ply, params.qs_exchanges);
                if score <= alpha {
                    return score;
                }
            }
        }

        // 10. Without a table move a deep node is searched one ply shallower (an
        //     internal iterative reduction; off by default).
        if params.iir_depth > 0
            && depth >= params.iir_depth
            && ply > 0
            && count > 1
            && tt_move.is_none()
            && excluded.is_none()
            && threat.is_none()
        {
            depth -= 1;
        }

        // 11. Singular extension: the table's move, if every other move falls short of
        //     its score by a margin, is searched one ply deeper (see `singular.rs`).
        let extended = match self.singular(pos, clock, depth, beta, ply, entry, count) {
            _ if self.stopped => return 0,
            Singular::Plain => None,
            Singular::Extend(index) => Some(index),
            Singular::Cut(score) => return score,
        };

        // 12. Move ordering; a left-out move is not searched.
        self.order(tt_move, ply);
        if let Some(left_out) = excluded {
            self.orders[ply].retain(|&mut (_, i)| usize::from(i) != left_out);
        }
        if let Some(threat) = threat {
            self.counters_first(threat, pos, ply);
        }
        let moves = self.orders[ply].len();

        // 13. A proven combination: the defender's moves in its line are forced, so the
        //     position at its end, searched, bounds this node from below. A non-PV node
        //     the table knows from a search one ply shallower asked the oracle then: if
        //     the combination was best, it is the table's move, searched first. PV
        //     nodes, the root among them, ask on every visit: the line searched to one
        //     ply less than the root is what finds combinations there (BENCHMARKS.md,
        //     "A confirmed suite, and interior asks ...").
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_index = 0;
        let searched =
            !pv_node && entry.is_some_and(|e| e.move_index.is_some() && e.depth >= depth - 1);
        let combination = if searched || excluded.is_some() {
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
                if ply == 0 {
                    self.root_score = score;
                }
            }
        }

        // 14. The moves, principal variation first, later ones with null windows and
        //     reductions.
        self.path.push(hash);
        let forced = count == 1;
        // A forced move costs no depth.
        let new_depth = if forced { depth } else { depth - 1 };
        // Each child is made one move ahead, with a prefetch of its table bucket, so
        // that the memory access overlaps the search of the move before it.
        let mut next = self.next_child(pos, 0, new_depth, ply);
        let mut tried = 0;
        // Late move pruning: near the horizon a quiet node off the principal variation
        // searches only its first moves, and the late ones that crown a man.
        let pruned_after = (!pv_node
            && ply > 0
            && depth <= params.lmp_depth
            && threat.is_none()
            && excluded.is_none()
            && alpha.abs() < EVALUATION_LIMIT
            && self.is_quiet(pos, ply))
        .then(|| usize::try_from(params.lmp_moves + depth * depth).unwrap_or(0));
        let can_crown = pruned_after.is_some() && pos.can_crown();
        for n in 0..moves {
            if best >= beta {
                break;
            }
            let (i, mv, child) = next;
            if n + 1 < moves {
                next = self.next_child(pos, n + 1, new_depth, ply);
            }
            if pruned_after.is_some_and(|after| n >= after.max(1)) && best > -EVALUATION_LIMIT {
                if !can_crown {
                    break;
                }
                if !crowns(pos, &child, &mv) {
                    continue;
                }
            }
            tried = n + 1;
            let new_depth = new_depth + i32::from(extended == Some(i));
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
                // Captures are not reduced, and a quiet move that has mostly been
                // best one ply less.
                let reduction = if mv.is_capture() {
                    0
                } else {
                    let mut plies = self.shared.reductions.get(depth, n, pv_node);
                    if plies > 0 && !improving {
                        plies = (plies + params.unimproving_reduction).min(depth - 2);
                    }
                    if self.history_of(&mv) >= params.trusted_history {
                        (plies - 1).max(0)
                    } else {
                        plies
                    }
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
                    if ply == 0 {
                        self.root_score = score;
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
        }

        self.path.pop();
        if excluded.is_some() {
            return best;
        }
        if best > original_alpha && !self.lists[ply][best_index].is_capture() {
            self.learn_history(ply, best_index, tried);
        }

        // 15. Remember the result.
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
    pub(super) fn next_child(
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

    /// Whether neither side of `pos` (its moves the list at `ply`) has a capture: only
    /// then does its evaluation mean something.
    fn is_quiet(&self, pos: &Position<V>, ply: usize) -> bool {
        !self.lists[ply][0].is_capture() && !pos.opponent_has_capture()
    }

    /// The first move of `pos` (the list at `ply`) whose child the table knows, from a
    /// search of at least `depth - 1` plies, to score at most `-beta` for its side to
    /// move, with this node's score and the move's index: the node fails high through
    /// it. Children that the draw rules or a repetition of the path make a draw are
    /// passed over (the table does not know the path).
    fn transposition_cut(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        depth: i32,
        beta: Score,
        ply: usize,
    ) -> Option<(Score, usize)> {
        self.path.push(pos.hash());
        let mut cut = None;
        for (i, mv) in self.lists[ply].iter().enumerate() {
            let child = pos.play_unchecked(mv);
            let Some(e) = self.shared.table.probe(child.hash()) else {
                continue;
            };
            let score = -from_table(e.score, ply + 1);
            if e.depth < depth - 1 || e.bound == Bound::Lower || score < beta {
                continue;
            }
            let child_clock = clock.after(pos, mv, &child);
            let run = usize::from(child_clock.reversible_plies());
            if child_clock.draw().is_none() && !self.is_repetition(child.hash(), run) {
                cut = Some((score, i));
                break;
            }
        }
        self.path.pop();
        cut
    }
}

/// Whether `mv`, which made `child` from `pos`, crowns a man.
fn crowns<V: Variant>(pos: &Position<V>, child: &Position<V>, mv: &Move<V>) -> bool {
    pos.piece_at(mv.from()).map(|p| p.kind) == Some(Kind::Man)
        && child.piece_at(mv.to()).map(|p| p.kind) == Some(Kind::King)
}
