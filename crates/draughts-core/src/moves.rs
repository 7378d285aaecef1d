//! Moves and move lists.

use crate::bitboard::Bitboard;
use crate::square::Square;
use crate::variant::Variant;
use arrayvec::ArrayVec;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// A step, or a complete capture sequence, of variant `V`.
///
/// Two moves are equal (and hash alike) when they have the same start, end and set of
/// captured pieces; the intermediate landing squares ride along for notation only.
#[derive(Clone, Copy)]
pub struct Move<V: Variant> {
    from: u8,
    to: u8,
    captured: u64,
    landed: u64,
    variant: PhantomData<V>,
}

impl<V: Variant> Move<V> {
    /// Builds a move from raw bit indices and bit sets (layout in [`crate::geometry`]).
    #[inline(always)]
    pub(crate) const fn from_raw(from: u32, to: u32, captured: u64, landed: u64) -> Move<V> {
        Move {
            from: from as u8,
            to: to as u8,
            captured,
            landed,
            variant: PhantomData,
        }
    }

    /// The square the piece starts on.
    #[inline]
    pub fn from(&self) -> Square {
        Bitboard::<V>::square_of_bit(self.from as u32)
    }

    /// The square the piece ends on (equal to `from` for a capture that returns home).
    #[inline]
    pub fn to(&self) -> Square {
        Bitboard::<V>::square_of_bit(self.to as u32)
    }

    /// The captured pieces' squares (empty for a step).
    #[inline]
    pub fn captured(&self) -> Bitboard<V> {
        Bitboard::from_bits(self.captured)
    }

    /// The squares the piece lands on between its jumps (not `from` or `to`); empty for a
    /// step or a single capture. Needed only to write an ambiguous capture in full.
    #[inline]
    pub fn landed(&self) -> Bitboard<V> {
        Bitboard::from_bits(self.landed)
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Number of pieces captured.
    #[inline]
    pub const fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Raw bit index of the start square.
    #[inline(always)]
    pub const fn from_bit(&self) -> u32 {
        self.from as u32
    }

    /// Raw bit index of the end square.
    #[inline(always)]
    pub const fn to_bit(&self) -> u32 {
        self.to as u32
    }

    /// Raw bits of the captured squares.
    #[inline(always)]
    pub const fn captured_bits(&self) -> u64 {
        self.captured
    }

    /// Raw bits of the intermediate landing squares.
    #[inline(always)]
    pub(crate) const fn landed_bits(&self) -> u64 {
        self.landed
    }

    #[inline(always)]
    pub(crate) fn same_as(&self, from: u32, to: u32, captured: u64) -> bool {
        self.from as u32 == from && self.to as u32 == to && self.captured == captured
    }
}

impl<V: Variant> PartialEq for Move<V> {
    /// Captures with the same start, end and captured pieces are one move.
    fn eq(&self, other: &Self) -> bool {
        (self.from, self.to, self.captured) == (other.from, other.to, other.captured)
    }
}

impl<V: Variant> Eq for Move<V> {}

impl<V: Variant> Hash for Move<V> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.from, self.to, self.captured).hash(state);
    }
}

impl<V: Variant> fmt::Debug for Move<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            write!(f, "{}x{}", self.from(), self.to())?;
            for s in self.captured() {
                write!(f, "x{s}")?;
            }
            Ok(())
        } else {
            write!(f, "{}-{}", self.from(), self.to())
        }
    }
}

/// The most moves any position can have.
///
/// Steps: an empty square can be entered by at most one piece from each of its four
/// diagonals (the nearest one), so there are at most `4 * empty` steps — at most 192 on
/// the 10x10 board, where at least two squares are occupied. Captures: the number of
/// distinct maximal captures is far below this in every position we have generated,
/// including constructed ones (see the `move_list_capacity` tests); the capture
/// generator still refuses to overflow (it stops adding and debug-asserts).
pub const MAX_MOVES: usize = 256;

/// A list of moves, on the stack.
pub type MoveList<V> = ArrayVec<Move<V>, MAX_MOVES>;
