//! Move ordering: the table's move, killers and history.

use super::Worker;
use draughts_core::{Move, Variant};
use draughts_eval::Evaluator;

impl<V: Variant, E: Evaluator<V>> Worker<'_, V, E> {
    pub(super) fn is_killer(&self, mv: &Move<V>, ply: usize) -> bool {
        self.killers[ply].contains(&Some(*mv))
    }

    pub(super) fn reward(&mut self, mv: &Move<V>, ply: usize, depth: i32) {
        if self.killers[ply][0] != Some(*mv) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(*mv);
        }
        let h = &mut self.history[mv.from_bit() as usize & 63][mv.to_bit() as usize & 63];
        *h = (*h + depth * depth).min(1 << 20);
    }

    /// Fills the ordering keys of ply `ply`'s moves: the table's move, then killers,
    /// then history.
    pub(super) fn order(&mut self, tt_move: Option<usize>, ply: usize) {
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
