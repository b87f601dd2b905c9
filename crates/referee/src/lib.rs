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

mod gomoku;
mod morris;
mod ops;
mod records;
mod request;
mod tictactoe;
mod ultimate;

use request::Request;
use serde_json::{json, Value};

/// A game the referee can serve: a [`boardgames_core::Game`] built from the request's `options`.
pub trait RefereeGame: boardgames_core::Game + Sized {
    /// The start position for these options, or an error naming the bad option.
    fn from_options(options: &serde_json::Map<String, Value>) -> Result<Self, String>;

    /// A best move by the ai-search crate's alpha-beta with the game's evaluator, on
    /// `threads` threads (the `search` op; Lazy SMP above 1).
    fn search(
        &self,
        _limits: &boardgames_search::Limits,
        _threads: usize,
    ) -> Result<boardgames_search::SearchResult<Self::Move>, String> {
        Err("\"search\" is not available for this game yet".into())
    }

    /// A best move by Monte Carlo tree search with random playouts on `threads` threads
    /// (root-parallel), the `search` op with `"engine": "mcts"`. The default searches the
    /// game as served, its draw rules included.
    fn mcts(
        &self,
        limits: &boardgames_search::Limits,
        threads: usize,
    ) -> Result<boardgames_search::MctsResult<Self::Move>, String>
    where
        Self: Send + Sync,
        Self::Move: Send + Sync,
    {
        let mut mcts = boardgames_search::Mcts::new(boardgames_search::RandomPlayout::default())
            .with_threads(threads);
        Ok(mcts.search(self, limits))
    }

    /// The `search` answer of `engine` (`"alphabeta"`, [`RefereeGame::search`], or `"mcts"`,
    /// [`RefereeGame::mcts`]) within `limits` on `threads` threads. A game that searches
    /// another game (a gomoku opening searches its stones) answers with that game's.
    fn search_answer(
        &self,
        engine: &str,
        limits: &boardgames_search::Limits,
        threads: usize,
    ) -> Result<Value, Value>
    where
        Self: Send + Sync,
        Self::Move: Send + Sync,
    {
        match engine {
            "alphabeta" => {
                ops::alpha_beta_answer(self.search(limits, threads).map_err(ops::error)?)
            }
            _ => ops::mcts_answer(self.mcts(limits, threads).map_err(ops::error)?),
        }
    }

    /// Fields the game adds to a `state` answer (a gomoku opening: which seat plays which
    /// colour). None by default.
    fn state_fields(&self, _answer: &mut serde_json::Map<String, Value>) {}
}

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
        other => Err(ops::error(format!(
            "unknown game {other:?}: the games are tictactoe, ultimate, gomoku, morris"
        ))),
    };
    result.unwrap_or_else(|e| e)
}
