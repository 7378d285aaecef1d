//! Smoke tests of the command-line subcommands.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn draughts(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .output()
        .expect("run draughts")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Every variant of the core's list plays through the command line; Brazilian and
/// Russian write their positions in algebraic squares (FORMATS §7).
#[test]
fn every_variant_perfts_and_analyses() {
    let algebraic = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
    let ten = "W:W31-50:B1-20";
    // Each variant's start position and perft(5), as the core's perft tables give them.
    for (variant, fen, count) in [
        ("international", ten, 27117),
        ("english", "B:W21-32:B1-12", 7361),
        ("brazilian", algebraic, 7473),
        ("pool", "B:W21-32:B1-12", 7482),
        ("russian", algebraic, 7482),
        ("italian", "W:W21-32:B1-12", 7361),
        ("spanish", "W:W1-12:B21-32", 7361),
        ("czech", "W:W21-32:B1-12", 7361),
        ("thai", "W:W25-32:B1-8", 26592),
        ("turkish", "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7", 85090),
        ("killer", ten, 27117),
        ("antidraughts", ten, 27117),
        ("breakthrough", ten, 27117),
        ("frisian", ten, 21265),
        ("frysk", "W:W46-50:B1-5", 41829),
    ] {
        let output = draughts(&["perft", "--variant", variant, "--depth", "5"]);
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert!(text.contains(fen), "{variant}: {text}");
        let last = format!("perft(5) = {count}  (");
        assert!(text.lines().last().unwrap().starts_with(&last), "{text}");
        let output = draughts(&["analyse", "--variant", variant, "--depth", "4"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stdout(&output).contains("bestmove"), "{variant}");
    }
}

#[test]
fn perft_counts() {
    let output = draughts(&["perft", "--variant", "international", "--depth", "3"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("W:W31-50:B1-20"), "{text}");
    assert!(text.contains("depth  2             81"), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("perft(3) = 658  ("),
        "{text}"
    );

    let output = draughts(&["perft", "--variant", "checkers", "--depth", "4", "--divide"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.lines().any(|l| l.starts_with("11-15 ")), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("perft(4) = 1469  ("),
        "{text}"
    );

    let output = draughts(&["perft", "--fen", "W:W:BK5", "--depth", "2"]);
    assert!(output.status.success());
    assert!(stdout(&output).contains("perft(2) = 0"));
}

#[test]
fn bad_arguments_are_clear_errors() {
    for args in [
        &["perft", "--variant", "chess", "--depth", "3"][..],
        &["perft", "--fen", "W:W31-50:B1-20:X", "--depth", "2"],
        &["perft", "--fen", "nonsense", "--depth", "2"],
        &["perft", "--depth", "x"],
        &["analyse", "--fen", "W:W99:B1", "--depth", "2"],
        &["analyse", "--fen", "W:W:BK5", "--depth", "2"],
        &["analyse", "--time", "-1"],
        &["analyse", "--time", "nan"],
        &["analyse", "--depth", "3", "--nodes", "5"],
        &[
            "analyse",
            "--weights",
            "/nonexistent/weights.txt",
            "--depth",
            "1",
        ],
        &[
            "serve",
            "--port",
            "0",
            "--weights",
            "/nonexistent/weights.txt",
        ],
        &[
            "serve",
            "--port",
            "0",
            "--patterns",
            "/nonexistent/table.patterns",
        ],
        &[
            "serve",
            "--port",
            "0",
            "--tactics",
            "/nonexistent/x.tactics",
        ],
        &["play", "--color", "green"],
        &["frobnicate"],
        &[
            "analyse",
            "--tactics",
            "/nonexistent/x.tactics",
            "--depth",
            "1",
        ],
        &["tactics", "stats", "/nonexistent/x.tactics"],
        &["tactics", "learn", "--out", "/nonexistent/x.tactics"],
        &[
            "tactics",
            "test",
            "--tactics",
            "/nonexistent/x.tactics",
            "/nonexistent/suite.txt",
        ],
    ] {
        let output = draughts(args);
        assert!(!output.status.success(), "{args:?} succeeded");
        let message = stderr(&output);
        assert!(!message.is_empty(), "{args:?}: no message");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
    let output = draughts(&["analyse", "--fen", "W:W99:B1", "--depth", "2"]);
    assert!(
        stderr(&output).starts_with("draughts: error: bad --fen"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn analyse_prints_iterations_and_a_best_move() {
    let output = draughts(&["analyse", "--variant", "international", "--depth", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let iterations: Vec<&&str> = lines.iter().filter(|l| l.starts_with("depth ")).collect();
    assert_eq!(iterations.len(), 4, "{text}");
    for word in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
        assert!(iterations[0].contains(word), "{text}");
    }
    let best = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .expect(&text);
    assert!(
        ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
            .contains(&best)
    );

    let output = draughts(&[
        "analyse",
        "--variant",
        "english",
        "--fen",
        "W:W21:B17",
        "--nodes",
        "1000",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("win in 1 ply"), "{text}");
    assert!(text.ends_with("bestmove 21x14\n"), "{text}");
}

#[test]
fn bench_prints_a_node_count() {
    let output = draughts(&["bench", "--depth", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("bench: ") && last.ends_with(" nps"),
        "{text}"
    );
    // Deterministic: the same count twice.
    assert_eq!(
        last.split(" nodes").next(),
        stdout(&draughts(&["bench", "--depth", "2"]))
            .lines()
            .last()
            .unwrap()
            .split(" nodes")
            .next()
    );
}

#[test]
fn play_in_the_terminal() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args([
            "play",
            "--variant",
            "international",
            "--time",
            "0.05",
            "--hash",
            "4",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run draughts play");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"moves\n19-23\nhello\n32-28\nundo\nundo\n33-28\nquit\n")
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("Legal moves: "), "{text}");
    assert!(text.contains("19-23 is not a legal move here"), "{text}");
    assert!(text.contains("cannot read \"hello\" as a move"), "{text}");
    assert!(text.contains("The engine plays"), "{text}");
    assert!(text.contains("Nothing to take back."), "{text}");
    assert!(
        text.contains("     b   b   b   b   b          1     2     3     4     5\n"),
        "{text}"
    );
}

/// The subcommands a `--help` text lists under "Commands:", `help` left out.
fn commands(help: &str) -> Vec<(String, String)> {
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| {
            let line = line.trim();
            let (name, about) = line.split_once(char::is_whitespace)?;
            Some((name.to_string(), about.trim().to_string()))
        })
        .filter(|(name, _)| name != "help")
        .collect()
}

/// `draughts --help` names every subcommand, and the line of each command that has
/// subcommands of its own (egdb, tactics, tune) names every one of those.
#[test]
fn help_names_every_subcommand() {
    let help = stdout(&draughts(&["--help"]));
    let top = commands(&help);
    let names: Vec<&str> = top.iter().map(|(name, _)| name.as_str()).collect();
    for expected in [
        "hub",
        "dxp",
        "analyse",
        "play",
        "perft",
        "bench",
        "match",
        "openings",
        "egdb",
        "tactics",
        "tune",
        "agreement",
        "review",
        "puzzles",
        "serve",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from:\n{help}"
        );
    }
    let mut nested = 0;
    for (name, about) in &top {
        let own = stdout(&draughts(&[name, "--help"]));
        for (sub, _) in commands(&own) {
            nested += 1;
            assert!(
                about.contains(&sub),
                "`draughts --help` says of {name} {about:?}, without its subcommand {sub}"
            );
        }
    }
    assert!(nested >= 20, "{nested} nested subcommands");
}
