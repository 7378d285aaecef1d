//! One pipeline from zero to a network: generations of self-play by the best player so
//! far, positions labelled with the game's result and a deeper search, a network
//! fitted on the newest generations' positions, and an SPRT of the new network against
//! the last at a fixed node count; a generation whose network passes the test makes
//! the next player, and the first that fails ends the run. With an endgame database
//! every search consults it, and a self-play game ends at the first position it knows,
//! with the database's value for its result.
//!
//! A run lives in one folder and resumes there after a kill, stage by stage (and
//! inside a stage game by game, epoch by epoch and pair by pair): the same settings
//! give the same files, byte for byte, on any number of threads. The folder holds:
//!
//! | file | what it is |
//! |---|---|
//! | `settings` | the run's settings, its base evaluation and its endgame database; a run resumed with others is an error |
//! | `base.weights` | the base's weights, for `--weights` beside `--network best.network` |
//! | `log` | a line per finished stage: its figures and the SHA-256 of the file it wrote |
//! | `gen-G/play.data` | generation G's self-play: labelled positions (`read_data`) |
//! | `gen-G/labels.data` | the same positions scored again by the deeper search (with [`PipelineConfig::label_nodes`]) |
//! | `gen-G/candidate.network` | the network fitted in generation G (beside it `.state`, `.loss.csv`, `.loss.svg`) |
//! | `gen-G/sprt` | the test's pairs of games, a line each ([`Standing`]) |
//! | `gen-G/verdict` | `accepted`, `rejected` or `undecided` |
//! | `best.network` | the last accepted network, when the run ends |
//!
//! ```no_run
//! use draughts_core::{English, Position};
//! use draughts_eval::{LinearEval, Weights};
//! use draughts_tune::{run_pipeline, DataSource, PipelineConfig};
//!
//! let base = LinearEval::<English>::new(Weights::ENGLISH.material());
//! let openings = [Position::<English>::initial()];
//! let config = PipelineConfig { generations: 3, ..PipelineConfig::default() };
//! let dir = "english-run".as_ref();
//! let outcome = run_pipeline(&config, &openings, &base, None, dir, DataSource::Here, &|_| {})?;
//! println!("{} generations kept", outcome.kept());
//! # Ok::<(), draughts_tune::TuneError>(())
//! ```

mod duel;

pub use duel::Standing;

use crate::dataset::{
    database_fingerprint, generate_data, read_data, DataConfig, DataProgress, DataSet,
};
use crate::error::TuneError;
use crate::fit::{write_curve, LossPoint};
use crate::network_fit::{fit_network, network_samples, FitEvent, NetworkFitConfig};
use crate::rescore::{rescore_config, rescore_data};
use draughts_core::{Position, Variant};
use draughts_egdb::Database;
use draughts_engine::sprt::{Decision, Sprt};
use draughts_eval::{LinearEval, Network};
use duel::{duel, DuelConfig};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How a pipeline runs.
#[derive(Clone, Debug, PartialEq)]
pub struct PipelineConfig {
    /// Generations at most.
    pub generations: usize,
    /// Self-play games of each generation.
    pub games: usize,
    /// Nodes searched for every move of the self-play, on one thread.
    pub nodes: u64,
    /// Nodes of the deeper search that scores every position again for its label;
    /// `None` labels with the self-play search's own scores.
    pub label_nodes: Option<u64>,
    /// Random legal moves after each opening, for variety (self-play and test).
    pub random_plies: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// How many generations' positions each fit uses, the newest: 1 fits on the
    /// generation's own games only.
    pub window: usize,
    /// The fit: its units, heads, epochs, step, batch, `lambda` and scale. Its seed is
    /// set for each generation from [`PipelineConfig::seed`].
    pub fit: NetworkFitConfig,
    /// Fraction of each generation's games held out to measure the fit.
    pub holdout: f64,
    /// The test of each new network against the last.
    pub sprt: Sprt,
    /// Games of a test at most; a test still undecided then counts as failed.
    pub sprt_games: usize,
    /// Nodes searched for every move of the test, on one thread.
    pub sprt_nodes: u64,
    /// The seed every generation's random streams are drawn from.
    pub seed: u64,
}

