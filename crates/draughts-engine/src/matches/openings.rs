//! Opening positions: reading an openings file, the built-in sets, and `draughts
//! openings`, which generates balanced ones (or, with `--min-score`, ones that favour
//! a side, for matches whose game pairs decide more often).
//!
//! An openings file has one FEN a line (read by [`crate::position_files`]).

use crate::cli::{parse_variant, CliError};
use crate::engine::{searcher, with_variant, EngineOptions};
use crate::position_files::read_openings;
use crate::rng::SplitMix64;
use clap::Args;
use draughts_core::{Game, Position, Variant, VariantKind};
use draughts_eval::MAN;
use draughts_search::{plies_to_end, Control, Limits};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The options of `draughts openings`.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Random plies from the start.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=60))]
    plies: u32,
    /// Positions to write.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    count: u32,
    /// Keep positions whose score is within this many men of 0.
    #[arg(long, default_value_t = 0.3)]
    max_score: f64,
    /// Keep only positions whose score is at least this many men from 0: openings that
    /// favour one side, so that more game pairs of a match (each opening with both
    /// colours) end in one win and one draw, which tells engines apart sooner.
    #[arg(long, default_value_t = 0.0)]
    min_score: f64,
    /// Depth of the search that scores each position.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Seed of the random moves: the same seed gives the same file.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write here instead of to standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
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
                    include_str!(concat!("../../openings/", $text, ".fen"));
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

/// `draughts openings`: writes `--count` distinct positions reached by `--plies` random
/// legal moves from the start, each with no capture pending and a fixed-depth score
/// from `--min-score` to `--max-score` men away from 0.
pub fn run(args: &OpeningsArgs) -> Result<(), CliError> {
    let (min_score, max_score) = (args.min_score, args.max_score);
    if !(max_score.is_finite() && max_score >= 0.0) {
        return Err(format!("--max-score {max_score} is not a number of men of at least 0").into());
    }
    if !(min_score.is_finite() && (0.0..=max_score).contains(&min_score)) {
        return Err(format!("--min-score {min_score} is not from 0 to --max-score").into());
    }
    let openings = with_variant!(args.variant, V => generate::<V>(args)?
        .iter()
        .map(Position::to_fen)
        .collect::<Vec<_>>());
    let mut text = String::new();
    text.push_str(&format!(
        "# {} {} openings: {} random plies from the start, no capture pending, \
         {}|score| <= {} men at depth {}.\n",
        openings.len(),
        args.variant.name(),
        args.plies,
        if min_score > 0.0 {
            format!("{min_score} <= ")
        } else {
            String::new()
        },
        args.max_score,
        args.depth
    ));
    text.push_str(&format!("# Made by: {}\n", command_line(args)));
    for fen in &openings {
        text.push_str(fen);
        text.push('\n');
    }
    match &args.out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => std::io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(())
}

/// The command that makes this file, options in a fixed order.
fn command_line(args: &OpeningsArgs) -> String {
    let mut line = format!(
        "draughts openings --variant {} --plies {} --count {} --max-score {} --depth {} --seed {}",
        args.variant.name(),
        args.plies,
        args.count,
        args.max_score,
        args.depth,
        args.seed
    );
    if args.min_score > 0.0 {
        line.push_str(&format!(" --min-score {}", args.min_score));
    }
    if let Some(path) = &args.out {
        line.push_str(&format!(" --out {}", path.display()));
    }
    line
}

/// Random walks until `args.count` positions pass the filters.
fn generate<V: Variant>(args: &OpeningsArgs) -> Result<Vec<Position<V>>, String> {
    let options = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let searcher = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let limit = (args.max_score * f64::from(MAN)).round();
    let least = (args.min_score * f64::from(MAN)).round();
    let mut rng = SplitMix64(args.seed);
    let mut seen = HashSet::new();
    let mut openings = Vec::new();
    let count = args.count as usize;
    let attempts = count.saturating_mul(1000).max(10_000);
    for _ in 0..attempts {
        if openings.len() == count {
            break;
        }
        let Some(position) = random_walk::<V>(&mut rng, args.plies) else {
            continue;
        };
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
            Limits::depth(args.depth),
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
            args.count
        ));
    }
    Ok(openings)
}

/// The position after `plies` random legal moves from the start; `None` if the game
/// ends on the way.
fn random_walk<V: Variant>(rng: &mut SplitMix64, plies: u32) -> Option<Position<V>> {
    let mut position = Position::<V>::initial();
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let pick = rng.below(moves.len());
        position = position.play_unchecked(&moves[pick]);
    }
    Some(position)
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
        let args = OpeningsArgs {
            variant: VariantKind::English,
            plies: 6,
            count: 6,
            max_score: 1.5,
            min_score: 0.2,
            depth: 4,
            seed: 3,
            out: None,
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
        let wrong = OpeningsArgs {
            min_score: 2.0,
            ..args
        };
        assert!(run(&wrong).is_err());
    }

    #[test]
    fn random_walks_are_reproducible() {
        let walk = |seed| {
            let mut rng = SplitMix64(seed);
            random_walk::<English>(&mut rng, 6).unwrap()
        };
        assert_eq!(walk(7), walk(7));
        let mut rng = SplitMix64(1);
        assert!((0..100).all(|_| rng.below(9) < 9));
    }
}
