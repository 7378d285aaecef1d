//! Square sets the features test against, computed at compile time for each board.
//!
//! Rows and columns follow [`draughts_core::geometry`]: row 0 is the top row (where
//! White crowns), column 0 the left edge as White sees the board. A square's *rank* for
//! a colour counts rows from that colour's own back row: 0 on the back row, `SIDE - 1`
//! on the row where it crowns. Masks that do not depend on the colour (edges, centre,
//! king zone) are symmetric under the 180-degree turn that maps one colour onto the
//! other; the per-colour masks are each other's mirror images. Together these make every
//! feature colour-symmetric, which the tests check.
//!
//! On the full board (Turkish: every square playable, square `n` on bit `n - 1`) the
//! masks are the same sets of rows and columns, except where noted on [`Tables`].

use draughts_core::geometry::Geometry;
use std::marker::PhantomData;

/// Number of bit planes of a rank (enough for boards up to 16 rows).
pub(crate) const RANK_PLANES: usize = 4;

/// The masks of one board, as raw bit sets (layout in [`draughts_core::geometry`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tables {
    /// `[colour][j]`: squares whose rank for that colour has bit `j` set, so that a sum
    /// of ranks is `sum_j 2^j * popcount(men & rank_planes[c][j])`.
    pub rank_planes: [[u64; RANK_PLANES]; 2],
    /// `[colour]`: the colour's own back row (rank 0); on the full board, where men
    /// start a row further in and never reach the back row, the row in front of it
    /// (rank 1).
    pub back_row: [u64; 2],
    /// `[colour]`: the opponent's half of the board (ranks `SIDE/2 ..`).
    pub opponent_half: [u64; 2],
    /// Columns `0 .. SIDE/2` (the left wing as White sees it).
    pub left: u64,
    /// Columns 0 and `SIDE - 1`.
    pub edge: u64,
    /// The two middle rows, columns `2 ..= SIDE - 3`: squares 22-24 and 27-29 on the
    /// 10x10 board, 14, 15, 18 and 19 on the 8x8 board.
    pub centre: u64,
    /// Squares at least two steps from every edge, plus the long diagonal (from the
    /// bottom-left corner to the top-right one: 46-5 on 10x10, 29-4 on 8x8); on the
    /// full board, whose kings move along rows and columns, the inner squares only
    /// (c3-f6).
    pub king_zone: u64,
    /// `[direction][k]`: the squares `2^k` steps from some square in that direction
    /// (indexed by [`draughts_core::geometry::Direction`]), for `k < LANDING_ROUNDS`:
    /// where a shift by `2^k` steps may land without wrapping around an edge.
    pub landing: [[u64; LANDING_ROUNDS]; 4],
}

/// Rounds of a fill by doubling along a diagonal: `2^4 - 1 = 15` steps cover any board
/// up to 16 rows.
pub(crate) const LANDING_ROUNDS: usize = 4;

/// Row (0 = top) and column (0 = left) of the 0-based square index `i`.
const fn row_col(per_row: u8, i: u8) -> (u8, u8) {
    let row = i / per_row;
    let k = i % per_row;
    let col = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
    (row, col)
}

impl Tables {
    /// The tables of the board with `side` squares along each edge, of dark squares
    /// or (`all_squares`) every square.
    const fn build(side: u8, all_squares: bool) -> Tables {
        let per_row = if all_squares { side } else { side / 2 };
        let home = if all_squares { 1 } else { 0 };
        let squares = side * per_row;
        let mut t = Tables {
            rank_planes: [[0; RANK_PLANES]; 2],
            back_row: [0; 2],
            opponent_half: [0; 2],
            left: 0,
            edge: 0,
            centre: 0,
            king_zone: 0,
            landing: [[0; LANDING_ROUNDS]; 4],
        };
        let mut i = 0;
        while i < squares {
            let (bit, (row, col)) = if all_squares {
                (1u64 << i, (i / side, i % side))
            } else {
                (1u64 << (i + i / (2 * per_row)), row_col(per_row, i))
            };
            // White's back row is the bottom one; Black's is the top one.
            let ranks = [side - 1 - row, row];
            let mut c = 0;
            while c < 2 {
                let rank = ranks[c];
                let mut j = 0;
                while j < RANK_PLANES {
                    if rank & (1 << j) != 0 {
                        t.rank_planes[c][j] |= bit;
                    }
                    j += 1;
                }
                if rank == home {
                    t.back_row[c] |= bit;
                }
                if rank >= side / 2 {
                    t.opponent_half[c] |= bit;
                }
                c += 1;
            }
            if col < side / 2 {
                t.left |= bit;
            }
            if col == 0 || col == side - 1 {
                t.edge |= bit;
            }
            let inner_col = col >= 2 && col <= side - 3;
            if inner_col && (row == side / 2 - 1 || row == side / 2) {
                t.centre |= bit;
            }
            let long_diagonal = row + col == side - 1 && !all_squares;
            if (inner_col && row >= 2 && row <= side - 3) || long_diagonal {
                t.king_zone |= bit;
            }
            // Direction order: up-left, up-right, down-left, down-right; the square is a
            // landing if the square `n` steps back from it is on the board.
            let mut d = 0;
            while d < 4 {
                let (row_step, col_step) = ([-1i16, -1, 1, 1][d], [-1i16, 1, -1, 1][d]);
                let mut k = 0;
                while k < LANDING_ROUNDS {
                    let n = 1i16 << k;
                    let (from_row, from_col) =
                        (row as i16 - n * row_step, col as i16 - n * col_step);
                    if from_row >= 0
                        && from_row < side as i16
                        && from_col >= 0
                        && from_col < side as i16
                    {
                        t.landing[d][k] |= bit;
                    }
                    k += 1;
                }
                d += 1;
            }
            i += 1;
        }
        t
    }
}

