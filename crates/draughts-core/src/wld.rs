//! Game-theoretic values (win, loss, draw) and the probe interface of whatever knows
//! them exactly. They live here, with the rules, so that an endgame database and the
//! search that asks it share them without depending on each other: `draughts-egdb`
//! implements [`EndgameOracle`] and `draughts-search` takes one as its endgame hook.

use crate::{Position, Variant};

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

/// Exact values of endgame positions: what the search asks at its nodes, and what an
/// endgame database answers.
///
/// ```
/// use draughts_core::{EndgameOracle, English, Position, Variant, Wld};
///
/// /// Knows only the positions of up to two pieces whose side to move has lost.
/// struct Lost;
///
/// impl<V: Variant> EndgameOracle<V> for Lost {
///     fn max_pieces(&self) -> u32 {
///         2
///     }
///
///     fn probe(&self, pos: &Position<V>) -> Option<Wld> {
///         pos.is_lost().then_some(Wld::Loss)
///     }
/// }
///
/// let oracle: &dyn EndgameOracle<English> = &Lost;
/// // White's man on 5, at the edge, is blocked by Black's man on 1.
/// let blocked: Position<English> = "W:W5:B1".parse()?;
/// assert_eq!(oracle.probe(&blocked), Some(Wld::Loss));
/// assert_eq!(oracle.probe(&Position::initial()), None);
/// # Ok::<(), draughts_core::FenError>(())
/// ```
pub trait EndgameOracle<V: Variant>: Send + Sync {
    /// The most pieces (both sides together) of a position the oracle may know.
    fn max_pieces(&self) -> u32;

    /// The value of `pos` for the side to move, or `None` if the oracle does not know it.
    fn probe(&self, pos: &Position<V>) -> Option<Wld>;
}
