//! `draughts tune`: learning the evaluation weights with draughts-tune. `ga` evolves them
//! by a genetic algorithm over round-robin tournaments, `selfplay` makes games for
//! fitting, `fit` fits them to game results by logistic regression. Each writes a
//! weights file for `--weights FILE` (or the Hub parameter `weights`).

mod data;
mod network;
mod pipeline;

use crate::cli::{parse_variant, CliError};
use crate::progress::StageLines;
use clap::{Args, Subcommand, ValueEnum};
use draughts_core::with_variant;
use draughts_core::{Game, GameResult, Variant, VariantKind};
use draughts_egdb::Database;
use draughts_engine::openings;
use draughts_eval::{Feature, Patterns, Weights};
use draughts_search::Limits;
use draughts_tune::{
    data_samples, default_ranges, fit, fit_patterns, king_man_ratio, pattern_samples, ranking,
    read_data, read_pdn, run_ga, self_play, split_samples, to_pdn, write_curve, Contestant,
    Crossover, DataSet, FitConfig, GaConfig, GaProgress, Init, LossPoint, PatternFitConfig,
    SearchSettings, Selection, SelfPlayConfig,
};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The options of `draughts tune`: its subcommand and theirs.
#[derive(Args, Debug)]
pub struct TuneArgs {
    #[command(subcommand)]
    command: TuneCommand,
}

#[derive(Subcommand, Debug)]
enum TuneCommand {
    /// Evolve weights with a genetic algorithm over round-robin tournaments; writes
    /// CSV, SVG plots, a resume state and DIR/best.weights.
    Ga(GaArgs),
    /// Play self-play games (PDN) to fit weights on.
    Selfplay(SelfPlayArgs),
    /// Label positions for fitting: self-play at a fixed node count, each quiet
    /// position with its game's result and the search's score (resumable).
    Data(data::DataArgs),
    /// Fit weights to game results by logistic regression; writes the weights file and
    /// its loss curve (CSV and SVG).
    Fit(FitArgs),
    /// Fit a pattern table and the weights to game results (stochastic logistic
    /// regression); writes DIR/VARIANT.weights, DIR/VARIANT.patterns and the loss curve.
    Patterns(PatternArgs),
    /// Fit a network's correction of the evaluation on labelled positions (`tune
    /// data`); writes the network, its loss curve and a state to resume from.
    Network(network::NetworkArgs),
    /// Train a network from zero: generations of self-play, labels, a fit and an SPRT
    /// of each new network against the last, in one resumable folder.
    Pipeline(pipeline::PipelineArgs),
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Preset {
    /// Pool 30, 50 generations, depth 2 plus capture resolution, fitness = wins.
    Classic,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum CrossoverArg {
    Uniform,
    OnePoint,
    Blend,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum InitArg {
    Random,
    Defaults,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SelectionArg {
    Roulette,
    Tournament,
    Truncation,
}

/// Options shared by the commands that play games.
#[derive(Args, Debug)]
struct PlayArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Opening positions, one FEN a line (default: the built-in set).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games longer than this many plies are adjudicated drawn.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: Option<u32>,
    /// Seed of every random choice: the same seed and options give the same run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
struct GaArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// The settings to start from; the options below change them.
    #[arg(long, value_enum, default_value = "classic")]
    preset: Preset,
    /// Weight sets in the pool.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pool: Option<u32>,
    /// Generations.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    generations: Option<u32>,
    /// The chance that each weight of a child mutates (0 to 1).
    #[arg(long)]
    mutation_rate: Option<f64>,
    /// The largest mutation step as a fraction of the weight's range (0 to 1).
    #[arg(long)]
    mutation_step: Option<f64>,
    #[arg(long, value_enum)]
    crossover: Option<CrossoverArg>,
    #[arg(long, value_enum)]
    selection: Option<SelectionArg>,
    /// Members per tournament selection, or the fittest kept by truncation.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    selection_size: u32,
    /// The fittest members copied unchanged to the next generation.
    #[arg(long)]
    elitism: Option<u32>,
    /// What a draw is worth in the fitness: 0 (wins only) to 1.
    #[arg(long)]
    draw_value: Option<f64>,
    /// Search depth of every player (quiescence resolves the captures).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=40))]
    depth: Option<u32>,
    /// Openings per pair of players in each round robin (each with both colours).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    openings_per_pair: Option<u32>,
    /// Games of each generation winner against the hand-set weights (0: none).
    #[arg(long)]
    match_games: Option<u32>,
    /// The first pool: random weights (classic), or the built-in weights and
    /// mutations of them.
    #[arg(long, value_enum, default_value = "random")]
    init: InitArg,
    /// Skip the finalists tournament of the generation winners.
    #[arg(long)]
    no_finalists: bool,
    /// A weight's allowed range, NAME=MIN..MAX (MIN..MIN fixes it); repeatable. The
    /// default fixes men at 100, kings 50..500, runaway -100..200, king terms
    /// -50..50, the rest -20..20.
    #[arg(long = "range", value_name = "NAME=MIN..MAX", value_parser = parse_range)]
    ranges: Vec<(Feature, i32, i32)>,
    /// Go on from the last completed generation of the run in --out.
    #[arg(long)]
    resume: bool,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
    /// The run's directory.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

#[derive(Args, Debug)]
struct SelfPlayArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// Games to play.
    #[arg(long = "games", value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    count: u32,
    #[command(flatten)]
    games: SelfPlayOptions,
    /// The PDN file to write.
    #[arg(long, value_name = "FILE.pdn")]
    out: PathBuf,
}

/// How self-play games are made.
#[derive(Args, Debug)]
struct SelfPlayOptions {
    /// Weights of the self-play player (default: the built-in weights).
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Search depth of the self-play player.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=40))]
    selfplay_depth: u32,
    /// Random moves after the opening, for variety.
    #[arg(long, default_value_t = 2)]
    random_plies: u32,
    /// A pattern table for the self-play player: a file (`draughts tune patterns`), or
    /// `builtin` for the variant's built-in table (default: none, the weights alone).
    #[arg(long, value_name = "FILE|builtin")]
    patterns: Option<PathBuf>,
}

