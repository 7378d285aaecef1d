//! The `GameType` tag's fields, and the translation of a game written in another
//! numbering of the squares than its variant's own.
//!
//! PDN 3.0 writes `GameType "n,start,width,height,notation,invert"`: the type number,
//! the colour that moves first, the board's size, the notation (`N` numbers, `A`
//! algebraic) followed by the corner its first square (square 1, or a1) is nearest, as
//! the first mover sees the board (0 bottom left, 1 bottom right, 2 top left, 3 top
//! right), and whether that player's bottom-left corner is not a playing square.
//! [`GameType`] reads and writes it; [`game_type_tag`](super::game_type_tag) is
//! [`GameType::of`] written out.
//!
//! Numbers are names of the playing squares: counted from a corner along its row, then
//! row by row away from it. The four corners give four numberings of the same squares,
//! each a bijection of the others: the opposite corner is the numbering turned half a
//! turn (`n` and `SQUARES + 1 - n`: Spanish's own numbering and Italian's, which Spanish
//! files written before Spanish had its own carry as `24,W,8,8,N2,1`), the other corner
//! of the same row reverses each row, and the other corner of the same column reverses
//! the order of the rows. A tag naming another corner than the variant's has its square
//! numbers translated ([`Renumbering`]) before they are matched against legal moves.
//!
//! The invert flag is read but does not enter the translation: the variant fixes which
//! squares are played on, and the flag meant the colour of the squares before PDN 3.0
//! gave it its present meaning (the PDN 3.1 proposal form, "board square color flag"
//! \[unverified which writers use which\]), so files disagree on it.

use crate::fen::map_fen_numbers;
use crate::geometry::Geometry;
use crate::notation::map_move_numbers;
use crate::piece::Color;
use crate::square::Notation;
use crate::variant::Variant;
use std::fmt;
use std::str::FromStr;

/// A corner of the board, as some player sees it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Corner {
    /// Bottom left (digit 0 in a `GameType` notation field).
    BottomLeft = 0,
    /// Bottom right (digit 1).
    BottomRight = 1,
    /// Top left (digit 2).
    TopLeft = 2,
    /// Top right (digit 3).
    TopRight = 3,
}

impl Corner {
    /// The corner on the bottom or top row, on the left or right.
    pub const fn new(bottom: bool, left: bool) -> Corner {
        match (bottom, left) {
            (true, true) => Corner::BottomLeft,
            (true, false) => Corner::BottomRight,
            (false, true) => Corner::TopLeft,
            (false, false) => Corner::TopRight,
        }
    }

    /// Whether it is on the bottom row.
    pub const fn is_bottom(self) -> bool {
        matches!(self, Corner::BottomLeft | Corner::BottomRight)
    }

    /// Whether it is on the left.
    pub const fn is_left(self) -> bool {
        matches!(self, Corner::BottomLeft | Corner::TopLeft)
    }

    /// The same corner of the board as the player across the board sees it (White's
    /// bottom left is Black's top right).
    pub const fn across(self) -> Corner {
        Corner::new(!self.is_bottom(), !self.is_left())
    }

    /// The corner as White sees it, of a corner `viewer` sees (or the other way round).
    pub const fn seen_by_white(self, viewer: Color) -> Corner {
        match viewer {
            Color::White => self,
            Color::Black => self.across(),
        }
    }

    /// Its digit in a `GameType` notation field.
    pub const fn digit(self) -> u8 {
        self as u8
    }

    /// The corner of a digit of a `GameType` notation field.
    pub const fn from_digit(digit: u8) -> Option<Corner> {
        match digit {
            0 => Some(Corner::BottomLeft),
            1 => Some(Corner::BottomRight),
            2 => Some(Corner::TopLeft),
            3 => Some(Corner::TopRight),
            _ => None,
        }
    }
}

impl fmt::Display for Corner {
    /// `bottom left`, `bottom right`, `top left` or `top right`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Corner::BottomLeft => "bottom left",
            Corner::BottomRight => "bottom right",
            Corner::TopLeft => "top left",
            Corner::TopRight => "top right",
        })
    }
}

/// The board fields of a `GameType` tag: everything after the type number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BoardFields {
    /// The colour that moves first (`W` or `B`), from whose side [`BoardFields::corner`]
    /// is seen.
    pub first_mover: Color,
    /// Squares across the board.
    pub width: u8,
    /// Squares from bottom to top.
    pub height: u8,
    /// Numbers (`N`) or algebraic names (`A`).
    pub notation: Notation,
    /// The corner the first square (square 1, or a1) is nearest, as the first mover sees
    /// the board.
    pub corner: Corner,
    /// Whether the first mover's bottom-left corner is not a playing square, if the tag
    /// says (the field is optional).
    pub invert: Option<bool>,
}

