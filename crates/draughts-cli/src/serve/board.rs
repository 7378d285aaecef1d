//! Games as the page sends them (variant, start FEN, moves) and positions as it draws
//! them (squares with their row and column, legal moves with their paths).

use super::error::ApiError;
use draughts_core::pdn::PdnGame;
use draughts_core::{Color, Game, Geometry, Move, Position, Square, Variant, VariantKind};
use serde::{Deserialize, Serialize};

/// The longest FEN read.
pub const MAX_FEN: usize = 512;
/// The most moves a game may hold.
pub const MAX_MOVES: usize = 2000;
/// The longest move text read.
const MAX_MOVE_TEXT: usize = 64;

/// A game: the variant, the start position (the initial one when `fen` is absent) and
/// the moves played from it, in PDN move text.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// A variant name or alias of the core (`international`, `english`, ...).
    pub variant: String,
    /// The start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves from the start position.
    #[serde(default)]
    pub moves: Vec<String>,
}

impl GameRequest {
    /// The variant named.
    ///
    /// # Errors
    /// [`ApiError::Variant`] for a name the core does not know.
    pub fn kind(&self) -> Result<VariantKind, ApiError> {
        if self.variant.len() > 32 {
            return Err(ApiError::Limit {
                what: "the variant name",
                limit: 32,
            });
        }
        self.variant
            .parse()
            .map_err(|e: draughts_core::VariantError| ApiError::Variant(e.to_string()))
    }

    /// The game replayed from its start.
    ///
    /// # Errors
    /// [`ApiError::Fen`], [`ApiError::Move`] or [`ApiError::Limit`].
    pub fn replay<V: Variant>(&self) -> Result<Game<V>, ApiError> {
        let start = match &self.fen {
            Some(fen) => parse_fen::<V>(fen)?,
            None => Position::initial(),
        };
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::Limit {
                what: "the move list",
                limit: MAX_MOVES,
            });
        }
        let mut game = Game::from_position(start);
        for (i, text) in self.moves.iter().enumerate() {
            if text.len() > MAX_MOVE_TEXT {
                return Err(ApiError::Limit {
                    what: "a move text",
                    limit: MAX_MOVE_TEXT,
                });
            }
            game.play_text(text).map_err(|e| ApiError::Move {
                ply: i + 1,
                message: e.to_string(),
            })?;
        }
        Ok(game)
    }
}

/// A FEN of `V`, its length checked first.
///
/// # Errors
/// [`ApiError::Limit`] or [`ApiError::Fen`].
pub fn parse_fen<V: Variant>(fen: &str) -> Result<Position<V>, ApiError> {
    if fen.len() > MAX_FEN {
        return Err(ApiError::Limit {
            what: "the FEN",
            limit: MAX_FEN,
        });
    }
    fen.trim()
        .parse()
        .map_err(|e| ApiError::Fen(format!("{e}")))
}

/// One square of the board.
#[derive(Debug, Serialize)]
pub struct SquareView {
    /// Its number (1..=50, 1..=32 or 1..=64).
    pub number: u8,
    /// Its name as the variant writes it: the number, or `a1`..`h8` (Russian,
    /// Brazilian, Turkish).
    pub label: String,
    /// Row from the top, 0-based.
    pub row: u8,
    /// Column from the left, 0-based.
    pub col: u8,
    /// `w`, `b` (men), `W`, `B` (kings), or absent.
    pub piece: Option<char>,
}

/// A legal move.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// Its PDN text, as the API reads it back.
    pub text: String,
    /// The squares it passes: the start, each landing, the end.
    pub path: Vec<u8>,
    /// The squares of the pieces it takes.
    pub captured: Vec<u8>,
}

/// A game as the page draws it.
#[derive(Debug, Serialize)]
pub struct BoardView {
    /// The variant's name.
    pub variant: &'static str,
    /// Squares along one side (8 or 10).
    pub side: u8,
    /// The start position's FEN.
    pub start_fen: String,
    /// The current position's FEN.
    pub fen: String,
    /// `white` or `black`.
    pub turn: &'static str,
    /// Every playable square.
    pub squares: Vec<SquareView>,
    /// The legal moves of the current position.
    pub moves: Vec<MoveView>,
    /// The moves played, in PDN text.
    pub history: Vec<String>,
    /// The move number PDN export writes before each move of `history`: `1.` before a
    /// first mover's move, `1...` before a game's first move by the second mover, empty
    /// before the other second mover's moves.
    pub numbers: Vec<String>,
    /// The last move played, if any.
    pub last: Option<MoveView>,
    /// The game's state in words (`playing`, `white wins: ...`, `draw: ...`).
    pub status: String,
    /// Whether the game is over.
    pub over: bool,
}

/// The name of a colour as the page reads it.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `mv`, legal in `position`, as the page draws it.
pub fn move_view<V: Variant>(position: &Position<V>, mv: &Move<V>) -> MoveView {
    MoveView {
        text: position.move_text(mv),
        path: position.move_path(mv).iter().map(|s| s.number()).collect(),
        captured: mv.captured().iter().map(|s| s.number()).collect(),
    }
}

/// `moves` played one after another from `position`, as the page draws them.
pub fn line_view<V: Variant>(position: &Position<V>, moves: &[Move<V>]) -> Vec<MoveView> {
    let mut position = *position;
    moves
        .iter()
        .map(|mv| {
            let view = move_view(&position, mv);
            position = position.play_unchecked(mv);
            view
        })
        .collect()
}

