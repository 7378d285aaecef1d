//! `draughts agreement`: how often the engine's choice matches the move a master played.
//!
//! Every game of the PDN files is read with the core's reader and its main line
//! replayed. A position is *eligible* once the first plies are past (opening theory is
//! memory, not judgement), when the side to move has more than one legal move and no
//! capture is forced (captures are mostly forced, so they say little about the
//! evaluation). The engine's search chooses a move in each eligible position, or in a
//! seeded random sample of them, with the game's history (repetitions count), and the
//! choice is compared with the master's move.
//!
//! The library part ([`Collection`], [`measure`], [`Report`]) takes the chooser and a
//! progress callback, so it knows nothing of the terminal or of the searcher; [`run`]
//! is the command.

use crate::cli::{CliError, EngineArgs};
use crate::engine::{searcher, with_variant};
use crate::matches::PlayerSpec;
use crate::progress::ProgressLine;
use crate::rng::SplitMix64;
use clap::Args;
use draughts_core::pdn::{self, MainLine};
use draughts_core::{Game, GameResult, Move, Position, Variant, VariantKind};
use draughts_search::{Control, Limits};
use draughts_tune::stats::Z95;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How many game phases (piece-count buckets) the report splits the positions into.
pub const PHASES: usize = 4;

/// The arguments of `draughts agreement`.
#[derive(Args, Debug)]
pub struct AgreementArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = crate::cli::parse_variant)]
    variant: VariantKind,
    /// A PDN file of games (repeat the option for several files).
    #[arg(long = "games", value_name = "FILE", required = true)]
    games: Vec<PathBuf>,
    /// Search to this depth (the default, 6, when no limit is given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), group = "limit")]
    depth: Option<u32>,
    /// Search this many nodes a position.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), group = "limit")]
    nodes: Option<u64>,
    /// Search this many seconds a position.
    #[arg(long, value_parser = crate::cli::parse_seconds, group = "limit")]
    move_time: Option<f64>,
    /// Leave out the first P plies of every game (opening theory).
    #[arg(long, default_value_t = 10)]
    skip_plies: usize,
    /// Test at most this many positions, a random sample of the eligible ones drawn
    /// with --seed (default: all of them).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    max_positions: Option<u64>,
    /// Seed of the sample: the same seed tests the same positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    engine: EngineArgs,
}

/// The depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 6;

/// Why a collection could not be read.
#[derive(Debug, thiserror::Error)]
pub enum AgreementError {
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// Games the reader refused for one reason: how many, and the first one's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusals {
    /// How many games.
    pub count: usize,
    /// The reader's message for the first of them.
    pub example: String,
}

/// The games of one PDN file, replayed as variant `V`.
#[derive(Clone, Debug)]
pub struct Collection<V: Variant> {
    /// The file's name, for the report.
    pub name: String,
    /// Games the reader found, refused ones included.
    pub games: usize,
    /// The main lines of the games that replay.
    pub lines: Vec<MainLine<V>>,
    /// Their results, line by line ([`GameResult::Unfinished`] where the game has
    /// none).
    pub results: Vec<GameResult>,
    /// Refused games by reason (see [`draughts_core::PdnError::reason`]).
    pub refused: BTreeMap<&'static str, Refusals>,
}

impl<V: Variant> Collection<V> {
    /// Reads and replays the games of a PDN file.
    ///
    /// # Errors
    /// [`AgreementError::Read`] if the file cannot be read; a game that cannot be read
    /// or replayed is counted in [`Collection::refused`], not an error.
    pub fn read(path: &Path) -> Result<Collection<V>, AgreementError> {
        let bytes = std::fs::read(path).map_err(|source| AgreementError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let name = path.file_name().unwrap_or(path.as_os_str());
        Ok(Collection::from_bytes(&name.to_string_lossy(), &bytes))
    }

    /// Reads and replays the games of a PDN file's contents.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Collection<V> {
        let mut collection = Collection {
            name: name.to_string(),
            games: 0,
            lines: Vec::new(),
            results: Vec::new(),
            refused: BTreeMap::new(),
        };
        for game in pdn::PdnReader::from_bytes(bytes) {
            collection.games += 1;
            let replayed = game.and_then(|game| {
                let result = game.game_result::<V>();
                game.replay::<V>().map(|line| (line, result))
            });
            match replayed {
                Ok((line, result)) => {
                    collection.lines.push(line);
                    collection
                        .results
                        .push(result.unwrap_or(GameResult::Unfinished));
                }
                Err(error) => {
                    collection
                        .refused
                        .entry(error.reason())
                        .and_modify(|r| r.count += 1)
                        .or_insert_with(|| Refusals {
                            count: 1,
                            example: error.to_string(),
                        });
                }
            }
        }
        collection
    }

