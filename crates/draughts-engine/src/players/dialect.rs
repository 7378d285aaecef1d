//! The two dialects of the Hub protocol an external engine may speak: the handshake,
//! the lines sent for a move, and how the answer reads. Everything else (the process,
//! deadlines, crash reports, the check against our legal moves, the clock) is shared
//! by both (`external.rs`, `player.rs`, `game.rs`).
//!
//! | step | `hub` (Scan 3, FORMATS §4) | `hub1` (Scan 2.0) |
//! |---|---|---|
//! | hello | `hub` → `id`, `param`..., `wait` | `hub` → `name`, `author`, `country`, `wait` |
//! | settings | `set-param name=N value=V` | `set N V` |
//! | start | `init` → `ready` | `init` → `ready` |
//! | new game | `new-game` | `new` |
//! | position | `pos pos=<start> moves="<every move>"` | `pos <current position>` |
//! | limits | `level depth=`, `nodes=`, `move-time=`, `time= inc=` | `depth D`, `nodes N`, `time MS`, `level 0 MS MS` (after `pos`, which resets them) |
//! | search | `go think` → `done move=M` | `go` → `move M [ponder]` |
//!
//! Moves in both are the captured-square form (`28x19x23`). The first dialect has no
//! move list, so such an engine cannot see repetitions across the game, and no node
//! limit of its own: `nodes N` is our extension, which Scan 2.0 ignores.

use super::external::EngineProcess;
use super::spec::{Dialect, PlayerSpec};
use crate::game::Level;
use crate::hub::line::{Line, LineBuilder};
use draughts_core::{Game, Position, Variant};
use std::time::{Duration, Instant};

/// How long an engine may take to answer `hub` with `wait`.
const WAIT_TIMEOUT: Duration = Duration::from_secs(30);
/// How long an engine may take to answer `init` with `ready` (it may load tables).
const READY_TIMEOUT: Duration = Duration::from_secs(120);

/// A line an engine sends while it is asked for a move, as its dialect reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The move, as the engine wrote it.
    Move(String),
    /// The line that should carry the move does not: what is wrong with it.
    NoMove(String),
    /// An `error` line: its message.
    Error(String),
    /// Anything else (`info`, echoes of input): read on.
    Other,
}

impl Dialect {
    /// Introduces the match to a freshly started engine: the greeting, the variant
    /// (where the dialect can say it), `params` in order, and `init` until `ready`.
    /// Fills in the process's `id` and `warnings`.
    ///
    /// # Errors
    /// A message if the engine crashes or does not answer in time.
    pub fn handshake(
        self,
        process: &mut EngineProcess,
        variant: &str,
        params: &[(String, String)],
    ) -> Result<(), String> {
        process.send("hub")?;
        let since = Instant::now();
        let mut announced = Vec::new();
        let mut book_type = None;
        loop {
            let text = process.expect_line(since, WAIT_TIMEOUT, "wait")?;
            match self {
                Dialect::Hub => {
                    let Ok(line) = Line::parse(&text) else {
                        continue;
                    };
                    match line.command.as_str() {
                        "id" => {
                            let name = line.get("name").map(str::to_string);
                            process.id = match (name, line.get("version")) {
                                (Some(name), Some(version)) => Some(format!("{name} {version}")),
                                (name, _) => name,
                            };
                        }
                        "param" => {
                            if let Some(name) = line.get("name") {
                                announced.push(name.to_string());
                                if name == "book" {
                                    book_type = line.get("type").map(str::to_string);
                                }
                            }
                        }
                        "wait" => break,
                        _ => warn_if_error(self, process, &text),
                    }
                }
                Dialect::Hub1 => match text.split_once(' ') {
                    Some(("name", name)) if !name.trim().is_empty() => {
                        process.id = Some(name.trim().to_string());
                    }
                    _ if text.trim() == "wait" => break,
                    _ => warn_if_error(self, process, &text),
                },
            }
        }
        match self {
            Dialect::Hub if announced.iter().any(|p| p == "variant") => {
                process.send(&set_param("variant", variant))?;
            }
            _ if variant != "international" => process.warnings.push(format!(
                "it announces no variant parameter, so it may not play {variant}"
            )),
            _ => {}
        }
        // A book would replay the same lines from every opening: off unless asked.
        if self == Dialect::Hub
            && announced.iter().any(|p| p == "book")
            && !params.iter().any(|(name, _)| name == "book")
        {
            let off = if book_type.as_deref() == Some("bool") {
                "false"
            } else {
                "none"
            };
            process.send(&set_param("book", off))?;
        }
        for (name, value) in params {
            let line = match self {
                Dialect::Hub => {
                    if !announced.contains(name) {
                        process
                            .warnings
                            .push(format!("it announces no parameter {name} (sent anyway)"));
                    }
                    set_param(name, value)
                }
                Dialect::Hub1 => format!("set {name} {value}"),
            };
            process.send(&line)?;
        }
        process.send("init")?;
        let since = Instant::now();
        loop {
            let text = process.expect_line(since, READY_TIMEOUT, "ready")?;
            if text.trim() == "ready" {
                return Ok(());
            }
            warn_if_error(self, process, &text);
        }
    }

