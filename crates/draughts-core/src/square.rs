//! Squares in the numbering players read.

use std::fmt;

/// A playable square, numbered as players read it: 1..=50 on the 10x10 board,
/// 1..=32 on the 8x8 board of dark squares and 1..=64 on the full 8x8 board (Turkish),
/// row by row from the top left, White at the bottom.
///
/// A `Square` itself knows no board; positions check that a square exists on theirs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The largest square number on any supported board (the full 8x8 board's).
    pub const MAX: u8 = 64;

    /// The square numbered `n`, if `1 <= n <= Square::MAX`.
    pub const fn new(n: u8) -> Option<Square> {
        if n >= 1 && n <= Self::MAX {
            Some(Square(n))
        } else {
            None
        }
    }

    /// The square numbered `n`.
    ///
    /// # Panics
    /// If `n` is not in `1..=Square::MAX`.
    pub const fn new_unchecked(n: u8) -> Square {
        assert!(n >= 1 && n <= Self::MAX, "square numbers run from 1 to 64");
        Square(n)
    }

    /// The square's number (1-based).
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