    /// Games refused, all reasons together.
    pub fn refused_count(&self) -> usize {
        self.refused.values().map(|r| r.count).sum()
    }

    /// The line `NAME: N games read, R replayed, F refused`, then one a reason of
    /// refusal, the most frequent first.
    ///
    /// # Errors
    /// As `out`'s writes.
    pub fn write_summary(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "{}: {} games read, {} replayed, {} refused",
            self.name,
            self.games,
            self.lines.len(),
            self.refused_count()
        )?;
        let mut reasons: Vec<_> = self.refused.iter().collect();
        reasons.sort_by(|a, b| b.1.count.cmp(&a.1.count).then(a.0.cmp(b.0)));
        for (reason, refusals) in reasons {
            writeln!(
                out,
                "  {:>6}  {reason} (first: {})",
                refusals.count, refusals.example
            )?;
        }
        Ok(())
    }
}

/// The collections of PDN files, each one's summary written to standard error.
pub(crate) fn read_collections<V: Variant>(
    paths: &[PathBuf],
) -> Result<Vec<Collection<V>>, CliError> {
    let mut collections = Vec::new();
    for path in paths {
        let collection = Collection::<V>::read(path).map_err(|e| e.to_string())?;
        collection
            .write_summary(&mut io::stderr().lock())
            .map_err(|e| e.to_string())?;
        collections.push(collection);
    }
    Ok(collections)
}

/// Which positions to test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Plies at the start of every game that are not tested.
    pub skip_plies: usize,
    /// Test at most this many eligible positions, a random sample.
    pub max_positions: Option<usize>,
    /// Seed of the sample.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            skip_plies: 10,
            max_positions: None,
            seed: 1,
        }
    }
}

/// Positions tested and how many of them the engine agreed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions tested.
    pub tested: usize,
    /// Positions where the engine chose the master's move.
    pub agreed: usize,
}

impl Tally {
    /// The share of agreement, `None` with nothing tested.
    pub fn fraction(&self) -> Option<f64> {
        (self.tested > 0).then(|| self.agreed as f64 / self.tested as f64)
    }

    /// The Wilson score 95% interval of the share (it stays inside 0..1, also at 0
    /// or 100%), `None` with nothing tested.
    pub fn interval(&self) -> Option<(f64, f64)> {
        let p = self.fraction()?;
        let n = self.tested as f64;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some(((centre - half).max(0.0), (centre + half).min(1.0)))
    }

    fn add(&mut self, agreed: bool) {
        self.tested += 1;
        self.agreed += usize::from(agreed);
    }
}

/// Positions of the replayed games that were not eligible, by reason (each position is
/// counted once, under the first reason that applies, in this order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// Within the first plies of a game.
    pub opening: usize,
    /// A capture was forced.
    pub capture: usize,
    /// One legal move only.
    pub single_move: usize,
}

/// Where the search was during [`measure`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions tested so far.
    pub done: usize,
    /// Positions to test.
    pub total: usize,
    /// Of those tested, the ones agreed on.
    pub agreed: usize,
}

/// What [`measure`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Positions in the replayed games (one before each move of the main lines).
    pub positions: usize,
    /// Those not eligible, by reason.
    pub skipped: Skipped,
    /// Eligible positions (tested or not).
    pub eligible: usize,
    /// All positions tested.
    pub total: Tally,
    /// By game phase: the piece-count buckets of [`phase`], most pieces first.
    pub phases: [Tally; PHASES],
    /// The agreement a uniformly random legal move would reach on the same positions:
    /// the sum over the tested positions of 1 / (legal moves).
    pub chance: f64,
    /// Positions where the chooser gave no move (counted as not agreeing).
    pub no_move: usize,
}

