//! `draughts egdb`: build, probe, check and measure endgame databases, and measure how
//! well the engine converts won database positions into wins.

mod plan;

use crate::cli::{parse_seconds, parse_variant, CliError};
use crate::progress::StageLines;
use clap::{Args, Subcommand};
use draughts_core::with_variant;
use draughts_core::{Color, GameStatus, Position, Variant, VariantKind, Wld};
use draughts_egdb::{
    build_with, plan, positions_by_kind, wld_letter, BuildOptions, Database, Material, Pass,
    ProbeKind, Progress, Sampler, BUILD_BYTES_PER_SLOT,
};
use draughts_engine::engine::{searcher, EngineOptions, EngineSearcher};
use draughts_engine::game::{self, Ending, Player, Rules, TimeControl};
use draughts_engine::players::Searching;
use draughts_search::Limits;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `draughts egdb ...`.
#[derive(Args, Debug)]
pub struct EgdbArgs {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand, Debug)]
enum EgdbCommand {
    /// Build every slice up to a number of pieces (finished slice files are kept, so an
    /// interrupted build resumes).
    Build(BuildArgs),
    /// Without building: every slice's index slots, and per piece count the largest
    /// job (a slice and its twin) and the build's projected peak memory.
    Plan(PlanArgs),
    /// Read FEN lines from standard input; print each with W, L, D (for the side to
    /// move), ? (not in the database) or E (unreadable line or damaged file, the reason
    /// on standard error).
    Probe(DbArgs),
    /// Per slice: positions stored, wins, losses, draws, exceptions, bytes; then totals
    /// per piece count.
    Stats(DbArgs),
    /// Check that every stored value equals the minimax of its successors.
    Verify(VerifyArgs),
    /// Rewrite the slice files an older format version wrote in the current one
    /// (smaller exception lists; the values are unchanged).
    Repack(DbArgs),
    /// Probe every position of every slice of one database (or every N-th index slot)
    /// in it and in another, and count the differences; exit with an error if any.
    Compare(CompareArgs),
    /// Median and tail latency of single in-memory probes of random positions.
    Latency(LatencyArgs),
    /// Play won database positions out, engine (with the database) against itself, and
    /// count the wins reached within the draw rules.
    Convert(ConvertArgs),
}

#[derive(Args, Debug)]
struct DbArgs {
    /// The variant, any of the fifteen: international, english, brazilian, pool, russian,
    /// italian, spanish, czech, thai, turkish, killer, antidraughts, breakthrough, frisian
    /// or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The database folder.
    #[arg(long, value_name = "DIR")]
    db: PathBuf,
}

#[derive(Args, Debug)]
struct BuildArgs {
    /// The variant, any of the fifteen: international, english, brazilian, pool, russian,
    /// italian, spanish, czech, thai, turkish, killer, antidraughts, breakthrough, frisian
    /// or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Build every slice with at most this many pieces.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: u32,
    /// The folder to write (created if missing).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=256))]
    threads: u32,
    /// Build only the job of this slice (it and its twin), e.g. `w1m0k-b2m0k`; the jobs
    /// it depends on (`egdb plan --json`) must be finished in --out.
    #[arg(long, value_name = "MATERIAL", value_parser = material_arg)]
    only: Option<Material>,
}

#[derive(Args, Debug)]
struct PlanArgs {
    /// The variant, any of the fifteen: international, english, brazilian, pool, russian,
    /// italian, spanish, czech, thai, turkish, killer, antidraughts, breakthrough, frisian
    /// or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Every slice with at most this many pieces.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: u32,
    /// Print every job as JSON: its slices, dependencies, slots and projected peak.
    #[arg(long)]
    json: bool,
    /// With --json: each job's state in this folder (missing, finished: every block
    /// checksum read, or damaged).
    #[arg(long, value_name = "DIR", requires = "json")]
    db: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct CompareArgs {
    #[command(flatten)]
    db: DbArgs,
    /// The database to compare with (it must hold every slice of --db).
    #[arg(long, value_name = "DIR")]
    other: PathBuf,
    /// Compare every N-th index slot of each slice (1: all).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    stride: u64,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=256))]
    threads: u32,
}

#[derive(Args, Debug)]
struct VerifyArgs {
    #[command(flatten)]
    db: DbArgs,
    /// Verify only this slice, e.g. `w1m0k-b5m0k` (repeatable; default: every slice)
    #[arg(long = "slice", value_name = "MATERIAL", value_parser = material_arg)]
    slices: Vec<Material>,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=256))]
    threads: u32,
}