    /// The line that starts a new game.
    pub fn new_game(self) -> &'static str {
        match self {
            Dialect::Hub => "new-game",
            Dialect::Hub1 => "new",
        }
    }

    /// The lines that ask a player with `spec` for a move in `game` under `level`.
    pub fn request<V: Variant>(
        self,
        spec: &PlayerSpec,
        game: &Game<V>,
        level: Level,
    ) -> Vec<String> {
        let mut lines = Vec::new();
        match self {
            Dialect::Hub => {
                // The whole game from its start, so the engine sees every repetition.
                let moves: Vec<String> = game.moves().iter().map(Position::hub_move_text).collect();
                let mut pos = LineBuilder::new("pos").pair("pos", game.start().to_hub());
                if !moves.is_empty() {
                    pos = pos.pair("moves", moves.join(" "));
                }
                lines.push(pos.build());
            }
            Dialect::Hub1 => lines.push(format!("pos {}", first_dialect_position(game.position()))),
        }
        lines.extend(self.level_lines(spec, level));
        lines.push(
            match self {
                Dialect::Hub => "go think",
                Dialect::Hub1 => "go",
            }
            .to_string(),
        );
        lines
    }

    /// The limit lines for a player with `spec` under `level`: its depth and node
    /// limits replace the time per move; a game clock always applies.
    fn level_lines(self, spec: &PlayerSpec, level: Level) -> Vec<String> {
        let mut lines = Vec::new();
        let hub = self == Dialect::Hub;
        if let Some(depth) = spec.depth {
            lines.push(if hub {
                format!("level depth={depth}")
            } else {
                format!("depth {depth}")
            });
        }
        if let Some(nodes) = spec.nodes {
            lines.push(if hub {
                format!("level nodes={nodes}")
            } else {
                format!("nodes {nodes}")
            });
        }
        match level {
            Level::MoveTime(_) if spec.is_fixed() => {}
            Level::MoveTime(time) if hub => {
                lines.push(format!("level move-time={}", seconds(time)));
            }
            Level::MoveTime(time) => lines.push(format!("time {}", milliseconds(time).max(1))),
            Level::Clock {
                time_left,
                increment,
            } if hub => lines.push(format!(
                "level time={} inc={}",
                seconds(time_left),
                seconds(increment)
            )),
            // Zero moves: the clock is for the whole game.
            Level::Clock {
                time_left,
                increment,
            } => lines.push(format!(
                "level 0 {} {}",
                milliseconds(time_left),
                milliseconds(increment)
            )),
        }
        lines
    }

    /// Reads a line the engine sent while thinking.
    pub fn read_answer(self, text: &str) -> Answer {
        match self {
            Dialect::Hub => match Line::parse(text) {
                Ok(line) if line.command == "done" => match line.get("move") {
                    Some(text) => Answer::Move(text.to_string()),
                    None => Answer::NoMove("done without a move".into()),
                },
                Ok(line) if line.command == "error" => {
                    Answer::Error(line.get("message").unwrap_or("").to_string())
                }
                Err(_) if text.trim_start().starts_with("done") => {
                    Answer::NoMove(format!("unreadable answer {text:?}"))
                }
                _ => Answer::Other,
            },
            Dialect::Hub1 => {
                let mut words = text.split_whitespace();
                match words.next() {
                    Some("move") => match words.next() {
                        Some(text) => Answer::Move(text.to_string()),
                        None => Answer::NoMove("move without a move".into()),
                    },
                    Some("error") => Answer::Error(words.collect::<Vec<_>>().join(" ")),
                    _ => Answer::Other,
                }
            }
        }
    }
}

/// Records an `error` line of the handshake as a warning; other lines are ignored.
fn warn_if_error(dialect: Dialect, process: &mut EngineProcess, text: &str) {
    if let Answer::Error(message) = dialect.read_answer(text) {
        let message = if message.is_empty() {
            "(no message)"
        } else {
            &message
        };
        process.warnings.push(format!("it said error: {message}"));
    }
}

fn set_param(name: &str, value: &str) -> String {
    LineBuilder::new("set-param")
        .pair("name", name)
        .pair("value", value)
        .build()
}

/// A position as the first dialect writes it: `w` or `b` for the side to move, then
/// `w`, `b`, `W`, `B` or `e` for each square in numbering order (51 characters in
/// International).
pub fn first_dialect_position<V: Variant>(position: &Position<V>) -> String {
    let hub = position.to_hub();
    let mut chars = hub.chars();
    let turn = chars.next().map(|c| c.to_ascii_lowercase());
    turn.into_iter().chain(chars).collect()
}

