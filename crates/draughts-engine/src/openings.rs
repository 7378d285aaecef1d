//! Opening positions: reading an openings file, the built-in sets, and [`generate`],
//! which makes balanced ones (or ones that favour a side, for matches whose game pairs
//! decide more often).
//!
//! An openings file has one FEN a line (read by [`crate::position_files`]).

use crate::engine::{searcher, with_variant, EngineOptions};
use crate::position_files::read_openings;
use draughts_core::{Game, Position, Variant, VariantKind};
use draughts_eval::MAN;
use draughts_search::{plies_to_end, Control, Limits};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};
use std::collections::HashSet;
use std::path::Path;

/// How [`generate`] makes openings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpeningSpec {
    /// Random plies from the start.
    pub plies: u32,
    /// Positions to make.
    pub count: usize,
    /// Keep positions whose score is within this many men of 0.
    pub max_score: f64,
    /// Keep only positions whose score is at least this many men from 0 (openings that
    /// favour one side, so that more game pairs of a match end in one win and one draw).
    pub min_score: f64,
    /// Depth of the search that scores each position.
    pub depth: u32,
    /// Seed of the random moves: the same seed gives the same positions.
    pub seed: u64,
}

/// The openings file for `kind` that comes with the engine: `openings/<name>.fen`, one
/// for every variant of the list.
pub fn builtin(kind: VariantKind) -> &'static str {
    with_variant!(kind, V => <V as Builtin>::OPENINGS)
}

/// The built-in openings of a variant.
trait Builtin {
    const OPENINGS: &'static str;
}

/// Implements [`Builtin`] for every variant, from its file in `openings/`.
macro_rules! builtin_openings {
    ($($name:ident $text:literal),+) => {
        $(
            impl Builtin for draughts_core::$name {
                const OPENINGS: &'static str =
                    include_str!(concat!("../openings/", $text, ".fen"));
            }
        )+
    };
}
draughts_core::for_each_variant!(builtin_openings);

/// The openings in the file `path`, or the built-in ones of `kind` without one.
///
/// # Errors
/// The file cannot be read, or a line of it is not a playable position (see
/// [`read_openings`]).
pub fn load<V: Variant>(
    path: Option<&Path>,
    kind: VariantKind,
) -> Result<Vec<Position<V>>, String> {
    match path {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            read_openings::<V>(&text, &path.display().to_string())
        }
        None => read_openings::<V>(builtin(kind), "built-in openings"),
    }
}

/// `spec.count` distinct positions reached by `spec.plies` random legal moves from the
/// start, each with no capture pending and a fixed-depth score from `spec.min_score`
/// to `spec.max_score` men away from 0.
///
/// # Errors
/// A score range that is no range, or too few positions found in the tries allowed.
pub fn generate<V: Variant>(spec: &OpeningSpec) -> Result<Vec<Position<V>>, String> {
    let (min_score, max_score) = (spec.min_score, spec.max_score);
    if !(max_score.is_finite() && max_score >= 0.0) {
        return Err(format!(
            "the largest score, {max_score} men, is not a number of at least 0"
        ));
    }
    if !(min_score.is_finite() && (0.0..=max_score).contains(&min_score)) {
        return Err(format!(
            "the least score, {min_score} men, is not from 0 to the largest ({max_score})"
        ));
    }
    let options = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let searcher = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let limit = (max_score * f64::from(MAN)).round();
    let least = (min_score * f64::from(MAN)).round();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(spec.seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let count = spec.count;
    let attempts = count.saturating_mul(1000).max(10_000);
    for _ in 0..attempts {
        if openings.len() == count {
            break;
        }
        let position = random_plies(&mut rng, Position::<V>::initial(), spec.plies as usize);
        let moves = position.legal_moves();
        if moves.is_empty() || moves.iter().any(|m| m.is_capture()) || !seen.insert(position) {
            continue;
        }
        // A cleared table makes each score depend on the position alone, so the same
        // command gives the same file.
        searcher.clear();
        let game = Game::from_position(position);
        let result = searcher.search(
            &game,
            Limits::depth(spec.depth),
            &Control::default(),
            &mut |_| {},
        );
        let away = f64::from(result.score.abs());
        if plies_to_end(result.score).is_none() && (least..=limit).contains(&away) {
            openings.push(position);
        }
    }
    if openings.len() < count {
        return Err(format!(
            "found only {} of {} openings after {attempts} tries: allow more plies or a wider \
             score range",
            openings.len(),
            spec.count
        ));
    }
    Ok(openings)
}

/// The position after `plies` random legal moves from `start`, or earlier where the
/// game ends: the one random-opening generator (balanced openings here, the varied
/// starts of self-play in `draughts-tune`).
///
/// ```
/// use draughts_core::{English, Position};
/// use draughts_engine::openings::random_plies;
/// use rand::SeedableRng;
///
/// let walk = |seed| {
///     let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
///     random_plies(&mut rng, Position::<English>::initial(), 6)
/// };
/// assert_eq!(walk(7), walk(7));
/// ```
pub fn random_plies<V: Variant>(
    rng: &mut impl Rng,
    start: Position<V>,
    plies: usize,
) -> Position<V> {
    let mut position = start;
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play_unchecked(&moves[rng.random_range(0..moves.len())]);
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::English;

    #[test]
    fn builtin_openings_are_valid_and_distinct() {
        for kind in VariantKind::ALL {
            let count = with_variant!(kind, V => {
                let positions = read_openings::<V>(builtin(kind), kind.name()).unwrap();
                let distinct: HashSet<_> = positions.iter().collect();
                assert_eq!(distinct.len(), positions.len(), "{}", kind.name());
                for p in &positions {
                    assert!(!p.legal_moves()[0].is_capture(), "{}", p.to_fen());
                }
                positions.len()
            });
            let least = if kind == VariantKind::International {
                100
            } else {
                50
            };
            assert!(count >= least, "{}: {count}", kind.name());
        }
    }

    /// Openings with a least score: every one scores within the range when searched
    /// again, and the same seed gives the same set.
    #[test]
    fn unbalanced_openings_keep_to_their_range() {
        let args = OpeningSpec {
            plies: 6,
            count: 6,
            max_score: 1.5,
            min_score: 0.2,
            depth: 4,
            seed: 3,
        };
        let openings = generate::<English>(&args).unwrap();
        assert_eq!(openings, generate::<English>(&args).unwrap());
        let searcher = searcher::<English>(&EngineOptions::default()).unwrap();
        for position in &openings {
            searcher.clear();
            let game = Game::from_position(*position);
            let score = searcher
                .search(&game, Limits::depth(4), &Control::default(), &mut |_| {})
                .score;
            assert!(
                (20..=150).contains(&score.abs()),
                "{} {score}",
                position.to_fen()
            );
        }
        let wrong = OpeningSpec {
            min_score: 2.0,
            ..args
        };
        assert!(generate::<English>(&wrong).is_err());
    }

    #[test]
    fn random_plies_stop_where_the_game_ends() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let start = Position::<English>::initial();
        assert_eq!(random_plies(&mut rng, start, 0), start);
        // Black to move without a piece: no move, and the walk stays where it is.
        let over: Position<English> = "B:W21:B".parse().unwrap();
        assert_eq!(random_plies(&mut rng, over, 5), over);
        let walked = random_plies(&mut rng, start, 6);
        assert_eq!(walked.turn(), start.turn());
        assert_ne!(walked, start);
    }
}
