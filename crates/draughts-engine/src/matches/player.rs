//! The players of a match: the in-process searcher, or an external Hub engine.

use super::external::{HubProcess, Received};
use super::spec::{EngineKind, PlayerSpec};
use crate::engine::{searcher, EngineSearcher};
use crate::hub::line::{Line, LineBuilder};
use draughts_core::{Game, Move, Position, Variant};
use draughts_search::{Clock, Control, Limits};
use std::fmt;
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How a player lost a game other than by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// It answered a move that is not legal (or not a move at all).
    Illegal(String),
    /// It could not be started, exited, or stopped reading its input.
    Crash(String),
    /// It ran out of time (or took longer than the time-out for one move).
    Time(String),
}

impl Fault {
    /// The PDN `Termination` value (PGN's vocabulary).
    pub fn termination(&self) -> &'static str {
        match self {
            Fault::Illegal(_) => "rules infraction",
            Fault::Crash(_) => "abandoned",
            Fault::Time(_) => "time forfeit",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Illegal(what) => write!(f, "illegal move: {what}"),
            Fault::Crash(what) => write!(f, "crash: {what}"),
            Fault::Time(what) => write!(f, "lost on time: {what}"),
        }
    }
}

/// The time the match gives for a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Level {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A game clock: the time left before this move's increment, and the increment
    /// (added before each move).
    Clock {
        /// Time left before the increment is added.
        time_left: Duration,
        /// Added before each move.
        increment: Duration,
    },
}

/// A participant of a match, for variant `V`.
pub trait Player<V: Variant> {
    /// A new game starts (an external engine that crashed is restarted here).
    ///
    /// # Errors
    /// A [`Fault::Crash`] if the engine cannot be made ready.
    fn new_game(&mut self) -> Result<(), Fault>;

    /// The move to play in `game`'s current position (which has a legal move), under
    /// `level`, waiting `allowed` at most.
    ///
    /// # Errors
    /// A [`Fault`] that loses the game; the match measures the time itself.
    fn think(&mut self, game: &Game<V>, level: Level, allowed: Duration) -> Result<Move<V>, Fault>;

    /// Whether it searches to a fixed depth or node count rather than for the time per
    /// move.
    fn is_fixed(&self) -> bool;
}

/// Builds the player `spec` describes.
///
/// # Errors
/// A message if the internal engine's weights cannot be read.
pub fn build<V: Variant>(spec: &PlayerSpec) -> Result<Box<dyn Player<V> + '_>, String> {
    Ok(match &spec.kind {
        EngineKind::Internal(options) => Box::new(Internal {
            searcher: searcher::<V>(options).map_err(|e| e.to_string())?,
            spec,
        }),
        EngineKind::Hub { .. } => Box::new(External::<V> {
            spec,
            process: None,
            variant: PhantomData,
        }),
    })
}

/// Limits for a search under `level` by a player with `spec`'s fixed limits: those
/// replace the time per move; a game clock always applies.
fn limits(spec: &PlayerSpec, level: Level) -> Limits {
    let mut limits = Limits {
        depth: spec.depth,
        nodes: spec.nodes,
        ..Limits::default()
    };
    match level {
        Level::MoveTime(time) if !spec.is_fixed() => limits.move_time = Some(time),
        Level::MoveTime(_) => {}
        Level::Clock {
            time_left,
            increment,
        } => {
            limits.clock = Some(Clock {
                time_left: time_left + increment,
                increment,
                moves_to_go: None,
            });
        }
    }
    limits
}

/// The in-process searcher.
struct Internal<'a, V: Variant> {
    searcher: EngineSearcher<V>,
    spec: &'a PlayerSpec,
}

impl<V: Variant> Player<V> for Internal<'_, V> {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.searcher.clear();
        Ok(())
    }

    fn think(&mut self, game: &Game<V>, level: Level, _: Duration) -> Result<Move<V>, Fault> {
        let limits = limits(self.spec, level);
        let result = self
            .searcher
            .search(game, limits, &Control::default(), &mut |_| {});
        result
            .best_move
            .ok_or_else(|| Fault::Crash("the search returned no move".into()))
    }

    fn is_fixed(&self) -> bool {
        self.spec.is_fixed()
    }
}

/// An external Hub engine, (re)started when a game needs it.
struct External<'a, V: Variant> {
    spec: &'a PlayerSpec,
    process: Option<HubProcess>,
    variant: PhantomData<V>,
}

