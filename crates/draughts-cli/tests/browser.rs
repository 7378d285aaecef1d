//! `draughts serve` in a real browser: headless Chromium driven over WebDriver
//! (chromedriver) clicks a move, drags moves with the mouse and a finger (targets
//! shown while the piece is held, a drop off target, the board turned round, a capture
//! picked by its route), checks the board, starts an analysis, checks what it shows,
//! saves a screenshot of it (`DRAUGHTS_SCREENSHOT=1`: as `docs/serve.png`, the README's),
//! lets the engine move and checks the clock; then reviews a game (marks, explanation,
//! graph, stepping with keys) and solves puzzles (a wrong move, the right one with the
//! forced reply played, the solution shown, a file loaded from disk), saving
//! `docs/serve-review.png` and `docs/serve-puzzle.png`. Skipped, with a message, when
//! Chromium or chromedriver is not installed (`apt-get install chromium
//! chromium-driver`; `.ci/run` does).

use base64::Engine as _;
use reqwest::Client;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod puzzle_file;

/// A child process killed when the test ends, however it ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn program(variable: &str, default: &str) -> Option<PathBuf> {
    let path = std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from);
    path.exists().then_some(path)
}

/// `draughts serve --port 0` with International combination templates (those of the
/// fuzz target's seed) and the options `extra`, and the address it listens on.
fn serve(extra: &[&std::ffi::OsStr]) -> (Killed, String) {
    let templates = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds/tactics_file/international.tactics");
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["serve", "--port", "0", "--tactics"])
        .arg(templates)
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("start draughts serve");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let line = lines.next().unwrap().unwrap();
    // The server's later lines must find the pipe open.
    std::thread::spawn(move || lines.for_each(drop));
    let url = line.trim().rsplit(' ').next().unwrap().to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{line}");
    (Killed(child), url)
}

/// A free loopback port.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One WebDriver session.
struct Driver {
    client: Client,
    session: String,
}

