//! The linear evaluator and its per-feature breakdown.

use crate::feature::{Feature, FeatureValues, FEATURE_COUNT};
use crate::network::Network;
use crate::patterns::Patterns;
use crate::weights::Weights;
use crate::{Evaluator, Score};
use draughts_core::{Color, Position, Variant};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

/// The weighted sum of the features: `sum over f of weight(f) * (own(f) - opponent(f))`,
/// from the side to move's point of view, plus optionally a table of learned
/// [`Patterns`] (still linear: one weight per region and arrangement) and a
/// [`Network`]'s correction.
///
/// There is deliberately no side-to-move bonus: every term is a difference between the
/// colours, so swapping the colours negates the score exactly.
///
/// Weights that value the material only ([`Weights::is_material_only`]) with no table
/// are counted without computing the other features: a network's correction on top of
/// the material is then the whole evaluation, at the network's cost.
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
    /// [`Weights::is_material_only`] of `weights`.
    material_only: bool,
    patterns: Option<Arc<Patterns<V>>>,
    network: Option<Arc<Network<V>>>,
    variant: PhantomData<V>,
}

impl<V: Variant> LinearEval<V> {
    /// An evaluator with the given weights and no patterns.
    pub const fn new(weights: Weights) -> LinearEval<V> {
        LinearEval {
            weights,
            material_only: weights.is_material_only(),
            patterns: None,
            network: None,
            variant: PhantomData,
        }
    }

    /// An evaluator with the given weights and pattern table.
    pub fn with_patterns(weights: Weights, patterns: Arc<Patterns<V>>) -> LinearEval<V> {
        LinearEval {
            patterns: Some(patterns),
            ..LinearEval::new(weights)
        }
    }

    /// The evaluator with `network`'s correction added (or none).
    #[must_use]
    pub fn with_network(self, network: Option<Arc<Network<V>>>) -> LinearEval<V> {
        LinearEval { network, ..self }
    }

    /// The network, if any.
    pub fn network(&self) -> Option<&Arc<Network<V>>> {
        self.network.as_ref()
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
        self.material_only = weights.is_material_only();
    }

    /// What the evaluation of `pos` is made of, cheaply: the side to move's feature
    /// differences ([`FeatureValues::relative`]) and how a lead is scaled down in
    /// drawish endings ([`Drawish`]). For any weights, [`Evaluator::evaluate`] is the
    /// dot product of the weights with the vector, divided by the divisor for its sign
    /// (rounding towards zero): what a tuner fitting weights on positions needs.
    ///
    /// ```
    /// use draughts_core::{English, Position};
    /// use draughts_eval::{Evaluator, LinearEval};
    ///
    /// let eval = LinearEval::<English>::default();
    /// let pos: Position<English> = "B:W21-31:B1-12".parse()?;
    /// let (vector, drawish) = LinearEval::features(&pos);
    /// let sum: i32 = vector.iter().zip(eval.weights().as_array()).map(|(x, w)| x * w).sum();
    /// assert_eq!(eval.evaluate(&pos), drawish.scale(sum));
    /// # Ok::<(), draughts_core::FenError>(())
    /// ```
    #[inline]
    pub fn features(pos: &Position<V>) -> ([i32; FEATURE_COUNT], Drawish) {
        let values = FeatureValues::compute(pos);
        (values.relative(pos.turn()), Drawish::of(pos))
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
        let patterns = self.patterns.as_ref().map(|p| p.score_with(pos, &values));
        let mut breakdown = Breakdown {
            turn: pos.turn(),
            rows,
            patterns,
            network: self.network.as_ref().map(|n| n.score(pos)),
            divisor: 1,
            total: 0,
        };
        let sum = breakdown.sum();
        breakdown.divisor = Drawish::of(pos).divisor(sum);
        breakdown.total = sum / breakdown.divisor;
        breakdown
    }
}

impl<V: Variant> Evaluator<V> for LinearEval<V> {
    #[inline]
    fn evaluate(&self, pos: &Position<V>) -> Score {
        if self.material_only && self.patterns.is_none() {
            let (us, them) = (pos.turn(), !pos.turn());
            let men = pos.men(us).len() as Score - pos.men(them).len() as Score;
            let kings = pos.kings(us).len() as Score - pos.kings(them).len() as Score;
            let mut score =
                self.weights.get(Feature::Men) * men + self.weights.get(Feature::Kings) * kings;
            if let Some(network) = &self.network {
                score += network.score(pos);
            }
            return Drawish::of(pos).scale(score);
        }
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
            score += patterns.score_with(pos, &values);
        }
        if let Some(network) = &self.network {
            score += network.score(pos);
        }
        Drawish::of(pos).scale(score)
    }
}

/// What a lead is divided by where the material is drawish in itself: with flying
/// kings, a side that leads with at most three pieces against a king rarely wins (a
/// lone king holds a draw against up to three pieces in all but special positions, the
/// reason for the 16-move and 5-move rules).
pub const DRAWISH_DIVISOR: Score = 8;

