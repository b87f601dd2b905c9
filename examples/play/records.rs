//! Saving and loading games at the console as game records (the PGN-like format of
//! `docs/records.md`): `save FILE` writes the game so far, `load FILE` continues a saved game
//! (its moves can be taken back with `undo`).

use boardgames_core::matches::record::{Record, RecordGame};
use boardgames_core::matches::{DrawRules, Match};
use boardgames_core::{Game, History};

/// A console game's position that can be saved and loaded.
pub trait Recordable: Game + Sized {
    /// The record of the game so far.
    fn record_text(history: &History<Self>) -> String;

    /// The game a record holds, its moves replayed so `undo` takes them back; or why it
    /// cannot be loaded (a malformed record, a bad move named by its ply, another game, a
    /// game already over).
    fn load(text: &str) -> Result<History<Self>, String>;
}

/// Reads `text` as a match of `G`, refusing one that is already over.
fn read_match<G: RecordGame>(text: &str) -> Result<Match<G>, String> {
    let game = text
        .parse::<Record>()
        .and_then(|record| record.to_match::<G>())
        .map_err(|e| e.to_string())?;
    match game.outcome() {
        Some(outcome) => Err(format!("that game is over: {outcome}")),
        None => Ok(game),
    }
}

fn plain_record<G: RecordGame>(history: &History<G>) -> String {
    let mut game = Match::new(history.start().clone(), DrawRules::NONE);
    for mv in history.moves() {
        // The history's moves were played with checked play: none is refused here.
        if game.play_move(mv).is_err() {
            break;
        }
    }
    game.to_record().to_string()
}

fn plain_load<G: RecordGame>(text: &str) -> Result<History<G>, String> {
    let game = read_match::<G>(text)?;
    let mut history = History::new(game.start().clone());
    for mv in game.moves() {
        history.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(history)
}

macro_rules! plain_recordable {
    ($($ty:ty),*) => {$(
        impl Recordable for $ty {
            fn record_text(history: &History<Self>) -> String {
                plain_record(history)
            }

            fn load(text: &str) -> Result<History<Self>, String> {
                plain_load(text)
            }
        }
    )*};
}

plain_recordable!(
    boardgames_tictactoe::Position,
    boardgames_ultimate::Position,
    boardgames_gomoku::Position,
    boardgames_gomoku::opening::OpeningGame
);

/// Morris plays a match already (its draw rules need the history): the record is the
/// current match's, and a loaded game keeps the record's draw rules.
impl Recordable for boardgames_morris::Match {
    fn record_text(history: &History<Self>) -> String {
        history.position().to_record().to_string()
    }

    fn load(text: &str) -> Result<History<Self>, String> {
        let game = read_match::<boardgames_morris::Position>(text)?;
        let mut history = History::new(Match::new(*game.start(), game.draw_rules()));
        for mv in game.moves() {
            history.play(mv).map_err(|e| e.to_string())?;
        }
        Ok(history)
    }
}

/// `save FILE`: writes the record, or says why it could not.
pub fn save<G: Recordable>(history: &History<G>, path: &str) -> String {
    match std::fs::write(path, G::record_text(history)) {
        Ok(()) => format!("Saved the game to {path}.\n"),
        Err(e) => format!("Cannot save to {path}: {e}.\n"),
    }
}

/// `load FILE`: the saved game, or the message saying why it was not loaded.
pub fn load<G: Recordable>(path: &str) -> Result<History<G>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("Cannot read {path}: {e}.\n"))?;
    G::load(&text).map_err(|e| format!("Cannot load {path}: {e}.\n"))
}
