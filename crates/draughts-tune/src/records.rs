//! Labelled positions from recorded games (masters' games read from PDN, say): every
//! quiet position of a game scored by a search at a fixed node count and labelled with
//! the game's recorded result, written in the format of
//! [`generate_data`](crate::generate_data) so that the two fit together.
//!
//! ```
//! use draughts_core::{English, Game, GameResult, Position};
//! use draughts_eval::LinearEval;
//! use draughts_tune::{label_games, read_data, records_config};
//!
//! let mut game = Game::from_position(Position::<English>::initial());
//! for text in ["11-15", "23-19", "8-11", "22-17"] {
//!     game.play_text(text)?;
//! }
//! let games = [(game, GameResult::Draw)];
//! let path = std::env::temp_dir().join(format!("records-doc-{}.data", std::process::id()));
//! let config = records_config(&games, 500, None);
//! label_games(&config, 0, &games, &LinearEval::<English>::default(), None, &path, &|_| {})?;
//! let data = read_data::<English>(&path)?;
//! // The five positions of the game are quiet, each a draw for its side to move.
//! assert_eq!(data.positions.len(), 5);
//! assert!(data.positions.iter().all(|p| p.result == 1));
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::dataset::{
    database_fingerprint, extend_file, fnv1a_on, game_searcher, stored_score, with_result,
    written_block, GameBlock,
};
use crate::{DataConfig, DataProgress, TuneError};
use draughts_core::{Game, GameResult, Variant};
use draughts_egdb::Database;
use draughts_eval::Evaluator;
use draughts_search::{Control, Limits};
use std::path::Path;
use std::sync::Arc;

/// The settings of a file labelling `games` at `nodes` nodes a position, consulting
/// `database`: every game, no random plies and a ply limit of 0 (the marks of recorded
/// games), and for a seed the games' checksum, so that a run resumes only on the same
/// games.
pub fn records_config<V: Variant>(
    games: &[(Game<V>, GameResult)],
    nodes: u64,
    database: Option<&Arc<Database<V>>>,
) -> DataConfig {
    DataConfig {
        games: games.len(),
        nodes,
        random_plies: 0,
        max_plies: 0,
        seed: checksum(games),
        threatened: false,
        rescored: false,
        database: database.map(|db| database_fingerprint(db)),
    }
}

/// Labels games `first..config.games` of `games` into the file at `path` (in parallel
/// over rayon's threads, written in game order): each quiet position before a move,
/// and the last one if the game is not over, scored by `eval` searching
/// `config.nodes` nodes on one thread with the game's history (consulting `database`),
/// and labelled with the game's result. A file already there is resumed if it labels
/// the same games at the same node count; shards (`first` > 0) join as those of
/// [`generate_data_from`](crate::generate_data_from) do. `progress` is called after
/// every batch.
///
/// # Errors
/// [`TuneError::Config`] if `config` is not [`records_config`]'s for `games` and
/// `database` (at most as many games), a game has no result (a win or a draw), or the
/// file was made with other settings; [`TuneError::Io`] if the file cannot be read or
/// written.
pub fn label_games<V: Variant, E: Evaluator<V> + Clone>(
    config: &DataConfig,
    first: usize,
    games: &[(Game<V>, GameResult)],
    eval: &E,
    database: Option<&Arc<Database<V>>>,
    path: &Path,
    progress: &(dyn Fn(DataProgress) + Sync),
) -> Result<(), TuneError> {
    let whole = records_config(games, config.nodes, database);
    let wanted = DataConfig {
        games: config.games,
        ..whole
    };
    if config.games > games.len() || *config != wanted {
        return Err(TuneError::Config(format!(
            "the settings {config:?} are not those of these {} games at {} nodes with the \
             endgame database given",
            games.len(),
            config.nodes
        )));
    }
    if let Some(index) = games.iter().position(|(_, result)| !result.is_known()) {
        return Err(TuneError::Config(format!(
            "game {} has no result",
            index + 1
        )));
    }
    extend_file::<V>(config, first, path, progress, &|index| {
        let (game, result) = &games[index];
        label_game(game, *result, config.nodes, eval, database)
    })
}

fn label_game<V: Variant, E: Evaluator<V> + Clone>(
    game: &Game<V>,
    result: GameResult,
    nodes: u64,
    eval: &E,
    database: Option<&Arc<Database<V>>>,
) -> GameBlock<V> {
    let searcher = game_searcher(eval, database);
    let mut replay = Game::from_position(*game.start());
    let mut scored = Vec::new();
    let mut moves = game.moves().iter();
    loop {
        let pos = *replay.position();
        let next = moves.next();
        if pos.is_quiet() && (next.is_some() || !replay.status().is_over()) {
            let found = searcher.search(
                &replay,
                Limits::nodes(nodes),
                &Control::default(),
                &mut |_| {},
            );
            scored.push((pos, stored_score(found.score)));
        }
        // A game's moves are legal where they were played.
        let Some(Ok(())) = next.map(|mv| replay.play(mv)) else {
            break;
        };
    }
    with_result(scored, result)
}

