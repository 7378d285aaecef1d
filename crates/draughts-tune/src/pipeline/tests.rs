use super::*;
use crate::rescore::rescore_data;
use draughts_core::English;
use draughts_egdb::BuildOptions;
use draughts_eval::Weights;
use draughts_search::database_result;

/// A run small enough for a test: two generations of a few short games.
fn small() -> PipelineConfig {
    PipelineConfig {
        generations: 2,
        games: 16,
        nodes: 300,
        label_nodes: Some(400),
        random_plies: 2,
        max_plies: 80,
        window: 2,
        fit: NetworkFitConfig {
            epochs: 6,
            batch: 32,
            rate: 0.05,
            hidden: 8,
            heads: 2,
            ..NetworkFitConfig::default()
        },
        holdout: 0.25,
        // A wide test, decided in a few pairs either way.
        sprt: Sprt {
            elo0: 0.0,
            elo1: 100.0,
            alpha: 0.2,
            beta: 0.2,
        },
        sprt_games: 24,
        sprt_nodes: 200,
        seed: 5,
    }
}

/// No knowledge at all: the first network learns at least the material, and passes.
fn base() -> LinearEval<English> {
    LinearEval::new(Weights::ZERO)
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("draughts-pipeline-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every file of a run's folder with a checksum of its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.strip_prefix(dir).unwrap().to_path_buf();
                let bytes = std::fs::read(&path).unwrap();
                out.push((name, format!("{:x}", Sha256::digest(&bytes))));
            }
        }
    }
    out.sort();
    out
}

/// The small run of English from its start position in `dir`.
fn run(dir: &Path, data: DataSource) -> Result<PipelineOutcome<English>, TuneError> {
    let openings = [Position::<English>::initial()];
    run_pipeline(&small(), &openings, &base(), None, dir, data, &|_| {})
}

/// Runs `config` in `dir` with its data made elsewhere, as `tune data` makes it from
/// each request alone (as the cluster driver does); the number of requests.
fn run_apart(
    config: &PipelineConfig,
    openings: &[Position<English>],
    database: Option<&Arc<Database<English>>>,
    dir: &Path,
) -> usize {
    let mut requests = 0;
    loop {
        let outcome = run_pipeline(
            config,
            openings,
            &base(),
            database,
            dir,
            DataSource::Elsewhere,
            &|_| {},
        )
        .unwrap();
        let Some(request) = outcome.waiting else {
            return requests;
        };
        requests += 1;
        let network = request
            .network
            .as_ref()
            .map(|path| Arc::new(load_network::<English>(path).unwrap()));
        let player = LinearEval::new(Weights::load::<English>(dir.join("base.weights")).unwrap())
            .with_network(network);
        let out = &request.out;
        match request.source {
            None => generate_data(&request.config, openings, &player, database, out, &|_| {}),
            Some(source) => {
                let source = read_data::<English>(&source).unwrap();
                rescore_data(&request.config, 0, &source, &player, database, out, &|_| {})
            }
        }
        .unwrap();
    }
}

/// `f` on one thread.
fn on_one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(f)
}

#[test]
fn a_run_is_reproducible_resumes_to_the_same_files_and_logs_each_stage_once() {
    let openings = [Position::<English>::initial()];
    let whole = folder("whole");
    let outcome = run(&whole, DataSource::Here).unwrap();
    assert!(
        outcome.generations[0].accepted(),
        "{:?}",
        outcome.generations
    );
    assert_eq!(outcome.best.is_some(), outcome.kept() > 0);
    // Every generation but the last was kept, and a network was fitted in each.
    let last = outcome.generations.len() - 1;
    for (i, g) in outcome.generations.iter().enumerate() {
        assert_eq!(g.number, i + 1);
        assert!(g.accepted() || i == last);
        assert!(g.loss.holdout.is_finite() && g.loss.train.is_finite());
        assert!(whole
            .join(format!("gen-{}/candidate.network", i + 1))
            .exists());
    }
    let log = std::fs::read_to_string(whole.join("log")).unwrap();
    assert!(log.contains("gen-1/play.data: 16 games"), "{log}");
    assert!(log.contains("gen-1/labels.data: 16 games"), "{log}");
    assert!(log.contains("gen-2/candidate.network: 8 units, 6 epochs on generations 1-2"));
    assert!(log.lines().all(|l| l.contains("; SHA-256 ")), "{log}");

    // On one thread, the same files.
    let one = folder("one-thread");
    on_one_thread(|| run(&one, DataSource::Here)).unwrap();
    assert_eq!(files(&one), files(&whole));

    // Killed after the first generation's fit: the test's pairs and the verdict lost,
    // the fit's state left. The run goes on to the same files, each stage logged once.
    let verdict = one.join("gen-1/verdict");
    let text = std::fs::read_to_string(&verdict).unwrap();
    for later in ["gen-1/sprt", "gen-1/verdict", "best.network"] {
        let _ = std::fs::remove_file(one.join(later));
    }
    let _ = std::fs::remove_dir_all(one.join("gen-2"));
    run(&one, DataSource::Here).unwrap();
    assert_eq!(std::fs::read_to_string(&verdict).unwrap(), text);
    assert_eq!(files(&one), files(&whole));

    // With the data made elsewhere (as `tune data` makes it, from the request alone),
    // the run stops for each file and ends with the same files.
    let apart = folder("elsewhere");
    let requests = run_apart(&small(), &openings, None, &apart);
    assert_eq!(requests, 2 * outcome.generations.len());
    assert_eq!(files(&apart), files(&whole));
    std::fs::remove_dir_all(&apart).unwrap();

    // Another setting in the same folder is refused.
    let other = PipelineConfig {
        nodes: 301,
        ..small()
    };
    let err = run_pipeline(
        &other,
        &openings,
        &base(),
        None,
        &one,
        DataSource::Here,
        &|_| {},
    )
    .err()
    .unwrap();
    assert!(matches!(err, TuneError::ResumeMismatch { .. }), "{err}");
    std::fs::remove_dir_all(&whole).unwrap();
    std::fs::remove_dir_all(&one).unwrap();
}

