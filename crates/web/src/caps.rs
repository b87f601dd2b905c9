//! The caps on expensive referee operations: what a request may ask of the search pool.

use crate::error::ApiError;
use serde_json::{Map, Value};

/// The longest a search may think, in milliseconds.
pub const MAX_MILLIS: u64 = 2_000;
/// The most threads a search may use.
pub const MAX_THREADS: u64 = 2;
/// The deepest an alpha-beta search may go.
pub const MAX_DEPTH: u64 = 64;
/// The most nodes a search may visit.
pub const MAX_NODES: u64 = 5_000_000;
/// The most simulations an MCTS search may run.
pub const MAX_SIMULATIONS: u64 = 1_000_000;
/// The most random games a `playouts` request may play.
pub const MAX_PLAYOUTS: u64 = 2_000;
/// The longest random game of a `playouts` request, in moves.
pub const MAX_PLAYOUT_PLIES: u64 = 1_000;

/// The deepest `perft` of each game (`None`: an unknown game, which the referee refuses).
pub fn perft_depth(game: &str) -> Option<u64> {
    match game {
        "tictactoe" => Some(9),
        "ultimate" | "morris" => Some(5),
        "gomoku" => Some(3),
        _ => None,
    }
}

/// `true` for the operations that run on the search pool.
pub fn is_heavy(op: &str) -> bool {
    matches!(op, "perft" | "playouts" | "search")
}

/// Brings a referee request within the caps: search limits are clamped (the names of the
/// fields changed are returned), a perft too deep or too many playouts are refused.
pub fn clamp(request: &mut Map<String, Value>) -> Result<Vec<&'static str>, ApiError> {
    let op = request.get("op").and_then(Value::as_str).unwrap_or("state");
    match op {
        "search" => Ok(clamp_search(request)),
        "perft" => {
            let game = request.get("game").and_then(Value::as_str).unwrap_or("");
            let (Some(cap), Some(depth)) = (perft_depth(game), uint(request, "depth")) else {
                return Ok(Vec::new());
            };
            if depth > cap {
                return Err(ApiError::invalid(format!(
                    "\"depth\" {depth} is too deep: a {game} perft goes at most {cap} plies here"
                )));
            }
            Ok(Vec::new())
        }
        "playouts" => {
            if uint(request, "count").is_some_and(|count| count > MAX_PLAYOUTS) {
                return Err(ApiError::invalid(format!(
                    "\"count\" is too large: at most {MAX_PLAYOUTS} playouts a request"
                )));
            }
            let mut clamped = Vec::new();
            let plies = Some(MAX_PLAYOUT_PLIES);
            cap_field(request, "max_plies", MAX_PLAYOUT_PLIES, plies, &mut clamped);
            Ok(clamped)
        }
        _ => Ok(Vec::new()),
    }
}

/// Clamps a search's limits; the time limit is always set, so every search ends.
fn clamp_search(request: &mut Map<String, Value>) -> Vec<&'static str> {
    let mut clamped = Vec::new();
    // Absent or zero (the referee's "no limit"), the time is the cap.
    cap_field(
        request,
        "millis",
        MAX_MILLIS,
        Some(MAX_MILLIS),
        &mut clamped,
    );
    cap_field(request, "depth", MAX_DEPTH, None, &mut clamped);
    cap_field(request, "nodes", MAX_NODES, None, &mut clamped);
    cap_field(request, "simulations", MAX_SIMULATIONS, None, &mut clamped);
    cap_field(request, "threads", MAX_THREADS, None, &mut clamped);
    if uint(request, "threads") == Some(0) {
        request.insert("threads".into(), Value::from(1));
        clamped.push("threads");
    }
    clamped
}

/// Lowers `field` to `cap` when it is above (and records it in `clamped`); sets it to
/// `default`, when there is one, when it is absent or `null`, or zero for `millis`. A value
/// that is not a non-negative integer is left for the referee to refuse.
fn cap_field(
    request: &mut Map<String, Value>,
    field: &'static str,
    cap: u64,
    default: Option<u64>,
    clamped: &mut Vec<&'static str>,
) {
    let absent = matches!(request.get(field), None | Some(Value::Null));
    let value = uint(request, field);
    if value.is_some_and(|v| v > cap) {
        request.insert(field.into(), Value::from(cap));
        clamped.push(field);
    } else if let Some(default) = default {
        if absent || (field == "millis" && value == Some(0)) {
            request.insert(field.into(), Value::from(default));
        }
    }
}

/// A non-negative integer field.
fn uint(request: &Map<String, Value>, field: &str) -> Option<u64> {
    request.get(field).and_then(Value::as_u64)
}
