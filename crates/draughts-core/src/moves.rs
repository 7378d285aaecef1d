//! Moves and move lists.

use crate::bitboard::Bitboard;
use crate::geometry::{EndBits, Geometry};
use crate::square::Square;
use crate::variant::Variant;
use arrayvec::ArrayVec;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// A step, or a complete capture sequence, of variant `V`.
///
/// Two moves are equal (and hash alike) when they have the same start, end and set of
/// captured pieces, and (where men crown during a capture, as in Russian) both crown the
/// moving man during the capture or neither does; the intermediate landing squares ride
/// along for notation only.
#[derive(Clone, Copy)]
pub struct Move<V: Variant> {
    /// Captured bits, with the start bit index in the top [`INDEX_BITS`] bits and
    /// [`CROWNED`] below them (on the full board, only the captured bits).
    captured: u64,
    /// Intermediate landing bits, with the end bit index in the top bits (on the full
    /// board, only the landing bits).
    landed: u64,
    /// The start and end bit indices on the full board (else nothing).
    ends: <V::Board as Geometry>::EndBits,
    variant: PhantomData<V>,
}

/// Bits at the top of each word of a [`Move`] that hold a square's bit index; two
/// words of 16 bytes keep move lists small enough to stay in the cache.
const INDEX_BITS: u32 = 6;
const INDEX_SHIFT: u32 = 64 - INDEX_BITS;
/// The bit, in the captured word, of a man crowned during its capture.
pub(crate) const CROWNED: u64 = 1 << (INDEX_SHIFT - 1);
const SET_MASK: u64 = CROWNED - 1;

impl<V: Variant> Move<V> {
    /// Whether the board takes all 64 bits, the indices being kept in `ends`.
    const FULL: bool = <V::Board as Geometry>::ALL_SQUARES;
    /// The bits of the captured and landing sets in their words.
    const SETS: u64 = if Self::FULL { u64::MAX } else { SET_MASK };

    /// Proof, at compile time, that the board's bits leave room for the indices (or
    /// that the board keeps them apart, where no man crowns during a capture).
    const FITS: () = assert!(
        if Self::FULL {
            !V::CROWNS_MID_CAPTURE
        } else {
            <V::Board as Geometry>::VALID & !SET_MASK == 0
        },
        "the board's bit layout is too wide for Move"
    );

    /// Builds a move from raw bit indices and bit sets (layout in [`crate::geometry`]);
    /// `captured` may carry [`CROWNED`].
    #[inline(always)]
    pub(crate) fn from_raw(from: u32, to: u32, captured: u64, landed: u64) -> Move<V> {
        #[allow(clippy::let_unit_value)]
        let () = Self::FITS;
        if Self::FULL {
            return Move {
                captured,
                landed,
                ends: EndBits::pack(from, to),
                variant: PhantomData,
            };
        }
        Move {
            captured: captured | (from as u64) << INDEX_SHIFT,
            landed: landed | (to as u64) << INDEX_SHIFT,
            ends: EndBits::pack(from, to),
            variant: PhantomData,
        }
    }

    /// The square the piece starts on.
    #[inline]
    pub fn from(&self) -> Square {
        Bitboard::<V>::square_of_bit(self.start_bit())
    }

    /// The square the piece ends on (equal to `from` for a capture that returns home).
    #[inline]
    pub fn to(&self) -> Square {
        Bitboard::<V>::square_of_bit(self.end_bit())
    }

    /// The start square as a set of one: [`Move::from`] for set operations, without
    /// the lookup of its number.
    #[inline(always)]
    pub fn from_set(&self) -> Bitboard<V> {
        Bitboard::from_bits(1 << self.start_bit())
    }

    /// The end square as a set of one.
    #[inline(always)]
    pub fn to_set(&self) -> Bitboard<V> {
        Bitboard::from_bits(1 << self.end_bit())
    }

    /// The start square's [`Bitboard::slot`]: an index for tables by square, such as
    /// the search's history.
    #[inline(always)]
    pub fn from_slot(&self) -> usize {
        self.start_bit() as usize & 63
    }

    /// The end square's [`Bitboard::slot`].
    #[inline(always)]
    pub fn to_slot(&self) -> usize {
        self.end_bit() as usize & 63
    }

