//! The engine behind the page: a move at a chosen time, and analysis streamed as
//! server-sent events. Each search holds one of a fixed number of slots (and of the few
//! of its client), has a bounded time and a table of [`HASH_MIB`], so what a client can
//! take is bounded too.

use super::board::{board_view, line_view, move_view, BoardView, GameRequest, MoveView};
use super::error::ApiError;
use super::slots::Slot;
use super::AppState;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{ConnectInfo, Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use draughts_core::with_variant;
use draughts_core::{Game, Variant, VariantKind};
use draughts_engine::engine::{evaluator, human_score, EngineOptions, EngineParts, Tactics};
use draughts_engine::session::EngineSession;
use draughts_search::{Control, Limits, SearchInfo, SearchResult, Source};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};

/// The transposition table of each search, in MiB.
pub const HASH_MIB: usize = 16;
/// The longest engine move, in seconds.
pub const MAX_PLAY_SECONDS: f64 = 30.0;
/// The longest analysis, in seconds.
pub const MAX_ANALYSIS_SECONDS: f64 = 120.0;

/// `POST /api/play`: the engine's move in a game.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRequest {
    /// The game so far.
    pub game: GameRequest,
    /// Seconds for the move.
    pub time: f64,
}

/// The engine's move and the game after it.
#[derive(Debug, Serialize)]
pub struct PlayResponse {
    /// The move played.
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// The score for the side that moved, in words (`+0.25`, `win in 7 plies`).
    pub score: String,
    /// The depth of the last completed iteration (0 for a book move).
    pub depth: u32,
    /// Whether the move came from the opening book, without a search.
    pub book: bool,
    /// Milliseconds the engine took for the move.
    pub time_ms: u64,
    /// The game after the move.
    pub board: BoardView,
}

/// `GET /api/analyse?variant=V&fen=F&moves=M1+M2&time=S`: the query of an analysis.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyseQuery {
    /// As [`GameRequest::variant`].
    pub variant: String,
    /// As [`GameRequest::fen`].
    pub fen: Option<String>,
    /// The moves, separated by spaces.
    pub moves: Option<String>,
    /// Seconds to analyse.
    pub time: f64,
}

/// One completed iteration of an analysis (the `info` event).
#[derive(Debug, Serialize)]
pub struct InfoView {
    /// Nominal depth.
    pub depth: u32,
    /// Score for the side to move, in words.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the start.
    pub time_ms: u64,
    /// The principal variation.
    pub pv: Vec<MoveView>,
    /// The template figures of the analysis so far, when it uses `--tactics` templates.
    pub tactics: Option<TacticsView>,
    /// Whether this is the opening book's answer (depth 0, the book's line as `pv`).
    pub book: bool,
}

/// What the combination templates of `--tactics` did in one analysis.
#[derive(Debug, Serialize)]
pub struct TacticsView {
    /// Templates of the file, for the variant.
    pub templates: usize,
    /// Of those, the ones the search asks about.
    pub asked: usize,
    /// Positions looked up: quiet leaves and quiet interior nodes.
    pub lookups: u64,
    /// Candidate templates verified (replayed on the position), accepted or not.
    pub verified: u64,
    /// Positions where a verified combination went back to the search.
    pub accepted: u64,
}

impl TacticsView {
    /// The figures of `oracle` so far.
    fn of<V: Variant>(oracle: &Tactics<V>) -> TacticsView {
        let leaves = oracle.leaf_stats();
        TacticsView {
            templates: oracle.len(),
            asked: oracle.asked(),
            lookups: leaves.lookups,
            verified: leaves.verifications,
            accepted: leaves.accepted,
        }
    }
}

/// The end of an analysis (the `done` event).
#[derive(Debug, Serialize)]
struct DoneView {
    best: Option<MoveView>,
    score: String,
    depth: u32,
    nodes: u64,
    tactics: Option<TacticsView>,
    book: bool,
}

