//! `draughts match`: two engines play each other over a set of openings, each opening
//! with both colours, several games at once; the games go to a PDN file and the result
//! to a summary with the Elo difference. With `--sprt`, a sequential probability ratio
//! test on the game pairs (`draughts_tune::sprt`) stops the match once it decides.
//!
//! Each worker thread owns its two players (in-process searchers and/or external
//! engine processes) and plays the games it takes from a shared counter. A player's
//! fault (an illegal move, a crash, a time loss) loses that game and is recorded; an
//! external engine that crashed or hung is restarted for the next game. An engine that
//! crashes in [`CRASHES_TO_STOP`] games in a row (one that no longer starts, a DXP
//! Follower that has gone) stops the match with an error, so that a dead opponent is
//! not scored as a run of wins.

mod dialect;
mod external;
pub mod game;
pub mod openings;
pub mod player;
mod shard;
pub mod spec;

use crate::cli::{parse_seconds, parse_variant, CliError};
use crate::engine::with_variant;
use clap::Args;
use draughts_core::{Color, Position, Variant, VariantKind};
use draughts_tune::sprt::{Decision, Outcome, Pentanomial, Sprt};
use draughts_tune::stats::Tally;
use external::EngineProcess;
use game::{Ending, Played, Rules, TimeControl};
pub use spec::PlayerSpec;
use spec::{Dialect, EngineKind};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The options of `draughts match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The first engine:
    /// internal[:weights=FILE,patterns=FILE|none,tactics=FILE,egdb=DIR,hash=MIB,threads=N,depth=D,nodes=N],
    /// hub[,depth=D,nodes=N,cwd=DIR,PARAM=VALUE...]:COMMAND ARGS for an external Hub
    /// engine, or hub1[,depth=D,cwd=DIR,NAME=VALUE...]:COMMAND ARGS for one of the first
    /// Hub dialect (Scan 2.0; its book is off unless book= says otherwise), or
    /// dxp[,minutes=M]:HOST:PORT for a DXP Follower (International; one game at a time).
    #[arg(long, default_value = "internal", value_name = "SPEC")]
    engine1: String,
    /// The second engine, as --engine1.
    #[arg(long, value_name = "SPEC", required_unless_present = "tally")]
    engine2: Option<String>,
    /// Engine 1's name in the PDN and the summary (default: from its id or options).
    #[arg(long)]
    name1: Option<String>,
    /// Engine 2's name.
    #[arg(long)]
    name2: Option<String>,
    /// Opening positions, one FEN a line, # comments (default: the built-in set).
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games to play, rounded up to even; openings are taken in turn, each with both
    /// colours, and replayed from the first once all have been played (default: every
    /// opening twice; with --sprt, the most games, default 20000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: Option<u32>,
    /// Stop early by a sequential probability ratio test on the game pairs (each
    /// opening with both colours): H0 elo0 against H1 elo1 in logistic Elo (the score
    /// s = 1/(1+10^(-elo/400))), error rates alpha and beta, the generalised
    /// pentanomial LLR. Keys left out keep their defaults:
    /// elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long, value_name = "elo0=E0,elo1=E1,alpha=A,beta=B", value_parser = parse_sprt)]
    sprt: Option<draughts_tune::sprt::Sprt>,
    /// Games played at once (default: the number of cores over the engines' threads).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    concurrency: Option<u32>,
    /// Seconds per move [default: 0.1].
    #[arg(long, value_parser = parse_seconds, conflicts_with = "time")]
    move_time: Option<f64>,
    /// A game clock instead: seconds per side for the game.
    #[arg(long, value_parser = parse_seconds)]
    time: Option<f64>,
    /// The clock's increment in seconds, added before each move.
    #[arg(long, value_parser = parse_nonnegative_seconds, requires = "time")]
    inc: Option<f64>,
    /// Seconds a move may take before it loses on time, with a time per move or a fixed
    /// depth (default: 3 × the time per move + 1, or 60 with depth= or nodes=).
    #[arg(long, value_parser = parse_seconds)]
    timeout: Option<f64>,
    /// Games longer than this many plies are adjudicated drawn.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_plies: u32,
    /// Write the games to this PDN file.
    #[arg(long, alias = "pgn", value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// The PDN Event tag (default: "ENGINE1 vs ENGINE2").
    #[arg(long)]
    event: Option<String>,
    /// Play only the games from this index on (even), a shard of a bigger match:
    /// openings, colours and PDN rounds as in the whole match; --games counts the
    /// shard's games.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    first_game: u32,
    /// Write engine 1's outcome of each game to this file, a line `GAME win|draw|loss`.
    #[arg(long, value_name = "FILE")]
    results: Option<PathBuf>,
    /// Play nothing: add up these results files (the shards of a match) and print the
    /// totals, and with --sprt the test's LLR and its decision pair by pair in game
    /// order, as one JSON line.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    tally: Vec<PathBuf>,
}

fn parse_sprt(text: &str) -> Result<draughts_tune::sprt::Sprt, String> {
    text.parse()
        .map_err(|e: draughts_tune::sprt::SprtError| e.to_string())
}

fn parse_nonnegative_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=1e6).contains(&x) => Ok(x),
        _ => Err(format!(
            "{text:?} is not a number of seconds from 0 to 1000000"
        )),
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

/// Runs `draughts match`: plays the engines against each other and prints the
/// result (and the SPRT's verdict when one is asked for).
///
/// # Errors
/// An engine that cannot be started, or a file that cannot be read or written.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    if !args.tally.is_empty() {
        return shard::tally(&args.tally, args.sprt.as_ref(), &mut io::stdout().lock());
    }
    with_variant!(args.variant, V => run_variant::<V>(args))
}

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

fn run_variant<V: Variant>(args: &MatchArgs) -> Result<(), CliError> {
    let setup = prepare::<V>(args)?;
    let create = |path: &Option<PathBuf>| -> Result<_, CliError> {
        match path {
            Some(path) => {
                Ok(Some(BufWriter::new(File::create(path).map_err(|e| {
                    format!("cannot write {}: {e}", path.display())
                })?)))
            }
            None => Ok(None),
        }
    };
    let (mut pdn, mut results) = (create(&args.pdn)?, create(&args.results)?);
    let mut out = io::stdout().lock();
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
    let event = args
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
    std::thread::scope(|scope| -> Result<(), CliError> {
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
    write!(out, "{}", summary.report(&setup, args.pdn.as_deref()))?;
    match summary.failing() {
        Some(e) => Err(CliError::Message(format!(
            "the match stopped after {} games: {} crashed in {CRASHES_TO_STOP} games in a row",
            summary.tally.games(),
            setup.names[e]
        ))),
        None => Ok(()),
    }
}

/// Reads the options, the openings, and checks that every engine starts.
fn prepare<V: Variant>(args: &MatchArgs) -> Result<Setup<V>, CliError> {
    let engine2 = args.engine2.as_deref().unwrap_or_default();
    let specs = [parse_spec(&args.engine1, 1)?, parse_spec(engine2, 2)?];
    if args.first_game % 2 == 1 {
        return Err(CliError::Message(
            "--first-game must be even: the two games of an opening go together".into(),
        ));
    }
    let mut names = [
        args.name1.clone().unwrap_or_default(),
        args.name2.clone().unwrap_or_default(),
    ];
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
                    eprintln!("draughts: warning: engine {} ({program}): {warning}", i + 1);
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
    let openings = openings::load::<V>(args.openings.as_deref(), args.variant)?;
    let all_openings = if args.sprt.is_some() {
        SPRT_MAX_GAMES
    } else {
        2 * openings.len()
    };
    let games = args.games.map_or(all_openings, |n| n as usize);
    let games = games + games % 2;
    let starts = 2 * openings.len();
    let repeatable = |s: &PlayerSpec| s.is_fixed() && s.threads() == 1;
    if args.first_game as usize + games > starts && specs.iter().all(repeatable) {
        eprintln!(
            "draughts: warning: {} openings make {starts} games (each opening with both \
             colours); games from {} on replay them, and with both sides searching a fixed \
             depth or node count on one thread they repeat those games move for move, \
             adding nothing to the estimate",
            openings.len(),
            starts + 1
        );
    }
    let threads = specs
        .iter()
        .map(PlayerSpec::threads)
        .max()
        .unwrap_or(1)
        .max(1);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let dxp = specs.iter().any(|s| matches!(s.kind, EngineKind::Dxp(_)));
    if dxp && args.concurrency.is_some_and(|c| c > 1) {
        eprintln!("draughts: warning: a DXP engine plays one game at a time: --concurrency 1");
    }
    let concurrency = args
        .concurrency
        .map_or((cores / threads).max(1), |c| c as usize)
        .min(if dxp { 1 } else { games })
        .max(1);
    let time_control = match (args.time, args.move_time) {
        (Some(time), _) => TimeControl::Clock {
            time: Duration::from_secs_f64(time),
            increment: Duration::from_secs_f64(args.inc.unwrap_or(0.0)),
        },
        (None, time) => {
            TimeControl::MoveTime(Duration::from_secs_f64(time.unwrap_or(DEFAULT_MOVE_TIME)))
        }
    };
    let move_timeout = match (args.timeout, time_control) {
        (Some(timeout), _) => Duration::from_secs_f64(timeout),
        (None, TimeControl::MoveTime(time)) => time * 3 + Duration::from_secs(1),
        (None, TimeControl::Clock { .. }) => FIXED_TIMEOUT,
    };
    let rules = Rules {
        time_control,
        move_timeout,
        fixed_timeout: args.timeout.map_or(FIXED_TIMEOUT, Duration::from_secs_f64),
        max_plies: args.max_plies as usize,
    };
    Ok(Setup {
        specs,
        names,
        openings,
        first: args.first_game as usize,
        games,
        concurrency,
        rules,
        sprt: args.sprt,
    })
}

fn parse_spec(text: &str, number: usize) -> Result<PlayerSpec, String> {
    text.parse()
        .map_err(|e| format!("--engine{number} {text:?}: {e}"))
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
                player::Fault::Illegal(_) => 0,
                player::Fault::Crash(_) => 1,
                player::Fault::Time(_) => 2,
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
