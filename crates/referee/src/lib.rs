//! The referee's request handling: one JSON request line in, one JSON answer out. The
//! `referee` example is a loop over [`answer`] on standard input; tests and fuzz targets call
//! [`answer`] directly.
//!
//! ## Requests
//!
//! A request is one JSON object: `"game"` (`tictactoe`, `ultimate`, `gomoku` or `morris`),
//! `"op"` (default `state`), `"moves"` (the moves played from the start, in the game's
//! notation; none by default), `"options"` (an object: none for tic-tac-toe; `tiebreak`
//! (`none` or `boards_won`) for ultimate; `size` (5 to 20), `rule` (`caro`, `caro5`, `caro6`,
//! `standard`, `freestyle` or `renju`, with `+gomocup_draw` for Gomocup's draw count) and
//! `opening` (`pro`, `long_pro`, `swap`, `swap2`, `soosorv8` or `taraguchi10`) for gomoku;
//! `draw_rule` (`"none"` or `{"threefold": true, "quiet_moves": 50}`) for morris), and the operation's own fields (a field the operation does not read is
//! refused):
//!
//! - `state`: `to_move` (`first` or `second`, `null` once over), `status` (`ongoing`,
//!   `first`, `second` or `draw`) and `legal`, the legal moves in notation;
//! - `perft` with `depth`: the leaf `nodes` and the `micros` taken;
//! - `playouts` with `count`, `seed` (default 0) and `max_plies` (default none): how many
//!   random games `first` and `second` won and how many were drawn (`ongoing` when capped), the
//!   `plies` played and the `micros` taken;
//! - `search` with `engine` (`alphabeta`, the default, or `mcts`), `threads` (default 1) and
//!   the limits `depth` (alpha-beta), `simulations` (MCTS), `nodes` and `millis` (one second
//!   when none is given): the `move`, the best line `pv`, the engine's figures and `result`
//!   when the search proved one;
//! - `record` with `text`, a game record (the PGN-like format of
//!   `boardgames_core::matches::record`): the state the record ends in;
//! - `match` with `actions` (moves, and the match actions `{"resign": side}`,
//!   `{"offer": side}`, `{"accept": side}` and `{"decline": side}`): the state, the result
//!   with its reason, and the record.
//!
//! A bad request gets `{"error": ...}` (with `"ply"` for a bad move), never a panic.
//!
//! ```
//! let reply = boardgames_referee::answer(r#"{"op":"state","game":"tictactoe","moves":["b2","a1"]}"#);
//! assert_eq!(reply["status"], "ongoing");
//! assert_eq!(reply["to_move"], "first");
//! ```
//!
//! Each game lives in its own module implementing [`RefereeGame`]; the dispatch table is in
//! [`answer`].

#![forbid(unsafe_code)]

mod answers;
mod game;
mod gomoku;
mod morris;
mod ops;
mod records;
mod request;
mod tictactoe;
mod ultimate;

pub use game::RefereeGame;
pub use morris::Morris;
use request::Request;
use serde_json::{json, Value};

/// Answers one request line: the answer object, or `{"error": ...}` saying what is wrong.
pub fn answer(line: &str) -> Value {
    let request = match Request::parse(line) {
        Ok(request) => request,
        Err(error) => {
            return match error.ply {
                Some(ply) => json!({ "error": error.message, "ply": ply }),
                None => json!({ "error": error.message }),
            }
        }
    };
    if matches!(request.op.as_str(), "record" | "match") {
        return records::answer(&request).unwrap_or_else(|e| e);
    }
    // The game table: one arm per game.
    let result = match request.game.as_str() {
        "tictactoe" => ops::serve::<boardgames_tictactoe::Position>(&request),
        "ultimate" => ops::serve::<boardgames_ultimate::Position>(&request),
        "gomoku" => gomoku::serve(&request),
        "morris" => ops::serve::<morris::Morris>(&request),
        other => Err(answers::error(format!(
            "unknown game {other:?}: the games are tictactoe, ultimate, gomoku, morris"
        ))),
    };
    result.unwrap_or_else(|e| e)
}
