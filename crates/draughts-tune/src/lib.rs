//! Learning draughts evaluation weights: in-process tournaments between weight sets, a
//! genetic algorithm over round-robin tournaments (with a preset that mirrors the
//! classic experiment), logistic fitting on self-play results, and plots of progress.
//!
//! ```
//! use draughts_core::{English, Position};
//! use draughts_eval::Weights;
//! use draughts_tune::{match_schedule, play_schedule, Contestant, SearchSettings};
//!
//! // The hand-set weights against a copy that ignores kings, four games at depth 2.
//! let mut no_kings = Weights::ENGLISH;
//! no_kings.set(draughts_eval::Feature::Kings, 0);
//! let players = [Weights::ENGLISH, no_kings]
//!     .map(|weights| Contestant { weights, search: SearchSettings::depth(2) });
//! let openings = [Position::<English>::initial()];
//! let schedule = match_schedule(4, openings.len(), 1);
//! let result = play_schedule(&players, &openings, &schedule, 150, false, &|| {})?;
//! assert_eq!(result.table.total(0).games(), 4);
//! println!("{}", result.table);
//! # Ok::<(), draughts_tune::ScheduleError>(())
//! ```
//!
//! [`run_ga`] evolves weights ([`GaConfig::classic`] for the classic experiment) and
//! [`fit()`] fits them to game results ([`self_play`] makes the games). Both give a
//! [`Weights`](draughts_eval::Weights) that saves to the file `draughts --weights`
//! loads. [`generate_data`] labels the positions of self-play games and
//! [`label_games`] those of recorded games, for the pattern and network fits;
//! [`rescore_data`] gives a file's positions a deeper search's scores.
//! Randomness is seeded everywhere, so a run is reproducible.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod dataset;
mod error;
mod fit;
mod ga;
mod network_fit;
mod pattern_fit;
pub mod pipeline;
pub mod plot;
mod records;
mod rescore;
mod selfplay;
mod state;
mod tournament;

pub use dataset::{
    database_fingerprint, generate_data, generate_data_from, read_data, DataConfig, DataProgress,
    DataSet, Labelled,
};
pub use error::TuneError;
pub use fit::{
    curve_csv, fit, fit_k, loss, samples_from_game, split_samples, write_curve, FitConfig,
    FitOutcome, LossPoint, Sample,
};
pub use ga::{
    default_ranges, files, king_man_ratio, ranking, run_ga, Crossover, GaConfig, GaOutcome,
    GaProgress, Init, Selection,
};
pub use network_fit::{
    fit_network, network_samples, FitEvent, NetworkFit, NetworkFitConfig, NetworkSample,
};
pub use pattern_fit::{
    data_samples, fit_patterns, pattern_samples, PatternFitConfig, PatternFitOutcome, PatternSample,
};
pub use pipeline::{
    run_pipeline, DataRequest, DataSource, Generation, PipelineConfig, PipelineEvent,
    PipelineOutcome, Stage, Standing,
};
pub use records::{label_games, records_config};
pub use rescore::{rescore_config, rescore_data};
pub use selfplay::{read_pdn, self_play, to_pdn, GameFile, SelfPlayConfig};
pub use state::{GaState, GenerationSummary, StateError};
pub use tournament::{
    match_schedule, play_game, play_game_between, play_schedule, round_robin_schedule, Contestant,
    Pairing, ScheduleError, SearchSettings, Table, Tournament,
};

/// Writes `bytes` to `path` through a temporary file beside it, so that a run killed
/// while writing leaves the previous file whole.
pub(crate) fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> Result<(), TuneError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".tmp");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, bytes).map_err(TuneError::io(&temporary))?;
    std::fs::rename(&temporary, path).map_err(TuneError::io(path))
}

/// The number of threads the tournaments play on: rayon's, the number of cores unless
/// `RAYON_NUM_THREADS` says otherwise.
pub fn threads() -> usize {
    rayon::current_num_threads()
}