impl Default for PipelineConfig {
    /// Six generations of 12,000 games at 5,000 nodes a move (labelled by that search),
    /// four random moves, a 300-ply cap, fits of 128 units and two heads over eight
    /// epochs on the two newest generations, `lambda` 0.5, and tests SPRT(0, 10) at
    /// 5,000 nodes of at most 4,000 games.
    fn default() -> PipelineConfig {
        PipelineConfig {
            generations: 6,
            games: 12_000,
            nodes: 5_000,
            label_nodes: None,
            random_plies: 4,
            max_plies: 300,
            window: 2,
            fit: NetworkFitConfig {
                hidden: draughts_eval::HIDDEN,
                heads: 2,
                ..NetworkFitConfig::default()
            },
            holdout: 0.05,
            sprt: Sprt {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05,
            },
            sprt_games: 4_000,
            sprt_nodes: 5_000,
            seed: 1,
        }
    }
}

impl PipelineConfig {
    fn check(&self) -> Result<(), TuneError> {
        let bad = |what: &str| Err(TuneError::Config(what.to_string()));
        if self.generations == 0 || self.games == 0 || self.sprt_games == 0 {
            return bad("the generations, games and test games must be at least 1");
        }
        if self.nodes == 0 || self.sprt_nodes == 0 || self.label_nodes == Some(0) {
            return bad("node counts must be at least 1");
        }
        if self.window == 0 {
            return bad("the window must hold at least one generation");
        }
        if !(0.0..1.0).contains(&self.holdout) {
            return bad("the hold-out fraction must be from 0 up to 1");
        }
        self.sprt
            .check()
            .map_err(|e| TuneError::Config(e.to_string()))?;
        self.fit.check()
    }

    /// Generation `g`'s seed for one of its streams.
    fn seed_of(&self, generation: usize, stream: u64) -> u64 {
        let mixed = (generation as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(stream.wrapping_mul(0xbf58_476d_1ce4_e5b9));
        self.seed ^ mixed
    }

    /// The settings of generation `g`'s self-play, consulting the endgame database of
    /// this fingerprint.
    fn play_config(&self, generation: usize, database: Option<u64>) -> DataConfig {
        DataConfig {
            games: self.games,
            nodes: self.nodes,
            random_plies: self.random_plies,
            max_plies: self.max_plies,
            seed: self.seed_of(generation, 1),
            threatened: true,
            rescored: false,
            database,
        }
    }
}

/// The stages of a generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Self-play by the best player so far.
    Play,
    /// The positions scored again by a deeper search.
    Label,
    /// The network's fit.
    Fit,
    /// The test of the new network against the last.
    Test,
}

/// Who makes the self-play and the labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataSource {
    /// The pipeline, on this machine's cores.
    Here,
    /// Someone else, as `draughts tune data` would (on a cluster, in shards): the run
    /// stops where it needs a data file that is not complete, with a [`DataRequest`].
    Elsewhere,
}

/// A data file a run waits for ([`DataSource::Elsewhere`]): what `draughts tune data`
/// makes with these settings, the player `base` corrected by `network`, and the run's
/// endgame database if it has one (whose fingerprint the settings hold).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataRequest {
    /// The generation.
    pub generation: usize,
    /// [`Stage::Play`] or [`Stage::Label`].
    pub stage: Stage,
    /// The file's settings (its games are the games it must hold).
    pub config: DataConfig,
    /// The network of the player, if any (a file of an earlier generation).
    pub network: Option<PathBuf>,
    /// The self-play file whose positions a label stage scores again.
    pub source: Option<PathBuf>,
    /// The file to write.
    pub out: PathBuf,
}

