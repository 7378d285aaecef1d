//! `fastdraughts._core`: the Python classes of the `fastdraughts` package, a thin PyO3
//! layer over the draughts crates. It converts and delegates; the rules, the search and
//! the databases live in the crates. The pure-Python modules of the package (`svg`,
//! `pdn`, `engine`, `egdb`, `review`,
//! `puzzles`) re-export and complete what is defined here.
#![warn(missing_docs)]

mod batch;
mod board;
mod egdb;
mod engine;
mod errors;
mod moves;
mod outcome;
mod pdn;
mod puzzles;
mod review;

use pyo3::prelude::*;

/// The compiled core of `fastdraughts`; import from `fastdraughts` instead.
#[pymodule]
#[pyo3(name = "_core")]
fn core_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("WHITE", true)?;
    m.add("BLACK", false)?;
    m.add("MAN", moves::MAN)?;
    m.add("KING", moves::KING)?;
    m.add("VARIANTS", draughts_core::VariantKind::NAMES.to_vec())?;
    m.add("SCORE_MAN", draughts_eval::MAN)?;
    m.add_class::<board::Board>()?;
    m.add_class::<moves::Move>()?;
    m.add_class::<moves::Piece>()?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<outcome::Termination>()?;
    m.add_class::<pdn::Game>()?;
    m.add_function(wrap_pyfunction!(pdn::read_games, m)?)?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<egdb::Egdb>()?;
    m.add_class::<review::GameReview>()?;
    m.add_class::<review::MoveReview>()?;
    m.add_class::<review::ReviewMove>()?;
    m.add_class::<review::Evaluation>()?;
    m.add_class::<review::Shot>()?;
    m.add_class::<review::Threat>()?;
    m.add_class::<review::Summary>()?;
    m.add_class::<puzzles::Puzzle>()?;
    m.add_class::<puzzles::Difficulty>()?;
    m.add_class::<puzzles::Check>()?;
    m.add_class::<puzzles::Source>()?;
    m.add_function(wrap_pyfunction!(puzzles::read_puzzles, m)?)?;
    errors::register(m)
}
