//! Which first moves a template can start with here: the sacrifices.
//!
//! Every line the learner stores starts, in a quiet position, with a step after which
//! the defender must capture (the finder's forced lines start so; nothing else forces
//! the defender's reply). Templates are indexed by that first step, and a leaf asks
//! only the templates of its own sacrifices: usually none or one or two, found with a
//! few dozen bit operations when there is no king on the board.

use draughts_core::geometry::{shift, Direction, Geometry};
use draughts_core::{Color, MoveList, Position, Variant};

/// Calls `visit(from_bit, to_bit, capturers)` for every step of the side to move after
/// which the opponent has a capture; `capturers` holds the raw bits of the opponent's
/// pieces that can start one there: every piece a legal capture starts from (with the
/// majority rule also a man whose captures are shorter than another's). `pos` must be
/// quiet (neither side can capture).
///
/// With men only, a capture the opponent gets from a step jumps the man that arrived,
/// or lands on the square it left (anything else was possible before): both are
/// found with shifts. With a king on the board, or where pieces also capture along rows
/// and columns (Frisian), the move generator answers.
pub fn for_each_sacrifice<V: Variant>(pos: &Position<V>, mut visit: impl FnMut(u32, u32, u64)) {
    let any_kings = pos.kings(Color::White) | pos.kings(Color::Black);
    if !any_kings.is_empty() || V::ORTHOGONAL_CAPTURES {
        let mut moves = MoveList::new();
        let mut replies = MoveList::new();
        pos.generate_moves(&mut moves);
        for mv in &moves {
            if mv.is_capture() {
                continue;
            }
            let child = pos.play_unchecked(mv);
            if child.has_capture() {
                child.generate_moves(&mut replies);
                let capturers = replies.iter().fold(0, |bits, r| bits | 1 << r.from_bit());
                visit(mv.from_bit(), mv.to_bit(), capturers);
            }
        }
        return;
    }
    let us = pos.turn();
    let ours = pos.pieces(us).bits();
    let theirs = pos.pieces(!us).bits();
    men_sacrifices::<V>(us, ours, theirs, pos.empty().bits(), visit);
}

/// [`for_each_sacrifice`] in a quiet position without kings, given by raw bits: `us`
/// to move with men `ours`, the opponent's `theirs`, the empty squares `empty`.
pub(crate) fn men_sacrifices<V: Variant>(
    us: Color,
    ours: u64,
    theirs: u64,
    empty: u64,
    mut visit: impl FnMut(u32, u32, u64),
) {
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
    let shift = shift::<V::Board>;
    for d in forward {
        let to = shift(ours, d) & empty & valid;
        if to == 0 {
            continue;
        }
        let from = shift(to, d.reverse());
        // Per capture direction j: the arrivals a man of theirs jumps (from one step
        // before, landing beyond on an empty square or the square just left), and the
        // squares left onto which a man of theirs jumps one of ours.
        let mut jumped = [0u64; 4];
        let mut landed = [0u64; 4];
        for (k, &j) in captures.iter().enumerate() {
            let beyond_empty = if j == d.reverse() {
                valid
            } else {
                shift(empty, j.reverse())
            };
            jumped[k] = to & shift(theirs, j) & beyond_empty;
            landed[k] = from & shift(shift(theirs, j) & ours, j);
        }
        let mut hits =
            jumped.iter().fold(0, |h, &b| h | b) | shift(landed.iter().fold(0, |h, &b| h | b), d);
        while hits != 0 {
            let t = hits & hits.wrapping_neg();
            hits &= hits - 1;
            let f = shift(t, d.reverse());
            let mut capturers = 0;
            for (k, &j) in captures.iter().enumerate() {
                if jumped[k] & t != 0 {
                    capturers |= shift(t, j.reverse());
                }
                if landed[k] & f != 0 {
                    capturers |= shift(shift(f, j.reverse()), j.reverse());
                }
            }
            visit(f.trailing_zeros(), t.trailing_zeros(), capturers);
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
        for_each_sacrifice(&pos, |f, t, _| {
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
