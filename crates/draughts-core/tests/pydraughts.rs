//! An independent check of Brazilian, Russian, Italian, Turkish, Antidraughts,
//! Breakthrough, Frisian and Frysk! move generation against pydraughts
//! (PyPI `pydraughts`, 0.6.7 when written), on positions from random playouts: the
//! number of legal moves and perft(2) of each position must agree. pydraughts is slow
//! (about a second per hundred positions), so the sample is small.
//!
//! It runs only where pydraughts can be imported, by the Python named in
//! `PYDRAUGHTS_PYTHON` (default `python3`); elsewhere it says so and passes. pydraughts
//! reads Brazilian, Russian and Turkish FEN in algebraic squares (`a1` White's
//! bottom-left, `Board(variant="turkish").fen` is `W:Wb2,c2,...,a2:Ba6,...`), as we
//! write them ([`Position::to_fen`]), so those positions are handed over in our FEN;
//! Italian FEN it reads in the Italian numbering, as ours, with every square listed;
//! the 10x10 variants (Frysk! is `frysk!` there) in plain numbers. pydraughts lists
//! moves in a finished Breakthrough game (after a crowning) where we list none; the
//! script counts no moves there, as we do. pydraughts also takes names it does not know
//! (`killer`, `thai`) as International, so it cannot check those.
//!
//! pydraughts knows a Frisian king's run of moves only from the moves it was pushed, not
//! from a FEN, so the Frisian positions are compared with their runs cleared (perft(2)
//! cannot reach a run of three from there). pydraughts counts a king as 1.501 men where
//! we count 1.99 (see `Precedence::KING_VALUE`): the two differ only when three kings or
//! more are taken against five men or more, which random games do not reach.
//!
//! In moves, pydraughts numbers Turkish squares from its own corner: `a1` is 1, `h1` 8,
//! `a2` 9 (and `d6` 44), row by row upwards; the game comparison converts ours.

use draughts_core::{
    perft, Antidraughts, Board8Full, Brazilian, Breakthrough, Color, Frisian, Frysk, Geometry,
    Italian, Kind, Position, Russian, Square, Turkish, Variant,
};
use std::io::Write;
use std::process::{Command, Stdio};

/// pydraughts 0.6.7 lets a Turkish king's quiet move pass over pieces (from `W:WKd4,d6`
/// it lists d4-d7 and d4-d8; from `W:WKc8,c2` c8-c1), where the rules let a king move
/// only along free squares (Wikipedia, "Turkish draughts": "any number of empty
/// squares"; mindsports.nl: "any distance on an open line"). `blocked` spots those
/// moves, in pydraughts' numbering (`a1` is 1, row by row upwards), so the scripts drop
/// them; everything else is compared as pydraughts lists it.
macro_rules! turkish_filter {
    () => {
        r#"
def occupied(b):
    squares = set()
    for part in b.fen.split(":")[1:]:
        for item in part[1:].split(","):
            item = item.lstrip("K")
            if item:
                squares.add(ord(item[0]) - 97 + (int(item[1:]) - 1) * 8 + 1)
    return squares
def blocked(b, m):
    if b.variant != "turkish" or any(c for c in m.captures if c):
        return False
    a, z = m.board_move[0][0], m.board_move[-1][-1]
    step = (8 if (z - a) % 8 == 0 else 1) * (1 if z > a else -1)
    full = occupied(b)
    return any(s in full for s in range(a + step, z, step))
"#
    };
}

/// Reads `variant;fen` lines and prints `moves perft2` for each. pydraughts lists every
/// path of a capture; the script keeps one per start, end and captured set, as we do.
const SCRIPT: &str = concat!(
    r#"
import sys
from draughts import Board
"#,
    turkish_filter!(),
    r#"
def moves(b):
    unique = {}
    for m in b.legal_moves():
        if blocked(b, m):
            continue
        key = (m.board_move[0][0], m.board_move[-1][-1], tuple(sorted(m.captures)))
        unique.setdefault(key, m)
    return list(unique.values())
def perft(b, d):
    if d == 0:
        return 1
    if b.variant == "breakthrough" and b.is_over():
        return 0
    n = 0
    for m in moves(b):
        b.push(m)
        n += perft(b, d - 1)
        b.pop()
    return n
for line in sys.stdin:
    variant, fen = line.strip().split(";")
    b = Board(variant=variant, fen=fen)
    print(len(moves(b)), perft(b, 2))
"#
);

