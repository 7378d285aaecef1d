//! What a square holds, sets of such contents, and the square arithmetic templates need
//! (mirroring, the paths pieces move along).

use draughts_core::{Bitboard, Color, Geometry, Kind, Piece, Position, Square, Variant};
use std::fmt;

/// The content of one square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Content {
    /// No piece.
    Empty = 0,
    /// A white man.
    WhiteMan = 1,
    /// A black man.
    BlackMan = 2,
    /// A white king.
    WhiteKing = 3,
    /// A black king.
    BlackKing = 4,
}

impl Content {
    /// Every content, in index order.
    pub const ALL: [Content; 5] = [
        Content::Empty,
        Content::WhiteMan,
        Content::BlackMan,
        Content::WhiteKing,
        Content::BlackKing,
    ];

    /// Index 0..5 (the order of [`Content::ALL`]).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter of the template file format: `.`, `w`, `b`, `W`, `B`.
    pub const fn letter(self) -> char {
        match self {
            Content::Empty => '.',
            Content::WhiteMan => 'w',
            Content::BlackMan => 'b',
            Content::WhiteKing => 'W',
            Content::BlackKing => 'B',
        }
    }

    /// The content a letter of [`Content::letter`] stands for.
    pub fn from_letter(letter: char) -> Option<Content> {
        Content::ALL.into_iter().find(|c| c.letter() == letter)
    }

    /// The content of a square holding `piece`.
    pub const fn of(piece: Option<Piece>) -> Content {
        match piece {
            None => Content::Empty,
            Some(Piece {
                color: Color::White,
                kind: Kind::Man,
            }) => Content::WhiteMan,
            Some(Piece {
                color: Color::Black,
                kind: Kind::Man,
            }) => Content::BlackMan,
            Some(Piece {
                color: Color::White,
                kind: Kind::King,
            }) => Content::WhiteKing,
            Some(Piece {
                color: Color::Black,
                kind: Kind::King,
            }) => Content::BlackKing,
        }
    }

    /// The piece, if any.
    pub const fn piece(self) -> Option<Piece> {
        match self {
            Content::Empty => None,
            Content::WhiteMan => Some(Piece::WHITE_MAN),
            Content::BlackMan => Some(Piece::BLACK_MAN),
            Content::WhiteKing => Some(Piece::WHITE_KING),
            Content::BlackKing => Some(Piece::BLACK_KING),
        }
    }

    /// The same content with the colours swapped.
    pub const fn mirrored(self) -> Content {
        match self {
            Content::Empty => Content::Empty,
            Content::WhiteMan => Content::BlackMan,
            Content::BlackMan => Content::WhiteMan,
            Content::WhiteKing => Content::BlackKing,
            Content::BlackKing => Content::WhiteKing,
        }
    }
}

/// A set of [`Content`]s: what a template allows on one square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ContentSet(u8);

impl ContentSet {
    /// No content at all.
    pub const NONE: ContentSet = ContentSet(0);
    /// Every content: "don't care".
    pub const ANY: ContentSet = ContentSet(0b1_1111);

    /// The set holding just `content`.
    pub const fn only(content: Content) -> ContentSet {
        ContentSet(1 << content as u8)
    }

    /// The raw bits, one per content index.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether `content` is in the set.
    #[inline]
    pub const fn contains(self, content: Content) -> bool {
        self.0 & (1 << content as u8) != 0
    }

    /// The set with `content` added.
    #[must_use]
    pub const fn with(self, content: Content) -> ContentSet {
        ContentSet(self.0 | 1 << content as u8)
    }

    /// Whether every content is allowed.
    pub const fn is_any(self) -> bool {
        self.0 == Self::ANY.0
    }