    /// The captured pieces' squares (empty for a step).
    #[inline]
    pub fn captured(&self) -> Bitboard<V> {
        Bitboard::from_bits(self.captured_bits())
    }

    /// The squares the piece lands on between its jumps (not `from` or `to`); empty for a
    /// step or a single capture. Needed only to write an ambiguous capture in full.
    #[inline]
    pub fn landed(&self) -> Bitboard<V> {
        Bitboard::from_bits(self.landed_bits())
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.captured & Self::SETS != 0
    }

    /// Whether the moving man is crowned during its capture and goes on as a king (only
    /// in variants with [`Variant::CROWNS_MID_CAPTURE`]). A man whose move ends on its
    /// far row is crowned as well, whether or not this says so.
    #[inline]
    pub const fn crowns_mid_capture(&self) -> bool {
        V::CROWNS_MID_CAPTURE && !Self::FULL && self.captured & CROWNED != 0
    }

    /// Number of pieces captured.
    #[inline]
    pub const fn capture_count(&self) -> u32 {
        self.captured_bits().count_ones()
    }

    /// Raw bit index of the start square.
    #[inline(always)]
    pub(crate) fn start_bit(&self) -> u32 {
        if Self::FULL {
            return self.ends.start();
        }
        (self.captured >> INDEX_SHIFT) as u32
    }

    /// Raw bit index of the end square.
    #[inline(always)]
    pub(crate) fn end_bit(&self) -> u32 {
        if Self::FULL {
            return self.ends.end();
        }
        (self.landed >> INDEX_SHIFT) as u32
    }

    /// Raw bits of the captured squares.
    #[inline(always)]
    pub(crate) const fn captured_bits(&self) -> u64 {
        self.captured & Self::SETS
    }

    /// Raw bits of the intermediate landing squares.
    #[inline(always)]
    pub(crate) const fn landed_bits(&self) -> u64 {
        self.landed & Self::SETS
    }

    /// Whether the move goes from `from` to `to` taking `captured` (raw bits, with
    /// [`CROWNED`] if the man is crowned on the way).
    #[inline(always)]
    pub(crate) fn same_as(&self, from: u32, to: u32, captured: u64) -> bool {
        if Self::FULL {
            return self.captured == captured && self.ends == EndBits::pack(from, to);
        }
        self.captured == captured | (from as u64) << INDEX_SHIFT && self.end_bit() == to
    }
}

impl<V: Variant> PartialEq for Move<V> {
    /// Captures with the same start, end and captured pieces are one move.
    fn eq(&self, other: &Self) -> bool {
        self.captured == other.captured
            && self.end_bit() == other.end_bit()
            && (!Self::FULL || self.ends == other.ends)
    }
}

impl<V: Variant> Eq for Move<V> {}

impl<V: Variant> Hash for Move<V> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.captured, self.end_bit()).hash(state);
        if Self::FULL {
            self.start_bit().hash(state);
        }
    }
}

impl<V: Variant> fmt::Debug for Move<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            write!(f, "{}x{}", self.from(), self.to())?;
            for s in self.captured() {
                write!(f, "x{s}")?;
            }
            if self.crowns_mid_capture() {
                write!(f, " (crowned on the way)")?;
            }
            Ok(())
        } else {
            write!(f, "{}-{}", self.from(), self.to())
        }
    }
}

/// The capacity of a [`MoveList`].
///
/// Steps: an empty square can be entered by at most one piece from each of its four
/// diagonals (the nearest one), so there are at most `4 * empty` steps, at most 196 on
/// the 10x10 board. Captures have no such simple bound: the most found by a search over
/// constructed king positions is 280 (`W:WK1,K3,K4,K15,K17,K25,K35,K45,K49:BK8,K9,10,
/// K11,K12,20,K21,K22,K28,30,K33,39,K40,44,K50`, every move taking six pieces; see the
/// `move_list_capacity` tests), far beyond anything reachable in play, so the capacity
/// leaves a wide margin above it. Should a position ever need more, generation keeps the
/// first `MAX_MOVES` moves (and debug builds assert).
pub const MAX_MOVES: usize = 512;

/// A list of moves, on the stack.
pub type MoveList<V> = ArrayVec<Move<V>, MAX_MOVES>;