#[derive(Args, Debug)]
struct LatencyArgs {
    #[command(flatten)]
    db: DbArgs,
    /// Positions of this many pieces (default: the most the database holds).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    pieces: Option<u32>,
    /// Positions timed per kind (quiet, capture, threat).
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    samples: u32,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[command(flatten)]
    db: DbArgs,
    /// Won positions to play out.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    samples: u32,
    /// Seconds per move for both sides.
    #[arg(long, default_value_t = 0.05, value_parser = parse_seconds)]
    move_time: f64,
    /// Seed of the sample: the same seed gives the same positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fewest pieces of a sampled position.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=8))]
    min_pieces: u32,
    /// Most pieces of a sampled position (default: the most the database holds).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    max_pieces: Option<u32>,
    /// Sample only quiet positions (neither side can capture), where a win needs a plan
    /// rather than a capture at hand.
    #[arg(long)]
    quiet: bool,
    /// A game still going after this many plies counts as not converted.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// The winner's search stops at every database position, as a plain win/loss/draw
    /// probe does (for comparison: no search past won positions towards a capture or
    /// promotion); the defender still searches to put the conversion off.
    #[arg(long)]
    no_conversion: bool,
    /// Transposition table per side, in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=16384))]
    hash: u32,
}

/// Runs one `egdb` subcommand.
///
/// # Errors
/// Bad options, an unreadable or damaged database, or a failed write.
pub fn run(args: &EgdbArgs) -> Result<(), CliError> {
    let variant = match &args.command {
        EgdbCommand::Build(a) => a.variant,
        EgdbCommand::Plan(a) => a.variant,
        EgdbCommand::Probe(a) | EgdbCommand::Stats(a) | EgdbCommand::Repack(a) => a.variant,
        EgdbCommand::Verify(a) => a.db.variant,
        EgdbCommand::Compare(a) => a.db.variant,
        EgdbCommand::Latency(a) => a.db.variant,
        EgdbCommand::Convert(a) => a.db.variant,
    };
    let mut out = io::stdout().lock();
    with_variant!(variant, V => match &args.command {
        EgdbCommand::Build(a) => run_build::<V>(a, &mut out),
        EgdbCommand::Plan(a) if a.json => plan::print_json::<V>(a.pieces, a.db.as_deref(), &mut out),
        EgdbCommand::Plan(a) => print_plan::<V>(a.pieces, &mut out),
        EgdbCommand::Probe(a) => {
            let db = Database::<V>::open_nonempty(&a.db)?;
            probe_lines(&db, io::stdin().lock(), &mut out, &mut io::stderr()).map(|_| ())
        }
        EgdbCommand::Stats(a) => stats(&Database::<V>::open_nonempty(&a.db)?, &mut out),
        EgdbCommand::Verify(a) => run_verify::<V>(a, &mut out),
        EgdbCommand::Repack(a) => repack(&mut Database::<V>::open_nonempty(&a.db)?, &mut out),
        EgdbCommand::Compare(a) => run_compare::<V>(a, &mut out),
        EgdbCommand::Latency(a) => latency(&Database::<V>::open_nonempty(&a.db.db)?, a, &mut out),
        EgdbCommand::Convert(a) => convert::<V>(a, &mut out),
    })
}

fn print_plan<V: Variant>(pieces: u32, out: &mut dyn Write) -> Result<(), CliError> {
    let plans = plan::<V>(pieces);
    for p in &plans {
        for (material, slots) in &p.slices {
            writeln!(out, "{material}: {slots} slots")?;
        }
    }
    for p in &plans {
        let job: Vec<String> = p.largest_job.iter().map(|m| m.to_string()).collect();
        writeln!(
            out,
            "{} pieces: {} slices, {} slots; largest job {} ({} slots): peak {:.2} GB at {} bytes a slot",
            p.pieces,
            p.slices.len(),
            p.slots(),
            job.join(" + "),
            p.largest_job_slots,
            p.peak_bytes() / 1e9,
            BUILD_BYTES_PER_SLOT
        )?;
    }
    Ok(())
}

