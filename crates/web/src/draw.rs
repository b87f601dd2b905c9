//! `/api/draw`: the computer's answer to a person's draw offer. It searches the position
//! briefly and accepts only when its search says it is not better: a proved draw or loss, or
//! a score of at most zero for itself. The same rule holds whatever level it plays at.

use crate::error::ApiError;
use crate::referee;
use crate::requests::GameRequest;
use boardgames_core::Player;
use serde_json::{json, Map, Value};

/// The most nodes the computer searches about a draw offer: a node budget, not a time, so
/// that the same position gets the same answer however busy the server is.
pub const DRAW_NODES: u64 = 200_000;
/// The longest the computer thinks about a draw offer, whatever its node budget.
pub const DRAW_MILLIS: u64 = 1_000;

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
    search.insert("nodes".into(), json!(DRAW_NODES));
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
    let (accept, reason) = decide(proof, score);
    Ok((accept, score, reason))
}

/// The rule: accept a proved draw or loss, or a score not in the computer's favour (from its
/// view); decline a proved win or any advantage, however small.
fn decide(proof: Option<&str>, score: Option<i64>) -> (bool, &'static str) {
    match (proof, score) {
        (Some("win"), _) => (false, "the computer has a forced win"),
        (Some("loss"), _) => (true, "the computer sees it would lose"),
        (Some(_), _) => (true, "the game is a draw with best play"),
        (None, Some(s)) if s < 0 => (true, "the computer stands worse"),
        (None, Some(0)) => (true, "the position is level"),
        _ => (false, "the computer thinks it stands better"),
    }
}

#[cfg(test)]
mod tests {
    use super::decide;

    #[test]
    fn the_computer_accepts_only_when_it_is_not_better() {
        assert!(!decide(None, Some(1)).0, "a one-point edge is declined");
        assert!(!decide(None, Some(30)).0);
        assert!(decide(None, Some(0)).0);
        assert!(decide(None, Some(-5)).0);
        assert!(!decide(None, None).0, "no score: no reason to agree");
        assert!(
            !decide(Some("win"), Some(-100)).0,
            "a proof outweighs the score"
        );
        assert!(decide(Some("loss"), Some(100)).0);
        assert!(decide(Some("draw"), Some(3)).0);
    }
}
