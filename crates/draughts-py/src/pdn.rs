//! `Game`: one PDN game (tags, moves, comments, result) and its replay on a board.

use crate::board::Board;
use crate::errors::{self, PdnError};
use crate::moves::Move;
use draughts_core::pdn::{PdnGame, PdnReader};
use draughts_core::{AnyGame, VariantKind};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A PDN game as read or written: tags, main-line moves with their comments, result.
///
/// The moves are replayed for the variant the `GameType` tag names, else the one the
/// game was read for (International unless told).
#[pyclass(module = "fastdraughts.pdn")]
#[derive(Clone)]
pub struct Game {
    pdn: PdnGame,
    variant: VariantKind,
}

impl Game {
    /// `pdn`, replayed for `variant` unless its `GameType` names another.
    pub fn new(pdn: PdnGame, variant: VariantKind) -> Game {
        Game { pdn, variant }
    }

    /// The game as read.
    pub fn pdn(&self) -> &PdnGame {
        &self.pdn
    }

    /// The variant the moves are replayed in: the one the `GameType` tag names, else
    /// the one the game was read for.
    pub fn kind(&self) -> VariantKind {
        self.pdn.variant().unwrap_or(self.variant)
    }

    fn replay(&self) -> PyResult<AnyGame> {
        AnyGame::from_pdn(&self.pdn, self.variant).map_err(|e| PdnError::new_err(e.to_string()))
    }
}

#[pymethods]
impl Game {
    /// A game of the moves played on `board` (from its root), with the standard tags
    /// and its result.
    #[staticmethod]
    fn from_board(board: &Board) -> Game {
        let game = board.game();
        Game {
            pdn: game.to_pdn(),
            variant: game.kind(),
        }
    }

    /// The tags in file order, as a new dict (change them with `set_header`).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.pdn.tags {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// A copy.
    fn copy(&self) -> Game {
        self.clone()
    }

    /// Sets tag `name` to `value`, in place if present, else at the end.
    fn set_header(&mut self, name: &str, value: &str) {
        self.pdn.set_tag(name, value);
    }

    /// The variant the moves are replayed in.
    #[getter]
    fn variant(&self) -> &'static str {
        self.kind().name()
    }

    /// Comments before the first move (or of a game without moves).
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.pdn.comments.clone()
    }

    /// The comments after each main-line move, one list per move.
    #[getter]
    fn move_comments(&self) -> Vec<Vec<String>> {
        self.pdn.moves.iter().map(|m| m.comments.clone()).collect()
    }

    /// The result token of the movetext, else of the `Result` tag; `None` if neither.
    #[getter]
    fn result(&self) -> Option<String> {
        self.pdn.result_text().map(str::to_string)
    }

    /// Whether the movetext ended with a result token.
    #[getter]
    fn has_result_token(&self) -> bool {
        self.pdn.result.is_some()
    }

    /// The 1-based line of the file where the game starts (0 if built in code).
    #[getter]
    fn line(&self) -> u32 {
        self.pdn.line
    }

    /// The board at the start (the `FEN` tag, else the initial position).
    fn board(&self) -> PyResult<Board> {
        Ok(Board::from_game(AnyGame::from_position(
            self.replay()?.start(),
        )))
    }

    /// The board after the main line, with its moves on the stack.
    fn end(&self) -> PyResult<Board> {
        Ok(Board::from_game(self.replay()?))
    }

    /// The main-line moves (`PdnError` if one does not read as a legal move).
    fn mainline_moves(&self) -> PyResult<Vec<Move>> {
        Ok(self.replay()?.moves().into_iter().map(Move).collect())
    }

    /// The game as PDN text.
    fn __str__(&self) -> String {
        self.pdn.to_string()
    }

    fn __repr__(&self) -> String {
        let tag = |name| self.pdn.tag(name).unwrap_or("?");
        format!(
            "<Game {:?} vs {:?}, {} moves, {}>",
            tag("White"),
            tag("Black"),
            self.pdn.moves.len(),
            self.pdn.result_text().unwrap_or("*")
        )
    }
}

/// Every game of a PDN text: each a `Game`, or a `PdnError` for a game that does not
/// read. Games are replayed for `variant` unless their `GameType` names another.
#[pyfunction]
#[pyo3(signature = (text, variant = "international"))]
pub fn read_games(py: Python<'_>, text: &str, variant: &str) -> PyResult<Vec<Py<PyAny>>> {
    let variant = errors::variant(variant)?;
    PdnReader::new(text)
        .map(|item| match item {
            Ok(pdn) => Ok(Py::new(py, Game { pdn, variant })?.into_any()),
            Err(error) => Ok(PdnError::new_err(error.to_string())
                .into_value(py)
                .into_any()),
        })
        .collect()
}
