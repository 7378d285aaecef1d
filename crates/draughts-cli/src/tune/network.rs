//! `draughts tune network`: a network's correction of the evaluation, fitted on
//! labelled positions (see [`draughts_tune::NetworkFit`]), resumable epoch by epoch.

use super::data::evaluation;
use super::{data_sets, BUILTIN_PATTERNS};
use crate::cli::{parse_variant, CliError};
use clap::Args;
use draughts_core::with_variant;
use draughts_core::{Variant, VariantKind};
use draughts_eval::{Network, HIDDEN};
use draughts_tune::{
    fit_network, network_samples, write_curve, DataSet, FitEvent, NetworkFitConfig, TuneError,
};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub(super) struct NetworkArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// or any other variant `tune data` labels.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Labelled positions to fit on (repeatable; `draughts tune data` makes them).
    #[arg(long = "data", value_name = "FILE", required = true)]
    data_files: Vec<PathBuf>,
    /// Weights of the evaluation the network corrects (default: the built-in weights;
    /// with no `--weights` and `--patterns builtin`, the base of the variant's default
    /// evaluation: International's material, English's weights and table).
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Its pattern table: a file, `builtin` (the default) or `none`.
    #[arg(long, value_name = "FILE|builtin|none", default_value = BUILTIN_PATTERNS)]
    patterns: PathBuf,
    #[command(flatten)]
    fit: FitOptions,
    /// Start from this network instead of zero correction: a file, or `builtin` for
    /// the variant's shipped network (a warm start on new data).
    #[arg(long, value_name = "FILE|builtin")]
    init: Option<PathBuf>,
    /// Hidden units (default: the starting network's, or 32 without one); more than
    /// the starting network's adds fresh units to it.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=HIDDEN as i64))]
    hidden: Option<u32>,
    /// Output heads: 2 lets the correction depend on the side to move (the waiting
    /// side's view is read by a head of its own, starting as a copy of the other).
    /// Default: the starting network's, or 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=2))]
    heads: Option<u32>,
    /// Fraction of the games held out to measure the fit.
    #[arg(long, default_value_t = 0.1)]
    holdout: f64,
    /// Seed of the hold-out split, the starting weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The network file to write; beside it FILE.state (to resume from: a run finds
    /// it and goes on), FILE.loss.csv and FILE.loss.svg.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// The options of a network's fit that `tune network` and `tune pipeline` share.
#[derive(Args, Debug)]
pub(super) struct FitOptions {
    /// The weight of the game's result in the target against the search's score.
    #[arg(long, default_value_t = 0.5)]
    lambda: f64,
    /// The sigmoid's scale (default: fitted on the base's losses). Fixing it makes the
    /// losses of fits over different bases (`--patterns none` against the table, say)
    /// comparable.
    #[arg(long, value_name = "K")]
    k: Option<f64>,
    /// Passes over the training positions (a resumed run goes on to this many).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    epochs: u32,
    /// Adam's step size.
    #[arg(long, default_value_t = 0.001)]
    rate: f64,
    /// Positions per step.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    batch: u32,
}

impl FitOptions {
    /// The fit these options ask for, with `hidden` units, `heads` heads and `seed`.
    pub(super) fn config(&self, hidden: usize, heads: usize, seed: u64) -> NetworkFitConfig {
        NetworkFitConfig {
            epochs: self.epochs as usize,
            rate: self.rate,
            batch: self.batch as usize,
            lambda: self.lambda,
            seed,
            hidden,
            heads,
            k: self.k,
        }
    }
}

/// The line that tells of a fit's progress, `seconds` into the run.
pub(super) fn fit_line(event: FitEvent, seconds: f64) -> String {
    match event {
        FitEvent::Resumed { epochs } => format!("resuming after epoch {epochs}"),
        FitEvent::Started { holdout } => {
            format!("the starting network: hold-out loss {holdout:.5}")
        }
        FitEvent::Base { k, train, holdout } => {
            format!("K = {k:.1}; the base alone: training loss {train:.5}, hold-out {holdout:.5}")
        }
        FitEvent::Epoch(point) => format!(
            "epoch {:>3}: training loss {:.5}, hold-out {:.5} ({seconds:.0} s)",
            point.iteration, point.train, point.holdout
        ),
    }
}

