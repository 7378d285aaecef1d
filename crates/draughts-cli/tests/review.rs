//! `draughts review` and `draughts puzzles` from the command line: files written, a bad
//! game reported while the others go on, a killed run resumed, puzzles found, written,
//! verified, and bad files refused.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("run draughts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_str().expect("a UTF-8 path").to_string()
}

/// Three English games, the second with an illegal move.
const GAMES: &str = r#"[Event "one"]

1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *

[Event "two"]

1. 11-15 15-19 *

[Event "three"]

1. 9-14 22-18 2. 5-9 24-20 *
"#;

fn review(dir: &Path, extra: &[&str]) -> Output {
    let (games, out) = (path(dir, "games.pdn"), path(dir, "reviewed.pdn"));
    let mut args = vec![
        "review",
        &games,
        "--variant",
        "english",
        "--depth",
        "4",
        "--hash",
        "1",
        "--out",
        &out,
        "--jobs",
        "2",
    ];
    args.extend(extra);
    draughts(&args)
}

#[test]
fn review_writes_pdn_and_json_and_resumes() {
    let dir = tempfile_dir("review");
    fs::write(dir.join("games.pdn"), GAMES).unwrap();
    let first = review(&dir, &[]);
    let report = text(&first.stdout);
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert!(report.contains("game 2: not reviewed: game 2"), "{report}");
    assert!(report.contains("game 1: ? - ?, one *"), "{report}");
    assert!(report.contains("all games:"), "{report}");
    assert!(report.contains("  shots named: "), "{report}");
    let json = fs::read_to_string(dir.join("reviewed.json")).unwrap();
    assert_eq!(json.lines().count(), 3);
    let pdn = fs::read_to_string(dir.join("reviewed.pdn")).unwrap();
    assert_eq!(pdn.matches("[Annotator \"draughts review\"]").count(), 2);
    assert!(pdn.contains("[%eval"));
    read_by_pydraughts(&pdn);

    // The JSON file is there: without --resume, nothing is overwritten.
    let again = review(&dir, &[]);
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("--resume"));
    assert_eq!(fs::read_to_string(dir.join("reviewed.json")).unwrap(), json);

    // Killed after the first game, half-way through writing the second: the resumed
    // run reviews the others and ends with the same reviews.
    let lines: Vec<&str> = json.lines().collect();
    let cut = format!("{}\n{}", lines[0], &lines[1][..lines[1].len() / 2]);
    fs::write(dir.join("reviewed.json"), cut).unwrap();
    let resumed = review(&dir, &["--resume"]);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("2 to review"));
    let mut before: Vec<&str> = json.lines().collect();
    let after = fs::read_to_string(dir.join("reviewed.json")).unwrap();
    let mut after: Vec<&str> = after.lines().collect();
    before.sort_unstable();
    after.sort_unstable();
    assert_eq!(after, before);
    assert_eq!(text(&resumed.stdout).lines().next(), report.lines().next());

    // A JSON file of other games is refused.
    fs::write(dir.join("games.pdn"), GAMES.replace("\"one\"", "\"other\"")).unwrap();
    let other = review(&dir, &["--resume"]);
    assert!(!other.status.success());
    assert!(
        text(&other.stderr).contains("is not game 1"),
        "{}",
        text(&other.stderr)
    );
}

/// pydraughts' PDN reader (PyPI `pydraughts`) reads the annotated games' main lines
/// as they were played. Python is `$PYDRAUGHTS_PYTHON` or `python3`; without
/// pydraughts the check says so and passes.
fn read_by_pydraughts(annotated: &str) {
    let python = std::env::var("PYDRAUGHTS_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = "import sys\n\
        from draughts.PDN import PDNReader\n\
        for game in PDNReader(pdn_text=sys.stdin.read()).games:\n    \
            print(' '.join(game.moves))\n";
    let child = Command::new(&python)
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        eprintln!("skipped: no {python:?}");
        return;
    };
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(annotated.as_bytes()).unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    if text(&output.stderr).contains("No module named 'draughts'") {
        eprintln!("skipped: pydraughts is not importable by {python:?} (pip install pydraughts)");
        return;
    }
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        "11-15 23-19 8-11 22-17 9-13 17-14 10x17 21x14\n9-14 22-18 5-9 24-20\n"
    );
}

/// A game set up where White has a shot (an engine game's position).
const PUZZLE_GAME: &str = r#"[Event "shot"]
[White "A"]
[Black "B"]
[SetUp "1"]
[FEN "W:W28,31-40,42-50:B1-14,16,18-21,25"]

1. 28-23 18x29 2. 33x15 *
"#;

#[test]
fn puzzles_are_found_written_and_verified() {
    let dir = tempfile_dir("puzzles");
    fs::write(dir.join("games.pdn"), PUZZLE_GAME).unwrap();
    let (games, out) = (path(&dir, "games.pdn"), path(&dir, "puzzles.pdn"));
    let args = [
        "puzzles",
        "--games",
        &games,
        "--out",
        &out,
        "--check-nodes",
        "200000",
        "--hash",
        "4",
    ];
    let found = draughts(&args);
    let report = text(&found.stdout);
    assert!(found.status.success(), "{}", text(&found.stderr));
    assert!(report.starts_with("1 puzzles in 1 games"), "{report}");
    assert!(report.contains("played in the game: 1 of 1"), "{report}");
    let file = fs::read_to_string(dir.join("puzzles.pdn")).unwrap();
    assert!(file.contains("[PuzzleSource \"games.pdn#1:0\"]"), "{file}");
    assert!(file.contains("1. 28-23 18x29 2. 33x15 *"), "{file}");
    assert!(
        !draughts(&args).status.success(),
        "the file exists: no overwrite"
    );
    let resumed = draughts(&[&args[..], &["--resume"]].concat());
    assert!(resumed.status.success());
    assert!(text(&resumed.stdout).starts_with("1 puzzles in 1 games"));

    let verified = draughts(&[
        "puzzles", "--verify", &out, "--nodes", "300000", "--hash", "4",
    ]);
    assert!(verified.status.success(), "{}", text(&verified.stdout));
    assert!(text(&verified.stdout).contains("1 of 1 puzzles have exactly one winning move"));

    fs::write(
        dir.join("bad.pdn"),
        "[FEN \"W:W28:B1\"]\n[PuzzleEffort \"many\"]\n1. 28-23 *\n",
    )
    .unwrap();
    let bad = draughts(&["puzzles", "--verify", &path(&dir, "bad.pdn")]);
    assert!(!bad.status.success());
    assert!(
        text(&bad.stderr).contains("PuzzleEffort"),
        "{}",
        text(&bad.stderr)
    );
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}
