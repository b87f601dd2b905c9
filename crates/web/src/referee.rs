//! The referee as the API's authority on rules: every request's game is checked by it.

use crate::error::ApiError;
use crate::requests::GameRequest;
use boardgames_core::{replay, Game};
use boardgames_referee::RefereeGame;
use serde_json::{json, Map, Value};

/// The referee's answer to `request`, or its error object as a `422`.
pub fn ask(request: &Map<String, Value>) -> Result<Value, ApiError> {
    let answer = boardgames_referee::answer(&Value::Object(request.clone()).to_string());
    if answer.get("error").is_some() {
        Err(ApiError::from_answer(answer))
    } else {
        Ok(answer)
    }
}

/// The game played as a match with its actions: the referee's `match` answer (status,
/// reason, offer, legal moves, record), or the first bad move or action. A last action
/// `{"flag": P}` ends the game on time (see [`crate::flag`]).
pub fn check(game: &GameRequest) -> Result<Value, ApiError> {
    let (game, flag) = crate::flag::split(game)?;
    let mut checked = ask(&game.referee("match"))?;
    if let Some(flag) = flag {
        crate::flag::apply(&mut checked, flag)?;
    }
    Ok(checked)
}

/// The start position for the options, played through `moves` (already checked by the
/// referee, but a failure is still an error, never a panic).
pub fn position<G: RefereeGame>(
    options: &Map<String, Value>,
    moves: &[String],
) -> Result<G, ApiError> {
    let mut position = G::from_options(options).map_err(ApiError::invalid)?;
    replay_on(&mut position, moves)?;
    Ok(position)
}

/// Plays `moves` on `position`, or names the first bad one and its ply.
pub fn replay_on<G: Game>(position: &mut G, moves: &[String]) -> Result<(), ApiError> {
    replay(position, moves.iter().map(String::as_str))
        .map_err(|e| ApiError::from_answer(json!({ "error": e.reason(), "ply": e.ply() })))
}
