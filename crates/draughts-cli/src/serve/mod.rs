//! `draughts serve`: a board in the browser. One page (HTML, CSS and JavaScript embedded
//! in the binary) over a small JSON API:
//!
//! | endpoint | what |
//! |---|---|
//! | `GET /api/variants` | the variants, and those with an endgame database |
//! | `POST /api/position` | a game (variant, start FEN, moves): its board and legal moves |
//! | `POST /api/play` | the engine's move in a game, at a time per move |
//! | `GET /api/analyse` | analysis as server-sent events: `info` per iteration, then `done` |
//! | `POST /api/probe` | the endgame database's verdict on every legal move |
//! | `POST /api/pdn`, `POST /api/import` | PDN export and import |
//! | `POST /api/review` | a PDN game reviewed, as server-sent events: `progress` per position, then `done` with the review (or `failed`) |
//! | `GET /api/puzzles` | the puzzles of `--puzzles FILE`, in brief |
//! | `GET /api/puzzles/N` | puzzle N (from 1) of that file: position, solution, source |
//! | `POST /api/puzzles/load` | a puzzle file's text (read from the user's disk) parsed into puzzles; nothing is kept |
//!
//! The server keeps no game: each request carries its own, so clients share nothing
//! but the search slots (engine moves, analyses and reviews), of which one client (an IP
//! address) holds at most a few, and the puzzles of `--puzzles`, read once at start.
//! Errors are JSON with a 4xx status ([`error::ApiError`]).
//! Safe by default: loopback unless `--bind` says otherwise, bodies, FEN and PDN sizes
//! limited, fixed routes only (no request reaches the file system), requests from
//! other origins refused, a bounded number of searches of bounded time and table size,
//! in all and per client.

pub mod api;
pub mod board;
pub mod error;
pub mod per_variant;
pub mod puzzles;
pub mod review;
pub mod search;
pub mod slots;

use crate::cli::CliError;
use api::Databases;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use clap::Args;
use draughts_core::VariantKind;
use draughts_engine::puzzles::Puzzle;
use error::ApiError;
use per_variant::{Books, Evaluators, Templates};
use slots::{Slots, DEFAULT_PER_CLIENT};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

/// The largest request body, in bytes.
pub const MAX_BODY: usize = 256 * 1024;

/// The options of `draughts serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; anything but loopback lets other machines in.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Endgame database folder: the verdict of every legal move, and the search uses it.
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
    /// Searches (engine moves, analyses and reviews) running at once, over all clients.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=64))]
    max_searches: u32,
    /// Searches one client (one IP address) may run at once.
    #[arg(long, default_value_t = DEFAULT_PER_CLIENT as u32, value_parser = clap::value_parser!(u32).range(1..=64))]
    max_searches_per_client: u32,
    /// Evaluation weights file, for the variant it names (a file that names none: for
    /// every variant); the others keep their built-in weights.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Pattern table file (`draughts tune patterns`) for its variant, or `none` for no
    /// table (default: the built-in table of the variant, with the built-in weights).
    #[arg(long, value_name = "FILE|none")]
    patterns: Option<PathBuf>,
    /// Tactical template file (`draughts tactics learn`) for its variant: the search
    /// recognises its combinations at the leaves (default: none).
    #[arg(long, value_name = "FILE")]
    tactics: Option<PathBuf>,
    /// Opening book: a file (`draughts book build`) for the variant it names,
    /// `builtin`, or `none` (default: the built-in book of each variant that has one).
    /// The engine's moves and analyses answer from it in its positions.
    #[arg(long, value_name = "FILE|builtin|none", value_parser = crate::cli::parse_book)]
    book: Option<draughts_engine::engine::BookChoice>,
    /// Puzzle file (`draughts puzzles --out`) to serve in puzzle mode; each puzzle's
    /// variant is the one its `GameType` tag names.
    #[arg(long, value_name = "FILE")]
    puzzles: Option<PathBuf>,
}

/// What every request may use.
pub struct AppState {
    /// The search slots, in all and per client.
    slots: Slots,
    /// The endgame databases given with `--egdb`.
    databases: Databases,
    /// The evaluations given with `--weights` and `--patterns`.
    evaluators: Evaluators,
    /// The templates given with `--tactics`.
    templates: Templates,
    /// The opening books of `--book`.
    books: Books,
    /// The puzzles of `--puzzles`.
    puzzles: Vec<Puzzle>,
    /// Whether requests must name the loopback interface in their `Host` header.
    loopback_only: bool,
}

impl AppState {
    /// A state with `max_searches` search slots (at most [`DEFAULT_PER_CLIENT`] of them
    /// for one client) and `databases`, for a server on the loopback interface.
    pub fn new(max_searches: usize, databases: Databases) -> AppState {
        AppState {
            slots: Slots::new(max_searches, DEFAULT_PER_CLIENT),
            databases,
            evaluators: Evaluators::default(),
            templates: Templates::default(),
            books: Books::default(),
            puzzles: Vec::new(),
            loopback_only: true,
        }
    }

    /// The same state, with at most `per_client` searches (at least 1) for one client.
    pub fn with_per_client(self, per_client: usize) -> AppState {
        let max = self.slots.max();
        AppState {
            slots: Slots::new(max, per_client),
            ..self
        }
    }

    /// The same state, evaluating with `evaluators` where they suit the variant.
    pub fn with_evaluators(self, evaluators: Evaluators) -> AppState {
        AppState { evaluators, ..self }
    }

    /// The same state, recognising the combinations of `templates` in their variant.
    pub fn with_templates(self, templates: Templates) -> AppState {
        AppState { templates, ..self }
    }

