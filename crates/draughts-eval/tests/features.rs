//! Feature values: hand-checked positions (exact values for every feature), and the
//! bitboard code against a square-by-square reference on random positions.

mod common;

use common::{fen, playout, playout_with_kings, reference, scattered};
use draughts_core::{Color, English, International, Position, Turkish, Variant};
use draughts_eval::{Evaluator, Feature, FeatureValues, LinearEval, Weights, FEATURE_COUNT};
use proptest::prelude::*;

use Feature::*;

/// Asserts the listed features' values for (White, Black); the others must be zero.
fn check<V: Variant>(text: &str, expected: &[(Feature, i32, i32)]) {
    let pos: Position<V> = fen(text);
    let values = FeatureValues::compute(&pos);
    for feature in Feature::ALL {
        let (white, black) = expected
            .iter()
            .find(|e| e.0 == feature)
            .map_or((0, 0), |e| (e.1, e.2));
        assert_eq!(
            (
                values.get(feature, Color::White),
                values.get(feature, Color::Black)
            ),
            (white, black),
            "{feature} in {text}"
        );
    }
    for color in Color::BOTH {
        assert_eq!(
            values.side(color),
            &reference(&pos, color),
            "{color} in {text}"
        );
    }
}

#[test]
fn international_start() {
    check::<International>(
        "W:W31-50:B1-20",
        &[
            (Men, 20, 20),
            (Tempo, 30, 30),
            (Coherence, 15, 15),
            (EdgeMen, 4, 4),
            (Mobility, 9, 9),
            (BackRank, 5, 5),
            (LockedMen, 15, 15),
        ],
    );
}

#[test]
fn english_start() {
    check::<English>(
        "B:W21-32:B1-12",
        &[
            (Men, 12, 12),
            (Tempo, 12, 12),
            (Coherence, 8, 8),
            (EdgeMen, 3, 3),
            (Mobility, 7, 7),
            (BackRank, 4, 4),
            (LockedMen, 8, 8),
        ],
    );
}

/// White's 23 is an outpost (backed by 28 and 29) and a runaway (nothing on 1-5, 7-10,
/// 12-14, 18, 19); 28 and 29 are stopped by 23 and 47 by Black's 36. Black's 6 is
/// stopped by White's 28, its 36 by White's 47.
#[test]
fn international_runaway_and_outpost() {
    let text = "W:W23,28,29,47,49:B6,36";
    check::<International>(
        text,
        &[
            (Men, 5, 2),
            (Tempo, 13, 8),
            (Balance, 1, 2),
            (Coherence, 1, 0),
            (EdgeMen, 0, 2),
            (Mobility, 8, 2),
            (BackRank, 2, 0),
            (Centre, 3, 0),
            (Runaway, 1, 0),
            (Outposts, 1, 0),
        ],
    );
    // The total is the weighted sum of those differences, from White's side.
    let w = Weights::INTERNATIONAL;
    let expected = 3 * w[Men] + 5 * w[Tempo] - w[Balance] + w[Coherence] - 2 * w[EdgeMen]
        + 6 * w[Mobility]
        + 2 * w[BackRank]
        + 3 * w[Centre]
        + w[Runaway]
        + w[Outposts];
    let pos: Position<International> = fen(text);
    let eval = LinearEval::<International>::default();
    assert_eq!(eval.evaluate(&pos), expected);
    assert_eq!(eval.evaluate(&pos.with_turn(Color::Black)), -expected);
    assert_eq!(eval.breakdown(&pos).total, expected);
}

/// White's 33 is locked by Black's 28 and 29, which are outposts backed by 22-24;
/// Black's 23 is locked by its own 28 and 29.
#[test]
fn international_locked_men() {
    check::<International>(
        "W:W33,38,39:B22,23,24,28,29",
        &[
            (Men, 3, 5),
            (Tempo, 3 + 2 + 2, 22),
            (Balance, 1, 1),
            (Coherence, 1, 2),
            (Mobility, 2, 4),
            (Centre, 0, 5),
            (Outposts, 0, 2),
            (LockedMen, 1, 1),
        ],
    );
}

/// Left wing (columns 0-4) against right wing: 31, 32, 36 against 33 for White; both
/// of Black's men on the right. White's 36 is locked behind its own 31.
#[test]
fn international_balance() {
    check::<International>(
        "W:W31,32,33,36:B4,5",
        &[
            (Men, 4, 2),
            (Tempo, 3 + 3 + 3 + 2, 0),
            (Balance, 2, 2),
            (Coherence, 1, 0),
            (EdgeMen, 1, 1),
            (Mobility, 6, 3),
            (BackRank, 0, 2),
            (LockedMen, 1, 0),
        ],
    );
}

/// A flying king on 28 sees four squares along each diagonal (5 holds Black's king);
/// Black's king on 5 sees 10, 14, 19 and 23 along the long diagonal.
#[test]
fn international_kings() {
    check::<International>(
        "W:WK28:BK5",
        &[(Kings, 1, 1), (KingCentre, 1, 1), (KingMobility, 16, 4)],
    );
}

/// Short kings: four free neighbours of 15, one of 4 (both in the king zone).
#[test]
fn english_kings() {
    check::<English>(
        "W:WK15:BK4",
        &[(Kings, 1, 1), (KingCentre, 1, 1), (KingMobility, 4, 1)],
    );
}