    /// Whether every content of `self` is in `other`.
    pub const fn is_subset(self, other: ContentSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The contents, in index order.
    pub fn iter(self) -> impl Iterator<Item = Content> {
        Content::ALL.into_iter().filter(move |&c| self.contains(c))
    }

    /// The set with the colours swapped.
    #[must_use]
    pub fn mirrored(self) -> ContentSet {
        self.iter()
            .fold(ContentSet::NONE, |set, c| set.with(c.mirrored()))
    }

    /// Reads letters of [`Content::letter`] (`.b`, `wW`); `None` for an unknown or
    /// repeated letter or no letter at all.
    pub fn from_letters(text: &str) -> Option<ContentSet> {
        let mut set = ContentSet::NONE;
        for letter in text.chars() {
            let content = Content::from_letter(letter)?;
            if set.contains(content) {
                return None;
            }
            set = set.with(content);
        }
        (set != ContentSet::NONE).then_some(set)
    }
}

impl fmt::Display for ContentSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|c| write!(f, "{}", c.letter()))
    }
}

impl fmt::Debug for ContentSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ContentSet({self})")
    }
}

/// The squares of each content, indexed by [`Content::index`]: five disjoint sets
/// covering the board.
#[inline]
pub fn content_sets<V: Variant>(pos: &Position<V>) -> [Bitboard<V>; 5] {
    let white = pos.pieces(Color::White);
    let black = pos.pieces(Color::Black);
    let kings = pos.kings(Color::White) | pos.kings(Color::Black);
    [
        pos.empty(),
        white - kings,
        black - kings,
        white & kings,
        black & kings,
    ]
}

/// [`content_sets`] of the [`Position::flipped`] image of `pos`, without building it.
#[inline]
pub fn flipped_content_sets<V: Variant>(pos: &Position<V>) -> [Bitboard<V>; 5] {
    let [empty, white, black, white_kings, black_kings] = content_sets(pos);
    [empty, black, white, black_kings, white_kings].map(Bitboard::rotated)
}

/// Number of playable squares of `V`'s board.
pub const fn square_count<V: Variant>() -> u8 {
    <V::Board as Geometry>::SQUARES
}

/// Every square of `V`'s board, in order.
pub fn squares<V: Variant>() -> impl Iterator<Item = Square> {
    (1..=square_count::<V>()).map(Square::new_unchecked)
}

/// The set of one square (empty if `V`'s board lacks it).
#[inline]
pub fn single<V: Variant>(square: Square) -> Bitboard<V> {
    Bitboard::EMPTY.with(square)
}

/// The square the 180-degree turn takes `square` to.
pub fn mirror_square<V: Variant>(square: Square) -> Square {
    Square::new_unchecked(square_count::<V>() + 1 - square.number())
}