/// `game` as the page draws it.
pub fn board_view<V: Variant>(game: &Game<V>) -> BoardView {
    let position = game.position();
    let squares = (1..=<V::Board as Geometry>::SQUARES)
        .filter_map(Square::new)
        .map(|square| {
            let (row, col) = <V::Board as Geometry>::coordinates(square.number());
            SquareView {
                number: square.number(),
                label: square.to_text::<V>(),
                row,
                col,
                piece: position.piece_at(square).map(|p| p.letter()),
            }
        })
        .collect();
    let status = game.status();
    let over = status.is_over();
    let moves = if over {
        Vec::new()
    } else {
        position
            .legal_moves()
            .iter()
            .map(|mv| move_view(position, mv))
            .collect()
    };
    let played: Vec<MoveView> = game
        .positions()
        .iter()
        .zip(game.moves())
        .map(|(before, mv)| move_view(before, mv))
        .collect();
    let last = played.last().cloned();
    let history = played.into_iter().map(|mv| mv.text).collect();
    let numbers = PdnGame::from_game(game)
        .moves
        .iter()
        .map(|mv| match mv.number {
            Some(number) if mv.ellipsis => format!("{number}..."),
            Some(number) => format!("{number}."),
            None => String::new(),
        })
        .collect();
    BoardView {
        variant: V::NAME,
        side: <V::Board as Geometry>::SIDE,
        start_fen: game.start().to_fen(),
        fen: position.to_fen(),
        turn: color_name(position.turn()),
        squares,
        moves,
        history,
        numbers,
        last,
        status: if over {
            status.to_string()
        } else {
            "playing".to_string()
        },
        over,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International, Italian, Russian, Spanish, Turkish};

    fn place<V: Variant>(number: u8) -> (u8, u8) {
        <V::Board as Geometry>::coordinates(number)
    }

    fn labels<V: Variant>() -> Vec<String> {
        board_view(&Game::<V>::new())
            .squares
            .into_iter()
            .map(|square| square.label)
            .collect()
    }

    #[test]
    fn squares_sit_where_the_diagrams_put_them() {
        assert_eq!(place::<International>(1), (0, 1));
        assert_eq!(place::<International>(6), (1, 0));
        assert_eq!(place::<International>(50), (9, 8));
        assert_eq!(place::<English>(1), (0, 1));
        assert_eq!(place::<English>(32), (7, 6));
        assert_eq!(place::<Italian>(1), (0, 0));
        assert_eq!(place::<Italian>(5), (1, 1));
        assert_eq!(place::<Italian>(32), (7, 7));
        assert_eq!(place::<Spanish>(1), (7, 7));
        assert_eq!(place::<Spanish>(4), (7, 1));
        assert_eq!(place::<Spanish>(32), (0, 0));
        assert_eq!(place::<Turkish>(1), (0, 0));
        assert_eq!(place::<Turkish>(10), (1, 1));
        assert_eq!(place::<Turkish>(64), (7, 7));
        // Labels by the variant's custom: numbers, or a1 at White's bottom left.
        assert_eq!(labels::<International>()[45], "46");
        assert_eq!(labels::<Russian>()[28], "a1");
        assert_eq!(labels::<Russian>()[0], "b8");
        assert_eq!(labels::<Turkish>()[0], "a8");
        assert_eq!(labels::<Turkish>()[63], "h1");
        assert_eq!(labels::<Spanish>()[0], "1");
    }

    #[test]
    fn a_capture_shows_its_path_and_victims() {
        let request = GameRequest {
            variant: "international".into(),
            fen: Some("W:W30:B11,22,23,24,33,34".into()),
            moves: Vec::new(),
        };
        let game = request.replay::<International>().unwrap();
        let view = board_view(&game);
        let long = view
            .moves
            .iter()
            .find(|m| m.text == "30x19x28x17x6")
            .unwrap();
        assert_eq!(long.path, [30, 19, 28, 17, 6]);
        assert_eq!(long.captured.len(), 4);
        assert_eq!(view.turn, "white");
    }

    /// The numbers the page writes are those of PDN export, by the customs of the
    /// variant (Black moves first in English) and from a start with either side to move.
    #[test]
    fn moves_are_numbered_as_pdn_export_numbers_them() {
        for (variant, fen, moves, expected) in [
            (
                "international",
                None,
                &["32-28", "19-23", "28x19"][..],
                "1. 32-28 19-23 2. 28x19",
            ),
            (
                "english",
                None,
                &["11-15", "23-19", "8-11"],
                "1. 11-15 23-19 2. 8-11",
            ),
            (
                "international",
                Some("B:W28,33:B18,19"),
                &["19-23", "28x19", "18-22"],
                "1... 19-23 2. 28x19 18-22",
            ),
        ] {
            let request = GameRequest {
                variant: variant.into(),
                fen: fen.map(str::to_string),
                moves: moves.iter().map(|m| m.to_string()).collect(),
            };
            let kind = request.kind().unwrap();
            let (view, pdn) = draughts_core::with_variant!(kind, V => {
                let game = request.replay::<V>().unwrap();
                (board_view(&game), PdnGame::from_game(&game).to_string())
            });
            let numbered: Vec<String> = view
                .numbers
                .iter()
                .zip(&view.history)
                .map(|(number, mv)| format!("{number} {mv}").trim().to_string())
                .collect();
            assert_eq!(numbered.join(" "), expected);
            assert!(pdn.contains(expected), "{pdn}");
        }
    }
}
