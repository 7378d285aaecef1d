//! `draughts agreement` on real games: the collections of the shared data folder, read
//! where they are (never copied into the repository). The tests that need them skip,
//! saying so, when the folder is absent; `DRAUGHTS_GAMES_DIR` names another place.

use std::path::Path;
use std::process::{Command, Output};

#[path = "../../draughts-core/tests/games_dir/mod.rs"]
mod games_dir;
use games_dir::games_dir;

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("run draughts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `agreement` on one file of the collections at depth 2: its standard output.
fn agreement(variant: &str, file: &Path, sample: &str, seed: &str) -> String {
    let file = file.to_str().expect("a UTF-8 path");
    let output = draughts(&[
        "agreement",
        "--variant",
        variant,
        "--games",
        file,
        "--depth",
        "2",
        "--hash",
        "1",
        "--max-positions",
        sample,
        "--seed",
        seed,
    ]);
    let (stdout, stderr) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!("agreement: {sample}/{sample} positions, ")),
        "the progress line: {stderr}"
    );
    stdout
}

/// The line starting with `start`.
fn line<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line {start:?} in\n{text}"))
}

/// Games read, replayed and refused, from the line `FILE: R games read, P replayed, F
/// refused`.
fn game_counts(out: &str, file: &str) -> (usize, usize, usize) {
    let numbers: Vec<usize> = line(out, file)[file.len()..]
        .split(", ")
        .map(|part| part.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 3, "{out}");
    (numbers[0], numbers[1], numbers[2])
}

#[test]
fn international_masters() {
    let Some(dir) = games_dir() else { return };
    let file = dir.join("international/wiersma-2005.pdn");
    let out = agreement("international", &file, "30", "1");
    let (read, replayed, refused) = game_counts(&out, "wiersma-2005.pdn: ");
    assert!(
        read >= 28 && replayed > 0 && read == replayed + refused,
        "{out}"
    );
    assert!(
        line(&out, "tested: ").contains("a sample of 30 (seed 1)"),
        "{out}"
    );
    let agreed = line(&out, "agreement: ");
    assert!(agreed.contains("/30 = "), "{out}");
    let phases: u32 = out
        .lines()
        .filter(|l| l.contains(" pieces "))
        .map(|l| {
            let counts = l.split_whitespace().nth(2).unwrap_or("");
            // `0 positions` for an empty phase.
            counts
                .split('/')
                .nth(1)
                .map_or(0, |n| n.parse::<u32>().unwrap())
        })
        .sum();
    assert_eq!(phases, 30, "the phases share the positions: {out}");
    // Deterministic for a seed.
    assert_eq!(
        agreed,
        line(&agreement("international", &file, "30", "1"), "agreement: ")
    );
}

#[test]
fn english_masters() {
    let Some(dir) = games_dir() else { return };
    let file = dir.join("english/tinsley.pdn");
    let out = agreement("english", &file, "20", "2");
    let (read, replayed, refused) = game_counts(&out, "tinsley.pdn: ");
    assert!(
        read == 724 && replayed > 700 && read == replayed + refused,
        "{out}"
    );
    assert!(line(&out, "agreement: ").contains("/20 = "), "{out}");
    assert!(
        line(&out, "positions: ").contains(" with a capture forced, "),
        "{out}"
    );
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let output = draughts(&[
        "agreement",
        "--variant",
        "english",
        "--games",
        "/nonexistent/games.pdn",
    ]);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("draughts: error: cannot read /nonexistent/games.pdn: "),
        "{stderr}"
    );
}

#[test]
fn a_file_without_games_tests_nothing() {
    let path = std::env::temp_dir().join(format!("draughts-agreement-{}.pdn", std::process::id()));
    std::fs::write(&path, "[Event \"none\"]\n\n*\n").unwrap();
    let output = draughts(&["agreement", "--games", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!output.status.success());
    assert!(text(&output.stdout).contains("agreement: 0 positions"));
    assert!(text(&output.stderr).contains("no position to test"));
}
