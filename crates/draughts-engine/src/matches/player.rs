//! The players of a match: the in-process searcher, an external engine in either Hub
//! dialect, or a DXP Follower across the network.

use super::dialect::Answer;
use super::external::{EngineProcess, Received};
use super::spec::{EngineKind, ExternalSpec, PlayerSpec};
use crate::dxp::remote::{RemoteFollower, RemoteSpec};
use crate::session::EngineSession;
use draughts_core::{Game, GameResult, Move, Variant};
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

    /// The game has ended with `result` (a player across a protocol says so to its
    /// engine).
    fn game_over(&mut self, _game: &Game<V>, _result: GameResult) {}
}

/// Builds the player `spec` describes.
///
/// # Errors
/// A message if the internal engine's weights cannot be read, or a DXP engine is
/// asked to play another variant than International.
pub fn build<V: Variant>(spec: &PlayerSpec) -> Result<Box<dyn Player<V> + '_>, String> {
    Ok(match &spec.kind {
        EngineKind::Internal(options) => Box::new(Internal {
            engine: EngineSession::from_options(options).map_err(|e| e.to_string())?,
            spec,
        }),
        EngineKind::Dxp(dxp) if V::NAME == draughts_core::International::NAME => {
            Box::new(RemoteFollower::<V>::new(RemoteSpec {
                address: dxp.address.clone(),
                minutes: dxp.minutes,
                move_limit: 0,
                initiator: format!("draughts {}", env!("CARGO_PKG_VERSION")),
            }))
        }
        EngineKind::Dxp(_) => {
            return Err(format!(
                "DXP plays International draughts only, not {}",
                V::NAME
            ))
        }
        EngineKind::External(engine) => Box::new(External::<V> {
            spec,
            engine,
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
    engine: EngineSession<V>,
    spec: &'a PlayerSpec,
}

impl<V: Variant> Player<V> for Internal<'_, V> {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.engine.new_game();
        Ok(())
    }

    fn think(&mut self, game: &Game<V>, level: Level, _: Duration) -> Result<Move<V>, Fault> {
        let limits = limits(self.spec, level);
        let result = self
            .engine
            .search(game, limits, &Control::default(), &mut |_| {});
        result
            .best_move
            .ok_or_else(|| Fault::Crash("the search returned no move".into()))
    }

    fn is_fixed(&self) -> bool {
        self.spec.is_fixed()
    }
}

/// An external engine, (re)started when a game needs it.
struct External<'a, V: Variant> {
    spec: &'a PlayerSpec,
    engine: &'a ExternalSpec,
    process: Option<EngineProcess>,
    variant: PhantomData<V>,
}

impl<V: Variant> External<'_, V> {
    /// Sends the request for a move in the engine's dialect and waits for the answer,
    /// which must be one of our legal moves.
    fn ask(
        &self,
        process: &mut EngineProcess,
        game: &Game<V>,
        level: Level,
        allowed: Duration,
    ) -> Result<Move<V>, Fault> {
        let deadline = Instant::now() + allowed;
        let dialect = self.engine.dialect;
        process.discard_pending();
        for line in dialect.request(self.spec, game, level) {
            process.send(&line).map_err(Fault::Crash)?;
        }
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
            match dialect.read_answer(&text) {
                Answer::Other => {}
                Answer::Error(message) => errors.push(message),
                Answer::NoMove(what) => return Err(Fault::Illegal(with_errors(&what, &errors))),
                Answer::Move(text) => {
                    return game.position().parse_hub_move(&text).map_err(|e| {
                        Fault::Illegal(with_errors(&format!("{text:?} ({e})"), &errors))
                    })
                }
            }
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

impl<V: Variant> Player<V> for External<'_, V> {
    fn new_game(&mut self) -> Result<(), Fault> {
        let process = match &mut self.process {
            Some(process) => process,
            None => self
                .process
                .insert(EngineProcess::start(self.engine, V::NAME).map_err(Fault::Crash)?),
        };
        process.send(self.engine.dialect.new_game()).map_err(|e| {
            self.process = None;
            Fault::Crash(e)
        })
    }

    fn think(&mut self, game: &Game<V>, level: Level, allowed: Duration) -> Result<Move<V>, Fault> {
        let Some(mut process) = self.process.take() else {
            return Err(Fault::Crash("the engine is not running".into()));
        };
        let answer = self.ask(&mut process, game, level, allowed);
        match &answer {
            // A process that crashed is gone; one that did not answer in time is in an
            // unknown state: either way the next game starts a fresh one.
            Err(Fault::Crash(_) | Fault::Time(_)) => process.kill(),
            Err(Fault::Illegal(_)) | Ok(_) => self.process = Some(process),
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
    fn limits_of_the_internal_player() {
        let timed: PlayerSpec = "internal".parse().unwrap();
        let fixed: PlayerSpec = "internal:depth=3,nodes=900".parse().unwrap();
        let move_time = Level::MoveTime(Duration::from_millis(100));
        let clock = Level::Clock {
            time_left: Duration::from_millis(59_250),
            increment: Duration::from_secs(1),
        };
        assert_eq!(
            limits(&timed, move_time),
            Limits::move_time(Duration::from_millis(100))
        );
        assert_eq!(limits(&fixed, move_time).move_time, None);
        let with_clock = limits(&fixed, clock);
        assert_eq!(with_clock.depth, Some(3));
        assert_eq!(
            with_clock.clock.map(|c| c.time_left),
            Some(Duration::from_millis(60_250))
        );
    }
}
