//! Which first moves a template can start with here: the sacrifices.
//!
//! Every line the learner stores starts, in a quiet position, with a step after which
//! the defender must capture (the finder's forced lines start so; nothing else forces
//! the defender's reply). Templates are indexed by that first step, and a leaf asks
//! only the templates of its own sacrifices: usually none or one or two, found with a
//! few dozen bit operations when there is no king on the board.

use draughts_core::geometry::{shift, Direction, Geometry};
use draughts_core::{Color, MoveList, Position, Variant};

/// Calls `visit(from_bit, to_bit)` for every step of the side to move after which the
/// opponent has a capture. `pos` must be quiet (neither side can capture).
pub fn for_each_sacrifice<V: Variant>(pos: &Position<V>, mut visit: impl FnMut(u32, u32)) {
    let any_kings = pos.kings(Color::White).bits() | pos.kings(Color::Black).bits();
    if any_kings != 0 {
        // Kings move and capture along whole lines: ask the move generator.
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        for mv in &moves {
            if !mv.is_capture() && pos.play_unchecked(mv).has_capture() {
                visit(mv.from_bit(), mv.to_bit());
            }
        }
        return;
    }
    let us = pos.turn();
    let ours = pos.pieces(us).bits();
    let theirs = pos.pieces(!us).bits();
    let empty = pos.empty().bits();
    let valid = <V::Board as Geometry>::VALID;
    let (forward, their_forward) = match us {
        Color::White => (
            [Direction::UpLeft, Direction::UpRight],
            [Direction::DownLeft, Direction::DownRight],
        ),
        Color::Black => (
            [Direction::DownLeft, Direction::DownRight],
            [Direction::UpLeft, Direction::UpRight],
        ),
    };
    // The directions in which the opponent's men capture.
    let captures: &[Direction] = if V::MEN_CAPTURE_BACKWARDS {
        &Direction::ALL
    } else {
        &their_forward
    };
    for d in forward {
        let to = shift::<V::Board>(ours, d) & empty & valid;
        if to == 0 {
            continue;
        }
        let from = shift::<V::Board>(to, d.reverse());
        let mut hit_to = 0u64;
        let mut hit_from = 0u64;
        for &j in captures {
            // A man of theirs one step before `to` in direction j jumps the arrival,
            // landing beyond it: on an empty square, or on the square just left.
            let beyond_empty = if j == d.reverse() {
                valid
            } else {
                shift::<V::Board>(empty, j.reverse())
            };
            hit_to |= to & shift::<V::Board>(theirs, j) & beyond_empty;
            // A man of theirs jumps one of ours onto the square just left.
            hit_from |= from & shift::<V::Board>(shift::<V::Board>(theirs, j) & ours, j);
        }
        let mut hits = hit_to | shift::<V::Board>(hit_from, d);
        while hits != 0 {
            let t = hits.trailing_zeros();
            hits &= hits - 1;
            let f = shift::<V::Board>(1u64 << t, d.reverse()).trailing_zeros();
            visit(f, t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::square_of_bit;
    use draughts_core::{English, International};

    fn sacrifices<V: Variant>(fen: &str) -> Vec<String> {
        let pos: Position<V> = fen.parse().unwrap();
        let mut out = Vec::new();
        for_each_sacrifice(&pos, |f, t| {
            let square = |b: u32| square_of_bit::<V>(1 << b).map_or(0, |s| s.number());
            out.push(format!("{}-{}", square(f), square(t)));
        });
        out.sort_unstable();
        out
    }

    #[test]
    fn known_sacrifices() {
        // Every step of the front men gives a man.
        let shot = sacrifices::<International>("W:W27,28,33,39,47:B1,17,18");
        assert_eq!(shot, ["27-21", "27-22", "28-22", "28-23"]);
        assert!(sacrifices::<International>("W:W31-50:B1-20").is_empty());
        assert_eq!(
            sacrifices::<English>("B:W21,22:B13,14"),
            ["13-17", "14-17", "14-18"]
        );
        // With a king on the board the move generator answers.
        assert_eq!(
            sacrifices::<English>("B:W21,22:B13,K14"),
            ["13-17", "14-17", "14-18"]
        );
    }
}
