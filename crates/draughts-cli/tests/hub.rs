//! The Hub protocol, spoken to the built `draughts hub` over stdin/stdout.

use draughts_core::{English, International, Position, Variant};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous: only a hung engine takes this long.
const TIMEOUT: Duration = Duration::from_secs(5);

const START: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start draughts hub");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        }
    }

    /// A started engine after `hub`, the given `set-param`s and `init`.
    fn ready(params: &[(&str, &str)]) -> Engine {
        let mut engine = Engine::start();
        engine.send("hub");
        engine.expect("wait");
        for (name, value) in params {
            engine.send(&format!("set-param name={name} value={value}"));
        }
        engine.send("init");
        engine.expect("ready");
        engine
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush");
    }

    fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// The next line, failing after [`TIMEOUT`].
    fn next(&mut self) -> String {
        match self.lines.recv_timeout(TIMEOUT) {
            Ok(line) => {
                self.seen.push(line.clone());
                line
            }
            Err(RecvTimeoutError::Timeout) => panic!("no answer in time; saw {:?}", self.seen),
            Err(RecvTimeoutError::Disconnected) => panic!("engine closed; saw {:?}", self.seen),
        }
    }

    /// Reads until a line starting with `prefix`; returns it and the lines before.
    fn expect(&mut self, prefix: &str) -> (String, Vec<String>) {
        let mut before = Vec::new();
        loop {
            let line = self.next();
            if line.starts_with(prefix) {
                return (line, before);
            }
            before.push(line);
        }
    }

    /// Sends `ping` and returns every line before the `pong`.
    fn sync(&mut self) -> Vec<String> {
        self.send("ping");
        self.expect("pong").1
    }

    /// Closes stdin and waits for a clean exit.
    fn close(mut self) {
        drop(self.stdin.take());
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(start.elapsed() < TIMEOUT, "engine did not exit at EOF");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The value of `name=` in a reply line (bare values only).
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let key = format!("{name}=");
    line.split_whitespace()
        .find_map(|word| word.strip_prefix(key.as_str()))
        .unwrap_or_else(|| panic!("no {name}= in {line:?}"))
}

/// Asks for a move from `pos` with `moves` and checks that it is legal there.
fn think<V: Variant>(engine: &mut Engine, pos: &str, moves: &str, expected: &Position<V>) {
    engine.send(&format!("pos pos={pos} moves=\"{moves}\""));
    engine.send("level depth=3");
    engine.send("go think");
    let (done, infos) = engine.expect("done");
    let mv = field(&done, "move");
    assert!(
        expected.parse_hub_move(mv).is_ok(),
        "{mv} is not legal in {}",
        expected.to_fen()
    );
    assert!(infos.iter().all(|l| l.starts_with("info ")), "{infos:?}");
}

#[test]
fn startup_handshake() {
    let mut engine = Engine::start();
    engine.send("hub");
    let (wait, lines) = engine.expect("wait");
    assert_eq!(wait, "wait");
    assert!(
        lines[0].starts_with("id name=draughts version="),
        "{lines:?}"
    );
    assert!(lines[0].contains("author=\"draughts developers\""));
    assert!(lines[0].contains(" country="));
    assert!(lines.contains(
        &"param name=variant value=international type=enum values=\"international english brazilian pool russian italian spanish czech thai turkish killer antidraughts breakthrough frisian frysk\""
            .to_string()
    ));
    for name in ["hash", "threads", "weights", "tactics"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("param name={name} "))),
            "{name}: {lines:?}"
        );
    }
    engine.send("set-param name=variant value=normal");
    engine.send("set-param name=hash value=8");
    engine.send("init");
    let (_, before) = engine.expect("ready");
    assert!(before.is_empty(), "{before:?}");
    engine.close();
}

