//! Squares in the numbering players read, and as text: a number, or an algebraic name
//! (`a1` to `h8`) where a variant's players write those ([`Notation`]).

use crate::geometry::Geometry;
use crate::variant::Variant;
use smallvec::SmallVec;
use std::fmt;

/// A move's squares (its path, or the pieces it captures), held inline up to 16: every
/// step and every capture of up to 15 pieces, so [`AnyMove`](crate::AnyMove) values
/// need no allocation for them (docs/history/rules.md, "Squares of a move inline").
pub(crate) type SquareList = SmallVec<[Square; 16]>;

/// A playable square, numbered as players read it: 1..=50 on the 10x10 board,
/// 1..=32 on the 8x8 board of dark squares and 1..=64 on the full 8x8 board (Turkish),
/// row by row from the top left, White at the bottom; in Spanish from White's bottom
/// right, row by row upwards ([`crate::Board8MirroredFromWhite`]).
///
/// A `Square` knows no board: it is stored in moves and shared by every crate, and
/// [`Square::new`] takes any number up to [`Square::MAX`]. Bound it by its board with
/// [`Square::on`] (a variant known at compile time) or [`crate::VariantKind::square`]
/// (one chosen at run time), which refuse a number off that board. Whatever a caller
/// passes, an API taking a `Square` answers a square off its board with `None` or an
/// error, never a panic (`tests/squares.rs`).
///
/// ```
/// use draughts_core::{English, Square, Turkish, VariantKind};
///
/// assert_eq!(Square::on::<English>(32), Square::new(32));
/// assert_eq!(Square::on::<English>(33), None);
/// assert_eq!(Square::on::<Turkish>(64), Square::new(64));
/// assert_eq!(VariantKind::English.square(33), None);
/// ```
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

    /// The square numbered `n` on `V`'s board, if `1 <= n` and `n` is at most the
    /// board's number of squares (32, 50 or 64).
    ///
    /// ```
    /// use draughts_core::{International, Russian, Square};
    ///
    /// assert_eq!(Square::on::<International>(50).map(Square::number), Some(50));
    /// assert_eq!(Square::on::<International>(51), None);
    /// assert_eq!(Square::on::<Russian>(0), None);
    /// ```
    pub const fn on<V: Variant>(n: u8) -> Option<Square> {
        if n <= <V::Board as Geometry>::SQUARES {
            Square::new(n)
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

/// How a variant's players write its squares ([`Variant::NOTATION`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Notation {
    /// Square numbers, 1 at the top left, row by row (FORMATS §1), or where the board
    /// numbers from White's side, 1 at White's bottom right (Spanish).
    Numbers,
    /// A file letter from `a` at White's left and a rank from `1` on White's side, so
    /// that `a1` is White's bottom-left corner: Russian, Brazilian and Turkish, as
    /// pydraughts and their PDN write them (FORMATS §7, "Notation customs").
    Algebraic,
}

/// Why text could not be read as a square of a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// Neither a number nor a letter and a number.
    #[error("cannot read {0:?} as a square such as 12 or c3")]
    Syntax(String),
    /// A name such as `i9` whose file or rank is off the board.
    #[error("{text} is off the {side}x{side} board")]
    OffBoard {
        /// The name as given.
        text: String,
        /// Squares along one side of the board.
        side: u8,
    },
    /// A light square of a board whose pieces stay on the dark ones (`a2` where a1 is
    /// dark).
    #[error("{0} is a light square, where no piece stands")]
    Light(String),
}

