//! The JSON API's handlers. Cheap work (views, records, the referee's `state`, `record`,
//! `match`) runs in the handler; searches run on the pool.

use crate::caps;
use crate::clients::Client;
use crate::computer;
use crate::draw;
use crate::error::{catching, ApiError};
use crate::records;
use crate::referee;
use crate::requests::{
    ApiJson, DrawRequest, ExportRequest, GameRequest, ImportRequest, MoveRequest,
};
use crate::state::AppState;
use axum::extract::State;
use axum::Json;
use boardgames_players::Level;
use serde_json::{json, Map, Value};

/// The answer of every API handler.
type Answer = Result<Json<Value>, ApiError>;

/// `POST /api/referee`: one referee request, its limits capped.
pub async fn referee(
    State(state): State<AppState>,
    client: Client,
    ApiJson(mut request): ApiJson<Map<String, Value>>,
) -> Answer {
    let clamped = caps::clamp(&mut request)?;
    let heavy = caps::is_heavy(request.get("op").and_then(Value::as_str).unwrap_or("state"));
    let work = move || {
        let mut answer = referee::ask(&request)?;
        if !clamped.is_empty() {
            answer["clamped"] = json!(clamped);
        }
        Ok(answer)
    };
    if heavy {
        state.pool.run(&client, work).await.map(Json)
    } else {
        catching(work).map(Json)
    }
}

/// `POST /api/view`: everything the page draws.
pub async fn view(ApiJson(game): ApiJson<GameRequest>) -> Answer {
    catching(|| crate::view::view(&game)).map(Json)
}

/// `POST /api/move`: the computer's move (a level, `normal` when none is named).
pub async fn computer_move(
    state: State<AppState>,
    client: Client,
    request: ApiJson<MoveRequest>,
) -> Answer {
    play(state, client, request).await
}

/// `POST /api/hint`: a suggestion for a person, as `/api/move`.
pub async fn hint(state: State<AppState>, client: Client, request: ApiJson<MoveRequest>) -> Answer {
    play(state, client, request).await
}

async fn play(
    State(state): State<AppState>,
    client: Client,
    ApiJson(request): ApiJson<MoveRequest>,
) -> Answer {
    let mover = computer::mover(&request, Level::Normal)?;
    let game = request.game();
    catching(|| computer::ready(&game, request.side.as_deref()))?;
    state
        .pool
        .run(&client, move || computer::play(&game, mover))
        .await
        .map(Json)
}

/// `POST /api/draw`: the computer's answer to a draw offer.
pub async fn draw(
    State(state): State<AppState>,
    client: Client,
    ApiJson(request): ApiJson<DrawRequest>,
) -> Answer {
    let game = request.game();
    state
        .pool
        .run(&client, move || draw::answer(&game, &request.by))
        .await
        .map(Json)
}

/// `POST /api/record/export`.
pub async fn export(ApiJson(request): ApiJson<ExportRequest>) -> Answer {
    catching(|| records::export(&request)).map(Json)
}

/// `POST /api/record/import`.
pub async fn import(ApiJson(request): ApiJson<ImportRequest>) -> Answer {
    catching(|| records::import(&request)).map(Json)
}

/// `GET /api/info`: the games, their options, the levels, engines and caps.
pub async fn info() -> Json<Value> {
    let perft: Map<String, Value> = ["tictactoe", "ultimate", "gomoku", "morris"]
        .into_iter()
        .map(|g| (g.to_owned(), json!(caps::perft_depth(g))))
        .collect();
    Json(json!({
        "games": {
            "tictactoe": {},
            "ultimate": { "tiebreak": ["none", "boards_won"] },
            "gomoku": {
                "size": [boardgames_gomoku::MIN_SIZE, boardgames_gomoku::MAX_SIZE],
                "rule": ["caro", "caro5", "caro6", "standard", "freestyle", "renju"],
                "opening": ["pro", "long_pro", "swap", "swap2", "soosorv8", "taraguchi10"],
            },
            "morris": { "draw_rule": ["none", { "threefold": true, "quiet_moves": 50 }] },
        },
        "levels": Level::ALL.map(Level::name),
        "engines": ["alphabeta", "mcts"],
        "caps": {
            "millis": caps::MAX_MILLIS, "threads": caps::MAX_THREADS, "depth": caps::MAX_DEPTH,
            "nodes": caps::MAX_NODES, "simulations": caps::MAX_SIMULATIONS,
            "perft_depth": perft, "playouts": caps::MAX_PLAYOUTS,
        },
        "body_limit": crate::config::BODY_LIMIT,
    }))
}
