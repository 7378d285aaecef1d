//! The engine side of a Hub game for one variant: the current position and its
//! history, and searches run on their own thread ([`EngineSession`]).

use super::line::{excerpt, LineBuilder};
use crate::engine::hub_score;
use crate::session::{EngineSession, Search};
use draughts_core::{Color, Game, Move, Position, Variant};
use draughts_search::{Control, Limits, SearchInfo};
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// The engine's output: whole lines, each flushed at once, from any thread.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Output to `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(writer)),
        }
    }

    /// Writes `text` and a line break, then flushes.
    ///
    /// # Errors
    /// The writer's error (the GUI has gone away).
    pub fn line(&self, text: &str) -> io::Result<()> {
        // A thread that panicked while writing cannot have left a half-written line
        // that matters more than going on.
        let mut writer = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        writer.write_all(text.as_bytes())?;
        writer.write_all(b"\n")?;
        writer.flush()
    }
}

/// What `go` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// Find a move to play.
    Think,
    /// Search the expected position while the opponent thinks; time limits wait for
    /// `ponder-hit`.
    Ponder,
    /// Analyse, even a lone legal move.
    Analyze,
}

/// A search running on its own thread; it writes its `info` and `done` lines itself
/// (stopped, it still answers `done`).
pub type Running = Search<()>;

/// A game in progress as the Hub protocol sees it, whatever the variant.
pub trait Session {
    /// Sets the position: the Hub position string `pos` (or the initial position with
    /// `start`) and the moves played since, in captured-square form.
    ///
    /// # Errors
    /// A message for the GUI; the previous position stays.
    fn set_position(&mut self, pos: Option<&str>, start: bool, moves: &str) -> Result<(), String>;

    /// Back to the initial position, with the search's tables cleared.
    fn new_game(&mut self);

    /// Starts a search of the current position. A lone legal move under `go think` is
    /// answered at once (`None`), but for a fixed time a move without a clock: that time
    /// is not banked, so the move is searched for it, and the table it fills serves the
    /// next move (as Scan 2.0 does).
    ///
    /// # Errors
    /// A message for the GUI when there is no legal move.
    fn go(&mut self, mode: GoMode, limits: Limits, out: &Output)
        -> Result<Option<Running>, String>;
}

/// A [`Session`] for variant `V`.
pub struct HubSession<V: Variant> {
    engine: EngineSession<V>,
    /// The position string's position and the moves since (for repetitions and the
    /// draw rules).
    game: Game<V>,
    /// Read 8x8 position strings as pydraughts writes them (see [`mirror_english`]).
    mirrored: bool,
}

impl<V: Variant> HubSession<V> {
    /// A session of `engine` at the initial position.
    pub fn new(engine: EngineSession<V>, mirrored: bool) -> HubSession<V> {
        HubSession {
            engine,
            game: Game::new(),
            mirrored,
        }
    }

    /// Reads `pos=`: a Hub position string, or (our extension) a FEN.
    ///
    /// The Hub string has no room for Frisian's king runs
    /// ([`Position::king_run`]): read from one, a position starts with none, and the
    /// runs are rebuilt by replaying `moves`. That is exact when the moves start where
    /// no run was under way, as when a client sends the whole game from the start
    /// (pydraughts does). The Hub GUI sends only the moves since the last man move or
    /// capture, but a run of the side that did not make that move goes on across it
    /// and is lost; a client that knows the runs sends a FEN instead (anything with a
    /// `:`), whose `R` field (or lidraughts' `+` field) carries them (`draughts_core`'s
    /// `fen` module).
    fn read_position(&self, text: &str) -> Result<Position<V>, String> {
        let text = text.trim();
        if text.contains(':') {
            return text.parse().map_err(|e| format!("bad position: {e}"));
        }
        // pydraughts' English start read our way is White to move with every man on
        // its first square, which no game reaches where Black moves first (men never
        // return): it can only mean the start, so it works without `english-hub`. Where
        // White moves first (Brazilian), the same string is the true start.
        let black_first = V::FIRST_TO_MOVE == Color::Black;
        let text = if black_first
            && ((self.mirrored && text.chars().count() == 33) || text == PYDRAUGHTS_ENGLISH_START)
        {
            mirror_english(text)
        } else {
            text.to_string()
        };
        Position::from_hub(&text).map_err(|e| format!("bad position: {e}"))
    }
}

