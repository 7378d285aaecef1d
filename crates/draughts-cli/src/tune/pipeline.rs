//! `draughts tune pipeline`: a variant's network from zero, generation by generation
//! (see [`draughts_tune::run_pipeline`]), resumable in its folder.

use super::network::{fit_line, FitOptions};
use super::{endgame_database, PlayArgs};
use crate::cli::CliError;
use crate::progress::StageLines;
use clap::Args;
use draughts_core::with_variant;
use draughts_core::Variant;
use draughts_engine::openings;
use draughts_engine::sprt::{Decision, Sprt};
use draughts_eval::{LinearEval, Weights, HIDDEN};
use draughts_tune::{run_pipeline, DataRequest, DataSource, PipelineConfig, PipelineEvent, Stage};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub(super) struct PipelineArgs {
    #[command(flatten)]
    play: PlayArgs,
    /// The evaluation the networks correct: `features` (the variant's hand-set
    /// weights), `material` (their men and kings alone) or a weights file.
    #[arg(
        long,
        value_name = "features|material|FILE",
        default_value = "features"
    )]
    base: PathBuf,
    /// Generations at most; the first whose network fails its test ends the run.
    #[arg(long, default_value_t = PipelineConfig::default().generations as u32, value_parser = clap::value_parser!(u32).range(1..=1000))]
    generations: u32,
    /// Self-play games of each generation.
    #[arg(long, default_value_t = PipelineConfig::default().games as u32, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    games: u32,
    /// Nodes searched for every self-play move.
    #[arg(long, default_value_t = PipelineConfig::default().nodes, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Score every position again with a search of this many nodes for its label
    /// (default: the self-play search's own scores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    label_nodes: Option<u64>,
    /// Random moves after each opening, for variety.
    #[arg(long, default_value_t = PipelineConfig::default().random_plies as u32)]
    random_plies: u32,
    /// Generations whose positions each fit uses, the newest.
    #[arg(long, default_value_t = PipelineConfig::default().window as u32, value_parser = clap::value_parser!(u32).range(1..=1000))]
    window: u32,
    /// Hidden units of the networks.
    #[arg(long, default_value_t = PipelineConfig::default().fit.hidden as u32, value_parser = clap::value_parser!(u32).range(1..=HIDDEN as i64))]
    hidden: u32,
    /// Output heads (2: the correction depends on the side to move).
    #[arg(long, default_value_t = PipelineConfig::default().fit.heads as u32, value_parser = clap::value_parser!(u32).range(1..=2))]
    heads: u32,
    #[command(flatten)]
    fit: FitOptions,
    /// Fraction of each generation's games held out to measure the fit.
    #[arg(long, default_value_t = PipelineConfig::default().holdout)]
    holdout: f64,
    /// The test of each new network against the last (logistic Elo).
    #[arg(long, default_value_t = PipelineConfig::default().sprt)]
    sprt: Sprt,
    /// Games of a test at most; one still undecided then ends the run.
    #[arg(long, default_value_t = PipelineConfig::default().sprt_games as u32, value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    sprt_games: u32,
    /// Nodes searched for every move of the tests.
    #[arg(long, default_value_t = PipelineConfig::default().sprt_nodes, value_parser = clap::value_parser!(u64).range(1..))]
    sprt_nodes: u64,
    /// Endgame database folder (built by `draughts egdb build`): every search of the
    /// run consults it, and a self-play game ends at the first position it knows, by
    /// its value. A run resumes only with the same database.
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
    /// Leave the self-play and the labels to someone else (the cluster driver,
    /// `draughts-cluster pipeline`): the run stops at the first data file it needs that
    /// is not complete, printing the `draughts tune data` options that make it as a
    /// line of JSON; run it again once the file is there.
    #[arg(long)]
    data_elsewhere: bool,
    /// The run's folder: a run already there resumes (with the same options).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

pub(super) fn run(args: &PipelineArgs) -> Result<(), CliError> {
    with_variant!(args.play.variant, V => run_for::<V>(args))
}

/// The base evaluation `--base` names.
fn base<V: Variant>(base: &Path) -> Result<LinearEval<V>, CliError> {
    let features = Weights::default_for::<V>();
    let weights = match base.to_str() {
        Some("material") => features.material(),
        Some("features") => features,
        _ => Weights::load::<V>(base).map_err(|e| e.to_string())?,
    };
    Ok(LinearEval::new(weights))
}

fn config(args: &PipelineArgs) -> PipelineConfig {
    PipelineConfig {
        generations: args.generations as usize,
        games: args.games as usize,
        nodes: args.nodes,
        label_nodes: args.label_nodes,
        random_plies: args.random_plies as usize,
        max_plies: args
            .play
            .max_plies
            .map_or(PipelineConfig::default().max_plies, |n| n as usize),
        window: args.window as usize,
        fit: args
            .fit
            .config(args.hidden as usize, args.heads as usize, 0),
        holdout: args.holdout,
        sprt: args.sprt,
        sprt_games: args.sprt_games as usize,
        sprt_nodes: args.sprt_nodes,
        seed: args.play.seed,
    }
}