/// The value of `--patterns` that asks for the variant's built-in pattern table.
const BUILTIN_PATTERNS: &str = "builtin";

impl SelfPlayOptions {
    /// The pattern table `--patterns` names, if any.
    fn pattern_table<V: Variant>(&self) -> Result<Option<Arc<Patterns<V>>>, CliError> {
        match self.patterns.as_deref() {
            None => Ok(None),
            Some(path) if path.as_os_str() == BUILTIN_PATTERNS => draughts_eval::learned::<V>()
                .map(|(_, table)| Some(table))
                .ok_or_else(|| format!("no built-in pattern table for {}", V::NAME).into()),
            Some(path) => Ok(Some(Arc::new(
                Patterns::<V>::load(path).map_err(|e| e.to_string())?,
            ))),
        }
    }
}

/// The endgame database of `--egdb`, if given.
fn endgame_database<V: Variant>(dir: Option<&Path>) -> Result<Option<Arc<Database<V>>>, CliError> {
    dir.map(draughts_engine::engine::database::<V>)
        .transpose()
        .map_err(|e| CliError::Message(e.to_string()))
}

#[derive(Args, Debug)]
struct FitArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// PDN files of games to fit on (repeatable).
    #[arg(
        long = "games",
        value_name = "FILE.pdn",
        required_unless_present = "selfplay"
    )]
    game_files: Vec<PathBuf>,
    /// Play this many self-play games first and fit on them too.
    #[arg(long, value_name = "N")]
    selfplay: Option<u32>,
    /// Where to keep the self-play games (default: next to --out, .pdn).
    #[arg(long, value_name = "FILE.pdn", requires = "selfplay")]
    save_games: Option<PathBuf>,
    #[command(flatten)]
    games: SelfPlayOptions,
    /// The weights to start from (default: the built-in weights).
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Gradient steps.
    #[arg(long, default_value_t = 1000)]
    iterations: u32,
    /// Step size in hundredths of a man.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Fraction of the games held out to measure the fit.
    #[arg(long, default_value_t = 0.2)]
    holdout: f64,
    /// Plies skipped at the start of every game.
    #[arg(long, default_value_t = 0)]
    skip_plies: u32,
    /// Penalty on the distance from the starting weights (0: none).
    #[arg(long, default_value_t = 0.0)]
    l2: f64,
    /// Keep this weight at its starting value (repeatable; men is always kept).
    #[arg(long, value_name = "NAME", value_parser = parse_feature)]
    fix: Vec<Feature>,
    /// The weights file to write; the loss curve goes beside it (.loss.csv, .loss.svg).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

