//! The genetic algorithm: a pool of weight sets scored by all-play-all tournaments,
//! bred by selection, crossover and mutation with elitism, with the two follow-up
//! measurements of the classic experiment (a finalists tournament and a match of each
//! generation's winner against the hand-set weights), CSV and SVG output, and resume.

use crate::error::TuneError;
use crate::state::{GaState, GenerationSummary};
use crate::tournament::{
    match_schedule, play_schedule, round_robin_schedule, Contestant, SearchSettings, Table,
};
use draughts_core::{Position, Variant};
use draughts_eval::{Feature, Weights, FEATURE_COUNT};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// How two parents make a child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossover {
    /// Each weight from either parent with equal chance.
    Uniform,
    /// The weights before a random cut from one parent, the rest from the other.
    OnePoint,
    /// Each weight a random point between the parents' weights.
    Blend,
}

/// How parents are chosen from the scored pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// The fittest of `size` members drawn at random.
    Tournament {
        /// Members drawn per choice (at least 1).
        size: usize,
    },
    /// A random member of the `keep` fittest.
    Truncation {
        /// How many of the fittest may be parents (at least 1).
        keep: usize,
    },
    /// Fitness-proportional (roulette wheel); uniform while every fitness is 0.
    Roulette,
}

/// Every setting of a GA run. [`GaConfig::classic`] mirrors the classic experiment.
#[derive(Clone, Debug, PartialEq)]
pub struct GaConfig {
    /// Weight sets in the pool (at least 2).
    pub pool: usize,
    /// Generations to run.
    pub generations: usize,
    /// The chance that each weight of a child is mutated.
    pub mutation_rate: f64,
    /// The largest mutation step, as a fraction of the weight's allowed range (at least
    /// one unit).
    pub mutation_step: f64,
    /// How parents are combined.
    pub crossover: Crossover,
    /// How parents are chosen.
    pub selection: Selection,
    /// The fittest members copied unchanged into the next generation.
    pub elitism: usize,
    /// The allowed range of each weight, indexed by [`Feature::index`]; a range of one
    /// value fixes the weight (the man is fixed at 100, the unit of the others).
    pub ranges: [(i32, i32); FEATURE_COUNT],
    /// What a draw is worth in the fitness: 0 (only wins count, as in the classic
    /// experiment) or 0.5.
    pub draw_value: f64,
    /// How every player searches.
    pub search: SearchSettings,
    /// Openings per pair of players in each round robin, each played with both colours.
    pub openings_per_pair: usize,
    /// Games longer than this are adjudicated drawn.
    pub max_plies: usize,
    /// Whether the generation winners play a final all-play-all tournament at the end.
    pub finalists: bool,
    /// Games of each generation winner's match against [`GaConfig::reference`] (0: no
    /// match).
    pub match_games: usize,
    /// The hand-set weights the winners are measured against.
    pub reference: Weights,
    /// Where the first pool comes from.
    pub init: Init,
    /// The seed of every random choice: the same seed and settings give the same run.
    pub seed: u64,
}

/// How the first pool is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Init {
    /// Uniformly random weights within the ranges, as in the classic experiment.
    Random,
    /// The reference weights (clamped to the ranges) and mutations of them: a search
    /// for improvements near the hand-set weights rather than from scratch.
    Reference,
}

impl GaConfig {
    /// The classic experiment for variant `V`: a pool of 30, 50 generations, a depth-2
    /// search plus capture resolution, fitness the number of wins (draws 0), the
    /// fittest kept (elitism 1), roulette selection, uniform crossover, each weight
    /// mutated with chance 0.1; each pair meets on one opening with both colours; the
    /// winners play a finalists tournament and 40-game matches against the defaults.
    pub fn classic<V: Variant>() -> GaConfig {
        GaConfig {
            pool: 30,
            generations: 50,
            mutation_rate: 0.1,
            mutation_step: 0.2,
            crossover: Crossover::Uniform,
            selection: Selection::Roulette,
            elitism: 1,
            ranges: default_ranges(),
            draw_value: 0.0,
            search: SearchSettings::depth(2),
            openings_per_pair: 1,
            max_plies: 200,
            finalists: true,
            match_games: 40,
            reference: Weights::default_for::<V>(),
            init: Init::Random,
            seed: 1,
        }
    }