fn run_build<V: Variant>(args: &BuildArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let start = Instant::now();
    let options = BuildOptions {
        threads: args.threads as usize,
        only: args.only,
    };
    let lines = StageLines::new();
    // Each line is written (and flushed) when its job ends, so a long build can be
    // followed; a failed write stops the lines, and is reported after the build.
    let mut written = Ok(());
    let on_slice = |report: &draughts_egdb::SliceReport| {
        lines.clear();
        if report.built && written.is_ok() {
            let p = report.passes;
            written = writeln!(
                out,
                "{}: built in {:.2}s (init {:.2}s, retrograde {:.2}s, store {:.2}s), \
                 {} slots, {} positions, {} exceptions, {} bytes",
                report.material,
                report.seconds,
                p.initialise,
                p.retrograde,
                p.store,
                report.slots,
                report.positions,
                report.exceptions,
                report.bytes
            )
            .and_then(|()| out.flush());
        }
    };
    build_with::<V>(&args.out, args.pieces, &options, on_slice, &|p| {
        draw(&lines, p)
    })?;
    lines.clear();
    written?;
    writeln!(out, "done in {:.2}s", start.elapsed().as_secs_f64())?;
    Ok(())
}

/// Lines probed: answered, and unreadable or failed (`E`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProbeCounts {
    /// Lines answered with `W`, `L`, `D` or `?`.
    pub answered: usize,
    /// Lines answered with `E`.
    pub failed: usize,
}

/// Probes each FEN line of `input`, writing `FEN W|L|D|?` to `out`. An unreadable line,
/// or a probe that meets a damaged block, is written back with `E`, and the reason goes
/// to `errors` with the line number; the next line is read as usual. Blank lines are
/// skipped.
///
/// # Errors
/// Reading `input` or writing fails.
pub fn probe_lines<V: Variant>(
    db: &Database<V>,
    input: impl BufRead,
    out: &mut dyn Write,
    errors: &mut dyn Write,
) -> Result<ProbeCounts, CliError> {
    let mut counts = ProbeCounts::default();
    for (number, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let answer = text
            .parse::<Position<V>>()
            .map_err(|e| e.to_string())
            .and_then(|pos| db.probe(&pos).map_err(|e| e.to_string()));
        match answer {
            Ok(value) => {
                counts.answered += 1;
                writeln!(out, "{text} {}", wld_letter(value))?;
            }
            Err(message) => {
                counts.failed += 1;
                writeln!(out, "{text} E")?;
                writeln!(errors, "draughts: line {}: {message}", number + 1)?;
            }
        }
    }
    Ok(counts)
}

/// Per slice and per piece count: positions stored, W/L/D, exceptions, bytes.
fn repack<V: Variant>(db: &mut Database<V>, out: &mut dyn Write) -> Result<(), CliError> {
    let before: u64 = db.stats().iter().map(|s| s.bytes).sum();
    let rewritten = db.repack()?;
    let after: u64 = db.stats().iter().map(|s| s.bytes).sum();
    writeln!(
        out,
        "rewrote {} slice files; the database takes {after} bytes (was {before})",
        rewritten.len()
    )?;
    Ok(())
}

fn stats<V: Variant>(db: &Database<V>, out: &mut dyn Write) -> Result<(), CliError> {
    let mut by_pieces = BTreeMap::<u32, [u64; 6]>::new();
    for s in db.stats() {
        writeln!(out, "{s}")?;
        let total = by_pieces.entry(s.material.pieces()).or_default();
        let figures = [
            s.positions,
            s.wins,
            s.losses,
            s.draws,
            s.exceptions,
            s.bytes,
        ];
        for (sum, x) in total.iter_mut().zip(figures) {
            *sum += x;
        }
    }
    for (pieces, [positions, wins, losses, draws, exceptions, bytes]) in by_pieces {
        writeln!(
            out,
            "{pieces} pieces: {positions} positions, {wins} wins, {losses} losses, {draws} draws, \
             {exceptions} exceptions, {bytes} bytes ({:.3} bits/position)",
            bytes as f64 * 8.0 / positions.max(1) as f64
        )?;
    }
    Ok(())
}

/// A pool of `threads` workers (0: one per core).
fn worker_pool(threads: u32) -> Result<rayon::ThreadPool, CliError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads as usize)
        .build()
        .map_err(|e| CliError::Message(format!("cannot start worker threads: {e}")))
}

