//! `draughts puzzles`: positions of real games where the side to move has a forced
//! combination whose first move is the only winning move (the library's
//! [`draughts_engine::puzzles`]), written as a PDN file of puzzles; and `--verify`,
//! which checks a puzzle file again with a deeper search.

use crate::cli::{CliError, EngineArgs};
use crate::progress::ProgressLine;
use clap::Args;
use draughts_core::pdn::read_games_from_bytes;
use draughts_core::{with_variant, EndgameOracle, Variant, VariantKind};
use draughts_engine::engine::EngineParts;
use draughts_engine::parallel::{self, Event};
use draughts_engine::puzzles::file::read_puzzles;
use draughts_engine::puzzles::{Finding, Puzzle, Settings};
use draughts_search::Limits;
use std::collections::{BTreeSet, HashSet};
use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The arguments of `draughts puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// A PDN file of games to find puzzles in (with --out).
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "verify",
        conflicts_with = "verify"
    )]
    games: Option<PathBuf>,
    /// The puzzle file to write (PDN, one puzzle a game), with --games.
    #[arg(long, value_name = "FILE", requires = "games")]
    out: Option<PathBuf>,
    /// Check the puzzles of FILE again: each key must be the only winning move by a
    /// search of --nodes nodes every move (default: ten times the nodes each puzzle
    /// was checked with), or by the endgame database.
    #[arg(long, value_name = "FILE")]
    verify: Option<PathBuf>,
    /// With --verify: nodes of the search of every move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), requires = "verify")]
    nodes: Option<u64>,
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = crate::cli::parse_variant)]
    variant: VariantKind,
    /// Nodes of the search of every move that confirms a puzzle (at least ten times
    /// the finder's own nodes are used where that is more).
    #[arg(long, default_value_t = 2_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    check_nodes: u64,
    /// Searches of every move that confirm a puzzle, at --check-nodes and each time at
    /// twice the nodes before; the key must lead at every one.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=8))]
    check_rounds: u32,
    /// Nodes of the cheap search of every move that drops most candidates first.
    #[arg(long, default_value_t = 50_000, value_parser = clap::value_parser!(u64).range(1..))]
    screen_nodes: u64,
    /// How far (hundredths of a man) the key must lead every other move.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(i32).range(1..))]
    margin: i32,
    /// A position where the best move other than the key scores this much
    /// (hundredths of a man) is won already, and one where the key scores minus this
    /// much is lost: no puzzle.
    #[arg(long, default_value_t = 100)]
    won: i32,
    /// How far (hundredths of a man) --won and --margin are tightened when a puzzle is
    /// found (not when it is verified).
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(i32).range(0..))]
    slack: i32,
    /// Leave out the first P plies of every game.
    #[arg(long, default_value_t = 0)]
    skip_plies: usize,
    /// Look at the first N games only.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_games: Option<u64>,
    /// Go on with the puzzle file: games already done (listed in FILE.done) are left
    /// out, puzzles already found kept.
    #[arg(long, requires = "games")]
    resume: bool,
    /// Games searched at once, each on one thread (default: one a core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    #[command(flatten)]
    engine: EngineArgs,
}

/// Runs `draughts puzzles`.
///
/// # Errors
/// A file that cannot be read or written, a puzzle file that does not read, or options
/// that do not fit.
pub fn run(args: &PuzzlesArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

fn run_variant<V: Variant>(args: &PuzzlesArgs) -> Result<(), CliError> {
    let options = args.engine.options();
    let parts = EngineParts::<V>::load(&options).map_err(|e| e.to_string())?;
    let settings = Settings {
        screen: Some(Limits::nodes(args.screen_nodes)),
        check: Limits::nodes(args.check_nodes),
        rounds: args.check_rounds,
        margin: args.margin,
        won: args.won,
        slack: args.slack,
        skip_plies: args.skip_plies,
        ..Settings::default()
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    match (&args.games, &args.out, &args.verify) {
        (_, _, Some(file)) => verify::<V>(file, args.nodes, &parts, settings, jobs),
        (Some(games), Some(out), None) => find::<V>(games, out, args, &parts, settings, jobs),
        _ => Err("give --games FILE --out FILE, or --verify FILE"
            .to_string()
            .into()),
    }
}

fn find<V: Variant>(
    games_path: &Path,
    out: &Path,
    args: &PuzzlesArgs,
    parts: &EngineParts<V>,
    settings: Settings,
    jobs: usize,
) -> Result<(), CliError> {
    let bytes =
        fs::read(games_path).map_err(|e| format!("cannot read {}: {e}", games_path.display()))?;
    let mut games = read_games_from_bytes(&bytes);
    if let Some(max) = args.max_games {
        games.truncate(usize::try_from(max).unwrap_or(usize::MAX));
    }
    let file_name = games_path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let done_path = PathBuf::from(format!("{}.done", out.display()));
    let (mut puzzles, done) = if args.resume {
        resumed::<V>(out, &done_path)?
    } else if out.exists() {
        return Err(format!(
            "{} exists: --resume to go on with it, or remove it",
            out.display()
        )
        .into());
    } else {
        (Vec::new(), BTreeSet::new())
    };
    let open = |path: &Path| {
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let (mut out_file, mut done_file) = (open(out)?, open(&done_path)?);
    let mut seen: HashSet<String> = puzzles.iter().map(|p| p.fen.clone()).collect();
    let database = parts.database().map(|db| &**db as &dyn EndgameOracle<V>);
    let options = args.engine.options();
    let worker = || {
        let searcher = parts.searcher(options.hash_mib, options.threads);
        let (games, file_name) = (&games, &file_name);
        move |game: usize, progress: &dyn Fn(usize, usize)| {
            let finding = Finding::new(&searcher, database, settings);
            let pdn = games[game].as_ref().map_err(|e| e.to_string())?;
            let line = pdn.replay::<V>().map_err(|e| e.to_string())?;
            Ok::<_, String>(finding.in_game(&line, pdn, file_name, &mut |d, t| progress(d, t)))
        }
    };
    let skip = |game: usize| done.contains(&(game + 1));
    let todo = (0..games.len()).filter(|&g| !skip(g)).count();
    eprintln!(
        "puzzles: {} games in {}, {todo} to search, {jobs} at once",
        games.len(),
        games_path.display()
    );
    let started = Instant::now();
    let (mut finished, mut refused, mut duplicates) = (0, 0, 0);
    let mut meter = ProgressLine::new();
    let mut failure: Option<String> = None;
    parallel::run(games.len(), jobs, &skip, &worker, &mut |event| {
        let Event::Done { item, result } = event else {
            return;
        };
        finished += 1;
        let found = result.unwrap_or_else(|_| {
            refused += 1;
            Vec::new()
        });
        let mut text = String::new();
        for puzzle in found {
            if !seen.insert(puzzle.fen.clone()) {
                duplicates += 1;
                continue;
            }
            match puzzle.to_pdn::<V>() {
                Ok(pdn) => text.push_str(&format!("{pdn}\n")),
                Err(e) => {
                    failure.get_or_insert(e.to_string());
                }
            }
            puzzles.push(puzzle);
        }
        let written = out_file
            .write_all(text.as_bytes())
            .and_then(|()| out_file.flush())
            .and_then(|()| writeln!(done_file, "{}", item + 1));
        if let Err(e) = written {
            failure.get_or_insert(e.to_string());
        }
        let text = format!(
            "puzzles: {finished}/{todo} games, {} puzzles, {:.0} s",
            puzzles.len(),
            started.elapsed().as_secs_f64()
        );
        meter.show(finished, todo.max(1), &text);
    });
    meter.finish();
    if let Some(e) = failure {
        return Err(format!("cannot write {}: {e}", out.display()).into());
    }
    let mut stdout = io::stdout().lock();
    let searched = done.len() + finished - refused;
    writeln!(
        stdout,
        "{} puzzles in {searched} games ({:.1} per 1,000 games); {duplicates} duplicates left out; {refused} games did not replay",
        puzzles.len(),
        1000.0 * puzzles.len() as f64 / searched.max(1) as f64
    )?;
    write_spread(&mut stdout, &puzzles)?;
    writeln!(
        stdout,
        "time: {:.1} s; puzzles: {}",
        started.elapsed().as_secs_f64(),
        out.display()
    )?;
    Ok(())
}

/// The puzzles already in `out` and the games listed done in `done_path`.
fn resumed<V: Variant>(
    out: &Path,
    done_path: &Path,
) -> Result<(Vec<Puzzle>, BTreeSet<usize>), CliError> {
    let bytes = match fs::read(out) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", out.display()).into()),
    };
    let puzzles = read_puzzles::<V>(&bytes)
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: {e}", out.display()))?;
    let done = match fs::read_to_string(done_path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", done_path.display()).into()),
    };
    let done = done
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().parse::<usize>())
        .collect::<Result<BTreeSet<_>, _>>()
        .map_err(|e| format!("{}: {e}", done_path.display()))?;
    Ok((puzzles, done))
}

/// The puzzles' difficulty spread: length, sacrifices, the finder's effort, and how
/// many the players found.
fn write_spread(out: &mut impl Write, puzzles: &[Puzzle]) -> io::Result<()> {
    if puzzles.is_empty() {
        return Ok(());
    }
    let histogram = |key: &dyn Fn(&Puzzle) -> usize| {
        let mut counts = std::collections::BTreeMap::new();
        for p in puzzles {
            *counts.entry(key(p)).or_insert(0) += 1;
        }
        counts
            .iter()
            .map(|(k, n)| format!("{k}: {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(out, "plies: {}", histogram(&|p| p.difficulty.plies))?;
    writeln!(
        out,
        "sacrifices: {}",
        histogram(&|p| p.difficulty.sacrifices)
    )?;
    let mut effort: Vec<u64> = puzzles.iter().map(|p| p.difficulty.effort).collect();
    effort.sort_unstable();
    let at = |q: f64| effort[((effort.len() - 1) as f64 * q).round() as usize];
    writeln!(
        out,
        "finder's effort (positions): median {}, 90% {}, most {}",
        at(0.5),
        at(0.9),
        at(1.0)
    )?;
    let found = puzzles
        .iter()
        .filter(|p| p.source.as_ref().is_some_and(|s| s.found))
        .count();
    writeln!(
        out,
        "played in the game: {found} of {} ({:.0}%)",
        puzzles.len(),
        100.0 * found as f64 / puzzles.len() as f64
    )
}

fn verify<V: Variant>(
    file: &Path,
    nodes: Option<u64>,
    parts: &EngineParts<V>,
    settings: Settings,
    jobs: usize,
) -> Result<(), CliError> {
    let bytes = fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let puzzles = read_puzzles::<V>(&bytes)
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: {e}", file.display()))?;
    let database = parts.database().map(|db| &**db as &dyn EndgameOracle<V>);
    let worker = || {
        let searcher = parts.searcher(64, 1);
        let puzzles = &puzzles;
        move |i: usize, _: &dyn Fn(usize, usize)| {
            let puzzle = &puzzles[i];
            let deeper = Settings {
                won: settings.won,
                margin: settings.margin,
                ..Settings::verifying(puzzle, nodes)
            };
            let verdict = Finding::new(&searcher, database, deeper).verify(puzzle);
            (verdict, deeper.check.nodes.unwrap_or(0))
        }
    };
    let started = Instant::now();
    let mut meter = ProgressLine::new();
    let (mut done, mut unique, mut failures) = (0, 0, Vec::new());
    parallel::run(puzzles.len(), jobs, &|_| false, &worker, &mut |event| {
        let Event::Done { item, result } = event else {
            return;
        };
        done += 1;
        match result {
            (Ok(Some(_)), _) => unique += 1,
            (Ok(None), nodes) => failures.push(format!(
                "puzzle {}: {} is not the only winning move at {nodes} nodes",
                item + 1,
                puzzles[item]
                    .solution
                    .first()
                    .map_or("?", |m| m.text.as_str())
            )),
            (Err(e), _) => failures.push(format!("puzzle {}: {e}", item + 1)),
        }
        meter.show(
            done,
            puzzles.len(),
            &format!("verify: {done}/{} puzzles", puzzles.len()),
        );
    });
    meter.finish();
    let mut out = io::stdout().lock();
    for failure in &failures {
        writeln!(out, "{failure}")?;
    }
    writeln!(
        out,
        "{unique} of {} puzzles have exactly one winning move ({:.1}%); {:.1} s",
        puzzles.len(),
        100.0 * unique as f64 / puzzles.len().max(1) as f64,
        started.elapsed().as_secs_f64()
    )?;
    if unique < puzzles.len() {
        return Err(format!("{} puzzles failed the check", puzzles.len() - unique).into());
    }
    Ok(())
}
