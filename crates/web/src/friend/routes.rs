//! The friend games' routes: create, join, look, act, and the WebSocket of a game's states.

use crate::error::ApiError;
use crate::friend::live::{Act, Live};
use crate::friend::TimeControl;
use crate::requests::{ApiJson, GameRequest};
use crate::state::AppState;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::Response;
use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The largest message a watcher may send (watchers only listen; pings and closes are small).
pub const MESSAGE_LIMIT: usize = 1024;
/// The most watchers of one game (players and spectators).
pub const MAX_WATCHERS: usize = 64;

type Answer = Result<Json<Value>, ApiError>;

/// The client's address, the unit of the cap on open games.
pub struct Client(String);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, ApiError> {
        let address = parts.extensions.get::<ConnectInfo<SocketAddr>>();
        Ok(Client(address.map_or_else(
            || "unknown".to_owned(),
            |ConnectInfo(a)| a.ip().to_string(),
        )))
    }
}

/// `POST /api/friend`: a new game.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game.
    pub game: String,
    /// Its options.
    #[serde(default)]
    pub options: Map<String, Value>,
    /// The clock, if any.
    pub time: Option<TimeControl>,
    /// The creator's seat: `first` (the default), `second` or `random`.
    pub side: Option<String>,
}

/// `POST /api/friend/{id}/act`: a seat's move or match action.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ActRequest {
    /// The seat's secret token.
    pub token: String,
    /// A move in notation.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// `resign`, `offer`, `accept` or `decline`.
    pub action: Option<String>,
    /// The number of actions the seat saw: the action is refused (`409`) if the game has
    /// moved on since.
    pub version: Option<usize>,
}

/// The routes under `/api/friend`.
pub fn router() -> axum::Router<AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/api/friend", post(create))
        .route("/api/friend/{id}", get(look))
        .route("/api/friend/{id}/join", post(join))
        .route("/api/friend/{id}/act", post(act))
        .route("/api/friend/{id}/seat", post(seat))
        .route("/api/friend/{id}/ws", get(watch))
}

/// `POST /api/friend`.
pub async fn create(
    State(state): State<AppState>,
    Client(client): Client,
    ApiJson(request): ApiJson<CreateRequest>,
) -> Answer {
    let game = GameRequest {
        game: request.game,
        options: request.options,
        moves: Vec::new(),
        actions: Vec::new(),
    };
    let side = request.side.as_deref();
    state
        .friends
        .create(client, game, request.time, side)
        .await
        .map(Json)
}

/// `GET /api/friend/{id}`: the game's state.
pub async fn look(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    state.friends.state(&id).await.map(Json)
}

/// `POST /api/friend/{id}/join`: the free seat.
pub async fn join(State(state): State<AppState>, Path(id): Path<String>) -> Answer {
    state.friends.join(&id).await.map(Json)
}

/// `POST /api/friend/{id}/seat`: which seat a token holds.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// The token.
    pub token: String,
}

/// `POST /api/friend/{id}/seat`.
pub async fn seat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(request): ApiJson<SeatRequest>,
) -> Answer {
    state.friends.seat(&id, &request.token).await.map(Json)
}

/// `POST /api/friend/{id}/act`.
pub async fn act(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(request): ApiJson<ActRequest>,
) -> Answer {
    let act = match (request.mv, request.action) {
        (Some(mv), None) => Act::Move(mv),
        (None, Some(action)) => Act::Action(action),
        _ => {
            return Err(ApiError::invalid(
                "give exactly one of \"move\" and \"action\"",
            ))
        }
    };
    state
        .friends
        .act(&id, &request.token, act, request.version)
        .await
        .map(Json)
}

/// `GET /api/friend/{id}/ws`: the game's state now, then every new state, as text messages.
pub async fn watch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let live = state.friends.live(&id).await?;
    if live.watchers() >= MAX_WATCHERS {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("this game has {MAX_WATCHERS} watchers, the most it may have"),
        ));
    }
    Ok(upgrade
        .max_message_size(MESSAGE_LIMIT)
        .max_frame_size(MESSAGE_LIMIT)
        .on_upgrade(move |socket| stream(live, socket)))
}

/// Sends the states to one watcher until it leaves; what it sends is not read as actions.
async fn stream(live: Arc<Live>, mut socket: WebSocket) {
    let mut updates = live.subscribe();
    if socket
        .send(Message::Text(live.state_text().await))
        .await
        .is_err()
    {
        return;
    }
    loop {
        let text = tokio::select! {
            update = updates.recv() => match update {
                Ok(text) => text,
                // Too slow for every state: the latest is all it needs.
                Err(RecvError::Lagged(_)) => live.state_text().await,
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => continue,
            },
        };
        if socket.send(Message::Text(text)).await.is_err() {
            return;
        }
    }
}

/// `GET /friend/{id}`: the friend game's page (it reads the id from its address).
pub async fn page() -> Response {
    crate::pages::asset(Path("friend.html".to_owned())).await
}
