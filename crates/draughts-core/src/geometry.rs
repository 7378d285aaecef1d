//! Board geometry: how the playable squares map onto the bits of a `u64`.
//!
//! Squares are laid out with one "ghost" bit after every two rows, so that the four
//! diagonal neighbours of any bit are at the constant offsets `±W` and `±(W + 1)`
//! (`W` = squares per row), and a step off the left or right edge lands on a ghost bit,
//! which is never part of [`Geometry::VALID`]. Square `n` (1-based, as players read it)
//! has bit `i + i / (2W)` with `i = n - 1`.
//!
//! Two dark squares apart along a row or a column (an orthogonal step, as Frisian pieces
//! capture) are at `±1` within a row and `±(2W + 1)` across two rows; the first and last
//! squares of each row are masked before the `±1` shifts, which would otherwise run
//! into the neighbouring row.
//!
//! A mirrored board ([`Board8Mirrored`], Italian; [`Board8MirroredFromWhite`], Spanish)
//! has the same bits, its squares numbered from the other side of each row: square 1 is
//! the top-left corner. Spanish numbers the same board from White's side instead, the
//! other numbering turned half a turn: square 1 is White's bottom-right corner (h1), then
//! right to left and upwards, so that its square `n` is Italian's `33 - n` on the same
//! bit. Only the numbering differs, never the bits, so the move generator, which sees
//! bits alone, runs the same code for both.
//!
//! The full board ([`Board8Full`], Turkish) plays on all 64 squares, so it has no room
//! for ghost bits: square `n` has bit `n - 1`, row by row from the top left, and every
//! step that would leave the board sideways is masked off before the shift (the first
//! or last column), while steps off the top or bottom leave the word.

use std::fmt::Debug;
use std::hash::Hash;

/// The four diagonal directions and the four orthogonal ones (along a row or a column,
/// to the next playable square: two rows or columns on a board of dark squares, where
/// only Frisian captures use them, one on the full board). "Up" is towards the top row,
/// Black's side (White's forward direction), where square 1 is on every board but
/// Spanish's ([`Board8MirroredFromWhite`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Towards the top, to the left.
    UpLeft = 0,
    /// Towards the top, to the right.
    UpRight = 1,
    /// Towards the bottom, to the left.
    DownLeft = 2,
    /// Towards the bottom, to the right.
    DownRight = 3,
    /// Towards the top, in the same column.
    Up = 4,
    /// Towards the bottom, in the same column.
    Down = 5,
    /// To the left, in the same row.
    Left = 6,
    /// To the right, in the same row.
    Right = 7,
}

impl Direction {
    /// The four diagonal directions.
    pub const ALL: [Direction; 4] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];

    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// All eight directions, the diagonal ones first.
    pub const ALL_EIGHT: [Direction; 8] = [
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction pointing the other way.
    #[inline]
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::UpLeft => Direction::DownRight,
            Direction::UpRight => Direction::DownLeft,
            Direction::DownLeft => Direction::UpRight,
            Direction::DownRight => Direction::UpLeft,
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }

    /// Whether the direction points towards the top (diagonally or straight).
    #[inline]
    pub const fn is_up(self) -> bool {
        matches!(self, Direction::UpLeft | Direction::UpRight | Direction::Up)
    }

    /// Whether the direction points towards the bottom (diagonally or straight).
    #[inline]
    pub const fn is_down(self) -> bool {
        matches!(
            self,
            Direction::DownLeft | Direction::DownRight | Direction::Down
        )
    }

    /// Whether the direction leads `color`'s men forwards (diagonally or straight).
    #[inline]
    pub const fn is_forward(self, color: crate::piece::Color) -> bool {
        match color {
            crate::piece::Color::White => self.is_up(),
            crate::piece::Color::Black => self.is_down(),
        }
    }

    /// Whether the direction runs along a row or a column.
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        self as u8 >= 4
    }
}