#[derive(Args, Debug)]
struct PatternArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// PDN files of games to fit on (repeatable; `draughts tune selfplay` makes them).
    #[arg(
        long = "games",
        value_name = "FILE.pdn",
        required_unless_present = "data_files"
    )]
    game_files: Vec<PathBuf>,
    /// Labelled positions to fit on (repeatable; `draughts tune data` makes them).
    #[arg(long = "data", value_name = "FILE")]
    data_files: Vec<PathBuf>,
    /// The weight of the game's result in the target against the search's score, for
    /// positions from --data (1: results alone).
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// The feature weights to start from (default: the built-in weights).
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=1000))]
    epochs: u32,
    /// AdaGrad step size of the feature weights (hundredths of a man).
    #[arg(long, default_value_t = 1.0)]
    feature_rate: f64,
    /// AdaGrad step size of the pattern values (hundredths of a man).
    #[arg(long, default_value_t = 4.0)]
    pattern_rate: f64,
    /// Decay of the pattern values per update (an L2 penalty).
    #[arg(long, default_value_t = 1e-5)]
    l2: f64,
    /// Fit the odd regions too (4x4 regions at odd row offsets; file version 4). The
    /// engine reads them at a cost of about 5-7% in speed (BENCHMARKS.md).
    #[arg(long)]
    odd_regions: bool,
    /// Fraction of the games held out to measure the fit.
    #[arg(long, default_value_t = 0.1)]
    holdout: f64,
    /// Plies skipped at the start of every game.
    #[arg(long, default_value_t = 0)]
    skip_plies: u32,
    /// Seed of the hold-out split and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fit the feature weights too (all but the man). By default they keep their
    /// starting values and only the table is fitted: fitted features played weaker at
    /// equal depth (see the draughts-tune README).
    #[arg(long)]
    fit_features: bool,
    /// The folder to write VARIANT.weights, VARIANT.patterns, VARIANT.loss.csv and
    /// VARIANT.loss.svg to.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

fn parse_range(text: &str) -> Result<(Feature, i32, i32), String> {
    let bad = || format!("{text:?} is not NAME=MIN..MAX, such as kings=100..400");
    let (name, range) = text.split_once('=').ok_or_else(bad)?;
    let feature = parse_feature(name)?;
    let (min, max) = range.split_once("..").ok_or_else(bad)?;
    let min: i32 = min.trim().parse().map_err(|_| bad())?;
    let max: i32 = max.trim().parse().map_err(|_| bad())?;
    if min > max {
        return Err(format!("{text:?}: the range is empty"));
    }
    Ok((feature, min, max))
}

fn parse_feature(name: &str) -> Result<Feature, String> {
    Feature::from_name(name.trim()).ok_or_else(|| {
        format!(
            "{name:?} is not a feature; the features are {}",
            feature_names()
        )
    })
}

fn feature_names() -> String {
    Feature::ALL.map(Feature::name).join(", ")
}

/// Runs `draughts tune` and the subcommand it names.
///
/// # Errors
/// As the subcommand: a file that cannot be read or written, or options that do
/// not fit.
pub fn run(args: &TuneArgs) -> Result<(), CliError> {
    match &args.command {
        TuneCommand::Ga(ga) => with_variant!(ga.play.variant, V => run_ga_command::<V>(ga)),
        TuneCommand::Data(d) => data::run(d),
        TuneCommand::Selfplay(sp) => with_variant!(sp.play.variant, V => run_selfplay::<V>(sp)),
        TuneCommand::Fit(fit) => with_variant!(fit.play.variant, V => run_fit::<V>(fit)),
        TuneCommand::Patterns(p) => with_variant!(p.variant, V => run_patterns::<V>(p)),
        TuneCommand::Network(n) => network::run(n),
        TuneCommand::Pipeline(p) => pipeline::run(p),
    }
}

