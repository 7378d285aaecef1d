//! Square sets the features test against, computed at compile time for each board.
//!
//! Rows and columns are as [`draughts_core::Geometry::coordinates`] counts them: row 0
//! is the top row (where White crowns), column 0 the left edge as White sees the board.
//! A square's *rank* for a colour counts rows from that colour's own back row: 0 on the
//! back row, `SIDE - 1` on the row where it crowns. Masks that do not depend on the
//! colour (edges, centre, king zone) are symmetric under the 180-degree turn that maps
//! one colour onto the other; the per-colour masks are each other's mirror images.
//! Together these make every feature colour-symmetric, which the tests check.
//!
//! On the full board (Turkish: every square playable) the masks are the same sets of
//! rows and columns, except where noted on [`Tables`].

use draughts_core::{Bitboard, Geometry, Variant};
use std::marker::PhantomData;

/// Number of bit planes of a rank (enough for boards up to 16 rows).
pub(crate) const RANK_PLANES: usize = 4;

/// The masks of variant `V`'s board.
pub(crate) struct Tables<V: Variant> {
    /// `[colour][j]`: squares whose rank for that colour has bit `j` set, so that a sum
    /// of ranks is `sum_j 2^j * |men & rank_planes[c][j]|`.
    pub rank_planes: [[Bitboard<V>; RANK_PLANES]; 2],
    /// `[colour]`: the colour's own back row (rank 0); on the full board, where men
    /// start a row further in and never reach the back row, the row in front of it
    /// (rank 1).
    pub back_row: [Bitboard<V>; 2],
    /// `[colour]`: the opponent's half of the board (ranks `SIDE/2 ..`).
    pub opponent_half: [Bitboard<V>; 2],
    /// Columns `0 .. SIDE/2` (the left wing as White sees it).
    pub left: Bitboard<V>,
    /// Columns 0 and `SIDE - 1`.
    pub edge: Bitboard<V>,
    /// The two middle rows, columns `2 ..= SIDE - 3`: squares 22-24 and 27-29 on the
    /// 10x10 board, 14, 15, 18 and 19 on the 8x8 board.
    pub centre: Bitboard<V>,
    /// Squares at least two steps from every edge, plus the long diagonal (the corner
    /// to corner diagonal of playable squares: 46-5 on 10x10, 29-4 on 8x8, 1-32 on the
    /// mirrored 8x8 board); on the full board, whose kings move along rows and columns,
    /// the inner squares only (c3-f6).
    pub king_zone: Bitboard<V>,
}

impl<V: Variant> Tables<V> {
    /// The tables of `V`'s board, square by square.
    const fn build() -> Tables<V> {
        let side = <V::Board as Geometry>::SIDE;
        let all_squares = <V::Board as Geometry>::ALL_SQUARES;
        let home = if all_squares { 1 } else { 0 };
        let none = Bitboard::EMPTY;
        let mut t = Tables {
            rank_planes: [[none; RANK_PLANES]; 2],
            back_row: [none; 2],
            opponent_half: [none; 2],
            left: none,
            edge: none,
            centre: none,
            king_zone: none,
        };
        let mut row = 0;
        while row < side {
            let mut col = 0;
            while col < side {
                let square = Bitboard::<V>::at(row, col);
                // White's back row is the bottom one; Black's is the top one.
                let ranks = [side - 1 - row, row];
                let mut c = 0;
                while c < 2 {
                    let rank = ranks[c];
                    let mut j = 0;
                    while j < RANK_PLANES {
                        if rank & (1 << j) != 0 {
                            t.rank_planes[c][j] = t.rank_planes[c][j].union(square);
                        }
                        j += 1;
                    }
                    if rank == home {
                        t.back_row[c] = t.back_row[c].union(square);
                    }
                    if rank >= side / 2 {
                        t.opponent_half[c] = t.opponent_half[c].union(square);
                    }
                    c += 1;
                }
                if col < side / 2 {
                    t.left = t.left.union(square);
                }
                if col == 0 || col == side - 1 {
                    t.edge = t.edge.union(square);
                }
                let inner_col = col >= 2 && col <= side - 3;
                if inner_col && (row == side / 2 - 1 || row == side / 2) {
                    t.centre = t.centre.union(square);
                }
                // Of the two corner to corner diagonals, the one of playable squares.
                let long_diagonal = (row + col == side - 1 || row == col) && !all_squares;
                if (inner_col && row >= 2 && row <= side - 3) || long_diagonal {
                    t.king_zone = t.king_zone.union(square);
                }
                col += 1;
            }
            row += 1;
        }
        t
    }
}

