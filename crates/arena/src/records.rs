//! A match's records folder, and openings texts.
//!
//! **Records.** [`RecordFolder`] writes a folder:
//! - `NNN.txt` (`001.txt`, ...): each game's record in the project's record format
//!   (`docs/records.md`): the players as `First`/`Second`, `Event "arena"`, `Round`, the
//!   `Opening`, each move with the time it took (`[%emt S]`), the result and its reason, and a
//!   `Termination` tag for a game scored at the ply cap or lost by forfeit. The referee's
//!   `record` op replays one (`{"op":"record","game":...,"text":...}`).
//! - `games.jsonl`: one JSON line a game in the referee's request form
//!   `{"game": ..., "options": {...}, "moves": [...]}`; sent to the referee as it is, a line is a
//!   `state` request that replays the game and answers its final status.
//! - `results.csv`: `game,first,second,opening,plies,result`.
//!
//! **Openings.** One opening a line, its moves in the game's notation separated by spaces or
//! commas; `#` starts a comment, blank lines are skipped.

use crate::games::{self, ArenaGame};
use crate::shard::GameEntry;
use boardgames_core::{replay, Game};
use serde_json::{json, Value};
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A records folder that could not be written: the folder and the system's reason.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", dir.display())]
pub struct RecordsError {
    /// The folder (or the file that could not be created).
    pub dir: PathBuf,
    /// The system's reason.
    pub source: io::Error,
}

/// The files of a match's records folder, written game by game.
#[derive(Debug)]
pub struct RecordFolder {
    lines: BufWriter<File>,
    results: BufWriter<File>,
    /// The game's name and its referee options, for `games.jsonl`.
    game: (String, Value),
    /// The folder.
    pub dir: PathBuf,
}

impl RecordFolder {
    /// Creates the folder `dir` (and its parents) with `games.jsonl` and `results.csv`, for
    /// the game `name` with the referee's `options`.
    pub fn create(dir: &Path, name: &str, options: &Value) -> Result<RecordFolder, RecordsError> {
        fn failed(dir: &Path) -> impl FnOnce(io::Error) -> RecordsError + '_ {
            move |source| RecordsError {
                dir: dir.to_owned(),
                source,
            }
        }
        std::fs::create_dir_all(dir).map_err(failed(dir))?;
        let open = |name: &str| {
            let path = dir.join(name);
            File::create(&path)
                .map(BufWriter::new)
                .map_err(failed(&path))
        };
        let mut files = RecordFolder {
            lines: open("games.jsonl")?,
            results: open("results.csv")?,
            game: (name.to_owned(), options.clone()),
            dir: dir.to_owned(),
        };
        writeln!(files.results, "game,first,second,opening,plies,result").map_err(failed(dir))?;
        Ok(files)
    }

    /// The record file of game `index` (from 0).
    pub fn record_path(&self, index: usize) -> PathBuf {
        self.dir.join(format!("{:03}.txt", index + 1))
    }

    /// Writes one game of the match between `names` (A's and B's), flushed, so that an
    /// interrupted match keeps what it played.
    pub fn write(&mut self, report: &GameEntry, names: [&str; 2]) -> Result<(), RecordsError> {
        let (name, options) = &self.game;
        let line = json!({ "game": name, "options": options, "moves": report.moves });
        let (first, second) = if report.a_first {
            (names[0], names[1])
        } else {
            (names[1], names[0])
        };
        let opening = report
            .opening
            .map_or(String::new(), |k| (k + 1).to_string());
        let result = report.result_text().replace(',', ";");
        let io = (|| {
            std::fs::write(self.record_path(report.index), &report.record)?;
            writeln!(self.lines, "{line}")?;
            writeln!(
                self.results,
                "{},{first},{second},{opening},{},{result}",
                report.index + 1,
                report.moves.len()
            )?;
            self.lines.flush()?;
            self.results.flush()
        })();
        io.map_err(|source| RecordsError {
            dir: self.dir.clone(),
            source,
        })
    }
}

/// Reads openings from `text`, each checked by replaying it on the game's start; an error
/// names the line and the move.
pub(crate) fn parse_openings<G: ArenaGame>(
    game: &G,
    text: &str,
) -> Result<Vec<Vec<String>>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        let moves: Vec<String> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|m| !m.is_empty())
            .map(str::to_owned)
            .collect();
        if moves.is_empty() {
            continue;
        }
        check_opening(game, &moves).map_err(|e| format!("line {}: {e}", number + 1))?;
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err("no opening in the file".to_owned());
    }
    Ok(openings)
}

/// Replays `moves` from the start: an error if a move is bad or the game ends in the opening.
pub(crate) fn check_opening<G: ArenaGame>(game: &G, moves: &[String]) -> Result<(), String> {
    let mut state = games::start(game);
    replay(&mut state, moves.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    if state.status().is_over() {
        return Err(format!("the game is over after \"{}\"", moves.join(" ")));
    }
    Ok(())
}

/// The game's built-in openings, as move lists.
pub(crate) fn builtin_openings<G: ArenaGame>(game: &G) -> Vec<Vec<String>> {
    game.openings()
        .iter()
        .map(|o| o.split_whitespace().map(str::to_owned).collect())
        .collect()
}
