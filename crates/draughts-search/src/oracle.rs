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
///
/// The search asks only where a combination could change its result: at a quiet leaf
/// whose evaluation is below beta, and only for a gain that lifts the evaluation above
/// alpha.
pub trait TacticalOracle<V: Variant>: Send + Sync {
    /// The most any combination the oracle knows can gain (an upper bound; the search
    /// does not ask for more).
    fn max_gain(&self) -> Score;

    /// A verified combination for the side to move in the quiet position `pos` that
    /// gains at least `at_least` (at least 1), if the oracle knows one.
    fn combination(&self, pos: &Position<V>, at_least: Score) -> Option<Combination<V>>;

    /// What [`TacticalOracle::combination`]'s line gains, for a search leaf that needs
    /// only the gain: an oracle may answer it without building the line.
    fn gain(&self, pos: &Position<V>, at_least: Score) -> Option<Score> {
        self.combination(pos, at_least).map(|c| c.gain)
    }
}