fn run_compare<V: Variant>(args: &CompareArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let ours = Database::<V>::open_nonempty(&args.db.db)?;
    let theirs = Database::<V>::open_nonempty(&args.other)?;
    let start = Instant::now();
    let lines = StageLines::new();
    let found = worker_pool(args.threads)?
        .install(|| ours.compare(&theirs, args.stride, &|p| draw(&lines, p)))?;
    lines.clear();
    writeln!(
        out,
        "{} positions compared in {:.2}s (every {} index slot): {} differ",
        found.positions,
        start.elapsed().as_secs_f64(),
        args.stride,
        found.differences
    )?;
    match found.example {
        Some(example) => Err(CliError::Message(format!(
            "{} and {} differ, e.g. {example}",
            args.db.db.display(),
            args.other.display()
        ))),
        None => Ok(()),
    }
}

/// Draws a progress report of the egdb library on the progress line.
fn draw(lines: &StageLines<(Material, Pass)>, p: &Progress) {
    let pass = match p.pass {
        Pass::Initialise => "init".to_owned(),
        Pass::Retrograde if p.generation > 0 => format!("retrograde {}", p.generation),
        Pass::Retrograde => "retrograde".to_owned(),
        Pass::Store => "store".to_owned(),
        Pass::Verify => "verify".to_owned(),
        Pass::Compare => "compare".to_owned(),
    };
    let share = 100.0 * p.done as f64 / p.total.max(1) as f64;
    let text = format!(
        "{} {pass}: {}/{} ({share:.0}%)",
        p.material, p.done, p.total
    );
    lines.show((p.material, p.pass), p.done, p.total, &text);
}

/// Reads a slice name such as `w1m0k-b5m0k` on the command line.
fn material_arg(text: &str) -> Result<Material, String> {
    Material::from_name(text).ok_or_else(|| {
        format!("{text:?} is no slice name: white then black men and kings, e.g. w1m0k-b5m0k")
    })
}

fn run_verify<V: Variant>(args: &VerifyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let db = Database::<V>::open_nonempty(&args.db.db)?;
    if let Some(missing) = args
        .slices
        .iter()
        .find(|&&m| !db.materials().any(|d| d == m))
    {
        return Err(CliError::Message(format!(
            "no slice {missing} in {}",
            args.db.db.display()
        )));
    }
    let pool = worker_pool(args.threads)?;
    let start = Instant::now();
    let keep = |m: Material| args.slices.is_empty() || args.slices.contains(&m);
    let lines = StageLines::new();
    let slices = pool.install(|| db.verify_slices(keep, &|p| draw(&lines, p)))?;
    lines.clear();
    writeln!(
        out,
        "{} slices verified in {:.2}s: every stored value equals the minimax of its successors",
        slices.len(),
        start.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Times single probes of random positions, by [`ProbeKind`].
fn latency<V: Variant>(
    db: &Database<V>,
    args: &LatencyArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let pieces = args.pieces.unwrap_or(db.max_pieces());
    let materials: Vec<Material> = db.materials().filter(|m| m.pieces() == pieces).collect();
    if materials.is_empty() {
        return Err(CliError::Message(format!(
            "{}: no slice of {pieces} pieces",
            db.dir().display()
        )));
    }
    let classes = positions_by_kind::<V>(
        &mut Sampler::new(0x9e37_79b9_7f4a_7c15),
        &materials,
        args.samples as usize,
    );
    for (kind, positions) in ProbeKind::ALL.iter().zip(&classes) {
        // Once untimed, so that every block is mapped in and checked.
        for pos in positions {
            db.probe(pos)?;
        }
        let mut times = Vec::with_capacity(positions.len());
        for pos in positions {
            let start = Instant::now();
            let value = db.probe(pos);
            times.push(start.elapsed().as_nanos());
            std::hint::black_box(value)?;
        }
        times.sort_unstable();
        let at = |q: f64| {
            times
                .get(((times.len().saturating_sub(1)) as f64 * q) as usize)
                .copied()
                .unwrap_or(0)
        };
        writeln!(
            out,
            "{} {pieces} pieces, {}: {} positions, median {} ns, p90 {} ns, p99 {} ns, max {} ns",
            V::NAME,
            kind.name(),
            times.len(),
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        )?;
    }
    Ok(())
}

/// How a conversion game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side that was winning won, after this many plies.
    Converted(u32),
    /// The game ended otherwise: a draw rule, or (a database error) a loss.
    Ended(GameStatus),
    /// Still going at the ply cap.
    Unfinished,
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Converted(plies) => write!(f, "won in {plies} plies"),
            Outcome::Ended(status) => write!(f, "{status}"),
            Outcome::Unfinished => f.write_str("still going at the ply cap"),
        }
    }
}