fn ga_config<V: Variant>(args: &GaArgs) -> GaConfig {
    let mut config = match args.preset {
        Preset::Classic => GaConfig::classic::<V>(),
    };
    let set = |target: &mut usize, value: Option<u32>| {
        if let Some(value) = value {
            *target = value as usize;
        }
    };
    set(&mut config.pool, args.pool);
    set(&mut config.generations, args.generations);
    set(&mut config.elitism, args.elitism);
    set(&mut config.openings_per_pair, args.openings_per_pair);
    set(&mut config.match_games, args.match_games);
    set(&mut config.max_plies, args.play.max_plies);
    config.mutation_rate = args.mutation_rate.unwrap_or(config.mutation_rate);
    config.mutation_step = args.mutation_step.unwrap_or(config.mutation_step);
    config.draw_value = args.draw_value.unwrap_or(config.draw_value);
    if let Some(depth) = args.depth {
        config.search.limits = Limits::depth(depth);
    }
    if let Some(crossover) = args.crossover {
        config.crossover = match crossover {
            CrossoverArg::Uniform => Crossover::Uniform,
            CrossoverArg::OnePoint => Crossover::OnePoint,
            CrossoverArg::Blend => Crossover::Blend,
        };
    }
    let size = args.selection_size as usize;
    if let Some(selection) = args.selection {
        config.selection = match selection {
            SelectionArg::Roulette => Selection::Roulette,
            SelectionArg::Tournament => Selection::Tournament { size },
            SelectionArg::Truncation => Selection::Truncation { keep: size },
        };
    }
    let mut ranges = default_ranges();
    for &(feature, min, max) in &args.ranges {
        ranges[feature.index()] = (min, max);
    }
    config.ranges = ranges;
    config.finalists = !args.no_finalists;
    config.init = match args.init {
        InitArg::Random => Init::Random,
        InitArg::Defaults => Init::Reference,
    };
    config.seed = args.play.seed;
    config
}

fn run_ga_command<V: Variant>(args: &GaArgs) -> Result<(), CliError> {
    let config = ga_config::<V>(args);
    let openings = openings::load::<V>(args.play.openings.as_deref(), args.play.variant)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "GA ({}): pool {}, {} generations, depth {}, {} opening(s) per pair with both colours, {} threads",
        V::NAME,
        config.pool,
        config.generations,
        config.search.limits.depth.unwrap_or(0),
        config.openings_per_pair,
        draughts_tune::threads(),
    )?;
    let lines = StageLines::new();
    let progress = |p: &GaProgress| match *p {
        GaProgress::Game {
            generation,
            played,
            total,
        } if !args.quiet => {
            let stage = match generation {
                Some(g) => format!("generation {}/{}", g + 1, config.generations),
                None => "finalists".to_owned(),
            };
            lines.show(
                generation,
                played,
                total,
                &format!("{stage}: {played}/{total} games"),
            );
        }
        GaProgress::Generation(summary) if !args.quiet => {
            lines.clear();
            eprintln!("{}", summary.describe());
        }
        _ => {}
    };
    let outcome = run_ga::<V>(&config, &openings, &args.out, args.resume, &progress)
        .map_err(|e| e.to_string())?;
    lines.clear();
    if args.quiet {
        for summary in &outcome.history {
            writeln!(out, "{}", summary.describe())?;
        }
    }
    if let Some(finals) = &outcome.finals {
        // The whole cross table is 50 columns wide for the classic run: it is in
        // finalists.csv; here the ten best.
        let order = ranking(&finals.fitness(0.5));
        writeln!(
            out,
            "Finalists tournament, best ten (generation: +wins =draws -losses, points, king/man):"
        )?;
        for &g in order.iter().take(10) {
            let t = finals.total(g);
            let ratio = king_man_ratio(&outcome.history[g].winner);
            writeln!(
                out,
                "  {g:>3}: +{} ={} -{}  {:>5}  {ratio:.2}",
                t.wins,
                t.draws,
                t.losses,
                t.points()
            )?;
        }
    }
    if let Some(last) = outcome.history.last() {
        writeln!(
            out,
            "last winner's king/man ratio: {:.2}",
            king_man_ratio(&last.winner)
        )?;
    }
    writeln!(
        out,
        "best weights (king/man {:.2}) written to {}; {:.1} s",
        king_man_ratio(&outcome.best),
        outcome.best_path.display(),
        outcome.seconds
    )?;
    Ok(())
}

fn self_play_config<V: Variant>(
    options: &SelfPlayOptions,
    play: &PlayArgs,
    games: u32,
) -> Result<SelfPlayConfig, CliError> {
    let weights = match &options.weights {
        Some(path) => Weights::load::<V>(path).map_err(|e| e.to_string())?,
        None => Weights::default_for::<V>(),
    };
    Ok(SelfPlayConfig {
        games: games as usize,
        player: Contestant {
            weights,
            search: SearchSettings::depth(options.selfplay_depth),
        },
        random_plies: options.random_plies as usize,
        max_plies: play.max_plies.map_or(200, |n| n as usize),
        seed: play.seed,
    })
}

