//! `draughts egdb ...`, `--egdb` and the Hub's `egdb-path`, on small databases built by
//! the binary itself (English, Frisian, Turkish; Antidraughts and Breakthrough under their own
//! goals).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `draughts args`, writing `input` to its standard input.
fn draughts(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run draughts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("wait for draughts")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-egdb-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    dir
}

/// Runs `draughts args` with `input`, checks that it succeeded, and returns its standard
/// output and standard error.
fn succeed(args: &[&str], input: &str) -> (String, String) {
    let output = draughts(args, input);
    let (out, err) = (text(&output.stdout), text(&output.stderr));
    assert!(output.status.success(), "{args:?}: {err}");
    (out, err)
}

#[test]
fn build_probe_stats_verify_and_use() {
    let dir = temp_dir("tools");
    let db = dir.to_str().expect("a UTF-8 temporary path");
    let english = ["--variant", "english", "--db", db];
    let (out, _) = succeed(
        &[
            "egdb",
            "build",
            "--variant",
            "english",
            "--pieces",
            "3",
            "--out",
            db,
        ],
        "",
    );
    assert!(out.contains("done in"), "{out}");

    let input = "W:WK1,K2:BK32\nB:WK1,K2:BK32\nW:W1:B5\nW:WK1,K2:BK32,K31\n";
    let (out, err) = succeed(&[&["egdb", "probe"][..], &english].concat(), input);
    assert_eq!(
        out,
        "W:WK1,K2:BK32 W\nB:WK1,K2:BK32 L\nW:W1:B5 E\nW:WK1,K2:BK32,K31 ?\n"
    );
    assert!(err.contains("line 3:"), "{err}");

    let (out, _) = succeed(&[&["egdb", "stats"][..], &english].concat(), "");
    assert!(out.contains("w0m2k-b0m1k: "), "{out}");
    assert!(out.contains("3 pieces: "), "{out}");

    let (out, _) = succeed(&[&["egdb", "verify"][..], &english].concat(), "");
    assert!(out.contains("slices verified"), "{out}");
    let one = [&["egdb", "verify", "--slice", "w0m2k-b0m1k"][..], &english].concat();
    let (out, _) = succeed(&one, "");
    assert!(out.starts_with("1 slices verified"), "{out}");
    for (slice, said) in [
        ("w2m2k-b2m2k", "no slice w2m2k-b2m2k"),
        ("w2-b1", "no slice name"),
    ] {
        let output = draughts(
            &[&["egdb", "verify", "--slice", slice][..], &english].concat(),
            "",
        );
        assert!(!output.status.success());
        let err = text(&output.stderr);
        assert!(err.contains(said), "{err}");
    }

    // The slots the index gives, and the memory the build of a piece count needs.
    let (out, _) = succeed(
        &["egdb", "plan", "--variant", "english", "--pieces", "3"],
        "",
    );
    assert!(out.contains("w0m1k-b0m1k: 992 slots"), "{out}");
    assert!(out.contains("3 pieces: 12 slices, 198768 slots"), "{out}");

    // Comparing databases: the 2-piece slices built again agree with the 3-piece
    // build's on all 3,488 positions (3,512 slots less the 24 holes where two men
    // would share a square); the other way round the 3-piece slices are missing.
    let small = temp_dir("tools-small");
    let small = small.to_str().expect("a UTF-8 temporary path");
    succeed(
        &[
            "egdb",
            "build",
            "--variant",
            "english",
            "--pieces",
            "2",
            "--out",
            small,
        ],
        "",
    );
    let compare = ["egdb", "compare", "--variant", "english"];
    let (out, _) = succeed(
        &[&compare[..], &["--db", small, "--other", db]].concat(),
        "",
    );
    assert!(out.contains("3488 positions compared"), "{out}");
    assert!(out.contains(": 0 differ"), "{out}");
    let missing = draughts(
        &[&compare[..], &["--db", db, "--other", small]].concat(),
        "",
    );
    assert!(!missing.status.success());
    assert!(
        text(&missing.stderr).contains("w0m1k-b0m2k"),
        "{}",
        text(&missing.stderr)
    );
    std::fs::remove_dir_all(small).ok();

    // Two kings against one: the search with the database sees the whole win.
    let analyse = [
        "analyse",
        "--variant",
        "english",
        "--fen",
        "W:WK1,K2:BK27",
        "--egdb",
        db,
    ];
    let (out, _) = succeed(&[&analyse[..], &["--depth", "40"]].concat(), "");
    assert!(out.contains("score win in "), "{out}");
    assert!(out.contains("bestmove "), "{out}");

    // The same over the Hub: White kings on 1 and 2, a black king on 27.
    let squares: String = (1..=32)
        .map(|n| match n {
            1 | 2 => 'W',
            27 => 'B',
            _ => 'e',
        })
        .collect();
    let hub = draughts(
        &["hub"],
        &format!(
            "hub\nset-param name=variant value=english\nset-param name=egdb-path value=\"{db}\"\n\
             init\npos pos=W{squares}\nlevel depth=3\ngo think\nquit\n"
        ),
    );
    let out = text(&hub.stdout);
    assert!(out.contains("param name=egdb-path"), "{out}");
    assert!(out.contains("ready"), "{out}");
    assert!(out.contains("done move="), "{out}");
    assert!(!out.contains("error"), "{out}");
    // The database's win is reported in the Hub's score range (at most 100 men, Scan's
    // mate form above 99), not as its internal score (287.44 men).
    let scores: Vec<f64> = out
        .split_whitespace()
        .filter_map(|word| word.strip_prefix("score="))
        .map(|score| score.parse().expect("a Hub score is a number"))
        .collect();
    assert!(!scores.is_empty(), "{out}");
    assert!(scores.iter().all(|s| (90.0..=100.0).contains(s)), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Antidraughts and Breakthrough, solved under their own goals: `build`, `probe`,
/// `stats`, `verify`, and `convert`, whose games (engine against engine, both with the
/// database) end in wins under the variant's rules from every won position sampled.
#[test]
fn databases_of_other_goals() {
    // Antidraughts: a capture is compulsory, and taking the last piece loses (the other
    // side, to move without pieces, wins); a king in the corner of the long diagonal
    // can only offer itself, and so wins where International's is lost.
    let anti = "W:W28:B23 L\nB:W28:B23 L\nW:WK46:BK5 W\nW:W46:B3,4,5 ?\n";
    // Breakthrough: a man that can crown wins; facing a king there is no move left.
    let breakthrough = "W:W6:B45 W\nB:W6:B45 W\nB:WK1:B45 L\nW:W28:B45 L\n";
    for (variant, expected) in [("antidraughts", anti), ("breakthrough", breakthrough)] {
        let dir = temp_dir(variant);
        let db = dir.to_str().expect("a UTF-8 temporary path");
        let build = ["egdb", "build", "--variant", variant, "--pieces", "3"];
        let (out, _) = succeed(&[&build[..], &["--out", db]].concat(), "");
        assert!(out.contains("done in"), "{out}");
        let args = ["--variant", variant, "--db", db];
        let input: String = expected
            .lines()
            .map(|line| line.rsplit_once(' ').expect("FEN and value").0)
            .map(|fen| format!("{fen}\n"))
            .collect();
        let (out, _) = succeed(&[&["egdb", "probe"][..], &args].concat(), &input);
        assert_eq!(out, expected, "{variant}");
        let (out, _) = succeed(&[&["egdb", "stats"][..], &args].concat(), "");
        assert!(out.contains("w1m0k-b2m0k: "), "{out}");
        // Breakthrough stores only the materials without kings.
        assert_eq!(
            out.contains("w0m1k-b0m1k: "),
            variant == "antidraughts",
            "{out}"
        );
        let (out, _) = succeed(&[&["egdb", "verify"][..], &args].concat(), "");
        assert!(out.contains("slices verified"), "{out}");
        let convert = ["egdb", "convert", "--samples", "6", "--move-time", "0.02"];
        let (out, _) = succeed(&[&convert[..], &args].concat(), "");
        assert!(out.contains("converted 6/6 "), "{out}");
        std::fs::remove_dir_all(&dir).ok();
    }
}

/// Frisian's king runs through the tools: White's man on 9 and king on 35 against a
/// king on 2 win, but not once the king on 35 has made three moves in a row (the man
/// must step, and is taken as it crowns); Black to move, flipped, the same.
#[test]
fn frisian_runs_through_the_tools() {
    let dir = temp_dir("frisian");
    let db = dir.to_str().expect("a UTF-8 temporary path");
    let frisian = ["--variant", "frisian", "--db", db];
    let build = ["egdb", "build", "--variant", "frisian", "--pieces", "3"];
    succeed(&[&build[..], &["--out", db]].concat(), "");
    let input = "W:W9,K35:BK2\nW:W9,K35:BK2:RW35x3\nB:WK49:B42,K16:RB16x3\n";
    let (out, _) = succeed(&[&["egdb", "probe"][..], &frisian].concat(), input);
    assert_eq!(
        out,
        "W:W9,K35:BK2 W\nW:W9,K35:BK2:RW35x3 L\nB:WK49:B42,K16:RB16x3 L\n"
    );
    // A man and a king against a king: 45 * 49 * 48 placements, each with no run or
    // one to three moves of the king.
    let (out, _) = succeed(
        &["egdb", "plan", "--variant", "frisian", "--pieces", "3"],
        "",
    );
    assert!(out.contains("w1m1k-b0m1k: 423360 slots"), "{out}");
    let (out, _) = succeed(&[&["egdb", "stats"][..], &frisian].concat(), "");
    assert!(out.contains("w1m1k-b0m1k: "), "{out}");
    let (out, _) = succeed(&[&["egdb", "verify"][..], &frisian].concat(), "");
    assert!(out.contains("slices verified"), "{out}");
    for (fen, said) in [("W:W9,K35:BK2", "win"), ("W:W9,K35:BK2:RW35x3", "loss")] {
        let analyse = [
            "analyse",
            "--variant",
            "frisian",
            "--fen",
            fen,
            "--depth",
            "6",
        ];
        let (out, _) = succeed(&[&analyse[..], &["--egdb", db]].concat(), "");
        let last = out
            .lines()
            .rev()
            .find(|l| l.contains("score"))
            .unwrap_or("");
        assert!(last.contains(said), "{fen}: {out}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_folders_are_errors_not_panics() {
    let empty = temp_dir("empty");
    std::fs::create_dir_all(&empty).expect("make a folder");
    let empty = empty.to_str().expect("a UTF-8 temporary path");
    for args in [
        &[
            "egdb",
            "probe",
            "--variant",
            "english",
            "--db",
            "/nonexistent/egdb",
        ][..],
        &["egdb", "stats", "--variant", "international", "--db", empty],
        &["egdb", "verify", "--variant", "chess", "--db", empty],
        &[
            "egdb",
            "build",
            "--variant",
            "english",
            "--pieces",
            "1",
            "--out",
            empty,
        ],
        &["analyse", "--depth", "1", "--egdb", "/nonexistent/egdb"],
    ] {
        let output = draughts(args, "");
        let message = text(&output.stderr);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(!message.is_empty(), "{args:?}: no message");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
    let output = draughts(&["egdb", "stats", "--db", empty], "");
    assert!(
        text(&output.stderr).contains("no international endgame database files"),
        "{}",
        text(&output.stderr)
    );

    // The Hub reports the bad folder and plays on without it.
    let hub = draughts(
        &["hub"],
        "hub\nset-param name=egdb-path value=/nonexistent/egdb\ninit\nquit\n",
    );
    let out = text(&hub.stdout);
    assert!(hub.status.success());
    assert!(
        out.contains("error message=\"endgame database: /nonexistent/egdb"),
        "{out}"
    );
    assert!(out.contains("ready"), "{out}");
    std::fs::remove_dir_all(empty).ok();
}

/// Turkish, on the full board: `egdb build|plan|probe|stats|verify --variant turkish`,
/// and the search with the database finds the win the probe reports.
#[test]
fn turkish_full_board() {
    let dir = temp_dir("turkish");
    let db = dir.to_str().expect("a UTF-8 temporary path");
    let turkish = ["--variant", "turkish", "--db", db];
    let build = ["egdb", "build", "--variant", "turkish", "--pieces", "3"];
    let (out, _) = succeed(&[&build[..], &["--out", db]].concat(), "");
    assert!(out.contains("done in"), "{out}");

    // Face to face, the man to move takes the other; a man on its own first row (a1),
    // where no game puts one, is outside the database.
    let input = "W:Wb2:Bb3\nB:Wb2:Bb3\nW:Wa1:Bh7\nW:WKa1,Kb1:BKh8\n";
    let (out, _) = succeed(&[&["egdb", "probe"][..], &turkish].concat(), input);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(
        answers[..3],
        ["W:Wb2:Bb3 W", "B:Wb2:Bb3 W", "W:Wa1:Bh7 ?"],
        "{out}"
    );
    assert_eq!(answers[3], "W:WKa1,Kb1:BKh8 W", "{out}");

    let (out, _) = succeed(&[&["egdb", "stats"][..], &turkish].concat(), "");
    assert!(out.contains("w0m2k-b0m1k: "), "{out}");
    assert!(out.contains("3 pieces: "), "{out}");
    let (out, _) = succeed(&[&["egdb", "verify"][..], &turkish].concat(), "");
    assert!(out.contains("slices verified"), "{out}");

    // Kings anywhere (64 * 63 slots); men on rows 2 to 7, 48 squares a side, so a man
    // and a king against a king has 48 * 63 * 62 slots.
    let plan = ["egdb", "plan", "--variant", "turkish", "--pieces", "3"];
    let (out, _) = succeed(&plan, "");
    assert!(out.contains("w0m1k-b0m1k: 4032 slots"), "{out}");
    assert!(out.contains("w1m1k-b0m1k: 187488 slots"), "{out}");

    // Two kings against one: the search knows the win from the database.
    let analyse = [
        "analyse",
        "--variant",
        "turkish",
        "--fen",
        "W:WKa1,Kb1:BKh8",
    ];
    let (out, _) = succeed(
        &[&analyse[..], &["--egdb", db, "--depth", "20"]].concat(),
        "",
    );
    assert!(out.contains("score database win"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