/// Plays `start` (won for the side to move) out, `winner` moving for the side to move and
/// `defender` for the other, each for `move_time` a move (a lone legal move is played at
/// once), under the draw rules of `V`, for at most `max_plies` plies.
pub fn play_out<V: Variant>(
    start: Position<V>,
    winner: &EngineSearcher<V>,
    defender: &EngineSearcher<V>,
    move_time: Duration,
    max_plies: u32,
) -> Outcome {
    let side = start.turn();
    let mut players = [winner, defender]
        .map(|searcher| Searching::new(searcher, Limits::default()).playing_lone_moves());
    let [winning, defending] = &mut players;
    let (white, black): (&mut dyn Player<V>, &mut dyn Player<V>) = match side {
        Color::White => (winning, defending),
        Color::Black => (defending, winning),
    };
    let rules = Rules::untimed(TimeControl::MoveTime(move_time), max_plies as usize);
    let played = game::play(start, white, black, &rules);
    match played.ending {
        Ending::Rules(GameStatus::Win(color)) if color == side => {
            Outcome::Converted(played.game.moves().len() as u32)
        }
        Ending::Rules(status) => Outcome::Ended(status),
        // A search without a move (a bug) leaves the game unfinished, as the cap does;
        // `game::play` adjudicates nothing by the database.
        Ending::MaxPlies(_) | Ending::Database(_) | Ending::Fault(..) | Ending::NoStart(..) => {
            Outcome::Unfinished
        }
    }
}

/// Won positions drawn at random across the slices of `pieces` pieces: each sample
/// picks a slice and a side to move, then draws placements until one is won for the side
/// to move (giving up on that slice after a few hundred tries).
fn won_positions<V: Variant>(
    db: &Database<V>,
    pieces: std::ops::RangeInclusive<u32>,
    count: usize,
    seed: u64,
    quiet: bool,
) -> Result<Vec<Position<V>>, CliError> {
    let materials: Vec<Material> = db
        .materials()
        .filter(|m| pieces.contains(&m.pieces()) && m.white() > 0 && m.black() > 0)
        .collect();
    if materials.is_empty() {
        return Err(CliError::Message(format!(
            "{}: no slice with {}..={} pieces",
            db.dir().display(),
            pieces.start(),
            pieces.end()
        )));
    }
    let mut sampler = Sampler::new(seed);
    let mut won = Vec::with_capacity(count);
    for _ in 0..count.saturating_mul(1000) {
        if won.len() == count {
            break;
        }
        let material = materials[sampler.below(materials.len())];
        let turn = sampler.color();
        for _ in 0..300 {
            let Some(pos) = sampler.position::<V>(material, turn) else {
                continue;
            };
            if (!quiet || pos.is_quiet())
                && db.probe(&pos)? == Some(Wld::Win)
                && pos.winner().is_none()
            {
                won.push(pos);
                break;
            }
        }
    }
    Ok(won)
}

/// The material of `pos` with the side to move as `w`, so that a slice's samples group
/// whoever moves.
fn mover_material<V: Variant>(pos: &Position<V>) -> Material {
    let material = Material::of(pos);
    if pos.turn() == draughts_core::Color::White {
        material
    } else {
        material.swapped()
    }
}

