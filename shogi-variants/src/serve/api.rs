//! The JSON API of the web board. Every failure is a status with `{"error": "..."}`; inputs
//! are bounded before they reach the engine.
//!
//! | request | answer |
//! |---|---|
//! | `GET /api/variants` | `{"variants": [{id, title, files, ranks}]}` |
//! | `GET /api/variants/{id}` | the variant with its start SFEN, rule table text and pieces |
//! | `POST /api/games` `{variant, sfen?, moves?}` | 201, the new game's state (with `game`, its id) |
//! | `GET /api/games/{game}` | the state |
//! | `POST /api/games/{game}/move` `{move}` | the state after the USI move |
//! | `POST /api/games/{game}/undo` `{plies?}` | the state after taking back `plies` (1) moves |
//! | `POST /api/games/{game}/engine` `{movetime_ms?}` | the state after the engine's move, with its reply |
//! | `GET /api/games/{game}/record?format=kif\|ki2\|csa` | the game as a record file (KIF by default, KI2; CSA for standard shogi) |
//! | `POST /api/games/{game}/analyse` `{movetime_ms?}` | `{rows, kif}`: each move's scores, best move, PV and mark; the record with them as comments |
//! | `DELETE /api/games/{game}` | `{"deleted": id}` |

use super::game::{self, GameState, SetupError};
use super::limits::*;
use super::store::{SharedGame, Store};
use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, TryLockError};
use std::time::Duration;
use tokio::sync::Semaphore;

/// What the handlers share.
pub struct App {
    pub store: Store,
    /// Searches running at once (each takes a core for its move time).
    pub searches: Arc<Semaphore>,
    /// Transposition table of each engine search, in MB.
    pub hash_mb: usize,
    /// Connections served at once.
    pub max_connections: usize,
    /// Deadline for a connection's request head.
    pub header_timeout: Duration,
}

pub type AppState = Arc<App>;

/// A failed request: its status and a message for people.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
    fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
        }
        (
            self.status,
            Json(Body {
                error: self.message,
            }),
        )
            .into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        // Keeps axum's status (400 syntax, 413 too large, 415 not JSON, 422 wrong shape).
        ApiError::new(r.status(), format!("request body: {}", r.body_text()))
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> ApiError {
        ApiError::new(r.status(), format!("path: {}", r.body_text()))
    }
}

impl From<SetupError> for ApiError {
    fn from(e: SetupError) -> ApiError {
        match e {
            SetupError::Unknown(u) => ApiError::new(StatusCode::NOT_FOUND, u.to_string()),
            other => ApiError::unprocessable(other.to_string()),
        }
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// A game's state with its id.
#[derive(Serialize)]
pub struct GameReply {
    pub game: String,
    #[serde(flatten)]
    pub state: GameState,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub variant: String,
    #[serde(default)]
    pub sfen: Option<String>,
    #[serde(default)]
    pub moves: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    #[serde(rename = "move")]
    pub mv: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    #[serde(default = "one")]
    pub plies: usize,
}

fn one() -> usize {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Think {
    #[serde(default = "default_movetime")]
    pub movetime_ms: u64,
}

fn default_movetime() -> u64 {
    DEFAULT_MOVETIME_MS
}

fn check_len(what: &str, text: &str, max: usize) -> ApiResult<()> {
    if text.len() > max {
        Err(ApiError::bad(format!(
            "{what} of {} bytes; at most {max} are accepted",
            text.len()
        )))
    } else {
        Ok(())
    }
}

fn check_id(id: &str) -> ApiResult<()> {
    check_len("game id", id, MAX_ID_BYTES)
}

pub async fn list_variants() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "variants": game::variants() }))
}

pub async fn variant(id: Result<Path<String>, PathRejection>) -> ApiResult<Response> {
    let Path(id) = id?;
    check_len("variant id", &id, MAX_ID_BYTES)?;
    let d = game::detail(&id).map_err(|e| ApiError::new(StatusCode::NOT_FOUND, e.to_string()))?;
    Ok(Json(d).into_response())
}