    /// Checks that the settings make a run.
    ///
    /// # Errors
    /// [`TuneError::Config`] saying which setting is out of range.
    pub fn validate(&self) -> Result<(), TuneError> {
        let fail = |text: String| Err(TuneError::Config(text));
        if self.pool < 2 {
            return fail(format!(
                "the pool needs at least 2 weight sets, not {}",
                self.pool
            ));
        }
        if self.elitism >= self.pool {
            return fail(format!(
                "elitism {} keeps the whole pool of {}: nothing would evolve",
                self.elitism, self.pool
            ));
        }
        if !(0.0..=1.0).contains(&self.mutation_rate) || !(0.0..=1.0).contains(&self.mutation_step)
        {
            return fail("the mutation rate and step are fractions from 0 to 1".into());
        }
        if !(0.0..=1.0).contains(&self.draw_value) {
            return fail(format!("a draw is worth 0 to 1, not {}", self.draw_value));
        }
        if self.openings_per_pair == 0 || self.max_plies == 0 {
            return fail("openings per pair and the ply limit must be at least 1".into());
        }
        match self.selection {
            Selection::Tournament { size: 0 } | Selection::Truncation { keep: 0 } => {
                return fail("the selection size must be at least 1".into())
            }
            _ => {}
        }
        for (feature, &(min, max)) in Feature::ALL.iter().zip(&self.ranges) {
            if min > max {
                return fail(format!("the range of {feature} is empty: {min} > {max}"));
            }
        }
        Ok(())
    }

    /// The settings as one line, stored with a run so that a resumed run uses the same
    /// ones. The number of generations is left out: a finished run can be resumed
    /// with more.
    fn fingerprint(&self) -> String {
        format!(
            "{:?}",
            GaConfig {
                generations: 0,
                ..self.clone()
            }
        )
    }
}

/// The default range of each weight: the man fixed at 100; the king from 50 to 500
/// (so the king/man ratio is the king weight / 100); runaway men -100 to 200; the king
/// terms -50 to 50; every other positional term -20 to 20.
pub fn default_ranges() -> [(i32, i32); FEATURE_COUNT] {
    std::array::from_fn(|i| match Feature::ALL[i] {
        Feature::Men => (100, 100),
        Feature::Kings => (50, 500),
        Feature::Runaway => (-100, 200),
        Feature::KingCentre | Feature::KingMobility => (-50, 50),
        _ => (-20, 20),
    })
}

/// The king weight over the man weight (`NaN` when the man is worth 0).
pub fn king_man_ratio(weights: &Weights) -> f64 {
    f64::from(weights[Feature::Kings]) / f64::from(weights[Feature::Men])
}

/// What a finished run found.
#[derive(Clone, Debug)]
pub struct GaOutcome {
    /// One summary per generation.
    pub history: Vec<GenerationSummary>,
    /// The finalists tournament (row `g` is generation `g`'s winner), if played.
    pub finals: Option<Table>,
    /// The best weights: the finalists tournament's winner, or without one the last
    /// generation's winner. Also written to `best.weights`.
    pub best: Weights,
    /// The file `best` was written to.
    pub best_path: PathBuf,
    /// Wall time of this invocation (not of earlier, resumed parts).
    pub seconds: f64,
}