/// The [`Tables`] of board `G`, as an associated constant so that each monomorphised
/// evaluator reads its masks as immediates.
pub(crate) struct Masks<G>(PhantomData<G>);

impl<G: Geometry> Masks<G> {
    pub const TABLES: Tables = Tables::build(G::SIDE, G::ALL_SQUARES);
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{
        Bitboard, Board10, Board8, Board8Full, English, International, Square, Turkish, Variant,
    };

    fn squares<V: Variant>(bits: u64) -> Vec<u8> {
        Bitboard::<V>::from_bits(bits)
            .iter()
            .map(Square::number)
            .collect()
    }

    #[test]
    fn international_masks() {
        let t = Masks::<Board10>::TABLES;
        type I = International;
        assert_eq!(squares::<I>(t.centre), [22, 23, 24, 27, 28, 29]);
        assert_eq!(squares::<I>(t.back_row[0]), [46, 47, 48, 49, 50]);
        assert_eq!(squares::<I>(t.back_row[1]), [1, 2, 3, 4, 5]);
        assert_eq!(
            squares::<I>(t.opponent_half[0]),
            (1..=25).collect::<Vec<_>>()
        );
        assert_eq!(
            squares::<I>(t.opponent_half[1]),
            (26..=50).collect::<Vec<_>>()
        );
        assert_eq!(squares::<I>(t.edge), [5, 6, 15, 16, 25, 26, 35, 36, 45, 46]);
        assert_eq!(t.left.count_ones(), 25);
        assert!(t.left & Bitboard::<I>::bit(Square::new_unchecked(26)).unwrap() != 0);
        assert!(t.left & Bitboard::<I>::bit(Square::new_unchecked(23)).unwrap() == 0);
        // The long diagonal 46-5 plus a 3x6 inner block.
        let zone = squares::<I>(t.king_zone);
        assert_eq!(zone.len(), 22);
        for s in [46, 41, 37, 32, 28, 23, 19, 14, 10, 5, 12, 13, 39] {
            assert!(zone.contains(&s), "{s} in the king zone");
        }
        // Ranks: square 26 (row 5 from the top) is rank 4 for White, 5 for Black.
        let bit26 = Bitboard::<I>::bit(Square::new_unchecked(26)).unwrap();
        let rank = |c: usize| {
            (0..RANK_PLANES)
                .filter(|&j| t.rank_planes[c][j] & bit26 != 0)
                .map(|j| 1 << j)
                .sum::<u32>()
        };
        assert_eq!((rank(0), rank(1)), (4, 5));
    }

    #[test]
    fn english_masks() {
        let t = Masks::<Board8>::TABLES;
        type E = English;
        assert_eq!(squares::<E>(t.centre), [14, 15, 18, 19]);
        assert_eq!(squares::<E>(t.edge), [4, 5, 12, 13, 20, 21, 28, 29]);
        assert_eq!(
            squares::<E>(t.king_zone),
            [4, 8, 10, 11, 14, 15, 18, 19, 22, 23, 25, 29]
        );
    }

    #[test]
    fn turkish_masks() {
        let t = Masks::<Board8Full>::TABLES;
        type T = Turkish;
        assert_eq!(squares::<T>(t.centre), [27, 28, 29, 30, 35, 36, 37, 38]);
        // Men start on the second and third rows and never reach the back row.
        assert_eq!(squares::<T>(t.back_row[0]), (49..=56).collect::<Vec<_>>());
        assert_eq!(squares::<T>(t.back_row[1]), (9..=16).collect::<Vec<_>>());
        assert_eq!(
            squares::<T>(t.opponent_half[0]),
            (1..=32).collect::<Vec<_>>()
        );
        assert_eq!(squares::<T>(t.edge).len(), 16);
        assert_eq!(t.left, 0x0f0f_0f0f_0f0f_0f0f);
        // The inner 4x4 squares, c3-f6, without a long diagonal.
        let zone: Vec<u8> = [19, 27, 35, 43]
            .into_iter()
            .flat_map(|first| first..first + 4)
            .collect();
        assert_eq!(squares::<T>(t.king_zone), zone);
        // Square 9 (a7) is rank 6 for White, 1 for Black.
        let rank = |c: usize| {
            (0..RANK_PLANES)
                .filter(|&j| t.rank_planes[c][j] & 1 << 8 != 0)
                .map(|j| 1 << j)
                .sum::<u32>()
        };
        assert_eq!((rank(0), rank(1)), (6, 1));
    }
}
