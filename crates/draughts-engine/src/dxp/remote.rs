//! A Follower across the network as a player of our games: the Initiator's side of
//! DXP, for `draughts dxp --connect` and for `dxp:HOST:PORT` engines of `draughts
//! match`.

use super::connection::{Connection, Received};
use super::log;
use crate::game::{Fault, Level, Player};
use draughts_core::{Color, Game, GameResult, Move, Position, Variant};
use draughts_dxp::{
    side, AcceptCode, BackCode, Board, Cell, EndReason, GameRequest, Message, MoveMessage, SQUARES,
    VERSION,
};
use std::marker::PhantomData;
use std::time::{Duration, Instant};

/// How long to wait for a connection, or for the GAMEEND that ends a game.
const PATIENCE: Duration = Duration::from_secs(10);

/// Moves per side assumed to turn a time per move into minutes for the game.
const MOVES_PER_GAME: f64 = 75.0;

/// What the Initiator asks of the Follower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemoteSpec {
    /// `HOST:PORT`.
    pub address: String,
    /// Minutes per side in GAMEREQ; `None` to derive them from the match's time.
    pub minutes: Option<u16>,
    /// The move limit in GAMEREQ (0: none).
    pub move_limit: u16,
    /// Our name in GAMEREQ.
    pub initiator: String,
}

/// The game in progress on the connection.
struct InGame {
    /// The Follower's colour.
    follower: Color,
    /// Moves of the game the Follower knows.
    synced: usize,
}

/// A Follower reached over TCP, for variant `V` (International; others are refused).
pub struct RemoteFollower<V: Variant> {
    spec: RemoteSpec,
    connection: Option<Connection>,
    in_game: Option<InGame>,
    /// The name the Follower gave in its last GAMEACC.
    pub name: Option<String>,
    variant: PhantomData<V>,
}

impl<V: Variant> RemoteFollower<V> {
    /// A player that connects to `spec.address` when its first game starts.
    pub fn new(spec: RemoteSpec) -> RemoteFollower<V> {
        RemoteFollower {
            spec,
            connection: None,
            in_game: None,
            name: None,
            variant: PhantomData,
        }
    }

    /// The minutes of the GAMEREQ under `level`, unless the spec gives them.
    fn minutes(&self, level: Level) -> u16 {
        let seconds = match level {
            Level::Clock {
                time_left,
                increment,
            } => (time_left + increment).as_secs_f64(),
            Level::MoveTime(time) => time.as_secs_f64() * MOVES_PER_GAME,
        };
        // Rounded down, so that the Follower never believes it has more time than the
        // match gives; DXP has no less than a minute.
        self.spec
            .minutes
            .unwrap_or_else(|| (seconds / 60.0).floor().clamp(1.0, 999.0) as u16)
    }

    /// Sends GAMEREQ for `game` (the Follower to move) and waits for its answer.
    fn request(
        &mut self,
        game: &Game<V>,
        level: Level,
        deadline: Instant,
    ) -> Result<InGame, Fault> {
        let setup =
            if *game.start() == Position::initial() {
                None
            } else {
                Some(board_of(game.start()).ok_or_else(|| {
                    Fault::Crash("DXP plays International draughts only".to_string())
                })?)
            };
        let follower = game.position().turn();
        let request = Message::GameRequest(GameRequest {
            version: VERSION,
            initiator: self.spec.initiator.clone(),
            follower: side(follower),
            minutes: self.minutes(level),
            move_limit: self.spec.move_limit,
            setup,
        });
        let connection = self.connection()?;
        connection.send(&request).map_err(crash)?;
        loop {
            match wait(connection, deadline)? {
                Message::GameAccept {
                    follower: name,
                    code,
                } => {
                    self.name = Some(name);
                    return match code {
                        AcceptCode::Accepted => Ok(InGame {
                            follower,
                            synced: 0,
                        }),
                        code => Err(Fault::Crash(format!("it refused the game ({code:?})"))),
                    };
                }
                other => ignore(connection, &other),
            }
        }
    }

    fn connection(&mut self) -> Result<&mut Connection, Fault> {
        match &mut self.connection {
            Some(connection) => Ok(connection),
            None => Err(Fault::Crash("not connected".into())),
        }
    }

