//! The linear evaluator and its per-feature breakdown.

use crate::feature::{Feature, FeatureValues, FEATURE_COUNT};
use crate::patterns::Patterns;
use crate::weights::Weights;
use crate::{Evaluator, Score};
use draughts_core::{Color, Position, Variant};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// The weighted sum of the features: `sum over f of weight(f) * (own(f) - opponent(f))`,
/// from the side to move's point of view, plus optionally a table of learned
/// [`Patterns`] (still linear: one weight per region and arrangement).
///
/// There is deliberately no side-to-move bonus: every term is a difference between the
/// colours, so swapping the colours negates the score exactly.
///
/// ```
/// use draughts_core::{English, Position};
/// use draughts_eval::{Evaluator, LinearEval};
///
/// let eval = LinearEval::<English>::default();
/// // Black, to move, is a man up: 12 men against 11.
/// let pos: Position<English> = "B:W21-31:B1-12".parse()?;
/// assert!(eval.evaluate(&pos) > 0);
/// # Ok::<(), draughts_core::FenError>(())
/// ```
pub struct LinearEval<V: Variant> {
    weights: Weights,
    patterns: Option<Arc<Patterns<V>>>,
    variant: PhantomData<V>,
}

impl<V: Variant> LinearEval<V> {
    /// An evaluator with the given weights and no patterns.
    pub const fn new(weights: Weights) -> LinearEval<V> {
        LinearEval {
            weights,
            patterns: None,
            variant: PhantomData,
        }
    }

    /// An evaluator with the given weights and pattern table.
    pub fn with_patterns(weights: Weights, patterns: Arc<Patterns<V>>) -> LinearEval<V> {
        LinearEval {
            weights,
            patterns: Some(patterns),
            variant: PhantomData,
        }
    }

    /// The pattern table, if any.
    pub fn patterns(&self) -> Option<&Arc<Patterns<V>>> {
        self.patterns.as_ref()
    }

    /// The weights.
    pub const fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// What the evaluation of `pos` is made of, cheaply: the side to move's feature
    /// differences ([`FeatureValues::relative`]) and the divisor of drawish endings
    /// ([`DRAWISH_DIVISOR`] or 1). For any weights, [`Evaluator::evaluate`] is the dot
    /// product of the weights with the vector, divided by the divisor (rounding towards
    /// zero): what a tuner fitting weights on positions needs.
    ///
    /// ```
    /// use draughts_core::{English, Position};
    /// use draughts_eval::{Evaluator, LinearEval};
    ///
    /// let eval = LinearEval::<English>::default();
    /// let pos: Position<English> = "B:W21-31:B1-12".parse()?;
    /// let (vector, divisor) = LinearEval::features(&pos);
    /// let sum: i32 = vector.iter().zip(eval.weights().as_array()).map(|(x, w)| x * w).sum();
    /// assert_eq!(eval.evaluate(&pos), sum / divisor);
    /// # Ok::<(), draughts_core::FenError>(())
    /// ```
    #[inline]
    pub fn features(pos: &Position<V>) -> ([i32; FEATURE_COUNT], Score) {
        let values = FeatureValues::compute(pos);
        (values.relative(pos.turn()), drawish_divisor(pos))
    }

    /// Every feature's values, weight and contribution to the score of `pos`: the
    /// explanation of [`Evaluator::evaluate`], whose result is [`Breakdown::total`].
    pub fn breakdown(&self, pos: &Position<V>) -> Breakdown {
        let values = FeatureValues::compute(pos);
        let relative = values.relative(pos.turn());
        let rows = std::array::from_fn(|i| {
            let feature = Feature::ALL[i];
            let weight = self.weights.get(feature);
            FeatureScore {
                feature,
                white: values.get(feature, Color::White),
                black: values.get(feature, Color::Black),
                weight,
                contribution: weight * relative[i],
            }
        });
        let patterns = self.patterns.as_ref().map(|p| p.score(pos));
        let sum: Score = rows.iter().map(|r: &FeatureScore| r.contribution).sum();
        let divisor = drawish_divisor(pos);
        Breakdown {
            turn: pos.turn(),
            rows,
            patterns,
            divisor,
            total: (sum + patterns.unwrap_or(0)) / divisor,
        }
    }
}

impl<V: Variant> Evaluator<V> for LinearEval<V> {
    #[inline]
    fn evaluate(&self, pos: &Position<V>) -> Score {
        let values = FeatureValues::compute(pos);
        let white = values.side(Color::White);
        let black = values.side(Color::Black);
        let weights = self.weights.as_array();
        let mut score = 0;
        for i in 0..FEATURE_COUNT {
            score += weights[i] * (white[i] - black[i]);
        }
        let mut score = match pos.turn() {
            Color::White => score,
            Color::Black => -score,
        };
        if let Some(patterns) = &self.patterns {
            score += patterns.score(pos);
        }
        match drawish_divisor(pos) {
            1 => score,
            divisor => score / divisor,
        }
    }
}

