//! How a game ended: `Outcome` and `Termination`, as python-chess names them.

use draughts_core::{Color, DrawReason, GameStatus};
use pyo3::prelude::*;

/// Why a game ended.
#[pyclass(module = "fastdraughts", frozen, eq, eq_int, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move has no legal move (no pieces, or all blocked) and loses.
    #[pyo3(name = "NO_MOVES")]
    NoMoves,
    /// The same position for the third time.
    #[pyo3(name = "REPETITION")]
    Repetition,
    /// Only king moves, without a capture, for too long (the International 25-move, the
    /// English 40-move, the Russian 15-move or the Brazilian 20-move rule).
    #[pyo3(name = "KING_MOVES")]
    KingMoves,
    /// A lone king held out against three pieces (the International 16-move rule, Pool's
    /// three kings against one, a Russian king on the main road).
    #[pyo3(name = "LONE_KING_VS_THREE")]
    LoneKingVsThree,
    /// A lone king held out against one or two pieces (the International and Russian
    /// 5-move rules).
    #[pyo3(name = "LONE_KING_VS_TWO")]
    LoneKingVsTwo,
    /// Kings only, one or two against one, for too long (Frisian).
    #[pyo3(name = "FEW_KINGS")]
    FewKings,
    /// Kings on both sides, no capture and no crowning for too long (the Russian 30- and
    /// 60-move rules).
    #[pyo3(name = "UNCHANGED_BALANCE")]
    UnchangedBalance,
}

/// The end of a game: `termination` and `winner` (`True` White, `False` Black, `None`
/// for a draw); `result()` is the PDN token.
#[pyclass(module = "fastdraughts", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Why the game ended.
    #[pyo3(get)]
    termination: Termination,
    /// `True` if White won, `False` if Black won, `None` for a draw.
    #[pyo3(get)]
    winner: Option<bool>,
    token: &'static str,
}

impl Outcome {
    /// The outcome of `status` (with the result `token` of the game's variant), or
    /// `None` while the game goes on.
    pub fn of(status: GameStatus, token: &'static str) -> Option<Outcome> {
        let (termination, winner) = match status {
            GameStatus::Ongoing => return None,
            GameStatus::Win(color) => (Termination::NoMoves, Some(color == Color::White)),
            GameStatus::Draw(reason) => (
                match reason {
                    DrawReason::Repetition => Termination::Repetition,
                    DrawReason::KingMoves => Termination::KingMoves,
                    DrawReason::LoneKingVsThree => Termination::LoneKingVsThree,
                    DrawReason::LoneKingVsTwo => Termination::LoneKingVsTwo,
                    DrawReason::FewKings => Termination::FewKings,
                    DrawReason::UnchangedBalance => Termination::UnchangedBalance,
                },
                None,
            ),
        };
        Some(Outcome {
            termination,
            winner,
            token,
        })
    }
}

#[pymethods]
impl Outcome {
    /// The PDN result token (`2-0`, `1-1`, `0-2`; in English `1-0`, `1/2-1/2`, `0-1`).
    fn result(&self) -> &'static str {
        self.token
    }

    fn __repr__(&self) -> String {
        let winner = match self.winner {
            Some(true) => "True",
            Some(false) => "False",
            None => "None",
        };
        format!(
            "Outcome(termination={}, winner={winner})",
            termination_name(self.termination)
        )
    }
}

fn termination_name(termination: Termination) -> &'static str {
    match termination {
        Termination::NoMoves => "Termination.NO_MOVES",
        Termination::Repetition => "Termination.REPETITION",
        Termination::KingMoves => "Termination.KING_MOVES",
        Termination::LoneKingVsThree => "Termination.LONE_KING_VS_THREE",
        Termination::LoneKingVsTwo => "Termination.LONE_KING_VS_TWO",
        Termination::FewKings => "Termination.FEW_KINGS",
        Termination::UnchangedBalance => "Termination.UNCHANGED_BALANCE",
    }
}