/// Board geometry: the size of the board and the numbering of its playable squares.
///
/// The five boards ([`Board10`], [`Board8`], [`Board8Mirrored`],
/// [`Board8MirroredFromWhite`], [`Board8Full`]) are the only ones: the trait is sealed,
/// and its items on the bit layout are the core's own.
pub trait Geometry:
    sealed::Sealed + Copy + Eq + Hash + Debug + Default + Send + Sync + 'static
{
    /// Squares along one side of the board (8 or 10).
    const SIDE: u8;
    /// Where a [`crate::Move`] keeps the bits of its start and end squares: `()` where
    /// they fit in the spare top bits of its bit sets (boards of dark squares), `[u8; 2]`
    /// where the sets take the whole word (the full board).
    #[doc(hidden)]
    type EndBits: EndBits;
    /// Every square is playable (Turkish), not only the dark ones; see the module
    /// documentation for the layout.
    const ALL_SQUARES: bool = false;
    /// Playable squares per row.
    const PER_ROW: u8 = if Self::ALL_SQUARES {
        Self::SIDE
    } else {
        Self::SIDE / 2
    };
    /// Number of playable squares.
    const SQUARES: u8 = Self::SIDE * Self::PER_ROW;
    /// Bits of all playable squares.
    #[doc(hidden)]
    const VALID: u64 = line_mask(Self::ALL_SQUARES, Self::PER_ROW, 0, 1, Self::SQUARES);
    /// Bits of the top row, where White crowns: squares 1..=PER_ROW, or the last
    /// PER_ROW squares on a board [`Geometry::NUMBERED_FROM_WHITE`].
    #[doc(hidden)]
    const TOP_ROW: u64 = line_mask(Self::ALL_SQUARES, Self::PER_ROW, 0, 1, Self::PER_ROW);
    /// Bits of the bottom row: where Black crowns.
    #[doc(hidden)]
    const BOTTOM_ROW: u64 = line_mask(
        Self::ALL_SQUARES,
        Self::PER_ROW,
        Self::SQUARES - Self::PER_ROW,
        1,
        Self::PER_ROW,
    );
    /// Bits of the first square of every row (no orthogonal step to the left).
    #[doc(hidden)]
    const FIRST_COLUMN: u64 = line_mask(
        Self::ALL_SQUARES,
        Self::PER_ROW,
        0,
        Self::PER_ROW,
        Self::SIDE,
    );
    /// Bits of the last square of every row (no orthogonal step to the right).
    #[doc(hidden)]
    const LAST_COLUMN: u64 = line_mask(
        Self::ALL_SQUARES,
        Self::PER_ROW,
        Self::PER_ROW - 1,
        Self::PER_ROW,
        Self::SIDE,
    );
    /// The board is the ordinary one seen in a mirror: a1 is a light square and each
    /// player's bottom-right corner is playable (Italian, Spanish). Its bits are the
    /// ordinary board's, columns counted from the other side, so squares are numbered
    /// right to left within each row of the bit layout, and square 1 is the top-left
    /// corner.
    const MIRRORED: bool = false;
    /// Squares are numbered from White's side, the usual numbering turned half a turn:
    /// square 1 is White's bottom-right playable square, then right to left and upwards
    /// (Spanish, on the mirrored board: 1 is h1, White's men start on 1-12). The bits
    /// stay where they are; only the numbers change, the square the usual numbering
    /// calls `n` being `SQUARES + 1 - n`.
    const NUMBERED_FROM_WHITE: bool = false;

    /// The bit of the square numbered `n` (which must be on the board).
    #[doc(hidden)]
    #[inline(always)]
    fn bit_of_square(n: u8) -> u8 {
        if Self::ALL_SQUARES {
            n - 1
        } else {
            bit_of_index(Self::PER_ROW, Self::renumber(n - 1))
        }
    }

    /// The number of the square on a valid bit.
    #[doc(hidden)]
    #[inline(always)]
    fn square_of_bit(bit: u8) -> u8 {
        if Self::ALL_SQUARES {
            bit + 1
        } else {
            Self::renumber(index_of_bit(Self::PER_ROW, bit)) + 1
        }
    }

    /// The row (0 = top, White's far side) and column (0 = White's left) of the square
    /// numbered `n` (which must be on the board): square 1 is the top row's first
    /// playable square, the corner itself on mirrored boards and on the full board, and
    /// White's bottom-right corner where the board is [`Geometry::NUMBERED_FROM_WHITE`].
    #[inline]
    fn coordinates(n: u8) -> (u8, u8) {
        let w = Self::PER_ROW;
        if Self::ALL_SQUARES {
            let i = n - 1;
            return (i / w, i % w);
        }
        // The place in the bit layout, which is the ordinary board's: on even rows the
        // dark squares are in the odd columns (a1 dark), counted from the other side on
        // a mirrored board.
        let i = Self::renumber(n - 1);
        let row = i / w;
        let col = 2 * (i % w) + u8::from(row % 2 == 0);
        (
            row,
            if Self::MIRRORED {
                Self::SIDE - 1 - col
            } else {
                col
            },
        )
    }

    /// The number of the square at `row` and `col` (as [`Geometry::coordinates`] counts
    /// them), or `None` off the board or on a light square nobody plays on.
    #[inline]
    fn square_at(row: u8, col: u8) -> Option<u8> {
        if row >= Self::SIDE || col >= Self::SIDE {
            return None;
        }
        if Self::ALL_SQUARES {
            return Some(row * Self::SIDE + col + 1);
        }
        // As `coordinates`, backwards: the column in the bit layout, then the number.
        let col = if Self::MIRRORED {
            Self::SIDE - 1 - col
        } else {
            col
        };
        (col % 2 == u8::from(row % 2 == 0))
            .then(|| Self::renumber(row * Self::PER_ROW + col / 2) + 1)
    }

    /// Between a 0-based square index and its place in the bit layout: the identity; on
    /// a mirrored board the reversal within the row; on a board numbered from White's
    /// side the reversal of the whole order as well. Each is its own inverse, and they
    /// commute, so their product is its own inverse too.
    #[doc(hidden)]
    #[inline(always)]
    fn renumber(i: u8) -> u8 {
        let i = if Self::NUMBERED_FROM_WHITE {
            Self::SQUARES - 1 - i
        } else {
            i
        };
        if Self::MIRRORED {
            let w = Self::PER_ROW;
            i - i % w + (w - 1 - i % w)
        } else {
            i
        }
    }
}