/// White's 10 (cone 1-3, 6, 7) and 5 (cone 1) run; 31 is stopped by its own man on 10.
/// Black's 4 is stopped by White's 31.
#[test]
fn english_runaway() {
    check::<English>(
        "W:W5,10,31:B4",
        &[
            (Men, 3, 1),
            (Tempo, 6 + 5, 0),
            (Balance, 1, 1),
            (EdgeMen, 1, 1),
            (Mobility, 1 + 2 + 2, 1),
            (BackRank, 1, 1),
            (Runaway, 2, 0),
            (Outposts, 0, 0),
        ],
    );
}

/// The evaluation of the start position is zero by symmetry, in both variants, and the
/// Turkish's start: sixteen men a side on the second and third rows; only the front
/// row can step (forwards), the home row is locked and backs the front row.
#[test]
fn turkish_start() {
    check::<Turkish>(
        "W:W41-56:B9-24",
        &[
            (Men, 16, 16),
            (Tempo, 24, 24),
            (Coherence, 8, 8),
            (EdgeMen, 4, 4),
            (Mobility, 8, 8),
            (BackRank, 8, 8),
            (LockedMen, 8, 8),
        ],
    );
}

/// Turkish men face to face on the d-file: White's d4 backed by d3 and blocked by
/// Black's d5, each stepping sideways only; d4 and d5 are in the centre.
#[test]
fn turkish_men_on_a_file() {
    check::<Turkish>(
        "W:W36,44:B28",
        &[
            (Men, 2, 1),
            (Tempo, 5, 3),
            (Balance, 2, 1),
            (Coherence, 1, 0),
            (Mobility, 4, 2),
            (Centre, 1, 1),
        ],
    );
}

/// Turkish kings in the corners see seven squares along their row and seven along
/// their column; White's c6 runs free (the king on a8 is off its three columns) and,
/// backed by c5 in Black's half, is an outpost; Black's b2 runs free too.
#[test]
fn turkish_kings_runaways_and_outposts() {
    check::<Turkish>(
        "B:W19,27,K64:B50,K1",
        &[
            (Men, 2, 1),
            (Kings, 1, 1),
            (Tempo, 9, 6),
            (Balance, 2, 1),
            (Coherence, 1, 0),
            (Mobility, 5, 3),
            (Centre, 1, 0),
            (KingMobility, 14, 14),
            (Runaway, 1, 1),
            (Outposts, 1, 0),
        ],
    );
}

/// Turkish men jammed on the a- and b-files: White's home-row men have no step, Black's
/// a3 none either; Black's c2 has an empty path to its crowning row.
#[test]
fn turkish_locked_men() {
    check::<Turkish>(
        "W:W49,50:B41,42,51",
        &[
            (Men, 2, 3),
            (Tempo, 2, 16),
            (Balance, 2, 3),
            (EdgeMen, 1, 1),
            (Mobility, 0, 3),
            (BackRank, 2, 0),
            (Runaway, 0, 1),
            (LockedMen, 2, 1),
        ],
    );
}

/// The Turkish evaluation is more than the material: a man up front scores its
/// advance, and the start position scores zero.
#[test]
fn turkish_defaults() {
    let eval = LinearEval::<Turkish>::default();
    assert_eq!(eval.weights(), &Weights::TURKISH);
    assert_eq!(eval.evaluate(&Position::<Turkish>::initial()), 0);
    let advanced: Position<Turkish> = fen("W:W36,44:B28");
    let back: Position<Turkish> = fen("W:W44,52:B28");
    assert!(eval.evaluate(&advanced) > eval.evaluate(&back));
}

/// breakdown prints one line per feature plus a header and the total.
#[test]
fn start_scores_zero() {
    let intl = Position::<International>::initial();
    let eval = LinearEval::<International>::default();
    assert_eq!(eval.evaluate(&intl), 0);
    let table = eval.breakdown(&intl).to_string();
    assert_eq!(table.lines().count(), FEATURE_COUNT + 2, "{table}");
    assert!(table.contains("locked_men"), "{table}");
    assert!(format!("{:#}", eval.breakdown(&intl)).contains("with no forward step"));
    let english = Position::<English>::initial();
    assert_eq!(LinearEval::<English>::default().evaluate(&english), 0);
}

fn agrees_with_reference<V: Variant>(pos: &Position<V>) -> Result<(), TestCaseError> {
    let values = FeatureValues::compute(pos);
    for color in Color::BOTH {
        prop_assert_eq!(
            values.side(color),
            &reference(pos, color),
            "{} in {:?}",
            color,
            pos
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn international_playouts_match_reference(pos in playout::<International>(0..80)) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn english_playouts_match_reference(pos in playout::<English>(0..80)) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn international_kings_match_reference(pos in playout_with_kings::<International>()) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn english_kings_match_reference(pos in playout_with_kings::<English>()) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn international_scattered_match_reference(pos in scattered::<International>()) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn english_scattered_match_reference(pos in scattered::<English>()) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn turkish_playouts_match_reference(pos in playout::<Turkish>(0..100)) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn turkish_kings_match_reference(pos in playout_with_kings::<Turkish>()) {
        agrees_with_reference(&pos)?;
    }

    #[test]
    fn turkish_scattered_match_reference(pos in scattered::<Turkish>()) {
        agrees_with_reference(&pos)?;
    }
}