/// What [`run_pipeline`] reports as it goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PipelineEvent {
    /// A stage of a generation begins (or resumes).
    Stage {
        /// The generation, from 1.
        generation: usize,
        /// The stage.
        stage: Stage,
    },
    /// Self-play or labelling has done another batch of games.
    Data(DataProgress),
    /// The fit's progress.
    Fit(FitEvent),
    /// The test's standing after another batch of pairs.
    Test(Standing),
    /// A generation is over: whether its network was kept.
    Verdict {
        /// The generation.
        generation: usize,
        /// Its test's end.
        standing: Standing,
    },
}

/// A finished generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    /// Its number, from 1.
    pub number: usize,
    /// Its network's hold-out loss (rounded to the engine's integers) and the base's.
    pub loss: LossPoint,
    /// Its test's end.
    pub standing: Standing,
}

impl Generation {
    /// Whether its network passed the test.
    pub fn accepted(&self) -> bool {
        self.standing.decision == Some(Decision::H1)
    }
}

/// What a run ends with.
#[derive(Clone)]
pub struct PipelineOutcome<V: Variant> {
    /// The generations played, in order; every one but the last was accepted.
    pub generations: Vec<Generation>,
    /// The last accepted network (also `best.network` in the folder), if any.
    pub best: Option<Arc<Network<V>>>,
    /// The data file the run stopped for ([`DataSource::Elsewhere`]); `None` once the
    /// run is over.
    pub waiting: Option<DataRequest>,
}

impl<V: Variant> PipelineOutcome<V> {
    /// Generations whose network was kept.
    pub fn kept(&self) -> usize {
        self.generations.iter().filter(|g| g.accepted()).count()
    }
}

/// Runs (or resumes) the pipeline in `dir`: generations of self-play from `openings`
/// by `base` corrected by the best network so far, each followed by labels, a fit and
/// a test, as the [module](self) describes. `base` is the evaluation the networks
/// correct (the material, say); it must have no network of its own. Every search
/// consults `database`, if any, and it ends the self-play games it knows. With
/// [`DataSource::Elsewhere`] the run stops at the first data file it needs that is
/// not complete, and says which ([`PipelineOutcome::waiting`]); run it again once the
/// file is made.
///
/// # Errors
/// [`TuneError::Config`] for invalid settings, no openings or a base with a network;
/// [`TuneError::ResumeMismatch`] for a folder of a run with other settings (or
/// another endgame database, or none where it had one);
/// [`TuneError::Io`] and [`TuneError::Network`] for files that cannot be read or
/// written.
pub fn run_pipeline<V: Variant>(
    config: &PipelineConfig,
    openings: &[Position<V>],
    base: &LinearEval<V>,
    database: Option<&Arc<Database<V>>>,
    dir: &Path,
    data: DataSource,
    progress: &(dyn Fn(PipelineEvent) + Sync),
) -> Result<PipelineOutcome<V>, TuneError> {
    config.check()?;
    if openings.is_empty() {
        return Err(TuneError::Config("no opening positions".into()));
    }
    if base.network().is_some() {
        return Err(TuneError::Config(
            "the base evaluation has a network: the pipeline fits its own".into(),
        ));
    }
    std::fs::create_dir_all(dir).map_err(TuneError::io(dir))?;
    let settings = settings_text(config, openings, base, database);
    let settings_path = dir.join("settings");
    match std::fs::read_to_string(&settings_path) {
        Ok(found) if found == settings => {}
        Ok(_) => {
            return Err(TuneError::ResumeMismatch {
                path: settings_path,
            })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            crate::write_atomically(&settings_path, settings.as_bytes())?;
        }
        Err(e) => return Err(TuneError::io(&settings_path)(e)),
    }
    base.weights().save::<V>(dir.join("base.weights"))?;
    let run = Run {
        config,
        openings,
        base,
        database,
        dir,
        data,
        progress,
    };
    let mut outcome = PipelineOutcome {
        generations: Vec::new(),
        best: None,
        waiting: None,
    };
    for number in 1..=config.generations {
        let generation = match run.generation(number, outcome.best.as_ref())? {
            Ok(generation) => generation,
            Err(request) => {
                outcome.waiting = Some(request);
                return Ok(outcome);
            }
        };
        let accepted = generation.accepted();
        outcome.generations.push(generation);
        if !accepted {
            break;
        }
        let path = run.generation_dir(number).join("candidate.network");
        outcome.best = Some(Arc::new(load_network(&path)?));
    }
    if let Some(best) = &outcome.best {
        let path = dir.join("best.network");
        best.save(&path).map_err(|source| TuneError::Network {
            path: path.clone(),
            source,
        })?;
        run.log(
            &format!("best.network: generation {}", outcome.kept()),
            &path,
        )?;
    }
    Ok(outcome)
}