/// How much the weighted sum is divided by in endgames it misjudges: with flying kings a
/// lone king holds a draw against up to three pieces in all but special positions (the
/// reason for the 16-move and 5-move rules), so a material lead there is worth little
/// and the search should not trade down into such an ending.
///
/// ```
/// use draughts_core::{English, International, Position};
/// use draughts_eval::{Evaluator, LinearEval, DRAWISH_DIVISOR};
///
/// let eval = LinearEval::<International>::default();
/// // Three kings against a lone king: scaled down, but still better for White.
/// let pos: Position<International> = "W:WK10,K20,K30:BK46".parse()?;
/// let breakdown = eval.breakdown(&pos);
/// assert_eq!(breakdown.divisor, DRAWISH_DIVISOR);
/// assert_eq!(eval.evaluate(&pos), breakdown.rows.iter().map(|r| r.contribution).sum::<i32>() / DRAWISH_DIVISOR);
/// assert!(eval.evaluate(&pos) > 0);
/// // Four kings win: no scaling. Nor in English, where kings do not fly.
/// let four: Position<International> = "W:WK10,K20,K30,K40:BK46".parse()?;
/// assert_eq!(eval.breakdown(&four).divisor, 1);
/// let english: Position<English> = "W:WK10,K20:BK29".parse()?;
/// assert_eq!(LinearEval::<English>::default().breakdown(&english).divisor, 1);
/// # Ok::<(), draughts_core::FenError>(())
/// ```
pub const DRAWISH_DIVISOR: Score = 8;

/// [`DRAWISH_DIVISOR`] for a lone king against at most three pieces in a variant with
/// flying kings, else 1. It depends on the material only, so it keeps the evaluation
/// symmetric between the colours.
#[inline]
fn drawish_divisor<V: Variant>(pos: &Position<V>) -> Score {
    // A lone king against at most three pieces: at most four pieces on the board.
    if V::FLYING_KINGS && pos.piece_count() <= 4 {
        for color in Color::BOTH {
            let (own, kings) = (pos.pieces(color).len(), pos.kings(color).len());
            if own == 1 && kings == 1 && pos.pieces(!color).len() <= 3 {
                return DRAWISH_DIVISOR;
            }
        }
    }
    1
}

impl<V: Variant> Default for LinearEval<V> {
    /// The evaluator with [`Weights::default_for::<V>()`](Weights::default_for).
    fn default() -> Self {
        LinearEval::new(Weights::default_for::<V>())
    }
}

impl<V: Variant> Clone for LinearEval<V> {
    fn clone(&self) -> Self {
        LinearEval {
            weights: self.weights,
            patterns: self.patterns.clone(),
            variant: PhantomData,
        }
    }
}

impl<V: Variant> fmt::Debug for LinearEval<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LinearEval")
            .field("variant", &V::NAME)
            .field("weights", &self.weights)
            .field("patterns", &self.patterns)
            .finish()
    }
}

/// One feature's part in an evaluation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FeatureScore {
    /// The feature.
    pub feature: Feature,
    /// Its value for White.
    pub white: i32,
    /// Its value for Black.
    pub black: i32,
    /// Its weight.
    pub weight: i32,
    /// `weight * (own - opponent's)`, with "own" the side to move.
    pub contribution: Score,
}

/// Why a position scores what it does: every feature's values, weight and contribution.
///
/// `Display` prints a table, one feature per row, and the total; the alternate form
/// (`{:#}`) adds each feature's definition.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Breakdown {
    /// The side to move, whose point of view the contributions take.
    pub turn: Color,
    /// One row per feature, in [`Feature::ALL`] order.
    pub rows: [FeatureScore; FEATURE_COUNT],
    /// The pattern table's contribution, if the evaluator has one.
    pub patterns: Option<Score>,
    /// What the sum of the contributions is divided by: [`DRAWISH_DIVISOR`] in a drawish
    /// lone-king ending, else 1.
    pub divisor: Score,
    /// The sum of the contributions (features and patterns) divided by `divisor`: the
    /// evaluation.
    pub total: Score,
}

impl Breakdown {
    /// The row of `feature`.
    pub fn get(&self, feature: Feature) -> &FeatureScore {
        &self.rows[feature.index()]
    }
}

impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<14}{:>6}{:>6}{:>8}{:>8}",
            "feature", "white", "black", "weight", "score"
        )?;
        for row in &self.rows {
            write!(
                f,
                "{:<14}{:>6}{:>6}{:>8}{:>8}",
                row.feature.name(),
                row.white,
                row.black,
                row.weight,
                row.contribution
            )?;
            if f.alternate() {
                write!(f, "  {}", row.feature.description())?;
            }
            writeln!(f)?;
        }
        if let Some(patterns) = self.patterns {
            writeln!(f, "{:<34}{:>8}", "patterns", patterns)?;
        }
        if self.divisor != 1 {
            writeln!(
                f,
                "(a drawish lone-king ending: the sum is divided by {})",
                self.divisor
            )?;
        }
        write!(
            f,
            "{:<34}{:>8}",
            format!("total ({} to move)", self.turn),
            self.total
        )
    }
}