/// The names of the files a run writes in its directory.
pub mod files {
    /// The resume state.
    pub const STATE: &str = "state.txt";
    /// Every member of every generation's pool with its fitness.
    pub const POOL: &str = "pool.csv";
    /// One line per generation.
    pub const GENERATIONS: &str = "generations.csv";
    /// The finalists tournament.
    pub const FINALISTS: &str = "finalists.csv";
    /// The best weights.
    pub const BEST: &str = "best.weights";
    /// Best and mean fitness by generation.
    pub const FITNESS_PLOT: &str = "fitness.svg";
    /// The winners' score against the reference and in the finals, by generation.
    pub const RESULTS_PLOT: &str = "results.svg";
    /// The winners' king/man ratio by generation.
    pub const KING_PLOT: &str = "king-ratio.svg";
}

/// How far a GA run has come, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GaProgress<'a> {
    /// A game ended: `played` of the `total` games this run plays (both never go down),
    /// in `generation` (`None` in the finalists tournament).
    Game {
        /// The generation the game belongs to.
        generation: Option<usize>,
        /// Games played so far by this run.
        played: u64,
        /// Games this run plays.
        total: u64,
    },
    /// A generation ended.
    Generation(&'a GenerationSummary),
}

/// Counts a run's games and reports each, one at a time, to the callback.
struct GameCount<'a> {
    played: Mutex<u64>,
    total: u64,
    progress: &'a (dyn Fn(&GaProgress) + Sync),
}

impl GameCount<'_> {
    fn tick(&self, generation: Option<usize>) {
        // A callback that panicked leaves the count as it was: go on with it.
        let mut played = self.played.lock().unwrap_or_else(|e| e.into_inner());
        *played += 1;
        (self.progress)(&GaProgress::Game {
            generation,
            played: *played,
            total: self.total,
        });
    }
}

/// Runs the GA of `config` from `openings` (at least one), writing its files into `out`
/// (created if needed): `pool.csv`, `generations.csv`, `state.txt` after every
/// generation, then `finalists.csv`, the plots and `best.weights`. With `resume`, a run
/// whose `state.txt` is in `out` goes on from its last completed generation (it must
/// have the same settings). Games run in parallel on rayon's threads (set
/// `RAYON_NUM_THREADS` to limit them); `progress` is told of every game (from any
/// thread, one report at a time) and every generation.
///
/// # Errors
/// An invalid config, files that cannot be read or written, a state file written by
/// another run or damaged.
pub fn run_ga<V: Variant>(
    config: &GaConfig,
    openings: &[Position<V>],
    out: &Path,
    resume: bool,
    progress: &(dyn Fn(&GaProgress) + Sync),
) -> Result<GaOutcome, TuneError> {
    config.validate()?;
    if openings.is_empty() {
        return Err(TuneError::Config("no opening positions".into()));
    }
    let began = Instant::now();
    std::fs::create_dir_all(out).map_err(TuneError::io(out))?;
    let state_path = out.join(files::STATE);
    let mut state = if resume && state_path.exists() {
        let state = GaState::load(&state_path)?;
        if state.fingerprint != config.fingerprint() || state.pool.len() != config.pool {
            return Err(TuneError::ResumeMismatch { path: state_path });
        }
        state
    } else {
        let pool = first_pool(config);
        write_headers(out)?;
        GaState {
            fingerprint: config.fingerprint(),
            pool,
            history: Vec::new(),
        }
    };
    let pairs = config.pool * (config.pool - 1) / 2;
    let per_generation = (pairs * config.openings_per_pair * 2 + config.match_games) as u64;
    let finals =
        config.generations * config.generations.saturating_sub(1) * config.openings_per_pair;
    let remaining = config.generations.saturating_sub(state.history.len()) as u64;
    let games = GameCount {
        played: Mutex::new(0),
        total: remaining * per_generation + finals as u64 * u64::from(config.finalists),
        progress,
    };
    let reference = Contestant {
        weights: config.reference,
        search: config.search,
    };
    let match_openings = match_schedule(
        config.match_games,
        openings.len(),
        config.seed ^ 0x6d61_7463_6800,
    );
    for generation in state.history.len()..config.generations {
        let started = Instant::now();
        let tick = || games.tick(Some(generation));
        let mut rng = generation_rng(config.seed, generation as u64 + 1);
        let table = round_robin(config, &state.pool, openings, rng.random(), &tick)?;
        let fitness = table.fitness(config.draw_value);
        let ranked = ranking(&fitness);
        let winner = state.pool[ranked[0]];
        let versus = if config.match_games > 0 {
            let players = [
                Contestant {
                    weights: winner,
                    search: config.search,
                },
                reference,
            ];
            let result = play_schedule(
                &players,
                openings,
                &match_openings,
                config.max_plies,
                false,
                &tick,
            )?;
            Some(result.table.against(0, 1))
        } else {
            None
        };
        append_pool(out, generation, &state.pool, &table, &fitness)?;
        let summary = GenerationSummary {
            generation,
            best: fitness[ranked[0]],
            mean: fitness.iter().sum::<f64>() / fitness.len() as f64,
            winner,
            versus,
            seconds: started.elapsed().as_secs_f64(),
        };
        append_generation(out, &summary)?;
        progress(&GaProgress::Generation(&summary));
        state.pool = breed(config, &state.pool, &fitness, &ranked, &mut rng);
        state.history.push(summary);
        state.save(&state_path)?;
    }
    let finals = if config.finalists && state.history.len() >= 2 {
        let tick = || games.tick(None);
        let finalists: Vec<Weights> = state.history.iter().map(|s| s.winner).collect();
        let seed = config.seed ^ 0x6669_6e61_6c73;
        let table = round_robin(config, &finalists, openings, seed, &tick)?;
        write_finalists(out, &table)?;
        Some(table)
    } else {
        None
    };
    let best = match (&finals, state.history.last()) {
        (Some(table), _) => state.history[ranking(&table.fitness(0.5))[0]].winner,
        (None, Some(last)) => last.winner,
        (None, None) => state.pool[0],
    };
    write_plots(out, &state.history, finals.as_ref())?;
    let best_path = out.join(files::BEST);
    best.save::<V>(&best_path)?;
    Ok(GaOutcome {
        history: state.history,
        finals,
        best,
        best_path,
        seconds: began.elapsed().as_secs_f64(),
    })
}