impl Driver {
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let url = format!("{}{path}", self.session);
        let mut request = self.client.request(method, url);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer: Value = request.send().await.unwrap().json().await.unwrap();
        answer["value"].clone()
    }

    async fn script(&self, script: &str) -> Value {
        self.call(
            reqwest::Method::POST,
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
        .await
    }

    /// The WebDriver reference of the element `css` selects.
    async fn element(&self, css: &str) -> String {
        let element = self
            .call(
                reqwest::Method::POST,
                "/element",
                Some(json!({"using": "css selector", "value": css})),
            )
            .await;
        element
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}: {element}"))
            .to_string()
    }

    async fn click(&self, css: &str) {
        let id = self.element(css).await;
        self.call(
            reqwest::Method::POST,
            &format!("/element/{id}/click"),
            Some(json!({})),
        )
        .await;
    }

    /// Runs `steps` of one pointer (`mouse` or `touch`); a step is `("move", css)` (to
    /// the middle of the element `css` selects, which must not hold a `'`),
    /// `("down", "")` or `("up", "")`. The pointer keeps its state between calls, so a
    /// drag can stop halfway for the page to be checked.
    async fn pointer(&self, kind: &str, steps: &[(&str, &str)]) {
        let mut actions = Vec::new();
        for &(step, css) in steps {
            actions.push(match step {
                "move" => {
                    // The board is redrawn as the piece is picked up, so the place is
                    // found first rather than the element given.
                    let script = format!(
                        "const r = document.querySelector('{css}').getBoundingClientRect(); \
                         return [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)]"
                    );
                    let at = self.script(&script).await;
                    json!({"type": "pointerMove", "duration": 150, "x": at[0], "y": at[1],
                           "origin": "viewport"})
                }
                "down" => json!({"type": "pointerDown", "button": 0}),
                _ => json!({"type": "pointerUp", "button": 0}),
            });
        }
        let answer = self
            .call(
                reqwest::Method::POST,
                "/actions",
                Some(json!({"actions": [{"type": "pointer", "id": kind,
                    "parameters": {"pointerType": kind}, "actions": actions}]})),
            )
            .await;
        assert!(answer.is_null(), "actions: {answer}");
    }

    /// Drags with pointer `kind` from the first square of `route` over the others,
    /// and lets go on the last.
    async fn drag(&self, kind: &str, route: &[u32]) {
        let squares: Vec<String> = route
            .iter()
            .map(|n| format!(r#"g[data-square="{n}"]"#))
            .collect();
        let mut steps = vec![("move", squares[0].as_str()), ("down", "")];
        steps.extend(squares[1..].iter().map(|css| ("move", css.as_str())));
        steps.push(("up", ""));
        self.pointer(kind, &steps).await;
    }

    /// Saves a screenshot of the page as `NAME.png` in the test's temporary folder, and
    /// with `DRAUGHTS_SCREENSHOT=1` as `docs/NAME.png`, the README's picture.
    async fn screenshot(&self, name: &str) {
        let png = self.call(reqwest::Method::GET, "/screenshot", None).await;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(png.as_str().unwrap())
            .unwrap();
        assert!(bytes.starts_with(b"\x89PNG"));
        assert!(bytes.len() < 200_000, "a {} byte screenshot", bytes.len());
        let file = format!("{name}.png");
        let mut places = vec![Path::new(env!("CARGO_TARGET_TMPDIR")).join(&file)];
        if std::env::var_os("DRAUGHTS_SCREENSHOT").is_some_and(|v| v == "1") {
            places.push(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../docs")
                    .join(&file),
            );
        }
        for place in places {
            std::fs::write(&place, &bytes).unwrap();
            eprintln!("screenshot: {}", place.display());
        }
    }

    /// Waits until `script` returns true.
    async fn wait_for(&self, what: &str, script: &str) {
        let start = Instant::now();
        while self.script(script).await != json!(true) {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "timed out waiting for {what}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// A browser on the page of a server: the processes, killed when it goes, the driver
/// and the profile folder.
struct Browser {
    _server: Killed,
    _chromedriver: Killed,
    driver: Driver,
    profile: PathBuf,
}

impl Browser {
    /// Ends the session and removes the profile.
    async fn close(self) {
        self.driver.call(reqwest::Method::DELETE, "", None).await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Chromium on the page of `draughts serve` with the options `extra`, `test` naming
/// its profile; `None`, with a message, when Chromium or chromedriver is missing.
async fn open(test: &str, extra: &[&std::ffi::OsStr]) -> Option<Browser> {
    let (Some(chromium), Some(chromedriver)) = (
        program("CHROMIUM", "/usr/bin/chromium"),
        program("CHROMEDRIVER", "/usr/bin/chromedriver"),
    ) else {
        eprintln!("browser test skipped: chromium or chromedriver not found (apt-get install chromium chromium-driver)");
        return None;
    };
    let (server, url) = serve(extra);
    let port = free_port();
    let chromedriver = Killed(
        Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver"),
    );
    let client = Client::new();
    let base = format!("http://127.0.0.1:{port}");
    let start = Instant::now();
    while client.get(format!("{base}/status")).send().await.is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let profile = tempdir(test);
    let capabilities = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--window-size=1100,800", format!("--user-data-dir={}", profile.display())]
        }
    }}});
    let answer: Value = client
        .post(format!("{base}/session"))
        .json(&capabilities)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = answer["value"]["sessionId"]
        .as_str()
        .unwrap_or_else(|| panic!("no session: {answer}"));
    let driver = Driver {
        client: client.clone(),
        session: format!("{base}/session/{id}"),
    };

    driver
        .call(reqwest::Method::POST, "/url", Some(json!({"url": url})))
        .await;
    driver
        .wait_for(
            "the board",
            r##"return document.querySelectorAll("#board circle.piece").length === 40"##,
        )
        .await;
    Some(Browser {
        _server: server,
        _chromedriver: chromedriver,
        driver,
        profile,
    })
}

#[tokio::test]
async fn a_move_and_an_analysis_in_chromium() {
    let Some(browser) = open("play", &[]).await else {
        return;
    };
    let driver = &browser.driver;
    // 32-28 by two clicks: the start square shows its targets, the target plays.
    driver.click(r##"g[data-square="32"]"##).await;
    driver
        .wait_for(
            "the targets",
            r##"return document.querySelectorAll("#board rect.target").length === 2"##,
        )
        .await;
    driver.click(r##"g[data-square="28"]"##).await;
    driver
        .wait_for("the move", r##"return !!document.querySelector('g[data-square="28"] circle.piece.white') && !document.querySelector('g[data-square="32"] circle.piece')"##)
        .await;
    assert_eq!(
        driver
            .script(r##"return document.getElementById("status").textContent"##)
            .await,
        "black to move"
    );
    assert_eq!(
        driver
            .script(r##"return document.querySelector("#history li").textContent"##)
            .await,
        "1. 32-28"
    );

    // A piece dropped where it cannot go stays, selected.
    driver.drag("mouse", &[19, 25]).await;
    driver
        .wait_for("the piece back", r##"return !!document.querySelector('g[data-square="19"] circle.piece.black') && !!document.querySelector('g[data-square="19"] rect.selected') && !document.getElementById("ghost") && document.querySelectorAll("#history li").length === 1"##)
        .await;
    // 19-23 by dragging with the mouse: while the piece is held, its targets are shown
    // and it follows the pointer; dropped, the move is played.
    driver
        .pointer(
            "mouse",
            &[
                ("move", r##"g[data-square="19"]"##),
                ("down", ""),
                ("move", r##"g[data-square="23"]"##),
            ],
        )
        .await;
    driver
        .wait_for(
            "the targets of a drag",
            r##"return document.querySelectorAll("#board rect.target").length === 2 && !!document.getElementById("ghost")"##,
        )
        .await;
    driver.pointer("mouse", &[("up", "")]).await;
    driver
        .wait_for("the dragged move", r##"return !!document.querySelector('g[data-square="23"] circle.piece.black') && !document.querySelector('g[data-square="19"] circle.piece') && document.getElementById("status").textContent === "white to move""##)
        .await;
    // 28x19 by dragging a finger, on the board turned round.
    driver.click("#flip").await;
    driver.drag("touch", &[28, 19]).await;
    driver
        .wait_for("the touch move", r##"return !!document.querySelector('g[data-square="19"] circle.piece.white') && !document.querySelector('g[data-square="23"] circle.piece') && document.querySelectorAll("#board circle.piece.black").length === 19"##)
        .await;
    assert_eq!(
        driver
            .script(r##"return [...document.querySelectorAll("#history li")].map((li) => li.textContent).join(" / ")"##)
            .await,
        "1. 32-28 19-23 / 2. 28x19"
    );
    // PDN export numbers the moves as the list does.
    driver.click("#export-pdn").await;
    driver
        .wait_for(
            "the PDN",
            r##"return document.getElementById("pdn").value.includes("1. 32-28 19-23 2. 28x19")"##,
        )
        .await;
    driver.click("#flip").await;

    driver.click("#analyse").await;
    driver
        .wait_for("an analysis", r##"return Number(document.getElementById("depth").textContent) >= 4 && document.querySelectorAll("#board polyline.arrow").length > 0"##)
        .await;
    let pv = driver
        .script(r##"return document.getElementById("pv").textContent"##)
        .await;
    assert!(
        pv.as_str()
            .is_some_and(|t| t.contains('-') || t.contains('x')),
        "{pv}"
    );
    let score = driver
        .script(r##"return document.getElementById("score").textContent"##)
        .await;
    assert!(
        score.as_str().is_some_and(|s| !s.is_empty() && s != "–"),
        "{score}"
    );
    // The templates' figures of this analysis.
    driver
        .wait_for("the template figures", r##"return !document.getElementById("tactics").hidden && / asked at \d+ positions, \d+ verified/.test(document.getElementById("tactics").textContent)"##)
        .await;
    driver.screenshot("serve").await;

    // The engine takes Black at 0.3 s a move: it answers at once, and the clock shows
    // its time and runs White's.
    driver.click("#analyse").await;
    driver
        .script(r##"document.getElementById("move-time").value = "0.3"; const side = document.getElementById("engine-side"); side.value = "black"; side.dispatchEvent(new Event("change")); return true"##)
        .await;
    driver
        .wait_for("the engine's move", r##"return document.getElementById("status").textContent === "white to move" && !document.getElementById("clock-box").hidden"##)
        .await;
    let engine = driver
        .script(r##"return document.getElementById("clock-engine").textContent"##)
        .await;
    let used = engine
        .as_str()
        .and_then(|text| text.strip_suffix(" s of 0.3 s"))
        .and_then(|seconds| seconds.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("engine time: {engine}"));
    assert!((0.0..2.0).contains(&used), "{engine}");
    let white = r##"return document.getElementById("clock-white").textContent"##;
    let before = driver.script(white).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    let after = driver.script(white).await;
    assert_ne!(before, after, "White's clock runs");
    assert_eq!(
        driver
            .script(
                r##"return document.getElementById("clock-white").classList.contains("running")"##
            )
            .await,
        true
    );
    let black = driver
        .script(r##"return document.getElementById("clock-black").textContent"##)
        .await;
    assert!(
        black.as_str().is_some_and(|t| t.starts_with("0:0")),
        "{black}"
    );

    // Two captures from 30 end on 6: the drag's route picks the lower one.
    driver
        .script(r##"const side = document.getElementById("engine-side"); side.value = "off"; side.dispatchEvent(new Event("change")); document.getElementById("fen").value = "W:W30:B11,22,23,24,33,34"; document.getElementById("load-fen").click(); return true"##)
        .await;
    driver
        .wait_for(
            "the position",
            r##"return document.querySelectorAll("#board circle.piece").length === 7"##,
        )
        .await;
    driver.drag("mouse", &[30, 39, 28, 17, 6]).await;
    driver
        .wait_for("the lower capture", r##"return !!document.querySelector('g[data-square="6"] circle.piece.white') && [...document.querySelectorAll("#board circle.piece.black")].map((c) => c.dataset.square).join() === "23,24""##)
        .await;
    browser.close().await;
}

/// The text of `script`'s answer.
async fn text(driver: &Driver, script: &str) -> String {
    let answer = driver.script(script).await;
    answer
        .as_str()
        .unwrap_or_else(|| panic!("{script}: {answer}"))
        .to_string()
}

/// Presses key `key` (a WebDriver key code) on the page.
async fn press(driver: &Driver, key: &str) {
    let answer = driver
        .call(
            reqwest::Method::POST,
            "/actions",
            Some(
                json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]}),
            ),
        )
        .await;
    assert!(answer.is_null(), "keys: {answer}");
}

/// A short English game with two errors at 20,000 nodes a position (the API tests'
/// game): White's 1... 23-19?! and Black's 3. 9-13?.
const ENGLISH_GAME: &str = "[Event \"test\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 2. 8-11 22-17 3. 9-13 17-14 4. 10x17 21x14 *\n";

#[tokio::test]
async fn a_review_in_chromium() {
    let Some(browser) = open("review", &[]).await else {
        return;
    };
    let driver = &browser.driver;
    driver.click("#mode-review").await;
    driver
        .script(&format!(
            r##"document.getElementById("review-pdn").value = {}; document.getElementById("review-nodes").value = "20000"; return true"##,
            json!(ENGLISH_GAME)
        ))
        .await;
    driver.click("#review-start").await;
    driver
        .wait_for(
            "the review",
            r##"return document.querySelectorAll("#review-moves span").length === 8 && document.querySelectorAll("#board circle.piece").length === 24"##,
        )
        .await;
    assert_eq!(
        text(
            driver,
            r##"return document.querySelector("#review-moves li").textContent"##
        )
        .await,
        "1. 11-15 23-19?!"
    );
    assert!(text(
        driver,
        r##"return document.getElementById("explanation").textContent"##
    )
    .await
    .starts_with("Start position"));
    // The graph has a line of White's chances and a dot on each error.
    let errors = driver
        .script(r##"return document.querySelectorAll("#review-moves span.inaccuracy, #review-moves span.mistake, #review-moves span.blunder").length"##)
        .await;
    assert!(errors.as_u64().is_some_and(|n| n > 0), "no error marked");
    assert_eq!(
        driver
            .script(r##"return document.querySelectorAll("#graph .dot").length"##)
            .await,
        errors
    );
    // The first error: its mark, its explanation, the position after it.
    driver
        .script(r##"document.querySelector("#review-moves span.inaccuracy, #review-moves span.mistake, #review-moves span.blunder").click(); return true"##)
        .await;
    driver
        .wait_for("the error shown", r##"const current = document.querySelector("#review-moves span.current"); return !!current && /\?!?$/.test(current.textContent) && document.getElementById("explanation").textContent.includes(current.textContent)"##)
        .await;
    let explanation = text(
        driver,
        r##"return document.getElementById("explanation").textContent"##,
    )
    .await;
    assert!(
        explanation.contains('?') && explanation.contains(':'),
        "{explanation}"
    );
    let ply = driver
        .script(
            r##"return Number(document.querySelector("#review-moves span.current").dataset.ply)"##,
        )
        .await
        .as_u64()
        .unwrap();
    driver.screenshot("serve-review").await;
    // Back and forth with the keys, to the end.
    press(driver, "\u{E012}").await;
    driver
        .wait_for("a move back", &format!(r##"return Number(document.querySelector("#review-moves span.current")?.dataset.ply) === {}"##, ply - 1))
        .await;
    press(driver, "\u{E010}").await;
    driver
        .wait_for("the end", r##"return Number(document.querySelector("#review-moves span.current")?.dataset.ply) === 8 && document.querySelectorAll("#board circle.piece").length === 22"##)
        .await;
    // A click in the middle of the graph goes to the middle of the game.
    driver.click("#graph").await;
    driver
        .wait_for("the graph's ply", r##"return Number(document.querySelector("#review-moves span.current")?.dataset.ply) === 4"##)
        .await;
    // Back in play mode, the game played is there again.
    driver.click("#mode-play").await;
    driver
        .wait_for(
            "the game",
            r##"return document.querySelectorAll("#board circle.piece").length === 40"##,
        )
        .await;
    browser.close().await;
}

#[tokio::test]
async fn puzzles_in_chromium() {
    let dir = tempdir("puzzles-file");
    let file = dir.join("puzzles.pdn");
    std::fs::write(&file, puzzle_file::puzzle_file()).unwrap();
    let Some(browser) = open("puzzles", &["--puzzles".as_ref(), file.as_os_str()]).await else {
        return;
    };
    let driver = &browser.driver;
    driver.click("#mode-puzzles").await;
    driver
        .wait_for("the first puzzle", r##"return document.getElementById("puzzle-title").textContent.startsWith("Puzzle 1 of 2 (international): white") && document.querySelectorAll("#board circle.piece").length === 40"##)
        .await;
    let status = r##"document.getElementById("puzzle-status")"##;
    // A wrong move is shown as wrong, and not played.
    driver.click(r##"g[data-square="33"]"##).await;
    driver.click(r##"g[data-square="29"]"##).await;
    driver
        .wait_for("the wrong move", &format!("return {status}.className === 'wrong' && !!document.querySelector('#board polyline.wrong') && !!document.querySelector('g[data-square=\"33\"] circle.piece')"))
        .await;
    // The key: the forced reply is played for the solver, who finishes.
    driver.click(r##"g[data-square="28"]"##).await;
    driver.click(r##"g[data-square="23"]"##).await;
    driver
        .wait_for("the reply", r##"return !!document.querySelector('g[data-square="29"] circle.piece.black') && !document.querySelector('g[data-square="18"] circle.piece')"##)
        .await;
    driver.click(r##"g[data-square="33"]"##).await;
    driver.click(r##"g[data-square="15"]"##).await;
    driver
        .wait_for("solved", &format!("return {status}.className === 'solved' && {status}.textContent === 'Solved: 28-23 18x29 33x15'"))
        .await;
    driver.screenshot("serve-puzzle").await;
    // The next puzzle, Black's in English, on the board turned round: the solution shown.
    driver.click("#puzzle-next").await;
    driver
        .wait_for("the second puzzle", r##"return document.getElementById("puzzle-title").textContent.startsWith("Puzzle 2 of 2 (english): black") && document.querySelectorAll("#board circle.piece").length === 10"##)
        .await;
    driver.click("#puzzle-solution").await;
    driver
        .wait_for("the solution", r##"return document.getElementById("puzzle-status").textContent === "Solution: 18-22 26-23 10-15 19x10 12x26" && document.querySelectorAll("#board circle.piece").length === 7"##)
        .await;
    // A puzzle file from the disk.
    let input = driver.element("#puzzle-file").await;
    driver
        .call(
            reqwest::Method::POST,
            &format!("/element/{input}/value"),
            Some(json!({"text": file.to_string_lossy()})),
        )
        .await;
    driver
        .wait_for("the loaded file", r##"return document.getElementById("puzzle-title").textContent.startsWith("Puzzle 1 of 2") && document.getElementById("puzzle-status").textContent === "Find the winning move.""##)
        .await;
    browser.close().await;
    let _ = std::fs::remove_dir_all(dir);
}

/// A fresh folder named after `what` for this test run.
fn tempdir(what: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("chromium-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