/// Keeps [`Geometry`] to the five boards of this module.
mod sealed {
    /// Implemented by the five boards only.
    pub trait Sealed {}
}

/// A move's start and end bit indices, stored beside its bit sets ([`Geometry::EndBits`]).
pub trait EndBits: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// Stores the start and end bit indices.
    fn pack(from: u32, to: u32) -> Self;
    /// The start bit index.
    fn start(self) -> u32;
    /// The end bit index.
    fn end(self) -> u32;
}

/// Nothing stored: the move's words hold the indices (never asked for).
impl EndBits for () {
    #[inline(always)]
    fn pack(_: u32, _: u32) {}
    #[inline(always)]
    fn start(self) -> u32 {
        0
    }
    #[inline(always)]
    fn end(self) -> u32 {
        0
    }
}

impl EndBits for [u8; 2] {
    #[inline(always)]
    fn pack(from: u32, to: u32) -> Self {
        [from as u8, to as u8]
    }
    #[inline(always)]
    fn start(self) -> u32 {
        u32::from(self[0])
    }
    #[inline(always)]
    fn end(self) -> u32 {
        u32::from(self[1])
    }
}

/// The 10x10 board of International draughts (50 squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board10;

impl sealed::Sealed for Board10 {}
impl Geometry for Board10 {
    type EndBits = ();
    const SIDE: u8 = 10;
}

/// The 8x8 board of English draughts (32 squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board8;

impl sealed::Sealed for Board8 {}
impl Geometry for Board8 {
    type EndBits = ();
    const SIDE: u8 = 8;
}

/// The 8x8 board of Italian draughts: [`Board8`] seen in a mirror, so that the playable
/// corner is at each player's right (FID Regolamento 2.3) and square 1 is the top-left
/// corner (FID Regolamento 2.4), White's men starting on 21-32.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board8Mirrored;

impl sealed::Sealed for Board8Mirrored {}
impl Geometry for Board8Mirrored {
    type EndBits = ();
    const SIDE: u8 = 8;
    const MIRRORED: bool = true;
}