/// An all-play-all tournament between `pool` with the settings of `config`.
fn round_robin<V: Variant>(
    config: &GaConfig,
    pool: &[Weights],
    openings: &[Position<V>],
    seed: u64,
    tick: &(dyn Fn() + Sync),
) -> Result<Table, TuneError> {
    let contestants: Vec<Contestant> = pool
        .iter()
        .map(|&weights| Contestant {
            weights,
            search: config.search,
        })
        .collect();
    let schedule = round_robin_schedule(pool.len(), config.openings_per_pair, openings.len(), seed);
    let played = play_schedule(
        &contestants,
        openings,
        &schedule,
        config.max_plies,
        false,
        tick,
    )?;
    Ok(played.table)
}

/// The random source of one generation: a run resumed at a generation makes the same
/// choices as one that never stopped.
fn generation_rng(seed: u64, generation: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed ^ generation.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Indices from the fittest down; ties keep the lower index first.
///
/// ```
/// assert_eq!(draughts_tune::ranking(&[1.0, 3.0, 1.0, 2.0]), vec![1, 3, 0, 2]);
/// ```
pub fn ranking(fitness: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..fitness.len()).collect();
    order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
    order
}

/// The pool of generation 0.
fn first_pool(config: &GaConfig) -> Vec<Weights> {
    let mut rng = generation_rng(config.seed, 0);
    match config.init {
        Init::Random => (0..config.pool)
            .map(|_| random_weights(&config.ranges, &mut rng))
            .collect(),
        Init::Reference => {
            let reference = clamped(*config.reference.as_array(), &config.ranges);
            let mut pool = vec![Weights::from_array(reference)];
            while pool.len() < config.pool {
                let mut child = reference;
                mutate(&mut child, config, &mut rng);
                pool.push(Weights::from_array(child));
            }
            pool
        }
    }
}

