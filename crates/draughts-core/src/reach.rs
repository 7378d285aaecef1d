//! Where pieces go, for code that works on a variant's moves without generating them
//! (the endgame database's un-moves, its steps counted on bits, and its index): the
//! directions of steps, and the squares men can ever stand on. Taken from the move
//! generator's own direction sets, so the two cannot disagree.

use crate::bitboard::Bitboard;
use crate::geometry::{line_mask, Direction, Geometry};
use crate::movegen::{forward, has, man_capture_dirs, DirMask, DOWN, UP};
use crate::piece::Color;
use crate::position::{crowning_row, Position};
use crate::variant::Variant;

/// The directions in `mask`, diagonal ones first.
#[inline(always)]
fn directions(mask: DirMask) -> impl Iterator<Item = Direction> + Clone {
    Direction::ALL_EIGHT
        .into_iter()
        .filter(move |&d| has(mask, d))
}

impl<V: Variant> Position<V> {
    /// The directions in which `color`'s men move without capturing: diagonally
    /// forwards, or forwards and sideways on the full board (Turkish).
    ///
    /// ```
    /// use draughts_core::{Color, Direction, English, Position, Turkish};
    ///
    /// let black: Vec<_> = Position::<English>::man_step_directions(Color::Black).collect();
    /// assert_eq!(black, [Direction::DownLeft, Direction::DownRight]);
    /// let white: Vec<_> = Position::<Turkish>::man_step_directions(Color::White).collect();
    /// assert_eq!(white, [Direction::Up, Direction::Left, Direction::Right]);
    /// ```
    #[inline(always)]
    pub fn man_step_directions(color: Color) -> impl Iterator<Item = Direction> + Clone {
        directions(match color {
            Color::White => forward::<V, true>(),
            Color::Black => forward::<V, false>(),
        })
    }

    /// The directions in which kings move without capturing (as far as the line is
    /// free where kings fly, [`Variant::FLYING_KINGS`]): the four diagonals, or the rows
    /// and columns on the full board.
    #[inline(always)]
    pub fn king_step_directions() -> impl Iterator<Item = Direction> + Clone {
        let steps = if V::ORTHOGONAL_MOVES {
            Direction::ORTHOGONAL
        } else {
            Direction::ALL
        };
        steps.into_iter()
    }

    /// The lines captures follow, men's and kings' alike: the four diagonals; the
    /// diagonals, rows and columns where pieces also capture along rows and columns
    /// (Frisian, [`Variant::ORTHOGONAL_CAPTURES`]); the rows and columns alone on the full
    /// board (Turkish). Men may be limited to some of them ([`Variant::MEN_CAPTURE_BACKWARDS`]).
    ///
    /// ```
    /// use draughts_core::{Direction, Frisian, International, Position, Turkish};
    ///
    /// assert_eq!(Position::<International>::capture_directions(), Direction::ALL);
    /// assert_eq!(Position::<Frisian>::capture_directions(), Direction::ALL_EIGHT);
    /// assert_eq!(Position::<Turkish>::capture_directions(), Direction::ORTHOGONAL);
    /// ```
    #[inline(always)]
    pub const fn capture_directions() -> &'static [Direction] {
        if V::ORTHOGONAL_MOVES {
            &Direction::ORTHOGONAL
        } else if V::ORTHOGONAL_CAPTURES {
            &Direction::ALL_EIGHT
        } else {
            &Direction::ALL
        }
    }

    /// The squares `color`'s men can stand on in a game played from the initial
    /// position: all but its crowning row, and where men never move or capture
    /// backwards, none of the [`Variant::EMPTY_BACK_ROWS`] rows behind its men at the
    /// start (Turkish men never return to their back row). A position with a man
    /// elsewhere is legal to set up, but no game reaches it.
    ///
    /// ```
    /// use draughts_core::{Color, English, Position, Square, Turkish};
    ///
    /// assert_eq!(Position::<English>::man_squares(Color::White).len(), 28);
    /// // Rows 2 to 7: neither back row.
    /// let turkish = Position::<Turkish>::man_squares(Color::Black);
    /// assert_eq!(turkish.len(), 48);
    /// let square = |text| Square::from_text::<Turkish>(text);
    /// assert!(turkish.contains(square("a2")?) && turkish.contains(square("h7")?));
    /// assert!(!turkish.contains(square("a1")?) && !turkish.contains(square("h8")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn man_squares(color: Color) -> Bitboard<V> {
        type G<V> = <V as Variant>::Board;
        let (moves, backwards) = match color {
            Color::White => (
                forward::<V, true>() | man_capture_dirs::<V, true>(),
                DOWN | 1 << Direction::Down as u8,
            ),
            Color::Black => (
                forward::<V, false>() | man_capture_dirs::<V, false>(),
                UP | 1 << Direction::Up as u8,
            ),
        };
        let rows = if moves & backwards == 0 {
            V::EMPTY_BACK_ROWS
        } else {
            0
        };
        let (squares, per_row) = (G::<V>::SQUARES, G::<V>::PER_ROW);
        // Whole rows: the same squares in index order and in numbering order.
        let first = match color {
            Color::White => squares - rows * per_row,
            Color::Black => 0,
        };
        let back = line_mask(G::<V>::ALL_SQUARES, per_row, first, 1, rows * per_row);
        Bitboard::from_bits(G::<V>::VALID & !crowning_row::<G<V>>(color) & !back)
    }
}

#[cfg(test)]
mod tests {
    use crate::{
        Antidraughts, Brazilian, Breakthrough, Color, Czech, English, Frisian, Frysk, Geometry,
        International, Italian, Killer, Pool, Position, Russian, Spanish, Thai, Turkish, Variant,
    };

    /// Every man of a random playout stands on its side's [`Position::man_squares`],
    /// and every step the move generator lists goes in one of the step directions.
    fn playouts<V: Variant>() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..40 {
            let mut pos = Position::<V>::initial();
            for _ in 0..200 {
                for color in Color::BOTH {
                    let men = pos.men(color).bits();
                    assert_eq!(men & !Position::<V>::man_squares(color).bits(), 0);
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for mv in moves.iter().filter(|mv| mv.captured_bits() == 0) {
                    let (from, to) = (1u64 << mv.start_bit(), 1u64 << mv.end_bit());
                    let king = pos.kings(pos.turn()).bits() & from != 0;
                    let reached = if king {
                        Position::<V>::king_step_directions().any(|d| {
                            let mut at = from;
                            (0..<V::Board as Geometry>::SIDE).any(|_| {
                                at = crate::geometry::shift::<V::Board>(at, d);
                                at == to
                            })
                        })
                    } else {
                        Position::<V>::man_step_directions(pos.turn())
                            .any(|d| crate::geometry::shift::<V::Board>(from, d) == to)
                    };
                    assert!(reached, "{} {mv:?}", pos.to_fen());
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos = pos.play_unchecked(&moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn every_variant_keeps_to_its_directions_and_squares() {
        playouts::<International>();
        playouts::<English>();
        playouts::<Brazilian>();
        playouts::<Pool>();
        playouts::<Russian>();
        playouts::<Italian>();
        playouts::<Spanish>();
        playouts::<Czech>();
        playouts::<Thai>();
        playouts::<Turkish>();
        playouts::<Killer>();
        playouts::<Antidraughts>();
        playouts::<Breakthrough>();
        playouts::<Frisian>();
        playouts::<Frysk>();
    }
}
