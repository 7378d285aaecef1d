//! `draughts match` and `draughts openings`, run as the built binary: internal players,
//! our own binary as an external Hub engine, fake engines that play an illegal move,
//! crash or hang, and the fake first-dialect engine `examples/fake_hub1.rs`.

use draughts_core::pdn::read_games;
use draughts_core::{GameResult, International, Position};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const DRAUGHTS: &str = env!("CARGO_BIN_EXE_draughts");

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-match-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary directory");
    dir
}

/// Two International openings: the start, and the start after 32-28.
fn openings(dir: &Path) -> PathBuf {
    let path = dir.join("openings.fen");
    let text = "# test openings\nW:W31-50:B1-20\n\nB:W28,31,33-50:B1-20  # 32-28\n";
    std::fs::write(&path, text).expect("write the openings");
    path
}

fn run_match(args: &[&str]) -> Output {
    Command::new(DRAUGHTS)
        .arg("match")
        .args(args)
        .output()
        .expect("run draughts match")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The games of a PDN file, each replayed: (White, Black, result, termination).
fn replay(path: &Path) -> Vec<(String, String, GameResult, String)> {
    let pdn = std::fs::read_to_string(path).expect("read the PDN");
    read_games(&pdn)
        .into_iter()
        .map(|game| {
            let game = game.expect("PDN syntax");
            let played = game.to_game::<International>().expect("the moves replay");
            let result = game.game_result::<International>().expect("a result");
            let termination = game.tag("Termination").unwrap_or("").to_string();
            if termination == "normal" {
                assert_eq!(played.result(), result, "{pdn}");
            }
            assert!(game.tag("FEN").is_some() || *played.start() == Position::initial());
            let tag = |name: &str| game.tag(name).unwrap_or("").to_string();
            (tag("White"), tag("Black"), result, termination)
        })
        .collect()
}

#[test]
fn internal_players_at_low_depth() {
    let dir = temp_dir("internal");
    let pdn = dir.join("games.pdn");
    let output = run_match(&[
        "--engine1",
        "internal:depth=3,hash=1",
        "--engine2",
        "internal:depth=2,hash=1",
        "--openings",
        openings(&dir).to_str().unwrap(),
        "--games",
        "3",
        "--max-plies",
        "80",
        "--concurrency",
        "2",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    // Three games round up to four: two openings, both colours.
    assert!(stdout.contains("\nGames: 4\n"), "{stdout}");
    assert!(stdout.contains("Elo difference"), "{stdout}");
    let games = replay(&pdn);
    assert_eq!(games.len(), 4);
    let first = "draughts (hash=1, depth=3)";
    let second = "draughts (hash=1, depth=2)";
    assert_eq!((games[0].0.as_str(), games[0].1.as_str()), (first, second));
    assert_eq!((games[1].0.as_str(), games[1].1.as_str()), (second, first));
    let pdn_text = std::fs::read_to_string(&pdn).unwrap();
    assert!(
        pdn_text.contains("[Round \"4\"]") && pdn_text.contains("[FEN \"B:W28,31,33-50:B1-20\"]")
    );
    for (_, _, _, termination) in &games {
        assert!(
            ["normal", "adjudication"].contains(&termination.as_str()),
            "{termination}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn replayed_openings_at_a_fixed_depth_repeat_games_and_are_warned_of() {
    let dir = temp_dir("replayed");
    let (pdn, openings) = (dir.join("games.pdn"), openings(&dir));
    let (pdn, openings) = (pdn.to_str().unwrap(), openings.to_str().unwrap());
    let engines = [
        "--engine1",
        "internal:depth=2,hash=1",
        "--engine2",
        "internal:depth=1,hash=1",
    ];
    let common = [&engines[..], &["--max-plies", "40", "--openings", openings]].concat();

    let output = run_match(&[&common[..], &["--games", "4"]].concat());
    let stderr = text(&output.stderr);
    assert!(
        output.status.success() && !stderr.contains("replay"),
        "{stderr}"
    );

    let output = run_match(&[&common[..], &["--games", "6", "--pdn", pdn]].concat());
    let stderr = text(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("2 openings make 4 games"), "{stderr}");
    assert!(stderr.contains("games from 5 on replay them"), "{stderr}");
    // What the warning says: games 5 and 6 are games 1 and 2 again, move for move.
    let games = read_games(&std::fs::read_to_string(pdn).expect("read the PDN"));
    let moves: Vec<String> = games
        .into_iter()
        .map(|game| game.expect("PDN syntax").to_game::<International>())
        .map(|game| format!("{:?}", game.expect("the moves replay").moves()))
        .collect();
    assert_eq!(moves.len(), 6);
    assert_eq!(moves[4..], moves[..2]);
}

#[test]
fn our_binary_as_an_external_hub_engine() {
    let dir = temp_dir("hub");
    let pdn = dir.join("games.pdn");
    let engine2 = format!("hub,depth=2,hash=1:{DRAUGHTS} hub");
    let output = run_match(&[
        "--engine1",
        "internal:depth=2,hash=1",
        "--engine2",
        &engine2,
        "--name2",
        "external",
        "--openings",
        openings(&dir).to_str().unwrap(),
        "--games",
        "2",
        "--max-plies",
        "60",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", text(&output.stderr));
    assert!(
        stdout.contains("external: 0 illegal moves, 0 crashes, 0 time losses"),
        "{stdout}"
    );
    let games = replay(&pdn);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].1, "external");
    assert_eq!(games[1].0, "external");
    let _ = std::fs::remove_dir_all(dir);
}

/// A fake Hub engine: a shell script that does the handshake, then answers `go` with
/// `on_go`.
fn fake_engine(dir: &Path, name: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r line; do\n  case \"$line\" in\n    hub) echo \"id name={name}\"; echo wait;;\n    \
         init) echo ready;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("write the fake engine");
    format!("hub:sh {}", path.display())
}

/// Hub engines that announce a `book` parameter are told to leave their book off, in
/// the form the parameter takes, unless the spec sets it.
#[test]
fn hub_engines_play_without_their_book_unless_asked() {
    let dir = temp_dir("hub-book");
    let openings = openings(&dir);
    for (name, kind, asked, expected) in [
        ("bools", "bool", "", "set-param name=book value=false"),
        ("texts", "string", "", "set-param name=book value=none"),
        (
            "asked",
            "string",
            ",book=my.book",
            "set-param name=book value=my.book",
        ),
    ] {
        let log = dir.join(format!("{name}.log"));
        let path = dir.join(format!("{name}.sh"));
        let script = format!(
            "while read -r line; do\n  echo \"$line\" >> {}\n  case \"$line\" in\n    \
             hub) echo \"id name={name}\"; echo \"param name=book value=x type={kind}\"; echo wait;;\n    \
             init) echo ready;;\n    go*) echo done move=99-98;;\n    quit) exit 0;;\n  esac\ndone\n",
            log.display()
        );
        std::fs::write(&path, script).expect("write the fake engine");
        let engine2 = format!("hub{asked}:sh {}", path.display());
        let output = run_match(&[
            "--engine1",
            "internal:depth=1,hash=1",
            "--engine2",
            &engine2,
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "2",
        ]);
        assert!(output.status.success(), "{name}: {}", text(&output.stderr));
        let logged = std::fs::read_to_string(&log).expect("the engine's log");
        let book: Vec<&str> = logged.lines().filter(|l| l.contains("name=book")).collect();
        assert_eq!(book.first(), Some(&expected), "{name}: {logged}");
        assert!(book.iter().all(|l| *l == expected), "{name}: {logged}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn faults_lose_the_game_and_the_match_goes_on() {
    let dir = temp_dir("faults");
    let openings = openings(&dir);
    for (name, on_go, fault) in [
        ("illegal", "echo done move=99-98", "4 illegal moves"),
        ("crash", "echo 'it broke' >&2; exit 3", "4 crashes"),
        ("hang", "exec sleep 30", "4 time losses"),
        ("garbage", "echo 'done move='", "4 illegal moves"),
    ] {
        let pdn = dir.join(format!("{name}.pdn"));
        let output = run_match(&[
            "--engine1",
            "internal:depth=1,hash=1",
            "--engine2",
            &fake_engine(&dir, name, on_go),
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "4",
            "--move-time",
            "0.05",
            "--timeout",
            "0.3",
            "--pdn",
            pdn.to_str().unwrap(),
        ]);
        let stdout = text(&output.stdout);
        let stderr = text(&output.stderr);
        // An engine that crashes in three games in a row stops the match (the pair
        // under way is played out), with the summary printed and an error.
        assert_eq!(
            output.status.success(),
            name != "crash",
            "{name}: {stdout}{stderr}"
        );
        if name == "crash" {
            assert!(
                stderr
                    .contains("the match stopped after 4 games: crash crashed in 3 games in a row"),
                "{stderr}"
            );
        }
        let faults = stdout
            .lines()
            .find(|line| line.starts_with(&format!("{name}: ")))
            .unwrap_or("");
        assert!(faults.contains(fault), "{name}: {stdout}");
        assert!(
            stdout.contains("4 wins, 0 draws, 0 losses"),
            "{name}: {stdout}"
        );
        assert!(
            stdout.contains("+inf (95%: +inf .. +inf)"),
            "{name}: {stdout}"
        );
        let games = replay(&pdn);
        assert_eq!(games.len(), 4, "{name}");
        let expected = match name {
            "crash" => "abandoned",
            "hang" => "time forfeit",
            _ => "rules infraction",
        };
        assert!(games.iter().all(|g| g.3 == expected), "{name}: {games:?}");
        if name == "crash" {
            let pdn_text = std::fs::read_to_string(&pdn).unwrap();
            assert!(pdn_text.contains("it broke"), "{pdn_text}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// The fake first-dialect engine: an example of this crate, which `cargo test` builds
/// beside the binary.
fn fake_hub1() -> String {
    let examples = Path::new(DRAUGHTS)
        .parent()
        .map(|dir| dir.join("examples"))
        .unwrap_or_default();
    let path = examples.join(format!("fake_hub1{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is missing: run all the tests (cargo test -p draughts-cli), which build the examples, \
         or cargo build -p draughts-cli --example fake_hub1",
        path.display()
    );
    path.display().to_string()
}

/// The line of the summary about `name`'s faults and time.
fn faults_line<'a>(stdout: &'a str, name: &str) -> &'a str {
    stdout
        .lines()
        .find(|line| line.starts_with(&format!("{name}: ")) && line.contains("illegal"))
        .unwrap_or("")
}

#[test]
fn first_dialect_engine_in_its_folder() {
    let dir = temp_dir("hub1");
    let openings = openings(&dir);
    let folder = dir.join("engine");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("fake.ini"), "").unwrap();
    let fake = fake_hub1();
    for (limits, engine_keys, expected) in [
        (&["--move-time", "0.05"][..], "", "time 50"),
        (
            &["--time", "20", "--inc", "0.25"][..],
            ",tt-size=20",
            "level 0 ",
        ),
        (&["--move-time", "0.05"][..], ",depth=3", "depth 3"),
        (
            &["--move-time", "0.05"][..],
            ",nodes=500,book=true",
            "nodes 500",
        ),
    ] {
        let _ = std::fs::remove_file(folder.join("lines.log"));
        let pdn = dir.join("games.pdn");
        let engine2 = format!(
            "hub1,cwd={}{engine_keys}:{fake} --log lines.log --need fake.ini",
            folder.display()
        );
        let output = run_match(
            &[
                &[
                    "--engine1",
                    "internal:depth=1,hash=1",
                    "--engine2",
                    &engine2,
                    "--openings",
                    openings.to_str().unwrap(),
                    "--games",
                    "4",
                    "--max-plies",
                    "40",
                    // One engine process at a time writes the log.
                    "--concurrency",
                    "1",
                    "--pdn",
                    pdn.to_str().unwrap(),
                ][..],
                limits,
            ]
            .concat(),
        );
        let stdout = text(&output.stdout);
        let context = format!("{engine_keys}: {stdout}{}", text(&output.stderr));
        assert!(output.status.success(), "{context}");
        // The name comes from the handshake's `name` line.
        assert!(
            faults_line(&stdout, "Fake 1.0").contains("0 illegal moves, 0 crashes, 0 time losses"),
            "{context}"
        );
        // Under a clock the summary says how low it ran.
        let clock = limits.contains(&"--time");
        assert_eq!(
            faults_line(&stdout, "Fake 1.0").contains("least clock left"),
            clock,
            "{context}"
        );
        let games = replay(&pdn);
        assert_eq!(games.len(), 4, "{context}");
        assert_eq!(games[0].1, "Fake 1.0");
        // The log lies in the engine's folder: it ran there.
        let log = std::fs::read_to_string(folder.join("lines.log")).expect("the engine's log");
        let lines: Vec<&str> = log.lines().collect();
        let at = |line: &str| lines.iter().position(|l| *l == line);
        assert_eq!(lines.first(), Some(&"hub"), "{log}");
        if engine_keys.contains("book=true") {
            assert!(at("set book false").is_none() && at("set book true").is_some());
        } else {
            assert!(at("set book false") < at("init"), "{log}");
        }
        if engine_keys.contains("tt-size") {
            assert!(at("set book false") < at("set tt-size 20"), "{log}");
            assert!(at("set tt-size 20") < at("init"), "{log}");
        }
        assert!(at("init") < at("new"), "{log}");
        assert!(
            lines.iter().any(|l| l.starts_with("pos w")),
            "International positions, White to move, in lower case: {log}"
        );
        // Every `go` follows a `pos` and then the limits.
        for (i, _) in lines.iter().enumerate().filter(|(_, l)| **l == "go") {
            let before = &lines[..i];
            let pos = before.iter().rposition(|l| l.starts_with("pos ")).unwrap();
            assert!(
                before[pos..].iter().any(|l| l.starts_with(expected)),
                "{engine_keys}: {log}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_first_dialect_engine_that_fails_its_start_is_an_error() {
    let engine2 = format!("hub1:{} --need fake.ini", fake_hub1());
    let output = run_match(&["--engine2", &engine2, "--games", "2"]);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("engine 2: the engine exited") && stderr.contains("unable to open file"),
        "{stderr}"
    );
    let output = run_match(&["--engine2", "hub1,cwd=/nonexistent:scan hub"]);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(stderr.contains("/nonexistent is not a folder"), "{stderr}");
}

#[test]
fn first_dialect_faults_lose_the_game() {
    let dir = temp_dir("hub1-faults");
    let openings = openings(&dir);
    let fake = fake_hub1();
    for (on_go, fault, termination) in [
        ("illegal", "4 illegal moves", "rules infraction"),
        ("silent", "4 illegal moves", "rules infraction"),
        ("crash", "4 crashes", "abandoned"),
        ("hang", "4 time losses", "time forfeit"),
    ] {
        let pdn = dir.join(format!("{on_go}.pdn"));
        let output = run_match(&[
            "--engine1",
            "internal:depth=1,hash=1",
            "--engine2",
            &format!("hub1:{fake} --on-go {on_go}"),
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "4",
            "--move-time",
            "0.05",
            "--timeout",
            "0.3",
            "--pdn",
            pdn.to_str().unwrap(),
        ]);
        let stdout = text(&output.stdout);
        let context = format!("{on_go}: {stdout}{}", text(&output.stderr));
        assert_eq!(output.status.success(), on_go != "crash", "{context}");
        assert!(
            faults_line(&stdout, "Fake 1.0").contains(fault),
            "{context}"
        );
        assert!(stdout.contains("4 wins, 0 draws, 0 losses"), "{context}");
        let games = replay(&pdn);
        assert!(games.iter().all(|g| g.3 == termination), "{context}");
        let pdn_text = std::fs::read_to_string(&pdn).unwrap();
        match on_go {
            "illegal" => assert!(pdn_text.contains("\"1-2\""), "{pdn_text}"),
            "crash" => assert!(pdn_text.contains("fake crash"), "{pdn_text}"),
            _ => {}
        }
    }
    // A crash costs one game; the engine is started again for the next.
    let folder = dir.join("once");
    std::fs::create_dir_all(&folder).unwrap();
    let output = run_match(&[
        "--engine1",
        "internal:depth=1,hash=1",
        "--engine2",
        &format!("hub1,cwd={}:{fake} --on-go crash-once", folder.display()),
        "--openings",
        openings.to_str().unwrap(),
        "--games",
        "4",
        "--max-plies",
        "30",
        "--move-time",
        "0.05",
    ]);
    let stdout = text(&output.stdout);
    let context = format!("crash-once: {stdout}{}", text(&output.stderr));
    assert!(output.status.success(), "{context}");
    assert!(
        faults_line(&stdout, "Fake 1.0").contains("0 illegal moves, 1 crash, 0 time losses"),
        "{context}"
    );
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.contains("crash: the engine exited"))
            .count(),
        1,
        "{context}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sprt_stops_the_match_at_a_decision() {
    let dir = temp_dir("sprt");
    let openings = openings(&dir);
    let strong = "internal:depth=5,hash=1";
    let weak = "internal:depth=1,hash=1";
    for (engine1, engine2, verdict) in [
        (strong, weak, "SPRT: H1 accepted after "),
        (weak, strong, "SPRT: H0 accepted after "),
    ] {
        let pdn = dir.join("games.pdn");
        let output = run_match(&[
            "--engine1",
            engine1,
            "--engine2",
            engine2,
            "--openings",
            openings.to_str().unwrap(),
            "--sprt",
            "elo0=0,elo1=50,alpha=0.05,beta=0.05",
            "--max-plies",
            "100",
            "--pdn",
            pdn.to_str().unwrap(),
        ]);
        let stdout = text(&output.stdout);
        let context = format!("{verdict}: {stdout}{}", text(&output.stderr));
        assert!(output.status.success(), "{context}");
        assert!(
            stdout.contains("at most 20000 games, SPRT elo0=0,elo1=50,alpha=0.05,beta=0.05"),
            "{context}"
        );
        assert!(
            stdout.contains("| LLR ") && stdout.contains(" [-2.94, 2.94]"),
            "{context}"
        );
        assert!(stdout.contains(verdict), "{context}");
        assert!(stdout.contains("; pairs 0/0.5/1/1.5/2: "), "{context}");
        assert!(!stdout.contains("without its pair"), "{context}");
        // Stopped long before the maximum, with whole pairs only.
        let games = replay(&pdn);
        assert!(games.len() < 200 && games.len() % 2 == 0, "{context}");
    }
    let output = run_match(&["--engine2", "internal", "--sprt", "elo0=5,elo1=0"]);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("elo0 (5) must be below elo1 (0)"),
        "{stderr}"
    );
    let output = run_match(&["--engine2", "internal", "--sprt", "alpha=2"]);
    assert!(text(&output.stderr).contains("not a probability"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_that_cannot_start_is_an_error_before_any_game() {
    let output = run_match(&["--engine2", "hub:/nonexistent/engine hub", "--games", "2"]);
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("engine 2: cannot start /nonexistent/engine"),
        "{stderr}"
    );
    let output = run_match(&["--engine2", "internal:depth=0"]);
    assert!(!output.status.success());
    assert!(text(&output.stderr).contains("--engine2"));
}

#[test]
fn openings_are_generated_reproducibly() {
    let generate = || {
        Command::new(DRAUGHTS)
            .args([
                "openings",
                "--variant",
                "english",
                "--plies",
                "4",
                "--count",
                "5",
            ])
            .args(["--depth", "4", "--seed", "9"])
            .output()
            .expect("run draughts openings")
    };
    let (first, second) = (generate(), generate());
    assert!(first.status.success(), "{}", text(&first.stderr));
    assert_eq!(first.stdout, second.stdout);
    let stdout = text(&first.stdout);
    assert!(
        stdout.contains("# Made by: draughts openings --variant english --plies 4"),
        "{stdout}"
    );
    let fens: Vec<&str> = stdout.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(fens.len(), 5, "{stdout}");
    assert!(fens
        .iter()
        .all(|f| f.starts_with("B:") || f.starts_with("W:")));
}