fn clamped(
    mut weights: [i32; FEATURE_COUNT],
    ranges: &[(i32, i32); FEATURE_COUNT],
) -> [i32; FEATURE_COUNT] {
    for (weight, &(min, max)) in weights.iter_mut().zip(ranges) {
        *weight = (*weight).clamp(min, max);
    }
    weights
}

/// Mutates each free weight with chance `mutation_rate` by a uniform step of up to
/// `mutation_step` of its range, then clamps every weight to its range.
fn mutate(child: &mut [i32; FEATURE_COUNT], config: &GaConfig, rng: &mut Xoshiro256PlusPlus) {
    for (weight, &(min, max)) in child.iter_mut().zip(&config.ranges) {
        if min < max && rng.random_bool(config.mutation_rate) {
            let span = f64::from(max - min);
            let step = ((span * config.mutation_step).round() as i32).max(1);
            *weight += rng.random_range(-step..=step);
        }
        *weight = (*weight).clamp(min, max);
    }
}

/// Uniformly random weights within the ranges.
fn random_weights(ranges: &[(i32, i32); FEATURE_COUNT], rng: &mut Xoshiro256PlusPlus) -> Weights {
    Weights::from_array(std::array::from_fn(|i| {
        let (min, max) = ranges[i];
        rng.random_range(min..=max)
    }))
}

/// The next generation: the `elitism` fittest unchanged, then children of selected
/// parents, crossed over and mutated, each weight kept within its range.
fn breed(
    config: &GaConfig,
    pool: &[Weights],
    fitness: &[f64],
    ranked: &[usize],
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Weights> {
    let mut next: Vec<Weights> = ranked
        .iter()
        .take(config.elitism)
        .map(|&i| pool[i])
        .collect();
    while next.len() < config.pool {
        let a = pool[select(config.selection, fitness, ranked, rng)].as_array();
        let b = pool[select(config.selection, fitness, ranked, rng)].as_array();
        let cut = rng.random_range(0..=FEATURE_COUNT);
        let mut child: [i32; FEATURE_COUNT] = std::array::from_fn(|i| match config.crossover {
            Crossover::Uniform => {
                if rng.random_bool(0.5) {
                    a[i]
                } else {
                    b[i]
                }
            }
            Crossover::OnePoint => {
                if i < cut {
                    a[i]
                } else {
                    b[i]
                }
            }
            Crossover::Blend => {
                let t: f64 = rng.random();
                (f64::from(a[i]) + t * f64::from(b[i] - a[i])).round() as i32
            }
        });
        mutate(&mut child, config, rng);
        next.push(Weights::from_array(child));
    }
    next
}

/// A parent's pool index.
fn select(
    selection: Selection,
    fitness: &[f64],
    ranked: &[usize],
    rng: &mut Xoshiro256PlusPlus,
) -> usize {
    let n = fitness.len();
    match selection {
        Selection::Tournament { size } => (0..size.max(1))
            .map(|_| rng.random_range(0..n))
            .max_by(|&a, &b| fitness[a].total_cmp(&fitness[b]).then(b.cmp(&a)))
            .unwrap_or(0),
        Selection::Truncation { keep } => ranked[rng.random_range(0..keep.clamp(1, n))],
        Selection::Roulette => {
            let total: f64 = fitness.iter().map(|f| f.max(0.0)).sum();
            if total <= 0.0 {
                return rng.random_range(0..n);
            }
            let mut spin = rng.random::<f64>() * total;
            for (i, f) in fitness.iter().enumerate() {
                spin -= f.max(0.0);
                if spin < 0.0 {
                    return i;
                }
            }
            ranked[0]
        }
    }
}

mod report;
use report::{append_generation, append_pool, write_finalists, write_headers, write_plots};
#[cfg(test)]
mod tests;