/// A PDN `GameType` tag's value: `20`, or `24,W,8,8,N1,1`.
///
/// ```
/// use draughts_core::pdn::{BoardFields, Corner, GameType};
/// use draughts_core::{Color, Notation, Spanish};
///
/// let tag: GameType = "24,W,8,8,N1,1".parse()?;
/// assert_eq!(tag, GameType::of::<Spanish>());
/// let board = tag.board.unwrap();
/// assert_eq!((board.first_mover, board.width, board.height), (Color::White, 8, 8));
/// assert_eq!((board.notation, board.corner), (Notation::Numbers, Corner::BottomRight));
/// assert_eq!(tag.to_string(), "24,W,8,8,N1,1");
/// assert_eq!("20".parse::<GameType>()?.board, None);
/// assert!("24,W,8,8,N7,1".parse::<GameType>().is_err());
/// # Ok::<(), draughts_core::pdn::GameTypeError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameType {
    /// The type number: 20 International, 21 English, ... ([`Variant::PDN_GAME_TYPE`]).
    pub number: u32,
    /// The board fields, if the tag has them.
    pub board: Option<BoardFields>,
}

/// Why a `GameType` tag's value does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameTypeError {
    /// The first field is not a number.
    #[error("the type {0:?} is not a number")]
    Number(String),
    /// Neither the type alone nor the type with its five or six board fields.
    #[error("{0} fields, where a GameType has 1, 5 or 6")]
    FieldCount(usize),
    /// The first mover is not `W` or `B`.
    #[error("the first mover {0:?} is not W or B")]
    FirstMover(String),
    /// A board size that is not a number from 1 to 255.
    #[error("the board size {0:?} is not a number from 1 to 255")]
    Size(String),
    /// The notation is not `N` or `A` with a corner from 0 to 3.
    #[error("the notation {0:?} is not N or A with a corner from 0 to 3, such as N2 or A0")]
    Notation(String),
    /// The invert flag is not 0 or 1.
    #[error("the invert flag {0:?} is not 0 or 1")]
    Invert(String),
}

/// The first field of a `GameType` value as a number, whatever follows it.
pub(crate) fn type_number(value: &str) -> Option<u32> {
    value.split(',').next()?.trim().parse().ok()
}

impl GameType {
    /// The tag variant `V` is written with: its number ([`Variant::PDN_GAME_TYPE`]), the
    /// colour that moves first, the board's width and height, its notation
    /// ([`Variant::NOTATION`]) with the corner its first square is nearest as the first
    /// mover sees the board, and whether that player's bottom-left corner is not a
    /// playing square (Italian and Spanish).
    pub fn of<V: Variant>() -> GameType {
        let side = <V::Board as Geometry>::SIDE;
        // Rows and columns as White sees the board (row 0 at the top).
        let (row, col) = match V::NOTATION {
            Notation::Numbers => <V::Board as Geometry>::coordinates(1),
            Notation::Algebraic => (side - 1, 0),
        };
        let corner = Corner::new(row >= side / 2, col < side / 2).seen_by_white(V::FIRST_TO_MOVE);
        // The first mover's bottom-left corner is White's a1 or h8: on these boards both
        // are dark squares or both light.
        let invert = <V::Board as Geometry>::square_at(side - 1, 0).is_none();
        GameType {
            number: u32::from(V::PDN_GAME_TYPE),
            board: Some(BoardFields {
                first_mover: V::FIRST_TO_MOVE,
                width: side,
                height: side,
                notation: V::NOTATION,
                corner,
                invert: Some(invert),
            }),
        }
    }
}

impl FromStr for GameType {
    type Err = GameTypeError;

    /// Reads `n` or `n,start,width,height,notation[,invert]`, ignoring white space
    /// around the fields, ASCII case and empty fields at the end.
    fn from_str(value: &str) -> Result<GameType, GameTypeError> {
        let mut fields: Vec<&str> = value.split(',').map(str::trim).collect();
        while fields.len() > 1 && fields.last().is_some_and(|f| f.is_empty()) {
            fields.pop();
        }
        let number = fields[0]
            .parse()
            .map_err(|_| GameTypeError::Number(fields[0].to_string()))?;
        let board = match &fields[1..] {
            [] => None,
            [first_mover, width, height, notation, invert @ ..] if invert.len() <= 1 => {
                let first_mover = match *first_mover {
                    "W" | "w" => Color::White,
                    "B" | "b" => Color::Black,
                    other => return Err(GameTypeError::FirstMover(other.to_string())),
                };
                let (width, height) = (size(width)?, size(height)?);
                let (notation, corner) = read_notation(notation)?;
                let invert = match invert.first().copied() {
                    None => None,
                    Some("0") => Some(false),
                    Some("1") => Some(true),
                    Some(flag) => return Err(GameTypeError::Invert(flag.to_string())),
                };
                Some(BoardFields {
                    first_mover,
                    width,
                    height,
                    notation,
                    corner,
                    invert,
                })
            }
            _ => return Err(GameTypeError::FieldCount(fields.len())),
        };
        Ok(GameType { number, board })
    }
}

/// A board size field.
fn size(field: &str) -> Result<u8, GameTypeError> {
    field
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| GameTypeError::Size(field.to_string()))
}

