//! The operations, generic over every game: `state`, `perft`, `playouts`.

use crate::answers::error;
use crate::request::Request;
use crate::RefereeGame;
use boardgames_core::{perft, replay, MoveList, Rng, Status};
use boardgames_search::Limits;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// Plays the request's moves on the game's start position and runs the operation.
pub fn serve<G>(request: &Request) -> Result<Value, Value>
where
    G: RefereeGame + Send + Sync,
    G::Move: Send + Sync,
{
    let mut position = G::from_options(&request.options).map_err(error)?;
    if let Err(e) = replay(&mut position, request.moves.iter().map(String::as_str)) {
        return Err(json!({ "error": e.reason(), "ply": e.ply() }));
    }
    match request.op.as_str() {
        "state" => Ok(state(&position)),
        "perft" => {
            let depth = request.uint("depth", None).map_err(error)?;
            let depth = u32::try_from(depth).map_err(|_| error("\"depth\" is too large"))?;
            let start = Instant::now();
            let nodes = perft(&position, depth);
            Ok(json!({ "nodes": nodes, "micros": start.elapsed().as_micros() as u64 }))
        }
        "playouts" => {
            let count = request.uint("count", None).map_err(error)?;
            let seed = request.uint("seed", Some(0)).map_err(error)?;
            let cap = request.uint("max_plies", Some(u64::MAX)).map_err(error)?;
            Ok(playouts(
                &position,
                count,
                seed,
                cap.try_into().unwrap_or(usize::MAX),
            ))
        }
        "search" => search(&position, request),
        other => Err(error(format!(
            "unknown op {other:?}: the ops are state, perft, playouts, search, record, match"
        ))),
    }
}

/// The `search` op: `"engine": "alphabeta"` (the default) or `"mcts"`, on `"threads"`
/// threads (default 1), within `depth` (alpha-beta), `simulations` (MCTS), `nodes` (visited by
/// alpha-beta, kept in the tree by MCTS) and `millis`; with none of them, one second.
fn search<G>(position: &G, request: &Request) -> Result<Value, Value>
where
    G: RefereeGame + Send + Sync,
    G::Move: Send + Sync,
{
    if position.status().is_over() {
        return Err(error("the game is over: there is nothing to search"));
    }
    let engine = request.text("engine", "alphabeta").map_err(error)?;
    let threads = request.uint("threads", Some(1)).map_err(error)?;
    let threads = usize::try_from(threads)
        .ok()
        .filter(|t| (1..=MAX_THREADS).contains(t))
        .ok_or_else(|| error(format!("\"threads\" must be from 1 to {MAX_THREADS}")))?;
    let limits = search_limits(request, engine)?;
    position.search_answer(engine, &limits, threads)
}

/// The most search threads a request may ask for.
const MAX_THREADS: usize = 256;

/// The limits of a `search` request for `engine`, refusing a limit the engine does not use.
fn search_limits(request: &Request, engine: &str) -> Result<Limits, Value> {
    let depth = request.uint("depth", Some(0)).map_err(error)?;
    let nodes = request.uint("nodes", Some(0)).map_err(error)?;
    let millis = request.uint("millis", Some(0)).map_err(error)?;
    let simulations = request.uint("simulations", Some(0)).map_err(error)?;
    match engine {
        "alphabeta" if simulations > 0 => {
            return Err(error("\"simulations\" is a limit of \"engine\": \"mcts\""))
        }
        "mcts" if depth > 0 => {
            return Err(error(
                "\"depth\" is a limit of \"engine\": \"alphabeta\"; MCTS takes \"simulations\", \"nodes\" and \"millis\"",
            ))
        }
        "alphabeta" | "mcts" => {}
        other => {
            return Err(error(format!(
                "unknown engine {other:?}: the engines are \"alphabeta\" and \"mcts\""
            )))
        }
    }
    let mut limits = Limits::none();
    if depth > 0 {
        limits = limits.with_depth(depth.min(u32::MAX as u64) as u32);
    }
    if nodes > 0 {
        limits = limits.with_nodes(nodes);
    }
    if simulations > 0 {
        limits = limits.with_simulations(simulations);
    }
    if millis > 0 || (depth == 0 && nodes == 0 && simulations == 0) {
        // Without any limit the search gets one second.
        let millis = if millis > 0 { millis } else { 1_000 };
        limits = limits.with_time(Duration::from_millis(millis));
    }
    Ok(limits)
}

fn state<G: RefereeGame>(position: &G) -> Value {
    let status = position.status();
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let legal: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let to_move = match status {
        Status::Ongoing => Value::from(position.side_to_move().name()),
        _ => Value::Null,
    };
    let mut answer = json!({ "to_move": to_move, "status": status.name(), "legal": legal });
    if let Value::Object(fields) = &mut answer {
        position.state_fields(fields);
    }
    answer
}

fn playouts<G: RefereeGame>(position: &G, count: u64, seed: u64, cap: usize) -> Value {
    let mut rng = Rng::new(seed);
    let (mut first, mut second, mut draw, mut ongoing, mut plies) = (0u64, 0u64, 0u64, 0u64, 0u64);
    let start = Instant::now();
    for _ in 0..count {
        let mut game = position.clone();
        let (status, n) = game.random_playout(&mut rng, cap);
        plies += n as u64;
        match status {
            Status::Won(boardgames_core::Player::First) => first += 1,
            Status::Won(boardgames_core::Player::Second) => second += 1,
            Status::Draw => draw += 1,
            Status::Ongoing => ongoing += 1,
        }
    }
    let micros = start.elapsed().as_micros() as u64;
    let mut answer = json!({
        "count": count, "first": first, "second": second, "draw": draw,
        "plies": plies, "micros": micros,
    });
    if ongoing > 0 {
        answer["ongoing"] = json!(ongoing);
    }
    answer
}