    /// Sends the moves of `game` the Follower has not seen.
    fn sync(&mut self, game: &Game<V>) -> Result<(), Fault> {
        let Some(in_game) = &mut self.in_game else {
            return Ok(());
        };
        let Some(connection) = &mut self.connection else {
            return Err(Fault::Crash("not connected".into()));
        };
        for mv in &game.moves()[in_game.synced.min(game.moves().len())..] {
            let message = MoveMessage {
                seconds: 0,
                from: mv.from().number(),
                to: mv.to().number(),
                captured: mv.captured().iter().map(|s| s.number()).collect(),
            };
            connection.send(&Message::Move(message)).map_err(crash)?;
        }
        in_game.synced = game.moves().len();
        Ok(())
    }

    /// The Follower's move in `game` (asking for the game first if it is new), by
    /// `deadline`.
    fn answer(
        &mut self,
        game: &Game<V>,
        level: Level,
        deadline: Instant,
    ) -> Result<Move<V>, Fault> {
        if self.in_game.is_none() {
            self.in_game = Some(self.request(game, level, deadline)?);
        }
        self.sync(game)?;
        let connection = self.connection()?;
        loop {
            match wait(connection, deadline)? {
                Message::Move(m) => {
                    return game
                        .position()
                        .parse_hub_move(&m.text())
                        .map_err(|e| Fault::Illegal(format!("{} ({e})", m.text())))
                }
                Message::GameEnd { reason, .. } => {
                    let ack = Message::GameEnd {
                        reason: EndReason::Unknown,
                        stop: false,
                    };
                    let _ = connection.send(&ack);
                    self.in_game = None;
                    return Err(Fault::Illegal(format!(
                        "it ended the game ({reason:?}) in a position the rules do not end"
                    )));
                }
                other => ignore(connection, &other),
            }
        }
    }

    /// Ends the game in progress. A Follower to move in a finished position ends it
    /// itself and gets our acknowledgement; otherwise, or if it moves on instead (its
    /// rules see no end), we send GAMEEND with `reason` and await its acknowledgement.
    fn end(&mut self, game: &Game<V>, reason: EndReason) {
        if let Err(fault) = self.sync(game) {
            log(&format!("cannot send the last move: {fault}"));
        }
        let (Some(in_game), Some(connection)) = (self.in_game.take(), &mut self.connection) else {
            return;
        };
        let deadline = Instant::now() + PATIENCE;
        let ours = Message::GameEnd {
            reason,
            stop: false,
        };
        let mut sent = !(game.status().is_over() && game.position().turn() == in_game.follower);
        if sent && connection.send(&ours).is_err() {
            self.connection = None;
            return;
        }
        loop {
            match wait(connection, deadline) {
                Ok(Message::GameEnd { .. }) => {
                    let ack = Message::GameEnd {
                        reason: EndReason::Unknown,
                        stop: false,
                    };
                    if !sent && connection.send(&ack).is_err() {
                        self.connection = None;
                    }
                    return;
                }
                // A move made before the Follower learnt that the game was over, or
                // because its rules see no end.
                Ok(Message::Move(_)) => {
                    if !sent {
                        if connection.send(&ours).is_err() {
                            self.connection = None;
                            return;
                        }
                        sent = true;
                    }
                }
                Ok(other) => ignore(connection, &other),
                Err(fault) => {
                    log(&format!("no GAMEEND from the Follower ({fault})"));
                    connection.close();
                    self.connection = None;
                    return;
                }
            }
        }
    }
}

impl<V: Variant> Player<V> for RemoteFollower<V> {
    fn new_game(&mut self) -> Result<(), Fault> {
        if self.connection.is_none() {
            let connection =
                Connection::connect(&self.spec.address, PATIENCE).map_err(Fault::Crash)?;
            self.connection = Some(connection);
        }
        self.in_game = None;
        Ok(())
    }

