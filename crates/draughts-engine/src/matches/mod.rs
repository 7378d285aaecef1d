//! The match runner: two engines play each other over a set of openings, each opening
//! with both colours, several games at once; the games go to a PDN file and the result
//! to a summary with the Elo difference. With an SPRT, a sequential probability ratio
//! test on the game pairs ([`crate::sprt`]) stops the match once it decides.
//!
//! Each worker thread owns its two players (in-process searchers and/or external
//! engine processes) and plays the games it takes from a shared counter. A player's
//! fault (an illegal move, a crash, a time loss) loses that game and is recorded; an
//! external engine that crashed or hung is restarted for the next game. An engine that
//! crashes in [`CRASHES_TO_STOP`] games in a row (one that no longer starts, a DXP
//! Follower that has gone) stops the match with an error, so that a dead opponent is
//! not scored as a run of wins.

pub mod shard;

use crate::engine::with_variant;
use crate::game::{self, Ending, Fault, Played, Rules, TimeControl};
use crate::openings;
use crate::players::spec::{Dialect, EngineKind, PlayerSpec};
use crate::players::{self as player, EngineProcess};
use crate::sprt::{Decision, Outcome, Pentanomial, Sprt};
use crate::stats::Tally;
use draughts_core::{Color, Position, Variant, VariantKind};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A match as its front end describes it (`draughts match` reads one from its options).
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The variant played.
    pub variant: VariantKind,
    /// The two engines (see [`PlayerSpec`]'s text form).
    pub engines: [PlayerSpec; 2],
    /// Their names in the PDN and the summary (empty: from the engine's id or options).
    pub names: [String; 2],
    /// Opening positions, one FEN a line (`None`: the variant's built-in set).
    pub openings: Option<PathBuf>,
    /// Games to play, rounded up to even (`None`: every opening twice; with an SPRT,
    /// [`SPRT_MAX_GAMES`]).
    pub games: Option<usize>,
    /// Stop early when this test decides on the game pairs.
    pub sprt: Option<Sprt>,
    /// Games played at once (`None`: the cores over the engines' threads).
    pub concurrency: Option<usize>,
    /// Seconds per move (`None`: [`DEFAULT_MOVE_TIME`]), unless `clock` is set.
    pub move_time: Option<f64>,
    /// A game clock instead: seconds per side for the game, and the increment.
    pub clock: Option<(f64, f64)>,
    /// Seconds a move may take before it loses on time (`None`: 3 × the time per move
    /// + 1, or 60 with a fixed depth or node count).
    pub timeout: Option<f64>,
    /// Games longer than this many plies are adjudicated drawn.
    pub max_plies: usize,
    /// Write the games to this PDN file.
    pub pdn: Option<PathBuf>,
    /// The PDN Event tag (`None`: "ENGINE1 vs ENGINE2").
    pub event: Option<String>,
    /// Play only the games from this index on (even): a shard of a bigger match.
    pub first_game: usize,
    /// Write engine 1's outcome of each game to this file, a line `GAME win|draw|loss`.
    pub results: Option<PathBuf>,
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// Something the user can fix, said plainly.
    #[error("{0}")]
    Message(String),
    /// Writing the report failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl From<String> for MatchError {
    fn from(message: String) -> MatchError {
        MatchError::Message(message)
    }
}

/// A fixed-depth or fixed-node player may take this long for a move (unless
/// `--timeout` says otherwise).
const FIXED_TIMEOUT: Duration = Duration::from_secs(60);

/// The time per move when no time control is given.
pub const DEFAULT_MOVE_TIME: f64 = 0.1;

/// The most games of a match with `--sprt` and no `--games`.
pub const SPRT_MAX_GAMES: usize = 20_000;

/// Games in a row an engine may crash in before the match stops.
pub const CRASHES_TO_STOP: u32 = 3;

/// Everything about a match but the players' state.
struct Setup<V: Variant> {
    specs: [PlayerSpec; 2],
    names: [String; 2],
    openings: Vec<Position<V>>,
    /// The first game's index (a shard of a match starts later).
    first: usize,
    games: usize,
    concurrency: usize,
    rules: Rules,
    /// Stop early when this test decides.
    sprt: Option<Sprt>,
}

