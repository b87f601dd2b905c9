//! The referee: one JSON-lines door into every game (the requests and answers are described
//! in the `boardgames-referee` crate's documentation).
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
//! The request handling is the `boardgames-referee` crate; this is the loop around it.

use clap::Parser;
use std::io::{self, BufRead, Write};

/// Answers one JSON request per line on standard input with one JSON line on standard output
/// (ops: state, perft, playouts, search; games: tictactoe, ultimate, gomoku, morris), until
/// end of input. The protocol is described in the `boardgames-referee` crate's documentation.
///
/// Gomoku options: {"size": 5..20, "rule": "caro" | "caro5" | "caro6" | "standard" |
/// "freestyle" | "renju", "opening": "pro" | "long_pro" | "swap" | "swap2" | "soosorv8" |
/// "taraguchi10"}. Under an opening, "first" and "second" are the seats, and the moves that are
/// not stones are: black / white (the seat to act takes that colour: a swap or a keep), place2
/// (Swap2: two more stones, white then black), declare:N (Soosõrv-8: black will offer N fifth
/// moves), offer:h8 (offer a fifth move) and pick:h8 (pick one of the offered fifth moves).
/// "state" then adds "colours" (the seat of each colour, null while undecided), "step" and
/// "offers".
#[derive(Parser, Debug)]
#[command(name = "referee", version)]
struct Cli {}

fn main() -> io::Result<()> {
    // No options: clap gives --help, --version and an error for anything else.
    Cli::parse();
    let stdin = io::stdin();
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = boardgames_referee::answer(&line);
        serde_json::to_writer(&mut out, &reply)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    Ok(())
}
