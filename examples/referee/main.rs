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
//! The request handling is the `boardgames-referee` crate; this is the loop around it.

use std::io::{self, BufRead, Write};

fn main() -> io::Result<()> {
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
