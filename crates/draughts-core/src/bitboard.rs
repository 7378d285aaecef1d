//! Sets of squares.

use crate::gather;
use crate::geometry::{bit_of_index, shift, Direction, Geometry};
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares of variant `V`'s board, one bit per square.
///
/// The set operators (`&`, `|`, `^`, `-` for the difference, `!` for the complement
/// within the board) and [`Bitboard::shift`] each compile to an instruction or two on
/// the raw word. The bit layout stays inside the core: [`Bitboard::slot`] and
/// [`Bitboard::packed`] give indices for tables without it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard<V: Variant> {
    bits: u64,
    variant: PhantomData<V>,
}

impl<V: Variant> Bitboard<V> {
    /// The empty set.
    pub const EMPTY: Bitboard<V> = Bitboard::from_bits(0);
    /// Every square of the board.
    pub const ALL: Bitboard<V> = Bitboard::from_bits(<V::Board as Geometry>::VALID);

    /// A number below 64 for the square of a set of one, distinct for each square of
    /// the board: an index for tables by square, read without looking the square's
    /// number up (it is neither the number nor in the numbers' order). Meaningless for
    /// a set of more or fewer squares.
    ///
    /// ```
    /// use draughts_core::{Bitboard, International, Square};
    /// use std::collections::BTreeSet;
    ///
    /// let slots: BTreeSet<usize> = (1..=50)
    ///     .filter_map(|n| Bitboard::<International>::from_square(Square::new(n)?))
    ///     .map(Bitboard::slot)
    ///     .collect();
    /// assert_eq!(slots.len(), 50);
    /// assert!(slots.iter().all(|&s| s < 64));
    /// ```
    #[inline(always)]
    pub const fn slot(self) -> usize {
        debug_assert!(self.bits.count_ones() == 1);
        self.bits.trailing_zeros() as usize & 63
    }

    /// The set with the given raw bits; bits outside the board are dropped.
    #[inline]
    pub(crate) const fn from_bits(bits: u64) -> Bitboard<V> {
        Bitboard {
            bits: bits & <V::Board as Geometry>::VALID,
            variant: PhantomData,
        }
    }

    /// The raw bits (layout in [`crate::geometry`]).
    #[inline]
    pub(crate) const fn bits(self) -> u64 {
        self.bits
    }

    /// The bit of a square, or `None` if the square is not on this board.
    #[inline]
    pub(crate) fn bit(square: Square) -> Option<u64> {
        let n = square.number();
        (n <= <V::Board as Geometry>::SQUARES)
            .then(|| 1u64 << <V::Board as Geometry>::bit_of_square(n))
    }

    /// The set holding just `square`, or `None` if it is not on this board.
    pub fn from_square(square: Square) -> Option<Bitboard<V>> {
        Self::bit(square).map(Bitboard::from_bits)
    }

    /// The square of the lowest bit of a non-empty raw word.
    #[inline]
    pub(crate) fn square_of_bit(bit: u32) -> Square {
        Square::new_unchecked(<V::Board as Geometry>::square_of_bit(bit as u8))
    }

    /// Whether `square` is in the set.
    #[inline]
    pub fn contains(self, square: Square) -> bool {
        Self::bit(square).is_some_and(|b| self.bits & b != 0)
    }

