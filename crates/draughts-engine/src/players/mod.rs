//! The players of a match: the in-process searcher, an external engine in either Hub
//! dialect, or a DXP Follower across the network.

mod dialect;
mod external;
mod searching;
pub mod spec;

use crate::dxp::remote::{RemoteFollower, RemoteSpec};
use crate::game::{Fault, Level, Player};
use crate::session::EngineSession;
use dialect::Answer;
use draughts_core::{Game, Move, Variant};
use draughts_search::{Control, Limits};
pub use external::EngineProcess;
use external::Received;
pub use searching::{limits_for, Observer, Searching};
use spec::{EngineKind, ExternalSpec, PlayerSpec};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

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
        let fixed = Limits {
            depth: self.spec.depth,
            nodes: self.spec.nodes,
            ..Limits::default()
        };
        let limits = limits_for(fixed, level);
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