    /// The same state, answering from `books` in their variants.
    pub fn with_books(self, books: Books) -> AppState {
        AppState { books, ..self }
    }

    /// The same state, serving `puzzles` in puzzle mode.
    pub fn with_puzzles(self, puzzles: Vec<Puzzle>) -> AppState {
        AppState { puzzles, ..self }
    }
}

/// The page and the API; serve it with the clients' addresses
/// ([`axum::Router::into_make_service_with_connect_info`] of [`SocketAddr`]), which
/// the search slots are counted by.
pub fn router(state: AppState) -> Router {
    let state = Arc::new(state);
    Router::new()
        .route("/", get(|| page("text/html; charset=utf-8", INDEX_HTML)))
        .route(
            "/app.js",
            get(|| page("text/javascript; charset=utf-8", APP_JS)),
        )
        .route("/app.css", get(|| page("text/css; charset=utf-8", APP_CSS)))
        .route("/api/variants", get(api::variants))
        .route("/api/position", post(api::position))
        .route("/api/probe", post(api::probe))
        .route("/api/pdn", post(api::export_pdn))
        .route("/api/import", post(api::import_pdn))
        .route("/api/play", post(search::play))
        .route("/api/analyse", get(search::analyse))
        .route("/api/review", post(review::review))
        .route("/api/puzzles", get(puzzles::list))
        .route("/api/puzzles/load", post(puzzles::load))
        .route("/api/puzzles/{number}", get(puzzles::one))
        .fallback(
            |uri: Uri| async move { ApiError::NotFound(uri.path().chars().take(200).collect()) },
        )
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

const INDEX_HTML: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const APP_CSS: &str = include_str!("page/app.css");

async fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// Refuses requests from other sites' pages, and on loopback requests under another
/// name (a page whose name was made to resolve to this machine), and sets the headers
/// that keep the page to itself (no framing, no content from elsewhere).
async fn guard(State(state): State<Arc<AppState>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let foreign_host = state.loopback_only
        && !headers
            .get(header::HOST)
            .and_then(|host| host.to_str().ok())
            .is_some_and(is_loopback_host);
    if foreign_host || is_cross_origin(headers) {
        return ApiError::CrossOrigin.into_response();
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::CACHE_CONTROL, "no-store"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

/// Whether a `Host` header names the loopback interface.
fn is_loopback_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    };
    matches!(name, "127.0.0.1" | "localhost" | "[::1]")
}

/// Whether the request comes from a page of another origin: a browser says so in
/// `Sec-Fetch-Site`, or sends an `Origin` other than this server's.
fn is_cross_origin(headers: &HeaderMap) -> bool {
    if headers
        .get("sec-fetch-site")
        .is_some_and(|site| site == "cross-site" || site == "same-site")
    {
        return true;
    }
    match (headers.get(header::ORIGIN), headers.get(header::HOST)) {
        (None, _) => false,
        (Some(origin), Some(host)) => {
            let origin = origin.to_str().ok().and_then(|o| o.strip_prefix("http://"));
            origin.is_none() || origin != host.to_str().ok()
        }
        (Some(_), None) => true,
    }
}

/// Serves until the process is stopped.
///
/// # Errors
/// When the database cannot be opened or the address cannot be bound.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let databases = match &args.egdb {
        Some(dir) => Databases::open(dir)?,
        None => Databases::default(),
    };
    let evaluators = Evaluators::load(args.weights.clone(), args.patterns.clone())
        .map_err(|e| format!("--weights/--patterns: {e}"))?;
    let templates =
        Templates::load(args.tactics.as_deref()).map_err(|e| format!("--tactics: {e}"))?;
    let books =
        Books::load(&args.book.clone().unwrap_or_default()).map_err(|e| format!("--book: {e}"))?;
    let puzzles = match &args.puzzles {
        Some(path) => puzzles::load_puzzle_file(path)
            .map_err(|e| format!("--puzzles {}: {e}", path.display()))?,
        None => Vec::new(),
    };
    let state = AppState {
        loopback_only: args.bind.is_loopback(),
        ..AppState::new(args.max_searches as usize, databases)
            .with_per_client(args.max_searches_per_client as usize)
            .with_evaluators(evaluators)
            .with_templates(templates)
            .with_books(books)
            .with_puzzles(puzzles)
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(SocketAddr::new(args.bind, args.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", args.bind, args.port))?;
        let address = listener.local_addr()?;
        let mut out = std::io::stdout().lock();
        writeln!(out, "draughts serve: listening on http://{address}/")?;
        let files = [
            (
                "--weights/--patterns evaluate",
                state.evaluators.kinds().collect(),
            ),
            (
                "--tactics has templates of",
                state.templates.kinds().collect(),
            ),
            ("opening books for", state.books.kinds().collect()),
        ];
        for (what, kinds) in files {
            let kinds: Vec<VariantKind> = kinds;
            if !kinds.is_empty() {
                let names: Vec<&str> = kinds.iter().map(|kind| kind.name()).collect();
                writeln!(out, "draughts serve: {what} {}", names.join(", "))?;
            }
        }
        if !state.puzzles.is_empty() {
            writeln!(out, "draughts serve: {} puzzles", state.puzzles.len())?;
        }
        out.flush()?;
        drop(out);
        let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(listener, app).await?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for host in [
            "127.0.0.1:8080",
            "localhost:1",
            "[::1]:80",
            "localhost",
            "[::1]",
        ] {
            assert!(is_loopback_host(host), "{host}");
        }
        for host in [
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "10.0.0.1:80",
            "",
        ] {
            assert!(!is_loopback_host(host), "{host}");
        }
    }
}