    /// The set with `square` added (unchanged if the square is not on this board).
    #[must_use]
    pub fn with(self, square: Square) -> Bitboard<V> {
        Bitboard::from_bits(self.bits | Self::bit(square).unwrap_or(0))
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// Every square moved one step in direction `d`; squares stepping off the board
    /// are dropped. Costs a shift and a mask (two on the full board and for steps
    /// along a row). Directions are as the board is seen: on a mirrored board
    /// (Italian, Spanish) left and right swap in the bit layout, at compile time.
    ///
    /// ```
    /// use draughts_core::{Bitboard, Direction, International, Square};
    ///
    /// let set: Bitboard<International> = [32, 36].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// let up_left: Vec<u8> = set.shift(Direction::UpLeft).iter().map(Square::number).collect();
    /// assert_eq!(up_left, [27]); // 36 is on the left edge
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn shift(self, d: Direction) -> Bitboard<V> {
        Bitboard::from_bits(shift::<V::Board>(self.bits, layout_direction::<V>(d)))
    }

    /// `self` and every square reached from one of its squares by one or more steps in
    /// direction `d` (as [`Bitboard::shift`] steps) that each land on a square of
    /// `through`: an occluded fill, such as a flying king's slide up to the first piece
    /// (`kings.fill(d, empty) - kings`). Along the diagonals and columns of a board of
    /// dark squares it takes log2 of the longest line's length rounds of doubling
    /// shifts, elsewhere one step per square.
    ///
    /// ```
    /// use draughts_core::{Bitboard, Direction, International, Position, Square};
    ///
    /// let pos: Position<International> = "W:W46:B23".parse().unwrap();
    /// let king = Bitboard::from_square(Square::new(46).unwrap()).unwrap();
    /// let slide = king.fill(Direction::UpRight, pos.empty()) - king;
    /// let squares: Vec<u8> = slide.iter().map(Square::number).collect();
    /// assert_eq!(squares, [28, 32, 37, 41]); // up to 23, which is occupied
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn fill(self, d: Direction, through: Bitboard<V>) -> Bitboard<V> {
        let d = layout_direction::<V>(d);
        let (longest, stride) = line::<V::Board>(d);
        let mut reached = self.bits;
        if let Some((bits, down)) = stride {
            // Round `k` moves the squares reached so far `2^k` steps at once, onto the
            // squares that start a free run of `2^k` steps back (`free`); a single step
            // between two playable bits is a true step, so no run wraps around an edge.
            let moved = |x: u64, n: u32| {
                let by = n * bits;
                if down {
                    x.checked_shl(by).unwrap_or(0)
                } else {
                    x.checked_shr(by).unwrap_or(0)
                }
            };
            let mut free = through.bits;
            let mut n = 1;
            loop {
                reached |= free & moved(reached, n);
                if 2 * n > longest {
                    break;
                }
                free &= moved(free, n);
                n *= 2;
            }
        } else {
            let mut ray = reached;
            for _ in 0..longest {
                ray = shift::<V::Board>(ray, d) & through.bits;
                reached |= ray;
            }
        }
        Bitboard::from_bits(reached)
    }

    /// The set holding the square at `row` (0 = top) and `col` (0 = left, as seen),
    /// counted as [`Geometry::coordinates`] counts them; empty off the board and on
    /// squares nobody plays on. A `const fn`, for sets built at compile time.
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Italian, Square};
    ///
    /// assert_eq!(Bitboard::<English>::at(0, 1).first(), Square::new(1));
    /// assert_eq!(Bitboard::<Italian>::at(0, 0).first(), Square::new(1));
    /// assert!(Bitboard::<English>::at(0, 0).is_empty());
    /// ```
    #[must_use]
    pub const fn at(row: u8, col: u8) -> Bitboard<V> {
        let (side, per_row) = (
            <V::Board as Geometry>::SIDE,
            <V::Board as Geometry>::PER_ROW,
        );
        if row >= side || col >= side {
            return Bitboard::EMPTY;
        }
        if <V::Board as Geometry>::ALL_SQUARES {
            return Bitboard::from_bits(1 << (row * side + col));
        }
        // The layout is the unmirrored board's: column `col` as seen is its mirror
        // image's `side - 1 - col` on a mirrored board.
        let col = if <V::Board as Geometry>::MIRRORED {
            side - 1 - col
        } else {
            col
        };
        if col % 2 != (row + 1) % 2 {
            return Bitboard::EMPTY;
        }
        Bitboard::from_bits(1 << bit_of_index(per_row, row * per_row + col / 2))
    }

