//! `draughts review`: every move of every game of a PDN file judged and explained
//! (the library's [`draughts_engine::review`]), games in parallel, with the errors
//! listed on standard output, the reviews as JSON Lines (one game a line, written as
//! each game ends, so a killed run resumes with `--resume`) and the games as annotated
//! PDN.

use crate::cli::{CliError, EngineArgs};
use crate::progress::ProgressLine;
use clap::Args;
use draughts_core::pdn::read_games_from_bytes;
use draughts_core::{with_variant, EndgameOracle, Variant, VariantKind};
use draughts_engine::engine::EngineParts;
use draughts_engine::parallel::Event;
use draughts_engine::review::batch::{read_records, review_all, Record};
use draughts_engine::review::{Class, GameReview, MoveReview, Settings, Side, Summary};
use draughts_search::Limits;
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The arguments of `draughts review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The PDN file of games to review.
    #[arg(value_name = "GAMES.pdn")]
    games: PathBuf,
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = crate::cli::parse_variant)]
    variant: VariantKind,
    /// Search this many nodes a position (the default, 500000, when no limit is given:
    /// about a tenth of a second).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), group = "limit")]
    nodes: Option<u64>,
    /// Search this many seconds a position (not reproducible, unlike --nodes).
    #[arg(long, value_parser = crate::cli::parse_seconds, group = "limit")]
    move_time: Option<f64>,
    /// Search to this depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), group = "limit")]
    depth: Option<u32>,
    /// Write the games as annotated PDN to FILE: NAGs, evaluations, explanations and
    /// the engine's lines.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Write the reviews to FILE as JSON Lines, one game a line as each one ends
    /// (default: FILE.json beside --out).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Go on with the reviews already in the JSON file: review only the games it lacks.
    #[arg(long)]
    resume: bool,
    /// Games reviewed at once, each on one thread (default: one a core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    jobs: Option<u32>,
    /// Judge the moves only: no shots or threats.
    #[arg(long)]
    no_explain: bool,
    /// Check each threat named with a search of this many nodes of the position with
    /// the opponent passed, and count the ones it confirms.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    confirm_nodes: Option<u64>,
    /// List every move's explanation on standard output, not only the errors.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    engine: EngineArgs,
}

/// Runs `draughts review`.
///
/// # Errors
/// A file that cannot be read or written, options that do not fit, or a JSON file that
/// exists without `--resume` or does not read.
pub fn run(args: &ReviewArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

fn run_variant<V: Variant>(args: &ReviewArgs) -> Result<(), CliError> {
    let bytes =
        fs::read(&args.games).map_err(|e| format!("cannot read {}: {e}", args.games.display()))?;
    let games = read_games_from_bytes(&bytes);
    let options = args.engine.options();
    let parts = EngineParts::<V>::load(&options).map_err(|e| e.to_string())?;
    let limits = match (args.nodes, args.move_time, args.depth) {
        (Some(nodes), _, _) => Limits::nodes(nodes),
        (_, Some(seconds), _) => Limits::move_time(Duration::from_secs_f64(seconds)),
        (_, _, Some(depth)) => Limits::depth(depth),
        _ => Limits::nodes(Settings::DEFAULT_NODES),
    };
    let settings = Settings {
        limits,
        explain: !args.no_explain,
        confirm: args.confirm_nodes.map(Limits::nodes),
        ..Settings::default()
    };
    let json = args
        .json
        .clone()
        .or_else(|| args.out.as_ref().map(|out| out.with_extension("json")));
    let mut done: BTreeMap<usize, Record> = BTreeMap::new();
    if let Some(path) = &json {
        for record in resumed(path, args.resume)? {
            done.insert(record.index(), record);
        }
    }
    for record in done.values() {
        let game = record.index().checked_sub(1).and_then(|i| games.get(i));
        let same = match (record, game) {
            (Record::Reviewed(review), Some(Ok(pdn))) => review.tags == pdn.tags,
            // A game that did not read, or did not replay: nothing to compare.
            (Record::Failed { .. }, Some(_)) => true,
            _ => false,
        };
        if !same {
            return Err(format!(
                "game {} of the JSON file is not game {} of {}: resume with the file it was made from",
                record.index(),
                record.index(),
                args.games.display()
            )
            .into());
        }
    }
    let mut journal = match &json {
        Some(path) => Some(BufWriter::new(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        )),
        None => None,
    };
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let database = parts.database().map(|db| &**db as &dyn EndgameOracle<V>);
    let (hash, threads) = (options.hash_mib, options.threads);
    let searcher = || parts.searcher(hash, threads);
    let skip = |game: usize| done.contains_key(&(game + 1));
    let todo = games.len() - done.len();
    eprintln!(
        "review: {} games in {}, {} to review, {} at once",
        games.len(),
        args.games.display(),
        todo,
        jobs
    );
    let started = Instant::now();
    let (mut finished, mut positions) = (0, 0usize);
    let mut meter = ProgressLine::new();
    let mut new = Vec::new();
    let mut failure: Option<io::Error> = None;
    review_all(
        &games,
        jobs,
        &searcher,
        database,
        settings,
        &skip,
        &mut |event| match event {
            Event::Progress { .. } => {
                positions += 1;
                let rate = positions as f64 / started.elapsed().as_secs_f64().max(1e-3);
                let text = format!(
                    "review: {finished}/{todo} games, {positions} positions ({rate:.1} a second)"
                );
                meter.show(finished, todo.max(1), &text);
            }
            Event::Done { item, result } => {
                finished += 1;
                let record = Record::of(item + 1, result);
                if let Some(journal) = journal.as_mut() {
                    let written =
                        writeln!(journal, "{}", record.to_line()).and_then(|()| journal.flush());
                    if let Err(e) = written {
                        failure.get_or_insert(e);
                    }
                }
                new.push(record);
            }
        },
    );
    meter.finish();
    if let Some(e) = failure {
        return Err(format!("cannot write the JSON file: {e}").into());
    }
    for record in new {
        done.insert(record.index(), record);
    }
    let mut out = io::stdout().lock();
    report(&mut out, done.values(), args.all)?;
    let seconds = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "time: {seconds:.1} s for {finished} games ({:.1} games a minute), {positions} positions",
        60.0 * finished as f64 / seconds.max(1e-9)
    )?;
    if let Some(path) = &args.out {
        write_pdn(path, done.values())?;
        writeln!(out, "annotated games: {}", path.display())?;
    }
    if let Some(path) = &json {
        writeln!(out, "reviews (JSON Lines): {}", path.display())?;
    }
    Ok(())
}

/// The records already in the JSON file at `path`: none if it does not exist; an error
/// if it exists and `resume` is off, or if it does not read.
fn resumed(path: &Path, resume: bool) -> Result<Vec<Record>, CliError> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display()).into()),
    };
    if !resume {
        return Err(format!(
            "{} exists: --resume to go on with it, or remove it",
            path.display()
        )
        .into());
    }
    let records = read_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    // A last line cut short is dropped: rewrite the file without it.
    let mut whole = String::new();
    for record in &records {
        whole.push_str(&record.to_line());
        whole.push('\n');
    }
    if whole != text {
        fs::write(path, whole).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(records)
}

/// Each game's errors and both sides' figures, then the totals.
fn report<'a>(
    out: &mut impl Write,
    records: impl Iterator<Item = &'a Record>,
    all: bool,
) -> io::Result<()> {
    let mut totals = [Summary::default(); 2];
    let mut explained = Explained::default();
    let (mut failed, mut games) = (0, 0);
    for record in records {
        let review = match record {
            Record::Reviewed(review) => review,
            Record::Failed { index, error } => {
                failed += 1;
                writeln!(out, "game {index}: not reviewed: {error}")?;
                continue;
            }
        };
        write_game(out, review, all)?;
        totals[0].merge(&review.white);
        totals[1].merge(&review.black);
        explained.add(review);
        games += 1;
    }
    writeln!(out, "all games:")?;
    for (side, summary) in [("White", &totals[0]), ("Black", &totals[1])] {
        writeln!(out, "  {side}: {}", summary_text(summary))?;
    }
    if games > 0 {
        explained.write(out, games)?;
    }
    if failed > 0 {
        writeln!(out, "  {failed} games not reviewed")?;
    }
    Ok(())
}

/// The shots and threats named over the games reviewed.
#[derive(Default)]
struct Explained {
    allowed: usize,
    missed: usize,
    threats: usize,
    parried: usize,
    /// Threats a deeper search looked at, and those it confirmed.
    checked: usize,
    confirmed: usize,
}

impl Explained {
    fn add(&mut self, review: &GameReview) {
        for mv in &review.moves {
            self.allowed += usize::from(mv.allowed.is_some());
            self.missed += usize::from(mv.missed.is_some());
            if let Some(threat) = &mv.threat {
                self.threats += 1;
                self.parried += usize::from(threat.parried == Some(true));
                self.checked += usize::from(threat.confirmed.is_some());
                self.confirmed += usize::from(threat.confirmed == Some(true));
            }
        }
    }

    fn write(&self, out: &mut impl Write, games: usize) -> io::Result<()> {
        let shots = self.allowed + self.missed;
        writeln!(
            out,
            "  shots named: {} allowed, {} missed ({:.2} a game); threats named: {} ({:.2} a game), {} parried",
            self.allowed,
            self.missed,
            shots as f64 / games as f64,
            self.threats,
            self.threats as f64 / games as f64,
            self.parried
        )?;
        if self.checked > 0 {
            writeln!(
                out,
                "  threats the deeper search confirms: {} of {} ({:.1}%)",
                self.confirmed,
                self.checked,
                100.0 * self.confirmed as f64 / self.checked as f64
            )?;
        }
        Ok(())
    }
}

fn write_game(out: &mut impl Write, review: &GameReview, all: bool) -> io::Result<()> {
    let tag = |name| review.tag(name).unwrap_or("?");
    writeln!(
        out,
        "game {}: {} - {}, {} {}",
        review.index,
        tag("White"),
        tag("Black"),
        tag("Event"),
        review.result.as_deref().unwrap_or("*")
    )?;
    for side in [Side::White, Side::Black] {
        let name = if side == Side::White {
            "White"
        } else {
            "Black"
        };
        writeln!(out, "  {name}: {}", summary_text(review.summary(side)))?;
    }
    for mv in &review.moves {
        let Some(text) = review_line(mv) else {
            continue;
        };
        if mv.class.is_some() || all {
            writeln!(out, "  {text}")?;
        }
    }
    Ok(())
}

/// `23. 27-22?? Blunder (+0.10 → -1.20); 27-21 was better; allows …`, for a move with
/// something to say.
fn review_line(mv: &MoveReview) -> Option<String> {
    let explanation = mv.explanation()?;
    let number = format!("{}{}", mv.number, if mv.second { "..." } else { "." });
    let mark = mv.class.map_or("", Class::mark);
    Some(format!("{number} {}{mark} {explanation}", mv.played.text))
}

fn summary_text(summary: &Summary) -> String {
    let counts: Vec<String> = Class::ALL
        .iter()
        .filter(|&&c| {
            summary.count(c) > 0 || matches!(c, Class::Inaccuracy | Class::Mistake | Class::Blunder)
        })
        .map(|&c| match summary.count(c) {
            1 => format!("1 {}", c.name()),
            n => format!("{n} {}", c.names().1),
        })
        .collect();
    format!(
        "{} moves judged: {}; average loss {:.3}, accuracy {:.1}%",
        summary.moves,
        counts.join(", "),
        summary.average_loss(),
        summary.accuracy()
    )
}

/// The reviewed games as annotated PDN, in the file's order.
fn write_pdn<'a>(path: &Path, records: impl Iterator<Item = &'a Record>) -> Result<(), CliError> {
    let cannot = |e: io::Error| format!("cannot write {}: {e}", path.display());
    let mut file = BufWriter::new(File::create(path).map_err(cannot)?);
    for record in records {
        if let Record::Reviewed(review) = record {
            writeln!(file, "{}", review.annotated()).map_err(cannot)?;
        }
    }
    file.flush().map_err(cannot)?;
    Ok(())
}
