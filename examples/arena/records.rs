//! The match's records and openings files.
//!
//! **Records.** Every game is one JSON line in the referee's request form,
//! `{"game": ..., "options": {...}, "moves": [...]}` (the moves of the opening included), in
//! the order the games were played. Sent to the referee as it is, a line is a `state` request
//! that replays the game and answers its final status; `play`, which has no record loading
//! yet (issue 13), can be given the moves by hand. Beside it, `<records>.csv` says who played
//! which side and how each game ended: `game,first,second,opening,plies,result`.
//!
//! **Openings.** One opening a line, its moves in the game's notation separated by spaces or
//! commas; `#` starts a comment, blank lines are skipped.

use crate::duel::GameReport;
use crate::games::ArenaGame;
use boardgames_core::{replay, Game};
use serde_json::json;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The two files a match writes, open for appending game by game.
pub struct RecordFiles {
    records: BufWriter<File>,
    results: BufWriter<File>,
    /// The records file's path.
    pub path: PathBuf,
}

impl RecordFiles {
    /// Creates `path` and `path.csv` (and the folder), writing the results' header.
    pub fn create(path: &Path) -> Result<RecordFiles, String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let open = |p: &Path| {
            File::create(p)
                .map(BufWriter::new)
                .map_err(|e| format!("{}: {e}", p.display()))
        };
        let results_path = results_path(path);
        let mut files = RecordFiles {
            records: open(path)?,
            results: open(&results_path)?,
            path: path.to_owned(),
        };
        writeln!(files.results, "game,first,second,opening,plies,result")
            .map_err(|e| format!("{}: {e}", results_path.display()))?;
        Ok(files)
    }

    /// Appends one game (flushed, so an interrupted match keeps what it played).
    pub fn write<G: ArenaGame>(
        &mut self,
        game: &G,
        report: &GameReport,
        names: [&str; 2],
    ) -> Result<(), String> {
        let line = json!({ "game": game.name(), "options": game.options(), "moves": report.moves });
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
            writeln!(self.records, "{line}")?;
            writeln!(
                self.results,
                "{},{first},{second},{opening},{},{result}",
                report.index + 1,
                report.moves.len()
            )?;
            self.records.flush()?;
            self.results.flush()
        })();
        io.map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// The results file beside a records file: `records.jsonl` -> `records.jsonl.csv`.
pub fn results_path(records: &Path) -> PathBuf {
    let mut name = records.as_os_str().to_owned();
    name.push(".csv");
    PathBuf::from(name)
}

/// Reads openings from `text`, each checked by replaying it on the game's start; an error
/// names the line and the move.
pub fn parse_openings<G: ArenaGame>(game: &G, text: &str) -> Result<Vec<Vec<String>>, String> {
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
pub fn check_opening<G: ArenaGame>(game: &G, moves: &[String]) -> Result<(), String> {
    let mut state = game.start();
    replay(&mut state, moves.iter().map(String::as_str)).map_err(|e| e.to_string())?;
    if state.status().is_over() {
        return Err(format!("the game is over after \"{}\"", moves.join(" ")));
    }
    Ok(())
}

/// The game's built-in openings, as move lists.
pub fn builtin_openings<G: ArenaGame>(game: &G) -> Vec<Vec<String>> {
    game.openings()
        .iter()
        .map(|o| o.split_whitespace().map(str::to_owned).collect())
        .collect()
}
