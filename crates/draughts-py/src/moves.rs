//! `Move` and `Piece`: values Python reads, compares and hashes.

use draughts_core::{AnyMove, Color, Kind, Piece as CorePiece, Square};
use pyo3::prelude::*;

/// The kind number of a man (as python-chess numbers piece types).
pub const MAN: u8 = 1;
/// The kind number of a king.
pub const KING: u8 = 2;

/// A legal move of a board: `str(move)` is its PDN text (`32-28`, `28x19`).
///
/// Moves come from `Board.legal_moves`, `Board.parse_move` and `Board.push_text`. Two
/// moves are equal when they have the same variant, start, end and captured pieces.
#[pyclass(module = "fastdraughts", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Move(pub AnyMove);

fn numbers(squares: &[Square]) -> Vec<u32> {
    squares.iter().map(|s| u32::from(s.number())).collect()
}

#[pymethods]
impl Move {
    /// The square the piece starts on.
    #[getter(from_square)]
    fn start_square(&self) -> u8 {
        self.0.from().number()
    }

    /// The square the piece ends on.
    #[getter]
    fn to_square(&self) -> u8 {
        self.0.to().number()
    }

    /// The squares of the captured pieces, in square order (empty for a step).
    #[getter]
    fn captures(&self) -> Vec<u32> {
        numbers(self.0.captured())
    }

    /// The squares the piece visits: start, each landing square, end.
    #[getter]
    fn path(&self) -> Vec<u32> {
        numbers(self.0.path())
    }

    /// `KING` if a man is crowned by this move, else `None` (as python-chess's
    /// `Move.promotion`).
    #[getter]
    fn promotion(&self) -> Option<u8> {
        self.0.crowned().then_some(KING)
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.kind().name()
    }

    /// Whether the move captures.
    fn is_capture(&self) -> bool {
        self.0.is_capture()
    }

    fn __str__(&self) -> &str {
        self.0.text()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0.text())
    }
}

/// A piece: `color` (`WHITE` is `True`) and `kind` (`MAN` or `KING`).
#[pyclass(module = "fastdraughts", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(pub CorePiece);

#[pymethods]
impl Piece {
    /// A piece of `color` (`True` for White) and `kind` (`MAN` or `KING`).
    #[new]
    fn new(color: bool, kind: u8) -> PyResult<Piece> {
        Ok(Piece(CorePiece::new(to_color(color), to_kind(kind)?)))
    }

    /// `True` for White.
    #[getter]
    fn color(&self) -> bool {
        self.0.color == Color::White
    }

    /// `MAN` or `KING`.
    #[getter]
    fn kind(&self) -> u8 {
        match self.0.kind {
            Kind::Man => MAN,
            Kind::King => KING,
        }
    }

    /// The letter of board diagrams: `w`, `W` (king), `b`, `B`.
    fn symbol(&self) -> char {
        self.0.letter()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0.letter())
    }

    /// The piece for a letter `w`, `W`, `b` or `B`.
    #[staticmethod]
    fn from_symbol(symbol: char) -> PyResult<Piece> {
        CorePiece::from_letter(symbol).map(Piece).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{symbol:?} is not a piece letter (w, W, b, B)"
            ))
        })
    }
}

/// The colour Python writes as a bool.
pub fn to_color(white: bool) -> Color {
    if white {
        Color::White
    } else {
        Color::Black
    }
}

/// The kind of `MAN` or `KING`.
pub fn to_kind(kind: u8) -> PyResult<Kind> {
    match kind {
        MAN => Ok(Kind::Man),
        KING => Ok(Kind::King),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "piece kind {other} is neither MAN (1) nor KING (2)"
        ))),
    }
}
