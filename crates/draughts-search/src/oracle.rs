//! Hooks through which later crates lend the search exact knowledge: an endgame
//! database (win/loss/draw) and a tactical-template matcher (proven combinations).
//! The search defines the traits; `draughts-egdb` and `draughts-tactics` implement them,
//! so this crate depends on neither.

use draughts_core::{Move, Position, Variant};
use draughts_eval::Score;

/// A game-theoretic value for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Wld {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses with best play.
    Loss,
    /// Neither side can force a win.
    Draw,
}

/// Exact values of endgame positions.
pub trait EndgameOracle<V: Variant>: Send + Sync {
    /// The most pieces (both sides together) of a position the oracle may know.
    fn max_pieces(&self) -> u32;

    /// The value of `pos` for the side to move, or `None` if the oracle does not know it.
    fn probe(&self, pos: &Position<V>) -> Option<Wld>;
}

/// A proven combination: a forcing line that wins material.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination<V: Variant> {
    /// The moves of the line, from the position asked about.
    pub line: Vec<Move<V>>,
    /// The material the side to move wins at least, in evaluation units.
    pub gain: Score,
}

/// Recognises combinations at the leaves of the search.
pub trait TacticalOracle<V: Variant>: Send + Sync {
    /// A combination for the side to move in the quiet position `pos`, if one is known
    /// and verified.
    fn combination(&self, pos: &Position<V>) -> Option<Combination<V>>;
}