/// The options of `draughts tune data` (but `--games`, `--first` and `--out`) that
/// make the file `request` asks for.
fn data_options(args: &PipelineArgs, request: &DataRequest) -> Vec<String> {
    let base = args.out.join("base.weights");
    let network = request
        .network
        .as_ref()
        .map_or_else(|| "none".into(), |path| path.display().to_string());
    let config = &request.config;
    let mut options = vec![
        "--variant".into(),
        args.play.variant.name().into(),
        "--nodes".into(),
        config.nodes.to_string(),
    ];
    match &request.source {
        Some(source) => options.extend(["--rescore".into(), source.display().to_string()]),
        None => {
            options.extend([
                "--seed".into(),
                config.seed.to_string(),
                "--random-plies".into(),
                config.random_plies.to_string(),
                "--max-plies".into(),
                config.max_plies.to_string(),
                "--threatened".into(),
            ]);
            if let Some(openings) = &args.play.openings {
                options.extend(["--openings".into(), openings.display().to_string()]);
            }
        }
    }
    options.extend([
        "--weights".into(),
        base.display().to_string(),
        "--patterns".into(),
        "none".into(),
        "--network".into(),
        network,
    ]);
    if let Some(egdb) = &args.egdb {
        options.extend(["--egdb".into(), egdb.display().to_string()]);
    }
    options
}

fn run_for<V: Variant>(args: &PipelineArgs) -> Result<(), CliError> {
    let began = Instant::now();
    let config = config(args);
    let base = base::<V>(&args.base)?;
    let database = endgame_database::<V>(args.egdb.as_deref())?;
    let openings = openings::load::<V>(args.play.openings.as_deref(), args.play.variant)?;
    let lines = StageLines::new();
    let elapsed = || began.elapsed().as_secs_f64();
    let show = |event: PipelineEvent| match event {
        PipelineEvent::Stage { generation, stage } => {
            lines.clear();
            let what = match stage {
                Stage::Play => format!("self-play, {} games", config.games),
                Stage::Label => format!(
                    "labels at {} nodes",
                    config.label_nodes.unwrap_or(config.nodes)
                ),
                Stage::Fit => String::from("fit"),
                Stage::Test => format!(
                    "test against the last at {} nodes, SPRT {}",
                    config.sprt_nodes, config.sprt
                ),
            };
            println!("generation {generation}: {what} ({:.0} s)", elapsed());
        }
        PipelineEvent::Data(p) => {
            let text = format!(
                "{}/{} games, {} positions this run, {:.0} positions/s",
                p.games,
                p.total,
                p.positions,
                p.positions as f64 / elapsed().max(1e-3)
            );
            lines.show(0, p.games as u64, p.total as u64, &text);
        }
        PipelineEvent::Fit(event) => {
            lines.clear();
            println!("  {}", fit_line(event, elapsed()));
        }
        PipelineEvent::Test(standing) => {
            let pairs = u64::from(standing.pairs.pairs());
            let text = format!(
                "{} pairs 0/½/1/1½/2 {:?}, LLR {:.2}",
                pairs, standing.pairs.counts, standing.llr
            );
            lines.show(1, pairs, config.sprt_games.div_ceil(2) as u64, &text);
        }
        PipelineEvent::Verdict {
            generation,
            standing,
        } => {
            lines.clear();
            let verdict = match standing.decision {
                Some(Decision::H1) => "kept",
                Some(Decision::H0) => "not better: the run ends",
                None => "undecided: the run ends",
            };
            println!(
                "generation {generation}: {verdict} ({} pairs, LLR {:.2}, {:.0} s)",
                standing.pairs.pairs(),
                standing.llr,
                elapsed()
            );
        }
    };
    let data = if args.data_elsewhere {
        DataSource::Elsewhere
    } else {
        DataSource::Here
    };
    let outcome = run_pipeline(
        &config,
        &openings,
        &base,
        database.as_ref(),
        &args.out,
        data,
        &show,
    )
    .map_err(|e| e.to_string())?;
    lines.clear();
    if let Some(request) = &outcome.waiting {
        let options = data_options(args, request);
        println!(
            "waiting for {}: draughts tune data {} --games {} --out {}",
            request.out.display(),
            options.join(" "),
            request.config.games,
            request.out.display()
        );
        let json = serde_json::json!({
            "waiting": {
                "generation": request.generation,
                "out": request.out,
                "games": request.config.games,
                "options": options,
            }
        });
        println!("{json}");
        return Ok(());
    }
    match &outcome.best {
        Some(_) => println!(
            "{} of {} generations kept: {} ({:.0} s)",
            outcome.kept(),
            outcome.generations.len(),
            args.out.join("best.network").display(),
            elapsed()
        ),
        None => println!(
            "no network passed its test ({:.0} s); see {}",
            elapsed(),
            args.out.join("log").display()
        ),
    }
    Ok(())
}
