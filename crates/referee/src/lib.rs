//! The referee's request handling: one JSON request line in, one JSON answer out (see
//! `REFEREE.md` in the shared folder). The `referee` example is a loop over [`answer`] on
//! standard input; tests and fuzz targets call [`answer`] directly.
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

pub use morris::Morris;
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
