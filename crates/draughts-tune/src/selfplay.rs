//! Self-play games for logistic fitting, and reading and writing them as PDN.

use crate::error::TuneError;
use crate::tournament::{play_game_between, Contestant};
use draughts_core::pdn::{read_games_from_bytes, PdnGame};
use draughts_core::{Game, GameResult, Position, Variant};
use draughts_engine::game::Played;
use draughts_engine::openings::random_plies;
use draughts_eval::{LinearEval, Patterns};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

/// How self-play games are made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SelfPlayConfig {
    /// Games to play.
    pub games: usize,
    /// The player on both sides.
    pub player: Contestant,
    /// Random legal moves played after the opening, before the search takes over: the
    /// variety that keeps a deterministic search from repeating itself (and shows the
    /// fit what a lost man costs).
    pub random_plies: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// The seed of the random moves and of the choice of openings.
    pub seed: u64,
}

/// Plays `config.games` games, each from an opening drawn at random from `openings`
/// followed by `config.random_plies` random moves, in parallel over rayon's threads;
/// the player evaluates with its weights and, if given, the pattern table `patterns`.
/// `progress` is called after each game. The same seed gives the same games (with a
/// depth or node limit).
///
/// # Errors
/// [`TuneError::Config`] if there is no opening.
pub fn self_play<V: Variant>(
    config: &SelfPlayConfig,
    openings: &[Position<V>],
    patterns: Option<&Arc<Patterns<V>>>,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<Played<V>>, TuneError> {
    let weights = config.player.weights;
    let eval = match patterns {
        Some(table) => LinearEval::with_patterns(weights, Arc::clone(table)),
        None => LinearEval::new(weights),
    };
    if openings.is_empty() {
        return Err(TuneError::Config("no opening positions".into()));
    }
    Ok((0..config.games)
        .into_par_iter()
        .map(|index| {
            let start = random_start(openings, config.random_plies, config.seed, index);
            let player = (eval.clone(), config.player.search);
            let played = play_game_between(start, [player.clone(), player], config.max_plies, None);
            progress();
            played
        })
        .collect())
}

/// The start of game `index` of a seeded run: an opening drawn from `openings` (not
/// empty), then `random_plies` random legal moves, from a random stream of its own.
pub(crate) fn random_start<V: Variant>(
    openings: &[Position<V>],
    random_plies_count: usize,
    seed: u64,
    index: usize,
) -> Position<V> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(
        seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    );
    let start = openings[rng.random_range(0..openings.len())];
    random_plies(&mut rng, start, random_plies_count)
}

/// The games as PDN text, each with its result (a game adjudicated at the ply limit is
/// a draw) and `event` as its Event tag.
pub fn to_pdn<V: Variant>(games: &[Played<V>], event: &str) -> String {
    let mut text = String::new();
    for (round, played) in games.iter().enumerate() {
        let game = &played.game;
        // The moves come from the game itself, so they are legal.
        let Ok(mut pdn) = PdnGame::from_moves(game.start(), game.moves(), Some(played.result))
        else {
            continue;
        };
        pdn.set_tag("Event", event);
        pdn.set_tag("Round", (round + 1).to_string());
        let _ = writeln!(text, "{pdn}");
    }
    text
}

/// Games read from a PDN file, each with its result.
#[derive(Clone, Debug)]
pub struct GameFile<V: Variant> {
    /// The games with a result, in file order.
    pub games: Vec<(Game<V>, GameResult)>,
    /// Games skipped for having no result (`*`, or unknown text).
    pub skipped: usize,
}

/// Reads the games of a PDN file for variant `V`, each with its result; games without
/// one are skipped and counted.
///
/// # Errors
/// [`TuneError::Io`] if the file cannot be read, [`TuneError::Pdn`] for the first game
/// that cannot be read or replayed.
pub fn read_pdn<V: Variant>(path: &Path) -> Result<GameFile<V>, TuneError> {
    let bytes = std::fs::read(path).map_err(TuneError::io(path))?;
    let pdn_error = |source| TuneError::Pdn {
        path: path.to_path_buf(),
        source,
    };
    let mut games = Vec::new();
    let mut skipped = 0;
    for game in read_games_from_bytes(&bytes) {
        let game = game.map_err(pdn_error)?;
        match game.game_result::<V>() {
            Some(result) if result.is_known() => {
                games.push((game.to_game::<V>().map_err(pdn_error)?, result));
            }
            _ => skipped += 1,
        }
    }
    Ok(GameFile { games, skipped })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::SearchSettings;
    use draughts_core::English;
    use draughts_eval::Weights;

    fn config(games: usize) -> SelfPlayConfig {
        SelfPlayConfig {
            games,
            player: Contestant {
                weights: Weights::ENGLISH,
                search: SearchSettings::depth(2),
            },
            random_plies: 2,
            max_plies: 80,
            seed: 9,
        }
    }

    #[test]
    fn self_play_is_reproducible_and_round_trips_through_pdn() {
        let openings = [Position::<English>::initial()];
        let games = self_play(&config(6), &openings, None, &|| {}).unwrap();
        let again = self_play(&config(6), &openings, None, &|| {}).unwrap();
        assert_eq!(games.len(), 6);
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(a.game.moves(), b.game.moves());
        }
        // The random moves make the games differ.
        assert!(games
            .iter()
            .any(|g| g.game.start() != games[0].game.start()));
        let dir = std::env::temp_dir().join(format!("draughts-tune-pdn-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.pdn");
        let mut text = to_pdn(&games, "test");
        text.push_str("[Event \"unfinished\"]\n1. 11-15 *\n");
        std::fs::write(&path, text).unwrap();
        let read = read_pdn::<English>(&path).unwrap();
        assert_eq!(read.skipped, 1);
        assert_eq!(read.games.len(), 6);
        for ((game, result), played) in read.games.iter().zip(&games) {
            assert_eq!(game.moves(), played.game.moves());
            assert_eq!(*result, played.result);
        }
        std::fs::write(&path, "1. 11-15 99-98 1-0\n").unwrap();
        let err = read_pdn::<English>(&path).unwrap_err();
        assert!(matches!(err, TuneError::Pdn { .. }), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(matches!(
            read_pdn::<English>(&dir.join("missing.pdn")),
            Err(TuneError::Io { .. })
        ));
        let none: [Position<English>; 0] = [];
        assert!(self_play(&config(1), &none, None, &|| {}).is_err());
    }

    #[test]
    fn a_pattern_table_plays_its_own_games() {
        let openings = [Position::<English>::initial()];
        let plain = self_play(&config(4), &openings, None, &|| {}).unwrap();
        // A table of zeros adds nothing to the score: the same games.
        let zero = Arc::new(Patterns::<English>::zero());
        let zeroed = self_play(&config(4), &openings, Some(&zero), &|| {}).unwrap();
        for (a, b) in plain.iter().zip(&zeroed) {
            assert_eq!(a.game.moves(), b.game.moves());
        }
        // The learned table changes the player, so some game changes.
        let (_, learned) = draughts_eval::learned::<English>().unwrap();
        let with = self_play(&config(4), &openings, Some(&learned), &|| {}).unwrap();
        assert!(plain
            .iter()
            .zip(&with)
            .any(|(a, b)| a.game.moves() != b.game.moves()));
    }
}