/// The game phase of a position: its piece count placed in one of [`PHASES`] equal
/// ranges of `V`'s starting count, 0 for the most pieces.
pub fn phase<V: Variant>(pos: &Position<V>) -> usize {
    let full = Position::<V>::initial().piece_count().max(1) as usize;
    let gone = full.saturating_sub(pos.piece_count() as usize);
    (gone * PHASES / full).min(PHASES - 1)
}

/// The piece counts of each [`phase`] of `V`: (fewest, most).
pub fn phase_ranges<V: Variant>() -> [(u32, u32); PHASES] {
    let full = Position::<V>::initial().piece_count();
    let mut ranges = [(u32::MAX, 0); PHASES];
    for count in 1..=full {
        let bucket = ((full - count) as usize * PHASES / full as usize).min(PHASES - 1);
        let (low, high) = &mut ranges[bucket];
        *low = (*low).min(count);
        *high = (*high).max(count);
    }
    ranges
}

/// Tests the eligible positions of `collections` (all, or a sample as `settings` say):
/// `choose` is asked for its move in each, with the game up to it, and `progress` told
/// after each.
pub fn measure<V: Variant>(
    collections: &[Collection<V>],
    settings: &Settings,
    choose: &mut dyn FnMut(&Game<V>) -> Option<Move<V>>,
    progress: &mut dyn FnMut(&Progress),
) -> Report {
    let lines: Vec<&MainLine<V>> = collections.iter().flat_map(|c| &c.lines).collect();
    let mut report = Report {
        positions: 0,
        skipped: Skipped::default(),
        eligible: 0,
        total: Tally::default(),
        phases: [Tally::default(); PHASES],
        chance: 0.0,
        no_move: 0,
    };
    // Stage 1: every eligible position, as (game, ply).
    let mut chosen = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let mut pos = line.start;
        for (ply, mv) in line.moves.iter().enumerate() {
            report.positions += 1;
            if ply < settings.skip_plies {
                report.skipped.opening += 1;
            } else if pos.has_capture() {
                report.skipped.capture += 1;
            } else if pos.count_moves() < 2 {
                report.skipped.single_move += 1;
            } else {
                chosen.push((index, ply));
            }
            pos = pos.play_unchecked(mv);
        }
    }
    report.eligible = chosen.len();
    // Stage 2: the sample, the first `max` of a seeded partial shuffle, then back in
    // game order so that each game is replayed once.
    if let Some(max) = settings.max_positions.filter(|&max| max < chosen.len()) {
        let mut rng = SplitMix64(settings.seed);
        for i in 0..max {
            let j = i + rng.below(chosen.len() - i);
            chosen.swap(i, j);
        }
        chosen.truncate(max);
        chosen.sort_unstable();
    }
    // Stage 3: replay each game with a sampled position and ask the chooser.
    let total = chosen.len();
    let mut next = chosen.iter().peekable();
    while let Some(&&(index, _)) = next.peek() {
        let line = lines[index];
        let mut game = Game::from_position(line.start);
        for (ply, mv) in line.moves.iter().enumerate() {
            if next.next_if(|&&(i, p)| (i, p) == (index, ply)).is_some() {
                let pos = *game.position();
                let choice = choose(&game);
                let agreed = choice.as_ref() == Some(mv);
                report.no_move += usize::from(choice.is_none());
                report.total.add(agreed);
                report.phases[phase(&pos)].add(agreed);
                report.chance += 1.0 / pos.count_moves().max(1) as f64;
                progress(&Progress {
                    done: report.total.tested,
                    total,
                    agreed: report.total.agreed,
                });
            }
            if next.peek().map_or(true, |&&(i, _)| i != index) {
                break;
            }
            // The reader matched every move against the legal moves.
            let played = game.play(mv);
            debug_assert!(played.is_ok(), "{played:?}");
            if played.is_err() {
                break;
            }
        }
        // Positions of this game not reached (impossible, see above) are dropped.
        while next.next_if(|&&(i, _)| i == index).is_some() {}
    }
    report
}