/// FNV-1a over every game's positions, each with its result, as the file encodes them.
fn checksum<V: Variant>(games: &[(Game<V>, GameResult)]) -> u64 {
    games
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, (game, result)| {
            let positions: Vec<_> = game
                .positions()
                .iter()
                .map(|&pos| (pos, *result as u8, 0))
                .collect();
            fnv1a_on(hash, &written_block(&positions))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read_data;
    use draughts_core::{English, Position};
    use draughts_eval::LinearEval;

    fn games() -> Vec<(Game<English>, GameResult)> {
        let lines: [(&[&str], GameResult); 3] = [
            (
                &["11-15", "23-19", "8-11", "22-17", "9-13"],
                GameResult::Draw,
            ),
            (&["9-14", "23-18", "14x23", "27x18"], GameResult::WhiteWins),
            (
                &["10-15", "21-17", "6-10", "17-13", "1-6", "22-17"],
                GameResult::BlackWins,
            ),
        ];
        lines
            .iter()
            .map(|(moves, result)| {
                let mut game = Game::from_position(Position::initial());
                for text in *moves {
                    game.play_text(text).expect("legal");
                }
                (game, *result)
            })
            .collect()
    }

    fn temp(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("records-{name}-{}.data", std::process::id()))
    }

    #[test]
    fn every_quiet_position_is_labelled_with_its_games_result() {
        let (games, path) = (games(), temp("labels"));
        let eval = LinearEval::<English>::default();
        label_games(
            &records_config(&games, 300, None),
            0,
            &games,
            &eval,
            None,
            &path,
            &|_| {},
        )
        .expect("labels");
        let data = read_data::<English>(&path).expect("reads");
        assert_eq!((data.games, data.config.max_plies), (3, 0));
        for (index, (game, result)) in games.iter().enumerate() {
            let quiet: Vec<_> = game.positions().iter().filter(|p| p.is_quiet()).collect();
            let labelled: Vec<_> = data
                .positions
                .iter()
                .filter(|l| l.game as usize == index)
                .collect();
            assert_eq!(labelled.len(), quiet.len());
            for (l, pos) in labelled.iter().zip(quiet) {
                assert_eq!(l.position, *pos);
                let halves = match result.winner() {
                    None => 1,
                    Some(color) => 2 * u8::from(color == pos.turn()),
                };
                assert_eq!(l.result, halves);
            }
        }
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn shards_resume_and_other_games_are_refused() {
        let (games, whole, first, second) = (games(), temp("all"), temp("s0"), temp("s1"));
        let eval = LinearEval::<English>::default();
        let config = records_config(&games, 300, None);
        label_games(&config, 0, &games, &eval, None, &whole, &|_| {}).expect("labels");
        let part = DataConfig { games: 1, ..config };
        label_games(&part, 0, &games, &eval, None, &first, &|_| {}).expect("labels");
        label_games(&config, 1, &games, &eval, None, &second, &|_| {}).expect("labels");
        let mut joined = std::fs::read(&first).expect("written");
        let head = joined.len()
            - (std::fs::read(&whole).expect("written").len()
                - std::fs::read(&second).expect("written").len());
        joined.extend_from_slice(&std::fs::read(&second).expect("written")[head..]);
        assert_eq!(std::fs::read(&whole).ok(), Some(joined));
        // The first shard resumed to the whole run is the whole file.
        label_games(&config, 0, &games, &eval, None, &first, &|_| {}).expect("resumes");
        assert_eq!(std::fs::read(&whole).ok(), std::fs::read(&first).ok());
        // Other games (one result changed) make another checksum: refused.
        let mut other = games.clone();
        other[0].1 = GameResult::WhiteWins;
        let theirs = records_config(&other, 300, None);
        assert_ne!(theirs.seed, config.seed);
        assert!(label_games(&theirs, 0, &other, &eval, None, &whole, &|_| {}).is_err());
        assert!(label_games(&config, 0, &other, &eval, None, &temp("x"), &|_| {}).is_err());
        let more = DataConfig { games: 4, ..config };
        assert!(label_games(&more, 0, &games, &eval, None, &temp("y"), &|_| {}).is_err());
        other[0].1 = GameResult::Unfinished;
        let unfinished = records_config(&other, 300, None);
        assert!(label_games(&unfinished, 0, &other, &eval, None, &temp("z"), &|_| {}).is_err());
        for path in [whole, first, second] {
            std::fs::remove_file(path).ok();
        }
    }
}
