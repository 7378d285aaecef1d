//! Runs every program of `examples/` on small inputs, for several variants, and checks
//! what it prints; and that bad input ends it with a message and a failure status, not a
//! panic.
//!
//! `cargo test` builds the examples before it runs this; run alone
//! (`cargo test -p draughts --test examples`), the test builds them first if they are
//! missing or older than their source. The test profile builds them unoptimised (see the
//! root `Cargo.toml`), so the inputs are small.

use draughts::core::{AnyGame, AnyPosition, VariantKind};
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::Once;

const EXAMPLES: [&str; 4] = ["perft", "search", "egdb", "pdn"];

const VARIANTS: [&str; 6] = [
    "international",
    "english",
    "brazilian",
    "russian",
    "turkish",
    "frisian",
];

/// The folder of this test's build, `<target>/<profile>`, which holds the examples
/// beside the `deps` folder of this test's executable.
fn build_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's own path");
    let dir = exe.parent().and_then(|deps| deps.parent());
    dir.expect("the test runs from <target>/<profile>/deps")
        .to_path_buf()
}

/// Builds the examples unless `cargo test` already has (once per run): when one is
/// missing or older than its source, as when this test runs alone.
fn build_examples() {
    static BUILD: Once = Once::new();
    BUILD.call_once(|| {
        let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
        let modified = |path: PathBuf| path.metadata().and_then(|m| m.modified()).ok();
        let stale = EXAMPLES.iter().any(|name| {
            let built = modified(build_dir().join("examples").join(name));
            built.is_none() || built < modified(source.join(format!("{name}.rs")))
        });
        if !stale {
            return;
        }
        let dir = build_dir();
        // `cargo test` builds into `debug` with the test profile.
        let profile = match dir.file_name().and_then(|name| name.to_str()) {
            Some("debug") | None => "test",
            Some(name) => name,
        };
        let target = dir.parent().expect("a target folder");
        let status = Command::new(env!("CARGO"))
            .args([
                "build",
                "--quiet",
                "--examples",
                "-p",
                env!("CARGO_PKG_NAME"),
            ])
            .args(["--profile", profile, "--target-dir"])
            .arg(target)
            .status()
            .expect("cargo runs");
        assert!(status.success(), "building the examples failed");
    });
}

/// Runs example `name` with `args`.
fn run(name: &str, args: &[&str]) -> Output {
    build_examples();
    let output = Command::new(build_dir().join("examples").join(name))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run example {name}: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "{name} {args:?} panicked:\n{stderr}"
    );
    output
}