/// Plays self-play games with a running count on standard error; writes them to
/// `path` as PDN and returns them with their results.
fn play_and_save<V: Variant>(
    config: &SelfPlayConfig,
    options: &SelfPlayOptions,
    play: &PlayArgs,
    path: &Path,
) -> Result<Vec<(Game<V>, GameResult)>, CliError> {
    let openings = openings::load::<V>(play.openings.as_deref(), play.variant)?;
    let patterns = options.pattern_table::<V>()?;
    let began = Instant::now();
    let done = AtomicUsize::new(0);
    let progress = || {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if n % 100 == 0 || n == config.games {
            eprint!("\rself-play: {n}/{} games", config.games);
        }
    };
    let games =
        self_play(config, &openings, patterns.as_ref(), &progress).map_err(|e| e.to_string())?;
    eprintln!();
    std::fs::write(path, to_pdn(&games, "draughts tune selfplay"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let decisive = games.iter().filter(|g| g.result.winner().is_some()).count();
    println!(
        "{} self-play games ({decisive} decisive) at depth {} in {:.1} s, written to {}",
        games.len(),
        config.player.search.limits.depth.unwrap_or(0),
        began.elapsed().as_secs_f64(),
        path.display()
    );
    Ok(games.into_iter().map(|p| (p.game, p.result)).collect())
}

fn run_selfplay<V: Variant>(args: &SelfPlayArgs) -> Result<(), CliError> {
    let config = self_play_config::<V>(&args.games, &args.play, args.count)?;
    play_and_save::<V>(&config, &args.games, &args.play, &args.out)?;
    Ok(())
}

/// The games of PDN files, with a line per file on standard output.
fn read_games<V: Variant>(paths: &[PathBuf]) -> Result<Vec<(Game<V>, GameResult)>, CliError> {
    let mut games = Vec::new();
    for path in paths {
        let file = read_pdn::<V>(path).map_err(|e| e.to_string())?;
        println!(
            "{}: {} games ({} without a result skipped)",
            path.display(),
            file.games.len(),
            file.skipped
        );
        games.extend(file.games);
    }
    Ok(games)
}

fn run_patterns<V: Variant>(args: &PatternArgs) -> Result<(), CliError> {
    let start = fit_start::<V>(args.holdout, args.start.as_deref())?;
    let began = Instant::now();
    let games = read_games::<V>(&args.game_files)?;
    let from_games = pattern_samples(&games, args.holdout, args.skip_plies as usize, args.seed);
    drop(games);
    let (train, holdout) = data_sets(&args.data_files, from_games, began, |data: &DataSet<V>| {
        data_samples(data, args.holdout, args.seed)
    })?;
    let config = PatternFitConfig {
        epochs: args.epochs as usize,
        feature_rate: args.feature_rate,
        pattern_rate: args.pattern_rate,
        l2: args.l2,
        seed: args.seed,
        lambda: args.lambda,
        odd_regions: args.odd_regions,
        fixed: if args.fit_features {
            vec![Feature::Men]
        } else {
            Feature::ALL.to_vec()
        },
    };
    let progress = |p: &LossPoint| {
        println!(
            "epoch {:>3}: training loss {:.5}, hold-out {:.5} ({:.0} s)",
            p.iteration,
            p.train,
            p.holdout,
            began.elapsed().as_secs_f64()
        );
    };
    let outcome = fit_patterns::<V>(&train, &holdout, &start, &config, &progress)
        .map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let file = |ext: &str| args.out.join(format!("{}.{ext}", V::NAME));
    outcome
        .weights
        .save::<V>(file("weights"))
        .map_err(|e| e.to_string())?;
    outcome
        .patterns
        .save(file("patterns"))
        .map_err(|e| e.to_string())?;
    write_curve(
        &outcome.curve,
        outcome.k,
        "epoch",
        &file("loss.csv"),
        &file("loss.svg"),
    )
    .map_err(|e| e.to_string())?;
    println!(
        "K = {:.1}; rounded model: training loss {:.5}, hold-out {:.5}; {:.0} s",
        outcome.k,
        outcome.end.train,
        outcome.end.holdout,
        began.elapsed().as_secs_f64()
    );
    print_weights(&start, &outcome.weights);
    println!(
        "written: {} and {}",
        file("weights").display(),
        file("patterns").display()
    );
    Ok(())
}

/// `sets` (training, hold-out) with the samples `split` makes of each data file of
/// `paths`; says what each file holds, then the totals and the time since `began`.
fn data_sets<V: Variant, S>(
    paths: &[PathBuf],
    mut sets: (Vec<S>, Vec<S>),
    began: Instant,
    split: impl Fn(&DataSet<V>) -> (Vec<S>, Vec<S>),
) -> Result<(Vec<S>, Vec<S>), CliError> {
    for path in paths {
        let data = read_data::<V>(path).map_err(|e| e.to_string())?;
        let (train, held) = split(&data);
        println!(
            "{}: {} games, {} positions, {} nodes a move",
            path.display(),
            data.games,
            data.positions.len(),
            data.config.nodes
        );
        sets.0.extend(train);
        sets.1.extend(held);
    }
    println!(
        "{} training and {} hold-out positions ({:.1} s)",
        sets.0.len(),
        sets.1.len(),
        began.elapsed().as_secs_f64()
    );
    Ok(sets)
}

/// Checks a `--holdout` fraction and reads the `--start` weights (default: the
/// built-in weights), as both fits need.
fn fit_start<V: Variant>(holdout: f64, start: Option<&Path>) -> Result<Weights, CliError> {
    if !(0.0..1.0).contains(&holdout) {
        return Err(format!("--holdout {holdout} is not a fraction from 0 up to 1").into());
    }
    Ok(match start {
        Some(path) => Weights::load::<V>(path).map_err(|e| e.to_string())?,
        None => Weights::default_for::<V>(),
    })
}

/// The starting and fitted weights side by side, a feature a line.
fn print_weights(start: &Weights, fitted: &Weights) {
    println!("{:<14}{:>8}{:>8}", "feature", "start", "fitted");
    for (i, feature) in Feature::ALL.iter().enumerate() {
        println!(
            "{:<14}{:>8}{:>8}",
            feature.name(),
            start.as_array()[i],
            fitted.as_array()[i]
        );
    }
}

fn run_fit<V: Variant>(args: &FitArgs) -> Result<(), CliError> {
    let mut games = read_games::<V>(&args.game_files)?;
    if let Some(count) = args.selfplay {
        let config = self_play_config::<V>(&args.games, &args.play, count)?;
        let path = args
            .save_games
            .clone()
            .unwrap_or_else(|| args.out.with_extension("pdn"));
        games.extend(play_and_save::<V>(&config, &args.games, &args.play, &path)?);
    }
    let start = fit_start::<V>(args.holdout, args.start.as_deref())?;
    let config = FitConfig {
        iterations: args.iterations as usize,
        learning_rate: args.learning_rate,
        holdout: args.holdout,
        skip_plies: args.skip_plies as usize,
        seed: args.play.seed,
        l2: args.l2,
        fixed: [Feature::Men]
            .into_iter()
            .chain(args.fix.iter().copied())
            .collect(),
    };
    let began = Instant::now();
    let (train, holdout) = split_samples(&games, config.holdout, config.skip_plies, config.seed);
    let outcome = fit(&train, &holdout, &start, &config).map_err(|e| e.to_string())?;
    outcome
        .weights
        .save::<V>(&args.out)
        .map_err(|e| e.to_string())?;
    let csv = args.out.with_extension("loss.csv");
    let svg = args.out.with_extension("loss.svg");
    outcome.write_curve(&csv, &svg).map_err(|e| e.to_string())?;
    println!(
        "{} games, {} training and {} hold-out positions; K = {:.1}; {:.1} s",
        games.len(),
        outcome.samples.0,
        outcome.samples.1,
        outcome.k,
        began.elapsed().as_secs_f64()
    );
    println!(
        "loss: start {:.5} (hold-out {:.5}), fitted {:.5} (hold-out {:.5})",
        outcome.start.train, outcome.start.holdout, outcome.end.train, outcome.end.holdout
    );
    print_weights(&start, &outcome.weights);
    println!(
        "king/man {:.2}; weights written to {}, loss curve to {} and {}",
        king_man_ratio(&outcome.weights),
        args.out.display(),
        csv.display(),
        svg.display()
    );
    Ok(())
}