/// What a lead is divided by where both sides have as many kings and the men differ by
/// at most one: with kings on the board such a lead is seldom enough to win.
pub const LEVEL_KINGS_DIVISOR: Score = 2;

/// How the evaluation scales down a lead in endings the weighted sum misjudges, as
/// Scan 2.0 does: the divisor of a lead by the side to move and of one by the
/// opponent. It depends on the material only, so the evaluation stays symmetric
/// between the colours. Only variants with flying kings scale.
///
/// ```
/// use draughts_core::{English, International, Position};
/// use draughts_eval::{Drawish, Evaluator, LinearEval, DRAWISH_DIVISOR, LEVEL_KINGS_DIVISOR};
///
/// // Three kings against a lone king: a lead of White's, to move, is divided by 8.
/// let pos: Position<International> = "W:WK10,K20,K30:BK46".parse()?;
/// assert_eq!(Drawish::of(&pos).divisor(1), DRAWISH_DIVISOR);
/// let eval = LinearEval::<International>::default();
/// assert!(eval.evaluate(&pos) > 0);
/// // Four kings win: no scaling. Nor in English, where kings do not fly.
/// let four: Position<International> = "W:WK10,K20,K30,K40:BK46".parse()?;
/// assert_eq!(Drawish::of(&four).divisor(1), 1);
/// let english: Position<English> = "W:WK10,K20:BK29".parse()?;
/// assert_eq!(Drawish::of(&english), Drawish::NONE);
/// // A king and a man each, and one man more for White: a lead is halved, either way.
/// let level: Position<International> = "W:WK10,30,35,40,45:BK46,6,11,16".parse()?;
/// assert_eq!(Drawish::of(&level).divisor(1), LEVEL_KINGS_DIVISOR);
/// assert_eq!(Drawish::of(&level).divisor(-1), LEVEL_KINGS_DIVISOR);
/// # Ok::<(), draughts_core::FenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Drawish {
    /// The divisor of a lead by the side to move.
    pub lead: u8,
    /// The divisor of a lead by the opponent.
    pub trail: u8,
}

impl Drawish {
    /// No scaling.
    pub const NONE: Drawish = Drawish { lead: 1, trail: 1 };

    /// The scaling of `pos`'s material.
    #[inline]
    pub fn of<V: Variant>(pos: &Position<V>) -> Drawish {
        if !V::FLYING_KINGS
            || pos.kings(Color::White).is_empty() && pos.kings(Color::Black).is_empty()
        {
            return Drawish::NONE;
        }
        let turn = pos.turn();
        Drawish {
            lead: lead_divisor(pos, turn) as u8,
            trail: lead_divisor(pos, !turn) as u8,
        }
    }

    /// The divisor of a score of `score` for the side to move.
    #[inline]
    pub fn divisor(self, score: impl Into<f64>) -> Score {
        Score::from(if score.into() > 0.0 {
            self.lead
        } else {
            self.trail
        })
    }

    /// `score` scaled, rounding towards zero.
    #[inline]
    pub fn scale(self, score: Score) -> Score {
        match self {
            Drawish::NONE => score,
            _ => score / self.divisor(score),
        }
    }
}

/// What a lead of `ahead`'s is divided by: see [`Drawish`].
#[inline]
fn lead_divisor<V: Variant>(pos: &Position<V>, ahead: Color) -> Score {
    let their_kings = pos.kings(!ahead).len();
    if their_kings == 0 {
        return 1;
    }
    let ours = pos.pieces(ahead).len();
    if ours <= 3 {
        return DRAWISH_DIVISOR;
    }
    let our_kings = pos.kings(ahead).len();
    let their_men = pos.pieces(!ahead).len() - their_kings;
    if our_kings == their_kings && (ours - our_kings).abs_diff(their_men) <= 1 {
        return LEVEL_KINGS_DIVISOR;
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
            material_only: self.material_only,
            patterns: self.patterns.clone(),
            network: self.network.clone(),
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
            .field("network", &self.network)
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
    /// The network's correction, if the evaluator has one.
    pub network: Option<Score>,
    /// What the sum of the contributions is divided by: more than 1 in a drawish ending
    /// (see [`Drawish`]).
    pub divisor: Score,
    /// The sum of the contributions (features, patterns and network) divided by `divisor`: the
    /// evaluation.
    pub total: Score,
}

impl Breakdown {
    /// The row of `feature`.
    pub fn get(&self, feature: Feature) -> &FeatureScore {
        &self.rows[feature.index()]
    }

    /// The sum of the contributions (features, patterns and network), before the
    /// divisor.
    pub fn sum(&self) -> Score {
        let features: Score = self.rows.iter().map(|r| r.contribution).sum();
        features + self.patterns.unwrap_or(0) + self.network.unwrap_or(0)
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
        if let Some(network) = self.network {
            writeln!(f, "{:<34}{:>8}", "network", network)?;
        }
        if self.divisor != 1 {
            writeln!(
                f,
                "(a drawish ending: the sum is divided by {})",
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
