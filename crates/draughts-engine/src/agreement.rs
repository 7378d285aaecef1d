//! How often the engine's choice matches the move a master played.
//!
//! Every game of the PDN files is read with the core's reader and its main line
//! replayed. A position is *eligible* once the first plies are past (opening theory is
//! memory, not judgement), when the side to move has more than one legal move and no
//! capture is forced (captures are mostly forced, so they say little about the
//! evaluation). The engine's search chooses a move in each eligible position, or in a
//! seeded random sample of them, with the game's history (repetitions count), and the
//! choice is compared with the master's move.
//!
//! [`measure`] takes the games ([`Collection`]), the chooser and a progress callback, so
//! it knows nothing of the terminal or of the searcher; `draughts agreement` is its
//! command.

use crate::collection::Collection;
use crate::stats::Z95;
use draughts_core::pdn::MainLine;
use draughts_core::{Game, Move, Position, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::io::{self, Write};

/// How many game phases (piece-count buckets) the report splits the positions into.
pub const PHASES: usize = 4;

/// The depth searched when no limit is given.
pub const DEFAULT_DEPTH: u32 = 6;

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
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(settings.seed);
        for i in 0..max {
            let j = rng.random_range(i..chosen.len());
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
pub fn percent(x: f64) -> String {
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

#[cfg(test)]
mod tests;
