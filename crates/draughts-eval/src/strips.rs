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

/// Edge strips on a board.
pub const STRIPS: usize = 4;

/// Playable squares in one strip.
pub const STRIP_SQUARES: usize = 9;

/// Arrangements of men on one strip: 3^9.
pub const STRIP_ARRANGEMENTS: usize = 19_683;

/// Each block of two rows of the bit layout gives a strip three squares: on the left
/// edge the first square of the upper row and the first two of the lower row, on the
/// right edge the last two of the upper row and the last of the lower row (upper rows
/// start one column in from the left edge). For one colour's bits of a block (the
/// upper row's `w` squares in bits `0..w`, the lower row's in `w..2w`), entry `y` holds
/// the base-3 value of the left-edge squares in its low 16 bits and of the right-edge
/// ones in its high 16 bits, each set bit a digit 1: a strip's three blocks, scaled as
/// in [`strips_of_blocks`], add up to both its edges' arrangements at once (at most
/// 19682, so no carry between the halves).
pub(crate) const fn strip_block_table(w: usize) -> [u32; 1024] {
    const fn bit(y: usize, i: usize) -> u32 {
        ((y >> i) & 1) as u32
    }
    let mut table = [0u32; 1024];
    let mut y = 0;
    while y < 1 << (2 * w) {
        let left = bit(y, 0) + 3 * bit(y, w) + 9 * bit(y, w + 1);
        let right = bit(y, w - 2) + 3 * bit(y, w - 1) + 9 * bit(y, 2 * w - 1);
        table[y] = left | right << 16;
        y += 1;
    }
    table
}

/// The arrangement on every strip (top-left, top-right, bottom-left, bottom-right)
/// from the first `blocks` blocks' edge values (white's table entry plus twice
/// black's): three consecutive blocks make a strip, the left and right one together.
#[inline(always)]
pub(crate) fn strips_of_blocks(edges: &[u32; 5], blocks: usize) -> [u16; STRIPS] {
    let pair = |first: usize| edges[first] + 27 * edges[first + 1] + 729 * edges[first + 2];
    let (top, bottom) = (pair(0), pair(blocks - 3));
    [
        top as u16,
        (top >> 16) as u16,
        bottom as u16,
        (bottom >> 16) as u16,
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
    use crate::Patterns;
    use draughts_core::{Color, English, Geometry, International, Kind, Position, Square, Variant};

    fn strip_arrangements<V: Variant>(table: &Patterns<V>, pos: &Position<V>) -> [u16; STRIPS] {
        let all = table.arrangements(pos);
        let r = Patterns::<V>::REGIONS;
        [all[r], all[r + 1], all[r + 2], all[r + 3]]
    }

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
            let square = <V::Board as Geometry>::square_at(r as u8, c as u8)
                .and_then(Square::new)
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
        let table = Patterns::<V>::zero();
        for pos in crate::patterns::random_positions::<V>(99) {
            let got = strip_arrangements(&table, &pos);
            let flipped = strip_arrangements(&table, &pos.flipped());
            for s in 0..STRIPS {
                assert_eq!(got[s], reference(&pos, s), "{pos:?}, strip {s}");
                assert_eq!(flipped[rotated_strip(s)], flipped_strip(got[s]));
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
        let a = strip_arrangements(&Patterns::zero(), &Position::<International>::initial());
        assert_eq!(a[0], 2 * (3u16.pow(6) - 1) / 2);
        assert_eq!(flipped_strip(a[0]), a[3]);
        for a in 0..STRIP_ARRANGEMENTS as u16 {
            assert_eq!(flipped_strip(flipped_strip(a)), a);
        }
    }
}