    /// The squares in either set: `|` in a constant expression.
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Square};
    ///
    /// const CORNERS: Bitboard<English> = Bitboard::at(0, 7).union(Bitboard::at(7, 0));
    /// assert_eq!(CORNERS.iter().map(Square::number).collect::<Vec<_>>(), [4, 29]);
    /// ```
    #[must_use]
    pub const fn union(self, other: Bitboard<V>) -> Bitboard<V> {
        Bitboard {
            bits: self.bits | other.bits,
            variant: PhantomData,
        }
    }

    /// The squares of rows `first .. first + count` (0 = top), packed into an integer
    /// of [`Geometry::PER_ROW`] bits a row, the upper row in the lowest bits; rows past
    /// the bottom, or past 64 bits, are left out. Within a row bit `k` is its `k`-th
    /// square in the order of the layout: from the left as seen, but on a mirrored
    /// board (Italian, Spanish) from the right, so that the number read on a position
    /// is the one its mirror image gives on the unmirrored board. Small integers for
    /// tables indexed by the arrangement of a few rows; reading two rows from an even
    /// row is a shift and a mask.
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Italian, Square};
    ///
    /// let set: Bitboard<English> = [5, 6, 9].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// assert_eq!(set.rows(1, 2), 0b0001_0011); // row 1: 5 and 6; row 2: 9
    /// let mirrored: Bitboard<Italian> = [5].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// assert_eq!(mirrored.rows(1, 1), 0b1000); // 5 is the leftmost of its row as seen
    /// ```
    #[inline(always)]
    pub fn rows(self, first: u8, count: u8) -> u64 {
        let (side, w) = (
            <V::Board as Geometry>::SIDE,
            <V::Board as Geometry>::PER_ROW,
        );
        let row_mask = (1u64 << w) - 1;
        let mut packed = 0;
        for k in 0..count {
            let row = first + k;
            let to = u32::from(k) * u32::from(w);
            if row >= side || to >= 64 {
                break;
            }
            let start = if <V::Board as Geometry>::ALL_SQUARES {
                row * w
            } else {
                bit_of_index(w, row * w)
            };
            packed |= (self.bits >> (u32::from(start) - to)) & (row_mask << to);
        }
        packed
    }

    /// The set with the board turned 180 degrees: square `n` goes to square
    /// `SQUARES + 1 - n` (the squares of [`crate::Position::flipped`]). A bit reversal of
    /// the word.
    ///
    /// ```
    /// use draughts_core::{Bitboard, International, Square};
    ///
    /// let set: Bitboard<International> = [1, 6, 50].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// let turned: Vec<u8> = set.rotated().iter().map(Square::number).collect();
    /// assert_eq!(turned, [1, 45, 50]);
    /// ```
    #[inline(always)]
    #[must_use]
    pub const fn rotated(self) -> Bitboard<V> {
        // Every layout puts square `n` and square `SQUARES + 1 - n` at bits the same
        // distance from the two ends of the used part of the word.
        let top = <V::Board as Geometry>::VALID.leading_zeros();
        Bitboard::from_bits(self.bits.reverse_bits() >> top)
    }

    /// The lowest square of the set, or `None` if it is empty.
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Square};
    ///
    /// let set: Bitboard<English> = [30, 7].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// assert_eq!(set.first(), Square::new(7));
    /// assert_eq!(Bitboard::<English>::EMPTY.first(), None);
    /// ```
    #[inline]
    pub fn first(self) -> Option<Square> {
        self.iter().next()
    }

    /// The squares of `self` numbered among those of `within`, in the layout's order
    /// (the order [`Bitboard::rows`] packs them in): bit `i` of the result says
    /// whether `within`'s `i`-th square is in `self`. With [`Bitboard::ALL`] it packs the
    /// whole board into the low [`Geometry::SQUARES`] bits ([`Bitboard::packed`]); with
    /// the squares left free by other pieces, it numbers a piece among those squares
    /// (the endgame database's index). One instruction (BMI2's `pext`).
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Square};
    ///
    /// let squares = |ns: &[u8]| ns.iter().map(|&n| Square::new(n).unwrap()).collect::<Bitboard<English>>();
    /// let (set, within) = (squares(&[6, 9]), squares(&[2, 6, 7, 9]));
    /// assert_eq!(set.packed_in(within), 0b1010); // the 2nd and the 4th of within
    /// assert_eq!(Bitboard::from_packed_in(0b1010, within), set);
    /// ```
    #[inline(always)]
    pub fn packed_in(self, within: Bitboard<V>) -> u64 {
        gather::pext(self.bits, within.bits)
    }

    /// The inverse of [`Bitboard::packed_in`]: the squares of `within` whose places
    /// (in the layout's order) are the set bits of `packed`; bits past `within`'s
    /// squares are dropped. One instruction (BMI2's `pdep`).
    #[inline(always)]
    pub fn from_packed_in(packed: u64, within: Bitboard<V>) -> Bitboard<V> {
        Bitboard {
            bits: gather::pdep(packed, within.bits),
            variant: PhantomData,
        }
    }

    /// The whole board packed into the low [`Geometry::SQUARES`] bits, in the layout's
    /// order: `self.rows(0, SIDE)` in one instruction ([`Bitboard::packed_in`] on
    /// [`Bitboard::ALL`]). Row by row from the top, from square 1 up on most boards;
    /// on a mirrored board (Italian, Spanish) each row from the right, so from Italian's
    /// square 1 up and, Spanish numbering from White's side, from its 29 to its 32,
    /// then 25 to 28, and so on.
    ///
    /// ```
    /// use draughts_core::{Bitboard, Geometry, International, Italian, Square};
    ///
    /// let set: Bitboard<International> = [1, 7, 50].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// assert_eq!(set.packed(), 1 | 1 << 6 | 1 << 49);
    /// assert_eq!(Bitboard::from_packed(set.packed()), set);
    /// let mirrored: Bitboard<Italian> = [1].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// assert_eq!(mirrored.packed(), mirrored.rows(0, 8));
    /// assert_eq!(mirrored.packed(), 1 << 3); // the leftmost of the top row as seen
    /// ```
    #[inline(always)]
    pub fn packed(self) -> u64 {
        self.packed_in(Bitboard::ALL)
    }

    /// The inverse of [`Bitboard::packed`]: bits past [`Geometry::SQUARES`] are dropped.
    #[inline(always)]
    pub fn from_packed(packed: u64) -> Bitboard<V> {
        Bitboard::from_packed_in(packed, Bitboard::ALL)
    }

    /// Each square of the set as a set of one, in the order of [`Bitboard::packed`]
    /// (increasing [`Bitboard::slot`]; not the squares' order on a mirrored board):
    /// for loops that step single pieces with set operations (a bit and a clear a
    /// square, no square numbers).
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Square};
    ///
    /// let set: Bitboard<English> = [3, 30].map(|n| Square::new(n).unwrap()).into_iter().collect();
    /// let singles: Vec<_> = set.singles().collect();
    /// assert_eq!(singles.len(), 2);
    /// assert!(singles.iter().all(|one| one.len() == 1 && (*one - set).is_empty()));
    /// assert_eq!(singles[0] | singles[1], set);
    /// ```
    #[inline]
    pub fn singles(self) -> impl Iterator<Item = Bitboard<V>> + Clone {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            let one = bits & bits.wrapping_neg();
            bits ^= one;
            (one != 0).then_some(Bitboard {
                bits: one,
                variant: PhantomData,
            })
        })
    }

    /// The squares in ascending order (on a mirrored board too).
    ///
    /// ```
    /// use draughts_core::{Bitboard, Italian, Square};
    ///
    /// let squares = [1, 4, 5, 8, 32].map(|n| Square::new(n).unwrap());
    /// let set: Bitboard<Italian> = squares.into_iter().collect();
    /// assert_eq!(set.iter().collect::<Vec<_>>(), squares);
    /// ```
    pub fn iter(self) -> Squares<V> {
        Squares {
            bits: self.bits,
            variant: PhantomData,
        }
    }
}