pub async fn create(
    State(app): State<AppState>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(req) = body?;
    check_len("variant id", &req.variant, MAX_ID_BYTES)?;
    if let Some(s) = &req.sfen {
        check_len("sfen", s, MAX_SFEN_BYTES)?;
    }
    crate::limits::check_moves(req.moves.len()).map_err(|e| ApiError::bad(e.to_string()))?;
    for m in &req.moves {
        check_len("move", m, MAX_MOVE_BYTES)?;
    }
    let mut g = game::new_game(&req.variant, req.sfen.as_deref(), &req.moves)?;
    let state = g.state();
    let id = app
        .store
        .insert(g)
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?;
    Ok((StatusCode::CREATED, Json(GameReply { game: id, state })).into_response())
}

fn find(app: &App, id: &str) -> ApiResult<SharedGame> {
    check_id(id)?;
    app.store.get(id).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no game '{id}' (it may have expired after being idle)"),
        )
    })
}

/// Runs `f` on the game unless a search holds it.
fn with_game<T>(
    game: &SharedGame,
    f: impl FnOnce(&mut dyn game::WebGame) -> ApiResult<T>,
) -> ApiResult<T> {
    let mut g = match game.try_lock() {
        Ok(g) => g,
        Err(TryLockError::WouldBlock) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "the engine is thinking in this game; try again when it has moved",
            ))
        }
        Err(TryLockError::Poisoned(_)) => {
            return Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "this game failed inside the server; start a new one",
            ))
        }
    };
    f(g.as_mut())
}

fn reply(id: String, state: GameState) -> Response {
    Json(GameReply { game: id, state }).into_response()
}

pub async fn show(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> ApiResult<Response> {
    let Path(id) = id?;
    let game = find(&app, &id)?;
    let state = with_game(&game, |g| Ok(g.state()))?;
    Ok(reply(id, state))
}

pub async fn remove(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
) -> ApiResult<Response> {
    let Path(id) = id?;
    check_id(&id)?;
    if app.store.remove(&id) {
        Ok(Json(serde_json::json!({ "deleted": id })).into_response())
    } else {
        Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no game '{id}'"),
        ))
    }
}

pub async fn play(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<PlayMove>, JsonRejection>,
) -> ApiResult<Response> {
    let Path(id) = id?;
    let Json(req) = body?;
    check_len("move", &req.mv, MAX_MOVE_BYTES)?;
    let game = find(&app, &id)?;
    let state = with_game(&game, |g| {
        g.play(req.mv.trim())
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
        Ok(g.state())
    })?;
    Ok(reply(id, state))
}

pub async fn undo(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<Undo>, JsonRejection>,
) -> ApiResult<Response> {
    let Path(id) = id?;
    let Json(req) = body?;
    let game = find(&app, &id)?;
    let state = with_game(&game, |g| {
        g.undo(req.plies).map_err(ApiError::unprocessable)?;
        Ok(g.state())
    })?;
    Ok(reply(id, state))
}

pub async fn think(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<Think>, JsonRejection>,
) -> ApiResult<Response> {
    let Path(id) = id?;
    let Json(req) = body?;
    if !(1..=MAX_MOVETIME_MS).contains(&req.movetime_ms) {
        return Err(ApiError::bad(format!(
            "movetime_ms {} is out of range 1..={MAX_MOVETIME_MS}",
            req.movetime_ms
        )));
    }
    let game = find(&app, &id)?;
    let permit =
        app.searches.clone().acquire_owned().await.map_err(|_| {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
        })?;
    let hash_mb = app.hash_mb;
    let movetime = Duration::from_millis(req.movetime_ms);
    let state = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        with_game(&game, |g| {
            g.think(movetime, hash_mb)
                .map_err(ApiError::unprocessable)?;
            Ok(g.state())
        })
    })
    .await
    .map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the engine failed inside the server",
        )
    })??;
    Ok(reply(id, state))
}

/// `GET /api/games/{game}/record`: the game as a record file to save.
pub async fn record(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    query: axum::extract::RawQuery,
) -> ApiResult<Response> {
    use crate::records::{write_text, Format};
    let Path(id) = id?;
    let query = query.0.unwrap_or_default();
    check_len("query", &query, MAX_ID_BYTES)?;
    let mut format = Format::Kif;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        format = match pair {
            "format=kif" => Format::Kif,
            "format=ki2" => Format::Ki2,
            "format=csa" => Format::Csa,
            other => {
                return Err(ApiError::bad(format!(
                    "unknown query '{other}'; expected format=kif, format=ki2 or format=csa"
                )))
            }
        };
    }
    let game = find(&app, &id)?;
    let record = with_game(&game, |g| Ok(g.record()))?;
    let text =
        write_text(&record, format).map_err(|e| ApiError::unprocessable(e.reason.clone()))?;
    let ext = match format {
        Format::Kif => "kifu",
        Format::Ki2 => "ki2u",
        Format::Csa => "csa",
    };
    let disposition = format!("attachment; filename=\"game-{id}.{ext}\"");
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Analyse {
    #[serde(default = "default_analyse_movetime")]
    pub movetime_ms: u64,
}

