//! `draughts dxp` and `dxp:` engines of `draughts match`, run as the built binary:
//! our Initiator against our Follower over loopback, our Follower driven message by
//! message (split and merged writes, bad and illegal messages, takebacks, GAMEEND both
//! ways), a match against our Follower, and pydraughts' DXP client when it is
//! installed.

use draughts_core::pdn::read_games;
use draughts_core::{GameResult, International, Position};
use draughts_dxp::{AcceptCode, BackCode, EndReason, Framer, Message};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const DRAUGHTS: &str = env!("CARGO_BIN_EXE_draughts");

/// A Follower on a port the system picks, serving one connection.
struct Follower {
    child: Child,
    address: String,
    /// Its log lines after the first.
    log: mpsc::Receiver<String>,
}

impl Follower {
    /// A Follower searching `nodes` nodes a move.
    fn start(nodes: &str) -> Follower {
        let mut child = Command::new(DRAUGHTS)
            .args(["dxp", "--listen", "127.0.0.1:0", "--once", "--nodes", nodes])
            .args(["--hash", "1"])
            .stderr(Stdio::piped())
            .spawn()
            .expect("start draughts dxp --listen");
        let stderr = child.stderr.take().expect("the follower's stderr");
        let (sender, log) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        let first = log
            .recv_timeout(Duration::from_secs(30))
            .expect("the follower says where it listens");
        let address = first
            .strip_prefix("dxp: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
            .to_string();
        Follower {
            child,
            address,
            log,
        }
    }

    /// Waits for the process to end (it serves one connection) and returns its log.
    fn finish(mut self) -> String {
        for _ in 0..300 {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "follower exited with {status}");
                // Its last lines may still be on their way: read until the reader
                // thread has met the end of the pipe.
                let mut lines = Vec::new();
                while let Ok(line) = self.log.recv_timeout(Duration::from_secs(10)) {
                    lines.push(line);
                }
                return lines.join("\n");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let _ = self.child.kill();
        panic!("the follower did not exit after its connection closed");
    }
}

fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-dxp-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary directory");
    dir
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `draughts dxp --connect` against `follower` as `Tester` with `args`, writing
/// the games to `pdn`; its standard output, once it has succeeded.
fn connect(follower: &Follower, args: &[&str], pdn: &Path) -> String {
    let output = Command::new(DRAUGHTS)
        .args(["dxp", "--connect", &follower.address, "--name", "Tester"])
        .args(args)
        .arg("--pdn")
        .arg(pdn)
        .output()
        .expect("run draughts dxp --connect");
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    stdout
}

#[test]
fn our_initiator_against_our_follower() {
    let follower = Follower::start("300");
    let dir = temp_dir("loopback");
    let pdn = dir.join("games.pdn");
    let stdout = connect(
        &follower,
        &[
            "--games", "2", "--moves", "25", "--nodes", "300", "--hash", "1",
        ],
        &pdn,
    );
    assert!(
        stdout.contains("game 2/2: draughts 0.1.0 - Tester"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Result: Tester vs draughts 0.1.0: +"),
        "{stdout}"
    );
    let games = read_games(&std::fs::read_to_string(&pdn).expect("the PDN"));
    assert_eq!(games.len(), 2);
    for (i, game) in games.into_iter().enumerate() {
        let game = game.expect("PDN syntax");
        let played = game.to_game::<International>().expect("the moves replay");
        assert!(played.moves().len() <= 50, "the move limit adjudicates");
        assert!(played.moves().len() >= 20);
        assert_eq!(game.tag("White"), Some(["Tester", "draughts 0.1.0"][i]));
        assert!(game
            .game_result::<International>()
            .is_some_and(|r| r != GameResult::Unfinished));
    }
    let log = follower.finish();
    assert!(log.contains("we play black"), "{log}");
    assert!(log.contains("we play white"), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn our_initiator_can_take_black_first() {
    let follower = Follower::start("300");
    let dir = temp_dir("black-first");
    let pdn = dir.join("games.pdn");
    let stdout = connect(
        &follower,
        &[
            "--games", "1", "--color", "black", "--moves", "15", "--nodes", "300", "--hash", "1",
        ],
        &pdn,
    );
    assert!(
        stdout.contains("game 1/1: draughts 0.1.0 - Tester"),
        "{stdout}"
    );
    let games = read_games(&std::fs::read_to_string(&pdn).expect("the PDN"));
    let game = games[0].as_ref().expect("PDN syntax");
    assert_eq!(
        (game.tag("White"), game.tag("Black")),
        (Some("draughts 0.1.0"), Some("Tester"))
    );
    let played = game.to_game::<International>().expect("the moves replay");
    assert!(played.moves().len() <= 30, "the move limit adjudicates");
    let log = follower.finish();
    assert!(log.contains("we play white"), "{log}");
    assert!(!log.contains("we play black"), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_command_lines_and_unreachable_followers_are_errors() {
    for (args, expected) in [
        (
            &["dxp", "--connect", "127.0.0.1:1"][..],
            "cannot connect to 127.0.0.1:1",
        ),
        (&["dxp", "--listen", "99999"], "is not a port number"),
        (
            &["dxp", "--connect", "127.0.0.1:1", "--color", "red"],
            "is not a colour",
        ),
        (&["dxp", "--fen", "W:W31-50:B1-20"], "required arguments"),
        (&["match", "--engine2", "dxp:localhost"], "is not HOST:PORT"),
    ] {
        let output = Command::new(DRAUGHTS)
            .args(args)
            .output()
            .expect("run draughts");
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{args:?}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
}

/// A client of our Follower speaking raw bytes.
struct Client {
    stream: TcpStream,
    framer: Framer,
}

impl Client {
    fn connect(address: &str) -> Client {
        let stream = TcpStream::connect(address).expect("connect to the follower");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("a read time-out");
        Client {
            stream,
            framer: Framer::default(),
        }
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).expect("send");
        self.stream.flush().expect("flush");
    }

    fn send(&mut self, text: &str) {
        self.send_bytes(&[text.as_bytes(), b"\0"].concat());
    }

    fn receive(&mut self) -> Message {
        let mut buffer = [0u8; 256];
        loop {
            if let Some(message) = self.framer.next_message() {
                return message.expect("the follower writes good messages");
            }
            let n = self.stream.read(&mut buffer).expect("a message");
            assert!(n > 0, "the follower closed the connection");
            self.framer.push(&buffer[..n]);
        }
    }

    fn receive_move(&mut self) -> String {
        match self.receive() {
            Message::Move(m) => m.text(),
            other => panic!("expected a move, got {other:?}"),
        }
    }
}

fn request(follower: char) -> String {
    format!("R01{:<32}{follower}001000A", "Tester")
}

#[test]
fn our_follower_message_by_message() {
    let follower = Follower::start("300");
    let mut client = Client::connect(&follower.address);
    // A chat and a GAMEREQ in one write, the GAMEREQ cut across two.
    let req = request('W');
    let (a, b) = req.as_bytes().split_at(20);
    client.send_bytes(&[b"CHello\0", a].concat());
    std::thread::sleep(Duration::from_millis(100));
    client.send_bytes(&[b, b"\0"].concat());
    let Message::GameAccept {
        follower: name,
        code,
    } = client.receive()
    else {
        panic!("no GAMEACC");
    };
    assert_eq!(
        (name.as_str(), code),
        ("draughts 0.1.0", AcceptCode::Accepted)
    );
    let first = client.receive_move();
    let start = Position::<International>::initial();
    assert!(start.parse_hub_move(&first).is_ok(), "{first}");
    // Bad bytes: answered with a chat naming the problem; the game goes on.
    client.send("X123");
    let Message::Chat(reason) = client.receive() else {
        panic!("no chat")
    };
    assert!(reason.contains("unknown type 'X'"), "{reason}");
    // An illegal move ends the game with a reason.
    client.send("M0001010500");
    let Message::Chat(reason) = client.receive() else {
        panic!("no chat")
    };
    assert!(reason.contains("illegal move 1-5"), "{reason}");
    assert!(matches!(
        client.receive(),
        Message::GameEnd { stop: false, .. }
    ));
    // Another version is refused.
    client.send(&request('Z').replacen("R01", "R02", 1));
    assert!(matches!(
        client.receive(),
        Message::GameAccept {
            code: AcceptCode::WrongVersion,
            ..
        }
    ));
    // A new game, the Follower Black; a takeback to the start, one refused.
    client.send(&request('Z'));
    assert!(matches!(
        client.receive(),
        Message::GameAccept {
            code: AcceptCode::Accepted,
            ..
        }
    ));
    client.send("M0001322800");
    let reply = client.receive_move();
    assert!(start
        .play_text("32-28")
        .unwrap()
        .parse_hub_move(&reply)
        .is_ok());
    client.send("B001W");
    assert_eq!(client.receive(), Message::BackAccept(BackCode::Accepted));
    client.send("B009W");
    assert_eq!(client.receive(), Message::BackAccept(BackCode::Refused));
    // Back at the start with White (us) to move: another first move is answered.
    client.send("M0001333900");
    let Message::Chat(reason) = client.receive() else {
        panic!("no chat")
    };
    assert!(reason.contains("illegal move 33-39"), "{reason}");
    assert!(matches!(client.receive(), Message::GameEnd { .. }));
    client.send(&request('Z'));
    assert!(matches!(client.receive(), Message::GameAccept { .. }));
    client.send("M0001343000");
    client.receive_move();
    // We end the game; the Follower acknowledges; a stop closes the connection.
    client.send("E20");
    assert_eq!(
        client.receive(),
        Message::GameEnd {
            reason: EndReason::Unknown,
            stop: false
        }
    );
    // A set-up position: we take the Follower's last piece; it ends the game.
    let mut squares = ['e'; 50];
    squares[31] = 'w';
    squares[26] = 'z';
    let board: String = squares.iter().collect();
    client.send(&format!("R01{:<32}Z001000BW{board}", "Tester"));
    assert!(matches!(
        client.receive(),
        Message::GameAccept {
            code: AcceptCode::Accepted,
            ..
        }
    ));
    client.send("M000132210127");
    assert_eq!(
        client.receive(),
        Message::GameEnd {
            reason: EndReason::ILose,
            stop: false
        }
    );
    client.send("E00");
    client.send("E01");
    let mut rest = Vec::new();
    let _ = client.stream.read_to_end(&mut rest);
    assert!(rest.is_empty(), "{rest:?}");
    let log = follower.finish();
    assert!(log.contains("chat from 127.0.0.1"), "{log}");
    assert!(log.contains("Hello"), "{log}");
    assert!(log.contains("refused"), "{log}");
    assert!(log.contains("set-up position"), "{log}");
    assert!(log.contains("game over after 1 ply: white wins"), "{log}");
}

#[test]
fn a_match_against_a_dxp_follower() {
    let follower = Follower::start("300");
    let dir = temp_dir("match");
    let pdn = dir.join("games.pdn");
    let engine2 = format!("dxp,minutes=1:{}", follower.address);
    let output = Command::new(DRAUGHTS)
        .args(["match", "--engine1", "internal:nodes=300,hash=1"])
        .args(["--engine2", &engine2, "--games", "2", "--max-plies", "40"])
        .args(["--concurrency", "2", "--pdn"])
        .arg(&pdn)
        .output()
        .expect("run draughts match");
    let stdout = text(&output.stdout);
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("Games: 2"), "{stdout}");
    assert!(
        stdout.contains(&format!(
            "dxp {}: 0 illegal moves, 0 crashes, 0 time losses",
            follower.address
        )),
        "{stdout}"
    );
    assert!(stderr.contains("one game at a time"), "{stderr}");
    let games = read_games(&std::fs::read_to_string(&pdn).expect("the PDN"));
    assert_eq!(games.len(), 2);
    for game in games {
        let game = game.expect("PDN syntax");
        assert!(game.to_game::<International>().is_ok());
    }
    let log = follower.finish();
    assert!(log.contains("game against \"draughts 0.1.0\""), "{log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// pydraughts' DXP client (PyPI `pydraughts`) drives our Follower for 30 plies, then
/// ends the game; pydraughts plays White (its first legal move each time), or Black.
/// Python is `$PYDRAUGHTS_PYTHON` or `python3`; without pydraughts the test says so and
/// passes. (pydraughts has no Follower, so our Initiator cannot be tested against it.)
#[test]
fn pydraughts_drives_our_follower() {
    pydraughts_game("WHITE", "black", 30);
}

#[test]
fn pydraughts_takes_black_against_our_follower() {
    // pydraughts sends its own moves when it asks for ours: its 30th is not sent.
    pydraughts_game("BLACK", "white", 29);
}

/// A game of pydraughts' client, playing `theirs` (`WHITE` or `BLACK`), against our
/// Follower, which must say it plays `ours` and see `plies` plies before GAMEEND.
fn pydraughts_game(theirs: &str, ours: &str, plies: usize) {
    let python = std::env::var("PYDRAUGHTS_PYTHON").unwrap_or_else(|_| "python3".into());
    let probe = Command::new(&python)
        .args(["-c", "import draughts.engine"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        eprintln!(
            "skipped: pydraughts is not importable by {python:?} (pip install pydraughts, \
             or set PYDRAUGHTS_PYTHON to a Python that has it)"
        );
        return;
    }
    let follower = Follower::start("300");
    let port = follower
        .address
        .rsplit(':')
        .next()
        .unwrap_or("")
        .to_string();
    let script = r#"
import os, sys, time
from draughts import Board, WHITE, BLACK
from draughts.engine import DXPEngine
theirs = {"WHITE": WHITE, "BLACK": BLACK}[sys.argv[2]]
engine = DXPEngine(options={"engine-opened": True, "ip": "127.0.0.1", "port": sys.argv[1]},
                   initial_time=60)
board = Board(variant="standard")
while len(board.move_stack) < 30 and not board.is_over():
    if board.turn == theirs:
        board.push(board.legal_moves()[0])
    else:
        result = engine.play(board)
        if result.move is None:
            print("no move", flush=True)
            os._exit(1)
        board.push(result.move)
print("plies", len(board.move_stack), "against", engine.id.get("name"), flush=True)
engine.sender.gameend()
time.sleep(0.5)
# pydraughts' reader thread never ends once the socket closes.
os._exit(0)
"#;
    let mut child = Command::new(&python)
        .args(["-c", script, &port, theirs])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run python");
    let mut waited = 0;
    let status = loop {
        if let Ok(Some(status)) = child.try_wait() {
            break status;
        }
        assert!(waited < 1200, "pydraughts did not finish in 120 s");
        waited += 1;
        std::thread::sleep(Duration::from_millis(100));
    };
    let output = child.wait_with_output().expect("python's output");
    let stdout = text(&output.stdout);
    assert!(status.success(), "{stdout}{}", text(&output.stderr));
    assert!(
        stdout.contains("plies 30 against draughts 0.1.0"),
        "{stdout}"
    );
    let log = follower.finish();
    assert!(
        log.contains(&format!("game against \"DXP Client\": we play {ours}")),
        "{log}"
    );
    assert!(
        log.contains(&format!("the opponent ended the game after {plies} plies")),
        "{log}"
    );
}

#[test]
fn our_follower_answers_while_it_searches() {
    // A search far longer than the test.
    let follower = Follower::start("100000000000");
    let mut client = Client::connect(&follower.address);
    client.send(&request('W'));
    assert!(matches!(
        client.receive(),
        Message::GameAccept {
            code: AcceptCode::Accepted,
            ..
        }
    ));
    std::thread::sleep(Duration::from_millis(200));
    // A chat is logged, a takeback to the position searched is granted, and the search
    // starts again; a GAMEEND stops it, answered at once without a move.
    client.send("CStill thinking?");
    client.send("B001W");
    assert_eq!(client.receive(), Message::BackAccept(BackCode::Accepted));
    std::thread::sleep(Duration::from_millis(200));
    // A move out of turn ends the game; a new one starts searching again.
    client.send("M0001191400");
    let Message::Chat(reason) = client.receive() else {
        panic!("no chat")
    };
    assert!(reason.contains("when it is our turn"), "{reason}");
    assert!(matches!(client.receive(), Message::GameEnd { .. }));
    client.send(&request('W'));
    assert!(matches!(client.receive(), Message::GameAccept { .. }));
    std::thread::sleep(Duration::from_millis(200));
    client.send("E01");
    assert_eq!(
        client.receive(),
        Message::GameEnd {
            reason: EndReason::Unknown,
            stop: false
        }
    );
    let mut rest = Vec::new();
    let _ = client.stream.read_to_end(&mut rest);
    assert!(rest.is_empty(), "{rest:?}");
    let log = follower.finish();
    assert!(log.contains("Still thinking?"), "{log}");
    assert!(
        log.contains("the opponent ended the game after 0 plies"),
        "{log}"
    );
}