/// Direction `d` as seen, as the bit layout runs: left and right swap on a mirrored
/// board.
const fn layout_direction<V: Variant>(d: Direction) -> Direction {
    if !<V::Board as Geometry>::MIRRORED {
        return d;
    }
    match d {
        Direction::UpLeft => Direction::UpRight,
        Direction::UpRight => Direction::UpLeft,
        Direction::DownLeft => Direction::DownRight,
        Direction::DownRight => Direction::DownLeft,
        Direction::Left => Direction::Right,
        Direction::Right => Direction::Left,
        straight => straight,
    }
}

/// The most steps a line in layout direction `d` takes on board `G`, and, where a
/// shift of the raw word by a multiple of one step's bits moves `n` steps at once (the
/// diagonals and columns of a board of dark squares, whose ghost bits catch every step
/// off an edge), those bits and whether the shift is towards the high bits.
const fn line<G: Geometry>(d: Direction) -> (u32, Option<(u32, bool)>) {
    let (side, w) = (G::SIDE as u32, G::PER_ROW as u32);
    if G::ALL_SQUARES {
        return (side - 1, None);
    }
    match d {
        Direction::UpLeft => (side - 1, Some((w + 1, false))),
        Direction::UpRight => (side - 1, Some((w, false))),
        Direction::DownLeft => (side - 1, Some((w, true))),
        Direction::DownRight => (side - 1, Some((w + 1, true))),
        Direction::Up => (side / 2 - 1, Some((2 * w + 1, false))),
        Direction::Down => (side / 2 - 1, Some((2 * w + 1, true))),
        Direction::Left | Direction::Right => (side / 2 - 1, None),
    }
}