/// The [`Tables`] of variant `V`, as an associated constant so that each monomorphised
/// evaluator reads its masks as immediates.
pub(crate) struct Masks<V>(PhantomData<V>);

impl<V: Variant> Masks<V> {
    pub const TABLES: Tables<V> = Tables::build();
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Italian, Square, Turkish};

    fn squares<V: Variant>(set: Bitboard<V>) -> Vec<u8> {
        set.iter().map(Square::number).collect()
    }

    /// The rank of square `n` for colour `c`, read off the planes.
    fn rank<V: Variant>(t: &Tables<V>, c: usize, n: u8) -> u32 {
        (0..RANK_PLANES)
            .filter(|&j| t.rank_planes[c][j].contains(Square::new_unchecked(n)))
            .map(|j| 1 << j)
            .sum()
    }

    #[test]
    fn international_masks() {
        let t = Masks::<International>::TABLES;
        assert_eq!(squares(t.centre), [22, 23, 24, 27, 28, 29]);
        assert_eq!(squares(t.back_row[0]), [46, 47, 48, 49, 50]);
        assert_eq!(squares(t.back_row[1]), [1, 2, 3, 4, 5]);
        assert_eq!(squares(t.opponent_half[0]), (1..=25).collect::<Vec<_>>());
        assert_eq!(squares(t.opponent_half[1]), (26..=50).collect::<Vec<_>>());
        assert_eq!(squares(t.edge), [5, 6, 15, 16, 25, 26, 35, 36, 45, 46]);
        assert_eq!(t.left.len(), 25);
        assert!(t.left.contains(Square::new_unchecked(26)));
        assert!(!t.left.contains(Square::new_unchecked(23)));
        // The long diagonal 46-5 plus a 3x6 inner block.
        let zone = squares(t.king_zone);
        assert_eq!(zone.len(), 22);
        for s in [46, 41, 37, 32, 28, 23, 19, 14, 10, 5, 12, 13, 39] {
            assert!(zone.contains(&s), "{s} in the king zone");
        }
        // Square 26 (row 5 from the top) is rank 4 for White, 5 for Black.
        assert_eq!((rank(&t, 0, 26), rank(&t, 1, 26)), (4, 5));
    }

    /// The masks of an 8x8 board of dark squares with the given edges and king zone.
    fn check_8x8<V: Variant>(edge: [u8; 8], king_zone: [u8; 12]) {
        let t = Masks::<V>::TABLES;
        assert_eq!(squares(t.centre), [14, 15, 18, 19]);
        assert_eq!(squares(t.edge), edge);
        assert_eq!(squares(t.king_zone), king_zone);
    }

    #[test]
    fn english_masks() {
        check_8x8::<English>(
            [4, 5, 12, 13, 20, 21, 28, 29],
            [4, 8, 10, 11, 14, 15, 18, 19, 22, 23, 25, 29],
        );
    }

    /// The mirrored board: its long diagonal runs from square 1 (top left) to 32.
    #[test]
    fn italian_masks() {
        check_8x8::<Italian>(
            [1, 8, 9, 16, 17, 24, 25, 32],
            [1, 5, 10, 11, 14, 15, 18, 19, 22, 23, 28, 32],
        );
        let left: Vec<u8> = (1..=32).filter(|n| (n - 1) % 4 < 2).collect();
        assert_eq!(squares(Masks::<Italian>::TABLES.left), left);
    }

    #[test]
    fn turkish_masks() {
        let t = Masks::<Turkish>::TABLES;
        assert_eq!(squares(t.centre), [27, 28, 29, 30, 35, 36, 37, 38]);
        // Men start on the second and third rows and never reach the back row.
        assert_eq!(squares(t.back_row[0]), (49..=56).collect::<Vec<_>>());
        assert_eq!(squares(t.back_row[1]), (9..=16).collect::<Vec<_>>());
        assert_eq!(squares(t.opponent_half[0]), (1..=32).collect::<Vec<_>>());
        assert_eq!(t.edge.len(), 16);
        let left: Vec<u8> = (1..=64).filter(|n| (n - 1) % 8 < 4).collect();
        assert_eq!(squares(t.left), left);
        // The inner 4x4 squares, c3-f6, without a long diagonal.
        let zone: Vec<u8> = [19, 27, 35, 43]
            .into_iter()
            .flat_map(|first| first..first + 4)
            .collect();
        assert_eq!(squares(t.king_zone), zone);
        // Square 9 (a7) is rank 6 for White, 1 for Black.
        assert_eq!((rank(&t, 0, 9), rank(&t, 1, 9)), (6, 1));
    }
}
