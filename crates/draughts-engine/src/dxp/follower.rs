//! The Follower: accepts connections one at a time, answers GAMEREQ, and plays each
//! game with our engine under the clock the request gives.

use super::connection::{Connection, Received};
use super::log;
use crate::session::EngineSession;
use draughts_core::{Color, Game, GameStatus, International};
use draughts_dxp::{
    color, AcceptCode, BackCode, EndReason, GameRequest, Message, MoveMessage, Side, VERSION,
};
use draughts_search::{Clock, Control, Limits};
use std::io;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How often a search looks at what the peer sent.
const LISTEN_INTERVAL: Duration = Duration::from_millis(20);

/// The time per move when a request gives no minutes (`000`).
const NO_CLOCK_MOVE_TIME: Duration = Duration::from_secs(1);

/// How the Follower plays.
pub struct Follower {
    /// Our engine.
    pub engine: EngineSession<International>,
    /// The name sent in GAMEACC.
    pub name: String,
    /// A fixed depth or node count instead of the clock.
    pub fixed: Limits,
}

/// The game being played on a connection.
struct Playing {
    game: Game<International>,
    ours: Color,
    /// Our clock: what is left of the request's minutes.
    left: Duration,
    /// Moves per side before the limit (0: none).
    move_limit: u16,
    /// Whether the request gave a clock.
    clocked: bool,
}

/// Whether to keep the connection open after a message.
enum Next {
    Continue,
    Close,
}

impl Follower {
    /// Accepts connections on `listener` and serves each until it closes; with `once`,
    /// returns after the first.
    ///
    /// # Errors
    /// Only if accepting connections fails.
    pub fn serve(&mut self, listener: &TcpListener, once: bool) -> io::Result<()> {
        loop {
            let (stream, _) = listener.accept()?;
            match Connection::new(stream) {
                Ok(mut connection) => {
                    log(&format!("connection from {}", connection.peer));
                    self.session(&mut connection);
                    connection.close();
                    log(&format!("connection from {} closed", connection.peer));
                }
                Err(e) => log(&format!("cannot set up a connection: {e}")),
            }
            if once {
                return Ok(());
            }
        }
    }

    /// Serves one connection until the peer closes it or asks to stop.
    fn session(&mut self, connection: &mut Connection) {
        let mut playing: Option<Playing> = None;
        loop {
            let message = match connection.receive(None) {
                Received::Message(message) => message,
                Received::Bad(error) => {
                    log(&format!("{}: {error}", connection.peer));
                    // Tell the peer why nothing happens; a chat is harmless.
                    let chat = Message::Chat(format!("error: {error}"));
                    if connection.send(&chat).is_err() {
                        return;
                    }
                    continue;
                }
                Received::Closed(why) => {
                    if playing.is_some() {
                        log(&format!("{}: {why} during a game", connection.peer));
                    }
                    return;
                }
                Received::Timeout => continue,
            };
            match self.handle(connection, &mut playing, message) {
                Ok(Next::Continue) => {}
                Ok(Next::Close) => return,
                Err(e) => {
                    log(&format!("{}: cannot send: {e}", connection.peer));
                    return;
                }
            }
        }
    }