/// A run's fixed parts.
struct Run<'a, V: Variant> {
    config: &'a PipelineConfig,
    openings: &'a [Position<V>],
    base: &'a LinearEval<V>,
    database: Option<&'a Arc<Database<V>>>,
    dir: &'a Path,
    data: DataSource,
    progress: &'a (dyn Fn(PipelineEvent) + Sync),
}

impl<V: Variant> Run<'_, V> {
    fn generation_dir(&self, number: usize) -> PathBuf {
        self.dir.join(format!("gen-{number}"))
    }

    /// The file generation `number`'s fit reads: its labels, or its self-play.
    fn labelled(&self, number: usize) -> PathBuf {
        let name = match self.config.label_nodes {
            Some(_) => "labels.data",
            None => "play.data",
        };
        self.generation_dir(number).join(name)
    }

    fn stage(&self, generation: usize, stage: Stage) {
        (self.progress)(PipelineEvent::Stage { generation, stage });
    }

    /// Plays (or finishes) generation `number` with `best` the network so far; or,
    /// with the data made elsewhere, the data file it waits for.
    fn generation(
        &self,
        number: usize,
        best: Option<&Arc<Network<V>>>,
    ) -> Result<Result<Generation, DataRequest>, TuneError> {
        let config = self.config;
        let folder = self.generation_dir(number);
        std::fs::create_dir_all(&folder).map_err(TuneError::io(&folder))?;
        let player = self.base.clone().with_network(best.cloned());
        let data_progress = |p| (self.progress)(PipelineEvent::Data(p));
        let request = |stage, config, source: Option<&Path>, out: &Path| DataRequest {
            generation: number,
            stage,
            config,
            network: best.map(|_| self.generation_dir(number - 1).join("candidate.network")),
            source: source.map(Path::to_path_buf),
            out: out.to_path_buf(),
        };

        self.stage(number, Stage::Play);
        let play = folder.join("play.data");
        let fingerprint = self.database.map(|db| database_fingerprint(db));
        let play_config = config.play_config(number, fingerprint);
        let played = match self.data {
            DataSource::Here => {
                generate_data(
                    &play_config,
                    self.openings,
                    &player,
                    self.database,
                    &play,
                    &data_progress,
                )?;
                read_data::<V>(&play)?
            }
            DataSource::Elsewhere => match complete::<V>(&play, &play_config)? {
                Some(data) => data,
                None => return Ok(Err(request(Stage::Play, play_config, None, &play))),
            },
        };
        self.log_data(number, "play.data", &played, &play)?;

        if let Some(nodes) = config.label_nodes {
            self.stage(number, Stage::Label);
            let labels = folder.join("labels.data");
            let label_config = rescore_config(&played, nodes, self.database);
            let labelled = match self.data {
                DataSource::Here => {
                    rescore_data(
                        &label_config,
                        0,
                        &played,
                        &player,
                        self.database,
                        &labels,
                        &data_progress,
                    )?;
                    read_data::<V>(&labels)?
                }
                DataSource::Elsewhere => match complete::<V>(&labels, &label_config)? {
                    Some(data) => data,
                    None => {
                        let wanted = request(Stage::Label, label_config, Some(&play), &labels);
                        return Ok(Err(wanted));
                    }
                },
            };
            self.log_data(number, "labels.data", &labelled, &labels)?;
        }
        drop(played);

        self.stage(number, Stage::Fit);
        let (candidate, loss) = self.fit(number, best)?;

        self.stage(number, Stage::Test);
        let duel_config = DuelConfig {
            sprt: config.sprt,
            games: config.sprt_games,
            nodes: config.sprt_nodes,
            random_plies: config.random_plies,
            max_plies: config.max_plies,
            seed: config.seed_of(number, 3),
        };
        let challenger = self.base.clone().with_network(Some(Arc::new(candidate)));
        let sprt_path = folder.join("sprt");
        let standing = duel(
            [&challenger, &player],
            self.database,
            self.openings,
            &duel_config,
            &sprt_path,
            &|s| (self.progress)(PipelineEvent::Test(*s)),
        )?;
        let verdict = match standing.decision {
            Some(Decision::H1) => "accepted",
            Some(Decision::H0) => "rejected",
            None => "undecided",
        };
        let verdict_path = folder.join("verdict");
        crate::write_atomically(&verdict_path, format!("{verdict}\n").as_bytes())?;
        let p = standing.pairs.counts;
        let line = format!(
            "gen-{number}/sprt: {verdict}, {} pairs 0/½/1/1½/2 {}, {}, {}, {}, {}, LLR {:.2}",
            standing.pairs.pairs(),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            standing.llr
        );
        self.log(&line, &sprt_path)?;
        (self.progress)(PipelineEvent::Verdict {
            generation: number,
            standing,
        });
        Ok(Ok(Generation {
            number,
            loss,
            standing,
        }))
    }

    /// Fits generation `number`'s network on the window's positions, from `best` (a
    /// warm start) or from zero; writes it and its loss curve.
    fn fit(
        &self,
        number: usize,
        best: Option<&Arc<Network<V>>>,
    ) -> Result<(Network<V>, LossPoint), TuneError> {
        let config = self.config;
        let seed = config.seed_of(number, 2);
        let fit_config = NetworkFitConfig {
            seed,
            ..config.fit.clone()
        };
        let first = number.saturating_sub(config.window - 1).max(1);
        let (mut train, mut holdout) = (Vec::new(), Vec::new());
        let mut settings = format!("{fit_config:?} holdout {}", config.holdout);
        for g in first..=number {
            let path = self.labelled(g);
            let data: DataSet<V> = read_data(&path)?;
            let (t, h) = network_samples(&data, self.base, config.holdout, seed);
            train.extend(t);
            holdout.extend(h);
            let size = std::fs::metadata(&path)
                .map_err(TuneError::io(&path))?
                .len();
            let name = path.strip_prefix(self.dir).unwrap_or(&path);
            let _ = write!(settings, " data {} {size}", name.display());
        }
        let out = self.generation_dir(number).join("candidate.network");
        let fit = fit_network(
            &train,
            &holdout,
            &fit_config,
            best.map(|net| &**net),
            &beside(&out, ".state"),
            &settings,
            &mut |event| (self.progress)(PipelineEvent::Fit(event)),
        )?;
        let net = fit.network::<V>();
        net.save(&out).map_err(|source| TuneError::Network {
            path: out.clone(),
            source,
        })?;
        write_curve(
            &fit.curve,
            fit.k,
            "epoch",
            &beside(&out, ".loss.csv"),
            &beside(&out, ".loss.svg"),
        )?;
        let loss = LossPoint {
            iteration: fit.epochs,
            train: fit.base_loss(&holdout, config.fit.lambda),
            holdout: fit.rounded_loss(&net, &holdout, config.fit.lambda),
        };
        let line = format!(
            "gen-{number}/candidate.network: {} units, {} epochs on generations {first}-{number}, \
             {} training positions, hold-out loss {:.5} (the base {:.5})",
            net.units(),
            fit.epochs,
            train.len(),
            loss.holdout,
            loss.train
        );
        self.log(&line, &out)?;
        Ok((net, loss))
    }

    fn log_data(
        &self,
        number: usize,
        name: &str,
        data: &DataSet<V>,
        path: &Path,
    ) -> Result<(), TuneError> {
        let line = format!(
            "gen-{number}/{name}: {} games, {} positions, {} nodes a move",
            data.games,
            data.positions.len(),
            data.config.nodes
        );
        self.log(&line, path)
    }

    /// Adds `what` and the SHA-256 of the file at `path` to the log, unless the log has
    /// the line already (a resumed run finishes stages that were logged).
    fn log(&self, what: &str, path: &Path) -> Result<(), TuneError> {
        let bytes = std::fs::read(path).map_err(TuneError::io(path))?;
        let line = format!("{what}; SHA-256 {:x}\n", Sha256::digest(&bytes));
        let log = self.dir.join("log");
        let text = match std::fs::read_to_string(&log) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(TuneError::io(&log)(e)),
        };
        if text.lines().any(|l| l == line.trim_end()) {
            return Ok(());
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .map_err(TuneError::io(&log))?;
        file.write_all(line.as_bytes()).map_err(TuneError::io(&log))
    }
}

