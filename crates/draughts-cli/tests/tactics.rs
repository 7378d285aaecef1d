//! `draughts tactics` and the template options of `analyse` and `match` on Turkish's
//! full board (issue 24), run as the built binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("run draughts")
}

/// Runs `draughts`, failing the test if it failed: stdout and stderr.
fn succeed(args: &[&str]) -> (String, String) {
    let output = draughts(args);
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{args:?}: {out}\n{err}");
    (out, err)
}

/// An empty folder of its own for the test `name`.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-tactics-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// White gives d4 on d5, d6 must take it, and d3 takes two back.
const SHOT: &str = "W:Wd2,d3,d4,h2:Bc5,e5,d6,a7";

/// Templates learned from a game with the shot and from self-play; `stats` reads
/// them; `analyse` with them plays the shot and reports the oracle's figures; a match
/// with `tactics=` plays its games.
#[test]
fn turkish_templates_learn_and_play() {
    let dir = fresh_dir("turkish");
    let pdn = path(&dir, "shot.pdn");
    let game = format!(
        "[GameType \"30\"]\n[SetUp \"1\"]\n[FEN \"{SHOT}\"]\n\n1. d4-d5 d6xd4 2. d3xf5 *\n"
    );
    std::fs::write(&pdn, game).unwrap();
    let learned = path(&dir, "shot.tactics");
    let (out, err) = succeed(&[
        "tactics",
        "learn",
        "--variant",
        "turkish",
        "--games",
        &pdn,
        "--expand",
        "0",
        "--out",
        &learned,
    ]);
    assert!(
        err.contains("1 games read, 1 replayed, 0 refused"),
        "{out}{err}"
    );
    let text = std::fs::read_to_string(&learned).unwrap();
    assert!(
        text.starts_with("draughts-tactics templates v1 turkish\n"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("W 100 ")), "{text}");

    let selfplay = path(&dir, "selfplay.tactics");
    let (out, err) = succeed(&[
        "tactics",
        "learn",
        "--variant",
        "turkish",
        "--selfplay",
        "2",
        "--depth",
        "1",
        "--expand",
        "0",
        "--out",
        &selfplay,
    ]);
    assert!(err.contains("wrote "), "{out}{err}");
    let (out, _) = succeed(&[
        "tactics",
        "stats",
        "--variant",
        "turkish",
        "--positions",
        "200",
        &learned,
        &selfplay,
    ]);
    assert!(out.contains("templates"), "{out}");

    let (out, _) = succeed(&[
        "analyse",
        "--variant",
        "turkish",
        "--fen",
        SHOT,
        "--depth",
        "3",
        "--tactics",
        &learned,
        "--verbose",
    ]);
    assert!(out.contains("bestmove d4-d5"), "{out}");
    assert!(out.contains("tactics: 1 templates"), "{out}");

    let games = path(&dir, "games.pdn");
    let engine1 = format!("internal:tactics={learned},depth=2,hash=1");
    let (out, err) = succeed(&[
        "match",
        "--variant",
        "turkish",
        "--engine1",
        &engine1,
        "--engine2",
        "internal:depth=2,hash=1",
        "--games",
        "2",
        "--max-plies",
        "60",
        "--concurrency",
        "1",
        "--pdn",
        &games,
    ]);
    assert!(out.contains("\nGames: 2\n"), "{out}{err}");
    let played = std::fs::read_to_string(&games).unwrap();
    assert!(played.contains("[GameType \"30"), "{played}");
    let _ = std::fs::remove_dir_all(&dir);
}
