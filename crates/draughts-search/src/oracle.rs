//! The hook through which a later crate lends the search exact tactical knowledge: a
//! tactical-template matcher (proven combinations). The search defines the trait and
//! `draughts-tactics` implements it, so this crate does not depend on it. The endgame
//! hook, [`draughts_core::EndgameOracle`], lives in the core next to the values it
//! answers ([`draughts_core::Wld`]), so `draughts-egdb` implements it without this crate.

use draughts_core::{Move, Position, Variant};
use draughts_eval::Score;

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

    /// As [`TacticalOracle::combination`], of the combinations whose line is longer
    /// than `plies`: an interior node with `plies` left sees the shorter ones itself.
    fn combination_longer(
        &self,
        pos: &Position<V>,
        at_least: Score,
        plies: usize,
    ) -> Option<Combination<V>> {
        self.combination(pos, at_least)
            .filter(|c| c.line.len() > plies)
    }

    /// A threat against the side to move of the quiet position `pos`: a combination
    /// gaining at least `at_least` that its opponent would have if it passed. An
    /// oracle without threat templates has none.
    fn threat(&self, _pos: &Position<V>, _at_least: Score) -> Option<Threat> {
        None
    }

    /// Whether `reply`, a move of the threatened side in `pos`, is one of `threat`'s
    /// known counters.
    fn is_counter(&self, _threat: Threat, _pos: &Position<V>, _reply: &Move<V>) -> bool {
        false
    }

    /// What `threat`'s line still gains in `after`, the position after the threatened
    /// side's reply; `None` where the reply has countered it.
    fn threat_gain(&self, _threat: Threat, _after: &Position<V>) -> Option<Score> {
        None
    }
}

/// A threat found by [`TacticalOracle::threat`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The oracle's number for the threat's template.
    pub id: u32,
    /// The material the opponent's line wins at least, in evaluation units.
    pub gain: Score,
}