/// The `book` parameter: a book file answers at depth 0 without searching; `none`
/// searches; a file that cannot be used, or `builtin` where none ships, is an error
/// line, and the engine plays on without a book.
#[test]
fn book_moves_come_from_the_book_parameter() {
    use draughts_engine::book::Book;
    let start = Position::<International>::initial();
    let moves = start.legal_moves();
    let book = Book::from_positions([(&start, 0, vec![(moves[4], 11)])]);
    let path = std::env::temp_dir().join(format!("hub-book-{}.book", std::process::id()));
    book.save(&path).unwrap();
    let file = path.to_string_lossy().into_owned();
    let mut engine = Engine::ready(&[("hash", "8"), ("book", &file)]);
    engine.send("pos start");
    engine.send("level depth=3");
    engine.send("go think");
    let (done, infos) = engine.expect("done");
    assert_eq!(field(&done, "move"), Position::hub_move_text(&moves[4]));
    assert_eq!(infos.len(), 1, "{infos:?}");
    assert!(
        infos[0].starts_with("info depth=0 score=0.11 nodes=0"),
        "{infos:?}"
    );
    engine.send("set-param name=book value=none");
    engine.send("pos start");
    engine.send("level depth=2");
    engine.send("go think");
    let (_, infos) = engine.expect("done");
    assert!(
        infos.iter().any(|l| l.starts_with("info depth=2")),
        "{infos:?}"
    );
    let mut unusable = vec![("international", "/nonexistent/x.book", "x.book")];
    if draughts_engine::book::builtin::<English>().is_none() {
        unusable.push((
            "english",
            "builtin",
            "no built-in opening book ships for english",
        ));
    }
    for (variant, value, said) in unusable {
        engine.send(&format!("set-param name=variant value={variant}"));
        engine.send(&format!("set-param name=book value={value}"));
        engine.send("init");
        let (_, before) = engine.expect("ready");
        let error = before
            .iter()
            .find(|l| l.starts_with("error"))
            .cloned()
            .unwrap_or_default();
        assert!(
            error.contains(said) && error.contains("playing without an opening book"),
            "{before:?}"
        );
    }
    engine.close();
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn think_returns_a_legal_move() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    let after = Position::<International>::initial()
        .play_text("32-28")
        .and_then(|p| p.play_text("19-23"))
        .and_then(|p| p.play_text("28x19"))
        .unwrap();
    think(&mut engine, START, "32-28 19-23 28x19x23", &after);
    think(
        &mut engine,
        START,
        "",
        &Position::<International>::initial(),
    );
    // The `start` flag.
    engine.send("pos start");
    engine.send("level nodes=2000");
    engine.send("go think");
    let (done, _) = engine.expect("done");
    assert!(Position::<International>::initial()
        .parse_hub_move(field(&done, "move"))
        .is_ok());
    engine.send("quit");
    engine.close();
}

/// A game against itself under `level [moves=] time= [inc=]`, the engine's own answers
/// timed on our side of the pipe: every move comes back before the clock runs out.
#[test]
fn clock_searches_answer_in_time() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    let mut pos = Position::<International>::initial();
    let mut moves: Vec<String> = Vec::new();
    // Sudden death from 1 s, then 3 s + 0.2 s, then the last move before a control.
    let mut clocks = [1.0f64; 2];
    for ply in 0..24 {
        let side = ply % 2;
        let level = match ply {
            0..=15 => format!("level time={:.3}", clocks[side]),
            16..=21 => format!("level time={:.3} inc=0.2", clocks[side] + 2.0),
            _ => "level moves=1 time=0.4".to_string(),
        };
        engine.send(&format!("pos pos={START} moves=\"{}\"", moves.join(" ")));
        engine.send(&level);
        let began = Instant::now();
        engine.send("go think");
        let (done, _) = engine.expect("done");
        let spent = began.elapsed().as_secs_f64();
        let allowed = match ply {
            0..=15 => clocks[side],
            16..=21 => clocks[side] + 2.2,
            _ => 0.4,
        };
        assert!(spent < allowed, "ply {ply}: {spent:.3} s after {level:?}");
        if ply < 16 {
            // 1 s for a whole game: quick moves.
            assert!(spent < 0.25, "ply {ply}: {spent:.3} s after {level:?}");
            clocks[side] -= spent;
        }
        let mv = field(&done, "move").to_string();
        let parsed = pos
            .parse_hub_move(&mv)
            .unwrap_or_else(|e| panic!("ply {ply}: {mv}: {e}"));
        pos = pos.play_unchecked(&parsed);
        moves.push(mv);
    }
    engine.close();
}

