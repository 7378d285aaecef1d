//! What every front end shares: building a searcher from the user's options, choosing
//! the variant at run time, and writing scores.

use crate::book::{Book, BookError};
use draughts_core::{Goal, Variant};
use draughts_egdb::Database;
use draughts_eval::{
    LinearEval, Network, Patterns, PatternsError, Score, Weights, WeightsError, MAN,
};
use draughts_search::{database_result, plies_to_end, ParamsError, SearchParams, Searcher};
use draughts_tactics::{
    DropPolicy, PieceValues, SetKind, TemplateFileError, TemplateOracle, TemplateSet,
};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The searcher every front end uses.
pub type EngineSearcher<V> = Searcher<V, LinearEval<V>>;

pub(crate) use draughts_core::with_variant;

/// How to build a searcher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// A weights file; `None` for the variant's defaults.
    pub weights: Option<PathBuf>,
    /// A pattern table file ([`Patterns`]); `None` for the variant's defaults, and
    /// [`NO_PATTERNS`] for none (see [`evaluator`]).
    pub patterns: Option<PathBuf>,
    /// A network file ([`Network`]) whose correction the evaluation adds; `None` for
    /// the variant's built-in network where the evaluation is the default one,
    /// [`NO_PATTERNS`] for none (see [`evaluator`]).
    pub network: Option<PathBuf>,
    /// A tactical template file; `None` for no templates.
    pub tactics: Option<PathBuf>,
    /// A threat template file (`tactics learn --threats`); `None` for no threats.
    pub threats: Option<PathBuf>,
    /// A folder of endgame database files; `None` for no database.
    pub egdb: Option<PathBuf>,
    /// Changes to the search's numbers ([`SearchParams::with_changes`]), applied on top
    /// of the variant's defaults ([`SearchParams::for_variant`]); empty for those.
    pub search: String,
    /// The opening book a session plays from (see [`book`]).
    pub book: BookChoice,
    /// With a margin above 0, a session plays any book move scored within it of the
    /// best (drawn by a generator seeded with [`EngineOptions::book_seed`]); with 0, the
    /// best.
    pub book_margin: Score,
    /// The seed of the choice among book moves.
    pub book_seed: u64,
}

/// Which opening book a session plays from.
///
/// Read from text (`--book`, the Hub's `book`, a match's `book=`): `builtin`, `none`, a
/// file's path, or nothing for [`BookChoice::Default`].
///
/// ```
/// use draughts_engine::engine::BookChoice;
///
/// assert_eq!(BookChoice::from("builtin"), BookChoice::Builtin);
/// assert_eq!(BookChoice::from("none"), BookChoice::Off);
/// assert_eq!(BookChoice::from(""), BookChoice::Default);
/// assert_eq!(BookChoice::from("my.book"), BookChoice::File("my.book".into()));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum BookChoice {
    /// The variant's built-in book where one ships, else none.
    #[default]
    Default,
    /// The variant's built-in book; an error where none ships.
    Builtin,
    /// The book in this file.
    File(PathBuf),
    /// No book.
    Off,
}

impl From<&str> for BookChoice {
    fn from(text: &str) -> BookChoice {
        match text.trim() {
            "" => BookChoice::Default,
            "builtin" => BookChoice::Builtin,
            "none" => BookChoice::Off,
            path => BookChoice::File(PathBuf::from(path)),
        }
    }
}

impl std::fmt::Display for BookChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookChoice::Default => Ok(()),
            BookChoice::Builtin => f.write_str("builtin"),
            BookChoice::File(path) => write!(f, "{}", path.display()),
            BookChoice::Off => f.write_str("none"),
        }
    }
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            hash_mib: 64,
            threads: 1,
            weights: None,
            patterns: None,
            network: None,
            tactics: None,
            threats: None,
            egdb: None,
            search: String::new(),
            book: BookChoice::Default,
            book_margin: 0,
            book_seed: 0,
        }
    }
}

