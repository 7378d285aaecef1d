//! The JSON endpoints that need no search: the position and its legal moves, the
//! endgame database's verdicts, PDN export and import, the variants.

use super::board::{board_view, BoardView, GameRequest, MAX_MOVES};
use super::error::ApiError;
use super::per_variant::PerVariant;
use super::AppState;
use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::Json;
use draughts_core::pdn::{read_games, PdnGame};
use draughts_core::with_variant;
use draughts_core::{Variant, VariantKind, Wld};
use draughts_egdb::Database;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// The longest PDN text read.
pub const MAX_PDN: usize = 64 * 1024;

/// `POST /api/position`: the game replayed, its position and legal moves.
pub async fn position(
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<BoardView>, ApiError> {
    let Json(request) = body?;
    let kind = request.kind()?;
    with_variant!(kind, V => request.replay::<V>().map(|game| Json(board_view(&game))))
}

/// The variants the server plays, and those it has a database for.
#[derive(Debug, Serialize)]
pub struct Variants {
    /// Every variant of the core.
    pub variants: Vec<&'static str>,
    /// The variants with an endgame database.
    pub egdb: Vec<&'static str>,
}

/// `GET /api/variants`.
pub async fn variants(State(state): State<Arc<AppState>>) -> Json<Variants> {
    Json(Variants {
        variants: VariantKind::NAMES.to_vec(),
        egdb: state.databases.kinds().map(VariantKind::name).collect(),
    })
}

/// The endgame databases of the variants a folder holds files of.
#[derive(Default)]
pub struct Databases(PerVariant);

impl Databases {
    /// The databases in `dir`.
    ///
    /// # Errors
    /// A damaged file, an unreadable folder, or a folder without a database.
    pub fn open(dir: &Path) -> Result<Databases, draughts_egdb::Error> {
        let mut databases = Databases::default();
        let mut last = None;
        for kind in VariantKind::ALL {
            let opened = with_variant!(kind, V => Database::<V>::open_nonempty(dir)
                .map(|db| databases.0.insert(kind, db)));
            match opened {
                Ok(()) => {}
                Err(error @ draughts_egdb::Error::NoSlices { .. }) => last = Some(error),
                Err(error) => return Err(error),
            }
        }
        match (databases.0.is_empty(), last) {
            (true, Some(error)) => Err(error),
            _ => Ok(databases),
        }
    }

    /// The variants with a database.
    pub fn kinds(&self) -> impl Iterator<Item = VariantKind> + '_ {
        self.0.kinds()
    }

    /// The database of `V`, if the folder had one.
    pub fn get<V: Variant>(&self) -> Option<Arc<Database<V>>> {
        self.0.get::<Database<V>>()
    }
}

/// The database's verdict on one legal move.
#[derive(Debug, Serialize)]
pub struct Verdict {
    /// The move's PDN text.
    #[serde(rename = "move")]
    pub mv: String,
    /// For the side that plays it: `win`, `draw`, `loss`, or `unknown` (too many
    /// pieces for the database).
    pub result: &'static str,
}

/// Every legal move with its verdict.
#[derive(Debug, Serialize)]
pub struct Verdicts {
    /// In the order of the legal moves.
    pub verdicts: Vec<Verdict>,
}

/// `POST /api/probe`.
pub async fn probe(
    State(state): State<Arc<AppState>>,
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<Verdicts>, ApiError> {
    let Json(request) = body?;
    let kind = request.kind()?;
    tokio::task::spawn_blocking(
        move || with_variant!(kind, V => probe_moves::<V>(&state, &request)),
    )
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
    .map(Json)
}

fn probe_moves<V: Variant>(state: &AppState, request: &GameRequest) -> Result<Verdicts, ApiError> {
    let database = state
        .databases
        .get::<V>()
        .ok_or(ApiError::NoDatabase(V::NAME))?;
    let game = request.replay::<V>()?;
    let position = game.position();
    let mut verdicts = Vec::new();
    for mv in position.legal_moves() {
        let child = position.play_unchecked(&mv);
        let result = if child.piece_count() > database.max_pieces() {
            "unknown"
        } else {
            // The child's value is the opponent's.
            match database
                .probe(&child)
                .map_err(|e| ApiError::Database(e.to_string()))?
            {
                Some(Wld::Win) => "loss",
                Some(Wld::Loss) => "win",
                Some(Wld::Draw) => "draw",
                None => "unknown",
            }
        };
        verdicts.push(Verdict {
            mv: position.move_text(&mv),
            result,
        });
    }
    Ok(Verdicts { verdicts })
}

/// A game's PDN text.
#[derive(Debug, Serialize)]
pub struct PdnText {
    /// The text.
    pub pdn: String,
}

/// `POST /api/pdn`: the game as PDN.
pub async fn export_pdn(
    body: Result<Json<GameRequest>, JsonRejection>,
) -> Result<Json<PdnText>, ApiError> {
    let Json(request) = body?;
    let kind = request.kind()?;
    with_variant!(kind, V => {
        let game = request.replay::<V>()?;
        let mut pdn = PdnGame::from_game(&game);
        pdn.set_tag("Event", "draughts serve");
        pdn.set_tag("Result", game.result().pdn_token::<V>());
        Ok(Json(PdnText { pdn: pdn.to_string() }))
    })
}

/// `POST /api/import`: PDN text to read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The variant when the PDN has no `GameType` tag the core knows.
    pub variant: String,
    /// The text; its first game is read.
    pub pdn: String,
}

/// `POST /api/import`: the first game of a PDN text.
pub async fn import_pdn(
    body: Result<Json<ImportRequest>, JsonRejection>,
) -> Result<Json<BoardView>, ApiError> {
    let Json(request) = body?;
    let (kind, pdn) = first_game(&request.pdn, &request.variant)?;
    with_variant!(kind, V => {
        let line = pdn.replay::<V>().map_err(|e| ApiError::Pdn(e.to_string()))?;
        if line.moves.len() > MAX_MOVES {
            return Err(ApiError::Limit { what: "the game", limit: MAX_MOVES });
        }
        let game = line.to_game().map_err(|e| ApiError::Pdn(e.to_string()))?;
        Ok(Json(board_view(&game)))
    })
}

/// The first game of PDN text `pdn` and its variant: the one its `GameType` tag names,
/// or `variant` where it names none the core knows.
///
/// # Errors
/// [`ApiError::Limit`] for a text longer than [`MAX_PDN`], [`ApiError::Variant`] for
/// an unknown `variant`, [`ApiError::Pdn`] when the text holds no game that reads.
pub fn first_game(pdn: &str, variant: &str) -> Result<(VariantKind, PdnGame), ApiError> {
    if pdn.len() > MAX_PDN {
        return Err(ApiError::Limit {
            what: "the PDN text",
            limit: MAX_PDN,
        });
    }
    let fallback = GameRequest {
        variant: variant.to_string(),
        ..GameRequest::default()
    }
    .kind()?;
    let game = read_games(pdn)
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::Pdn("no game in the text".into()))?
        .map_err(|e| ApiError::Pdn(e.to_string()))?;
    Ok((game.variant().unwrap_or(fallback), game))
}