fn default_analyse_movetime() -> u64 {
    DEFAULT_ANALYSE_MOVETIME_MS
}

/// One analysed move, for the page.
#[derive(Serialize)]
pub struct AnalysisRow {
    pub ply: usize,
    pub by: &'static str,
    pub played: String,
    pub played_score: String,
    pub best: Option<String>,
    pub best_score: String,
    pub pv: Vec<String>,
    pub loss: i32,
    pub mark: &'static str,
    pub depth: u32,
}

/// `POST /api/games/{game}/analyse`: the `analyse` command's table for the game, and its
/// record with the analysis as KIF comments.
pub async fn analyse(
    State(app): State<AppState>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<Analyse>, JsonRejection>,
) -> ApiResult<Response> {
    use crate::analyse::{analyse, annotated, score_text, AnalyseOptions};
    let Path(id) = id?;
    let Json(req) = body?;
    if !(1..=MAX_MOVETIME_MS).contains(&req.movetime_ms) {
        return Err(ApiError::bad(format!(
            "movetime_ms {} is out of range 1..={MAX_MOVETIME_MS}",
            req.movetime_ms
        )));
    }
    let game = find(&app, &id)?;
    let record = with_game(&game, |g| Ok(g.record()))?;
    let positions = record.moves.len() as u64 + 1;
    if positions.saturating_mul(req.movetime_ms) > MAX_ANALYSE_TOTAL_MS {
        return Err(ApiError::unprocessable(format!(
            "{positions} positions at {} ms each exceed the {MAX_ANALYSE_TOTAL_MS} ms an \
             analysis may take; ask for less time per position",
            req.movetime_ms
        )));
    }
    let permit =
        app.searches.clone().acquire_owned().await.map_err(|_| {
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping")
        })?;
    let opts = AnalyseOptions {
        movetime: Some(Duration::from_millis(req.movetime_ms)),
        depth: None,
        hash_mb: app.hash_mb,
    };
    let (rows, kif) = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let rows = analyse(&record, &opts, &crate::progress::Progress::hidden())?;
        let kif =
            crate::records::write_text(&annotated(&record, &rows), crate::records::Format::Kif)
                .map_err(|e| e.to_string())?;
        Ok::<_, String>((rows, kif))
    })
    .await
    .map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the analysis failed inside the server",
        )
    })?
    .map_err(ApiError::unprocessable)?;
    let rows: Vec<AnalysisRow> = rows
        .into_iter()
        .map(|r| AnalysisRow {
            ply: r.ply,
            by: super::board::side_letter(r.mover),
            played: r.played,
            played_score: score_text(r.played_score),
            best: r.best,
            best_score: score_text(r.best_score),
            pv: r.pv,
            loss: r.loss,
            mark: r.mark.symbol(),
            depth: r.depth,
        })
        .collect();
    Ok(Json(serde_json::json!({ "rows": rows, "kif": kif })).into_response())
}

pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or API endpoint")
}

pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this method is not allowed here",
    )
}

/// Whether a `Host` header names this machine's loopback interface (`localhost`,
/// `*.localhost`, `127.x.y.z` or `[::1]`, with any port).
pub fn is_loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => return rest.split(']').next() == Some("::1"),
        None => host.rsplit_once(':').map_or(host, |(h, _)| h),
    };
    let name = name.to_ascii_lowercase();
    name == "localhost"
        || name.ends_with(".localhost")
        || name
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Refuses requests whose `Host` is not a loopback name (see [`super::router`]).
pub async fn loopback_host(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let host = req
        .headers()
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if is_loopback_host(host) {
        next.run(req).await
    } else {
        ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "host '{host}' is not this loopback server; open it as http://127.0.0.1:<port>/"
            ),
        )
        .into_response()
    }
}
