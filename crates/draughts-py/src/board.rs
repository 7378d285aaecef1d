//! `Board`: a game of any variant (position, move stack, draw rules), python-chess style.

use crate::errors::{self, InvalidSquare};
use crate::moves::{to_color, to_kind, Move, Piece};
use crate::outcome::Outcome;
use draughts_core::{AnyGame, AnyPosition, Color, Square};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyType;

/// A board of a variant chosen by name, with the moves played on it.
///
/// >>> board = Board("international")
/// >>> len(board.legal_moves)
/// 9
/// >>> board.push_text("32-28")
/// Move('32-28')
/// >>> board.fen()
/// 'B:W28,31,33-50:B1-20'
/// >>> board.pop()
/// Move('32-28')
#[pyclass(module = "fastdraughts")]
#[derive(Clone)]
pub struct Board {
    game: AnyGame,
}

impl Board {
    /// The board's game.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// A board holding `game`.
    pub fn from_game(game: AnyGame) -> Board {
        Board { game }
    }

    fn position(&self) -> AnyPosition {
        self.game.position()
    }

    fn square(&self, number: i64) -> PyResult<Square> {
        let squares = self.game.kind().squares();
        u8::try_from(number)
            .ok()
            .filter(|&n| n <= squares)
            .and_then(Square::new)
            .ok_or_else(|| {
                InvalidSquare::new_err(format!(
                    "square {number} is not on the {} board (1 to {squares})",
                    self.game.kind()
                ))
            })
    }
}