/// The 8x8 board of Spanish draughts: [`Board8Mirrored`], the same bits, numbered from
/// White's side: square 1 is White's bottom-right corner (h1), then right to left and
/// upwards, White's men starting on 1-12 and Black's on 21-32 (see [`crate::Spanish`]
/// for the sources). Square `n` here is square `33 - n` of [`Board8Mirrored`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board8MirroredFromWhite;

impl sealed::Sealed for Board8MirroredFromWhite {}
impl Geometry for Board8MirroredFromWhite {
    type EndBits = ();
    const SIDE: u8 = 8;
    const MIRRORED: bool = true;
    const NUMBERED_FROM_WHITE: bool = true;
}

/// The 8x8 board of Turkish draughts, every one of its 64 squares playable, numbered
/// 1 (top left, a8) to 64 (bottom right, h1) row by row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board8Full;

impl sealed::Sealed for Board8Full {}
impl Geometry for Board8Full {
    type EndBits = [u8; 2];
    const SIDE: u8 = 8;
    const ALL_SQUARES: bool = true;
}

/// Bit of the 0-based square index `i` on a board of dark squares with `per_row`
/// squares per row.
#[inline]
pub(crate) const fn bit_of_index(per_row: u8, i: u8) -> u8 {
    i + i / (2 * per_row)
}

/// 0-based square index of a bit (the inverse of [`bit_of_index`] on valid bits).
#[inline]
pub(crate) const fn index_of_bit(per_row: u8, bit: u8) -> u8 {
    bit - bit / (2 * per_row + 1)
}

/// The bits of `count` square indices from `first`, `stride` apart, on a board with
/// `per_row` playable squares per row (all of them if `all_squares`).
pub(crate) const fn line_mask(
    all_squares: bool,
    per_row: u8,
    first: u8,
    stride: u8,
    count: u8,
) -> u64 {
    let mut mask = 0u64;
    let mut n = 0;
    while n < count {
        let i = first + n * stride;
        let bit = if all_squares {
            i
        } else {
            bit_of_index(per_row, i)
        };
        mask |= 1u64 << bit;
        n += 1;
    }
    mask
}