/// The data file at `path` if it holds the games `config` asks for; `None` if it is
/// not there or holds fewer.
///
/// # Errors
/// [`TuneError::Config`] for a file made with other settings, or damaged.
fn complete<V: Variant>(path: &Path, config: &DataConfig) -> Result<Option<DataSet<V>>, TuneError> {
    if !path.exists() {
        return Ok(None);
    }
    let data = read_data::<V>(path)?;
    let settings = |c: &DataConfig| DataConfig { games: 0, ..*c };
    if settings(&data.config) != settings(config) {
        return Err(TuneError::Config(format!(
            "{} was made with other settings ({:?}) than the run's ({config:?})",
            path.display(),
            data.config
        )));
    }
    Ok((data.games >= config.games).then_some(data))
}

/// `path` with `suffix` added to its name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn load_network<V: Variant>(path: &Path) -> Result<Network<V>, TuneError> {
    Network::load(path).map_err(|source| TuneError::Network {
        path: path.to_path_buf(),
        source,
    })
}

/// The text of the `settings` file: the variant, the configuration, the openings, the
/// base evaluation (its weights and a checksum of its pattern table) and the endgame
/// database, if any (its slices' piece counts and fingerprint).
fn settings_text<V: Variant>(
    config: &PipelineConfig,
    openings: &[Position<V>],
    base: &LinearEval<V>,
    database: Option<&Arc<Database<V>>>,
) -> String {
    let mut openings_hash = Sha256::new();
    for pos in openings {
        openings_hash.update(pos.to_fen().as_bytes());
        openings_hash.update(b"\n");
    }
    let table = base.patterns().map(|table| {
        let mut hash = Sha256::new();
        for value in table.values().iter().flatten() {
            hash.update(value.to_le_bytes());
        }
        format!("{:x}", hash.finalize())
    });
    let mut text = format!(
        "variant {}\n{config:?}\nopenings {} {:x}\nweights {:?}\npatterns {}\n",
        V::NAME,
        openings.len(),
        openings_hash.finalize(),
        base.weights().as_array(),
        table.as_deref().unwrap_or("none"),
    );
    if let Some(database) = database {
        let mut pieces: Vec<u32> = database.materials().map(|m| m.pieces()).collect();
        pieces.sort_unstable();
        pieces.dedup();
        let _ = writeln!(
            text,
            "egdb {} slices of {pieces:?} pieces, fingerprint {:016x}",
            database.materials().count(),
            database_fingerprint(database)
        );
    }
    text
}

#[cfg(test)]
mod tests;
