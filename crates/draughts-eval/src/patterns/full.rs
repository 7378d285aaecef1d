//! The regions of the full board (Turkish): blocks of two rows by four columns.
//!
//! A region holds 8 squares, as on the other boards, so the arrangements, the table
//! and the file keep their form: region `(a, c)` covers rows `2a` and `2a + 1` and
//! columns `2c .. 2c + 4` (4 rows of 3 regions, overlapping by two columns), and odd
//! region `(a, c)` the same columns on rows `2a + 1` and `2a + 2` (3 rows of 3). Its
//! digit `j` is the `j`-th of its squares in board order: the upper row's four, left to
//! right, then the lower row's. The full board has no edge strips: the regions at
//! columns a-d and e-h already see the edges whole.

use draughts_core::{Bitboard, Variant};

/// Rows of the full board.
const ROWS: usize = 8;

/// For one colour's men on a row (the byte `y` of [`Bitboard::rows`], column `k` on
/// bit `k`), the base-3
/// value of the four squares from column `2c` in the 16-bit lane `c` (`c < 3`), each
/// set bit a digit 1 (at most 40 a lane, so a row's value for White plus twice
/// Black's, and a region's upper row plus 81 times its lower one, never carry).
const ROW_TABLE: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut y = 0;
    while y < 256 {
        let mut packed = 0u64;
        let mut c = 0;
        while c < 3 {
            let mut value = 0u64;
            let mut k = 4;
            while k > 0 {
                k -= 1;
                value = 3 * value + ((y >> (2 * c + k)) & 1) as u64;
            }
            packed |= value << (16 * c);
            c += 1;
        }
        table[y] = packed;
        y += 1;
    }
    table
};

/// Every row's half-arrangements, packed as [`ROW_TABLE`] packs them, from the men of
/// each colour.
#[inline(always)]
fn halves<V: Variant>(white: Bitboard<V>, black: Bitboard<V>) -> [u64; ROWS] {
    std::array::from_fn(|r| {
        let byte = |men: Bitboard<V>| usize::from(men.rows(r as u8, 1) as u8);
        ROW_TABLE[byte(white)] + 2 * ROW_TABLE[byte(black)]
    })
}

/// The arrangements of the regions (`odd` false) or the odd regions of each row of
/// regions `a`, packed: region `(a, c)` in the 16-bit lane `c` of entry `a` (entries
/// past the last row are 0).
#[inline(always)]
pub(super) fn region_rows<V: Variant>(
    white: Bitboard<V>,
    black: Bitboard<V>,
    odd: bool,
) -> [u64; 4] {
    let halves = halves(white, black);
    let first = usize::from(odd);
    std::array::from_fn(|a| {
        let upper = 2 * a + first;
        if upper + 1 < ROWS {
            halves[upper] + 81 * halves[upper + 1]
        } else {
            0
        }
    })
}
