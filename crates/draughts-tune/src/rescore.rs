//! Deeper labels for positions already played: every position of a data file searched
//! again at another node count, its game's result kept, written as a new data file.
//! Self-play at a few thousand nodes a move is cheap; a deeper search's score on the same
//! positions is a better target for a fit. The search may consult an endgame database.
//!
//! ```
//! use draughts_core::{English, Position};
//! use draughts_eval::LinearEval;
//! use draughts_tune::{generate_data, read_data, rescore_config, rescore_data, DataConfig};
//!
//! let dir = std::env::temp_dir();
//! let (played, deeper) = (
//!     dir.join(format!("rescore-doc-a-{}.data", std::process::id())),
//!     dir.join(format!("rescore-doc-b-{}.data", std::process::id())),
//! );
//! let config = DataConfig {
//!     games: 2,
//!     nodes: 300,
//!     random_plies: 4,
//!     max_plies: 40,
//!     seed: 7,
//!     threatened: false,
//!     rescored: false,
//!     database: None,
//! };
//! let eval = LinearEval::<English>::default();
//! generate_data(&config, &[Position::initial()], &eval, None, &played, &|_| {})?;
//! let source = read_data::<English>(&played)?;
//! let config = rescore_config(&source, 1000, None);
//! rescore_data(&config, 0, &source, &eval, None, &deeper, &|_| {})?;
//! let labelled = read_data::<English>(&deeper)?;
//! assert!(labelled.config.rescored && labelled.config.nodes == 1000);
//! assert_eq!(labelled.positions.len(), source.positions.len());
//! # std::fs::remove_file(&played).ok();
//! # std::fs::remove_file(&deeper).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::dataset::{database_fingerprint, extend_file, game_searcher, stored_score};
use crate::{DataConfig, DataProgress, DataSet, TuneError};
use draughts_core::{Game, Variant};
use draughts_egdb::Database;
use draughts_eval::Evaluator;
use draughts_search::{Control, Limits};
use std::path::Path;
use std::sync::Arc;

/// The settings of `source`'s positions re-scored at `nodes` nodes consulting
/// `database`: all its games, its settings otherwise, marked [`DataConfig::rescored`].
pub fn rescore_config<V: Variant>(
    source: &DataSet<V>,
    nodes: u64,
    database: Option<&Arc<Database<V>>>,
) -> DataConfig {
    DataConfig {
        games: source.games,
        nodes,
        rescored: true,
        database: database.map(|db| database_fingerprint(db)),
        ..source.config
    }
}