impl<V: Variant> Session for HubSession<V> {
    fn set_position(&mut self, pos: Option<&str>, start: bool, moves: &str) -> Result<(), String> {
        let start = match (start, pos) {
            (true, _) => Position::initial(),
            (false, Some(text)) => self.read_position(text)?,
            (false, None) => return Err("missing pos= (or the start flag)".into()),
        };
        let mut game = Game::from_position(start);
        for (i, text) in moves.split_whitespace().enumerate() {
            let illegal = |e: &dyn std::fmt::Display| {
                format!("illegal move {} ({}) in moves: {e}", i + 1, excerpt(text))
            };
            let mv = game
                .position()
                .parse_hub_move(text)
                .map_err(|e| illegal(&e))?;
            game.play(&mv).map_err(|e| illegal(&e))?;
        }
        self.game = game;
        Ok(())
    }

    fn new_game(&mut self) {
        self.engine.new_game();
        self.game = Game::new();
    }

    fn go(
        &mut self,
        mode: GoMode,
        limits: Limits,
        out: &Output,
    ) -> Result<Option<Running>, String> {
        let moves = self.game.position().legal_moves();
        let Some(&first) = moves.first() else {
            return Err("no legal move: the game is over".into());
        };
        let unbanked = limits.move_time.is_some() && limits.clock.is_none();
        if mode == GoMode::Think && moves.len() == 1 && !unbanked {
            // Nothing to think about; a write error means the GUI is gone, which the
            // reader sees as end of input.
            let _ = out.line(&done_line(first, None));
            return Ok(None);
        }
        let control = Arc::new(if mode == GoMode::Ponder {
            Control::pondering()
        } else {
            Control::default()
        });
        let (info_out, done_out) = (out.clone(), out.clone());
        let running = self
            .engine
            .start(
                self.game.clone(),
                limits,
                control,
                move |info: &SearchInfo<V>| {
                    let _ = info_out.line(&info_line(info));
                },
                move |result| {
                    let best = result.best_move.unwrap_or(first);
                    let ponder = result.ponder.filter(|_| result.best_move.is_some());
                    let _ = done_out.line(&done_line(best, ponder));
                },
            )
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        Ok(Some(running))
    }
}

/// `info depth= score= nodes= time= nps= pv=`.
fn info_line<V: Variant>(info: &SearchInfo<V>) -> String {
    let pv: Vec<String> = info.pv.iter().map(Position::hub_move_text).collect();
    LineBuilder::new("info")
        .pair("depth", info.depth)
        .pair("score", hub_score(info.score))
        .pair("nodes", info.nodes)
        .pair("time", format!("{:.3}", info.time.as_secs_f64()))
        .pair("nps", format!("{:.3}", info.nps() / 1e6))
        .pair("pv", pv.join(" "))
        .build()
}

/// `done move= [ponder=]`.
fn done_line<V: Variant>(best: Move<V>, ponder: Option<Move<V>>) -> String {
    LineBuilder::new("done")
        .pair("move", Position::hub_move_text(&best))
        .pair_opt("ponder", ponder.as_ref().map(Position::hub_move_text))
        .build()
}

/// The English start as pydraughts writes it (see [`mirror_english`]).
const PYDRAUGHTS_ENGLISH_START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