pub(super) fn run(args: &NetworkArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_for::<V>(args))
}

/// `path` with `suffix` added to its name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// What a resumed run must share with the run that saved the state: every setting
/// that changes the samples or the steps, and the data files' names and sizes.
fn settings(args: &NetworkArgs, config: &NetworkFitConfig) -> Result<String, CliError> {
    let hidden = config.hidden;
    let mut text = format!(
        "hidden {hidden} lambda {} rate {} batch {} holdout {} seed {} weights {:?} patterns {:?} init {:?}",
        args.fit.lambda,
        args.fit.rate,
        args.fit.batch,
        args.holdout,
        args.seed,
        args.weights,
        args.patterns,
        args.init
    );
    // One head wrote no word for it: the states of earlier runs still resume.
    if config.heads > 1 {
        text.push_str(&format!(" heads {}", config.heads));
    }
    if let Some(k) = config.k {
        text.push_str(&format!(" k {k}"));
    }
    for path in &args.data_files {
        let size = std::fs::metadata(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .len();
        text.push_str(&format!(" data {} {size}", path.display()));
    }
    Ok(text)
}

/// The network of `--init`: a file, or `builtin`.
fn start<V: Variant>(path: &Path) -> Result<Network<V>, CliError> {
    if path.as_os_str() == BUILTIN_PATTERNS {
        let net = draughts_eval::learned_network::<V>()
            .ok_or_else(|| format!("--init builtin: {} ships no network", V::NAME))?;
        return Ok((*net).clone());
    }
    Ok(Network::<V>::load(path).map_err(|e| format!("--init {}: {e}", path.display()))?)
}

fn run_for<V: Variant>(args: &NetworkArgs) -> Result<(), CliError> {
    if !(0.0..1.0).contains(&args.holdout) {
        return Err(format!(
            "--holdout {} is not a fraction from 0 up to 1",
            args.holdout
        )
        .into());
    }
    let began = Instant::now();
    let init = args.init.as_deref().map(start::<V>).transpose()?;
    let units = init.as_ref().map(|net| net.units());
    let fresh = NetworkFitConfig::default().hidden;
    let hidden = args.hidden.map_or(units.unwrap_or(fresh), |n| n as usize);
    if let Some(units) = units.filter(|&units| units > hidden) {
        return Err(format!("--hidden {hidden}: the starting network has {units} units").into());
    }
    let two_heads = init.as_ref().is_some_and(|net| net.two_heads());
    let heads = args
        .heads
        .map_or(1 + usize::from(two_heads), |n| n as usize);
    if two_heads && heads < 2 {
        return Err(String::from("--heads 1: the starting network has two heads").into());
    }
    let base = evaluation::<V>(args.weights.as_deref(), &args.patterns)?;
    let split = |data: &DataSet<V>| network_samples(data, &base, args.holdout, args.seed);
    let (train, holdout) = data_sets(&args.data_files, (vec![], vec![]), began, split)?;
    let config = args.fit.config(hidden, heads, args.seed);
    let state_path = beside(&args.out, ".state");
    let settings = settings(args, &config)?;
    let fit = fit_network(
        &train,
        &holdout,
        &config,
        init.as_ref(),
        &state_path,
        &settings,
        &mut |event| println!("{}", fit_line(event, began.elapsed().as_secs_f64())),
    )
    .map_err(|e| match e {
        TuneError::ResumeMismatch { path } => format!(
            "{} was written by a run with other settings or data; use another --out",
            path.display()
        ),
        e => e.to_string(),
    })?;
    let net = fit.network::<V>();
    net.save(&args.out).map_err(|e| e.to_string())?;
    write_curve(
        &fit.curve,
        fit.k,
        "epoch",
        &beside(&args.out, ".loss.csv"),
        &beside(&args.out, ".loss.svg"),
    )
    .map_err(|e| e.to_string())?;
    println!(
        "rounded network: hold-out loss {:.5}; written: {} ({:.0} s)",
        fit.rounded_loss(&net, &holdout, args.fit.lambda),
        args.out.display(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}