#[test]
fn ping_and_stop_during_an_infinite_search() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    engine.send(&format!("pos pos={START}"));
    engine.send("level infinite");
    engine.send("go analyze");
    engine.expect("info");
    engine.send("ping");
    engine.expect("pong");
    engine.send("stop");
    let (done, _) = engine.expect("done");
    assert!(Position::<International>::initial()
        .parse_hub_move(field(&done, "move"))
        .is_ok());
    // Still answering, and a stop without a search is ignored.
    engine.send("stop");
    assert!(engine.sync().is_empty());
    // Pondering: ponder-hit turns it into a normal search, stop ends it.
    engine.send(&format!("pos pos={START} moves=\"32-28\""));
    engine.send("go ponder");
    engine.send("ponder-hit");
    engine.send("ping");
    engine.expect("pong");
    engine.send("stop");
    engine.expect("done");
    engine.close();
}

#[test]
fn stop_right_after_go_still_ends_the_search() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    for _ in 0..10 {
        engine.send("pos start");
        engine.send("go analyze");
        engine.send("stop");
        engine.expect("done");
        engine.send("pos start");
        engine.send("level move-time=100");
        engine.send("go ponder");
        engine.send("ponder-hit");
        engine.send("stop");
        engine.expect("done");
    }
    // A command other than stop, ponder-hit or ping ends the search first.
    engine.send("go analyze");
    engine.send("pos start");
    engine.expect("done");
    assert!(engine.sync().is_empty());
    engine.close();
}

#[test]
fn eof_during_a_search_exits() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    engine.send("pos start");
    engine.send("go analyze");
    engine.expect("info");
    engine.close();
}

#[test]
fn garbage_gets_errors_and_the_engine_plays_on() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    // A position where White must take: 28x19 is the only move.
    engine.send(&format!("pos pos={START} moves=\"32-28 19-23\""));
    let long = format!("pos pos={}", "w".repeat(10_000));
    let garbage: Vec<Vec<u8>> = [
        "",
        "   ",
        "pos pos=",
        "pos pos=Wxyz",
        "pos",
        "pos moves=\"32-28",
        "pos pos=\"Wbbb",
        &format!("pos pos={START} moves=\"32-29\""),
        &format!("pos pos={START} moves=\"32-28 32-28\""),
        &format!("pos pos={START} moves=\"32-28 19-23 28x19x24\""),
        &format!("pos pos={START} moves=\"99-98\""),
        &format!("pos pos={START} moves=\"hello\""),
        &format!("pos pos={}", &START[..33]),
        "level time=abc",
        "level depth=0",
        "level",
        "level inc=3",
        "go",
        "go fly",
        "set-param name=variant value=chess",
        "set-param name=hash value=-5",
        "set-param name=colour value=red",
        "set-param value=3",
        "flip",
        "=",
        "a=b",
        "\"",
        &"x".repeat(10_000),
        &long,
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .chain([
        b"\xff\xfe\x00\x01junk".to_vec(),
        b"go\x00think".to_vec(),
        b"\x1b[A\x07".to_vec(),
    ])
    .collect();
    for line in &garbage {
        let mut bytes = line.clone();
        bytes.push(b'\n');
        engine.send_bytes(&bytes);
        let replies = engine.sync();
        assert_eq!(
            replies.len(),
            1,
            "{:?} got {replies:?}",
            String::from_utf8_lossy(line)
        );
        assert!(
            replies[0].starts_with("error message=\""),
            "{:?} got {replies:?}",
            String::from_utf8_lossy(line)
        );
    }
    // The position survived every bad `pos`: the only move is still 28x19.
    engine.send("go think");
    let (done, _) = engine.expect("done");
    assert_eq!(field(&done, "move"), "28x19x23");
    // And the engine still plays from a new position.
    let mut after = Position::<International>::initial();
    for text in ["34-29", "17-21"] {
        after = after.play_text(text).unwrap();
    }
    think(&mut engine, START, "34-29 17-21", &after);
    engine.close();
}