    fn handle(
        &mut self,
        connection: &mut Connection,
        playing: &mut Option<Playing>,
        message: Message,
    ) -> io::Result<Next> {
        match message {
            Message::GameRequest(request) => {
                if playing.is_some() {
                    log("a new GAMEREQ abandons the game in progress");
                }
                *playing = self.accept(connection, &request)?;
                if let Some(game) = playing {
                    if self.move_if_our_turn(connection, game)? {
                        *playing = None;
                    }
                }
            }
            Message::Move(m) => {
                let Some(game) = playing else {
                    log(&format!("MOVE {} outside a game ignored", m.text()));
                    return Ok(Next::Continue);
                };
                if game.game.position().turn() == game.ours {
                    return self.refuse(
                        connection,
                        playing,
                        &format!("MOVE {} when it is our turn", m.text()),
                    );
                }
                match m.to_move(game.game.position()) {
                    Ok(mv) if game.game.play(&mv).is_ok() => {
                        if self.move_if_our_turn(connection, game)? {
                            *playing = None;
                        }
                    }
                    Ok(_) | Err(_) => {
                        let fen = game.game.position().to_fen();
                        return self.refuse(
                            connection,
                            playing,
                            &format!("illegal move {} in {fen}", m.text()),
                        );
                    }
                }
            }
            Message::GameEnd { reason, stop } => {
                if let Some(game) = playing.take() {
                    log(&format!(
                        "the opponent ended the game after {} ({})",
                        plies(game.game.moves().len()),
                        reason_text(reason)
                    ));
                    connection.send(&Message::GameEnd {
                        reason: EndReason::Unknown,
                        stop: false,
                    })?;
                }
                if stop {
                    return Ok(Next::Close);
                }
            }
            Message::Chat(text) => log(&format!("chat from {}: {text}", connection.peer)),
            Message::BackRequest { move_number, side } => {
                let code = match playing {
                    Some(game) => take_back(game, move_number, side),
                    None => BackCode::Refused,
                };
                connection.send(&Message::BackAccept(code))?;
                if let (BackCode::Accepted, Some(game)) = (code, playing.as_mut()) {
                    if self.move_if_our_turn(connection, game)? {
                        *playing = None;
                    }
                }
            }
            Message::GameAccept { .. } | Message::BackAccept(_) => {
                log(&format!(
                    "unexpected {} ignored (we are the Follower)",
                    message.kind()
                ));
            }
        }
        Ok(Next::Continue)
    }

    /// Answers a GAMEREQ; the game if accepted.
    fn accept(
        &self,
        connection: &mut Connection,
        request: &GameRequest,
    ) -> io::Result<Option<Playing>> {
        let answer = |code| Message::GameAccept {
            follower: self.name.clone(),
            code,
        };
        if request.version != VERSION {
            log(&format!(
                "GAMEREQ of version {:02} refused",
                request.version
            ));
            connection.send(&answer(AcceptCode::WrongVersion))?;
            return Ok(None);
        }
        let game = match &request.setup {
            None => Game::new(),
            Some(board) => match board.to_position() {
                Ok(position) => Game::from_position(position),
                Err(e) => {
                    log(&format!("GAMEREQ refused: {e}"));
                    connection.send(&answer(AcceptCode::NotThisGame))?;
                    return Ok(None);
                }
            },
        };
        if game.status().is_over() {
            log("GAMEREQ refused: the position is already decided");
            connection.send(&answer(AcceptCode::NotThisGame))?;
            return Ok(None);
        }
        connection.send(&answer(AcceptCode::Accepted))?;
        log(&format!(
            "game against {:?}: we play {}, {} min, move limit {}{}",
            request.initiator,
            color(request.follower),
            request.minutes,
            request.move_limit,
            if request.setup.is_some() {
                ", set-up position"
            } else {
                ""
            }
        ));
        self.engine.new_game();
        Ok(Some(Playing {
            game,
            ours: color(request.follower),
            left: Duration::from_secs(u64::from(request.minutes) * 60),
            move_limit: request.move_limit,
            clocked: request.minutes > 0,
        }))
    }

    /// Plays our move if it is our turn, or ends the game if it is over on our turn;
    /// true if the game ended.
    fn move_if_our_turn(
        &self,
        connection: &mut Connection,
        playing: &mut Playing,
    ) -> io::Result<bool> {
        if playing.game.position().turn() != playing.ours {
            return Ok(false);
        }
        let status = playing.game.status();
        if status.is_over() {
            let reason = match status {
                GameStatus::Win(winner) if winner == playing.ours => EndReason::IWin,
                GameStatus::Win(_) => EndReason::ILose,
                _ => EndReason::Draw,
            };
            log(&format!(
                "game over after {}: {status}",
                plies(playing.game.moves().len())
            ));
            connection.send(&Message::GameEnd {
                reason,
                stop: false,
            })?;
            return Ok(true);
        }
        let began = Instant::now();
        let limits = self.limits(playing);
        let mut interrupted = false;
        let search = self.engine.start(
            playing.game.clone(),
            limits,
            Arc::new(Control::default()),
            |_| {},
            |result| result,
        );
        let result = search.map(|search| {
            let mut held = Vec::new();
            while !search.is_finished() {
                interrupted |= listen_while_searching(connection, search.control(), &mut held);
            }
            for received in held {
                connection.unread(received);
            }
            search.join()
        });
        if let Err(e) = &result {
            log(&format!("cannot start the search: {e}"));
        }
        let spent = began.elapsed();
        playing.left = playing.left.saturating_sub(spent);
        if interrupted {
            // A message that changes the game came in: it is answered next.
            return Ok(false);
        }
        let Some(mv) = result.ok().flatten().and_then(|result| result.best_move) else {
            // The search finds a move whenever there is one; say so rather than hang.
            log("the search returned no move");
            connection.send(&Message::GameEnd {
                reason: EndReason::Unknown,
                stop: false,
            })?;
            return Ok(true);
        };
        let seconds = u16::try_from(spent.as_secs()).unwrap_or(u16::MAX);
        connection.send(&Message::Move(MoveMessage::from_move(&mv, seconds)))?;
        // The move came from the legal moves of this position.
        let _ = playing.game.play(&mv);
        Ok(false)
    }

