//! `/api/view`: everything the page draws, from the referee (status, reason, legal moves,
//! record) and the game crates (board, lines, each game's own state).

mod gomoku;
mod morris;
mod tictactoe;
mod ultimate;

use crate::error::ApiError;
use crate::referee;
use crate::requests::GameRequest;
use serde_json::{json, Map, Value};

/// The view of a game: the common fields, then the game's own.
pub fn view(game: &GameRequest) -> Result<Value, ApiError> {
    let checked = referee::check(game)?;
    let moves = game.all_moves();
    let mut view = Map::new();
    view.insert("game".into(), json!(game.game));
    for field in ["status", "reason", "to_move", "offer", "legal", "record"] {
        view.insert(
            field.into(),
            checked.get(field).cloned().unwrap_or(Value::Null),
        );
    }
    view.insert("ply".into(), json!(moves.len()));
    view.insert("last_move".into(), json!(moves.last()));
    view.insert("lines".into(), json!([]));
    let over = checked["status"] != "ongoing";
    match game.game.as_str() {
        "tictactoe" => tictactoe::fill(&mut view, &moves)?,
        "ultimate" => ultimate::fill(&mut view, &game.options, &moves)?,
        "morris" => morris::fill(&mut view, &game.options, &moves)?,
        "gomoku" => gomoku::fill(&mut view, &game.options, &moves, over)?,
        other => return Err(ApiError::invalid(format!("unknown game {other:?}"))),
    }
    Ok(Value::Object(view))
}
