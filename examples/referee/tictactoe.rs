//! Tic-tac-toe in the referee: no options.

use crate::RefereeGame;
use serde_json::{Map, Value};

impl RefereeGame for tictactoe::Position {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        match options.keys().next() {
            None => Ok(tictactoe::Position::new()),
            Some(key) => Err(format!(
                "unknown option {key:?}: tictactoe takes no options"
            )),
        }
    }
}
