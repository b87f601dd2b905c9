//! The match operations: `record` replays a game record (the PGN-like format of
//! `boardgames_core::matches::record`) and answers its final state;
//! `match` plays moves and match actions (resign, offer, accept or decline a draw) through
//! the generic match layer and answers the state, the result with its reason, and the record.
//!
//! ```json
//! {"op":"record","game":"tictactoe","text":"[Game \"tictactoe\"]\n\n1. b2 a1 *"}
//! {"op":"match","game":"tictactoe","actions":["b2","a1",{"offer":"first"},{"accept":"second"}]}
//! ```
//!
//! A bad record answers `{"error": ..., "ply": K}` for its first bad move (0-based) or
//! `{"error": ...}` for a malformed header or tag; a bad action answers
//! `{"error": ..., "action": K}` (0-based), with `"ply"` too when the action is a move.

use crate::answers::error;
use crate::request::Request;
use crate::RefereeGame;
use boardgames_core::matches::record::{Record, RecordError, RecordGame};
use boardgames_core::matches::{DrawRules, Match, MatchError};
use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_gomoku::opening::OpeningGame;
use serde_json::{json, Map, Value};

/// Answers a `record` or `match` request.
pub fn answer(request: &Request) -> Result<Value, Value> {
    match (request.op.as_str(), request.game.as_str()) {
        ("record", "tictactoe") => record::<boardgames_tictactoe::Position>(request),
        ("record", "ultimate") => record::<boardgames_ultimate::Position>(request),
        ("record", "gomoku") if opening_record(request) => record::<OpeningGame>(request),
        ("record", "gomoku") => record::<boardgames_gomoku::Position>(request),
        ("record", "morris") => record::<boardgames_morris::Position>(request),
        ("match", "tictactoe") => play(request, plain_start::<boardgames_tictactoe::Position>),
        ("match", "ultimate") => play(request, plain_start::<boardgames_ultimate::Position>),
        ("match", "gomoku") if request.options.contains_key("opening") => {
            play(request, plain_start::<OpeningGame>)
        }
        ("match", "gomoku") => play(request, plain_start::<boardgames_gomoku::Position>),
        ("match", "morris") => play(request, morris_start),
        (_, other) => Err(error(format!(
            "unknown game {other:?}: the games are tictactoe, ultimate, gomoku, morris"
        ))),
    }
}

/// `true` when a gomoku record names an opening rule (its game is then an [`OpeningGame`]).
fn opening_record(request: &Request) -> bool {
    let text = request
        .fields
        .get("text")
        .and_then(Value::as_str)
        .unwrap_or("");
    text.parse::<Record>()
        .is_ok_and(|r| r.tag("Opening").is_some())
}

/// The state of a match: the `state` answer's fields, the reason once over, the pending
/// draw offer and the number of moves.
fn state<G: RecordGame>(game: &Match<G>) -> Value {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let legal: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let outcome = game.outcome();
    let to_move = match outcome {
        None => Value::from(game.side_to_move().name()),
        Some(_) => Value::Null,
    };
    json!({
        "to_move": to_move,
        "status": outcome.map_or(Status::Ongoing, |o| o.status).name(),
        "reason": outcome.map(|o| o.reason.name()),
        "offer": game.pending_offer().map(Player::name),
        "moves": game.len(),
        "legal": legal,
    })
}

/// `record`: the record's text replayed; the game and its options come from the text, so
/// `options` and `moves` are refused.
fn record<G: RecordGame>(request: &Request) -> Result<Value, Value> {
    if !request.options.is_empty() || !request.moves.is_empty() {
        return Err(error(
            "a \"record\" request takes its options and moves from the record's text",
        ));
    }
    let text = request.text("text", "").map_err(error)?;
    if text.trim().is_empty() {
        return Err(error("\"record\" needs \"text\", the record"));
    }
    let replay = text
        .parse::<Record>()
        .and_then(|record| match record.game() {
            None => Ok(record),
            Some(name) if name == request.game => Ok(record),
            Some(name) => Err(RecordError::Tag {
                name: "Game".into(),
                why: format!(
                    "the record is {name:?} but the request says {:?}",
                    request.game
                ),
            }),
        })
        .and_then(|record| record.to_match::<G>());
    match replay {
        Ok(game) => Ok(state(&game)),
        Err(e) => Err(match e.ply() {
            Some(ply) => json!({ "error": e.to_string(), "ply": ply }),
            None => json!({ "error": e.to_string() }),
        }),
    }
}