/// Implements a set operator of [`Bitboard`] from the operator on the raw words.
macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt, $doc:literal) => {
        impl<V: Variant> $trait for Bitboard<V> {
            type Output = Bitboard<V>;

            #[doc = $doc]
            #[inline(always)]
            fn $method(self, other: Bitboard<V>) -> Bitboard<V> {
                Bitboard {
                    bits: self.bits $op other.bits,
                    variant: PhantomData,
                }
            }
        }

        impl<V: Variant> $assign for Bitboard<V> {
            #[doc = $doc]
            #[inline(always)]
            fn $assign_method(&mut self, other: Bitboard<V>) {
                *self = *self $op other;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &, "The squares in both sets.");
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |, "The squares in either set.");

set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^, "The squares in exactly one of the sets.");

impl<V: Variant> Sub for Bitboard<V> {
    type Output = Bitboard<V>;

    /// The squares of `self` not in `other`.
    ///
    /// ```
    /// use draughts_core::{Bitboard, Color, International, Position};
    ///
    /// let start = Position::<International>::initial();
    /// let away = start.occupied() - start.pieces(Color::White);
    /// assert_eq!(away, start.pieces(Color::Black));
    /// ```
    #[inline(always)]
    fn sub(self, other: Bitboard<V>) -> Bitboard<V> {
        Bitboard {
            bits: self.bits & !other.bits,
            variant: PhantomData,
        }
    }
}

impl<V: Variant> Not for Bitboard<V> {
    type Output = Bitboard<V>;

    /// The squares of the board not in the set.
    ///
    /// ```
    /// use draughts_core::{Bitboard, English, Position};
    ///
    /// let start = Position::<English>::initial();
    /// assert_eq!(!start.occupied(), start.empty());
    /// assert_eq!(!Bitboard::<English>::EMPTY, Bitboard::ALL);
    /// ```
    #[inline(always)]
    fn not(self) -> Bitboard<V> {
        Bitboard::ALL - self
    }
}

/// An order for sorted collections and keys: sets of one by [`Bitboard::slot`], and
/// every set as its squares' slots read as a binary number (not the order of the
/// squares' numbers).
impl<V: Variant> Ord for Bitboard<V> {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.bits.cmp(&other.bits)
    }
}

impl<V: Variant> PartialOrd for Bitboard<V> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<V: Variant> IntoIterator for Bitboard<V> {
    type Item = Square;
    type IntoIter = Squares<V>;

    fn into_iter(self) -> Squares<V> {
        self.iter()
    }
}

impl<V: Variant> FromIterator<Square> for Bitboard<V> {
    /// Squares not on this board are ignored.
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl<V: Variant> fmt::Debug for Bitboard<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Square::number))
            .finish()
    }
}

/// Iterator over the squares of a [`Bitboard`], ascending.
#[derive(Clone, Debug)]
pub struct Squares<V: Variant> {
    bits: u64,
    variant: PhantomData<V>,
}

impl<V: Variant> Iterator for Squares<V> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.bits == 0 {
            return None;
        }
        let from_white = <V::Board as Geometry>::NUMBERED_FROM_WHITE;
        if !from_white && !<V::Board as Geometry>::MIRRORED {
            let bit = self.bits.trailing_zeros();
            self.bits &= self.bits - 1;
            return Some(Bitboard::<V>::square_of_bit(bit));
        }
        // Numbered from White's side, the highest bit is in the lowest square's row.
        let mut bit = if from_white {
            63 - self.bits.leading_zeros()
        } else {
            self.bits.trailing_zeros()
        };
        if <V::Board as Geometry>::MIRRORED {
            // Squares are numbered from the other end of each row of bits: the first
            // row's highest bit is the lowest square, or on a board numbered from White's
            // side the last row's lowest bit.
            let w = u32::from(<V::Board as Geometry>::PER_ROW);
            let row_start = bit - bit % (2 * w + 1) + if bit % (2 * w + 1) >= w { w } else { 0 };
            let row = self.bits & (((1u64 << w) - 1) << row_start);
            bit = if from_white {
                row.trailing_zeros()
            } else {
                63 - row.leading_zeros()
            };
        }
        self.bits &= !(1u64 << bit);
        Some(Bitboard::<V>::square_of_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl<V: Variant> ExactSizeIterator for Squares<V> {}
