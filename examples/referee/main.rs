//! The referee: one JSON-lines door into every game (see `REFEREE.md` in the shared folder).
//!
//! Reads one JSON request per line on standard input and writes one JSON answer per line on
//! standard output, flushing after each, until end of input. A bad request gets
//! `{"error": ...}` (with `"ply"` for a bad move) and the next line is read.
//!
//! ```text
//! cargo run --release --example referee
//! {"op":"state","game":"tictactoe","moves":["b2","a1"]}
//! {"to_move":"first","status":"ongoing","legal":["a3","b3",...]}
//! ```
//!
//! Each game lives in its own module implementing [`RefereeGame`]; the dispatch table is in
//! [`answer`].

mod gomoku;
mod morris;
mod ops;
mod request;
mod tictactoe;
mod ultimate;

use request::Request;
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};

/// A game the referee can serve: a [`boardgames_core::Game`] built from the request's `options`.
pub trait RefereeGame: boardgames_core::Game + Sized {
    /// The start position for these options, or an error naming the bad option.
    fn from_options(options: &serde_json::Map<String, Value>) -> Result<Self, String>;

    /// A best move by the ai-search crate with the game's evaluator (the `search` op).
    fn search(
        &self,
        _limits: &boardgames_search::Limits,
    ) -> Result<boardgames_search::SearchResult<Self::Move>, String> {
        Err("\"search\" is not available for this game yet".into())
    }
}

/// Answers one request line.
fn answer(line: &str) -> Value {
    let request = match Request::parse(line) {
        Ok(request) => request,
        Err(error) => return json!({ "error": error }),
    };
    // The game table: one arm per game.
    let result = match request.game.as_str() {
        "tictactoe" => ops::serve::<boardgames_tictactoe::Position>(&request),
        "ultimate" => ops::serve::<boardgames_ultimate::Position>(&request),
        "gomoku" => ops::serve::<boardgames_gomoku::Position>(&request),
        "morris" => ops::serve::<morris::Morris>(&request),
        other => Err(ops::error(format!(
            "unknown game {other:?}: the games are tictactoe, ultimate, gomoku, morris"
        ))),
    };
    result.unwrap_or_else(|e| e)
}

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = answer(&line);
        serde_json::to_writer(&mut out, &reply)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
}