/// A finished game and where it belongs.
struct Record<V: Variant> {
    index: usize,
    /// Whether engine 1 played White.
    engine1_white: bool,
    played: Played<V>,
}

impl<V: Variant> Record<V> {
    /// Engine `e`'s colour (0 = engine 1).
    fn color_of(&self, e: usize) -> Color {
        if (e == 0) == self.engine1_white {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The engine playing `color`.
    fn engine_of(&self, color: Color) -> usize {
        usize::from(self.color_of(0) != color)
    }

    /// Engine 1's result.
    fn outcome(&self) -> Outcome {
        match self.played.result.winner() {
            Some(color) if self.engine_of(color) == 0 => Outcome::Win,
            Some(_) => Outcome::Loss,
            None => Outcome::Draw,
        }
    }
}

/// Plays the match `config` describes: a line per finished game and then the summary
/// go to `out`, warnings (a Hub engine's, a shard that replays its openings) to `warn`;
/// the games to the PDN file and the results file if asked.
///
/// # Errors
/// An engine that cannot be started, or a file that cannot be read or written.
pub fn run(
    config: &MatchConfig,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&str),
) -> Result<(), MatchError> {
    with_variant!(config.variant, V => run_variant::<V>(config, out, warn))
}

fn run_variant<V: Variant>(
    config: &MatchConfig,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&str),
) -> Result<(), MatchError> {
    let setup = prepare::<V>(config, warn)?;
    let create = |path: &Option<PathBuf>| -> Result<_, MatchError> {
        match path {
            Some(path) => {
                Ok(Some(BufWriter::new(File::create(path).map_err(|e| {
                    format!("cannot write {}: {e}", path.display())
                })?)))
            }
            None => Ok(None),
        }
    };
    let (mut pdn, mut results) = (create(&config.pdn)?, create(&config.results)?);
    let games = match &setup.sprt {
        Some(sprt) => format!("at most {} games, SPRT {sprt} (logistic Elo)", setup.games),
        None => format!("{} games", setup.games),
    };
    writeln!(
        out,
        "Match: {} vs {}, {games}, {}, {} openings, {} at a time",
        setup.names[0],
        setup.names[1],
        describe(setup.rules.time_control),
        setup.openings.len(),
        setup.concurrency
    )?;
    let date = today();
    let event = config
        .event
        .clone()
        .unwrap_or_else(|| format!("{} vs {}", setup.names[0], setup.names[1]));
    let mut summary = Summary::default();
    let mut pending = BTreeMap::new();
    let mut next_to_write = setup.first;
    let schedule = Schedule {
        next: AtomicUsize::new(setup.first),
        games: setup.first + setup.games,
        stop: AtomicBool::new(false),
    };
    let (sender, records) = mpsc::channel::<Record<V>>();
    std::thread::scope(|scope| -> Result<(), MatchError> {
        for worker in 0..setup.concurrency {
            let sender = sender.clone();
            let (setup, schedule) = (&setup, &schedule);
            std::thread::Builder::new()
                .name(format!("match-{worker}"))
                .spawn_scoped(scope, move || play_games(setup, schedule, &sender))
                .map_err(|e| format!("cannot start a worker thread: {e}"))?;
        }
        drop(sender);
        for record in records {
            summary.add(&record, setup.sprt.as_ref());
            if summary.decision.is_some() || summary.failing().is_some() {
                schedule.stop.store(true, Ordering::Relaxed);
            }
            writeln!(out, "{}", progress(&setup, &record, &summary))?;
            if let Some(file) = &mut results {
                writeln!(
                    file,
                    "{}",
                    shard::result_line(record.index, record.outcome())
                )
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the results file: {e}"))?;
            }
            pending.insert(record.index, record);
            // Games are written in their order, each as soon as those before it are.
            while let Some(record) = pending.remove(&next_to_write) {
                if let Some(file) = &mut pdn {
                    let text = pdn_text(&setup, &record, &event, &date);
                    writeln!(file, "{text}")
                        .and_then(|()| file.flush())
                        .map_err(|e| format!("cannot write the PDN file: {e}"))?;
                }
                next_to_write += 1;
            }
        }
        Ok(())
    })?;
    write!(out, "{}", summary.report(&setup, config.pdn.as_deref()))?;
    match summary.failing() {
        Some(e) => Err(MatchError::Message(format!(
            "the match stopped after {} games: {} crashed in {CRASHES_TO_STOP} games in a row",
            summary.tally.games(),
            setup.names[e]
        ))),
        None => Ok(()),
    }
}

