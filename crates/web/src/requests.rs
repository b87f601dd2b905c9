//! The typed request bodies of the API, and the JSON extractor whose rejections are
//! [`ApiError`]s.

use crate::error::ApiError;
use axum::extract::{FromRequest, Request};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Map, Value};

/// The `Json` extractor with the API's errors (`400`, `413`, `415`, `422`, all JSON).
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(ApiJson(value))
    }
}

/// A game: its name, options and moves from the start, with match actions after them.
#[derive(Deserialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct GameRequest {
    /// `tictactoe`, `ultimate`, `gomoku` or `morris`.
    pub game: String,
    /// The game's options.
    #[serde(default)]
    pub options: Map<String, Value>,
    /// The moves from the start.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Match actions after the moves: moves, resignations, draw offers and answers.
    #[serde(default)]
    pub actions: Vec<Value>,
}

impl GameRequest {
    /// The referee request `op` for this game (with its actions for a `match`).
    pub fn referee(&self, op: &str) -> Map<String, Value> {
        let mut request = Map::new();
        request.insert("op".into(), json!(op));
        request.insert("game".into(), json!(self.game));
        request.insert("options".into(), Value::Object(self.options.clone()));
        request.insert("moves".into(), json!(self.moves));
        if op == "match" {
            request.insert("actions".into(), json!(self.actions));
        }
        request
    }

    /// The moves, then the moves among the actions: every move on the board.
    pub fn all_moves(&self) -> Vec<String> {
        let played = self.actions.iter().filter_map(Value::as_str);
        self.moves
            .iter()
            .cloned()
            .chain(played.map(str::to_owned))
            .collect()
    }
}

/// `/api/move` and `/api/hint`: a game and who plays (a level, or an engine with its time).
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The game.
    pub game: String,
    /// Its options.
    #[serde(default)]
    pub options: Map<String, Value>,
    /// The moves from the start.
    #[serde(default)]
    pub moves: Vec<String>,
    /// `beginner`, `normal` or `expert`.
    pub level: Option<String>,
    /// `alphabeta` or `mcts`.
    pub engine: Option<String>,
    /// An engine's think time.
    pub millis: Option<u64>,
    /// An engine's threads.
    pub threads: Option<u64>,
    /// The seed of a level player's choices.
    pub seed: Option<u64>,
    /// Match actions after the moves (declined draw offers, more moves).
    #[serde(default)]
    pub actions: Vec<Value>,
    /// The side the computer plays (`first` or `second`): when given and it is not the side
    /// to move, the request is refused (`409`), so a page out of step never has the
    /// computer move for the person.
    pub side: Option<String>,
}

/// `/api/draw`: a game and the side offering the computer a draw.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct DrawRequest {
    /// The game.
    pub game: String,
    /// Its options.
    #[serde(default)]
    pub options: Map<String, Value>,
    /// The moves from the start.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Match actions after the moves.
    #[serde(default)]
    pub actions: Vec<Value>,
    /// The person's side: `first` or `second`.
    pub by: String,
}

/// `/api/record/export`: a game and the tags to add.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    /// The game.
    pub game: String,
    /// Its options.
    #[serde(default)]
    pub options: Map<String, Value>,
    /// The moves from the start.
    #[serde(default)]
    pub moves: Vec<String>,
    /// Match actions after the moves.
    #[serde(default)]
    pub actions: Vec<Value>,
    /// Tags to write (`First`, `Second`, `Date`, `Event`, `Site`, `Round`).
    #[serde(default)]
    pub tags: Map<String, Value>,
}

/// `/api/record/import`: a record's text, and the rule of a `.psq` file.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The record or `.psq` text.
    pub text: String,
    /// The gomoku rule a `.psq` file was played under.
    pub rule: Option<String>,
}

/// The game part of a request that carries actions.
macro_rules! game_part {
    ($($request:ty),*) => {$(
        impl $request {
            /// The game part of the request.
            pub fn game(&self) -> GameRequest {
                GameRequest {
                    game: self.game.clone(),
                    options: self.options.clone(),
                    moves: self.moves.clone(),
                    actions: self.actions.clone(),
                }
            }
        }
    )*};
}

game_part!(MoveRequest, DrawRequest, ExportRequest);
