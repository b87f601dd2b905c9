//! `/api/draw`: the computer's answer to a person's draw offer. It searches the position
//! briefly and accepts a level or worse position for itself.

use crate::error::ApiError;
use crate::referee;
use crate::requests::GameRequest;
use boardgames_core::Player;
use serde_json::{json, Map, Value};

/// The computer accepts a draw when its score is at most this many evaluation points in its
/// favour.
pub const DRAW_MARGIN: i64 = 30;
/// How long the computer thinks about a draw offer.
pub const DRAW_MILLIS: u64 = 300;

/// The computer's answer to `by`'s offer: accept or decline, its score, why, and the actions
/// to append to the game.
pub fn answer(game: &GameRequest, by: &str) -> Result<Value, ApiError> {
    let by = match by {
        "first" => Player::First,
        "second" => Player::Second,
        other => {
            return Err(ApiError::invalid(format!(
                "\"by\" must be \"first\" or \"second\", got {other:?}"
            )))
        }
    };
    let computer = by.opponent();
    let mut offered = game.clone();
    offered.actions.push(json!({ "offer": by.name() }));
    let state = referee::check(&offered)?;
    let to_move = state["to_move"].as_str().unwrap_or("");
    let (accept, score, reason) = judge(game, to_move == computer.name())?;
    let verb = if accept { "accept" } else { "decline" };
    let reply = json!({ verb: computer.name() });
    offered.actions.push(reply.clone());
    referee::check(&offered)?;
    Ok(json!({
        "accept": accept,
        "score": score,
        "reason": reason,
        "actions": [{ "offer": by.name() }, reply],
    }))
}

/// Whether the computer accepts, its score and why; `to_move` is `true` when the computer
/// is the side to move (the search's point of view).
fn judge(game: &GameRequest, to_move: bool) -> Result<(bool, Option<i64>, &'static str), ApiError> {
    let mut search: Map<String, Value> = game.referee("search");
    search.insert("moves".into(), json!(game.all_moves()));
    search.insert("engine".into(), json!("alphabeta"));
    search.insert("millis".into(), json!(DRAW_MILLIS));
    let found = match referee::ask(&search) {
        Ok(found) => found,
        // The offer was checked: the search's only refusal left is the opening's.
        Err(_) if game.game == "gomoku" && game.options.contains_key("opening") => {
            return Ok((
                false,
                None,
                "the computer plays the opening out before agreeing a draw",
            ));
        }
        Err(e) => return Err(e),
    };
    let sign = if to_move { 1 } else { -1 };
    let score = found["score"].as_i64().map(|s| s * sign);
    let proof = found["result"].as_str().map(|r| match (r, to_move) {
        ("win", false) => "loss",
        ("loss", false) => "win",
        (r, _) => r,
    });
    Ok(match (proof, score) {
        (Some("win"), _) => (false, score, "the computer has a forced win"),
        (Some("loss"), _) => (true, score, "the computer sees it would lose"),
        (Some(_), _) => (true, score, "the game is a draw with best play"),
        (None, Some(s)) if s <= DRAW_MARGIN => (true, score, "the position is level"),
        _ => (false, score, "the computer thinks it stands better"),
    })
}