/// Reads the openings, and checks that every engine starts.
fn prepare<V: Variant>(
    config: &MatchConfig,
    warn: &mut dyn FnMut(&str),
) -> Result<Setup<V>, MatchError> {
    let specs = config.engines.clone();
    if config.first_game % 2 == 1 {
        return Err(MatchError::Message(
            "the first game's index must be even: the two games of an opening go together".into(),
        ));
    }
    let mut names = config.names.clone();
    for (i, spec) in specs.iter().enumerate() {
        match &spec.kind {
            EngineKind::Internal(_) => {
                // Reads the weights once, so a bad file is an error before any game.
                player::build::<V>(spec).map_err(|e| format!("engine {}: {e}", i + 1))?;
            }
            EngineKind::Dxp(_) => {}
            EngineKind::External(engine) => {
                let program = &engine.program;
                let process = EngineProcess::start(engine, V::NAME)
                    .map_err(|e| format!("engine {}: {e}", i + 1))?;
                let mut warnings = process.warnings.clone();
                if engine.dialect == Dialect::Hub1 && spec.nodes.is_some() {
                    warnings.push(
                        "the first Hub dialect has no node limit: nodes= is sent as `nodes N`, \
                         which Scan 2.0 ignores (use depth=)"
                            .into(),
                    );
                }
                for warning in &warnings {
                    warn(&format!("engine {} ({program}): {warning}", i + 1));
                }
                if names[i].is_empty() {
                    if let Some(id) = &process.id {
                        names[i] = id.clone();
                    }
                }
            }
        }
        if names[i].is_empty() {
            names[i] = spec.default_name();
        }
    }
    if names[0] == names[1] {
        names[0].push_str(" #1");
        names[1].push_str(" #2");
    }
    let openings = openings::load::<V>(config.openings.as_deref(), config.variant)?;
    let all_openings = if config.sprt.is_some() {
        SPRT_MAX_GAMES
    } else {
        2 * openings.len()
    };
    let games = config.games.unwrap_or(all_openings);
    let games = games + games % 2;
    let starts = 2 * openings.len();
    let repeatable = |s: &PlayerSpec| s.is_fixed() && s.threads() == 1;
    if config.first_game + games > starts && specs.iter().all(repeatable) {
        warn(&format!(
            "{} openings make {starts} games (each opening with both \
             colours); games from {} on replay them, and with both sides searching a fixed \
             depth or node count on one thread they repeat those games move for move, \
             adding nothing to the estimate",
            openings.len(),
            starts + 1
        ));
    }
    let threads = specs
        .iter()
        .map(PlayerSpec::threads)
        .max()
        .unwrap_or(1)
        .max(1);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let dxp = specs.iter().any(|s| matches!(s.kind, EngineKind::Dxp(_)));
    if dxp && config.concurrency.is_some_and(|c| c > 1) {
        warn("a DXP engine plays one game at a time: concurrency 1");
    }
    let concurrency = config
        .concurrency
        .unwrap_or((cores / threads).max(1))
        .min(if dxp { 1 } else { games })
        .max(1);
    let time_control = match (config.clock, config.move_time) {
        (Some((time, increment)), _) => TimeControl::Clock {
            time: Duration::from_secs_f64(time),
            increment: Duration::from_secs_f64(increment),
        },
        (None, time) => {
            TimeControl::MoveTime(Duration::from_secs_f64(time.unwrap_or(DEFAULT_MOVE_TIME)))
        }
    };
    let move_timeout = match (config.timeout, time_control) {
        (Some(timeout), _) => Duration::from_secs_f64(timeout),
        (None, TimeControl::MoveTime(time)) => time * 3 + Duration::from_secs(1),
        (None, TimeControl::Clock { .. }) => FIXED_TIMEOUT,
    };
    let rules = Rules {
        time_control,
        move_timeout,
        fixed_timeout: config
            .timeout
            .map_or(FIXED_TIMEOUT, Duration::from_secs_f64),
        max_plies: config.max_plies,
    };
    Ok(Setup {
        specs,
        names,
        openings,
        first: config.first_game,
        games,
        concurrency,
        rules,
        sprt: config.sprt,
    })
}