/// Why a searcher could not be built.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The weights file.
    #[error(transparent)]
    Weights(#[from] WeightsError),
    /// The pattern table file.
    #[error("pattern table: {0}")]
    Patterns(#[from] PatternsError),
    /// The network file.
    #[error("network: {0}")]
    Network(PatternsError),
    /// The template file.
    #[error(transparent)]
    Tactics(#[from] TemplateFileError),
    /// The endgame database folder.
    #[error("endgame database: {0}")]
    Egdb(#[from] draughts_egdb::Error),
    /// The changes to the search's numbers.
    #[error(transparent)]
    Search(#[from] ParamsError),
    /// The opening book file.
    #[error("opening book: {0}")]
    Book(#[from] BookError),
    /// The built-in book asked for in a variant that has none.
    #[error(
        "no built-in opening book ships for {0}: give a book file (draughts book build) or none"
    )]
    NoBuiltinBook(&'static str),
    /// Templates asked for in a variant whose goal they do not serve.
    #[error("tactical templates are not available for {0}: they prove material gains, and its games are won otherwise")]
    TacticsGoal(&'static str),
}

/// [`EngineError::TacticsGoal`] where templates cannot serve variant `V`.
pub fn check_tactics<V: Variant>() -> Result<(), EngineError> {
    if !matches!(V::GOAL, Goal::Block) {
        return Err(EngineError::TacticsGoal(V::NAME));
    }
    Ok(())
}

/// The value of [`EngineOptions::patterns`] and [`EngineOptions::network`] (`--patterns
/// none`, `network=none`) that asks for no pattern table or no network.
pub const NO_PATTERNS: &str = "none";

/// The evaluator the options ask for:
///
/// | weights | patterns | evaluator |
/// |---|---|---|
/// | — | — | the variant's default ([`draughts_eval::default_eval`]: International's material and network, English's weights, table and network, a variant trained by `draughts tune pipeline`: its hand-set weights and network), else the hand-set weights |
/// | FILE | — | the weights of FILE, no table (weights files of `draughts tune ga` and `fit`) |
/// | — | `none` | the hand-set weights, no table |
/// | FILE | `none` | the weights of FILE, no table |
/// | — | TABLE | the built-in weights and TABLE |
/// | FILE | TABLE | both files (`draughts tune patterns` writes such a pair) |
///
/// A network file (`draughts tune network`) adds its correction to any of them (in
/// the first row, in place of the built-in network); without one, the variant's
/// built-in network is part of the first row, and nothing else; `none` asks for no
/// network.
///
/// # Errors
/// [`EngineError::Weights`], [`EngineError::Patterns`] or [`EngineError::Network`] if a
/// file cannot be read or is not for variant `V`.
pub fn evaluator<V: Variant>(options: &EngineOptions) -> Result<LinearEval<V>, EngineError> {
    let builtin_model = options.weights.is_none() && options.patterns.is_none();
    if let Some(eval) = builtin_model
        .then(draughts_eval::default_eval::<V>)
        .flatten()
    {
        return Ok(match options.network.as_deref() {
            None => eval,
            file => eval.with_network(network::<V>(file, true)?),
        });
    }
    let network = network::<V>(options.network.as_deref(), builtin_model)?;
    let none = options
        .patterns
        .as_deref()
        .is_some_and(|path| path.as_os_str() == NO_PATTERNS);
    let builtin = match options.weights {
        None if !none => draughts_eval::learned::<V>(),
        _ => None,
    };
    let weights = match &options.weights {
        Some(path) => Weights::load::<V>(path)?,
        None => builtin
            .as_ref()
            .map_or_else(Weights::default_for::<V>, |(weights, _)| *weights),
    };
    let table = match options.patterns.as_deref() {
        Some(_) if none => None,
        Some(path) => Some(Arc::new(Patterns::<V>::load(path)?)),
        None => builtin.map(|(_, table)| table),
    };
    let eval = match table {
        Some(table) => LinearEval::with_patterns(weights, table),
        None => LinearEval::new(weights),
    };
    Ok(eval.with_network(network))
}

/// The network `option` asks for ([`EngineOptions::network`]): a file, none for
/// [`NO_PATTERNS`], and without one the variant's built-in network where
/// `builtin_model` says the evaluation is the default one it belongs to.
///
/// # Errors
/// [`EngineError::Network`] if the file cannot be read or is not for variant `V`.
pub fn network<V: Variant>(
    option: Option<&Path>,
    builtin_model: bool,
) -> Result<Option<Arc<Network<V>>>, EngineError> {
    Ok(match option {
        Some(path) if path.as_os_str() == NO_PATTERNS => None,
        Some(path) => Some(Arc::new(
            Network::<V>::load(path).map_err(EngineError::Network)?,
        )),
        None if builtin_model => draughts_eval::learned_network::<V>(),
        None => None,
    })
}

/// The opening book `choice` asks for, to share between sessions.
///
/// # Errors
/// [`EngineError::Book`] if the file cannot be read or is not a book of `V`;
/// [`EngineError::NoBuiltinBook`] for [`BookChoice::Builtin`] where `V` has none.
pub fn book<V: Variant>(choice: &BookChoice) -> Result<Option<Arc<Book<V>>>, EngineError> {
    Ok(match choice {
        BookChoice::Default => crate::book::builtin::<V>(),
        BookChoice::Builtin => {
            Some(crate::book::builtin::<V>().ok_or(EngineError::NoBuiltinBook(V::NAME))?)
        }
        BookChoice::File(path) => Some(Arc::new(Book::load(path)?)),
        BookChoice::Off => None,
    })
}

/// The endgame database of variant `V` in `dir`, to share between searchers.
///
/// # Errors
/// [`EngineError::Egdb`] if the folder cannot be read, holds no file of `V`, or a file
/// is damaged.
pub fn database<V: Variant>(dir: &Path) -> Result<Arc<Database<V>>, EngineError> {
    Ok(Arc::new(Database::open_nonempty(dir)?))
}

/// What a searcher is made of: the evaluation, and the endgame database and template
/// oracle if any; and the opening book its sessions play from, if any. Cheap to clone
/// (the table, database, templates and book are shared), so a server reads the files
/// once and builds a searcher per client from them.
#[derive(Clone)]
pub struct EngineParts<V: Variant> {
    evaluator: LinearEval<V>,
    database: Option<Arc<Database<V>>>,
    tactics: Option<Tactics<V>>,
    threats: Option<Tactics<V>>,
    params: SearchParams,
    book: Option<Arc<Book<V>>>,
}

impl<V: Variant> EngineParts<V> {
    /// The parts the options' files give: the one way every front end reads them.
    ///
    /// # Errors
    /// As [`evaluator`] and [`database`]; [`EngineError::Tactics`] if the template file
    /// cannot be read or is not a combination file of `V` (or the threat file not a
    /// threat file of `V`), and
    /// [`EngineError::TacticsGoal`] if `V`'s games are not won by material;
    /// [`EngineError::Search`] if the search changes cannot be read; as [`book`] for
    /// the opening book.
    pub fn load(options: &EngineOptions) -> Result<EngineParts<V>, EngineError> {
        let params = SearchParams::for_variant::<V>().with_changes(&options.search)?;
        let parts = EngineParts {
            params,
            ..EngineParts::new(evaluator::<V>(options)?)
        };
        let database = options.egdb.as_deref().map(database::<V>).transpose()?;
        let templates = match &options.tactics {
            Some(path) => Some(templates::<V>(path)?),
            None => None,
        };
        let threats = match &options.threats {
            Some(path) => Some(template_set::<V>(path, SetKind::Threats)?),
            None => None,
        };
        Ok(parts
            .with_database(database)
            .with_templates(templates.as_ref())
            .with_threats(threats.as_ref())
            .with_book(book::<V>(&options.book)?))
    }

    /// Parts with `evaluator` alone.
    pub fn new(evaluator: LinearEval<V>) -> EngineParts<V> {
        EngineParts {
            evaluator,
            database: None,
            tactics: None,
            threats: None,
            params: SearchParams::for_variant::<V>(),
            book: None,
        }
    }

    /// The same parts, with `book` for the sessions to play from.
    #[must_use]
    pub fn with_book(self, book: Option<Arc<Book<V>>>) -> EngineParts<V> {
        EngineParts { book, ..self }
    }

    /// The opening book, if any.
    pub fn book(&self) -> Option<&Arc<Book<V>>> {
        self.book.as_ref()
    }

    /// The same parts, consulting `database`.
    #[must_use]
    pub fn with_database(self, database: Option<Arc<Database<V>>>) -> EngineParts<V> {
        EngineParts { database, ..self }
    }

    /// The same parts, recognising the combinations of `templates` (their gains
    /// counted as the evaluation counts material).
    #[must_use]
    pub fn with_templates(self, templates: Option<&TemplateSet<V>>) -> EngineParts<V> {
        let tactics = self.oracle(templates);
        EngineParts { tactics, ..self }
    }

    /// The same parts, recognising the threats of `templates` (a threat set) where the
    /// search parameters ask for them.
    #[must_use]
    pub fn with_threats(self, templates: Option<&TemplateSet<V>>) -> EngineParts<V> {
        let threats = self.oracle(templates);
        EngineParts { threats, ..self }
    }

    /// An oracle over `templates`, their gains counted as the evaluation counts
    /// material.
    fn oracle(&self, templates: Option<&TemplateSet<V>>) -> Option<Tactics<V>> {
        let values = PieceValues::of_weights(self.evaluator.weights());
        templates.map(|set| Arc::new(TemplateOracle::new(set, values, DropPolicy::default())))
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &LinearEval<V> {
        &self.evaluator
    }

    /// The endgame database, if any.
    pub fn database(&self) -> Option<&Arc<Database<V>>> {
        self.database.as_ref()
    }

    /// The template oracle, for its figures.
    pub fn tactics(&self) -> Option<&Tactics<V>> {
        self.tactics.as_ref()
    }

    /// The threat template oracle, for its figures.
    pub fn threats(&self) -> Option<&Tactics<V>> {
        self.threats.as_ref()
    }

    /// A searcher of these parts with a table of `hash_mib` MiB and `threads` threads.
    pub fn searcher(&self, hash_mib: usize, threads: usize) -> EngineSearcher<V> {
        let mut searcher = Searcher::with_hash_size(self.evaluator.clone(), hash_mib.max(1));
        searcher.set_threads(threads.max(1));
        searcher.set_params(self.params);
        if let Some(database) = &self.database {
            searcher.set_endgame_oracle(Some(Arc::clone(database) as _));
        }
        if let Some(tactics) = &self.tactics {
            searcher.set_tactical_oracle(Some(Arc::clone(tactics) as _));
        }
        if let Some(threats) = &self.threats {
            searcher.set_threat_oracle(Some(Arc::clone(threats) as _));
        }
        searcher
    }
}

/// A searcher built from `options`: [`EngineParts::load`], then
/// [`EngineParts::searcher`] with the options' table size and threads.
///
/// # Errors
/// As [`EngineParts::load`].
pub fn searcher<V: Variant>(options: &EngineOptions) -> Result<EngineSearcher<V>, EngineError> {
    Ok(EngineParts::load(options)?.searcher(options.hash_mib, options.threads))
}

/// The shared template oracle a searcher consults.
pub type Tactics<V> = Arc<TemplateOracle<V>>;

/// The combination templates of `path` for variant `V`.
///
/// # Errors
/// [`EngineError::TacticsGoal`] if `V`'s games are not won by material (templates prove
/// material gains); [`EngineError::Tactics`] if the file cannot be read or is not a
/// combination file of `V`.
pub fn templates<V: Variant>(path: &Path) -> Result<TemplateSet<V>, EngineError> {
    template_set(path, SetKind::Combinations)
}

/// The templates of `kind` (combinations or threats) in `path` for variant `V`.
///
/// # Errors
/// As [`templates`], for a file of `kind`.
fn template_set<V: Variant>(path: &Path, kind: SetKind) -> Result<TemplateSet<V>, EngineError> {
    check_tactics::<V>()?;
    Ok(TemplateSet::<V>::load_kind(path, kind)?)
}

/// What the Hub shows for a win the endgame database proves (the search has not seen
/// the end of the game): below Scan's `100 - p/100` for a win the search proved, above
/// any evaluation. A loss is its negation.
pub const HUB_DATABASE_WIN: &str = "90.00";

/// A score in men for the Hub protocol: `0.05`; for a result the search proved, Scan's
/// form, a win in `p` plies as `100 - p/100` (`99.97`) and a loss as its negation; for
/// a database win or loss, [`HUB_DATABASE_WIN`] or its negation (the internal score of
/// a database win is no number of men: printed as one it read `287.44`).
pub fn hub_score(score: Score) -> String {
    match (plies_to_end(score), database_result(score)) {
        (Some(plies), _) if plies >= 0 => format!("{:.2}", 100.0 - f64::from(plies) / 100.0),
        (Some(plies), _) => format!("{:.2}", -100.0 - f64::from(plies) / 100.0),
        (None, Some(true)) => HUB_DATABASE_WIN.to_string(),
        (None, Some(false)) => format!("-{HUB_DATABASE_WIN}"),
        (None, None) => format!("{:.2}", f64::from(score) / f64::from(MAN)),
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
    use draughts_core::{English, International};
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
        // Database wins and losses: a clear number in the Hub, words for people, from
        // the shortest win the search orders by down to a won root not yet converted.
        for win in [
            DATABASE_WIN,
            DATABASE_WIN - 16 * 40 + 5,
            DATABASE_WIN - 3000,
        ] {
            assert_eq!(hub_score(win), "90.00", "{win}");
            assert_eq!(hub_score(-win), "-90.00", "{win}");
            assert_eq!(human_score(win), "database win");
        }
        assert_eq!(hub_score(3 * MAN), "3.00", "evaluations stay in men");
        assert_eq!(human_score(DATABASE_WIN - 3), "database win");
        assert_eq!(human_score(-DATABASE_WIN), "database loss");
    }

    #[test]
    fn bad_template_files_are_errors_naming_the_file() {
        let dir =
            std::env::temp_dir().join(format!("draughts-engine-tactics-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let corrupt = dir.join("corrupt.tactics");
        std::fs::write(
            &corrupt,
            "draughts-tactics templates v1 international\nW 100 0 0 | 28-99 | 13:.\n",
        )
        .unwrap();
        for (path, expected) in [
            (corrupt.clone(), "corrupt.tactics, line 2"),
            (dir.join("missing.tactics"), "missing.tactics"),
        ] {
            let options = EngineOptions {
                tactics: Some(path),
                ..EngineOptions::default()
            };
            let error = searcher::<International>(&options).err().unwrap();
            assert!(matches!(error, EngineError::Tactics(_)));
            assert!(error.to_string().contains(expected), "{error}");
        }
        let good = dir.join("good.tactics");
        std::fs::write(&good, "draughts-tactics templates v1 international\n").unwrap();
        let options = EngineOptions {
            tactics: Some(good.clone()),
            ..EngineOptions::default()
        };
        let parts = EngineParts::<International>::load(&options).unwrap();
        assert!(parts.tactics().unwrap().is_empty());
        // A combination file is no threat file, and the other way round.
        let threats = dir.join("good.threats");
        std::fs::write(&threats, "draughts-tactics threats v1 international\n").unwrap();
        for (tactics, threats) in [(None, Some(good.clone())), (Some(threats.clone()), None)] {
            let options = EngineOptions {
                tactics,
                threats,
                ..EngineOptions::default()
            };
            let error = EngineParts::<International>::load(&options).err().unwrap();
            assert!(matches!(error, EngineError::Tactics(_)), "{error}");
        }
        let options = EngineOptions {
            threats: Some(threats),
            ..EngineOptions::default()
        };
        let parts = EngineParts::<International>::load(&options).unwrap();
        assert!(parts.threats().unwrap().is_empty() && parts.tactics().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn search_changes_reach_the_searcher_or_are_errors() {
        let with = |search: &str| EngineOptions {
            search: search.to_string(),
            hash_mib: 1,
            ..EngineOptions::default()
        };
        let tuned = searcher::<International>(&with("razor-margin=120; reduce_depth=4")).unwrap();
        assert_eq!(
            (tuned.params().razor_margin, tuned.params().reduce_depth),
            (120, 4)
        );
        for bad in [
            "razor-margin",
            "razor-margin=x",
            "width=3",
            "reduce-divisor=0",
            "reduce-base=NaN",
            "aspiration=2000000000",
        ] {
            let error = searcher::<International>(&with(bad)).err().unwrap();
            assert!(matches!(error, EngineError::Search(_)), "{bad}: {error}");
        }
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

    #[test]
    fn pattern_options_choose_the_evaluator() {
        let with = |weights: Option<&str>, patterns: Option<&str>| EngineOptions {
            weights: weights.map(PathBuf::from),
            patterns: patterns.map(PathBuf::from),
            ..EngineOptions::default()
        };
        // `none`: the hand-set weights alone.
        let plain = evaluator::<English>(&with(None, Some(NO_PATTERNS))).unwrap();
        assert!(plain.patterns().is_none());
        assert_eq!(*plain.weights(), Weights::ENGLISH);
        // The default: the learned model where one ships.
        let default = evaluator::<English>(&EngineOptions::default()).unwrap();
        match draughts_eval::learned::<English>() {
            Some((weights, _)) => {
                assert!(default.patterns().is_some());
                assert_eq!(*default.weights(), weights);
            }
            None => assert!(default.patterns().is_none()),
        }
        // International's default is the material and its network (next test).
        let default = evaluator::<International>(&EngineOptions::default()).unwrap();
        assert!(default.weights().is_material_only() && default.patterns().is_none());
        // A table file, written and read back; a weights file alone means no table.
        let dir = std::env::temp_dir().join(format!("draughts-patterns-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let table = dir.join("english.patterns");
        let mut patterns = draughts_eval::Patterns::<English>::zero();
        patterns.set(4, 17, [8, -8]);
        patterns.save(&table).unwrap();
        let weights = dir.join("english.weights");
        Weights::ENGLISH.save::<English>(&weights).unwrap();
        let (w, t) = (weights.to_str(), table.to_str());
        let both = evaluator::<English>(&with(w, t)).unwrap();
        assert_eq!(both.patterns().map(|p| (**p).clone()), Some(patterns));
        assert!(evaluator::<English>(&with(w, None))
            .unwrap()
            .patterns()
            .is_none());
        // A table of the other variant, or a damaged one, is an error naming the file.
        for bad in [&table, &weights] {
            let error = evaluator::<International>(&with(None, bad.to_str())).unwrap_err();
            assert!(matches!(error, EngineError::Patterns(_)), "{error}");
            assert!(
                error.to_string().contains(&*bad.to_string_lossy()),
                "{error}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_built_in_network_corrects_only_the_built_in_model() {
        let default = evaluator::<International>(&EngineOptions::default()).unwrap();
        assert!(default.network().is_some());
        let off = EngineOptions {
            network: Some(NO_PATTERNS.into()),
            ..EngineOptions::default()
        };
        assert!(evaluator::<International>(&off)
            .unwrap()
            .network()
            .is_none());
        let plain = EngineOptions {
            patterns: Some(NO_PATTERNS.into()),
            ..EngineOptions::default()
        };
        assert!(evaluator::<International>(&plain)
            .unwrap()
            .network()
            .is_none());
        let missing = EngineOptions {
            network: Some("no-such.network".into()),
            ..EngineOptions::default()
        };
        let error = evaluator::<International>(&missing).unwrap_err();
        assert!(matches!(error, EngineError::Network(_)), "{error}");
    }
}
