//! Colours and pieces.

use std::fmt;
use std::ops::Not;

/// A side: White or Black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// White (in English draughts the light side, which moves second).
    White = 0,
    /// Black (in English draughts the dark side, which moves first).
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: an index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter, `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

/// The kind of a piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// A man (uncrowned piece).
    Man,
    /// A king (crowned piece).
    King,
}

/// A piece: a colour and a kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Man or king.
    pub kind: Kind,
}

impl Piece {
    /// A white man.
    pub const WHITE_MAN: Piece = Piece::new(Color::White, Kind::Man);
    /// A white king.
    pub const WHITE_KING: Piece = Piece::new(Color::White, Kind::King);
    /// A black man.
    pub const BLACK_MAN: Piece = Piece::new(Color::Black, Kind::Man);
    /// A black king.
    pub const BLACK_KING: Piece = Piece::new(Color::Black, Kind::King);

    /// A piece of the given colour and kind.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }

    /// The letter used by the Hub protocol and board diagrams: `w`/`b` for men,
    /// `W`/`B` for kings.
    pub const fn letter(self) -> char {
        match (self.color, self.kind) {
            (Color::White, Kind::Man) => 'w',
            (Color::White, Kind::King) => 'W',
            (Color::Black, Kind::Man) => 'b',
            (Color::Black, Kind::King) => 'B',
        }
    }

    /// The piece for a Hub/diagram letter (`w`, `W`, `b`, `B`).
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            'w' => Some(Piece::WHITE_MAN),
            'W' => Some(Piece::WHITE_KING),
            'b' => Some(Piece::BLACK_MAN),
            'B' => Some(Piece::BLACK_KING),
            _ => None,
        }
    }
}
