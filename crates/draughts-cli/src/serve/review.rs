//! Review mode: one game of PDN text judged and explained by the library's
//! [`Reviewer`], its progress streamed as server-sent events (`progress` per position
//! searched, then `done` with the review, or `failed`). A review holds a search slot
//! like an analysis; it is bounded by [`MAX_REVIEW_PLIES`] positions of at most
//! [`MAX_REVIEW_NODES`] nodes and [`POSITION_SECONDS`] each.

use super::api::first_game;
use super::error::ApiError;
use super::search::HASH_MIB;
use super::slots::Slot;
use super::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use draughts_core::pdn::PdnGame;
use draughts_core::{with_variant, EndgameOracle, Variant};
use draughts_engine::review::{GameReview, Reviewer, Settings};
use draughts_search::{Control, Limits};
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt};

/// The most nodes a position a client may ask for.
pub const MAX_REVIEW_NODES: u64 = 2_000_000;
/// The longest game reviewed, in plies.
pub const MAX_REVIEW_PLIES: usize = 300;
/// The longest search of one position, whatever its nodes.
pub const POSITION_SECONDS: u64 = 1;

/// `POST /api/review`: the game to review.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The variant when the PDN has no `GameType` tag the core knows.
    pub variant: String,
    /// PDN text; its first game is reviewed.
    pub pdn: String,
    /// Nodes a position, 1 to [`MAX_REVIEW_NODES`] (default
    /// [`Settings::DEFAULT_NODES`]).
    #[serde(default)]
    pub nodes: Option<u64>,
}

/// Positions searched so far (the `progress` event).
#[derive(Debug, Serialize)]
struct ProgressView {
    done: usize,
    total: usize,
}

/// The review (the `done` event): the library's [`GameReview`], with each move's mark
/// and explanation as the page shows them.
#[derive(Debug, Serialize)]
pub struct ReviewView {
    /// The review.
    #[serde(flatten)]
    pub review: GameReview,
    /// Each move's mark: `?!`, `?`, `??`, or empty.
    pub marks: Vec<&'static str>,
    /// Each move's explanation, if it has something to say.
    pub explanations: Vec<Option<String>>,
}

impl ReviewView {
    fn of(review: GameReview) -> ReviewView {
        ReviewView {
            marks: review
                .moves
                .iter()
                .map(|mv| mv.class.map_or("", |class| class.mark()))
                .collect(),
            explanations: review.moves.iter().map(|mv| mv.explanation()).collect(),
            review,
        }
    }
}

/// The node budget of `request`, checked.
fn check_nodes(nodes: Option<u64>) -> Result<u64, ApiError> {
    match nodes {
        None => Ok(Settings::DEFAULT_NODES),
        Some(n) if (1..=MAX_REVIEW_NODES).contains(&n) => Ok(n),
        Some(n) => Err(ApiError::BadRequest(format!(
            "nodes {n} is not a number from 1 to {MAX_REVIEW_NODES}"
        ))),
    }
}

/// Checks that `pdn` replays as `V` and is short enough to review.
fn reviewable<V: Variant>(pdn: &PdnGame) -> Result<(), ApiError> {
    let line = pdn
        .replay::<V>()
        .map_err(|e| ApiError::Pdn(e.to_string()))?;
    if line.moves.is_empty() {
        return Err(ApiError::Pdn("the game has no moves to review".into()));
    }
    if line.moves.len() > MAX_REVIEW_PLIES {
        return Err(ApiError::Limit {
            what: "the game to review (in plies)",
            limit: MAX_REVIEW_PLIES,
        });
    }
    Ok(())
}

/// `POST /api/review`: `progress` events, then `done` (or `failed`).
pub async fn review(
    State(state): State<Arc<AppState>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Json<ReviewRequest>, JsonRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Json(request) = body?;
    let nodes = check_nodes(request.nodes)?;
    let (kind, pdn) = first_game(&request.pdn, &request.variant)?;
    with_variant!(kind, V => reviewable::<V>(&pdn))?;
    let settings = Settings {
        limits: Limits {
            nodes: Some(nodes),
            move_time: Some(Duration::from_secs(POSITION_SECONDS)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let permit = state.slots.take(client.ip())?;
    let (sender, receiver) = mpsc::channel(64);
    with_variant!(kind, V => start_review::<V>(&state, pdn, settings, permit, sender))?;
    let stream = ReceiverStream::new(receiver).map(Ok);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(1))))
}

/// Starts the review of `pdn` on a thread of its own; its events go to `sender`, and
/// the slot is given back when it ends.
fn start_review<V: Variant>(
    state: &AppState,
    pdn: PdnGame,
    settings: Settings,
    permit: Slot,
    sender: mpsc::Sender<Event>,
) -> Result<(), ApiError> {
    let parts = state.parts::<V>()?;
    std::thread::Builder::new()
        .name("review".into())
        .spawn(move || {
            let searcher = parts.searcher(HASH_MIB, 1);
            let database = parts.database().map(|db| &**db as &dyn EndgameOracle<V>);
            // A client gone (the page closed) stops the review and frees its slot.
            let control = Control::default();
            let reviewer = Reviewer::new(&searcher, database, settings).stopped_by(&control);
            let mut progress = |done, total| {
                if sender.is_closed() {
                    control.stop();
                }
                // A slow reader misses some; the channel's last place is kept for the end.
                if sender.capacity() > 1 {
                    if let Ok(event) = Event::default()
                        .event("progress")
                        .json_data(ProgressView { done, total })
                    {
                        let _ = sender.try_send(event);
                    }
                }
            };
            let reviewed = reviewer.review(&pdn, &mut progress);
            drop(permit);
            let event = match reviewed {
                Ok(review) => Event::default()
                    .event("done")
                    .json_data(ReviewView::of(review))
                    .unwrap_or_else(|e| Event::default().event("failed").data(e.to_string())),
                Err(e) => Event::default().event("failed").data(e.to_string()),
            };
            let _ = sender.blocking_send(event);
        })
        .map_err(|e| ApiError::Internal(format!("cannot start the review: {e}")))?;
    Ok(())
}
