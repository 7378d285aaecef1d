//! PDN (Portable Draughts Notation) games: reading and writing.
//!
//! Two layers:
//!
//! - **Syntax**, variant-agnostic: [`PdnReader`] (or [`read_games`]) turns a whole file
//!   into a sequence of [`PdnGame`]s, each with its tag pairs, the main line's moves as
//!   text (with comments, NAGs, marks and nested variations) and its result token. One
//!   bad game yields an `Err` and the reader carries on with the next.
//! - **Semantics**, for a chosen [`Variant`](crate::Variant): the game's variant from its
//!   `GameType` tag ([`PdnGame::game_type`]), its start position from the `FEN` tag
//!   ([`PdnGame::start_position`]), and the main line replayed into typed moves
//!   ([`PdnGame::replay`]), each matched against the legal moves. Square numbers are
//!   read in the numbering the `GameType` tag's notation field names ([`GameType`]),
//!   translated into the variant's own where they differ: Spanish files written with
//!   Italian's numbering (`24,W,8,8,N2,1`) read as Spanish.
//!
//! Writing goes the other way: [`PdnGame::from_moves`] builds a game from typed moves
//! (shortest unambiguous move text, move numbers, the standard tags, `GameType` with its
//! board and notation fields from [`game_type_tag`]) and
//! [`PdnGame`]'s `Display` prints it, wrapped at 80 columns.
//!
//! Reading a game:
//!
//! ```
//! use draughts_core::pdn::read_games;
//! use draughts_core::International;
//!
//! let text = r#"[White "Sijbrands"]
//! [Black "Baljakin"]
//! [GameType "20"]
//!
//! 1. 32-28 19-23 2. 28x19 14x23 {the usual} 3. 37-32 (3. 33-28 23x32) 3... 10-14 1-1
//! "#;
//! let game = read_games(text).remove(0)?;
//! assert_eq!(game.tag("white"), Some("Sijbrands"));
//! assert_eq!(game.moves.len(), 6);
//! assert_eq!(game.moves[3].comments, ["the usual"]);
//! assert_eq!(game.moves[4].variations[0][0].text, "33-28");
//! assert_eq!(game.result.as_deref(), Some("1-1"));
//!
//! let line = game.replay::<International>()?;
//! assert_eq!(line.moves.len(), 6);
//! assert_eq!(line.end.to_fen(), "W:W31-36,38-50:B1-9,11-18,20,23");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Writing one:
//!
//! ```
//! use draughts_core::pdn::{read_games, PdnGame};
//! use draughts_core::{English, Position};
//!
//! let start = Position::<English>::initial();
//! let first = start.parse_move("11-15")?;
//! let second = start.play_unchecked(&first).parse_move("23-19")?;
//! let mut game = PdnGame::from_moves(&start, &[first, second], None)?;
//! game.set_tag("Black", "Tinsley");
//! let text = game.to_string();
//! assert!(text.contains("[GameType \"21,B,8,8,N1,0\"]"));
//! assert!(text.ends_with("1. 11-15 23-19 *\n"));
//!
//! let back = read_games(&text).remove(0)?.replay::<English>()?;
//! assert_eq!(back.moves, [first, second]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod lexer;
mod numbering;
mod reader;
mod replay;
mod writer;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_exports;
#[cfg(test)]
mod tests_numbering;

pub use numbering::{BoardFields, Corner, GameType, GameTypeError, NumberingError};
pub use reader::{decode, read_games, read_games_from_bytes, PdnReader};
pub use replay::{move_number, MainLine};
pub use writer::{game_type_tag, write_game};

use crate::fen::FenError;
use crate::notation::MoveTextError;

/// One game as written: tags, moves as text, result. Knows no variant; see
/// [`PdnGame::replay`] for the moves as typed moves.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PdnGame {
    /// 1-based ordinal of the game in the file it was read from (0 for games built in
    /// code). Errors quote it.
    pub index: usize,
    /// 1-based line where the game starts in its file (0 for games built in code).
    pub line: u32,
    /// Tag pairs in file order, escapes resolved: `("White", "Sijbrands")`.
    pub tags: Vec<(String, String)>,
    /// Comments not attached to a move: before the first move, or in a game without
    /// moves.
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<PdnMove>,
    /// The result token ending the movetext (`2-0`, `1/2-1/2`, `*`, or odd text such as
    /// `4-6`), if there was one.
    pub result: Option<String>,
}

/// One move of a line, as written, with what surrounds it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PdnMove {
    /// The move number written before the move (`12.` or `12...`), if any.
    pub number: Option<u32>,
    /// Whether the number was written `12...` (or `12. ...`): a second-mover move.
    pub ellipsis: bool,
    /// The move text with white space removed, as written otherwise: `32-28`, `06-11`,
    /// `28x19x10`, `47x9`.
    pub text: String,
    /// Marks glued to or following the move: `!`, `?!`, `(?)`, `*`.
    pub marks: String,
    /// Numeric annotation glyphs (`$n`) following the move.
    pub nags: Vec<u16>,
    /// Comments written just before the move: only before the first move of a
    /// variation (those before the main line's first move are the game's).
    pub comments_before: Vec<String>,
    /// Comments following the move, including parenthesised text that is not moves.
    pub comments: Vec<String>,
    /// Alternatives to this move: each variation replaces it and continues from there.
    pub variations: Vec<Vec<PdnMove>>,
    /// 1-based line of the move in its file (0 for moves built in code).
    pub line: u32,
    /// 1-based column (in characters) of the move in its file (0 for moves built in
    /// code).
    pub column: u32,
}

