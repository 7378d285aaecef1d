//! `draughts tune`: each command writes a weights file that `--weights` loads.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `draughts` and returns its output, failing the test if it failed.
fn run(args: &[&str]) -> String {
    let output = run_raw(args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?}: {text}\n{errors}");
    text
}

fn run_raw(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run draughts")
}

/// An empty folder of its own for the test `name`.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

/// The weights file loads in the engine: a short analysis with it gives a best move.
fn loads(variant: &str, weights: &str) {
    let out = run(&[
        "analyse",
        "--variant",
        variant,
        "--depth",
        "2",
        "--weights",
        weights,
    ]);
    assert!(out.contains("bestmove"), "{out}");
}

#[test]
fn ga_selfplay_and_fit_write_loadable_weights() {
    let dir = fresh_dir("cli");
    let ga_dir = path(&dir, "ga");
    let ga = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "ga",
            "--variant",
            "english",
            "--pool",
            "3",
            "--generations",
            "2",
        ];
        args.extend(["--depth", "1", "--match-games", "2", "--max-plies", "60"]);
        args.extend(["--range", "kings=100..300", "--quiet", "--out", &ga_dir]);
        args.extend(extra);
        run(&args)
    };
    let out = ga(&[]);
    assert!(
        out.contains("generation   1") && out.contains("best weights"),
        "{out}"
    );
    assert!(dir.join("ga/fitness.svg").is_file() && dir.join("ga/generations.csv").is_file());
    loads("english", &path(&dir, "ga/best.weights"));
    // Resuming a finished run replays only the finals.
    let again = ga(&["--resume"]);
    assert!(again.contains("best weights"), "{again}");

    let games = path(&dir, "games.pdn");
    // Temporary paths hold no spaces, so the commands split on white space.
    let words = |line: String| run(&line.split_whitespace().collect::<Vec<_>>());
    let out = words(format!(
        "tune selfplay --variant international --games 8 --selfplay-depth 1 --max-plies 80 --out {games}"
    ));
    assert!(out.contains("8 self-play games"), "{out}");
    let fitted = path(&dir, "fitted.weights");
    let out = words(format!(
        "tune fit --variant international --games {games} --iterations 20 --out {fitted}"
    ));
    assert!(out.contains("K = ") && out.contains("hold-out"), "{out}");
    assert!(dir.join("fitted.loss.csv").is_file() && dir.join("fitted.loss.svg").is_file());
    loads("international", &fitted);

    // A pattern table and its weights, loaded as a pair; a damaged table is an error.
    let model = path(&dir, "model");
    let out = words(format!(
        "tune patterns --variant international --games {games} --epochs 2 --out {model}"
    ));
    assert!(out.contains("epoch   2") && out.contains("K = "), "{out}");
    assert!(dir.join("model/international.loss.svg").is_file());
    let (weights, table) = (
        path(&dir, "model/international.weights"),
        path(&dir, "model/international.patterns"),
    );
    let analyse = |table: &str| {
        let args = [
            "analyse",
            "--depth",
            "2",
            "--weights",
            &weights,
            "--patterns",
            table,
        ];
        run_raw(&args)
    };
    assert!(String::from_utf8_lossy(&analyse(&table).stdout).contains("bestmove"));
    let bytes = std::fs::read(&table).unwrap();
    std::fs::write(&table, &bytes[..bytes.len() / 2]).unwrap();
    let damaged = analyse(&table);
    assert!(!damaged.status.success());
    let errors = String::from_utf8_lossy(&damaged.stderr);
    assert!(
        errors.contains("international.patterns") && errors.contains("checksum"),
        "{errors}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_tune_arguments_are_clear_errors() {
    let cases: [(&[&str], &str); 3] = [
        (
            &["ga", "--range", "women=1..2", "--out", "/tmp/x"],
            "not a feature",
        ),
        (
            &[
                "fit",
                "--games",
                "/nonexistent/games.pdn",
                "--out",
                "/tmp/w",
            ],
            "/nonexistent/games.pdn",
        ),
        (
            &["ga", "--pool", "3", "--elitism", "3", "--out", "/tmp/x"],
            "elitism",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<&str> = ["tune"].iter().chain(args).copied().collect();
        let out = run_raw(&args);
        assert!(!out.status.success(), "{args:?}");
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(errors.contains(message), "{args:?}: {errors}");
    }
}

#[test]
fn data_resumes_and_fits_on_scores() {
    let dir = fresh_dir("data");
    let data = path(&dir, "english.data");
    let words = |line: String| run(&line.split_whitespace().collect::<Vec<_>>());
    let make = |games: u32| {
        words(format!(
            "tune data --variant english --games {games} --nodes 300 --max-plies 80 --quiet --out {data}"
        ))
    };
    let out = make(4);
    assert!(out.contains("holds 4 games"), "{out}");
    let once = std::fs::read(&data).unwrap();
    make(8);
    // The first four games are kept, and a fresh run of eight writes the same file.
    let resumed = std::fs::read(&data).unwrap();
    assert!(resumed.len() > once.len() && resumed.starts_with(&once));
    std::fs::remove_file(&data).unwrap();
    make(8);
    assert_eq!(std::fs::read(&data).unwrap(), resumed);
    // Other settings on the same file are refused, naming it.
    let other = run_raw(&[
        "tune",
        "data",
        "--variant",
        "english",
        "--games",
        "9",
        "--nodes",
        "301",
        "--out",
        &data,
    ]);
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("english.data"));

    let model = path(&dir, "model");
    let out = words(format!(
        "tune patterns --variant english --data {data} --lambda 0.5 --epochs 2 --out {model}"
    ));
    assert!(
        out.contains("8 games") && out.contains("epoch   2"),
        "{out}"
    );
    loads("english", &path(&dir, "model/english.weights"));

    // A network's correction on the same data, resumed after its first epoch by the
    // same command, ends where an unbroken run does; the engine evaluates with it.
    let fit = |out: &str, epochs: u32| {
        words(format!(
            "tune network --variant english --data {data} --epochs {epochs} --out {out}"
        ))
    };
    let (net, once) = (path(&dir, "resumed.network"), path(&dir, "once.network"));
    fit(&net, 1);
    assert!(fit(&net, 2).contains("resuming after epoch 1"));
    let out = fit(&once, 2);
    assert!(
        out.contains("epoch   2") && out.contains("rounded network"),
        "{out}"
    );
    assert_eq!(std::fs::read(&net).unwrap(), std::fs::read(&once).unwrap());
    let out = run(&[
        "analyse",
        "--variant",
        "english",
        "--depth",
        "3",
        "--network",
        &net,
    ]);
    assert!(out.contains("bestmove"), "{out}");
    let wrong = run_raw(&["analyse", "--variant", "international", "--network", &net]);
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("resumed.network"));
    // Self-play with the network plays other games than without one; a network of
    // another variant is refused, naming its file.
    let play = |network: &str, out: &str| {
        words(format!(
            "tune data --variant english --games 8 --nodes 300 --max-plies 80 --quiet --network {network} --out {out}"
        ))
    };
    let (with, without) = (path(&dir, "with.data"), path(&dir, "without.data"));
    play(&net, &with);
    play("none", &without);
    assert_ne!(
        std::fs::read(&with).unwrap(),
        std::fs::read(&without).unwrap()
    );
    let wrong = run_raw(&[
        "tune",
        "data",
        "--variant",
        "international",
        "--games",
        "1",
        "--network",
        &net,
        "--out",
        &path(&dir, "wrong.data"),
    ]);
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("resumed.network"));
    let other = run_raw(&[
        "tune",
        "network",
        "--variant",
        "english",
        "--data",
        &data,
        "--seed",
        "9",
        "--out",
        &net,
    ]);
    assert!(
        !other.status.success(),
        "other settings do not resume another run's state"
    );
    // A warm start from the shipped network, or from a file; a network of another
    // variant is refused, naming its file.
    let warm = |init: &str, out: &str| {
        words(format!(
            "tune network --variant english --data {data} --epochs 1 --init {init} --out {out}"
        ))
    };
    let out = warm("builtin", &path(&dir, "warm.network"));
    assert!(out.contains("the starting network: hold-out loss"), "{out}");
    assert!(warm(&net, &path(&dir, "warm-file.network")).contains("rounded network"));
    // Grown by fresh units; fewer units than the starting network's are refused.
    let grown = path(&dir, "grown.network");
    words(format!(
        "tune network --variant english --data {data} --epochs 1 --init {net} --hidden 40 --out {grown}"
    ));
    // A start from `init` with `option`, refused and named.
    let refused = |init: &str, option: &str| {
        let line = format!(
            "tune network --variant english --data {data} --init {init} {option} --out {}",
            path(&dir, "refused.network")
        );
        let out = run_raw(&line.split_whitespace().collect::<Vec<_>>());
        assert!(!out.status.success(), "{line}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(option),
            "{line}"
        );
    };
    refused(&grown, "--hidden 16");
    // A second head; a two-headed start keeps it, and one head is then refused.
    let headed = path(&dir, "headed.network");
    words(format!(
        "tune network --variant english --data {data} --epochs 1 --init {grown} --heads 2 --out {headed}"
    ));
    let file = std::fs::read(&headed).unwrap();
    assert_eq!(file[4], 2, "a two-headed network's file is version 2");
    refused(&headed, "--heads 1");
    let wrong = run_raw(&[
        "tune",
        "network",
        "--variant",
        "international",
        "--data",
        &data,
        "--init",
        &net,
        "--out",
        &path(&dir, "wrong.network"),
    ]);
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("resumed.network"));

    let bad = run_raw(&[
        "tune",
        "patterns",
        "--variant",
        "english",
        "--data",
        &data,
        "--lambda",
        "2",
        "--out",
        &model,
    ]);
    assert!(!bad.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Turkish, on the full board: self-play data, a table fitted with the odd regions, and
/// the pair loaded by the engine.
#[test]
fn turkish_tables_fit_and_load() {
    let dir = fresh_dir("turkish");
    let data = path(&dir, "turkish.data");
    let model = path(&dir, "model");
    let words = |line: String| run(&line.split_whitespace().collect::<Vec<_>>());
    words(format!(
        "tune data --variant turkish --patterns none --games 4 --nodes 300 --max-plies 80 --quiet --out {data}"
    ));
    let out = words(format!(
        "tune patterns --variant turkish --data {data} --odd-regions --epochs 2 --out {model}"
    ));
    assert!(
        out.contains("4 games") && out.contains("epoch   2"),
        "{out}"
    );
    let table = path(&dir, "model/turkish.patterns");
    let out = run(&[
        "analyse",
        "--variant",
        "turkish",
        "--depth",
        "2",
        "--weights",
        &path(&dir, "model/turkish.weights"),
        "--patterns",
        &table,
    ]);
    assert!(out.contains("bestmove"), "{out}");
    // A table for another variant is refused, naming the file.
    let wrong = run_raw(&["analyse", "--variant", "english", "--patterns", &table]);
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("turkish.patterns"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn data_labels_recorded_games() {
    let dir = fresh_dir("records");
    let games = path(&dir, "games.pdn");
    // A decided game, an unfinished one and one with an illegal move.
    std::fs::write(
        &games,
        "[Event \"a\"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n\n\
         [Event \"b\"]\n1. 11-15 23-19 *\n\n\
         [Event \"c\"]\n1. 11-15 23-29 0-1\n",
    )
    .unwrap();
    let data = path(&dir, "games.data");
    let label = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "data",
            "--variant",
            "english",
            "--pdn",
            &games,
            "--nodes",
            "300",
            "--quiet",
            "--out",
            &data,
        ];
        args.extend_from_slice(extra);
        run_raw(&args)
    };
    let output = label(&[]);
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(output.status.success(), "{out}{err}");
    assert!(out.contains("holds 1 games at 300 nodes"), "{out}");
    assert!(err.contains("3 games read, 2 replayed, 1 refused"), "{err}");
    assert!(
        err.contains("1 games to label, 1 without a result left out"),
        "{err}"
    );
    let once = std::fs::read(&data).unwrap();
    // Labelled again, the file stays as it was; more games than the files hold, or
    // the self-play settings beside --pdn, are refused.
    assert!(label(&[]).status.success());
    assert_eq!(std::fs::read(&data).unwrap(), once);
    let more = label(&["--games", "2"]);
    assert!(!more.status.success());
    assert!(String::from_utf8_lossy(&more.stderr).contains("hold 1 games"));
    assert!(!label(&["--seed", "3"]).status.success());
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs `tune pipeline` with `args` and `--data-elsewhere` until it is done, making each
/// data file it asks for with `tune data` and the options it prints (as the cluster
/// driver does); the options of each request.
fn run_apart(args: &[String]) -> Vec<Vec<String>> {
    let mut requests = Vec::new();
    loop {
        let mut words = args.to_vec();
        words.push("--data-elsewhere".into());
        let said = run(&words.iter().map(String::as_str).collect::<Vec<_>>());
        let Some(json) = said.lines().rev().find(|l| l.starts_with('{')) else {
            return requests;
        };
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        let waiting = &value["waiting"];
        let options: Vec<String> = waiting["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| option.as_str().unwrap().to_string())
            .collect();
        let mut data = vec!["tune".to_string(), "data".into()];
        data.extend(options.iter().cloned());
        let games = waiting["games"].as_u64().unwrap().to_string();
        let file = waiting["out"].as_str().unwrap().to_string();
        data.extend([
            "--quiet".into(),
            "--games".into(),
            games,
            "--out".into(),
            file,
        ]);
        run(&data.iter().map(String::as_str).collect::<Vec<_>>());
        requests.push(options);
    }
}

#[test]
fn a_pipeline_runs_resumes_and_its_network_loads() {
    let dir = fresh_dir("pipeline");
    let out = path(&dir, "run");
    let args = |nodes: &str| {
        [
            "tune",
            "pipeline",
            "--variant",
            "turkish",
            "--games",
            "12",
            "--nodes",
            nodes,
            "--max-plies",
            "60",
            "--generations",
            "1",
            "--epochs",
            "1",
            "--hidden",
            "8",
            "--sprt-games",
            "4",
            "--sprt-nodes",
            "100",
            "--out",
            &out,
        ]
        .map(String::from)
    };
    let first = run(&args("200").each_ref().map(String::as_str));
    assert!(
        first.contains("generation 1: self-play, 12 games"),
        "{first}"
    );
    let log = std::fs::read_to_string(dir.join("run/log")).unwrap();
    assert_eq!(log.lines().count(), 3, "{log}");
    // Given again, the run finds itself done and says the same.
    let again = run(&args("200").each_ref().map(String::as_str));
    let last = |text: &str| text.lines().last().unwrap_or_default().to_string();
    let verdict = |text: &str| {
        let line = text
            .lines()
            .find(|l| l.starts_with("generation 1: ") && l.contains('('));
        line.map(|l| l.split(" (").next().unwrap_or_default().to_string())
    };
    assert_eq!(verdict(&again), verdict(&first));
    assert_eq!(std::fs::read_to_string(dir.join("run/log")).unwrap(), log);
    assert!(last(&again).starts_with(&last(&first)[..20]), "{again}");
    // The network loads on its base (Turkish: 64 squares).
    let analysed = run(&[
        "analyse",
        "--variant",
        "turkish",
        "--depth",
        "2",
        "--weights",
        &path(&dir, "run/base.weights"),
        "--patterns",
        "none",
        "--network",
        &path(&dir, "run/gen-1/candidate.network"),
    ]);
    assert!(analysed.contains("bestmove"), "{analysed}");
    // With the data made apart (`tune data` as the run asks for it, as the cluster
    // driver does), the same files: the log, which holds their SHA-256, is the same.
    let apart = path(&dir, "apart");
    let mut words = args("200").to_vec();
    let at = words.iter().position(|w| *w == out).unwrap();
    words[at] = apart.clone();
    assert_eq!(run_apart(&words).len(), 1);
    let apart_log = std::fs::read_to_string(dir.join("apart/log")).unwrap();
    assert_eq!(apart_log, log);
    // Other options in the same folder are refused.
    let other = run_raw(&args("300").each_ref().map(String::as_str));
    assert!(!other.status.success());
    let errors = String::from_utf8_lossy(&other.stderr);
    assert!(errors.contains("other settings"), "{errors}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn data_and_a_pipeline_with_an_endgame_database() {
    let dir = fresh_dir("pipeline-egdb");
    let (db, empty) = (path(&dir, "english3"), path(&dir, "empty"));
    let words = |line: &str| {
        line.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let attempt = |line: &str| run_raw(&line.split_whitespace().collect::<Vec<_>>());
    let succeed = |line: &str| run(&line.split_whitespace().collect::<Vec<_>>());
    succeed(&format!(
        "egdb build --variant english --pieces 3 --out {db}"
    ));
    std::fs::create_dir_all(&empty).unwrap();
    // A folder without the variant's files is a clear error.
    let data = path(&dir, "x.data");
    let none = attempt(&format!(
        "tune data --variant english --games 1 --egdb {empty} --out {data}"
    ));
    assert!(!none.status.success());
    let errors = String::from_utf8_lossy(&none.stderr);
    assert!(errors.contains("no english endgame database"), "{errors}");

    // Endgames of six men, so that the games reach the database.
    let openings = path(&dir, "endgames.fen");
    let endgames = "W:W21,22,27:B5,6,10\nB:W21,22,27:B5,6,10\nW:W23,26,30:B3,7,11\n";
    std::fs::write(&openings, endgames).unwrap();
    let pipeline = |out: &str, egdb: &str| {
        format!(
            "tune pipeline --variant english --openings {openings} --games 8 --nodes 200 \
             --label-nodes 300 --max-plies 80 --generations 1 --epochs 1 --hidden 8 \
             --sprt-games 4 --sprt-nodes 100 --out {out} {egdb}"
        )
    };
    let (here, with) = (path(&dir, "here"), format!("--egdb {db}"));
    succeed(&pipeline(&here, &with));
    let settings = std::fs::read_to_string(dir.join("here/settings")).unwrap();
    assert!(
        settings.contains("\negdb 16 slices of [2, 3] pieces"),
        "{settings}"
    );
    // Made apart, each data file is asked for with the database, and the run is the same.
    let requests = run_apart(&words(&pipeline(&path(&dir, "apart"), &with)));
    assert_eq!(requests.len(), 2);
    for options in &requests {
        let at = options.iter().position(|o| o == "--egdb");
        let given = at.and_then(|i| options.get(i + 1));
        assert_eq!(given, Some(&db), "{options:?}");
    }
    let log = |run: &str| std::fs::read_to_string(dir.join(run).join("log")).unwrap();
    assert_eq!(log("apart"), log("here"));
    // The run resumes only with its database.
    let without = attempt(&pipeline(&here, ""));
    assert!(!without.status.success());
    assert!(String::from_utf8_lossy(&without.stderr).contains("other settings"));
    std::fs::remove_dir_all(&dir).unwrap();
}
