//! Static evaluation of draughts positions: named features, learnable weight vectors,
//! learned pattern tables, and a fast linear evaluator.
//!
//! An [`Evaluator`] scores a quiet position from the side to move's point of view, in
//! [`Score`] units where a man is worth about [`MAN`]. [`LinearEval`] is the weighted
//! sum of the [`Feature`]s (material, tempo, balance, coherence, mobility, back row,
//! centre, runaway men, outposts, ...), each the side to move's count minus the
//! opponent's, computed with bitboards for every variant by one generic code path.
//! [`Weights`] name one weight per feature, with hand-set defaults per variant, and
//! save to and load from a small TOML-subset text file for the tuner. A [`Patterns`]
//! table adds a learned value for the arrangement of men on each 4x4 region of the
//! board, and a small [`Network`] a correction learned over the whole board;
//! [`learned`] gives the weights and table shipped for a variant, the engine's default
//! evaluation.
//!
//! ```
//! use draughts_core::{International, Position};
//! use draughts_eval::{Evaluator, Feature, LinearEval};
//!
//! let eval = LinearEval::<International>::default();
//! let start = Position::<International>::initial();
//! // Both sides stand alike, so every feature cancels out.
//! assert_eq!(eval.evaluate(&start), 0);
//!
//! let after = start.play_text("32-28")?;
//! let breakdown = eval.breakdown(&after);
//! println!("{breakdown}");
//! assert_eq!(breakdown.total, eval.evaluate(&after));
//! assert_eq!(breakdown.get(Feature::Tempo).white, 31);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The evaluation is colour-symmetric: swapping the colours of every piece and keeping
//! the side to move negates the score, and [`Position::flipped`] (which also hands the
//! move over) leaves it unchanged.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod feature;
mod full;
mod lanes;
mod learned;
mod linear;
mod masks;
mod network;
mod patterns;
mod phase;
mod strips;
mod weights;

pub use feature::{Feature, FeatureValues, FEATURE_COUNT};
pub use learned::{default_eval, learned, learned_network};
pub use linear::{
    Breakdown, Drawish, FeatureScore, LinearEval, DRAWISH_DIVISOR, LEVEL_KINGS_DIVISOR,
};
pub use network::{Network, ACTIVATION_ONE, HIDDEN, KINDS, MAX_INPUT, OUTPUT_SCALE};
pub use patterns::{
    flipped_arrangement, fnv1a, rotated_odd_region, rotated_region, Patterns, PatternsError,
    ARRANGEMENTS, MAX_ODD_REGIONS, MAX_REGIONS, MAX_SLOTS, MAX_VALUE, REGION_SQUARES, VALUE_SCALE,
};
pub use phase::Phase;
pub use strips::{flipped_strip, rotated_strip, STRIPS, STRIP_ARRANGEMENTS, STRIP_SQUARES};
pub use weights::{Weights, WeightsError, WeightsParseError, MAX_WEIGHT};

use draughts_core::{Position, Variant};

/// A score in hundredths of a man, from the side to move's point of view.
pub type Score = i32;

/// The nominal value of one man.
pub const MAN: Score = 100;

/// Scores positions of variant `V`.
///
/// Implementations must be symmetric: swapping the colours of every piece (keeping the
/// side to move) negates the score, so the search never prefers one colour.
pub trait Evaluator<V: Variant>: Send + Sync {
    /// The score of `pos` for the side to move. Called on quiet positions (neither side
    /// can capture); on others the result is a rough guess.
    fn evaluate(&self, pos: &Position<V>) -> Score;
}