    fn think(&mut self, game: &Game<V>, level: Level, allowed: Duration) -> Result<Move<V>, Fault> {
        let answer = self.answer(game, level, Instant::now() + allowed);
        match &answer {
            Ok(_) => {
                if let Some(in_game) = &mut self.in_game {
                    in_game.synced = game.moves().len() + 1;
                }
            }
            // The Follower lost on time in a game it accepted, but may still be
            // thinking: the game ends with GAMEEND as any other (its late move is read
            // and ignored), and the connection stays for the next game (Scan 2.0 leaves
            // when it is closed).
            Err(Fault::Time(_)) if self.in_game.is_some() => {}
            Err(Fault::Illegal(_)) => {}
            // The connection is in an unknown state: the next game starts afresh.
            Err(Fault::Crash(_) | Fault::Time(_)) => {
                if let Some(connection) = self.connection.take() {
                    connection.close();
                }
                self.in_game = None;
            }
        }
        answer
    }

    fn game_over(&mut self, game: &Game<V>, result: GameResult) {
        let Some(in_game) = &self.in_game else {
            return;
        };
        let ours = !in_game.follower;
        let reason = match result.winner() {
            Some(winner) if winner == ours => EndReason::IWin,
            Some(_) => EndReason::ILose,
            None if result == GameResult::Draw => EndReason::Draw,
            None => EndReason::Unknown,
        };
        self.end(game, reason);
    }

    fn is_fixed(&self) -> bool {
        false
    }
}

impl<V: Variant> Drop for RemoteFollower<V> {
    /// Tells the Follower that no further game follows.
    fn drop(&mut self) {
        if let Some(connection) = &mut self.connection {
            let stop = Message::GameEnd {
                reason: EndReason::Unknown,
                stop: true,
            };
            let _ = connection.send(&stop);
            connection.close();
        }
    }
}

/// The next message before `deadline`; bad bytes are logged and skipped.
fn wait(connection: &mut Connection, deadline: Instant) -> Result<Message, Fault> {
    loop {
        match connection.receive(Some(deadline)) {
            Received::Message(message) => return Ok(message),
            Received::Bad(error) => log(&format!("{}: {error}", connection.peer)),
            Received::Closed(why) => return Err(Fault::Crash(why)),
            Received::Timeout => return Err(Fault::Time("no answer in time".into())),
        }
    }
}

/// Answers or logs a message that does not advance the game.
fn ignore(connection: &mut Connection, message: &Message) {
    match message {
        Message::Chat(text) => log(&format!("chat from {}: {text}", connection.peer)),
        Message::BackRequest { .. } => {
            let _ = connection.send(&Message::BackAccept(BackCode::NotSupported));
        }
        other => log(&format!(
            "{}: unexpected {} ignored",
            connection.peer,
            other.kind()
        )),
    }
}

fn crash(error: std::io::Error) -> Fault {
    Fault::Crash(format!("connection lost: {error}"))
}

