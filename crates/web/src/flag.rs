//! A loss on time. The page runs the clocks; when one runs out it ends the game with the
//! action `{"flag": P}` (P the side whose time ran out, the side to move: only its clock
//! runs). The referee's matches have no clocks here, so the flag is taken off before the
//! referee checks the game and put on its answer after.

use crate::error::ApiError;
use crate::requests::GameRequest;
use boardgames_core::matches::record::{result_token, Record};
use boardgames_core::matches::Reason;
use boardgames_core::{Player, Status};
use serde_json::{json, Value};

/// A fallen flag: the loser and the index of the action.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    loser: Player,
    action: usize,
}

/// The game without its fallen flag, and the flag; a flag that is not the last action, or
/// names no side, is an error naming the action.
pub fn split(game: &GameRequest) -> Result<(GameRequest, Option<Flag>), ApiError> {
    let is_flag = |a: &Value| a.as_object().is_some_and(|o| o.contains_key("flag"));
    let Some(action) = game.actions.iter().position(is_flag) else {
        return Ok((game.clone(), None));
    };
    let fail = |message: &str| ApiError::from_answer(json!({ "error": message, "action": action }));
    if action + 1 != game.actions.len() {
        return Err(fail(
            "a fallen flag ends the game: it must be the last action",
        ));
    }
    let loser = match game.actions[action].get("flag").and_then(Value::as_str) {
        Some("first") => Player::First,
        Some("second") => Player::Second,
        _ => return Err(fail("a flag action is {\"flag\": \"first\" | \"second\"}")),
    };
    let mut without = game.clone();
    without.actions.pop();
    Ok((without, Some(Flag { loser, action })))
}

/// Ends the referee's `match` answer on time: the flag's side loses, and the record says so.
pub fn apply(checked: &mut Value, flag: Flag) -> Result<(), ApiError> {
    let fail =
        |message: String| ApiError::from_answer(json!({ "error": message, "action": flag.action }));
    if checked["status"] != "ongoing" {
        return Err(fail("the game is already over".into()));
    }
    if checked["to_move"] != flag.loser.name() {
        return Err(fail(format!(
            "only the side to move's clock runs: {}'s flag cannot fall now",
            flag.loser.name()
        )));
    }
    let status = Status::Won(flag.loser.opponent());
    checked["status"] = json!(status.name());
    checked["reason"] = json!(Reason::Time.name());
    checked["to_move"] = Value::Null;
    checked["legal"] = json!([]);
    let text = checked["record"].as_str().unwrap_or_default();
    let mut record: Record = text.parse().map_err(ApiError::internal)?;
    record
        .tags
        .retain(|(name, _)| name != "Result" && name != "Reason");
    record
        .tags
        .push(("Result".into(), result_token(status).into()));
    record
        .tags
        .push(("Reason".into(), Reason::Time.name().into()));
    checked["record"] = json!(record.to_string());
    Ok(())
}