/// Runs example `name` with `args`, expects success, and returns what it printed.
fn stdout(name: &str, args: &[&str]) -> String {
    let output = run(name, args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{name} {args:?} failed:\n{text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

/// Runs example `name` with `args`, expects failure, and checks that the message
/// contains `message`.
fn refused(name: &str, args: &[&str], message: &str) {
    let output = run(name, args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{name} {args:?} should fail");
    assert!(
        stderr.contains(message),
        "{name} {args:?}: {message:?} not in {stderr:?}"
    );
}

fn kind(name: &str) -> VariantKind {
    name.parse().expect("a variant")
}

#[test]
fn perft_plays_every_variant() {
    for kind in VariantKind::ALL {
        let expected = AnyPosition::initial(kind).perft(3);
        let text = stdout("perft", &["--variant", kind.name(), "--depth", "3"]);
        assert!(
            text.contains(&format!("perft(3) = {expected} ")),
            "{kind}:\n{text}"
        );
    }
    let fen = "W:W30:B11,22,23,24,33,34";
    let text = stdout("perft", &["--fen", fen, "--depth", "3", "--divide"]);
    let expected = AnyPosition::from_fen(VariantKind::International, fen)
        .expect("a FEN")
        .divide(3);
    for (mv, count) in &expected {
        assert!(
            text.contains(&format!("{mv:<20} {count}\n")),
            "{mv}:\n{text}"
        );
    }
    refused(
        "perft",
        &["--variant", "chess"],
        "unknown variant \"chess\"",
    );
    refused(
        "perft",
        &["--variant", "english", "--fen", "W:W33:B1"],
        "W:W33:B1",
    );
    refused(
        "perft",
        &["--depth", "deep"],
        "--depth takes a whole number",
    );
    refused("perft", &["--fen"], "--fen needs a value");
}

#[test]
fn search_reports_each_iteration_and_a_legal_best_move() {
    for name in VARIANTS {
        let text = stdout("search", &["--variant", name, "--depth", "4"]);
        for depth in 1..=4 {
            assert!(
                text.contains(&format!("depth {depth:>2}  score ")),
                "{name}:\n{text}"
            );
        }
        let best = text
            .lines()
            .find_map(|line| line.strip_prefix("best move: "))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("{name}: no best move in\n{text}"));
        let legal = AnyPosition::initial(kind(name)).legal_move_texts();
        assert!(
            legal.iter().any(|m| m == best),
            "{name}: {best} of {legal:?}"
        );
    }
    // One capture to make: the search finds it, whatever its depth.
    let text = stdout("search", &["--fen", "W:W28:B23", "--depth", "3"]);
    assert!(text.contains("best move: 28x19 "), "{text}");
    let text = stdout(
        "search",
        &["--variant", "english", "--fen", "W:W:B1", "--depth", "2"],
    );
    assert!(text.contains("no legal move: black wins"), "{text}");
    refused("search", &["--variant", "checkers!"], "unknown variant");
    refused("search", &["--fen", "X:W31:B1"], "side to move");
    refused("search", &["--time", "-1"], "--time takes seconds");
}

#[test]
fn egdb_builds_and_probes() {
    // Values the crate's documentation states.
    let text = stdout(
        "egdb",
        &[
            "--variant",
            "english",
            "--fen",
            "W:WK1,K2:BK32",
            "--fen",
            "W:WK1,K2:BK32,K31",
        ],
    );
    assert!(
        text.contains("W:WK1,K2:BK32 ") && text.contains("white to move: win\n"),
        "{text}"
    );
    assert!(text.contains("not in the database"), "{text}");
    let text = stdout(
        "egdb",
        &[
            "--variant",
            "antidraughts",
            "--pieces",
            "2",
            "--fen",
            "W:WK46:BK5",
        ],
    );
    assert!(text.contains("white to move: win\n"), "{text}");
    let text = stdout(
        "egdb",
        &[
            "--variant",
            "breakthrough",
            "--pieces",
            "2",
            "--fen",
            "W:W28:B45",
        ],
    );
    assert!(text.contains("white to move: loss\n"), "{text}");
    // A random position of each material of the most pieces, in the other variants
    // (two pieces on the bigger boards: `cargo test` builds the examples unoptimised).
    for (name, pieces, materials) in [
        ("brazilian", "3", 12),
        ("russian", "3", 12),
        ("turkish", "2", 4),
        ("frisian", "2", 4),
        ("international", "2", 4),
    ] {
        let text = stdout("egdb", &["--variant", name, "--pieces", pieces]);
        assert!(
            text.starts_with(&format!("{name}: up to {pieces} pieces")),
            "{text}"
        );
        let probes = text
            .lines()
            .filter(|line| line.contains(" to move: "))
            .count();
        assert_eq!(probes, materials, "{name}:\n{text}");
        assert!(!text.contains("not in the database"), "{name}:\n{text}");
    }
    refused("egdb", &["--variant", "shogi"], "unknown variant");
    refused("egdb", &["--pieces", "9"], "--pieces takes 2, 3 or 4");
    refused("egdb", &["--fen", "W:WK1:BK1"], "W:WK1:BK1");
}

#[test]
fn pdn_replays_games_and_reports_refused_ones() {
    let text = stdout("pdn", &[]);
    assert!(
        text.contains("game 1 (international): Sijbrands - Baljakin, 1-1\n"),
        "{text}"
    );
    assert!(
        text.contains("1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14\n"),
        "{text}"
    );
    assert!(
        text.contains("final: W:W31-36,38-50:B1-9,11-18,20,23 (game in progress)"),
        "{text}"
    );
    assert!(text.contains("game 3 (russian)"), "{text}");
    assert!(
        text.contains("refused (move: illegal): game 4, move 1... 21-18"),
        "{text}"
    );
    assert!(text.ends_with("games: 3 replayed, 1 refused\n"), "{text}");

    // A game of each variant, written by the core's PDN writer, read back.
    let mut file = String::new();
    let mut ends = Vec::new();
    for name in VARIANTS {
        let mut game = AnyGame::new(kind(name));
        for ply in 0..8 {
            let moves = game.position().legal_moves();
            game.play(&moves[ply % moves.len()]).expect("a legal move");
        }
        ends.push(game.position().to_fen());
        file += &format!("{}\n", game.to_pdn());
    }
    let path = std::env::temp_dir().join(format!("draughts-example-{}.pdn", std::process::id()));
    std::fs::write(&path, file).expect("a temporary file");
    let path_text = path.to_str().expect("a UTF-8 path");
    let text = stdout("pdn", &[path_text]);
    let refused_as_english = stdout("pdn", &[path_text, "--variant", "english", "--limit", "3"]);
    std::fs::remove_file(&path).expect("the temporary file");
    for (name, end) in VARIANTS.iter().zip(&ends) {
        assert!(text.contains(&format!("({name}): ")), "{name}:\n{text}");
        assert!(
            text.contains(&format!("final: {end} ")),
            "{name} {end}:\n{text}"
        );
    }
    assert!(text.ends_with("games: 6 replayed, 0 refused\n"), "{text}");
    assert!(
        refused_as_english.contains("refused (GameType of another variant): game 1")
            && refused_as_english.ends_with("games: 1 replayed, 2 refused\n"),
        "{refused_as_english}"
    );

    refused(
        "pdn",
        &["/no/such/file.pdn"],
        "cannot read /no/such/file.pdn",
    );
    refused("pdn", &["--variant", "go"], "unknown variant");
}