/// `51.7%`.
fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// `1034/2000 = 51.7% (95% interval 49.5% .. 53.9%)`, or `0 positions`.
pub fn describe(tally: &Tally) -> String {
    match (tally.fraction(), tally.interval()) {
        (Some(p), Some((low, high))) => format!(
            "{}/{} = {} (95% interval {} .. {})",
            tally.agreed,
            tally.tested,
            percent(p),
            percent(low),
            percent(high)
        ),
        _ => "0 positions".to_string(),
    }
}

/// The report as text, after the collections' summaries.
pub fn write_report<V: Variant>(
    out: &mut impl Write,
    collections: &[Collection<V>],
    settings: &Settings,
    report: &Report,
) -> io::Result<()> {
    for c in collections {
        c.write_summary(out)?;
    }
    let s = &report.skipped;
    writeln!(
        out,
        "positions: {} in the replayed games; skipped {} in the first {} plies, {} with a \
         capture forced, {} with one legal move; {} eligible",
        report.positions, s.opening, settings.skip_plies, s.capture, s.single_move, report.eligible
    )?;
    if report.total.tested < report.eligible {
        writeln!(
            out,
            "tested: a sample of {} (seed {})",
            report.total.tested, settings.seed
        )?;
    }
    writeln!(out, "agreement: {}", describe(&report.total))?;
    if report.total.tested > 0 {
        writeln!(
            out,
            "a random legal move would agree {}",
            percent(report.chance / report.total.tested as f64)
        )?;
    }
    if report.no_move > 0 {
        writeln!(out, "no move chosen: {} positions", report.no_move)?;
    }
    writeln!(out, "by phase:")?;
    for (tally, (low, high)) in report.phases.iter().zip(phase_ranges::<V>()) {
        writeln!(out, "  {low:>2}-{high:<2} pieces  {}", describe(tally))?;
    }
    Ok(())
}

/// Runs `draughts agreement`: how often the engine plays the masters' moves.
///
/// # Errors
/// A file that cannot be read or written, or options that do not fit.
pub fn run(args: &AgreementArgs) -> Result<(), CliError> {
    with_variant!(args.variant, V => run_variant::<V>(args))
}

fn run_variant<V: Variant>(args: &AgreementArgs) -> Result<(), CliError> {
    let options = args.engine.options();
    let engine = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let limits = match (args.depth, args.nodes, args.move_time) {
        (_, Some(nodes), _) => Limits::nodes(nodes),
        (_, _, Some(seconds)) => Limits::move_time(Duration::from_secs_f64(seconds)),
        (depth, _, _) => Limits::depth(depth.unwrap_or(DEFAULT_DEPTH)),
    };
    let settings = Settings {
        skip_plies: args.skip_plies,
        max_positions: args
            .max_positions
            .map(|m| usize::try_from(m).unwrap_or(usize::MAX)),
        seed: args.seed,
    };
    let collections = args
        .games
        .iter()
        .map(|path| Collection::<V>::read(path))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    let name = PlayerSpec::internal(options, limits.depth, limits.nodes).default_name();
    let limit = match args.move_time {
        Some(seconds) => format!(", {seconds} s a position"),
        None => String::new(),
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Agreement with the games' moves: {}, {name}{limit}",
        V::NAME
    )?;
    let (mut nodes, started) = (0, Instant::now());
    let mut choose = |game: &Game<V>| {
        // Each position on its own: what an earlier one left in the table does not
        // change this one's answer.
        engine.clear();
        let result = engine.search(game, limits, &Control::default(), &mut |_| {});
        nodes += result.nodes;
        result.best_move
    };
    let mut meter = ProgressLine::new();
    let report = measure(&collections, &settings, &mut choose, &mut |p| {
        let share = p.agreed as f64 / p.done.max(1) as f64;
        let text = format!(
            "agreement: {}/{} positions, {} agree",
            p.done,
            p.total,
            percent(share)
        );
        meter.show(p.done, p.total, &text);
    });
    meter.finish();
    write_report(&mut out, &collections, &settings, &report)?;
    let seconds = started.elapsed().as_secs_f64();
    let tested = report.total.tested.max(1) as f64;
    writeln!(
        out,
        "time: {seconds:.1} s, {:.1} ms and {:.0} nodes a position",
        1000.0 * seconds / tested,
        nodes as f64 / tested
    )?;
    if report.total.tested == 0 {
        return Err("no position to test in the games".to_string().into());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
