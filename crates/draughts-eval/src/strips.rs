//! Edge strips: the men on the three columns along each side edge, over six rows.
//!
//! A strip holds [`STRIP_SQUARES`] = 9 playable squares: in each row one or two of the
//! three edge columns are playable. There are [`STRIPS`] of them: the left and the right
//! edge of the top six rows, and of the bottom six rows (on the 8x8 board the top and
//! bottom strips overlap by four rows, on the 10x10 board by two). The regions of
//! [`crate::Patterns`] cut the edges at even rows; a strip sees an edge formation whole.
//!
//! Digits are numbered as for the regions: digit `j` (worth 3^j) is the `j`-th of the
//! strip's squares in board order, 0 empty or a king, 1 a white man, 2 a black man.
//! Turning the board 180 degrees takes the top-left strip to the bottom-right one and
//! the top-right to the bottom-left, its squares in reverse order.

use draughts_core::{Color, Geometry, Position, Variant};

/// Edge strips on a board.
pub const STRIPS: usize = 4;

/// Playable squares in one strip.
pub const STRIP_SQUARES: usize = 9;

/// Arrangements of men on one strip: 3^9.
pub const STRIP_ARRANGEMENTS: usize = 19_683;

/// The base-3 value of three squares, each set bit of `m` (bit `k` worth 3^k) a digit 1.
const TRIT3: [u16; 8] = [0, 1, 3, 4, 9, 10, 12, 13];

/// The arrangement on every strip, in the order top-left, top-right, bottom-left,
/// bottom-right.
///
/// Each block of two rows gives a strip three squares: on the left edge the first
/// square of the upper row and the first two of the lower row, on the right edge the
/// last two of the upper row and the last of the lower row (upper rows start one column
/// in from the left edge). Three consecutive blocks make a strip.
#[inline]
pub(crate) fn strip_arrangements<V: Variant>(pos: &Position<V>) -> [u16; STRIPS] {
    let w = u32::from(<V::Board as Geometry>::PER_ROW);
    let blocks = usize::from(<V::Board as Geometry>::SIDE) / 2;
    let white = pos.men(Color::White).bits();
    let black = pos.men(Color::Black).bits();
    let (mut left, mut right) = ([0u16; 5], [0u16; 5]);
    for b in 0..blocks {
        let base = b as u32 * (2 * w + 1);
        let l = |x: u64| (((x >> base) & 1) | ((x >> (base + w - 1)) & 6)) as usize;
        let r = |x: u64| (((x >> (base + w - 2)) & 3) | ((x >> (base + 2 * w - 3)) & 4)) as usize;
        left[b] = TRIT3[l(white)] + 2 * TRIT3[l(black)];
        right[b] = TRIT3[r(white)] + 2 * TRIT3[r(black)];
    }
    let strip = |t: &[u16; 5], first: usize| t[first] + 27 * t[first + 1] + 729 * t[first + 2];
    let bottom = blocks - 3;
    [
        strip(&left, 0),
        strip(&right, 0),
        strip(&left, bottom),
        strip(&right, bottom),
    ]
}

/// The strip strip `s` becomes when the board turns 180 degrees.
#[inline]
pub const fn rotated_strip(s: usize) -> usize {
    STRIPS - 1 - s
}

/// The strip arrangement `a` seen from the other side: its digits reversed and the
/// colours swapped.
pub fn flipped_strip(a: u16) -> u16 {
    crate::patterns::flip_digits(a, STRIP_SQUARES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Kind, Square};

    /// The strip's squares as (row, column) on the board, square by square.
    fn squares(side: usize, s: usize) -> Vec<(usize, usize)> {
        let rows = if s < 2 { 0..6 } else { side - 6..side };
        let columns = if s % 2 == 0 { 0..3 } else { side - 3..side };
        rows.flat_map(|r| columns.clone().map(move |c| (r, c)))
            // Even rows (counted from the top) are playable on odd columns.
            .filter(|&(r, c)| (r + c) % 2 == 1)
            .collect()
    }

    fn reference<V: Variant>(pos: &Position<V>, s: usize) -> u16 {
        let side = usize::from(<V::Board as Geometry>::SIDE);
        let list = squares(side, s);
        assert_eq!(list.len(), STRIP_SQUARES);
        list.iter().rev().fold(0, |value, &(r, c)| {
            // The bit layout's square index, then the square as players number it.
            let index = (r * side + c) / 2;
            let bit = index + index / side;
            let square = Square::new(<V::Board as Geometry>::square_of_bit(bit as u8))
                .expect("on the board");
            let digit = match pos.piece_at(square) {
                Some(p) if p.kind == Kind::Man && p.color == Color::White => 1,
                Some(p) if p.kind == Kind::Man => 2,
                _ => 0,
            };
            3 * value + digit
        })
    }

    fn random_games<V: Variant>() {
        let mut seed = 99u64;
        for _ in 0..20 {
            let mut pos = Position::<V>::initial();
            for _ in 0..120 {
                let got = strip_arrangements(&pos);
                let flipped = strip_arrangements(&pos.flipped());
                for s in 0..STRIPS {
                    assert_eq!(got[s], reference(&pos, s), "{pos:?}, strip {s}");
                    assert_eq!(flipped[rotated_strip(s)], flipped_strip(got[s]));
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos = pos.play_unchecked(&moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }

    #[test]
    fn strips_follow_the_definition_and_turn_with_the_board() {
        random_games::<International>();
        random_games::<English>();
    }

    #[test]
    fn the_initial_strips() {
        // International: the top strips hold black men on rows 1-4 (6 squares), the
        // bottom ones white men on rows 7-10; rows 5-6 are empty.
        let a = strip_arrangements(&Position::<International>::initial());
        assert_eq!(a[0], 2 * (3u16.pow(6) - 1) / 2);
        assert_eq!(flipped_strip(a[0]), a[3]);
        for a in 0..STRIP_ARRANGEMENTS as u16 {
            assert_eq!(flipped_strip(flipped_strip(a)), a);
        }
    }
}