#[test]
fn an_unreadable_template_file_is_reported_and_the_search_goes_on() {
    let mut engine = Engine::start();
    engine.send("hub");
    engine.expect("wait");
    engine.send("set-param name=hash value=8");
    engine.send("set-param name=tactics value=/nonexistent/x.tactics");
    engine.send("init");
    let (_, before) = engine.expect("ready");
    assert!(
        before.iter().any(|l| l.starts_with("error")
            && l.contains("x.tactics")
            && l.contains("without templates")),
        "{before:?}"
    );
    engine.send("pos start");
    engine.send("level depth=2");
    engine.send("go think");
    let (done, _) = engine.expect("done");
    assert!(done.starts_with("done move="), "{done}");
    engine.close();
}

#[test]
fn terminal_positions_get_an_error() {
    let mut engine = Engine::ready(&[("hash", "8")]);
    // White to move with no pieces.
    let lost = format!("W{}{}", "b".repeat(5), "e".repeat(45));
    engine.send(&format!("pos pos={lost}"));
    engine.send("go think");
    let replies = engine.sync();
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].starts_with("error"), "{replies:?}");
    engine.close();
}

#[test]
fn english_over_hub() {
    let mut engine = Engine::ready(&[("variant", "english"), ("hash", "8")]);
    let start = Position::<English>::initial();
    let hub = start.to_hub();
    assert_eq!(hub.len(), 33);
    think(&mut engine, &hub, "", &start);
    let after = start
        .play_text("11-15")
        .unwrap()
        .play_text("23-19")
        .unwrap();
    think(&mut engine, &hub, "11-15 23-19", &after);
    // pydraughts' start is recognised without `english-hub`.
    let theirs = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
    think(
        &mut engine,
        &theirs,
        "11-15",
        &start.play_text("11-15").unwrap(),
    );
    // A 10x10 position is refused in English.
    engine.send(&format!("pos pos={START}"));
    let replies = engine.sync();
    assert!(replies[0].starts_with("error"), "{replies:?}");
    engine.close();

    // pydraughts' way of writing the English board.
    let mut engine = Engine::ready(&[("variant", "english"), ("english-hub", "pydraughts")]);
    let theirs = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
    think(&mut engine, &theirs, "", &start);
    let after = start.play_text("11-15").unwrap();
    think(&mut engine, &theirs, "11-15", &after);
    engine.close();
}

#[test]
fn new_game_and_lone_moves() {
    let mut engine = Engine::ready(&[]);
    engine.send("new-game");
    // The lone legal move 28x19x23 under a `level` form and a `go` kind: the answer,
    // and the `info` lines sent before it.
    let mut lone = |level: &str, go: &str| {
        engine.send(&format!("pos pos={START} moves=\"32-28 19-23\""));
        engine.send(level);
        engine.send(go);
        let (done, infos) = engine.expect("done");
        assert!(done.starts_with("done move=28x19x23"), "{done}");
        (done, infos)
    };
    // Under `go think` it is answered at once, without a search.
    let (done, infos) = lone("level depth=2", "go think");
    assert_eq!(done, "done move=28x19x23");
    assert!(infos.is_empty());
    // So under a clock.
    let (done, infos) = lone("level time=60 inc=1", "go think");
    assert_eq!(done, "done move=28x19x23");
    assert!(infos.is_empty());
    // For a fixed time a move, which is not banked, it is searched for that time.
    let (_, infos) = lone("level move-time=0.05", "go think");
    assert!(!infos.is_empty());
    // `go analyze` searches it.
    let (_, infos) = lone("level depth=2", "go analyze");
    assert!(!infos.is_empty());
    let info = &infos[infos.len() - 1];
    for name in ["depth", "score", "nodes", "time", "nps"] {
        assert!(!field(info, name).is_empty());
    }
    assert!(
        info.contains("pv=\"28x19x23 ") || info.contains("pv=28x19x23"),
        "{info}"
    );
    engine.close();
}