/// Shifts every bit of `bits` one step in direction `d`. Bits may land on ghost bits or
/// leave the word; mask the result with [`Geometry::VALID`] (or a subset of it).
#[inline(always)]
pub const fn shift<G: Geometry>(bits: u64, d: Direction) -> u64 {
    let w = G::PER_ROW as u32;
    if G::ALL_SQUARES {
        let (left, right) = (bits & !G::FIRST_COLUMN, bits & !G::LAST_COLUMN);
        return match d {
            Direction::UpLeft => left >> (w + 1),
            Direction::UpRight => right >> (w - 1),
            Direction::DownLeft => left << (w - 1),
            Direction::DownRight => right << (w + 1),
            Direction::Up => bits >> w,
            Direction::Down => bits << w,
            Direction::Left => left >> 1,
            Direction::Right => right << 1,
        };
    }
    match d {
        Direction::UpLeft => bits >> (w + 1),
        Direction::UpRight => bits >> w,
        Direction::DownLeft => bits << w,
        Direction::DownRight => bits << (w + 1),
        Direction::Up => bits >> (2 * w + 1),
        Direction::Down => bits << (2 * w + 1),
        Direction::Left => (bits & !G::FIRST_COLUMN) >> 1,
        Direction::Right => (bits & !G::LAST_COLUMN) << 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row (0 = top) and column (0 = left) of a 0-based square index.
    const fn row_col(per_row: u8, i: u8) -> (u8, u8) {
        let row = i / per_row;
        let k = i % per_row;
        let col = if row % 2 == 0 { 2 * k + 1 } else { 2 * k };
        (row, col)
    }

    fn neighbours<G: Geometry>(i: u8) -> Vec<(Direction, u8)> {
        let mut out = Vec::new();
        for d in Direction::ALL {
            let b = shift::<G>(1u64 << bit_of_index(G::PER_ROW, i), d) & G::VALID;
            if b != 0 {
                out.push((d, index_of_bit(G::PER_ROW, b.trailing_zeros() as u8)));
            }
        }
        out
    }

    /// Neighbours computed from the bit layout agree with row/column arithmetic.
    fn check<G: Geometry>() {
        assert_eq!(G::VALID.count_ones(), G::SQUARES as u32);
        for i in 0..G::SQUARES {
            assert_eq!(index_of_bit(G::PER_ROW, bit_of_index(G::PER_ROW, i)), i);
            let (r, c) = row_col(G::PER_ROW, i);
            let mut expected = Vec::new();
            for (d, dr, dc) in [
                (Direction::UpLeft, -1i8, -1i8),
                (Direction::UpRight, -1, 1),
                (Direction::DownLeft, 1, -1),
                (Direction::DownRight, 1, 1),
            ] {
                let (nr, nc) = (r as i8 + dr, c as i8 + dc);
                let side = G::SIDE as i8;
                if (0..side).contains(&nr) && (0..side).contains(&nc) {
                    let j = nr as u8 * G::PER_ROW + nc as u8 / 2;
                    expected.push((d, j));
                }
            }
            assert_eq!(neighbours::<G>(i), expected, "square {}", i + 1);
        }
    }

    /// Orthogonal steps from the bit layout agree with row/column arithmetic: two rows
    /// or two columns away, never wrapping round an edge.
    fn check_orthogonal<G: Geometry>() {
        for i in 0..G::SQUARES {
            let (r, c) = row_col(G::PER_ROW, i);
            for (d, dr, dc) in [
                (Direction::Up, -2i8, 0i8),
                (Direction::Down, 2, 0),
                (Direction::Left, 0, -2),
                (Direction::Right, 0, 2),
            ] {
                let b = shift::<G>(1u64 << bit_of_index(G::PER_ROW, i), d) & G::VALID;
                let (nr, nc) = (r as i8 + dr, c as i8 + dc);
                let side = G::SIDE as i8;
                let expected = if (0..side).contains(&nr) && (0..side).contains(&nc) {
                    1u64 << bit_of_index(G::PER_ROW, nr as u8 * G::PER_ROW + nc as u8 / 2)
                } else {
                    0
                };
                assert_eq!(b, expected, "square {} {d:?}", i + 1);
                assert_eq!(d.reverse().reverse(), d);
            }
        }
    }

    #[test]
    fn orthogonal_steps() {
        check_orthogonal::<Board10>();
        check_orthogonal::<Board8>();
    }

    #[test]
    fn layout_10x10() {
        check::<Board10>();
        assert_eq!(Board10::TOP_ROW.count_ones(), 5);
    }

    #[test]
    fn mirrored_numbering() {
        check::<Board8Mirrored>();
        // Square 1, the top-left corner, is the last bit of the first row; square 5, the
        // first square of the second row, is the last bit of that row, and in the mirror
        // its up-left neighbour 1 lies up-right in the bit layout.
        assert_eq!(Board8Mirrored::bit_of_square(1), 3);
        assert_eq!(Board8Mirrored::bit_of_square(5), 7);
        assert_eq!(Board8Mirrored::bit_of_square(32), 31);
        for n in 1..=32 {
            assert_eq!(
                Board8Mirrored::square_of_bit(Board8Mirrored::bit_of_square(n)),
                n
            );
        }
        let five = 1 << Board8Mirrored::bit_of_square(5);
        let up_left = shift::<Board8Mirrored>(five, Direction::UpRight);
        assert_eq!(up_left, 1 << Board8Mirrored::bit_of_square(1));
    }

    /// Spanish's numbering is Italian's turned half a turn on the same bits: square `n`
    /// sits on Italian's `33 - n`, so 1 is the last bit and 32 the top-left corner's.
    #[test]
    fn numbered_from_white() {
        type S = Board8MirroredFromWhite;
        check::<S>();
        assert_eq!(
            (S::VALID, S::TOP_ROW),
            (Board8Mirrored::VALID, Board8Mirrored::TOP_ROW)
        );
        for n in 1..=32 {
            assert_eq!(S::bit_of_square(n), Board8Mirrored::bit_of_square(33 - n));
            assert_eq!(S::square_of_bit(S::bit_of_square(n)), n);
            let (row, col) = Board8Mirrored::coordinates(33 - n);
            assert_eq!(S::coordinates(n), (row, col));
        }
        // White crowns on 29-32, the top row.
        let top: u64 = (29..=32).map(|n| 1u64 << S::bit_of_square(n)).sum();
        assert_eq!(S::TOP_ROW, top);
    }

    /// On the full board every square is playable and each of the eight directions
    /// leads to the adjacent square, never round an edge.
    #[test]
    fn full_board() {
        type G = Board8Full;
        assert_eq!((G::PER_ROW, G::SQUARES, G::VALID), (8, 64, u64::MAX));
        assert_eq!((G::TOP_ROW, G::BOTTOM_ROW), (0xFF, 0xFF << 56));
        assert_eq!(G::FIRST_COLUMN, 0x0101_0101_0101_0101);
        assert_eq!(G::LAST_COLUMN, 0x8080_8080_8080_8080);
        for n in 1..=64 {
            assert_eq!(G::square_of_bit(G::bit_of_square(n)), n);
            let i = n - 1;
            let (r, c) = ((i / 8) as i8, (i % 8) as i8);
            for (d, dr, dc) in [
                (Direction::UpLeft, -1i8, -1i8),
                (Direction::UpRight, -1, 1),
                (Direction::DownLeft, 1, -1),
                (Direction::DownRight, 1, 1),
                (Direction::Up, -1, 0),
                (Direction::Down, 1, 0),
                (Direction::Left, 0, -1),
                (Direction::Right, 0, 1),
            ] {
                let (nr, nc) = (r + dr, c + dc);
                let expected = if (0..8).contains(&nr) && (0..8).contains(&nc) {
                    1u64 << (nr * 8 + nc)
                } else {
                    0
                };
                assert_eq!(shift::<G>(1u64 << i, d), expected, "square {n} {d:?}");
            }
        }
    }

    /// Rows and columns agree with the diagrams of FORMATS §1 and §7: on the 8x8 board
    /// of dark squares 1 is b8 and 29 is a1, on the mirrored one 1 is a8 and 32 h1
    /// (Spanish's: 1 is h1 and 32 a8), on the full board 1 is a8 and 64 h1, and
    /// International's 46 is a1.
    #[test]
    fn coordinates_and_back() {
        fn check<G: Geometry>(corners: &[(u8, (u8, u8))]) {
            for &(n, place) in corners {
                assert_eq!(G::coordinates(n), place, "square {n}");
            }
            let mut found = 0;
            for row in 0..G::SIDE {
                for col in 0..G::SIDE {
                    if let Some(n) = G::square_at(row, col) {
                        assert_eq!(G::coordinates(n), (row, col));
                        found += 1;
                    }
                }
            }
            assert_eq!(found, u32::from(G::SQUARES));
            assert_eq!(G::square_at(G::SIDE, 0), None);
        }
        check::<Board8>(&[
            (1, (0, 1)),
            (4, (0, 7)),
            (5, (1, 0)),
            (29, (7, 0)),
            (32, (7, 6)),
        ]);
        check::<Board8Mirrored>(&[(1, (0, 0)), (5, (1, 1)), (29, (7, 1)), (32, (7, 7))]);
        check::<Board8MirroredFromWhite>(&[
            (1, (7, 7)),
            (4, (7, 1)),
            (5, (6, 6)),
            (29, (0, 6)),
            (32, (0, 0)),
        ]);
        check::<Board8Full>(&[(1, (0, 0)), (8, (0, 7)), (57, (7, 0)), (64, (7, 7))]);
        check::<Board10>(&[(1, (0, 1)), (5, (0, 9)), (46, (9, 0)), (50, (9, 8))]);
        // a2 is light on the boards whose a1 is dark.
        assert_eq!(Board8::square_at(6, 0), None);
        assert_eq!(Board8Mirrored::square_at(7, 0), None);
        assert_eq!(Board8MirroredFromWhite::square_at(7, 0), None);
    }

    #[test]
    fn layout_8x8() {
        check::<Board8>();
        assert_eq!(Board8::BOTTOM_ROW.count_ones(), 4);
    }
}
