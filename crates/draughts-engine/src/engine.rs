//! What every front end shares: building a searcher from the user's options, choosing
//! the variant at run time, and writing scores.

use draughts_core::Variant;
use draughts_egdb::Database;
use draughts_eval::{LinearEval, Score, Weights, WeightsError, MAN};
use draughts_search::{database_result, plies_to_end, Searcher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The searcher every front end uses.
pub type EngineSearcher<V> = Searcher<V, LinearEval<V>>;

/// Runs `$body` with the type alias `$v` naming the variant `$kind` stands for.
macro_rules! with_variant {
    ($kind:expr, $v:ident => $body:expr) => {
        match $kind {
            draughts_core::VariantKind::International => {
                type $v = draughts_core::International;
                $body
            }
            draughts_core::VariantKind::English => {
                type $v = draughts_core::English;
                $body
            }
        }
    };
}
pub(crate) use with_variant;

/// How to build a searcher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// A weights file; `None` for the variant's defaults.
    pub weights: Option<PathBuf>,
    /// A folder of endgame database files; `None` for no database.
    pub egdb: Option<PathBuf>,
}

/// Why a searcher could not be built as asked.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The weights file.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// The endgame database folder.
    #[error("endgame database: {0}")]
    Egdb(#[from] draughts_egdb::Error),
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mib: 64,
            threads: 1,
            weights: None,
            egdb: None,
        }
    }
}

/// The evaluator the options ask for.
///
/// # Errors
/// [`WeightsError`] if the weights file cannot be read or is not for variant `V`.
pub fn evaluator<V: Variant>(options: &EngineOptions) -> Result<LinearEval<V>, WeightsError> {
    let weights = match &options.weights {
        Some(path) => Weights::load::<V>(path)?,
        None => Weights::default_for::<V>(),
    };
    Ok(LinearEval::new(weights))
}

/// The endgame database of variant `V` in `dir`, to share between searchers.
///
/// # Errors
/// [`EngineError::Egdb`] if the folder cannot be read, holds no file of `V`, or a file
/// is damaged.
pub fn database<V: Variant>(dir: &Path) -> Result<Arc<Database<V>>, EngineError> {
    Ok(Arc::new(Database::open_nonempty(dir)?))
}

/// A searcher built from `options`, using the endgame database if one is given.
///
/// # Errors
/// As [`evaluator`] and [`database`].
pub fn searcher<V: Variant>(options: &EngineOptions) -> Result<EngineSearcher<V>, EngineError> {
    let mut searcher = Searcher::new(evaluator::<V>(options)?);
    searcher.set_hash_size(options.hash_mib.max(1));
    searcher.set_threads(options.threads.max(1));
    if let Some(dir) = &options.egdb {
        searcher.set_endgame_oracle(Some(database::<V>(dir)?));
    }
    Ok(searcher)
}

/// A score in men for the Hub protocol: `0.05`, and for a proven result Scan's form,
/// a win in `p` plies as `100 - p/100` (`99.97`), a loss as its negation.
pub fn hub_score(score: Score) -> String {
    match plies_to_end(score) {
        Some(plies) if plies >= 0 => format!("{:.2}", 100.0 - f64::from(plies) / 100.0),
        Some(plies) => format!("{:.2}", -100.0 - f64::from(plies) / 100.0),
        None => format!("{:.2}", f64::from(score) / f64::from(MAN)),
    }
}

/// A score for people: `+0.05`, `win in 7 plies`, `loss in 4 plies`, `database win`.
pub fn human_score(score: Score) -> String {
    let plies = |n: i32| {
        if n == 1 {
            "1 ply".to_string()
        } else {
            format!("{n} plies")
        }
    };
    match (plies_to_end(score), database_result(score)) {
        (Some(n), _) if n >= 0 => format!("win in {}", plies(n)),
        (Some(n), _) => format!("loss in {}", plies(-n)),
        (None, Some(true)) => "database win".to_string(),
        (None, Some(false)) => "database loss".to_string(),
        (None, None) => format!("{:+.2}", f64::from(score) / f64::from(MAN)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;
    use draughts_search::{DATABASE_WIN, WIN};

    #[test]
    fn scores() {
        assert_eq!(hub_score(5), "0.05");
        assert_eq!(hub_score(-123), "-1.23");
        assert_eq!(hub_score(0), "0.00");
        assert_eq!(hub_score(WIN - 3), "99.97");
        assert_eq!(hub_score(-(WIN - 4)), "-99.96");
        assert_eq!(human_score(5), "+0.05");
        assert_eq!(human_score(WIN - 7), "win in 7 plies");
        assert_eq!(human_score(-(WIN - 2)), "loss in 2 plies");
        assert_eq!(human_score(WIN - 1), "win in 1 ply");
        assert_eq!(human_score(DATABASE_WIN - 3), "database win");
        assert_eq!(human_score(-DATABASE_WIN), "database loss");
    }

    #[test]
    fn missing_weights_file_is_an_error() {
        let options = EngineOptions {
            weights: Some("/nonexistent/weights.txt".into()),
            ..EngineOptions::default()
        };
        let error = evaluator::<International>(&options).unwrap_err();
        assert!(error.to_string().contains("/nonexistent/weights.txt"));
        assert!(evaluator::<International>(&EngineOptions::default()).is_ok());
    }
}
