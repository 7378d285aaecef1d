//! The API's errors: each a 4xx status with a JSON body `{"error": kind, "message": ...}`.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body or the query string is not what the endpoint reads.
    #[error("{0}")]
    BadRequest(String),
    /// The body is larger than the server accepts.
    #[error("the request body is larger than {0} bytes")]
    TooLarge(usize),
    /// The variant is not one the core plays.
    #[error("{0}")]
    Variant(String),
    /// The FEN does not read as a position of the variant.
    #[error("bad FEN: {0}")]
    Fen(String),
    /// A move does not read, or is not legal where it is played.
    #[error("move {ply}: {message}")]
    Move {
        /// 1 for the first move of the list.
        ply: usize,
        /// Why it was refused.
        message: String,
    },
    /// The PDN text holds no game that replays.
    #[error("PDN: {0}")]
    Pdn(String),
    /// A puzzle file does not read as puzzles.
    #[error("puzzle file: {0}")]
    Puzzle(String),
    /// A text or a list is longer than the server accepts.
    #[error("{what} is longer than {limit}")]
    Limit {
        /// What was too long.
        what: &'static str,
        /// The most accepted.
        limit: usize,
    },
    /// The game is over: there is nothing to search.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// The server was started without an endgame database for the variant.
    #[error("no endgame database for {0} (start the server with --egdb DIR)")]
    NoDatabase(&'static str),
    /// Every search slot is taken.
    #[error("{0} searches are running already: try again when one ends")]
    Busy(usize),
    /// The client runs as many searches as one client may.
    #[error("this client runs {0} searches already, the most one client may run at once: try again when one ends")]
    ClientBusy(usize),
    /// No such page or endpoint.
    #[error("no such page: {0}")]
    NotFound(String),
    /// A request from another site's page, or naming another host on loopback.
    #[error("requests from other origins, or naming another host, are refused")]
    CrossOrigin,
    /// The endgame database could not be read (a damaged file).
    #[error("endgame database: {0}")]
    Database(String),
    /// The server failed (a bug, not the request).
    #[error("the server failed: {0}")]
    Internal(String),
}

impl ApiError {
    /// The kind named in the JSON body.
    fn kind(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::TooLarge(_) => "too_large",
            ApiError::Variant(_) => "variant",
            ApiError::Fen(_) => "fen",
            ApiError::Move { .. } => "move",
            ApiError::Pdn(_) => "pdn",
            ApiError::Puzzle(_) => "puzzle",
            ApiError::Limit { .. } => "limit",
            ApiError::GameOver(_) => "game_over",
            ApiError::NoDatabase(_) => "no_database",
            ApiError::Busy(_) => "busy",
            ApiError::ClientBusy(_) => "client_busy",
            ApiError::NotFound(_) => "not_found",
            ApiError::CrossOrigin => "cross_origin",
            ApiError::Database(_) => "database",
            ApiError::Internal(_) => "internal",
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Move { .. } | ApiError::GameOver(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::NoDatabase(_) | ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Busy(_) | ApiError::ClientBusy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::CrossOrigin => StatusCode::FORBIDDEN,
            ApiError::Database(_) | ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::BAD_REQUEST,
        }
    }
}

#[derive(Serialize)]
struct ErrorBody {
    error: &'static str,
    message: String,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.kind(),
            message: self.to_string(),
        };
        (self.status(), Json(body)).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(super::MAX_BODY)
        } else {
            ApiError::BadRequest(rejection.body_text())
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::BadRequest(rejection.body_text())
    }
}