impl<V: Variant> External<'_, V> {
    /// Sends the position, the level and `go think`, and waits for `done`.
    fn ask(
        process: &mut HubProcess,
        spec: &PlayerSpec,
        game: &Game<V>,
        level: Level,
        allowed: Duration,
    ) -> Result<Move<V>, Fault> {
        let deadline = Instant::now() + allowed;
        let crash = Fault::Crash;
        // The whole game from its start, so the engine sees every repetition.
        process.discard_pending();
        let moves: Vec<String> = game.moves().iter().map(Position::hub_move_text).collect();
        let mut pos = LineBuilder::new("pos").pair("pos", game.start().to_hub());
        if !moves.is_empty() {
            pos = pos.pair("moves", moves.join(" "));
        }
        process.send(&pos.build()).map_err(crash)?;
        for line in level_lines(spec, level) {
            process.send(&line).map_err(crash)?;
        }
        process.send("go think").map_err(crash)?;
        let mut errors = Vec::new();
        loop {
            let text = match process.receive(deadline) {
                Received::Line(text) => text,
                Received::End => return Err(Fault::Crash(process.crash_report())),
                Received::Timeout => {
                    return Err(Fault::Time(format!(
                        "no move within {:.2} s",
                        allowed.as_secs_f64()
                    )))
                }
            };
            let line = match Line::parse(&text) {
                Ok(line) => line,
                Err(_) if text.trim_start().starts_with("done") => {
                    return Err(Fault::Illegal(format!("unreadable answer {:?}", text)));
                }
                Err(_) => continue,
            };
            match line.command.as_str() {
                "done" => {}
                "error" => {
                    errors.push(line.get("message").unwrap_or("").to_string());
                    continue;
                }
                _ => continue,
            }
            let Some(text) = line.get("move") else {
                return Err(Fault::Illegal(with_errors("done without a move", &errors)));
            };
            return game
                .position()
                .parse_hub_move(text)
                .map_err(|e| Fault::Illegal(with_errors(&format!("{text:?} ({e})"), &errors)));
        }
    }
}

/// `what`, followed by the engine's `error` messages if it sent any.
fn with_errors(what: &str, errors: &[String]) -> String {
    if errors.is_empty() {
        what.to_string()
    } else {
        format!("{what}; it said error: {}", errors.join(" | "))
    }
}

/// The `level` lines for a player with `spec` under `level`.
fn level_lines(spec: &PlayerSpec, level: Level) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(depth) = spec.depth {
        lines.push(format!("level depth={depth}"));
    }
    if let Some(nodes) = spec.nodes {
        lines.push(format!("level nodes={nodes}"));
    }
    match level {
        Level::MoveTime(time) if !spec.is_fixed() => {
            lines.push(format!("level move-time={}", seconds(time)));
        }
        Level::MoveTime(_) => {}
        Level::Clock {
            time_left,
            increment,
        } => lines.push(format!(
            "level time={} inc={}",
            seconds(time_left),
            seconds(increment)
        )),
    }
    lines
}

/// Seconds with millisecond precision and no needless zeros: `0.1`, `60`, `1.25`.
fn seconds(time: Duration) -> String {
    let text = format!("{:.3}", time.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl<V: Variant> Player<V> for External<'_, V> {
    fn new_game(&mut self) -> Result<(), Fault> {
        let EngineKind::Hub {
            program,
            args,
            params,
        } = &self.spec.kind
        else {
            return Err(Fault::Crash("not an external engine".into()));
        };
        if self.process.is_none() {
            let process =
                HubProcess::start(program, args, V::NAME, params).map_err(Fault::Crash)?;
            self.process = Some(process);
        }
        let sent = match &mut self.process {
            Some(process) => process.send("new-game"),
            None => Ok(()),
        };
        sent.map_err(|e| {
            self.process = None;
            Fault::Crash(e)
        })
    }

    fn think(&mut self, game: &Game<V>, level: Level, allowed: Duration) -> Result<Move<V>, Fault> {
        let Some(process) = &mut self.process else {
            return Err(Fault::Crash("the engine is not running".into()));
        };
        let answer = Self::ask(process, self.spec, game, level, allowed);
        match &answer {
            // A process that crashed is gone; one that did not answer in time is in an
            // unknown state: either way the next game starts a fresh one.
            Err(Fault::Crash(_) | Fault::Time(_)) => {
                if let Some(mut process) = self.process.take() {
                    process.kill();
                }
            }
            Err(Fault::Illegal(_)) | Ok(_) => {}
        }
        answer
    }

    fn is_fixed(&self) -> bool {
        self.spec.is_fixed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels() {
        let timed: PlayerSpec = "hub:x".parse().unwrap();
        let fixed: PlayerSpec = "hub,depth=3,nodes=900:x".parse().unwrap();
        let move_time = Level::MoveTime(Duration::from_millis(100));
        let clock = Level::Clock {
            time_left: Duration::from_millis(59_250),
            increment: Duration::from_secs(1),
        };
        assert_eq!(level_lines(&timed, move_time), ["level move-time=0.1"]);
        assert_eq!(level_lines(&timed, clock), ["level time=59.25 inc=1"]);
        assert_eq!(
            level_lines(&fixed, move_time),
            ["level depth=3", "level nodes=900"]
        );
        assert_eq!(
            level_lines(&fixed, clock),
            ["level depth=3", "level nodes=900", "level time=59.25 inc=1"]
        );
        assert_eq!(
            limits(&timed, move_time),
            Limits::move_time(Duration::from_millis(100))
        );
        let with_clock = limits(&fixed, clock);
        assert_eq!(with_clock.depth, Some(3));
        assert_eq!(
            with_clock.clock.map(|c| c.time_left),
            Some(Duration::from_millis(60_250))
        );
        assert_eq!(seconds(Duration::from_secs(60)), "60");
    }
}
