//! The package's exceptions, all `ValueError` subclasses, and the conversions from the
//! crates' typed errors (each keeps the crate's message).

use draughts_core::{FenError, MoveTextError, PlayError, VariantError, VariantKind};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    fastdraughts,
    DraughtsError,
    PyValueError,
    "Base of every fastdraughts error (a ValueError)."
);
create_exception!(
    fastdraughts,
    InvalidVariant,
    DraughtsError,
    "A variant name that names no supported variant."
);
create_exception!(
    fastdraughts,
    InvalidFen,
    DraughtsError,
    "A FEN that does not read as a position of the variant."
);
create_exception!(
    fastdraughts,
    InvalidSquare,
    DraughtsError,
    "A square number that is not on the board."
);
create_exception!(
    fastdraughts,
    InvalidMove,
    DraughtsError,
    "Text that is not shaped like a move (32-28, 28x19)."
);
create_exception!(
    fastdraughts,
    IllegalMove,
    DraughtsError,
    "A move that is not legal in the position."
);
create_exception!(
    fastdraughts,
    AmbiguousMove,
    DraughtsError,
    "Move text that fits several captures; give the landing squares."
);
create_exception!(
    fastdraughts,
    PdnError,
    DraughtsError,
    "A PDN game that does not read or replay."
);
create_exception!(
    fastdraughts,
    EgdbError,
    DraughtsError,
    "An endgame database that cannot be built, opened or read."
);
create_exception!(
    fastdraughts,
    EngineError,
    DraughtsError,
    "An engine that cannot be built, or a search asked of the wrong board."
);
create_exception!(
    fastdraughts,
    ReviewError,
    DraughtsError,
    "JSON that does not read as a game review, or a review that could not be made."
);
create_exception!(
    fastdraughts,
    PuzzleError,
    DraughtsError,
    "A puzzle file or JSON that does not read as puzzles."
);

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DraughtsError", py.get_type::<DraughtsError>())?;
    m.add("InvalidVariant", py.get_type::<InvalidVariant>())?;
    m.add("InvalidFen", py.get_type::<InvalidFen>())?;
    m.add("InvalidSquare", py.get_type::<InvalidSquare>())?;
    m.add("InvalidMove", py.get_type::<InvalidMove>())?;
    m.add("IllegalMove", py.get_type::<IllegalMove>())?;
    m.add("AmbiguousMove", py.get_type::<AmbiguousMove>())?;
    m.add("PdnError", py.get_type::<PdnError>())?;
    m.add("EgdbError", py.get_type::<EgdbError>())?;
    m.add("EngineError", py.get_type::<EngineError>())?;
    m.add("ReviewError", py.get_type::<ReviewError>())?;
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    Ok(())
}

/// The variant named `name` (or one of its aliases).
pub fn variant(name: &str) -> PyResult<VariantKind> {
    name.parse()
        .map_err(|e: VariantError| InvalidVariant::new_err(e.to_string()))
}

/// [`InvalidFen`] with the reader's message.
pub fn fen(error: FenError) -> PyErr {
    InvalidFen::new_err(error.to_string())
}

/// [`InvalidMove`], [`IllegalMove`] or [`AmbiguousMove`], as the text failed.
pub fn move_text(error: MoveTextError) -> PyErr {
    let message = error.to_string();
    match error {
        MoveTextError::Syntax(_) => InvalidMove::new_err(message),
        MoveTextError::Square(_) => InvalidSquare::new_err(message),
        MoveTextError::Illegal(_) => IllegalMove::new_err(message),
        MoveTextError::Ambiguous { .. } => AmbiguousMove::new_err(message),
    }
}

/// [`IllegalMove`] for a move of another variant or not legal here.
pub fn play(error: PlayError) -> PyErr {
    IllegalMove::new_err(error.to_string())
}
