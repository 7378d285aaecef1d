//! One game between two players: the rules decide, or a fault, or the ply limit.

use super::player::{Fault, Level, Player};
use draughts_core::pdn::PdnGame;
use draughts_core::{Color, Game, GameResult, GameStatus, Goal, Position, Variant};
use std::time::{Duration, Instant};

/// The time control of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// A fixed time per move.
    MoveTime(Duration),
    /// A clock per side: the time for the game and the increment added before each
    /// move.
    Clock {
        /// Time for the whole game.
        time: Duration,
        /// Added before each move.
        increment: Duration,
    },
}

/// How games are played.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The time control.
    pub time_control: TimeControl,
    /// With a fixed time per move, the longest a move may take before it loses on time.
    pub move_timeout: Duration,
    /// The same for a player with a fixed depth or node count.
    pub fixed_timeout: Duration,
    /// Games still going after this many plies are adjudicated drawn.
    pub max_plies: usize,
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules: no legal move, or a draw rule.
    Rules(GameStatus),
    /// Adjudicated a draw at the ply limit.
    MaxPlies(usize),
    /// The side of this colour lost by a fault.
    Fault(Color, Fault),
    /// A player could not even start the game.
    NoStart(Color, Fault),
}

impl Ending {
    /// The PDN `Termination` value.
    pub fn termination(&self) -> &'static str {
        match self {
            Ending::Rules(_) => "normal",
            Ending::MaxPlies(_) => "adjudication",
            Ending::Fault(_, fault) | Ending::NoStart(_, fault) => fault.termination(),
        }
    }

    /// The side that lost by a fault, with the fault.
    pub fn fault(&self) -> Option<(Color, &Fault)> {
        match self {
            Ending::Fault(color, fault) | Ending::NoStart(color, fault) => Some((*color, fault)),
            _ => None,
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Played<V: Variant> {
    /// The moves from the opening.
    pub game: Game<V>,
    /// The result.
    pub result: GameResult,
    /// Why it ended.
    pub ending: Ending,
    /// Time used, by colour (White, Black).
    pub used: [Usage; 2],
}

impl<V: Variant> Played<V> {
    /// Why the game ended, in words: `draw: threefold repetition`, `white wins: black
    /// has no legal move`, `WHO: illegal move: ...` where `who` names the side at fault.
    pub fn ending_text(&self, who: impl Fn(Color) -> String) -> String {
        match &self.ending {
            Ending::Rules(GameStatus::Win(color)) => {
                let mover = self.game.position().turn();
                match V::GOAL {
                    Goal::Crown if !self.game.position().kings(*color).is_empty() => {
                        format!("{color} wins: {color} crowned first")
                    }
                    _ => format!("{color} wins: {mover} has no legal move"),
                }
            }
            Ending::Rules(status) => status.to_string(),
            Ending::MaxPlies(plies) => format!("adjudicated a draw after {plies} plies"),
            Ending::Fault(color, fault) | Ending::NoStart(color, fault) => {
                format!("{}: {fault}", who(*color))
            }
        }
    }

    /// The game as PDN: `tags` in their order, then `Result` and `Termination`;
    /// `ending` (see [`Played::ending_text`]) a comment on the last move.
    pub fn pdn(&self, tags: &[(&str, &str)], ending: String) -> PdnGame {
        let mut pdn = PdnGame::from_game(&self.game);
        let token = self.result.pdn_token::<V>();
        for (name, value) in tags {
            pdn.set_tag(name, *value);
        }
        pdn.set_tag("Result", token);
        pdn.result = Some(token.to_string());
        pdn.set_tag("Termination", self.ending.termination());
        match pdn.moves.last_mut() {
            Some(last) => last.comments.push(ending),
            None => pdn.comments.push(ending),
        }
        pdn
    }
}

/// The time one side used in a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Time spent thinking, all moves.
    pub time: Duration,
    /// Moves made.
    pub moves: u32,
    /// Under a clock, the least time left on it after a move.
    pub least_left: Option<Duration>,
}

fn side(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Plays `start` with `white` and `black`, and tells both how it ended.
pub fn play<V: Variant>(
    start: Position<V>,
    white: &mut dyn Player<V>,
    black: &mut dyn Player<V>,
    rules: &Rules,
) -> Played<V> {
    let played = play_out(start, white, black, rules);
    white.game_over(&played.game, played.result);
    black.game_over(&played.game, played.result);
    played
}

fn play_out<V: Variant>(
    start: Position<V>,
    white: &mut dyn Player<V>,
    black: &mut dyn Player<V>,
    rules: &Rules,
) -> Played<V> {
    let mut game = Game::from_position(start);
    let mut used = [Usage::default(); 2];
    let lost = |game: Game<V>, color: Color, ending: Ending, used| Played {
        game,
        result: GameStatus::Win(!color).result(),
        ending,
        used,
    };
    if let Err(fault) = white.new_game() {
        return lost(
            game,
            Color::White,
            Ending::NoStart(Color::White, fault),
            used,
        );
    }
    if let Err(fault) = black.new_game() {
        return lost(
            game,
            Color::Black,
            Ending::NoStart(Color::Black, fault),
            used,
        );
    }
    let (mut clocks, increment) = match rules.time_control {
        TimeControl::Clock { time, increment } => ([time; 2], increment),
        TimeControl::MoveTime(_) => ([Duration::ZERO; 2], Duration::ZERO),
    };
    loop {
        let status = game.status();
        if status.is_over() {
            return Played {
                result: status.result(),
                ending: Ending::Rules(status),
                game,
                used,
            };
        }
        if game.moves().len() >= rules.max_plies {
            return Played {
                result: GameResult::Draw,
                ending: Ending::MaxPlies(rules.max_plies),
                game,
                used,
            };
        }
        let color = game.position().turn();
        let player: &mut dyn Player<V> = match color {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let s = side(color);
        let (level, allowed) = match rules.time_control {
            TimeControl::MoveTime(time) => {
                let allowed = if player.is_fixed() {
                    rules.fixed_timeout
                } else {
                    rules.move_timeout
                };
                (Level::MoveTime(time), allowed)
            }
            TimeControl::Clock { .. } => (
                Level::Clock {
                    time_left: clocks[s],
                    increment,
                },
                clocks[s] + increment,
            ),
        };
        let began = Instant::now();
        let answer = player.think(&game, level, allowed);
        let spent = began.elapsed();
        used[s].time += spent;
        used[s].moves += 1;
        let mv = match answer {
            Ok(mv) => mv,
            Err(fault) => return lost(game, color, Ending::Fault(color, fault), used),
        };
        if spent > allowed {
            let what = match rules.time_control {
                TimeControl::Clock { .. } => format!(
                    "{:.3} s used with {:.3} s on the clock",
                    spent.as_secs_f64(),
                    allowed.as_secs_f64()
                ),
                TimeControl::MoveTime(_) => format!(
                    "{:.3} s for one move, {:.3} s allowed",
                    spent.as_secs_f64(),
                    allowed.as_secs_f64()
                ),
            };
            return lost(game, color, Ending::Fault(color, Fault::Time(what)), used);
        }
        if let TimeControl::Clock { .. } = rules.time_control {
            clocks[s] = allowed - spent;
            used[s].least_left = Some(used[s].least_left.map_or(clocks[s], |t| t.min(clocks[s])));
        }
        if let Err(e) = game.play(&mv) {
            let fault = Fault::Illegal(e.to_string());
            return lost(game, color, Ending::Fault(color, fault), used);
        }
    }
}
