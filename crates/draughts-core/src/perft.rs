//! Perft: counting the leaves of the move tree, the standard check of a move generator.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::variant::Variant;

/// The number of move sequences of length `depth` from `pos` (moves with the same
/// start, end and captured pieces counted once). The last ply is counted in bulk,
/// without playing its moves, and the hash is not updated along the way.
///
/// ```
/// use draughts_core::{perft, International, Position};
///
/// assert_eq!(perft(&Position::<International>::initial(), 3), 658);
/// ```
pub fn perft<V: Variant>(pos: &Position<V>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves() as u64,
        _ => {
            let mut list = MoveList::new();
            pos.generate_moves(&mut list);
            let children = list.iter().map(|mv| pos.play_unhashed(mv));
            // Most of the positions perft visits lie one ply above the leaves: count their
            // moves here, without a call each.
            if depth == 2 {
                children.map(|child| child.count_moves() as u64).sum()
            } else {
                children.map(|child| perft(&child, depth - 1)).sum()
            }
        }
    }
}

/// Perft split by first move: each legal move with the perft of `depth - 1` after it.
/// The counts add up to `perft(pos, depth)` (for `depth >= 1`).
pub fn divide<V: Variant>(pos: &Position<V>, depth: u32) -> Vec<(Move<V>, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| (mv, perft(&pos.play_unchecked(&mv), depth.saturating_sub(1))))
        .collect()
}
