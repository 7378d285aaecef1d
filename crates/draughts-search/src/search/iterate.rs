//! Iterative deepening, aspiration windows, stop checks and the principal variation.
//!
//! Time: a fixed time per move stops the deepening at its end; under a game clock the
//! main thread's [`Pacer`] decides after each iteration whether another one is worth
//! starting (see [`crate::Budget`]), and the hard limit stops every thread at once.

use super::{SearchInfo, SearchResult, Source, Worker};
use crate::score::{is_decisive, no_move_score, INFINITY, MAX_PLY};
use crate::time::{Iteration, Pacer};
use draughts_core::{DrawClock, Move, Position, Variant};
use draughts_eval::Evaluator;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// Iterative deepening with aspiration windows.
    pub(super) fn iterate(
        &mut self,
        root: &Position<V>,
        clock: DrawClock<V>,
        info: &mut dyn FnMut(&SearchInfo<V>),
    ) -> SearchResult<V> {
        let moves = root.legal_moves();
        let mut best = SearchResult {
            best_move: moves.first().copied(),
            ponder: None,
            score: if moves.is_empty() {
                no_move_score::<V>(0)
            } else {
                0
            },
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: moves.first().copied().into_iter().collect(),
            source: Source::Search,
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
        // Under a clock the main thread paces the iterations; helpers search on until
        // it stops them (or the hard limit does).
        let flexible = self.shared.budget.is_some_and(|b| b.flexible);
        let mut pacer = self
            .shared
            .budget
            .filter(|_| flexible && self.id == 0)
            .map(Pacer::new);
        for depth in first..=max_depth {
            let began = Instant::now();
            self.root_depth = depth as i32;
            let mut failed_low = false;
            let mut delta = self.shared.params.aspiration;
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
                    failed_low = true;
                    beta = (alpha + beta) / 2;
                    alpha = (score - delta).max(-INFINITY);
                } else if score >= beta {
                    beta = (score + delta).min(INFINITY);
                } else {
                    break score;
                }
                delta += delta / 2;
            };
            let pv: Vec<Move<V>> = self.pv[0][..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect();
            if self.stopped && depth > first {
                // An interrupted iteration's best move so far was searched in full and
                // scored above every move searched before it, the last iteration's
                // best (searched first) among them: it is played, with its score.
                if let Some(&mv) = pv.first() {
                    best.score = self.root_score;
                    if Some(mv) != best.best_move {
                        best.best_move = Some(mv);
                        best.ponder = pv.get(1).copied();
                        best.pv = pv;
                    }
                }
                break;
            }
            let best_changed = pv.first().is_some_and(|mv| Some(*mv) != best.best_move);
            best = SearchResult {
                best_move: pv.first().copied().or(best.best_move),
                ponder: pv.get(1).copied(),
                score,
                depth,
                nodes: 0,
                time: Duration::ZERO,
                pv: pv.clone(),
                source: Source::Search,
            };
            self.flush_nodes();
            info(&SearchInfo {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.shared.nodes.load(Ordering::Relaxed),
                time: self.shared.start.elapsed(),
                pv,
                source: Source::Search,
            });
            let stop = match &mut pacer {
                Some(pacer) => {
                    pacer.record(&Iteration {
                        took: began.elapsed(),
                        best_changed,
                        score,
                        failed_low,
                    });
                    self.shared.control.is_stopped()
                        || (self.shared.time_origin())
                            .is_some_and(|from| pacer.should_stop(from.elapsed()))
                }
                None if flexible => self.shared.control.is_stopped(),
                None => self.past_soft_limit(),
            };
            if self.stopped || stop {
                break;
            }
        }
        best
    }

    pub(super) fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    pub(super) fn past_soft_limit(&self) -> bool {
        if self.shared.control.is_stopped() {
            return true;
        }
        matches!(self.shared.deadlines(), Some((soft, _)) if Instant::now() >= soft)
    }

    /// Checks the stop conditions every 1024 nodes.
    #[inline]
    pub(super) fn check_stop(&mut self) -> bool {
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

    pub(super) fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply);
    }

    /// Whether `hash` repeats a position of the last `run` entries of the path (those
    /// since the last man move or capture) with the same side to move.
    pub(super) fn is_repetition(&self, hash: u64, run: usize) -> bool {
        let n = self.path.len();
        (2..=run.min(n))
            .step_by(2)
            .any(|back| self.path[n - back] == hash)
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move<V>) {
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
}
