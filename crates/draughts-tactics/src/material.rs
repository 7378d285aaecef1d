//! Material as the evaluation counts it, and what a combination must win.

use draughts_core::{Color, Kind, Position, Variant};
use draughts_eval::{Feature, Score, Weights, MAN};

/// A gain added when the defender is left without a legal move (the game is won): ten
/// men, so that such a line outranks any material gain a leaf can see.
pub const GAME_WIN_GAIN: Score = 10 * MAN;

/// The worth of a man and of a king in evaluation units.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceValues {
    /// A man (the evaluation's [`MAN`], 100).
    pub man: Score,
    /// A king (300 in International, 145 in English with the default weights).
    pub king: Score,
}

impl PieceValues {
    /// The men and kings weights of an evaluation weight set.
    pub fn of_weights(weights: &Weights) -> PieceValues {
        let mut values = PieceValues {
            man: MAN,
            king: 3 * MAN,
        };
        for (feature, weight) in weights.iter() {
            match feature {
                Feature::Men => values.man = weight,
                Feature::Kings => values.king = weight,
                _ => {}
            }
        }
        values
    }

    /// The values of the default evaluation of `V`.
    pub fn for_variant<V: Variant>() -> PieceValues {
        PieceValues::of_weights(&Weights::default_for::<V>())
    }

    /// `color`'s material minus its opponent's.
    #[inline]
    pub fn balance<V: Variant>(&self, pos: &Position<V>, color: Color) -> Score {
        let side = |c: Color| {
            pos.count(c, Kind::Man) as Score * self.man
                + pos.count(c, Kind::King) as Score * self.king
        };
        side(color) - side(!color)
    }

    /// The value of a line's final position for `attacker`, relative to `start`: the
    /// change in material balance, plus [`GAME_WIN_GAIN`] when the defender is to move
    /// and has no legal move.
    #[inline]
    pub fn gain<V: Variant>(&self, start: Score, end: &Position<V>, attacker: Color) -> Score {
        let won = end.turn() != attacker && end.is_lost();
        self.balance(end, attacker) - start + if won { GAME_WIN_GAIN } else { 0 }
    }
}
