//! The game loop: one game between two players (or one player with itself), ended by
//! the rules, a fault, the ply limit or (in self-play, if asked) an endgame database. Every game the workspace plays goes through
//! [`play`], [`self_play`] or [`self_play_until_known`]: matches, tournaments and the
//! genetic algorithm, self-play data, endgame conversions and tactics self-play.

use draughts_core::pdn::PdnGame;
use draughts_core::{
    Color, EndgameOracle, Game, GameResult, GameStatus, Goal, Move, Position, Variant, Wld,
};
use std::fmt;
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
#[derive(Clone, Copy, Debug, PartialEq)]
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

impl Rules {
    /// Games without time-outs: a move may take as long as it takes (self-play and
    /// tournaments at a fixed depth or node count, conversions in the endgame).
    pub fn untimed(time_control: TimeControl, max_plies: usize) -> Rules {
        Rules {
            time_control,
            move_timeout: Duration::MAX,
            fixed_timeout: Duration::MAX,
            max_plies,
        }
    }
}

impl Default for TimeControl {
    /// A tenth of a second a move.
    fn default() -> TimeControl {
        TimeControl::MoveTime(Duration::from_millis(100))
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules: no legal move, or a draw rule.
    Rules(GameStatus),
    /// Adjudicated a draw at the ply limit.
    MaxPlies(usize),
    /// Adjudicated by the endgame database: its value for the side to move of the last
    /// position ([`self_play_until_known`]).
    Database(Wld),
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
            Ending::MaxPlies(_) | Ending::Database(_) => "adjudication",
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
            Ending::Database(value) => {
                let mover = self.game.position().turn();
                match value {
                    Wld::Win => format!("{mover} wins: the endgame database's value"),
                    Wld::Loss => format!("{} wins: the endgame database's value", !mover),
                    Wld::Draw => "draw: the endgame database's value".to_string(),
                }
            }
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
    play_seated(start, Seats::Two(white, black), rules, None)
}

/// Plays `start` with `player` on both sides (self-play), and tells it how it ended.
///
/// ```
/// use draughts_core::{English, Position};
/// use draughts_engine::game::{self, Rules, TimeControl};
/// use draughts_engine::players::Searching;
/// use draughts_eval::LinearEval;
/// use draughts_search::{Limits, Searcher};
///
/// let searcher = Searcher::with_hash_size(LinearEval::<English>::default(), 1);
/// let mut player = Searching::new(&searcher, Limits::depth(2));
/// let rules = Rules::untimed(TimeControl::default(), 40);
/// let played = game::self_play(Position::initial(), &mut player, &rules);
/// assert!(played.game.moves().len() <= 40);
/// ```
pub fn self_play<V: Variant>(
    start: Position<V>,
    player: &mut dyn Player<V>,
    rules: &Rules,
) -> Played<V> {
    play_seated(start, Seats::One(player), rules, None)
}

/// As [`self_play`], but the game ends at the first position `database` knows, by its
/// value ([`Ending::Database`]): the rest of the game is known, so playing it out only
/// costs time, and a slip, a draw rule or the ply limit could end it otherwise. The
/// value is the database's, which (as the search's probes) counts no move-count draw
/// rule.
///
/// ```
/// use draughts_core::{EndgameOracle, English, Position, Variant, Wld};
/// use draughts_engine::game::{self, Ending, Rules, TimeControl};
/// use draughts_engine::players::Searching;
/// use draughts_eval::LinearEval;
/// use draughts_search::{Limits, Searcher};
///
/// /// Knows every position after the first capture: drawn.
/// struct Drawn;
///
/// impl<V: Variant> EndgameOracle<V> for Drawn {
///     fn max_pieces(&self) -> u32 {
///         23
///     }
///
///     fn probe(&self, _: &Position<V>) -> Option<Wld> {
///         Some(Wld::Draw)
///     }
/// }
///
/// let searcher = Searcher::with_hash_size(LinearEval::<English>::default(), 1);
/// let mut player = Searching::new(&searcher, Limits::depth(2));
/// let rules = Rules::untimed(TimeControl::default(), 200);
/// let played = game::self_play_until_known(Position::initial(), &mut player, &rules, &Drawn);
/// assert_eq!(played.ending, Ending::Database(Wld::Draw));
/// assert!(played.game.position().piece_count() < 24);
/// ```
pub fn self_play_until_known<V: Variant>(
    start: Position<V>,
    player: &mut dyn Player<V>,
    rules: &Rules,
    database: &dyn EndgameOracle<V>,
) -> Played<V> {
    play_seated(start, Seats::One(player), rules, Some(database))
}

/// Who sits at the board: two players, or one on both sides.
enum Seats<'a, V: Variant> {
    Two(&'a mut dyn Player<V>, &'a mut dyn Player<V>),
    One(&'a mut dyn Player<V>),
}

impl<V: Variant> Seats<'_, V> {
    fn mover(&mut self, color: Color) -> &mut dyn Player<V> {
        match self {
            Seats::Two(white, _) if color == Color::White => &mut **white,
            Seats::Two(_, black) => &mut **black,
            Seats::One(player) => &mut **player,
        }
    }

    /// Calls each player once, White's first, until one fails (a player on both sides
    /// answers for White).
    fn each(
        &mut self,
        mut call: impl FnMut(&mut dyn Player<V>) -> Result<(), Fault>,
    ) -> Result<(), (Color, Fault)> {
        match self {
            Seats::Two(white, black) => {
                call(&mut **white).map_err(|f| (Color::White, f))?;
                call(&mut **black).map_err(|f| (Color::Black, f))
            }
            Seats::One(player) => call(&mut **player).map_err(|f| (Color::White, f)),
        }
    }
}

/// The one game loop: every game the workspace plays goes through it; with a
/// `database`, a game ends at the first position it knows.
fn play_seated<V: Variant>(
    start: Position<V>,
    mut seats: Seats<V>,
    rules: &Rules,
    database: Option<&dyn EndgameOracle<V>>,
) -> Played<V> {
    let played = play_out(start, &mut seats, rules, database);
    let _ = seats.each(|player| {
        player.game_over(&played.game, played.result);
        Ok(())
    });
    played
}

fn play_out<V: Variant>(
    start: Position<V>,
    seats: &mut Seats<V>,
    rules: &Rules,
    database: Option<&dyn EndgameOracle<V>>,
) -> Played<V> {
    let mut game = Game::from_position(start);
    let mut used = [Usage::default(); 2];
    let lost = |game: Game<V>, color: Color, ending: Ending, used| Played {
        game,
        result: GameStatus::Win(!color).result(),
        ending,
        used,
    };
    if let Err((color, fault)) = seats.each(|player| player.new_game()) {
        return lost(game, color, Ending::NoStart(color, fault), used);
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
        let pos = game.position();
        let known = database
            .filter(|db| pos.piece_count() <= db.max_pieces())
            .and_then(|db| db.probe(pos));
        if let Some(value) = known {
            let winner = match value {
                Wld::Win => Some(pos.turn()),
                Wld::Loss => Some(!pos.turn()),
                Wld::Draw => None,
            };
            return Played {
                result: winner.map_or(GameResult::Draw, |color| GameStatus::Win(color).result()),
                ending: Ending::Database(value),
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
        let player = seats.mover(color);
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