fn python() -> String {
    std::env::var("PYDRAUGHTS_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn pydraughts_available() -> bool {
    Command::new(python())
        .args(["-c", "import draughts"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The FEN of `pos` with every square listed, each written by `name`.
fn listed_fen<V: Variant>(pos: &Position<V>, name: fn(Square) -> String) -> String {
    let mut sides = [Vec::new(), Vec::new()];
    for (square, piece) in pos.piece_squares() {
        let king = if piece.kind == Kind::King { "K" } else { "" };
        let side = usize::from(piece.color == Color::Black);
        sides[side].push(format!("{king}{}", name(square)));
    }
    let turn = if pos.turn() == Color::White { 'W' } else { 'B' };
    format!("{turn}:W{}:B{}", sides[0].join(","), sides[1].join(","))
}

/// Positions of `V` from seeded random playouts, each with its move count and perft(2).
fn samples<V: Variant>(
    games: usize,
    seed: u64,
    name: fn(Square) -> String,
) -> Vec<(String, usize, u64)> {
    let mut rng = seed;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<V>::initial();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let plain = Color::BOTH.into_iter().fold(pos, |p, color| {
                let any = Square::new(1).expect("square 1");
                p.with_king_run(color, any, 0).expect("clearing a run")
            });
            let count = plain.legal_moves().len();
            out.push((listed_fen(&plain, name), count, perft(&plain, 2)));
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos = pos.play_unchecked(&moves[(rng % moves.len() as u64) as usize]);
        }
    }
    out
}

/// Runs `script` with `input` on standard input; its output lines.
fn run_python(script: &str, input: &str) -> Vec<String> {
    let mut child = Command::new(python())
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("pydraughts reads");
    let output = child.wait_with_output().expect("pydraughts answers");
    assert!(output.status.success(), "pydraughts failed");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    text.lines().map(str::to_string).collect()
}

fn compare<V: Variant>(name: &str, games: usize, square: fn(Square) -> String) {
    let samples = samples::<V>(games, 0x9E37_79B9_7F4A_7C15, square);
    let mut input = String::new();
    for (fen, _, _) in &samples {
        input.push_str(&format!("{name};{fen}\n"));
    }
    let answers = run_python(SCRIPT, &input);
    assert_eq!(answers.len(), samples.len());
    let mut mismatches = Vec::new();
    for ((fen, moves, perft2), answer) in samples.iter().zip(answers) {
        let ours = format!("{moves} {perft2}");
        if ours != *answer {
            mismatches.push(format!("{fen}: ours {ours}, pydraughts {answer}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{name}: {} of {} positions differ:\n{}",
        mismatches.len(),
        samples.len(),
        mismatches.join("\n")
    );
}

#[test]
fn brazilian_russian_and_italian_agree_with_pydraughts() {
    if !pydraughts_available() {
        eprintln!("pydraughts not importable by {}: skipped", python());
        return;
    }
    compare::<Brazilian>("brazilian", 12, Square::to_text::<Brazilian>);
    compare::<Russian>("russian", 12, Square::to_text::<Russian>);
    compare::<Italian>("italian", 12, |square| square.to_string());
}

/// Turkish: moves along rows and columns, pieces leaving as they are taken, no turning
/// back within a capture, the most pieces taken; all as pydraughts plays them.
#[test]
fn turkish_agrees_with_pydraughts() {
    if !pydraughts_available() {
        eprintln!("pydraughts not importable by {}: skipped", python());
        return;
    }
    compare::<Turkish>("turkish", 2, Square::to_text::<Turkish>);
}

#[test]
fn antidraughts_and_breakthrough_agree_with_pydraughts() {
    if !pydraughts_available() {
        eprintln!("pydraughts not importable by {}: skipped", python());
        return;
    }
    compare::<Antidraughts>("antidraughts", 3, |square| square.to_string());
    compare::<Breakthrough>("breakthrough", 3, |square| square.to_string());
}

#[test]
fn frisian_and_frysk_agree_with_pydraughts() {
    if !pydraughts_available() {
        eprintln!("pydraughts not importable by {}: skipped", python());
        return;
    }
    compare::<Frisian>("frisian", 12, |square| square.to_string());
    compare::<Frysk>("frysk!", 30, |square| square.to_string());
}

/// Reads `variant;move move ...` lines (moves in captured-square form, played from the
/// start) and prints, for each line, the number of legal moves before each move: a check
/// of what pydraughts derives from the moves played, such as a Frisian king's run.
const GAME_SCRIPT: &str = concat!(
    r#"
import sys
from draughts import Board
"#,
    turkish_filter!(),
    r#"
def key(m):
    return (m.board_move[0][0], m.board_move[-1][-1], tuple(sorted(c for c in m.captures if c)))
for line in sys.stdin:
    variant, moves = line.strip().split(";")
    b = Board(variant=variant)
    counts = []
    for text in moves.split():
        squares = [int(s) for s in text.replace("-", "x").split("x")]
        want = (squares[0], squares[1], tuple(sorted(squares[2:])))
        unique = {key(m): m for m in b.legal_moves() if not blocked(b, m)}
        counts.append(str(len(unique)))
        if want not in unique:
            counts.append("missing:" + text)
            break
        b.push(unique[want])
    print(" ".join(counts))
"#
);

/// Games of `V` from the start, favouring kings' non-capturing moves so that runs of
/// them are common: each as its moves (captured-square form, squares numbered by
/// `number`) and its move counts, and the number of positions where a king had reached
/// the limit while its side had men.
fn king_games<V: Variant>(
    games: usize,
    number: fn(Square) -> u8,
) -> (Vec<(String, String)>, usize) {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut out = Vec::new();
    let mut limited = 0;
    for _ in 0..games {
        let mut pos = Position::<V>::initial();
        let (mut texts, mut counts) = (Vec::new(), Vec::new());
        for _ in 0..300 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            counts.push(moves.len().to_string());
            let run = pos.king_run(pos.turn()).map_or(0, |(_, n)| n);
            if Some(run) == V::KING_MOVE_LIMIT && !pos.men(pos.turn()).is_empty() {
                limited += 1;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let king_steps: Vec<_> = moves
                .iter()
                .filter(|m| !m.is_capture() && pos.kings(pos.turn()).contains(m.from()))
                .collect();
            let mv = if !king_steps.is_empty() && rng % 4 != 0 {
                *king_steps[(rng >> 8) as usize % king_steps.len()]
            } else {
                moves[(rng >> 8) as usize % moves.len()]
            };
            let mut text = format!("{}x{}", number(mv.from()), number(mv.to()));
            for square in mv.captured() {
                text.push_str(&format!("x{}", number(square)));
            }
            texts.push(text);
            pos = pos.play_unchecked(&mv);
        }
        out.push((texts.join(" "), counts.join(" ")));
    }
    (out, limited)
}

/// Frisian games that run kings up against the limit of three moves in a row agree with
/// pydraughts move by move.
#[test]
fn frisian_king_runs_agree_with_pydraughts() {
    if !pydraughts_available() {
        eprintln!("pydraughts not importable by {}: skipped", python());
        return;
    }
    let (games, limited) = king_games::<Frisian>(60, Square::number);
    assert!(
        limited >= 5,
        "only {limited} positions with a king at its limit"
    );
    let input: String = games
        .iter()
        .map(|(m, _)| format!("frisian;{m}\n"))
        .collect();
    let answers = run_python(GAME_SCRIPT, &input);
    assert_eq!(answers.len(), games.len());
    for ((moves, counts), answer) in games.iter().zip(answers) {
        assert_eq!(counts, &answer, "game {moves}");
    }
}

/// pydraughts' number of a Turkish square: `a1` is 1, row by row upwards.
fn pydraughts_turkish(square: Square) -> u8 {
    let (row, col) = Board8Full::coordinates(square.number());
    (7 - row) * 8 + col + 1
}

/// Turkish games played long into king endings agree with pydraughts move by move.
#[test]
fn turkish_games_agree_with_pydraughts() {
    if !pydraughts_available() {
        eprintln!("pydraughts not importable by {}: skipped", python());
        return;
    }
    let (games, _) = king_games::<Turkish>(6, pydraughts_turkish);
    let input: String = games
        .iter()
        .map(|(m, _)| format!("turkish;{m}\n"))
        .collect();
    let answers = run_python(GAME_SCRIPT, &input);
    assert_eq!(answers.len(), games.len());
    for ((moves, counts), answer) in games.iter().zip(answers) {
        assert_eq!(counts, &answer, "game {moves}");
    }
}