fn plain_start<G: RecordGame + RefereeGame>(
    options: &Map<String, Value>,
) -> Result<Match<G>, String> {
    Ok(Match::new(G::from_options(options)?, DrawRules::NONE))
}

/// Morris's start keeps the draw rules of the options (`draw_rule`).
fn morris_start(
    options: &Map<String, Value>,
) -> Result<Match<boardgames_morris::Position>, String> {
    Ok(match crate::morris::Morris::from_options(options)? {
        crate::morris::Morris::Plain(position) => Match::new(position, DrawRules::NONE),
        crate::morris::Morris::Ruled(game) => *game,
    })
}

/// How a game's match starts from the request's options.
type Start<G> = fn(&Map<String, Value>) -> Result<Match<G>, String>;

/// `match`: the request's `moves`, then its `actions`, each checked.
fn play<G: RecordGame>(request: &Request, start: Start<G>) -> Result<Value, Value> {
    let mut game = start(&request.options).map_err(error)?;
    for (ply, text) in request.moves.iter().enumerate() {
        game.play_text(text)
            .map_err(|e| json!({ "error": reason(e), "ply": ply }))?;
    }
    let actions = match request.fields.get("actions") {
        None | Some(Value::Null) => &[][..],
        Some(Value::Array(items)) => &items[..],
        Some(other) => return Err(error(format!("\"actions\" must be an array, got {other}"))),
    };
    for (index, action) in actions.iter().enumerate() {
        let ply = game.len();
        let fail = |message: String, is_move: bool| match is_move {
            true => json!({ "error": message, "action": index, "ply": ply }),
            false => json!({ "error": message, "action": index }),
        };
        match action {
            Value::String(text) => game.play_text(text).map_err(|e| fail(reason(e), true))?,
            other => act(&mut game, other).map_err(|m| fail(m, false))?,
        }
    }
    let mut answer = state(&game);
    answer["record"] = Value::from(game.to_record().to_string());
    Ok(answer)
}

/// A refused match action or move, without the move repeated when the rules refused it.
fn reason<G: Game>(e: MatchError<G>) -> String {
    match e {
        MatchError::Illegal(e) => e.to_string(),
        other => other.to_string(),
    }
}

/// One non-move action: `{"resign": P}`, `{"offer": P}`, `{"accept": P}` or `{"decline": P}`
/// with `P` `"first"` or `"second"`.
fn act<G: RecordGame>(game: &mut Match<G>, action: &Value) -> Result<(), String> {
    const HELP: &str = "an action is a move, or {\"resign\" | \"offer\" | \"accept\" | \"decline\": \"first\" | \"second\"}";
    let Some((verb, who)) = action
        .as_object()
        .filter(|o| o.len() == 1)
        .and_then(|o| o.iter().next())
    else {
        return Err(format!("{HELP}, got {action}"));
    };
    let player = match who.as_str() {
        Some("first") => Player::First,
        Some("second") => Player::Second,
        _ => {
            return Err(format!(
                "the player must be \"first\" or \"second\", got {who}"
            ))
        }
    };
    let done = match verb.as_str() {
        "resign" => game.resign(player).map(drop),
        "offer" => game.offer_draw(player),
        "accept" => game.accept_draw(player).map(drop),
        "decline" => game.decline_draw(player),
        other => return Err(format!("unknown action {other:?}: {HELP}")),
    };
    done.map_err(reason)
}