impl Square {
    /// The square's algebraic name on board `G`: the file letter (`a` at White's left)
    /// and the rank (`1` on White's side). A number off `G` is written as a number.
    ///
    /// ```
    /// use draughts_core::{Board8, Board8Full, Square};
    ///
    /// let square = |n| Square::new(n).unwrap();
    /// assert_eq!(square(29).to_algebraic::<Board8>(), "a1");
    /// assert_eq!(square(1).to_algebraic::<Board8>(), "b8");
    /// assert_eq!(square(1).to_algebraic::<Board8Full>(), "a8");
    /// assert_eq!(square(64).to_algebraic::<Board8Full>(), "h1");
    /// ```
    pub fn to_algebraic<G: Geometry>(self) -> String {
        if self.0 > G::SQUARES {
            return self.0.to_string();
        }
        let (row, col) = G::coordinates(self.0);
        format!("{}{}", char::from(b'a' + col), G::SIDE - row)
    }

    /// Reads an algebraic name (`c3`, `C3`) as a square of board `G`.
    ///
    /// # Errors
    /// [`SquareError::Syntax`] for text not shaped like a letter and a number,
    /// [`SquareError::OffBoard`] for a file or rank beyond the board (`i9`), and
    /// [`SquareError::Light`] for a square nobody plays on (`a2` on a board whose a1 is
    /// dark).
    pub fn from_algebraic<G: Geometry>(text: &str) -> Result<Square, SquareError> {
        let syntax = || SquareError::Syntax(text.to_string());
        let mut chars = text.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_alphabetic)
            .ok_or_else(syntax)?;
        let rank = chars.as_str();
        if rank.is_empty() || rank.len() > 2 || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        let col = u32::from(file.to_ascii_lowercase()) - u32::from(b'a');
        let rank: u32 = rank.parse().map_err(|_| syntax())?;
        let side = u32::from(G::SIDE);
        if col >= side || rank == 0 || rank > side {
            return Err(SquareError::OffBoard {
                text: text.to_string(),
                side: G::SIDE,
            });
        }
        // Both are below the board's side, so they fit a byte.
        let (row, col) = ((side - rank) as u8, col as u8);
        G::square_at(row, col)
            .and_then(Square::new)
            .ok_or_else(|| SquareError::Light(text.to_string()))
    }

    /// The square as `V`'s players write it ([`Variant::NOTATION`]): its number, or its
    /// algebraic name.
    ///
    /// ```
    /// use draughts_core::{International, Russian, Square};
    ///
    /// let square = Square::new(29).unwrap();
    /// assert_eq!(square.to_text::<International>(), "29");
    /// assert_eq!(square.to_text::<Russian>(), "a1");
    /// ```
    pub fn to_text<V: Variant>(self) -> String {
        match V::NOTATION {
            Notation::Numbers => self.0.to_string(),
            Notation::Algebraic => self.to_algebraic::<V::Board>(),
        }
    }

    /// Reads a square of `V`'s board written either way: a number (leading zeros
    /// allowed) or an algebraic name, whatever `V`'s custom.
    ///
    /// ```
    /// use draughts_core::{Russian, Square, SquareError};
    ///
    /// assert_eq!(Square::from_text::<Russian>("a1")?, Square::new(29).unwrap());
    /// assert_eq!(Square::from_text::<Russian>("29")?, Square::new(29).unwrap());
    /// assert!(matches!(Square::from_text::<Russian>("a2"), Err(SquareError::Light(_))));
    /// # Ok::<(), SquareError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Square::from_algebraic`]; a number off the board is
    /// [`SquareError::OffBoard`].
    pub fn from_text<V: Variant>(text: &str) -> Result<Square, SquareError> {
        let text = text.trim();
        if !text.is_empty() && text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit()) {
            let squares = <V::Board as Geometry>::SQUARES;
            return text
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= squares)
                .and_then(Square::new)
                .ok_or_else(|| SquareError::OffBoard {
                    text: text.to_string(),
                    side: <V::Board as Geometry>::SIDE,
                });
        }
        Square::from_algebraic::<V::Board>(text)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Board10, Board8, Board8Full, Board8Mirrored, Board8MirroredFromWhite, English, Russian,
        Turkish,
    };

    fn square(n: u8) -> Square {
        Square::new_unchecked(n)
    }

    /// Every square's name reads back as the square, on every board.
    fn round_trip<G: Geometry>() {
        for n in 1..=G::SQUARES {
            let name = square(n).to_algebraic::<G>();
            assert_eq!(Square::from_algebraic::<G>(&name), Ok(square(n)), "{name}");
            assert_eq!(
                Square::from_algebraic::<G>(&name.to_ascii_uppercase()),
                Ok(square(n))
            );
        }
    }

    #[test]
    fn names_read_back_on_every_board() {
        round_trip::<Board8>();
        round_trip::<Board8Mirrored>();
        round_trip::<Board8MirroredFromWhite>();
        round_trip::<Board8Full>();
        round_trip::<Board10>();
    }

    /// Corners and a few squares against FORMATS §1 (a1 is 29 on the 8x8 board, the
    /// top-right corner 4) and the Turkish diagram of `tests/rules_turkish.rs` (1 = a8,
    /// d4 = 36, 64 = h1).
    #[test]
    fn names_match_the_diagrams() {
        let names = |ns: &[u8]| -> Vec<String> {
            ns.iter()
                .map(|&n| square(n).to_algebraic::<Board8>())
                .collect()
        };
        assert_eq!(
            names(&[29, 4, 1, 32, 22, 11]),
            ["a1", "h8", "b8", "g1", "c3", "f6"]
        );
        let full = |n: u8| square(n).to_algebraic::<Board8Full>();
        assert_eq!(
            [full(1), full(8), full(36), full(57), full(64)],
            ["a8", "h8", "d4", "a1", "h1"]
        );
        assert_eq!(square(1).to_algebraic::<Board8Mirrored>(), "a8");
        assert_eq!(square(32).to_algebraic::<Board8Mirrored>(), "h1");
        assert_eq!(square(1).to_algebraic::<Board8MirroredFromWhite>(), "h1");
        assert_eq!(square(4).to_algebraic::<Board8MirroredFromWhite>(), "b1");
        assert_eq!(square(32).to_algebraic::<Board8MirroredFromWhite>(), "a8");
        assert_eq!(square(46).to_algebraic::<Board10>(), "a1");
        assert_eq!(square(5).to_algebraic::<Board10>(), "j10");
    }

    #[test]
    fn bad_names_are_typed_errors() {
        assert_eq!(
            Square::from_algebraic::<Board8>("i9"),
            Err(SquareError::OffBoard {
                text: "i9".to_string(),
                side: 8
            })
        );
        assert!(matches!(
            Square::from_algebraic::<Board8>("a9"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            Square::from_algebraic::<Board8>("a0"),
            Err(SquareError::OffBoard { .. })
        ));
        assert_eq!(
            Square::from_algebraic::<Board8>("a2"),
            Err(SquareError::Light("a2".to_string()))
        );
        assert_eq!(Square::from_algebraic::<Board8Full>("a2"), Ok(square(49)));
        for text in ["", "a", "3c", "c3x", "c-3", "é3", "c123"] {
            assert!(
                matches!(
                    Square::from_algebraic::<Board8>(text),
                    Err(SquareError::Syntax(_))
                ),
                "{text:?}"
            );
        }
        assert!(matches!(
            Square::from_text::<English>("33"),
            Err(SquareError::OffBoard { .. })
        ));
        assert!(matches!(
            Square::from_text::<English>("0"),
            Err(SquareError::OffBoard { .. })
        ));
        assert_eq!(Square::from_text::<English>("c3"), Ok(square(22)));
    }

    #[test]
    fn each_variant_writes_its_custom() {
        assert_eq!(square(22).to_text::<English>(), "22");
        assert_eq!(square(22).to_text::<Russian>(), "c3");
        assert_eq!(square(36).to_text::<Turkish>(), "d4");
        assert_eq!(Square::from_text::<Turkish>("036"), Ok(square(36)));
        assert_eq!(Square::from_text::<Turkish>(" d4 "), Ok(square(36)));
    }
}