/// `seconds` if it is a time from 0.01 to `max`.
fn check_time(seconds: f64, max: f64) -> Result<Duration, ApiError> {
    if seconds.is_finite() && (0.01..=max).contains(&seconds) {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(ApiError::BadRequest(format!(
            "time {seconds} is not a number of seconds from 0.01 to {max}"
        )))
    }
}

/// The game of `request`, checked to have a move to search.
fn playable<V: Variant>(request: &GameRequest) -> Result<Game<V>, ApiError> {
    let game = request.replay::<V>()?;
    let status = game.status();
    if status.is_over() {
        return Err(ApiError::GameOver(status.to_string()));
    }
    Ok(game)
}

impl AppState {
    /// The engine parts of `V`: the server's evaluation (that of `--weights` and
    /// `--patterns`, or the built-in one), database, templates (an oracle of their
    /// own, so its figures are counted per search) and opening book.
    pub(super) fn parts<V: Variant>(&self) -> Result<EngineParts<V>, ApiError> {
        let evaluator = match self.evaluators.get::<V>() {
            Some(evaluator) => evaluator,
            None => evaluator::<V>(&EngineOptions::default())
                .map_err(|e| ApiError::Internal(e.to_string()))?,
        };
        Ok(EngineParts::new(evaluator)
            .with_database(self.databases.get::<V>())
            .with_templates(self.templates.get::<V>().as_deref())
            .with_book(self.books.get::<V>()))
    }

    /// An engine session of `V` over [`AppState::parts`].
    fn session<V: Variant>(&self) -> Result<EngineSession<V>, ApiError> {
        Ok(EngineSession::from_parts(&self.parts::<V>()?, HASH_MIB, 1))
    }
}

/// Whole milliseconds of `time`.
fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// The error of a search thread that could not be started.
fn not_started(error: std::io::Error) -> ApiError {
    ApiError::Internal(format!("cannot start the search: {error}"))
}

/// `POST /api/play`.
pub async fn play(
    State(state): State<Arc<AppState>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Json<PlayRequest>, JsonRejection>,
) -> Result<Json<PlayResponse>, ApiError> {
    let Json(request) = body?;
    let time = check_time(request.time, MAX_PLAY_SECONDS)?;
    let kind = request.game.kind()?;
    with_variant!(kind, V => playable::<V>(&request.game).map(drop))?;
    let permit = state.slots.take(client.ip())?;
    let (reply, answer) = oneshot::channel();
    with_variant!(kind, V => start_move::<V>(&state, &request.game, time, permit, reply))?;
    answer
        .await
        .map_err(|_| ApiError::Internal("the search failed".into()))?
        .map(Json)
}

/// Starts the engine's move; its answer comes on `reply`, and the slot is given back
/// when the search ends.
fn start_move<V: Variant>(
    state: &AppState,
    request: &GameRequest,
    time: Duration,
    permit: Slot,
    reply: oneshot::Sender<Result<PlayResponse, ApiError>>,
) -> Result<(), ApiError> {
    let game = playable::<V>(request)?;
    let engine = state.session::<V>()?;
    engine
        .start(
            game.clone(),
            Limits::move_time(time),
            Arc::new(Control::default()),
            |_| {},
            move |result| {
                // The slot is free before the client hears the answer and asks again.
                drop(permit);
                let _ = reply.send(played(game, &result));
            },
        )
        .map_err(not_started)?;
    Ok(())
}

/// The engine's move of `result` and `game` after it.
fn played<V: Variant>(
    mut game: Game<V>,
    result: &SearchResult<V>,
) -> Result<PlayResponse, ApiError> {
    let best = result
        .best_move
        .ok_or_else(|| ApiError::GameOver("no legal move".into()))?;
    let mv = move_view(game.position(), &best);
    game.play(&best)
        .map_err(|e| ApiError::Internal(format!("the engine's move: {e}")))?;
    Ok(PlayResponse {
        mv,
        score: human_score(result.score),
        depth: result.depth,
        book: result.source == Source::Book,
        time_ms: millis(result.time),
        board: board_view(&game),
    })
}