    /// The limits of our next search.
    fn limits(&self, playing: &Playing) -> Limits {
        if self.fixed != Limits::default() {
            return self.fixed;
        }
        if !playing.clocked {
            return Limits::move_time(NO_CLOCK_MOVE_TIME);
        }
        let ours_played = u16::try_from(playing.game.moves().len().div_ceil(2)).unwrap_or(u16::MAX);
        let moves_to_go =
            (playing.move_limit > ours_played).then(|| u32::from(playing.move_limit - ours_played));
        Limits {
            clock: Some(Clock {
                time_left: playing.left,
                increment: Duration::ZERO,
                moves_to_go,
            }),
            ..Limits::default()
        }
    }

    /// Ends the game over a message that breaks it: the reason is logged and sent as a
    /// chat, then a GAMEEND without a reason.
    fn refuse(
        &self,
        connection: &mut Connection,
        playing: &mut Option<Playing>,
        what: &str,
    ) -> io::Result<Next> {
        log(&format!("{}: {what}; the game is ended", connection.peer));
        connection.send(&Message::Chat(format!("error: {what}")))?;
        connection.send(&Message::GameEnd {
            reason: EndReason::Unknown,
            stop: false,
        })?;
        *playing = None;
        Ok(Next::Continue)
    }
}

/// Reads what arrives during a search for a little while: a chat goes to the log; a
/// GAMEREQ, GAMEEND, BACKREQ, a MOVE out of turn, or the end of the connection stops
/// the search; all but chats are `held` to be answered after it. True if it stopped the
/// search.
fn listen_while_searching(
    connection: &mut Connection,
    control: &Control,
    held: &mut Vec<Received>,
) -> bool {
    let received = connection.receive(Some(Instant::now() + LISTEN_INTERVAL));
    let stops = matches!(
        received,
        Received::Closed(_)
            | Received::Message(
                Message::GameRequest(_)
                    | Message::GameEnd { .. }
                    | Message::BackRequest { .. }
                    | Message::Move(_)
            )
    );
    match received {
        Received::Timeout => {}
        Received::Message(Message::Chat(text)) => {
            log(&format!("chat from {}: {text}", connection.peer));
        }
        // The end of the connection is read again and again: keep it once.
        Received::Closed(_) if held.iter().any(|r| matches!(r, Received::Closed(_))) => {}
        received => held.push(received),
    }
    if stops {
        control.stop();
    }
    stops
}

/// Goes back to before move `move_number` of `side` (FORMATS §5: target ply
/// 2(n−1), +1 for Black, −1 if Black moved first); refused if that is not a position
/// of the game.
fn take_back(playing: &mut Playing, move_number: u16, side: Side) -> BackCode {
    let start_black = playing.game.start().turn() == Color::Black;
    let target =
        2 * i64::from(move_number) - 2 + i64::from(side == Side::Black) - i64::from(start_black);
    let played = playing.game.moves().len() as i64;
    if move_number == 0 || target < 0 || target > played {
        log(&format!(
            "BACKREQ to move {move_number} {} refused: not a position of this game",
            side.letter()
        ));
        return BackCode::Refused;
    }
    for _ in target..played {
        playing.game.undo();
    }
    log(&format!("took back to ply {target}"));
    BackCode::Accepted
}

/// `1 ply`, `2 plies`.
fn plies(n: usize) -> String {
    if n == 1 {
        "1 ply".to_string()
    } else {
        format!("{n} plies")
    }
}

fn reason_text(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Unknown => "no reason given",
        EndReason::ILose => "it loses",
        EndReason::Draw => "a draw",
        EndReason::IWin => "it wins",
    }
}