/// Which game a worker plays next.
struct Schedule {
    /// The next game's index.
    next: AtomicUsize,
    /// Games in all.
    games: usize,
    /// Set when the SPRT has decided: no new pair starts.
    stop: AtomicBool,
}

impl Schedule {
    /// The index of the next game to play, if any. Once `stop` is set no new pair
    /// starts, but the second game of a started pair (odd index) is still handed out,
    /// so that every game played belongs to a complete pair.
    fn take(&self) -> Option<usize> {
        // Relaxed: a worker that sees `stop` a little late starts one more pair, which
        // is then played out like the others in flight.
        let mut index = self.next.load(Ordering::Relaxed);
        loop {
            if index >= self.games || (index % 2 == 0 && self.stop.load(Ordering::Relaxed)) {
                return None;
            }
            match self.next.compare_exchange_weak(
                index,
                index + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(index),
                Err(current) => index = current,
            }
        }
    }
}

/// A worker: builds its players, then plays games until there are none left.
fn play_games<V: Variant>(setup: &Setup<V>, schedule: &Schedule, sender: &mpsc::Sender<Record<V>>) {
    let built = (
        player::build::<V>(&setup.specs[0]),
        player::build::<V>(&setup.specs[1]),
    );
    // Checked before the match started; a failure now (a weights file removed meanwhile)
    // still must not leave the match waiting.
    let (Ok(mut first), Ok(mut second)) = built else {
        eprintln!("draughts: error: a worker could not build its players");
        return;
    };
    while let Some(index) = schedule.take() {
        // Each opening twice in a row, engine 1 White first.
        let start = setup.openings[(index / 2) % setup.openings.len()];
        let engine1_white = index % 2 == 0;
        let played = if engine1_white {
            game::play(start, &mut *first, &mut *second, &setup.rules)
        } else {
            game::play(start, &mut *second, &mut *first, &setup.rules)
        };
        let record = Record {
            index,
            engine1_white,
            played,
        };
        if sender.send(record).is_err() {
            return;
        }
    }
}

/// The running totals, from engine 1's side.
#[derive(Default)]
struct Summary {
    tally: Tally,
    /// Wins of White, draws, wins of Black.
    by_color: [u32; 3],
    adjudicated: u32,
    /// Illegal moves, crashes and time losses, per engine.
    faults: [[u32; 3]; 2],
    /// The games in a row (as they finished) each engine crashed in, up to the last.
    crashes_in_a_row: [u32; 2],
    /// Time used, moves made and the least clock left, per engine.
    used: [game::Usage; 2],
    /// Engine 1's pairs of games (the two colours of an opening) by score.
    pairs: Pentanomial,
    /// Engine 1's results of games whose pair is not complete yet, by pair.
    unpaired: BTreeMap<usize, Outcome>,
    /// The SPRT's log-likelihood ratio after the last pair.
    llr: f64,
    /// The SPRT's decision, and the pairs counted when it was taken.
    decision: Option<(Decision, u32)>,
}