/// The squares strictly between two squares on one line that pieces move or capture
/// along (none when they share no such line): a diagonal, on the full board (Turkish) a
/// row or a column, and in Frisian also a row or a column of dark squares, along which
/// pieces capture. Where the ray from one towards the other meets the ray back.
pub fn between<V: Variant>(a: Square, b: Square) -> Bitboard<V> {
    let (a, b) = (single::<V>(a), single::<V>(b));
    let all = Bitboard::<V>::ALL;
    let lines = Position::<V>::capture_directions();
    lines.iter().fold(Bitboard::EMPTY, |path, &d| {
        path | (a.fill(d, all) & b.fill(d.reverse(), all))
    }) - a
        - b
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Italian, Turkish};

    #[test]
    fn letters_round_trip() {
        for c in Content::ALL {
            assert_eq!(Content::from_letter(c.letter()), Some(c));
            assert_eq!(Content::of(c.piece()), c);
            assert_eq!(c.mirrored().mirrored(), c);
        }
        let set = ContentSet::from_letters(".bB").unwrap();
        assert_eq!(set.to_string(), ".bB");
        assert_eq!(set.mirrored().to_string(), ".wW");
        assert_eq!(ContentSet::from_letters("bb"), None);
        assert_eq!(ContentSet::from_letters(""), None);
        assert_eq!(ContentSet::from_letters("x"), None);
    }

    #[test]
    fn diagonal_paths() {
        let sq = Square::new_unchecked;
        let numbers =
            |set: Bitboard<International>| set.iter().map(Square::number).collect::<Vec<_>>();
        // 46 .. 5 is the long diagonal of the 10x10 board.
        let long = between::<International>(sq(46), sq(5));
        assert_eq!(numbers(long), [10, 14, 19, 23, 28, 32, 37, 41]);
        assert_eq!(between::<International>(sq(5), sq(46)), long);
        assert!(between::<International>(sq(32), sq(28)).is_empty()); // neighbours
        assert!(between::<International>(sq(32), sq(33)).is_empty()); // same row
        assert!(between::<International>(sq(32), sq(24)).is_empty()); // no diagonal
        assert_eq!(numbers(between::<International>(sq(32), sq(23))), [28]);
        assert_eq!(
            between::<English>(sq(22), sq(15)),
            single::<English>(sq(18))
        );
        every_pair::<International>();
        every_pair::<Italian>();
        every_pair::<Turkish>();
        assert_eq!(mirror_square::<English>(sq(1)), sq(32));
        assert_eq!(mirror_square::<International>(sq(23)), sq(28));
    }

    /// In Frisian, pieces also capture along rows and columns of dark squares.
    #[test]
    fn frisian_paths() {
        use draughts_core::Frisian;
        let sq = |n| Square::new(n).unwrap();
        let numbers = |set: Bitboard<Frisian>| set.iter().map(Square::number).collect::<Vec<_>>();
        assert_eq!(numbers(between::<Frisian>(sq(46), sq(50))), [47, 48, 49]);
        assert_eq!(numbers(between::<Frisian>(sq(48), sq(28))), [38]);
        assert!(between::<Frisian>(sq(46), sq(47)).is_empty()); // neighbours on a row
        let diagonal = [10, 14, 19, 23, 28, 32, 37, 41];
        assert_eq!(numbers(between::<Frisian>(sq(46), sq(5))), diagonal);
        assert!(between::<International>(sq(46), sq(50)).is_empty());
    }

    /// On the full board the lines are rows and columns.
    #[test]
    fn turkish_paths() {
        let sq = |text| Square::from_text::<Turkish>(text).unwrap();
        let names = |set: Bitboard<Turkish>| {
            set.iter()
                .map(|s| s.to_text::<Turkish>())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(between::<Turkish>(sq("a1"), sq("a5"))),
            ["a4", "a3", "a2"]
        );
        assert_eq!(
            names(between::<Turkish>(sq("h3"), sq("d3"))),
            ["e3", "f3", "g3"]
        );
        assert!(between::<Turkish>(sq("a1"), sq("c3")).is_empty()); // a diagonal
        assert!(between::<Turkish>(sq("d4"), sq("d5")).is_empty()); // neighbours
        assert_eq!(mirror_square::<Turkish>(sq("a1")), sq("h8"));
        assert_eq!(mirror_square::<Turkish>(sq("d3")), sq("e6"));
    }

    /// `between` on every pair of squares against walking rows and columns: along the
    /// diagonals, or on the full board along rows and columns.
    fn every_pair<V: Variant>() {
        let coordinates = <V::Board as Geometry>::coordinates;
        for a in squares::<V>() {
            for b in squares::<V>() {
                let ((r1, c1), (r2, c2)) = (coordinates(a.number()), coordinates(b.number()));
                let (dr, dc) = (i16::from(r2) - i16::from(r1), i16::from(c2) - i16::from(c1));
                let mut path = Bitboard::<V>::EMPTY;
                let on_a_line = if <V::Board as Geometry>::ALL_SQUARES {
                    (dr == 0) != (dc == 0)
                } else {
                    dr != 0 && dr.abs() == dc.abs()
                };
                if on_a_line {
                    for k in 1..dr.abs().max(dc.abs()) {
                        let at = |x: u8, d: i16| (i16::from(x) + k * d.signum()) as u8;
                        let n = <V::Board as Geometry>::square_at(at(r1, dr), at(c1, dc));
                        path = path.with(Square::new(n.expect("on the board")).unwrap());
                    }
                }
                assert_eq!(between::<V>(a, b), path, "{a} to {b}");
            }
        }
    }
}
