//! Sets of squares.

use crate::geometry::{shift, Direction, Geometry};
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A set of squares of variant `V`'s board, one bit per square.
///
/// The set operators (`&`, `|`, `^`, `-` for the difference, `!` for the complement
/// within the board) and [`Bitboard::shift`] each compile to an instruction or two on
/// the raw word. The bit layout is described in [`crate::geometry`]; [`Bitboard::bits`]
/// still exposes it for code that has not moved to these operations.
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

    /// The set with the given raw bits; bits outside the board are dropped.
    #[inline]
    pub const fn from_bits(bits: u64) -> Bitboard<V> {
        Bitboard {
            bits: bits & <V::Board as Geometry>::VALID,
            variant: PhantomData,
        }
    }

    /// The raw bits (layout in [`crate::geometry`]).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.bits
    }

    /// The bit of a square, or `None` if the square is not on this board.
    #[inline]
    pub fn bit(square: Square) -> Option<u64> {
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
        let d = if <V::Board as Geometry>::MIRRORED {
            match d {
                Direction::UpLeft => Direction::UpRight,
                Direction::UpRight => Direction::UpLeft,
                Direction::DownLeft => Direction::DownRight,
                Direction::DownRight => Direction::DownLeft,
                Direction::Left => Direction::Right,
                Direction::Right => Direction::Left,
                straight => straight,
            }
        } else {
            d
        };
        Bitboard::from_bits(shift::<V::Board>(self.bits, d))
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
        let mut bit = self.bits.trailing_zeros();
        if <V::Board as Geometry>::MIRRORED {
            // Squares are numbered right to left within each row of bits: the lowest
            // row's highest bit is the lowest square.
            let w = u32::from(<V::Board as Geometry>::PER_ROW);
            let row_start = bit - bit % (2 * w + 1) + if bit % (2 * w + 1) >= w { w } else { 0 };
            let row = self.bits & (((1u64 << w) - 1) << row_start);
            bit = 63 - row.leading_zeros();
            self.bits &= !(1u64 << bit);
        } else {
            self.bits &= self.bits - 1;
        }
        Some(Bitboard::<V>::square_of_bit(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl<V: Variant> ExactSizeIterator for Squares<V> {}
