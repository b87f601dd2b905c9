//! The JSON answers every game shares: an error, and the answers of the two search engines.

use boardgames_search::{MctsResult, SearchResult};
use serde_json::{json, Value};

/// An error answer: `{"error": message}`.
pub(crate) fn error(message: impl Into<String>) -> Value {
    json!({ "error": message.into() })
}

/// An alpha-beta answer: the move, its score, the depth, the nodes and their rate, the
/// table hits, the best line, and `result` when the search proved one.
pub(crate) fn alpha_beta_answer<M: std::fmt::Display>(
    result: SearchResult<M>,
) -> Result<Value, Value> {
    let best = result
        .best_move
        .as_ref()
        .ok_or_else(|| error("the search found no move"))?;
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    let mut answer = json!({
        "move": best.to_string(),
        "score": result.score,
        "depth": result.depth,
        "nodes": result.nodes,
        "micros": result.elapsed.as_micros() as u64,
        "nps": result.nodes_per_second(),
        "table_hits": result.table_hits,
        "pv": pv,
    });
    if let Some(proof) = result.proof {
        answer["result"] = json!(proof.name());
    }
    Ok(answer)
}

/// An MCTS answer: the move, `simulations` and `micros`, the move's mean `value` for the side
/// to move (-1 to 1), the tree's size, the best line, and `result` when the solver proved one.
pub(crate) fn mcts_answer<M: std::fmt::Display + Copy + PartialEq>(
    result: MctsResult<M>,
) -> Result<Value, Value> {
    let best = result
        .best_move
        .ok_or_else(|| error("the search found no move"))?;
    let pv: Vec<String> = result.pv.iter().map(|s| s.mv.to_string()).collect();
    let mut answer = json!({
        "move": best.to_string(),
        "value": result.value,
        "simulations": result.simulations,
        "micros": result.elapsed.as_micros() as u64,
        "sps": result.simulations_per_second(),
        "tree_nodes": result.tree_nodes,
        "pv": pv,
    });
    if let Some(proof) = result.proof {
        answer["result"] = json!(proof.name());
    }
    Ok(answer)
}