/// Stops a search when the client's stream is dropped.
struct StopOnDrop(Arc<Control>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// `GET /api/analyse`: `info` events, one per iteration, then `done`.
pub async fn analyse(
    State(state): State<Arc<AppState>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    query: Result<Query<AnalyseQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Query(query) = query?;
    let time = check_time(query.time, MAX_ANALYSIS_SECONDS)?;
    let request = GameRequest {
        variant: query.variant,
        fen: query.fen,
        moves: query
            .moves
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_string)
            .collect(),
    };
    let kind: VariantKind = request.kind()?;
    with_variant!(kind, V => playable::<V>(&request).map(drop))?;
    let permit = state.slots.take(client.ip())?;
    let (sender, receiver) = mpsc::channel(64);
    let control = Arc::new(Control::default());
    let guard = StopOnDrop(control.clone());
    with_variant!(kind, V => start_analysis::<V>(&state, &request, time, control, permit, sender))?;
    let stream = ReceiverStream::new(receiver).map(move |event| {
        let _ = &guard;
        Ok(event)
    });
    // Frequent comments let a closed connection be noticed, and its search stopped, soon.
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(1))))
}

/// Starts an analysis whose events go to `sender`; the slot is given back when the
/// search ends.
fn start_analysis<V: Variant>(
    state: &AppState,
    request: &GameRequest,
    time: Duration,
    control: Arc<Control>,
    permit: Slot,
    sender: mpsc::Sender<Event>,
) -> Result<(), ApiError> {
    let game = playable::<V>(request)?;
    let engine = state.session::<V>()?;
    let root = *game.position();
    // The session's own oracle: its figures are this analysis's.
    let oracle = engine.tactics().cloned();
    let info_oracle = oracle.clone();
    let (info_sender, info_control) = (sender.clone(), Arc::clone(&control));
    let report = move |info: &SearchInfo<V>| {
        let view = InfoView {
            depth: info.depth,
            score: human_score(info.score),
            nodes: info.nodes,
            nps: info.nps() as u64,
            time_ms: millis(info.time),
            pv: line_view(&root, &info.pv),
            tactics: info_oracle.as_ref().map(TacticsView::of),
            book: info.source == Source::Book,
        };
        // A slow reader loses iterations rather than holding the search, and the
        // channel's last place is kept for `done` (a quick search has more iterations
        // than places); a reader that has gone stops the search.
        if info_sender.is_closed() {
            info_control.stop();
        } else if info_sender.capacity() > 1 {
            if let Ok(event) = Event::default().event("info").json_data(view) {
                let _ = info_sender.try_send(event);
            }
        }
    };
    let done = move |result: SearchResult<V>| {
        let _permit = permit;
        let done = DoneView {
            best: result.best_move.map(|mv| move_view(&root, &mv)),
            score: human_score(result.score),
            depth: result.depth,
            nodes: result.nodes,
            tactics: oracle.as_ref().map(TacticsView::of),
            book: result.source == Source::Book,
        };
        // There is room: iterations leave the channel's last place to the end.
        if let Ok(event) = Event::default().event("done").json_data(done) {
            let _ = sender.try_send(event);
        }
    };
    engine
        .start(game, Limits::move_time(time), control, report, done)
        .map_err(not_started)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::api::Databases;
    use crate::serve::per_variant::Templates;
    use draughts_core::{English, International};

    #[test]
    fn templates_reach_the_sessions_of_their_variant() {
        let dir = std::env::temp_dir().join(format!("serve-session-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("international.tactics");
        // A copy of the fuzz seed `tactics_file/international.tactics`, kept inside the
        // crate so that the published package holds it.
        let text = include_str!("../../testdata/international.tactics");
        std::fs::write(&file, text).unwrap();
        let templates = Templates::load(Some(&file)).unwrap();
        let state = AppState::new(1, Databases::default()).with_templates(templates);
        let session = state.session::<International>().unwrap();
        assert_eq!(session.tactics().map(|oracle| oracle.len()), Some(3));
        assert!(state.session::<English>().unwrap().tactics().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
