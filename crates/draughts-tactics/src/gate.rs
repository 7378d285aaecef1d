//! Which first moves a template can start with here: the sacrifices.
//!
//! Every line the learner stores starts, in a quiet position, with a step after which
//! the defender must capture (the finder's forced lines start so; nothing else forces
//! the defender's reply). Templates are indexed by that first step, and a leaf asks
//! only the templates of its own sacrifices: usually none or one or two, found with a
//! few dozen bit operations when there is no king on the board.

use draughts_core::{Bitboard, Color, Direction, MoveList, Position, Variant};

/// Calls `visit(from, to, capturers)` (sets of one and a set) for every step of the
/// side to move after which the opponent has a capture; `capturers` holds the
/// opponent's pieces that can start one there: every piece a legal capture starts from
/// (with the majority rule also a man whose captures are shorter than another's).
/// `pos` must be quiet (neither side can capture).
///
/// With men only, a capture the opponent gets from a step jumps the man that arrived,
/// or lands on the square it left (anything else was possible before): both are
/// found with shifts, along the diagonals, or along rows and columns on the full board
/// (Turkish), where men move and capture that way. With a king on the board, or where
/// men capture along rows and columns as well as diagonals (Frisian), the move
/// generator answers.
pub fn for_each_sacrifice<V: Variant>(
    pos: &Position<V>,
    mut visit: impl FnMut(Bitboard<V>, Bitboard<V>, Bitboard<V>),
) {
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
                let capturers = replies
                    .iter()
                    .fold(Bitboard::EMPTY, |set, r| set | r.from_set());
                visit(mv.from_set(), mv.to_set(), capturers);
            }
        }
        return;
    }
    let us = pos.turn();
    men_sacrifices(us, pos.pieces(us), pos.pieces(!us), pos.empty(), visit);
}

/// [`for_each_sacrifice`] in a quiet position without kings, given by sets: `us` to
/// move with men `ours`, the opponent's `theirs`, the empty squares `empty`.
pub(crate) fn men_sacrifices<V: Variant>(
    us: Color,
    ours: Bitboard<V>,
    theirs: Bitboard<V>,
    empty: Bitboard<V>,
    visit: impl FnMut(Bitboard<V>, Bitboard<V>, Bitboard<V>),
) {
    use Direction::{Down, DownLeft, DownRight, Left, Right, Up, UpLeft, UpRight};
    if V::ORTHOGONAL_MOVES {
        // The full board (Turkish): men step forwards and sideways along rows and
        // columns, and capture the same ways (never backwards).
        let (forward, their_forward) = match us {
            Color::White => ([Up, Left, Right], [Down, Left, Right]),
            Color::Black => ([Down, Left, Right], [Up, Left, Right]),
        };
        steps_along(forward, &their_forward, ours, theirs, empty, visit);
    } else {
        let (forward, their_forward) = match us {
            Color::White => ([UpLeft, UpRight], [DownLeft, DownRight]),
            Color::Black => ([DownLeft, DownRight], [UpLeft, UpRight]),
        };
        // The directions in which the opponent's men capture.
        let captures: &[Direction] = if V::MEN_CAPTURE_BACKWARDS {
            &Direction::ALL
        } else {
            &their_forward
        };
        steps_along(forward, captures, ours, theirs, empty, visit);
    }
}

/// [`men_sacrifices`] for men that step in the directions `forward` and whose
/// opponents' men capture in the directions `captures` (at most four).
#[inline(always)]
fn steps_along<V: Variant, const N: usize>(
    forward: [Direction; N],
    captures: &[Direction],
    ours: Bitboard<V>,
    theirs: Bitboard<V>,
    empty: Bitboard<V>,
    mut visit: impl FnMut(Bitboard<V>, Bitboard<V>, Bitboard<V>),
) {
    debug_assert!(captures.len() <= 4);
    for d in forward {
        let to = ours.shift(d) & empty;
        if to.is_empty() {
            continue;
        }
        let from = to.shift(d.reverse());
        // Per capture direction j: the arrivals a man of theirs jumps (from one step
        // before, landing beyond on an empty square or the square just left), and the
        // squares left onto which a man of theirs jumps one of ours.
        let mut jumped = [Bitboard::EMPTY; 4];
        let mut landed = [Bitboard::EMPTY; 4];
        for (k, &j) in captures.iter().enumerate() {
            let beyond_empty = if j == d.reverse() {
                Bitboard::ALL
            } else {
                empty.shift(j.reverse())
            };
            jumped[k] = to & theirs.shift(j) & beyond_empty;
            landed[k] = from & (theirs.shift(j) & ours).shift(j);
        }
        let any = |sets: &[Bitboard<V>; 4]| sets.iter().fold(Bitboard::EMPTY, |h, &b| h | b);
        let hits = any(&jumped) | any(&landed).shift(d);
        for t in hits.singles() {
            let f = t.shift(d.reverse());
            let mut capturers = Bitboard::EMPTY;
            for (k, &j) in captures.iter().enumerate() {
                if !(jumped[k] & t).is_empty() {
                    capturers |= t.shift(j.reverse());
                }
                if !(landed[k] & f).is_empty() {
                    capturers |= f.shift(j.reverse()).shift(j.reverse());
                }
            }
            visit(f, t, capturers);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Square, Turkish};

    fn sacrifices<V: Variant>(fen: &str) -> Vec<String> {
        let pos: Position<V> = fen.parse().unwrap();
        let mut out = Vec::new();
        for_each_sacrifice(&pos, |f, t, _| {
            let square = |set: Bitboard<V>| set.first().map_or(0, Square::number);
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

    #[test]
    fn turkish_sacrifices() {
        // White's d4 gives itself on d5 (taken by d6 downwards; c5 and e5 block each
        // other's sideways jump), c4 (taken by c5) and e4 (by e5).
        let names = |fen: &str| {
            let pos: Position<Turkish> = fen.parse().unwrap();
            let mut out = Vec::new();
            for_each_sacrifice(&pos, |f, t, capturers| {
                let text = |set: Bitboard<Turkish>| {
                    set.iter()
                        .map(|s| s.to_text::<Turkish>())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                out.push(format!("{}-{} {}", text(f), text(t), text(capturers)));
            });
            out.sort_unstable();
            out
        };
        assert_eq!(
            names("W:Wd2,d3,d4:Bc5,e5,d6"),
            ["d4-c4 c5", "d4-d5 d6", "d4-e4 e5"]
        );
        // The same with the kings' path of the move generator.
        assert_eq!(
            names("W:Wd2,d3,d4,Ka1:Bc5,e5,d6"),
            names("W:Wd2,d3,d4:Bc5,e5,d6")
        );
    }
}
