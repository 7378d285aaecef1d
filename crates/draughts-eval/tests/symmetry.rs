//! Colour symmetry: swapping the colours of every piece negates the score; handing the
//! move over as well (`Position::flipped`) leaves it unchanged. Checked with the
//! default weights and with random ones, on random playouts, playouts with kings
//! dropped in, and random placements, for International, English and Turkish.

mod common;

use common::{playout, playout_with_kings, scattered};
use draughts_core::{Color, English, International, Position, Turkish, Variant};
use draughts_eval::{
    learned, learned_network, Evaluator, Feature, FeatureValues, LinearEval, Patterns, Weights,
    FEATURE_COUNT,
};
use proptest::prelude::*;
use std::sync::Arc;

fn random_weights() -> impl Strategy<Value = Weights> {
    prop::array::uniform14(-1000..=1000i32).prop_map(Weights::from_array)
}

/// Weights of men and kings only, which the evaluator counts without the features.
fn material_weights() -> impl Strategy<Value = Weights> {
    (-1000..=1000i32, -1000..=1000i32).prop_map(|(men, kings)| {
        let mut weights = Weights::ZERO;
        weights.set(Feature::Men, men);
        weights.set(Feature::Kings, kings);
        weights
    })
}

/// The material counted alone, with the shipped network's correction, scores as the
/// features' path does (the breakdown's total).
fn material_with_network<V: Variant>(
    pos: &Position<V>,
    weights: Weights,
) -> Result<(), TestCaseError> {
    prop_assert!(weights.is_material_only());
    let eval = LinearEval::<V>::new(weights).with_network(learned_network::<V>());
    prop_assert_eq!(eval.breakdown(pos).total, eval.evaluate(pos));
    symmetric(pos, weights)
}

fn symmetric<V: Variant>(pos: &Position<V>, weights: Weights) -> Result<(), TestCaseError> {
    let eval = LinearEval::<V>::new(weights);
    let score = eval.evaluate(pos);
    let flipped = pos.flipped();
    let swapped = flipped.with_turn(pos.turn());
    prop_assert_eq!(
        eval.evaluate(&swapped),
        -score,
        "colours swapped: {:?}",
        pos
    );
    prop_assert_eq!(eval.evaluate(&flipped), score, "flipped: {:?}", pos);
    prop_assert_eq!(eval.breakdown(pos).total, score);
    // The tuner's view: the feature vector and its scaling give the same score.
    let (vector, drawish) = LinearEval::<V>::features(pos);
    let sum: i32 = (0..FEATURE_COUNT)
        .map(|i| vector[i] * weights.as_array()[i])
        .sum();
    prop_assert_eq!(drawish.scale(sum), score);

    let values = FeatureValues::compute(pos);
    let mirrored = FeatureValues::compute(&flipped);
    prop_assert_eq!(values.side(Color::White), mirrored.side(Color::Black));
    prop_assert_eq!(values.side(Color::Black), mirrored.side(Color::White));
    Ok(())
}

/// A pattern table with random values at random entries (regions and strips).
fn random_table<V: Variant>() -> impl Strategy<Value = Arc<Patterns<V>>> {
    let entry = (0..Patterns::<V>::SLOTS, any::<u16>(), any::<[i16; 2]>());
    prop::collection::vec(entry, 0..200).prop_map(|entries| {
        let mut table = Patterns::<V>::zero();
        for (slot, a, v) in entries {
            table.set(slot, a % Patterns::<V>::slot_size(slot) as u16, v);
        }
        Arc::new(table)
    })
}

/// With a pattern table: the same symmetry, and the breakdown adds up.
fn symmetric_with_table<V: Variant>(
    pos: &Position<V>,
    weights: Weights,
    table: Arc<Patterns<V>>,
) -> Result<(), TestCaseError> {
    let eval = LinearEval::<V>::with_patterns(weights, table);
    let score = eval.evaluate(pos);
    let flipped = pos.flipped();
    prop_assert_eq!(eval.evaluate(&flipped.with_turn(pos.turn())), -score);
    prop_assert_eq!(eval.evaluate(&flipped), score);
    prop_assert_eq!(eval.breakdown(pos).total, score);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn international_random_tables(pos in scattered::<International>(), w in random_weights(), t in random_table::<International>()) {
        symmetric_with_table(&pos, w, t)?;
    }

    #[test]
    fn english_random_tables(pos in playout::<English>(0..80), t in random_table::<English>()) {
        symmetric_with_table(&pos, Weights::ENGLISH, t)?;
    }

    #[test]
    fn turkish_random_tables(pos in playout_with_kings::<Turkish>(), w in random_weights(), t in random_table::<Turkish>()) {
        symmetric_with_table(&pos, w, t)?;
    }

    #[test]
    fn international_learned_model(pos in playout::<International>(0..80)) {
        if let Some((weights, table)) = learned::<International>() {
            symmetric_with_table(&pos, weights, table)?;
        }
    }

    #[test]
    fn international_playouts(pos in playout::<International>(0..80)) {
        symmetric(&pos, Weights::INTERNATIONAL)?;
    }

    #[test]
    fn english_playouts(pos in playout::<English>(0..80)) {
        symmetric(&pos, Weights::ENGLISH)?;
    }

    #[test]
    fn international_kings(pos in playout_with_kings::<International>(), w in random_weights()) {
        symmetric(&pos, w)?;
    }

    #[test]
    fn english_kings(pos in playout_with_kings::<English>(), w in random_weights()) {
        symmetric(&pos, w)?;
    }

    #[test]
    fn international_scattered(pos in scattered::<International>(), w in random_weights()) {
        symmetric(&pos, w)?;
    }

    #[test]
    fn english_scattered(pos in scattered::<English>(), w in random_weights()) {
        symmetric(&pos, w)?;
    }

    #[test]
    fn turkish_playouts(pos in playout::<Turkish>(0..100)) {
        symmetric(&pos, Weights::TURKISH)?;
    }

    #[test]
    fn turkish_kings(pos in playout_with_kings::<Turkish>(), w in random_weights()) {
        symmetric(&pos, w)?;
    }

    #[test]
    fn international_material_only(pos in playout_with_kings::<International>(), w in material_weights()) {
        material_with_network(&pos, w)?;
    }

    #[test]
    fn english_material_only(pos in playout_with_kings::<English>(), w in material_weights()) {
        material_with_network(&pos, w)?;
    }

    #[test]
    fn turkish_material_only(pos in scattered::<Turkish>(), w in material_weights()) {
        material_with_network(&pos, w)?;
    }

    #[test]
    fn turkish_scattered(pos in scattered::<Turkish>(), w in random_weights()) {
        symmetric(&pos, w)?;
    }
}

#[test]
fn feature_count_matches_weight_arrays() {
    assert_eq!(Weights::ZERO.as_array().len(), FEATURE_COUNT);
}