#[pymethods]
impl Board {
    /// A board of `variant` (`international`, `english`, `brazilian`, `pool`,
    /// `russian`, `italian`, `spanish`, `czech`, `thai`, `turkish`, `killer`, `antidraughts`,
    /// `breakthrough`, `frisian`, `frysk`, or an alias such as `checkers`) at
    /// `fen`, or at its initial position.
    #[new]
    #[pyo3(signature = (variant = "international", fen = None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Board> {
        let kind = errors::variant(variant)?;
        let game = match fen {
            Some(fen) => {
                AnyGame::from_position(AnyPosition::from_fen(kind, fen).map_err(errors::fen)?)
            }
            None => AnyGame::new(kind),
        };
        Ok(Board { game })
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.kind().name()
    }

    /// The side to move: `True` (`WHITE`) or `False` (`BLACK`).
    #[getter]
    fn turn(&self) -> bool {
        self.position().turn() == Color::White
    }

    /// Squares along one side of the board (8 or 10).
    #[getter]
    fn board_size(&self) -> u8 {
        self.game.kind().board_side()
    }

    /// The number of playable squares (32 or 50), numbered from 1.
    #[getter]
    fn square_count(&self) -> u8 {
        self.game.kind().squares()
    }

    /// The current position as FEN (`W:W31-50:B1-20`).
    fn fen(&self) -> String {
        self.position().to_fen()
    }

    /// Sets the position from a FEN and clears the move stack.
    fn set_fen(&mut self, fen: &str) -> PyResult<()> {
        let pos = AnyPosition::from_fen(self.game.kind(), fen).map_err(errors::fen)?;
        self.game = AnyGame::from_position(pos);
        Ok(())
    }

    /// Back to the variant's initial position, with an empty move stack.
    fn reset(&mut self) {
        self.game = AnyGame::new(self.game.kind());
    }

    /// The piece on `square`, or `None` if it is empty.
    fn piece_at(&self, square: i64) -> PyResult<Option<Piece>> {
        Ok(self.position().piece_at(self.square(square)?).map(Piece))
    }

    /// The name of `square` as the variant writes it: its number, or `a1`..`h8` in
    /// Russian, Brazilian and Turkish (`Board("russian").square_name(29) == "a1"`).
    fn square_name(&self, square: i64) -> PyResult<String> {
        Ok(self.game.kind().square_text(self.square(square)?))
    }

    /// The row (0 = top) and column (0 = left) of `square` as the variant's diagrams
    /// place it, White at the bottom (the mirrored board of Italian and Spanish, whose
    /// square 1 is the top-left and the bottom-right corner, and Turkish's full board
    /// included).
    fn square_coordinates(&self, square: i64) -> PyResult<(u8, u8)> {
        let square = self.square(square)?;
        let kind = self.game.kind();
        kind.coordinates(square).ok_or_else(|| {
            InvalidSquare::new_err(format!("square {square} is not on the {kind} board"))
        })
    }

    /// The squares of the pieces of `color` and `kind` (`MAN` or `KING`), ascending.
    fn pieces(&self, color: bool, kind: u8) -> PyResult<Vec<u32>> {
        let squares = self.position().squares_of(to_color(color), to_kind(kind)?);
        Ok(squares.into_iter().map(|s| u32::from(s.number())).collect())
    }

    /// The legal moves, in generation order.
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        self.position()
            .legal_moves()
            .into_iter()
            .map(Move)
            .collect()
    }

    /// Whether `move` is legal here.
    fn is_legal(&self, r#move: &Move) -> bool {
        self.position().play(&r#move.0).is_ok()
    }

    /// The legal move written as PDN text (`32-28`, `28x19`, `28x19x10`).
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        let mut game = self.game.clone();
        game.play_text(text).map(Move).map_err(errors::move_text)
    }

    /// Plays a legal move.
    fn push(&mut self, r#move: &Move) -> PyResult<()> {
        self.game.play(&r#move.0).map_err(errors::play)
    }

    /// Plays a move given as PDN text and returns it.
    fn push_text(&mut self, text: &str) -> PyResult<Move> {
        self.game
            .play_text(text)
            .map(Move)
            .map_err(errors::move_text)
    }

    /// Takes back the last move and returns it (`IndexError` if there is none).
    fn pop(&mut self) -> PyResult<Move> {
        self.game
            .undo()
            .map(Move)
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))
    }

    /// The last move played (`IndexError` if there is none).
    fn peek(&self) -> PyResult<Move> {
        self.game
            .last_move()
            .map(Move)
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))
    }

    /// The moves played, in order.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.game.moves().into_iter().map(Move).collect()
    }

    /// A copy; with `stack=False` without the moves played (they count for the draw
    /// rules).
    #[pyo3(signature = (stack = true))]
    fn copy(&self, stack: bool) -> Board {
        if stack {
            self.clone()
        } else {
            Board::from_game(AnyGame::from_position(self.position()))
        }
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// A board at the position the moves were played from.
    fn root(&self) -> Board {
        Board::from_game(AnyGame::from_position(self.game.start()))
    }

    /// Whether the game has ended: no legal move, or a draw rule.
    fn is_game_over(&self) -> bool {
        self.game.status().is_over()
    }

    /// The PDN result token: `*` while the game goes on, else as `Outcome.result()`.
    fn result(&self) -> &'static str {
        self.game.result_token()
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome> {
        Outcome::of(self.game.status(), self.game.result_token())
    }

    /// How many times the current position has stood, this time included.
    fn repetitions(&self) -> usize {
        self.game.repetitions()
    }

    /// The Zobrist hash of the position.
    fn zobrist(&self) -> u64 {
        self.position().hash()
    }

    /// The number of move sequences of `depth` plies (the GIL is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.position();
        py.detach(move || pos.perft(depth))
    }

    /// The perft of `depth - 1` after each legal move: `(move text, count)` pairs.
    fn divide(&self, py: Python<'_>, depth: u32) -> Vec<(String, u64)> {
        let pos = self.position();
        py.detach(move || pos.divide(depth))
    }

    /// The colour-swapped mirror image (board turned, colours and side to move
    /// exchanged), without a move stack.
    fn mirror(&self) -> Board {
        Board::from_game(AnyGame::from_position(self.position().flipped()))
    }

    /// Draws the board as SVG (`fastdraughts.svg.board`), for notebooks.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        let svg = slf.py().import("fastdraughts.svg")?;
        svg.call_method1("board", (slf,))?.extract()
    }

    /// Boards are equal when their positions are (variant, pieces, side to move); the
    /// moves that led there do not count.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Board>()
            .is_ok_and(|other| other.borrow().position() == self.position())
    }

    fn __hash__(&self) -> u64 {
        self.position().hash()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', '{}')", self.variant(), self.fen())
    }

    fn __str__(&self) -> String {
        self.position().to_string()
    }

    /// The variant names accepted (aliases aside).
    #[classmethod]
    fn variants(_cls: &Bound<'_, PyType>) -> Vec<&'static str> {
        draughts_core::VariantKind::NAMES.to_vec()
    }
}