impl Summary {
    /// Counts a finished game; with `sprt`, updates the test when it completes a pair.
    fn add<V: Variant>(&mut self, record: &Record<V>, sprt: Option<&Sprt>) {
        let played = &record.played;
        let pair = record.index / 2;
        match self.unpaired.remove(&pair) {
            Some(other) => self.pairs.add(other, record.outcome()),
            None => {
                self.unpaired.insert(pair, record.outcome());
            }
        }
        if let Some(sprt) = sprt {
            self.llr = sprt.llr(&self.pairs);
            if self.decision.is_none() {
                self.decision = sprt.decide(self.llr).map(|d| (d, self.pairs.pairs()));
            }
        }
        match played.result.winner() {
            Some(color) => {
                if record.engine_of(color) == 0 {
                    self.tally.wins += 1;
                } else {
                    self.tally.losses += 1;
                }
                self.by_color[if color == Color::White { 0 } else { 2 }] += 1;
            }
            None => {
                self.tally.draws += 1;
                self.by_color[1] += 1;
            }
        }
        if let Ending::MaxPlies(_) = played.ending {
            self.adjudicated += 1;
        }
        let mut crashed = None;
        if let Some((color, fault)) = played.ending.fault() {
            let kind = match fault {
                Fault::Illegal(_) => 0,
                Fault::Crash(_) => 1,
                Fault::Time(_) => 2,
            };
            self.faults[record.engine_of(color)][kind] += 1;
            crashed = (kind == 1).then(|| record.engine_of(color));
        }
        for (e, run) in self.crashes_in_a_row.iter_mut().enumerate() {
            *run = if crashed == Some(e) { *run + 1 } else { 0 };
        }
        for color in [Color::White, Color::Black] {
            let side = played.used[usize::from(color == Color::Black)];
            let total = &mut self.used[record.engine_of(color)];
            total.time += side.time;
            total.moves += side.moves;
            total.least_left = match (total.least_left, side.least_left) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }

    /// The engine (0 = engine 1) that has crashed in [`CRASHES_TO_STOP`] games in a
    /// row, if one has.
    fn failing(&self) -> Option<usize> {
        (0..2).find(|&e| self.crashes_in_a_row[e] >= CRASHES_TO_STOP)
    }

    fn report<V: Variant>(&self, setup: &Setup<V>, pdn: Option<&Path>) -> String {
        let t = &self.tally;
        let [a, b] = &setup.names;
        let mut text = String::new();
        text.push_str(&format!("\nGames: {}\n", t.games()));
        text.push_str(&format!(
            "{a}: {}, {}, {}; score {:.1}/{} = {:.1}%\n",
            counted(t.wins, "win", "wins"),
            counted(t.draws, "draw", "draws"),
            counted(t.losses, "loss", "losses"),
            t.points(),
            t.games(),
            100.0 * t.score().unwrap_or(0.5)
        ));
        if let Some(elo) = t.elo() {
            text.push_str(&format!("Elo difference ({a} - {b}): {elo}\n"));
        }
        text.push_str(&format!(
            "White wins {}, draws {}, Black wins {}; adjudicated draws (after {} plies) {}\n",
            self.by_color[0],
            self.by_color[1],
            self.by_color[2],
            setup.rules.max_plies,
            self.adjudicated
        ));
        for (e, name) in setup.names.iter().enumerate() {
            let [illegal, crashes, time] = self.faults[e];
            let used = self.used[e];
            let average = if used.moves == 0 {
                0.0
            } else {
                used.time.as_secs_f64() / f64::from(used.moves)
            };
            let least = used.least_left.map_or(String::new(), |t| {
                format!(", least clock left {:.3} s", t.as_secs_f64())
            });
            text.push_str(&format!(
                "{name}: {}, {}, {}; {average:.3} s per move{least}\n",
                counted(illegal, "illegal move", "illegal moves"),
                counted(crashes, "crash", "crashes"),
                counted(time, "time loss", "time losses"),
            ));
        }
        if let Some(sprt) = &setup.sprt {
            let verdict = match self.decision {
                Some((decision, pairs)) => {
                    format!("{decision} after {}", counted(pairs, "pair", "pairs"))
                }
                None => "no decision".into(),
            };
            text.push_str(&format!(
                "SPRT: {verdict} (logistic Elo, {sprt})\nLLR {}; {}",
                llr_text(self.llr, sprt),
                self.pairs
            ));
            if !self.unpaired.is_empty() {
                let games = self.unpaired.len() as u64;
                text.push_str(&format!(
                    "; {} without its pair, not in the LLR",
                    counted(games, "game", "games")
                ));
            }
            text.push('\n');
        }
        if let Some(path) = pdn {
            text.push_str(&format!("PDN: {}\n", path.display()));
        }
        text
    }
}

/// One line per finished game.
fn progress<V: Variant>(setup: &Setup<V>, record: &Record<V>, summary: &Summary) -> String {
    let played = &record.played;
    let white = &setup.names[record.engine_of(Color::White)];
    let black = &setup.names[record.engine_of(Color::Black)];
    let t = &summary.tally;
    let llr = match &setup.sprt {
        Some(sprt) => format!(" | LLR {}", llr_text(summary.llr, sprt)),
        None => String::new(),
    };
    format!(
        "game {}/{}: {white} - {black} {} after {} ({}) | {} +{} ={} -{} {:.1}%{llr}",
        record.index + 1,
        setup.first + setup.games,
        played.result.pdn_token::<V>(),
        counted(played.game.moves().len() as u64, "ply", "plies"),
        ending_text(setup, record),
        setup.names[0],
        t.wins,
        t.draws,
        t.losses,
        100.0 * t.score().unwrap_or(0.5)
    )
}

/// `1.23 [-2.94, 2.94]`: an LLR and the test's bounds.
fn llr_text(llr: f64, sprt: &Sprt) -> String {
    let (lower, upper) = sprt.bounds();
    format!("{llr:.2} [{lower:.2}, {upper:.2}]")
}

/// `1 ply`, `2 plies`.
fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Why the game ended, in words: `draw: threefold repetition`, `white wins: black has
/// no legal move`, `dame (black): illegal move: ...`.
fn ending_text<V: Variant>(setup: &Setup<V>, record: &Record<V>) -> String {
    record
        .played
        .ending_text(|color| format!("{} ({color})", setup.names[record.engine_of(color)]))
}

/// The PDN text of a game, tags filled in, the reason it ended as a comment on its
/// last move.
fn pdn_text<V: Variant>(setup: &Setup<V>, record: &Record<V>, event: &str, date: &str) -> String {
    let round = (record.index + 1).to_string();
    let tags = [
        ("Event", event),
        ("Site", "draughts match"),
        ("Date", date),
        ("Round", round.as_str()),
        (
            "White",
            setup.names[record.engine_of(Color::White)].as_str(),
        ),
        (
            "Black",
            setup.names[record.engine_of(Color::Black)].as_str(),
        ),
    ];
    let mut pdn = record.played.pdn(&tags, ending_text(setup, record));
    pdn.set_tag("TimeControl", describe(setup.rules.time_control));
    pdn.to_string()
}

/// `0.1 s per move`, `60+0.5 s`.
fn describe(time_control: TimeControl) -> String {
    match time_control {
        TimeControl::MoveTime(time) => format!("{} s per move", time.as_secs_f64()),
        TimeControl::Clock { time, increment } => {
            format!("{}+{} s", time.as_secs_f64(), increment.as_secs_f64())
        }
    }
}

/// Today's date (UTC) as PDN writes it, `YYYY.MM.DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    let (year, month, day) = civil_from_days(i64::try_from(days).unwrap_or(0));
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's
/// `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    // Both are small and positive by construction.
    (year, month as u32, day as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_schedule_finishes_the_pairs_it_started() {
        let schedule = Schedule {
            next: AtomicUsize::new(0),
            games: 6,
            stop: AtomicBool::new(false),
        };
        assert_eq!((schedule.take(), schedule.take()), (Some(0), Some(1)));
        assert_eq!(schedule.take(), Some(2));
        schedule.stop.store(true, Ordering::Relaxed);
        // Game 3 is the second of the pair begun with game 2; game 4 would start a new
        // pair.
        assert_eq!(schedule.take(), Some(3));
        assert_eq!((schedule.take(), schedule.take()), (None, None));
        let unstopped = Schedule {
            next: AtomicUsize::new(0),
            games: 3,
            stop: AtomicBool::new(false),
        };
        let taken: Vec<usize> = std::iter::from_fn(|| unstopped.take()).collect();
        assert_eq!(taken, [0, 1, 2]);
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
