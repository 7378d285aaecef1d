//! `draughts serve`'s JSON API over loopback: answers, typed errors, the search slots
//! (in all and per client), bounded load tests, game review and puzzles.

use draughts_cli::serve::api::Databases;
use draughts_cli::serve::{router, AppState};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

mod puzzle_file;

/// A server on a free loopback port with `slots` search slots; its base URL.
async fn server(slots: usize) -> String {
    serve(AppState::new(slots, Databases::default())).await
}

/// A server of `state` on a free loopback port; its base URL.
async fn serve(state: AppState) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = router(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{address}")
}

/// An empty folder of this test run named after `what`.
fn scratch(what: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("serve-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn get(client: &Client, url: &str) -> Value {
    client.get(url).send().await.unwrap().json().await.unwrap()
}

async fn post(client: &Client, url: &str, body: Value) -> (StatusCode, Value) {
    let response = client.post(url).json(&body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_with_safe_headers() {
    let base = server(1).await;
    let page = reqwest::get(format!("{base}/")).await.unwrap();
    assert_eq!(page.status(), 200);
    let csp = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("default-src 'self'"), "{csp}");
    assert!(page.headers().get("access-control-allow-origin").is_none());
    assert!(page.text().await.unwrap().contains(r#"<svg id="board""#));
    for (path, kind) in [("/app.js", "text/javascript"), ("/app.css", "text/css")] {
        let response = reqwest::get(format!("{base}{path}")).await.unwrap();
        assert_eq!(response.status(), 200);
        assert!(response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with(kind));
    }
    // No path reaches the file system.
    for path in [
        "/../Cargo.toml",
        "/src/main.rs",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/app.js/x",
    ] {
        let response = reqwest::get(format!("{base}{path}")).await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], "not_found");
    }
}

#[tokio::test]
async fn every_variant_has_a_board_and_legal_moves() {
    let base = server(1).await;
    let client = Client::new();
    let variants = get(&client, &format!("{base}/api/variants")).await;
    let names = variants["variants"].as_array().unwrap();
    assert!(names.len() >= 5);
    for name in names {
        let (status, board) = post(
            &client,
            &format!("{base}/api/position"),
            json!({"variant": name}),
        )
        .await;
        assert_eq!(status, 200, "{board}");
        let side = board["side"].as_u64().unwrap();
        let playable = if name == "turkish" {
            side * side
        } else {
            side * side / 2
        };
        assert_eq!(board["squares"].as_array().unwrap().len() as u64, playable);
        assert!(!board["moves"].as_array().unwrap().is_empty());
    }
    let (_, board) = post(
        &client,
        &format!("{base}/api/position"),
        json!({"variant": "international", "moves": ["32-28", "19-23"]}),
    )
    .await;
    assert_eq!(board["turn"], "white");
    assert_eq!(board["history"], json!(["32-28", "19-23"]));
    assert_eq!(board["last"]["path"], json!([19, 23]));
    let capture = &board["moves"][0];
    assert_eq!(capture["text"], "28x19");
    assert_eq!(capture["captured"], json!([23]));
}

#[tokio::test]
async fn bad_input_gets_a_typed_4xx() {
    let base = server(1).await;
    let client = Client::new();
    let position = format!("{base}/api/position");
    let cases = [
        (json!({"variant": "chess"}), 400, "variant"),
        (json!({"variant": "english", "fen": "W:W99:B1"}), 400, "fen"),
        (
            json!({"variant": "english", "fen": "x".repeat(600)}),
            400,
            "limit",
        ),
        (
            json!({"variant": "english", "moves": ["32-28"]}),
            422,
            "move",
        ),
        (
            json!({"variant": "english", "moves": ["hello"]}),
            422,
            "move",
        ),
        (
            json!({"variant": "english", "moves": vec!["11-15"; 2001]}),
            400,
            "limit",
        ),
        (
            json!({"variant": "english", "colour": "red"}),
            400,
            "bad_request",
        ),
        (json!({"moves": []}), 400, "bad_request"),
    ];
    for (body, status, kind) in cases {
        let (got, answer) = post(&client, &position, body.clone()).await;
        assert_eq!(
            (got.as_u16(), answer["error"].as_str()),
            (status, Some(kind)),
            "{body}"
        );
        assert!(!answer["message"].as_str().unwrap().is_empty());
    }
    // Not JSON, too large, from another site, and searches out of bounds.
    let response = client
        .post(&position)
        .body("{")
        .header("content-type", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let big = json!({"variant": "english", "fen": "x".repeat(300_000)});
    let (status, answer) = post(&client, &position, big).await;
    assert_eq!(
        (status.as_u16(), answer["error"].as_str()),
        (413, Some("too_large"))
    );
    let response = client
        .post(&position)
        .header("origin", "http://evil.example")
        .json(&json!({"variant": "english"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    // A name made to resolve to this machine (DNS rebinding) is not this server's.
    let response = client
        .post(&position)
        .header("host", "evil.example")
        .json(&json!({"variant": "english"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let play = format!("{base}/api/play");
    for time in [0.0, -1.0, 1000.0] {
        let (status, answer) = post(
            &client,
            &play,
            json!({"game": {"variant": "english"}, "time": time}),
        )
        .await;
        assert_eq!(
            (status.as_u16(), answer["error"].as_str()),
            (400, Some("bad_request"))
        );
    }
    let lost = json!({"game": {"variant": "english", "fen": "W:W:B1"}, "time": 0.1});
    let (status, answer) = post(&client, &play, lost).await;
    assert_eq!(
        (status.as_u16(), answer["error"].as_str()),
        (422, Some("game_over"))
    );
    let (status, answer) = post(
        &client,
        &format!("{base}/api/probe"),
        json!({"variant": "english"}),
    )
    .await;
    assert_eq!(
        (status.as_u16(), answer["error"].as_str()),
        (404, Some("no_database"))
    );
    let response = client
        .get(format!("{base}/api/analyse?variant=english"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
    let (status, answer) = post(
        &client,
        &format!("{base}/api/import"),
        json!({"variant": "english", "pdn": "1. 1-5 *"}),
    )
    .await;
    assert_eq!(status.as_u16(), 400, "{answer}");
}

#[tokio::test]
async fn the_engine_plays_and_pdn_round_trips() {
    let base = server(1).await;
    let client = Client::new();
    let (status, answer) = post(
        &client,
        &format!("{base}/api/play"),
        json!({"game": {"variant": "english", "moves": ["11-15"]}, "time": 0.1}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let board = &answer["board"];
    assert_eq!(board["history"].as_array().unwrap().len(), 2);
    assert_eq!(board["history"][1], answer["move"]["text"]);
    let game = json!({"variant": "english", "moves": board["history"]});
    let (_, pdn) = post(&client, &format!("{base}/api/pdn"), game).await;
    let text = pdn["pdn"].as_str().unwrap();
    let (status, imported) = post(
        &client,
        &format!("{base}/api/import"),
        json!({"variant": "international", "pdn": text}),
    )
    .await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["variant"], "english");
    assert_eq!(imported["history"], board["history"]);
}

/// The text of an event stream until it ends; the response must have status 200 and
/// the event-stream content type.
async fn events(response: reqwest::Response) -> String {
    let mut response = response;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    let mut text = String::new();
    while let Some(chunk) = response.chunk().await.unwrap() {
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    text
}

#[tokio::test]
async fn analysis_streams_iterations_and_slots_are_bounded() {
    let base = server(1).await;
    let client = Client::new();
    let url = format!("{base}/api/analyse?variant=english&moves=11-15+23-19&time=0.3");
    let response = client.get(&url).send().await.unwrap();
    let text = events(response).await;
    assert!(text.contains("event: info"), "{text}");
    assert!(text.contains("event: done"), "{text}");
    let info: Value = text
        .lines()
        .filter_map(|line| line.strip_prefix("data: "))
        .find_map(|data| serde_json::from_str(data).ok())
        .unwrap();
    assert!(info["depth"].as_u64().unwrap() >= 1);
    assert!(!info["pv"].as_array().unwrap().is_empty());

    // The one slot is taken by a long analysis: a move is refused, not queued.
    let long = client
        .get(format!("{base}/api/analyse?variant=international&time=60"))
        .send()
        .await
        .unwrap();
    assert_eq!(long.status(), 200);
    let play = json!({"game": {"variant": "english"}, "time": 0.05});
    let (status, answer) = post(&client, &format!("{base}/api/play"), play.clone()).await;
    assert_eq!(
        (status.as_u16(), answer["error"].as_str()),
        (429, Some("busy"))
    );
    // The client goes: its search stops and the slot is free again.
    drop(long);
    slot_freed_within(&client, &base, Duration::from_secs(10)).await;
}

/// Waits until the engine plays a move again (a search slot is free), failing after
/// `limit`.
async fn slot_freed_within(client: &Client, base: &str, limit: Duration) {
    let play = json!({"game": {"variant": "english"}, "time": 0.05});
    let start = Instant::now();
    loop {
        let (status, _) = post(client, &format!("{base}/api/play"), play.clone()).await;
        if status == 200 {
            break;
        }
        assert!(start.elapsed() < limit, "the slot was not freed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_clients_at_once() {
    const CLIENTS: usize = 40;
    const REQUESTS: usize = 10;
    let base = server(2).await;
    let start = Instant::now();
    let mut tasks = Vec::new();
    for i in 0..CLIENTS {
        let base = base.clone();
        tasks.push(tokio::spawn(async move {
            let client = Client::builder()
                .timeout(Duration::from_secs(20))
                .build()
                .unwrap();
            let mut counts = [0usize; 3]; // answered, busy, other
            for j in 0..REQUESTS {
                let (url, body) = if (i + j) % 5 == 0 {
                    (
                        format!("{base}/api/play"),
                        json!({"game": {"variant": "english"}, "time": 0.02}),
                    )
                } else {
                    (
                        format!("{base}/api/position"),
                        json!({"variant": "international", "moves": ["32-28"]}),
                    )
                };
                let status = client
                    .post(url)
                    .json(&body)
                    .send()
                    .await
                    .map(|r| r.status());
                match status {
                    Ok(StatusCode::OK) => counts[0] += 1,
                    Ok(StatusCode::TOO_MANY_REQUESTS) => counts[1] += 1,
                    _ => counts[2] += 1,
                }
            }
            counts
        }));
    }
    let mut total = [0usize; 3];
    for task in tasks {
        let counts = task.await.unwrap();
        for k in 0..3 {
            total[k] += counts[k];
        }
    }
    assert_eq!(total[2], 0, "failed requests: {total:?}");
    assert_eq!(total[0] + total[1], CLIENTS * REQUESTS);
    assert!(total[0] >= CLIENTS * REQUESTS * 4 / 5, "{total:?}");
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
    // Still up.
    let (status, _) = post(
        &Client::new(),
        &format!("{base}/api/position"),
        json!({"variant": "english"}),
    )
    .await;
    assert_eq!(status, 200);
}

/// A client whose connections come from `127.0.0.N` (all of `127.0.0.0/8` is
/// loopback), which the server counts as a client of its own.
fn client_from(n: u8) -> Client {
    Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, n]))
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_greedy_client_does_not_starve_the_others() {
    const OTHERS: u8 = 20;
    const MOVES: usize = 3;
    let base = serve(AppState::new(4, Databases::default()).with_per_client(2)).await;
    // The greedy client asks for ten long analyses at once: two run, the rest are
    // refused as its own excess, not queued.
    let greedy = client_from(2);
    let analysis = format!("{base}/api/analyse?variant=international&time=60");
    let asked: Vec<_> = (0..10)
        .map(|_| tokio::spawn(greedy.get(&analysis).send()))
        .collect();
    let mut running = Vec::new();
    let mut refused = 0;
    for answer in asked {
        let answer = answer.await.unwrap().unwrap();
        match answer.status().as_u16() {
            200 => running.push(answer),
            429 => {
                let body: Value = answer.json().await.unwrap();
                assert_eq!(body["error"], "client_busy", "{body}");
                assert!(body["message"].as_str().unwrap().contains('2'), "{body}");
                refused += 1;
            }
            status => panic!("status {status}"),
        }
    }
    assert_eq!((running.len(), refused), (2, 8));
    // Meanwhile every other client gets its moves, sharing the two free slots (a move
    // refused as `busy` is asked again).
    let start = Instant::now();
    let tasks: Vec<_> = (0..OTHERS)
        .map(|i| {
            let base = base.clone();
            tokio::spawn(async move {
                let client = client_from(10 + i);
                let play = json!({"game": {"variant": "english"}, "time": 0.02});
                let (mut played, mut busy) = (0, 0);
                while played < MOVES {
                    let (status, answer) =
                        post(&client, &format!("{base}/api/play"), play.clone()).await;
                    match status.as_u16() {
                        200 => played += 1,
                        429 => {
                            assert_eq!(answer["error"], "busy", "{answer}");
                            busy += 1;
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                        _ => panic!("{answer}"),
                    }
                    assert!(start.elapsed() < Duration::from_secs(60), "starved");
                }
                busy
            })
        })
        .collect();
    let mut busy = 0;
    for task in tasks {
        busy += task.await.unwrap();
    }
    eprintln!(
        "{} clients played {MOVES} moves each in {:?} beside a greedy one ({busy} busy answers)",
        OTHERS,
        start.elapsed()
    );
    // The greedy client's analyses ran all the while.
    for answer in &running {
        assert_eq!(answer.status(), 200);
    }
    drop(running);
}

#[tokio::test]
async fn the_endgame_database_judges_every_legal_move() {
    let dir = std::env::temp_dir().join(format!("draughts-serve-egdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args([
            "egdb",
            "build",
            "--variant",
            "english",
            "--pieces",
            "3",
            "--out",
        ])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let base = serve(AppState::new(1, Databases::open(&dir).unwrap())).await;
    let client = Client::new();
    let variants = get(&client, &format!("{base}/api/variants")).await;
    assert_eq!(variants["egdb"], json!(["english"]));
    // Two kings against one: some moves keep the win, none loses.
    let game = json!({"variant": "english", "fen": "W:WK1,K2:BK32"});
    let (status, answer) = post(&client, &format!("{base}/api/probe"), game).await;
    assert_eq!(status, 200, "{answer}");
    let verdicts = answer["verdicts"].as_array().unwrap();
    assert!(!verdicts.is_empty());
    assert!(verdicts.iter().any(|v| v["result"] == "win"), "{answer}");
    assert!(verdicts.iter().all(|v| v["result"] != "loss"), "{answer}");
    let (status, answer) = post(
        &client,
        &format!("{base}/api/probe"),
        json!({"variant": "international"}),
    )
    .await;
    assert_eq!(
        (status.as_u16(), answer["error"].as_str()),
        (404, Some("no_database"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn weights_and_patterns_files_evaluate_their_variant() {
    use draughts_cli::serve::per_variant::Evaluators;
    use draughts_core::{English, International};
    use draughts_eval::Weights;
    let dir = scratch("weights");
    let english = dir.join("english.weights");
    Weights::default_for::<English>()
        .save::<English>(&english)
        .unwrap();
    let evaluators = Evaluators::load(Some(english.clone()), None).unwrap();
    let kinds: Vec<&str> = evaluators.kinds().map(|k| k.name()).collect();
    assert_eq!(kinds, ["english"]);
    assert!(evaluators.get::<English>().is_some());
    assert!(evaluators.get::<International>().is_none());
    let base = serve(AppState::new(1, Databases::default()).with_evaluators(evaluators)).await;
    let client = Client::new();
    for variant in ["english", "international"] {
        let play = json!({"game": {"variant": variant}, "time": 0.05});
        let (status, answer) = post(&client, &format!("{base}/api/play"), play).await;
        assert_eq!(status, 200, "{answer}");
        assert!(answer["time_ms"].as_u64().is_some(), "{answer}");
    }
    // No table at all suits every variant.
    let none = Evaluators::load(None, Some("none".into())).unwrap();
    assert_eq!(none.kinds().count(), draughts_core::VariantKind::ALL.len());
    assert_eq!(Evaluators::load(None, None).unwrap().kinds().count(), 0);
    // Files no variant can use are errors that name them.
    let missing = dir.join("missing.weights");
    let error = Evaluators::load(Some(missing.clone()), None)
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("missing.weights"), "{error}");
    let international = dir.join("international.weights");
    Weights::default_for::<International>()
        .save::<International>(&international)
        .unwrap();
    let garbage = dir.join("garbage.patterns");
    std::fs::write(&garbage, b"not a table").unwrap();
    for (weights, patterns) in [(None, Some(garbage)), (Some(international), Some(english))] {
        assert!(Evaluators::load(weights, patterns).is_err());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_book_answers_moves_and_analyses_in_its_variant() {
    use draughts_cli::serve::per_variant::Books;
    use draughts_core::{English, Position};
    use draughts_engine::book::Book;
    use draughts_engine::engine::BookChoice;
    let dir = scratch("book");
    let start = Position::<English>::initial();
    let moves = start.legal_moves();
    let file = dir.join("english.book");
    Book::from_positions([(&start, 0, vec![(moves[2], 9)])])
        .save(&file)
        .unwrap();
    let books = Books::load(&BookChoice::File(file.clone())).unwrap();
    let kinds: Vec<&str> = books.kinds().map(|k| k.name()).collect();
    assert_eq!(kinds, ["english"]);
    assert_eq!(Books::load(&BookChoice::Off).unwrap().kinds().count(), 0);
    let missing = Books::load(&BookChoice::File(dir.join("missing.book")));
    assert!(missing.err().unwrap().to_string().contains("missing.book"));
    let base = serve(AppState::new(1, Databases::default()).with_books(books)).await;
    let client = Client::new();
    let play = json!({"game": {"variant": "english"}, "time": 0.05});
    let (status, answer) = post(&client, &format!("{base}/api/play"), play).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["book"], true, "{answer}");
    assert_eq!(answer["depth"], 0);
    assert_eq!(answer["move"]["text"], start.move_text(&moves[2]));
    let url = format!("{base}/api/analyse?variant=english&time=0.2");
    let text = events(client.get(&url).send().await.unwrap()).await;
    let info: Value = text
        .lines()
        .filter_map(|line| line.strip_prefix("data: "))
        .find_map(|data| serde_json::from_str(data).ok())
        .unwrap();
    assert_eq!(
        (info["book"].clone(), info["depth"].clone()),
        (json!(true), json!(0))
    );
    // Out of the book, the engine searches.
    let play = json!({"game": {"variant": "english", "moves": ["9-13"]}, "time": 0.05});
    let (_, answer) = post(&client, &format!("{base}/api/play"), play).await;
    assert_eq!(answer["book"], false, "{answer}");
}

#[tokio::test]
async fn a_template_file_serves_its_variant() {
    use draughts_cli::serve::per_variant::Templates;
    use draughts_core::{English, International};
    let dir = scratch("tactics");
    let file = dir.join("international.tactics");
    std::fs::write(&file, TEMPLATES).unwrap();
    let templates = Templates::load(Some(&file)).unwrap();
    let kinds: Vec<&str> = templates.kinds().map(|k| k.name()).collect();
    assert_eq!(kinds, ["international"]);
    assert_eq!(
        templates.get::<International>().map(|set| set.len()),
        Some(3)
    );
    assert!(templates.get::<English>().is_none());
    assert_eq!(Templates::load(None).unwrap().kinds().count(), 0);
    // Files no variant can use are errors that name them.
    let garbage = dir.join("garbage.tactics");
    std::fs::write(&garbage, "not templates").unwrap();
    for bad in [garbage, dir.join("missing.tactics")] {
        let error = Templates::load(Some(&bad)).err().unwrap().to_string();
        let name = bad.file_name().unwrap().to_string_lossy();
        assert!(error.contains(&*name), "{error}");
    }
    // The engine moves and analyses with them, and without them in other variants.
    let base = serve(AppState::new(1, Databases::default()).with_templates(templates)).await;
    let client = Client::new();
    for variant in ["international", "english"] {
        let play = json!({"game": {"variant": variant}, "time": 0.05});
        let (status, answer) = post(&client, &format!("{base}/api/play"), play).await;
        assert_eq!(status, 200, "{answer}");
    }
    let url = format!("{base}/api/analyse?variant=international&fen=W:W28,33:B18,19,23&time=0.2");
    let stream = events(client.get(url).send().await.unwrap()).await;
    // A quick search of more iterations than the event channel holds still ends with
    // `done`, which gives the templates' figures of this analysis.
    assert!(stream.contains("event: done"), "{stream}");
    let done = last_data(&stream);
    let tactics = &done["tactics"];
    assert_eq!(
        (tactics["templates"].as_u64(), tactics["asked"].as_u64()),
        (Some(3), Some(3)),
        "{done}"
    );
    assert!(tactics["lookups"].as_u64().unwrap() > 0, "{done}");
    assert!(tactics["verified"].as_u64().unwrap() >= tactics["accepted"].as_u64().unwrap());
    // A variant without templates has no figures.
    let url = format!("{base}/api/analyse?variant=english&time=0.1");
    let stream = events(client.get(url).send().await.unwrap()).await;
    assert_eq!(last_data(&stream)["tactics"], Value::Null, "{stream}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A short English game with two errors at 20,000 nodes a position: White's
/// 1... 23-19?! and Black's 3. 9-13?.
const ENGLISH_GAME: &str = "[Event \"test\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *\n";

#[tokio::test]
async fn a_review_streams_progress_then_classes_and_explanations() {
    let base = server(1).await;
    let client = Client::new();
    let body = json!({"variant": "international", "pdn": ENGLISH_GAME, "nodes": 20000});
    let response = client
        .post(format!("{base}/api/review"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let text = events(response).await;
    assert!(text.contains("event: progress"), "{text}");
    assert!(text.contains("event: done"), "{text}");
    let review = last_data(&text);
    // The GameType tag names the variant, whatever the request's fallback.
    assert_eq!(review["variant"], "english");
    let moves = review["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    assert_eq!(moves[0]["played"]["text"], "11-15");
    assert_eq!(moves[1]["side"], "white");
    assert_eq!(review["marks"].as_array().unwrap().len(), 8);
    assert_eq!(review["explanations"].as_array().unwrap().len(), 8);
    let error = moves
        .iter()
        .position(|mv| !mv["class"].is_null())
        .unwrap_or_else(|| panic!("no error judged: {review}"));
    assert!(
        ["?!", "?", "??"].contains(&review["marks"][error].as_str().unwrap()),
        "{review}"
    );
    let explanation = review["explanations"][error].as_str().unwrap();
    assert!(!explanation.is_empty(), "{review}");
    assert!(review["white"]["moves"].as_u64().unwrap() > 0);

    // The slot is free again once the review is done.
    let play = json!({"game": {"variant": "english"}, "time": 0.05});
    let (status, answer) = post(&client, &format!("{base}/api/play"), play).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn bad_reviews_get_a_typed_4xx() {
    let base = server(1).await;
    let client = Client::new();
    let review = format!("{base}/api/review");
    let cases = [
        (
            json!({"variant": "english", "pdn": "1. 11-15 15-19 *"}),
            "pdn",
        ),
        (
            json!({"variant": "english", "pdn": "[Event \"x\"] *"}),
            "pdn",
        ),
        (json!({"variant": "english", "pdn": ""}), "pdn"),
        (json!({"variant": "chess", "pdn": "1. 11-15 *"}), "variant"),
        (
            json!({"variant": "english", "pdn": "1. 11-15 *", "nodes": 0}),
            "bad_request",
        ),
        (
            json!({"variant": "english", "pdn": "1. 11-15 *", "nodes": 1_000_000_000u64}),
            "bad_request",
        ),
        (
            json!({"variant": "english", "pdn": "1. 11-15 *", "depth": 3}),
            "bad_request",
        ),
        (
            json!({"variant": "english", "pdn": "x".repeat(70_000)}),
            "limit",
        ),
    ];
    for (body, kind) in cases {
        let (status, answer) = post(&client, &review, body.clone()).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["error"], kind, "{body}: {answer}");
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // The one slot is taken: a review is refused, not queued.
    let long = client
        .get(format!("{base}/api/analyse?variant=international&time=60"))
        .send()
        .await
        .unwrap();
    assert_eq!(long.status(), 200);
    let body = json!({"variant": "english", "pdn": ENGLISH_GAME, "nodes": 1000});
    let (status, answer) = post(&client, &review, body).await;
    assert_eq!(
        (status.as_u16(), answer["error"].as_str()),
        (429, Some("busy"))
    );
    drop(long);

    // A long review whose client goes stops, and its slot is free again at once.
    let long_game = "[GameType \"21\"]\n[FEN \"B:W19,22,23,25-32:B1-6,8,11-14\"]\n\n\
        1. 6-10 19-15 2. 10x19 23x7 3. 3x10 28-24 4. 5-9 26-23 5. 8-11 24-19 6. 14-17 \
        31-26 7. 17-21 19-15 8. 10x19 23x7 9. 2x11 26-23 10. 1-6 22-17 11. 13x22 25x18 \
        12. 6-10 29-25 13. 12-16 25-22 14. 10-15 27-24 *";
    let started = Instant::now();
    let going = loop {
        let body = json!({"variant": "english", "pdn": long_game, "nodes": 2_000_000});
        let response = client.post(&review).json(&body).send().await.unwrap();
        if response.status() == 200 {
            break response;
        }
        // The analysis above may still be giving its slot back.
        assert!(started.elapsed() < Duration::from_secs(10), "no slot");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(going);
    slot_freed_within(&client, &base, Duration::from_secs(5)).await;
}

#[tokio::test]
async fn puzzles_are_listed_served_and_loaded() {
    use draughts_cli::serve::puzzles::read_puzzle_file;
    use draughts_core::VariantKind;
    let text = puzzle_file::puzzle_file();
    let puzzles = read_puzzle_file(text.as_bytes(), VariantKind::International).unwrap();
    let base = serve(AppState::new(1, Databases::default()).with_puzzles(puzzles)).await;
    let client = Client::new();
    let list = get(&client, &format!("{base}/api/puzzles")).await;
    let entries = list["puzzles"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{list}");
    let brief = |e: &Value| {
        (
            e["number"].clone(),
            e["variant"].clone(),
            e["turn"].clone(),
            e["plies"].clone(),
        )
    };
    assert_eq!(
        brief(&entries[0]),
        (json!(1), json!("international"), json!("white"), json!(3))
    );
    assert_eq!(
        brief(&entries[1]),
        (json!(2), json!("english"), json!("black"), json!(5))
    );
    let solution = |p: &Value| -> Vec<String> {
        p["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap().to_string())
            .collect()
    };
    let first = get(&client, &format!("{base}/api/puzzles/1")).await;
    assert_eq!(first["fen"], puzzle_file::INTERNATIONAL);
    assert_eq!(solution(&first), ["28-23", "18x29", "33x15"]);
    let second = get(&client, &format!("{base}/api/puzzles/2")).await;
    assert_eq!(second["variant"], "english");
    assert_eq!(
        solution(&second),
        ["18-22", "26-23", "10-15", "19x10", "12x26"]
    );
    for (path, status, kind) in [
        ("3", 404, "not_found"),
        ("0", 404, "not_found"),
        ("x", 400, "bad_request"),
    ] {
        let response = client
            .get(format!("{base}/api/puzzles/{path}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), status, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], kind, "{path}: {body}");
    }

    // A file from the user's disk is read and sent back, whole.
    let load = format!("{base}/api/puzzles/load");
    let (status, loaded) = post(
        &client,
        &load,
        json!({"variant": "international", "pdn": text}),
    )
    .await;
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["puzzles"][0], first);
    assert_eq!(loaded["puzzles"][1], second);
    for bad in [
        "",
        "[Event \"no moves\"]\n*\n",
        "[GameType \"21\"]\n[FEN \"B:W16,17,19,21,26:B1,2,10,12,18\"]\n1... 18-14 *\n",
        "[PuzzleEffort \"lots\"]\n1. 32-28 *\n",
    ] {
        let (status, answer) = post(
            &client,
            &load,
            json!({"variant": "international", "pdn": bad}),
        )
        .await;
        assert_eq!(status, 400, "{bad}: {answer}");
        assert_eq!(answer["error"], "puzzle", "{bad}: {answer}");
    }
    // A server without a puzzle file lists none.
    let none = get(&client, &format!("{}/api/puzzles", server(1).await)).await;
    assert_eq!(none["puzzles"], json!([]));
}

#[test]
fn a_bad_puzzle_file_is_refused_at_start() {
    let dir = scratch("puzzles");
    let bad = dir.join("bad.pdn");
    std::fs::write(&bad, "[GameType \"20\"]\n1. 32-28 19-23 2. 28-22 *\n").unwrap();
    for (file, expected) in [
        (bad, "28-22 is not a legal move"),
        (dir.join("missing.pdn"), "cannot read"),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_draughts"))
            .args(["serve", "--port", "0", "--puzzles"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(!output.status.success());
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains("--puzzles"), "{error}");
        assert!(error.contains(&*file.to_string_lossy()), "{error}");
        assert!(error.contains(expected), "{error}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The data of the last event of an event stream's text, as JSON.
fn last_data(events: &str) -> Value {
    events
        .lines()
        .filter_map(|line| line.strip_prefix("data: "))
        .next_back()
        .and_then(|data| serde_json::from_str(data).ok())
        .unwrap_or_else(|| panic!("no data in {events}"))
}

/// Three International combination templates (those of the fuzz target's seed).
const TEMPLATES: &str = include_str!("../../../fuzz/seeds/tactics_file/international.tactics");