fn convert<V: Variant>(args: &ConvertArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let db = Arc::new(Database::<V>::open_nonempty(&args.db.db)?);
    let max_pieces = args.max_pieces.unwrap_or(db.max_pieces());
    let samples = won_positions(
        &db,
        args.min_pieces..=max_pieces,
        args.samples as usize,
        args.seed,
        args.quiet,
    )?;
    let options = EngineOptions {
        hash_mib: args.hash as usize,
        ..EngineOptions::default()
    };
    let build = |convert: bool| -> Result<EngineSearcher<V>, CliError> {
        let mut searcher = searcher::<V>(&options).map_err(|e| CliError::Message(e.to_string()))?;
        searcher.set_endgame_oracle(Some(Arc::clone(&db) as _));
        searcher.set_database_conversion(convert);
        Ok(searcher)
    };
    let (winner, defender) = (build(!args.no_conversion)?, build(true)?);
    let move_time = Duration::from_secs_f64(args.move_time);
    writeln!(
        out,
        "{} {} won{} positions ({}..={} pieces, seed {}), {} s a move{}; materials with the \
         side to move (the winner) as w",
        samples.len(),
        V::NAME,
        if args.quiet { " quiet" } else { "" },
        args.min_pieces,
        max_pieces,
        args.seed,
        args.move_time,
        if args.no_conversion {
            ", the winner without conversion search"
        } else {
            ""
        }
    )?;
    let start = Instant::now();
    let mut by_slice = BTreeMap::<(u32, Material), (u32, u32, u64)>::new();
    let mut failures = Vec::new();
    for pos in &samples {
        let material = mover_material(pos);
        let outcome = play_out(*pos, &winner, &defender, move_time, args.max_plies);
        let entry = by_slice
            .entry((material.pieces(), material))
            .or_insert((0, 0, 0));
        entry.0 += 1;
        match outcome {
            Outcome::Converted(plies) => {
                entry.1 += 1;
                entry.2 += u64::from(plies);
            }
            failed => failures.push(format!("{} ({failed})", pos.to_fen())),
        }
    }
    let (mut games, mut wins) = (0, 0);
    for ((_, material), (played, converted, plies)) in &by_slice {
        games += played;
        wins += converted;
        writeln!(
            out,
            "{material}: {converted}/{played} converted, {:.1} plies on average",
            *plies as f64 / f64::from((*converted).max(1))
        )?;
    }
    writeln!(
        out,
        "converted {wins}/{games} = {:.1}% in {:.0}s",
        100.0 * f64::from(wins) / f64::from(games.max(1)),
        start.elapsed().as_secs_f64()
    )?;
    for failure in failures {
        writeln!(out, "not converted: {failure}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::English;
    use draughts_egdb::build;

    /// English databases of up to 3 pieces, one folder per test (tests run in parallel).
    fn english3(test: &str) -> (PathBuf, Arc<Database<English>>) {
        let dir = std::env::temp_dir().join(format!("draughts-egdb-{test}-{}", std::process::id()));
        build::<English>(&dir, 3, &BuildOptions::default()).expect("build a small database");
        let db = Arc::new(Database::open_nonempty(&dir).expect("open it"));
        (dir, db)
    }

    #[test]
    fn probe_answers_every_line_and_marks_bad_ones() {
        let (dir, db) = english3("probe");
        let input = "W:WK1,K2:BK32\n\nnot a fen\nW:WK1,K2:BK32,K31\nW:W1:B5\nB:WK1,K2:BK32\n";
        let (mut out, mut errors) = (Vec::new(), Vec::new());
        let counts = probe_lines(&*db, input.as_bytes(), &mut out, &mut errors).unwrap();
        assert_eq!(
            counts,
            ProbeCounts {
                answered: 3,
                failed: 2
            }
        );
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            [
                "W:WK1,K2:BK32 W",
                "not a fen E",
                "W:WK1,K2:BK32,K31 ?",
                "W:W1:B5 E",
                "B:WK1,K2:BK32 L",
            ]
        );
        let errors = String::from_utf8(errors).unwrap();
        assert!(errors.contains("line 3:"), "{errors}");
        assert!(errors.contains("line 5:"), "{errors}");
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn stats_and_samples() {
        let (dir, db) = english3("stats");
        let mut out = Vec::new();
        stats(&*db, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.contains("3 pieces: "), "{out}");
        let won = won_positions(&db, 3..=3, 20, 5, false).unwrap();
        assert_eq!(won.len(), 20);
        for pos in &won {
            assert_eq!(db.probe(pos).unwrap(), Some(Wld::Win));
            assert_eq!(pos.piece_count(), 3);
        }
        assert_eq!(won, won_positions(&db, 3..=3, 20, 5, false).unwrap());
        assert!(won_positions(&db, 4..=5, 20, 5, false).is_err());
        std::fs::remove_dir_all(dir).ok();
    }

    /// Two kings against one in English: the engine, with the database, catches the
    /// lone king well within the 40-move rule, against a defender using it too.
    #[test]
    fn converts_two_kings_against_one() {
        let (dir, db) = english3("convert");
        let searcher = || {
            let mut s = searcher::<English>(&EngineOptions::default()).unwrap();
            s.set_endgame_oracle(Some(Arc::clone(&db) as _));
            s
        };
        let (winner, defender) = (searcher(), searcher());
        let start: Position<English> = "W:WK1,K2:BK27".parse().unwrap();
        let outcome = play_out(start, &winner, &defender, Duration::from_millis(30), 200);
        assert!(matches!(outcome, Outcome::Converted(_)), "{outcome:?}");
        std::fs::remove_dir_all(dir).ok();
    }
}
