//! Threats near the horizon: a quiet node whose side to move is threatened (its
//! opponent, moving instead, would have a combination the threat templates prove) is
//! not left to its evaluation but searched one ply more, the known counters first
//! (Pitrat's threats and counters, issue 28).

use super::node::EVALUATION_LIMIT;
use super::ordering::pick;
use super::quiesce::fade_towards_draw;
use super::Worker;
use crate::oracle::Threat;
use crate::score::{no_move_score, INFINITY, MAX_PLY};
use draughts_core::{DrawClock, Position, Variant};
use draughts_eval::{Evaluator, Score};

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// The threat against the side to move of the quiet `pos`, if the threat templates
    /// prove one that could change the node's result: one that gains more than `eval`
    /// stands above `beta`. Neither side may have a capture.
    pub(super) fn threat_against(
        &self,
        pos: &Position<V>,
        eval: Score,
        beta: Score,
    ) -> Option<Threat> {
        let oracle = self.shared.threats?;
        // A database's score is exact: no threat changes it.
        if eval.abs() >= EVALUATION_LIMIT || pos.has_capture() || pos.opponent_has_capture() {
            return None;
        }
        oracle.threat(pos, eval.saturating_sub(beta).saturating_add(1).max(1))
    }

    /// Puts the threat's known counters among ply `ply`'s moves first after the
    /// table's move.
    pub(super) fn counters_first(&mut self, threat: Threat, pos: &Position<V>, ply: usize) {
        let Some(oracle) = self.shared.threats else {
            return;
        };
        for (key, i) in self.orders[ply].iter_mut() {
            if *key != i32::MAX && oracle.is_counter(threat, pos, &self.lists[ply][usize::from(*i)])
            {
                *key = i32::MAX - 1;
            }
        }
    }

    /// A threatened quiescence node whose evaluation is `eval`, searched instead of
    /// standing on it: every move, the counters first, each child by quiescence; a
    /// reply after which the threat's line still wins scores no better than the
    /// child's evaluation less the line's gain. With `threat_counters_only`, only the
    /// known counters are searched, and the node stands on `eval` less the threat's
    /// gain if none holds. No quiescence node below asks for a threat again.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn answer_threat(
        &mut self,
        pos: &Position<V>,
        clock: DrawClock<V>,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        exchanges: i32,
        (eval, threat): (Score, Threat),
    ) -> Score {
        let Some(oracle) = self.shared.threats else {
            return alpha;
        };
        pos.generate_moves(&mut self.lists[ply]);
        let count = self.lists[ply].len();
        if count == 0 {
            return no_move_score::<V>(ply);
        }
        let order = &mut self.orders[ply];
        order.clear();
        for (i, mv) in self.lists[ply].iter().enumerate() {
            order.push((i32::from(oracle.is_counter(threat, pos, mv)), i as u16));
        }
        let counters_only = self.shared.params.threat_counters_only;
        let mut best = -INFINITY;
        if counters_only {
            best = eval.saturating_sub(threat.gain);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        self.answering_threat = true;
        for n in 0..count {
            let i = pick(&mut self.orders[ply], n);
            if counters_only && self.orders[ply][n].0 == 0 {
                break;
            }
            let mv = self.lists[ply][i];
            let child = pos.play_unchecked(&mv);
            let child_clock = clock.after(pos, &mv, &child);
            // Where the line still wins, the reply is worth at most what the opponent's
            // evaluation plus the gain leaves; only above `alpha` is it searched too.
            let kept = oracle.threat_gain(threat, &child).map(|gain| {
                let eval = fade_towards_draw::<V>(self.shared.eval.evaluate(&child), child_clock);
                -eval.saturating_add(gain)
            });
            let score = match kept {
                Some(bound) if bound <= alpha => bound,
                _ => {
                    let score =
                        -self.quiesce(&child, child_clock, -beta, -alpha, ply + 1, exchanges);
                    kept.map_or(score, |bound| score.min(bound))
                }
            };
            if self.stopped {
                self.answering_threat = false;
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
        self.answering_threat = false;
        best
    }

    /// Whether a quiescence node at `ply` may answer a threat: the switch is on, no
    /// node above it in quiescence is answering one, and its children fit.
    pub(super) fn may_answer_threat(&self, ply: usize) -> bool {
        self.shared.params.threat_leaves && !self.answering_threat && ply + 2 < MAX_PLY - 1
    }
}