/// The DXP board of a position of the 10×10 board; `None` on another board.
fn board_of<V: Variant>(position: &Position<V>) -> Option<Board> {
    let hub = position.to_hub();
    let mut chars = hub.chars();
    let turn = match chars.next()? {
        'W' => draughts_dxp::Side::White,
        _ => draughts_dxp::Side::Black,
    };
    let mut squares = [Cell::Empty; SQUARES];
    let mut count = 0;
    for (cell, c) in squares.iter_mut().zip(chars.by_ref()) {
        *cell = match c {
            'w' => Cell::WhiteMan,
            'b' => Cell::BlackMan,
            'W' => Cell::WhiteKing,
            'B' => Cell::BlackKing,
            _ => Cell::Empty,
        };
        count += 1;
    }
    (count == SQUARES && chars.next().is_none()).then_some(Board { turn, squares })
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    fn follower(minutes: Option<u16>) -> RemoteFollower<International> {
        RemoteFollower::new(RemoteSpec {
            address: "127.0.0.1:1".into(),
            minutes,
            move_limit: 0,
            initiator: "us".into(),
        })
    }

    #[test]
    fn minutes_of_the_request() {
        let clock = |seconds| Level::Clock {
            time_left: Duration::from_secs(seconds),
            increment: Duration::ZERO,
        };
        assert_eq!(follower(None).minutes(clock(300)), 5);
        // Rounded down, and never below a minute.
        assert_eq!(follower(None).minutes(clock(119)), 1);
        assert_eq!(follower(None).minutes(clock(10)), 1);
        assert_eq!(follower(None).minutes(clock(100_000)), 999);
        let per_move = Level::MoveTime(Duration::from_secs(4));
        assert_eq!(follower(None).minutes(per_move), 5);
        assert_eq!(follower(Some(7)).minutes(per_move), 7);
    }

    /// Our side of a game against the Follower at `address`: the player, the game from
    /// the start, and 0.1 s a move.
    fn game_against(
        address: String,
    ) -> (RemoteFollower<International>, Game<International>, Level) {
        let us = RemoteFollower::new(RemoteSpec {
            address,
            minutes: Some(1),
            move_limit: 0,
            initiator: "us".into(),
        });
        (us, Game::new(), Level::MoveTime(Duration::from_millis(100)))
    }

    /// A Follower that answers too late loses the game on time, gets GAMEEND for it
    /// (its late move read and ignored), and is asked for the next game on the same
    /// connection.
    #[test]
    fn a_follower_out_of_time_keeps_its_connection() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let mock = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut connection = Connection::new(stream).unwrap();
            let next = |connection: &mut Connection| match connection
                .receive(Some(Instant::now() + Duration::from_secs(10)))
            {
                Received::Message(message) => message,
                other => panic!("{other:?}"),
            };
            let accept = Message::GameAccept {
                follower: "mock".into(),
                code: AcceptCode::Accepted,
            };
            assert!(matches!(next(&mut connection), Message::GameRequest(_)));
            connection.send(&accept).unwrap();
            std::thread::sleep(Duration::from_millis(300));
            let late = MoveMessage {
                seconds: 0,
                from: 32,
                to: 28,
                captured: Vec::new(),
            };
            connection.send(&Message::Move(late)).unwrap();
            let end = next(&mut connection);
            let ack = Message::GameEnd {
                reason: EndReason::Unknown,
                stop: false,
            };
            connection.send(&ack).unwrap();
            (end, next(&mut connection))
        });
        let (mut us, game, level) = game_against(address);
        us.new_game().unwrap();
        let fault = us.think(&game, level, Duration::from_millis(100));
        assert!(matches!(fault, Err(Fault::Time(_))), "{fault:?}");
        us.game_over(&game, GameResult::BlackWins);
        us.new_game().unwrap();
        let _ = us.think(&game, level, Duration::from_millis(500));
        let (end, second) = mock.join().unwrap();
        assert_eq!(
            end,
            Message::GameEnd {
                reason: EndReason::IWin,
                stop: false
            }
        );
        assert!(matches!(second, Message::GameRequest(_)), "{second:?}");
    }

    /// A Follower that drops the connection while asked for a game is connected to
    /// again for the next one.
    #[test]
    fn a_lost_connection_is_made_again_for_the_next_game() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let mock = std::thread::spawn(move || {
            // Polled, so that a second connection that never comes fails the test
            // rather than hanging it.
            listener.set_nonblocking(true).unwrap();
            let give_up = Instant::now() + Duration::from_secs(10);
            let mut requests = 0;
            while requests < 2 && Instant::now() < give_up {
                let Ok((stream, _)) = listener.accept() else {
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                };
                stream.set_nonblocking(false).unwrap();
                let mut connection = Connection::new(stream).unwrap();
                let deadline = Instant::now() + Duration::from_secs(10);
                if let Received::Message(Message::GameRequest(_)) =
                    connection.receive(Some(deadline))
                {
                    requests += 1;
                }
                connection.close();
            }
            requests
        });
        let (mut us, game, level) = game_against(address);
        for _ in 0..2 {
            us.new_game().unwrap();
            let fault = us.think(&game, level, Duration::from_secs(5));
            assert!(matches!(fault, Err(Fault::Crash(_))), "{fault:?}");
        }
        assert_eq!(mock.join().unwrap(), 2);
    }

    #[test]
    fn boards_of_positions() {
        let position: Position<International> = "B:WK3,28,33:B12,K46".parse().unwrap();
        assert_eq!(board_of(&position), Some(Board::from_position(&position)));
        assert_eq!(board_of(&Position::<English>::initial()), None);
    }
}
