//! The game phase by which a [`Patterns`](crate::Patterns) table blends its opening and
//! endgame values.
//!
//! ```
//! use draughts_core::{International, Position};
//! use draughts_eval::{FeatureValues, Phase};
//!
//! let start = Position::<International>::initial();
//! // Twenty men a side on rows 0-3 still have 6 to 9 rows to go: 150 a side.
//! assert_eq!(Phase::Advance.full::<International>(), 300);
//! assert_eq!(Phase::Advance.of(&start, &FeatureValues::compute(&start)), 300);
//! let later = start.play_text("32-28")?;
//! assert_eq!(Phase::Advance.of(&later, &FeatureValues::compute(&later)), 299);
//! assert_eq!(Phase::Pieces.of(&later, &FeatureValues::compute(&later)), 40);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::feature::{Feature, FeatureValues};
use crate::patterns::VALUE_SCALE;
use crate::Score;
use draughts_core::{Color, Geometry, Position, Variant};

/// What measures how far a game has gone: the blend is all opening at the start
/// position's measure and all endgame at 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The pieces on the board (tables of file versions 1 and 2).
    Pieces,
    /// The men's advance still to come: over both sides, the rows each man has to go to
    /// the crowning row (Scan 2.0's "pip"). Unlike the piece count it moves as the men
    /// advance, so a middlegame of advanced, locked men already leans to the endgame.
    Advance,
}

impl Phase {
    /// The phase of `pos`, whose feature values are `values`: at most
    /// [`Phase::full`].
    #[inline]
    pub fn of<V: Variant>(self, pos: &Position<V>, values: &FeatureValues) -> i32 {
        match self {
            Phase::Pieces => pos.piece_count() as i32,
            Phase::Advance => {
                let rows = i32::from(<V::Board as Geometry>::SIDE) - 1;
                let side = |c| rows * values.get(Feature::Men, c) - values.get(Feature::Tempo, c);
                side(Color::White) + side(Color::Black)
            }
        }
    }

    /// The phase of `V`'s start position: where the blend is all opening.
    pub fn full<V: Variant>(self) -> i32 {
        let start = Position::<V>::initial();
        self.of(&start, &FeatureValues::compute(&start)).max(1)
    }

    /// The byte that stands for the phase in a table file.
    pub(crate) const fn code(self) -> u8 {
        match self {
            Phase::Pieces => 0,
            Phase::Advance => 1,
        }
    }

    /// The phase a table file's byte stands for.
    pub(crate) const fn from_code(code: u8) -> Option<Phase> {
        match code {
            0 => Some(Phase::Pieces),
            1 => Some(Phase::Advance),
            _ => None,
        }
    }
}

/// The blend of opening and endgame sums (in `1 / VALUE_SCALE` units) at phase `phase`
/// of `full`, in score units.
#[inline]
pub(crate) fn blend(opening: i32, endgame: i32, phase: i32, full: i32) -> Score {
    // Not `clamp`, whose check that `full` is not negative costs a branch.
    let p = phase.max(0).min(full);
    (opening * p + endgame * (full - p)) / (full * VALUE_SCALE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::English;

    #[test]
    fn advance_counts_rows_to_go() {
        // English: 12 men a side on rows 0-2 have 7, 6 and 5 rows to go.
        assert_eq!(Phase::Advance.full::<English>(), 2 * 4 * (7 + 6 + 5));
        assert_eq!(Phase::Pieces.full::<English>(), 24);
        // A white man about to crown (1 row to go) and a black man at home (7).
        let pos: Position<English> = "W:W5:B1".parse().expect("FEN");
        let values = FeatureValues::compute(&pos);
        assert_eq!(Phase::Advance.of(&pos, &values), 1 + 7);
        // Kings have no rows to go.
        let kings: Position<English> = "W:WK5:BK1,K2".parse().expect("FEN");
        assert_eq!(
            Phase::Advance.of(&kings, &FeatureValues::compute(&kings)),
            0
        );
    }

    #[test]
    fn codes_round_trip() {
        for phase in [Phase::Pieces, Phase::Advance] {
            assert_eq!(Phase::from_code(phase.code()), Some(phase));
        }
        assert_eq!(Phase::from_code(2), None);
    }

    #[test]
    fn blend_is_opening_at_full_and_endgame_at_zero() {
        assert_eq!(blend(400, -400, 300, 300), 100);
        assert_eq!(blend(400, -400, 0, 300), -100);
        assert_eq!(blend(400, -400, 150, 300), 0);
        assert_eq!(blend(400, -400, 999, 300), 100, "clamped");
    }
}