/// A notation field: `N` or `A` (either case), then the corner's digit.
fn read_notation(field: &str) -> Result<(Notation, Corner), GameTypeError> {
    let error = || GameTypeError::Notation(field.to_string());
    let &[letter, digit] = field.as_bytes() else {
        return Err(error());
    };
    let notation = match letter.to_ascii_uppercase() {
        b'N' => Notation::Numbers,
        b'A' => Notation::Algebraic,
        _ => return Err(error()),
    };
    let corner = Corner::from_digit(digit.wrapping_sub(b'0')).ok_or_else(error)?;
    Ok((notation, corner))
}

impl fmt::Display for GameType {
    /// `n`, or `n,start,width,height,notation[,invert]` as PDN 3.0 writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number)?;
        let Some(board) = &self.board else {
            return Ok(());
        };
        let first = match board.first_mover {
            Color::White => 'W',
            Color::Black => 'B',
        };
        let letter = match board.notation {
            Notation::Numbers => 'N',
            Notation::Algebraic => 'A',
        };
        write!(
            f,
            ",{first},{},{},{letter}{}",
            board.width,
            board.height,
            board.corner.digit()
        )?;
        if let Some(invert) = board.invert {
            write!(f, ",{}", u8::from(invert))?;
        }
        Ok(())
    }
}

/// Why a game's `GameType` tag does not say how to read its squares for the variant
/// asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumberingError {
    /// The board fields do not read.
    #[error("{0}")]
    Fields(#[from] GameTypeError),
    /// The tag's board has another size than the variant's.
    #[error("the tag's board is {width}x{height}, {variant}'s is {side}x{side}")]
    BoardSize {
        /// The tag's width.
        width: u8,
        /// The tag's height.
        height: u8,
        /// The name of the variant asked for.
        variant: &'static str,
        /// Its board's side.
        side: u8,
    },
    /// Algebraic names counted from another corner than White's bottom left, which the
    /// reader does not translate.
    #[error("algebraic names with a1 at White's {corner} are not read, only with a1 at White's bottom left")]
    AlgebraicCorner {
        /// Where the tag puts a1, as White sees the board.
        corner: Corner,
    },
}

/// The translation of square numbers written in a tag's numbering into the variant's
/// own: `to_own[n - 1]` is the variant's number of the tag's square `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Renumbering {
    to_own: Vec<u8>,
}

impl Renumbering {
    /// How to read the squares of a game of `V` whose `GameType` is `tag`: `None` if as
    /// `V`'s own (no board fields, or fields naming `V`'s numbering or, for algebraic
    /// names, a1 at White's bottom left), else the translation of the numbers. The first
    /// mover's field says whose view the corner is seen from.
    ///
    /// # Errors
    /// [`NumberingError::BoardSize`] for a board of another size than `V`'s,
    /// [`NumberingError::AlgebraicCorner`] for algebraic names from another corner.
    pub(crate) fn between<V: Variant>(
        tag: &GameType,
    ) -> Result<Option<Renumbering>, NumberingError> {
        let Some(board) = tag.board else {
            return Ok(None);
        };
        let side = <V::Board as Geometry>::SIDE;
        if (board.width, board.height) != (side, side) {
            return Err(NumberingError::BoardSize {
                width: board.width,
                height: board.height,
                variant: V::NAME,
                side,
            });
        }
        let corner = board.corner.seen_by_white(board.first_mover);
        if board.notation == Notation::Algebraic {
            return match corner {
                Corner::BottomLeft => Ok(None),
                corner => Err(NumberingError::AlgebraicCorner { corner }),
            };
        }
        // Count the playing squares from the tag's corner along its row, then row by row
        // away from it, naming each by the variant's own number.
        let flip = |bottom: bool, i: u8| if bottom { side - 1 - i } else { i };
        let to_own: Vec<u8> = (0..side)
            .map(|i| flip(corner.is_bottom(), i))
            .flat_map(|row| {
                (0..side)
                    .map(move |j| flip(!corner.is_left(), j))
                    .filter_map(move |col| <V::Board as Geometry>::square_at(row, col))
            })
            .collect();
        debug_assert_eq!(to_own.len(), usize::from(<V::Board as Geometry>::SQUARES));
        let own = to_own.iter().zip(1..).all(|(&n, i)| n == i);
        Ok((!own).then_some(Renumbering { to_own }))
    }

    /// The variant's number of the tag's square `n`, or `None` off the board.
    pub(crate) fn square(&self, n: u32) -> Option<u32> {
        let i = usize::try_from(n.checked_sub(1)?).ok()?;
        self.to_own.get(i).map(|&own| u32::from(own))
    }

    /// A move's text with its square numbers translated.
    pub(crate) fn move_text(&self, text: &str) -> String {
        map_move_numbers(text, |n| self.square(n))
    }

    /// A FEN with its square numbers translated, on board `G`.
    pub(crate) fn fen<G: Geometry>(&self, fen: &str) -> String {
        map_fen_numbers::<G>(fen, |n| self.square(n))
    }
}