impl PdnMove {
    /// A move with this text and nothing else.
    pub fn new(text: impl Into<String>) -> PdnMove {
        PdnMove {
            text: text.into(),
            ..PdnMove::default()
        }
    }
}

impl PdnGame {
    /// The value of the first tag named `name`, ignoring ASCII case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (ignoring ASCII case when looking for it) to `value`, in place if
    /// present, else at the end.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some((_, v)) => *v = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The result: the movetext's result token, else the `Result` tag (unless it is
    /// empty or `?`).
    pub fn result_text(&self) -> Option<&str> {
        self.result
            .as_deref()
            .or_else(|| self.tag("Result").filter(|r| !r.is_empty() && *r != "?"))
    }
}

/// What is wrong with the text of a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxErrorKind {
    /// A `{` with no `}` after it.
    #[error("comment opened with {{ is never closed with }}")]
    UnterminatedComment,
    /// A `}` with no `{` before it.
    #[error("}} without a {{ before it")]
    StrayBrace,
    /// A line starting with `[` that is not a tag pair.
    #[error("cannot read this as a tag pair such as [Event \"Olympiad\"]")]
    BadTag,
    /// A tag value whose closing `"` is missing on its line.
    #[error("the value of tag {0} has no closing \" on its line")]
    UnterminatedString(String),
    /// A tag pair whose `]` is missing on its line.
    #[error("tag {0} has no closing ] on its line")]
    UnterminatedTag(String),
    /// Text in the main line that is not a move, move number, comment or result.
    #[error("cannot read {0:?} as a move, move number, comment or result")]
    Unexpected(String),
    /// A `(` with no `)` after it in the same game.
    #[error("variation opened with ( is never closed with )")]
    UnterminatedVariation,
    /// A `)` with no `(` before it.
    #[error(") without a ( before it")]
    StrayParen,
}

/// Why a game could not be read or replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdnError {
    /// The game's text is malformed.
    #[error("game {game}, line {line}, column {column}: {kind}")]
    Syntax {
        /// 1-based ordinal of the game in its file.
        game: usize,
        /// 1-based line.
        line: u32,
        /// 1-based column, in characters.
        column: u32,
        /// What is wrong.
        kind: SyntaxErrorKind,
    },
    /// The `FEN` tag does not hold a position of the variant.
    #[error("game {game}: {source}")]
    Fen {
        /// 1-based ordinal of the game in its file.
        game: usize,
        /// Why the FEN did not read.
        source: FenError,
    },
    /// The `GameType` tag's board fields do not say how to read the game's squares for
    /// the variant asked for.
    #[error("game {game}: GameType {game_type:?}: {source}")]
    Numbering {
        /// 1-based ordinal of the game in its file.
        game: usize,
        /// The tag's value.
        game_type: String,
        /// What is wrong.
        source: NumberingError,
    },
    /// The `GameType` tag names another variant than the one asked for.
    #[error("game {game}: GameType {game_type:?} is not {expected} (type {expected_type})")]
    WrongVariant {
        /// 1-based ordinal of the game in its file.
        game: usize,
        /// The tag's value.
        game_type: String,
        /// The name of the variant asked for.
        expected: &'static str,
        /// Its `GameType` number.
        expected_type: u8,
    },
    /// A move of the main line does not read as a legal move.
    #[error(
        "game {game}, move {number}{dots} {text} (line {line}, column {column}): {source}",
        dots = if *second { "..." } else { "." }
    )]
    Move {
        /// 1-based ordinal of the game in its file.
        game: usize,
        /// 0-based index of the move in the main line.
        ply: usize,
        /// The move number, counted from the start position (not as written).
        number: u32,
        /// Whether it is the second mover's move of that number (`12...`).
        second: bool,
        /// The move as written (before any translation of its square numbers into the
        /// variant's numbering, which `source` quotes).
        text: String,
        /// 1-based line of the move.
        line: u32,
        /// 1-based column of the move.
        column: u32,
        /// Why it does not read.
        source: MoveTextError,
    },
}

impl PdnError {
    /// The kind of error, without the details of the game: what reports group refused
    /// games by.
    ///
    /// ```
    /// use draughts_core::pdn::read_games;
    /// use draughts_core::International;
    ///
    /// let game = read_games("1. 32-28 32-28 *").remove(0)?;
    /// let error = game.replay::<International>().unwrap_err();
    /// assert_eq!(error.reason(), "move: illegal");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reason(&self) -> &'static str {
        use SyntaxErrorKind as K;
        match self {
            PdnError::Syntax { kind, .. } => match kind {
                K::UnterminatedComment => "syntax: comment never closed",
                K::StrayBrace => "syntax: } without {",
                K::BadTag => "syntax: bad tag pair",
                K::UnterminatedString(_) => "syntax: tag value never closed",
                K::UnterminatedTag(_) => "syntax: tag never closed",
                K::Unexpected(_) => "syntax: unreadable movetext",
                K::UnterminatedVariation => "syntax: variation never closed",
                K::StrayParen => "syntax: ) without (",
            },
            PdnError::Fen { .. } => "bad FEN tag",
            PdnError::WrongVariant { .. } => "GameType of another variant",
            PdnError::Numbering { source, .. } => match source {
                NumberingError::Fields(_) => "GameType: unreadable board fields",
                NumberingError::BoardSize { .. } => "GameType: board of another size",
                NumberingError::AlgebraicCorner { .. } => "GameType: algebraic from another corner",
            },
            PdnError::Move { source, .. } => match source {
                MoveTextError::Syntax(_) => "move: unreadable text",
                MoveTextError::Illegal(_) => "move: illegal",
                MoveTextError::Ambiguous { .. } => "move: ambiguous",
                MoveTextError::Square(_) => "move: square off the board",
            },
        }
    }
}