#[test]
fn bad_settings_are_refused_before_any_game() {
    let openings = [Position::<English>::initial()];
    let dir = folder("bad");
    let cases = [
        PipelineConfig {
            games: 0,
            ..small()
        },
        PipelineConfig {
            window: 0,
            ..small()
        },
        PipelineConfig {
            label_nodes: Some(0),
            ..small()
        },
        PipelineConfig {
            holdout: 1.0,
            ..small()
        },
        PipelineConfig {
            sprt: Sprt {
                elo0: 5.0,
                elo1: 0.0,
                ..Sprt::default()
            },
            ..small()
        },
    ];
    for config in cases {
        let err = run_pipeline(
            &config,
            &openings,
            &base(),
            None,
            &dir,
            DataSource::Here,
            &|_| {},
        )
        .err()
        .unwrap();
        assert!(matches!(err, TuneError::Config(_)), "{err}");
    }
    let none: [Position<English>; 0] = [];
    assert!(run_pipeline(
        &small(),
        &none,
        &base(),
        None,
        &dir,
        DataSource::Here,
        &|_| {}
    )
    .is_err());
    let with_net = base().with_network(Some(Arc::new(Network::zero())));
    assert!(run_pipeline(
        &small(),
        &openings,
        &with_net,
        None,
        &dir,
        DataSource::Here,
        &|_| {}
    )
    .is_err());
    assert!(!dir.exists());
}

/// English endgames of six men, White to move and Black to move.
const ENDGAMES: [&str; 4] = [
    "W:W21,22,27:B5,6,10",
    "B:W21,22,27:B5,6,10",
    "W:W23,26,30:B3,7,11",
    "B:W18,25,29:B1,2,12",
];

/// The endgame database of English up to `pieces` pieces, built in `dir`.
fn database(dir: &Path, pieces: u32) -> Arc<Database<English>> {
    draughts_egdb::build::<English>(dir, pieces, &BuildOptions::default()).unwrap();
    Arc::new(Database::open_nonempty(dir).unwrap())
}

#[test]
fn with_a_database_games_end_where_it_knows_them_and_the_labels_are_its() {
    let openings = ENDGAMES.map(|fen| fen.parse::<Position<English>>().unwrap());
    let config = PipelineConfig {
        generations: 1,
        max_plies: 120,
        ..small()
    };
    let (three, two) = (folder("egdb-3"), folder("egdb-2"));
    let db = database(&three, 3);
    let whole = folder("egdb-whole");
    let run = |dir: &Path, database: Option<&Arc<Database<English>>>| {
        run_pipeline(
            &config,
            &openings,
            &base(),
            database,
            dir,
            DataSource::Here,
            &|_| {},
        )
    };
    run(&whole, Some(&db)).unwrap();
    let settings = std::fs::read_to_string(whole.join("settings")).unwrap();
    assert!(
        settings.contains("egdb 16 slices of [2, 3] pieces"),
        "{settings}"
    );

    // No position the database knows is kept: the game ended there, with its value.
    // Positions whose search reached it carry the database's scores, in the labels too
    // (the deeper search reaches it from more positions); the self-play's searches
    // played on towards what they found, so their games' results agree.
    let play = read_data::<English>(&whole.join("gen-1/play.data")).unwrap();
    let labels = read_data::<English>(&whole.join("gen-1/labels.data")).unwrap();
    assert_eq!(play.config.database, Some(database_fingerprint(&db)));
    assert_eq!(labels.config.database, play.config.database);
    assert!(play
        .positions
        .iter()
        .all(|p| matches!(db.probe(&p.position), Ok(None))));
    let decided = |data: &DataSet<English>| -> Vec<(bool, u8)> {
        let scores = data.positions.iter();
        scores
            .filter_map(|p| database_result(p.score.into()).map(|won| (won, p.result)))
            .collect()
    };
    let (played, relabelled) = (decided(&play), decided(&labels));
    assert!(played.len() > 10 && relabelled.len() >= played.len());
    assert!(played.iter().any(|&(won, _)| won));
    assert!(played
        .iter()
        .all(|&(won, result)| result == 2 * u8::from(won)));

    // On one thread, and with the data made elsewhere, the same files.
    let one = folder("egdb-one");
    on_one_thread(|| run(&one, Some(&db))).unwrap();
    assert_eq!(files(&one), files(&whole));
    let apart = folder("egdb-apart");
    assert_eq!(run_apart(&config, &openings, Some(&db), &apart), 2);
    assert_eq!(files(&apart), files(&whole));

    // The run resumes with its database only: not with none, nor with another.
    let smaller = database(&two, 2);
    for other in [None, Some(&smaller)] {
        let err = run(&whole, other).err().unwrap();
        assert!(matches!(err, TuneError::ResumeMismatch { .. }), "{err}");
    }
    // A data file made with another database is not the one a run with it waits for.
    let wanted = config.play_config(1, Some(database_fingerprint(&smaller)));
    let err = complete::<English>(&whole.join("gen-1/play.data"), &wanted).err();
    assert!(matches!(err, Some(TuneError::Config(_))), "{err:?}");
    for dir in [whole, one, apart, three, two] {
        std::fs::remove_dir_all(dir).unwrap();
    }
}
