//! Saving and loading games at the console as game records (the PGN-like format of
//! `docs/records.md`): `save FILE` writes the game so far, `load FILE` continues a saved game
//! (its moves can be taken back with `undo`, its clocks go on from the times saved).

use boardgames_core::matches::record::{Record, RecordGame};
use boardgames_core::matches::{Match, MonotonicTime};
use std::sync::Arc;

/// `save FILE`: writes the record, or says why it could not.
pub fn save<G: RecordGame>(game: &Match<G>, path: &str) -> String {
    match std::fs::write(path, game.to_record().to_string()) {
        Ok(()) => format!("Saved the game to {path}.\n"),
        Err(e) => format!("Cannot save to {path}: {e}.\n"),
    }
}

/// `load FILE`: the saved game, or the message saying why it was not loaded (an unreadable
/// file, a malformed record, a bad move named by its ply, another game, a game already over).
pub fn load<G: RecordGame>(path: &str) -> Result<Match<G>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("Cannot read {path}: {e}.\n"))?;
    let game = text
        .parse::<Record>()
        .and_then(|record| record.to_match_with_time::<G>(Arc::new(MonotonicTime::new())))
        .map_err(|e| format!("Cannot load {path}: {e}.\n"))?;
    match game.outcome() {
        Some(outcome) => Err(format!(
            "Cannot load {path}: that game is over: {outcome}.\n"
        )),
        None => Ok(game),
    }
}