/// Turns an 8x8 position string as pydraughts writes it into ours.
///
/// pydraughts keeps English games with the first mover called White at the bottom, and
/// writes its board as it stores it: the side that moves first as `W`/`w`, squares
/// numbered from the other side. Its English start is `W` + 12 `b` + 8 `e` + 12 `w`,
/// while its moves use the standard numbering. Ours (FORMATS §4) is the real colours and
/// numbering, start `B` + 12 `b` + 8 `e` + 12 `w`. Mirroring the squares (n ↔ 33 − n) and
/// swapping the colours converts one into the other (and back).
pub fn mirror_english(text: &str) -> String {
    let swap = |c: char| match c {
        'w' => 'b',
        'b' => 'w',
        'W' => 'B',
        'B' => 'W',
        other => other,
    };
    let mut chars = text.chars();
    let mut out = String::with_capacity(text.len());
    if let Some(turn) = chars.next() {
        out.push(swap(turn));
    }
    let squares: Vec<char> = chars.collect();
    out.extend(squares.into_iter().rev().map(swap));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineOptions;
    use draughts_core::{Brazilian, English, Frisian, International};

    fn session<V: Variant>(mirrored: bool) -> HubSession<V> {
        let options = EngineOptions {
            hash_mib: 1,
            ..EngineOptions::default()
        };
        HubSession::new(EngineSession::from_options(&options).unwrap(), mirrored)
    }

    #[test]
    fn positions_and_moves() {
        let mut s = session::<International>(false);
        let start = Position::<International>::initial().to_hub();
        s.set_position(Some(&start), false, "32-28 19-23 28x19x23")
            .unwrap();
        assert_eq!(s.game.moves().len(), 3);
        assert_eq!(s.game.position().to_fen(), "B:W19,31,33-50:B1-18,20");
        let before = s.game.clone();
        let error = s
            .set_position(Some(&start), false, "32-28 19-23 28x19x24")
            .unwrap_err();
        assert!(error.contains("illegal move 3"), "{error}");
        assert!(s.set_position(Some("Wxyz"), false, "").is_err());
        assert!(s.set_position(None, false, "").is_err());
        assert_eq!(s.game, before);
        s.set_position(None, true, "").unwrap();
        assert_eq!(*s.game.position(), Position::initial());
    }

    #[test]
    fn pydraughts_english_positions() {
        let theirs = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
        assert_eq!(mirror_english(&mirror_english(&theirs)), theirs);
        let mut s = session::<English>(true);
        s.set_position(Some(&theirs), false, "11-15 24-20").unwrap();
        assert_eq!(*s.game.start(), Position::initial());
        // pydraughts' string after 11-15, read back the same way.
        s.set_position(Some("Bbbbbbbbbbbbbeeeeeweewewwwwwwwwww"), false, "")
            .unwrap();
        assert_eq!(
            *s.game.position(),
            Position::initial().play_text("11-15").unwrap()
        );
        assert_eq!(theirs, PYDRAUGHTS_ENGLISH_START);
        // Their start is recognised without the parameter; other positions are not.
        let mut standard = session::<English>(false);
        standard
            .set_position(Some(&theirs), false, "11-15")
            .unwrap();
        assert_eq!(*standard.game.start(), Position::initial());
        let after = "Bbbbbbbbbbbbbeeeeeweewewwwwwwwwww";
        assert!(standard.set_position(Some(after), false, "").is_ok());
        assert_ne!(
            *standard.game.position(),
            Position::initial().play_text("11-15").unwrap()
        );
        // In Brazilian, White moves first: the same string is its own start.
        let mut brazilian = session::<Brazilian>(false);
        brazilian.set_position(Some(&theirs), false, "").unwrap();
        assert_eq!(*brazilian.game.start(), Position::initial());
    }

    /// Frisian's king runs: rebuilt by replaying the moves after a Hub string, carried
    /// by a FEN's `R` field.
    #[test]
    fn frisian_king_runs() {
        let mut s = session::<Frisian>(false);
        let start: Position<Frisian> = "W:WK46,36:BK1,K3".parse().unwrap();
        let moves = "46-41 1-7 41-46 7-1 46-41 1-7";
        s.set_position(Some(&start.to_hub()), false, moves).unwrap();
        let run = |s: &HubSession<Frisian>| {
            let color = s.game.position().turn();
            let run = s.game.position().king_run(color);
            run.map(|(square, n)| (square.number(), n))
        };
        assert_eq!(run(&s), Some((41, 3)));
        let texts = |s: &HubSession<Frisian>| -> Vec<String> {
            let pos = s.game.position();
            pos.legal_moves()
                .iter()
                .map(Position::hub_move_text)
                .collect()
        };
        assert_eq!(texts(&s), ["36-31"]);
        // The same position as a bare Hub string has lost the run.
        let bare = s.game.position().to_hub();
        s.set_position(Some(&bare), false, "").unwrap();
        assert_eq!(run(&s), None);
        assert!(texts(&s).len() > 1);
        // As a FEN it keeps it.
        let fen = "W:W36,K41:BK3,K7:RW41x3";
        s.set_position(Some(fen), false, "").unwrap();
        assert_eq!(run(&s), Some((41, 3)));
        assert_eq!(texts(&s), ["36-31"]);
        s.set_position(Some(fen), false, "36-31 7-1").unwrap();
        assert_eq!(run(&s), None);
        assert!(s
            .set_position(Some("W:W36,K41:BK7:RW36x3"), false, "")
            .is_err());
    }

    #[test]
    fn lines() {
        let pos = Position::<International>::initial();
        let mv = pos.parse_move("32-28").unwrap();
        let reply = pos.play_unchecked(&mv).parse_move("19-23").unwrap();
        assert_eq!(done_line(mv, Some(reply)), "done move=32-28 ponder=19-23");
        assert_eq!(done_line::<International>(mv, None), "done move=32-28");
    }
}