/// Seconds with millisecond precision and no needless zeros: `0.1`, `60`, `1.25`.
fn seconds(time: Duration) -> String {
    let text = format!("{:.3}", time.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Whole milliseconds, rounded.
fn milliseconds(time: Duration) -> u128 {
    (time.as_micros() + 500) / 1000
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;

    fn spec(text: &str) -> PlayerSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn levels() {
        let timed = spec("hub:x");
        let fixed = spec("hub,depth=3,nodes=900:x");
        let move_time = Level::MoveTime(Duration::from_millis(100));
        let clock = Level::Clock {
            time_left: Duration::from_millis(59_250),
            increment: Duration::from_secs(1),
        };
        let hub = Dialect::Hub;
        assert_eq!(hub.level_lines(&timed, move_time), ["level move-time=0.1"]);
        assert_eq!(hub.level_lines(&timed, clock), ["level time=59.25 inc=1"]);
        assert_eq!(
            hub.level_lines(&fixed, move_time),
            ["level depth=3", "level nodes=900"]
        );
        assert_eq!(
            hub.level_lines(&fixed, clock),
            ["level depth=3", "level nodes=900", "level time=59.25 inc=1"]
        );
        let first = Dialect::Hub1;
        assert_eq!(first.level_lines(&timed, move_time), ["time 100"]);
        assert_eq!(
            first.level_lines(&timed, Level::MoveTime(Duration::from_micros(200))),
            ["time 1"]
        );
        assert_eq!(first.level_lines(&timed, clock), ["level 0 59250 1000"]);
        assert_eq!(
            first.level_lines(&fixed, move_time),
            ["depth 3", "nodes 900"]
        );
        assert_eq!(
            first.level_lines(&fixed, clock),
            ["depth 3", "nodes 900", "level 0 59250 1000"]
        );
        assert_eq!(seconds(Duration::from_secs(60)), "60");
        assert_eq!(milliseconds(Duration::from_micros(1_499)), 1);
        assert_eq!(milliseconds(Duration::from_micros(1_500)), 2);
    }

    #[test]
    fn requests() {
        let mut game = Game::from_position(Position::<International>::initial());
        let mv = game.position().parse_move("32-28").unwrap();
        game.play(&mv).unwrap();
        let level = Level::MoveTime(Duration::from_millis(250));
        let start = Position::<International>::initial().to_hub();
        assert_eq!(
            Dialect::Hub.request(&spec("hub:x"), &game, level),
            [
                format!("pos pos={start} moves=32-28"),
                "level move-time=0.25".into(),
                "go think".into()
            ]
        );
        // The current position, Black to move, then the limits, then go.
        let now = format!(
            "b{}{}weewe{}",
            "b".repeat(20),
            "e".repeat(7),
            "w".repeat(18)
        );
        assert_eq!(now.len(), 51);
        assert_eq!(first_dialect_position(game.position()), now);
        assert_eq!(
            Dialect::Hub1.request(&spec("hub1,depth=5:x"), &game, level),
            [format!("pos {now}"), "depth 5".into(), "go".into()]
        );
        assert_eq!(Dialect::Hub.new_game(), "new-game");
        assert_eq!(Dialect::Hub1.new_game(), "new");
    }

    #[test]
    fn answers() {
        let hub = Dialect::Hub;
        assert_eq!(
            hub.read_answer("done move=28x19x23 ponder=17x28"),
            Answer::Move("28x19x23".into())
        );
        assert_eq!(
            hub.read_answer("done"),
            Answer::NoMove("done without a move".into())
        );
        assert!(matches!(
            hub.read_answer("done move=\"x"),
            Answer::NoMove(_)
        ));
        assert_eq!(
            hub.read_answer("error message=\"bad pos\""),
            Answer::Error("bad pos".into())
        );
        assert_eq!(hub.read_answer("info depth=3"), Answer::Other);
        let first = Dialect::Hub1;
        assert_eq!(
            first.read_answer("move 31-26 20-25"),
            Answer::Move("31-26".into())
        );
        assert_eq!(
            first.read_answer("move 19x10x14x5"),
            Answer::Move("19x10x14x5".into())
        );
        assert_eq!(
            first.read_answer("move"),
            Answer::NoMove("move without a move".into())
        );
        assert_eq!(
            first.read_answer("error bad position"),
            Answer::Error("bad position".into())
        );
        for other in [
            "info 3 2.0 12 300 0.01 1.2 32-28",
            "input \"bogus\"",
            "",
            "moves",
        ] {
            assert_eq!(first.read_answer(other), Answer::Other, "{other:?}");
        }
    }
}