/// Writes games `first..config.games` of `source` to the file at `path` (in parallel
/// over rayon's threads, in game order), each position with its result and a new score:
/// `eval` searching `config.nodes` nodes on one thread (consulting `database`), from
/// the position alone (the file holds no moves, so no history), the positions of a
/// game in order on one transposition table. A file already there is resumed if it was
/// made with the same settings; shards (`first` > 0) join as those of
/// [`generate_data_from`](crate::generate_data_from) do. `progress` is called after
/// every batch.
///
/// # Errors
/// [`TuneError::Config`] if `config` is not [`rescore_config`]'s for `source` and
/// `database` (at most as many games), or the file was made with other settings;
/// [`TuneError::Io`] if the file cannot be read or written.
pub fn rescore_data<V: Variant, E: Evaluator<V> + Clone>(
    config: &DataConfig,
    first: usize,
    source: &DataSet<V>,
    eval: &E,
    database: Option<&Arc<Database<V>>>,
    path: &Path,
    progress: &(dyn Fn(DataProgress) + Sync),
) -> Result<(), TuneError> {
    let wanted = DataConfig {
        games: config.games,
        ..rescore_config(source, config.nodes, database)
    };
    if config.games > source.games || *config != wanted {
        return Err(TuneError::Config(format!(
            "the settings {config:?} are not those of these {} games re-scored at {} nodes \
             with the endgame database given",
            source.games, config.nodes
        )));
    }
    // Where each game's positions start: they are stored game by game.
    let mut starts = vec![0usize; source.games + 1];
    for labelled in &source.positions {
        if let Some(next) = starts.get_mut(labelled.game as usize + 1) {
            *next += 1;
        }
    }
    for game in 0..source.games {
        starts[game + 1] += starts[game];
    }
    extend_file::<V>(config, first, path, progress, &|index| {
        let searcher = game_searcher(eval, database);
        source.positions[starts[index]..starts[index + 1]]
            .iter()
            .map(|labelled| {
                let game = Game::from_position(labelled.position);
                let limits = Limits::nodes(config.nodes);
                let found = searcher.search(&game, limits, &Control::default(), &mut |_| {});
                (
                    labelled.position,
                    labelled.result,
                    stored_score(found.score),
                )
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{generate_data, read_data};
    use draughts_core::{English, Position};
    use draughts_eval::LinearEval;
    use std::path::PathBuf;

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("rescore-{name}-{}.data", std::process::id()))
    }

    fn played(path: &Path) -> DataSet<English> {
        let config = DataConfig {
            games: 6,
            nodes: 200,
            random_plies: 4,
            max_plies: 60,
            seed: 11,
            threatened: true,
            rescored: false,
            database: None,
        };
        let eval = LinearEval::<English>::default();
        generate_data(&config, &[Position::initial()], &eval, None, path, &|_| {}).expect("plays");
        read_data(path).expect("reads")
    }

    #[test]
    fn positions_and_results_are_kept_and_scores_searched_again() {
        let (source_path, path) = (temp("source"), temp("deeper"));
        let source = played(&source_path);
        let eval = LinearEval::<English>::default();
        let config = rescore_config(&source, 2000, None);
        rescore_data(&config, 0, &source, &eval, None, &path, &|_| {}).expect("re-scores");
        let data = read_data::<English>(&path).expect("reads");
        assert_eq!(data.config, config);
        assert!(data.config.threatened && data.config.rescored);
        assert_eq!(data.games, source.games);
        assert_eq!(data.positions.len(), source.positions.len());
        for (new, old) in data.positions.iter().zip(&source.positions) {
            assert_eq!(
                (new.position, new.result, new.game),
                (old.position, old.result, old.game)
            );
        }
        // Deeper searches change some scores.
        assert!(data
            .positions
            .iter()
            .zip(&source.positions)
            .any(|(a, b)| a.score != b.score));
        // Each position's score is a search of it alone, on its game's table: a lone
        // game's file has the same scores.
        let lone = DataSet {
            games: 1,
            positions: source
                .positions
                .iter()
                .filter(|l| l.game == 0)
                .copied()
                .collect(),
            ..source.clone()
        };
        let first = temp("first");
        rescore_data(
            &rescore_config(&lone, 2000, None),
            0,
            &lone,
            &eval,
            None,
            &first,
            &|_| {},
        )
        .expect("re-scores");
        let lone_data = read_data::<English>(&first).expect("reads");
        assert!(lone_data
            .positions
            .iter()
            .eq(data.positions.iter().filter(|l| l.game == 0)));
        for file in [source_path, path, first] {
            std::fs::remove_file(file).ok();
        }
    }

    #[test]
    fn shards_join_and_other_settings_are_refused() {
        let (source_path, whole, part) = (temp("src2"), temp("whole"), temp("part"));
        let source = played(&source_path);
        let eval = LinearEval::<English>::default();
        let config = rescore_config(&source, 500, None);
        rescore_data(&config, 0, &source, &eval, None, &whole, &|_| {}).expect("re-scores");
        let half = DataConfig { games: 3, ..config };
        rescore_data(&half, 0, &source, &eval, None, &part, &|_| {}).expect("re-scores");
        // Resumed to all the games, the half file is the whole one.
        rescore_data(&config, 0, &source, &eval, None, &part, &|_| {}).expect("resumes");
        assert_eq!(std::fs::read(&whole).ok(), std::fs::read(&part).ok());
        // Another node count, more games than the source holds, or settings not
        // marked as re-scored are refused; so is a self-played file to resume.
        let other = rescore_config(&source, 600, None);
        assert!(rescore_data(&other, 0, &source, &eval, None, &whole, &|_| {}).is_err());
        let more = DataConfig { games: 7, ..config };
        assert!(rescore_data(&more, 0, &source, &eval, None, &temp("x"), &|_| {}).is_err());
        let unmarked = DataConfig {
            rescored: false,
            ..config
        };
        assert!(rescore_data(&unmarked, 0, &source, &eval, None, &temp("y"), &|_| {}).is_err());
        let again = rescore_config(&source, source.config.nodes, None);
        assert!(rescore_data(&again, 0, &source, &eval, None, &source_path, &|_| {}).is_err());
        for file in [source_path, whole, part] {
            std::fs::remove_file(file).ok();
        }
    }
}
