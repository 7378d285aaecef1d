//! Move ordering: the table's move, then history, the rate at which each move was best.

use super::Worker;
use draughts_core::{Move, Variant};
use draughts_eval::Evaluator;

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    /// The history entry of `mv`: how often it was best, in [`HISTORY_ONE`]ths.
    pub(super) fn history_of(&self, mv: &Move<V>) -> i32 {
        let (from, to) = slot(mv);
        self.history[from][to]
    }

    /// Learns from a node of ply `ply` whose best move, `best` (an index into its
    /// list), raised alpha after the first `searched` moves in search order: each
    /// move searched is counted best or not in its history entry, a running average
    /// over its last few dozen such nodes (as Scan 2.0 keeps it).
    pub(super) fn learn_history(&mut self, ply: usize, best: usize, searched: usize) {
        for &(_, i) in &self.orders[ply][..searched] {
            let i = usize::from(i);
            let mv = self.lists[ply][i];
            let (from, to) = slot(&mv);
            let h = &mut self.history[from][to];
            if i == best {
                *h += (HISTORY_ONE - *h) >> HISTORY_SHIFT;
            } else {
                *h -= *h >> HISTORY_SHIFT;
            }
        }
    }

    /// Fills the ordering keys of ply `ply`'s moves: the table's move, then the others
    /// by history.
    pub(super) fn order(&mut self, tt_move: Option<usize>, ply: usize) {
        let order = &mut self.orders[ply];
        order.clear();
        for (i, mv) in self.lists[ply].iter().enumerate() {
            let key = if Some(i) == tt_move {
                i32::MAX
            } else {
                let (from, to) = slot(mv);
                self.history[from][to]
            };
            order.push((key, i as u16));
        }
    }
}

/// The history entry of a move: its start and end squares' slots.
#[inline]
fn slot<V: Variant>(mv: &Move<V>) -> (usize, usize) {
    (mv.from_slot(), mv.to_slot())
}

/// A history entry of one: the move was always best. Entries start at one half.
pub(super) const HISTORY_ONE: i32 = 1 << 12;

/// The weight of the newest node in a history entry's running average: 1/64.
const HISTORY_SHIFT: u32 = 6;

/// Ordering keys with move indices.
pub(super) type Order = arrayvec::ArrayVec<(i32, u16), { draughts_core::MAX_MOVES }>;

/// Moves the best-keyed remaining entry to position `n` and returns its move index;
/// among equal keys, the first.
///
/// Key and position are packed into one word whose maximum is the entry wanted, so
/// that the scan has no data-dependent branch to mispredict.
#[inline]
pub(super) fn pick(order: &mut [(i32, u16)], n: usize) -> usize {
    let packed = |j: usize| (i64::from(order[j].0) << 32) | i64::from(u32::MAX - j as u32);
    let best = (n + 1..order.len()).map(packed).fold(packed(n), i64::max);
    let best = (u32::MAX - best as u32) as usize;
    order.swap(n, best);
    order[n].1 as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first of the best keys, as a plain scan finds it, on every prefix of some
    /// lists with repeated keys.
    #[test]
    pub(super) fn pick_takes_the_first_best_key() {
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
}
