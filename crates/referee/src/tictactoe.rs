//! Tic-tac-toe in the referee: no options; search with the line evaluator.

use crate::RefereeGame;
use boardgames_search::{Limits, SearchResult, Searcher};
use serde_json::{Map, Value};

impl RefereeGame for boardgames_tictactoe::Position {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        match options.keys().next() {
            None => Ok(boardgames_tictactoe::Position::new()),
            Some(key) => Err(format!(
                "unknown option {key:?}: tictactoe takes no options"
            )),
        }
    }

    fn search(&self, limits: &Limits, threads: usize) -> Result<SearchResult<Self::Move>, String> {
        let mut searcher = Searcher::new(boardgames_players::tictactoe::TicTacToeEvaluator)
            .with_table_bytes(1 << 20)
            .with_threads(threads);
        Ok(searcher.search(self, limits))
    }
}
