//! Ultimate tic-tac-toe in the referee. Options: none (the standard rules), or
//! `{"tiebreak": "none" | "boards_won"}`: with `boards_won`, a game whose small boards are all
//! finished without a macro line goes to the player who won more small boards. Search uses
//! ai-players' ultimate evaluator.

use crate::RefereeGame;
use boardgames_players::ultimate::UltimateEvaluator;
use boardgames_search::{Limits, SearchResult, Searcher, DEFAULT_TABLE_BYTES};
use boardgames_ultimate::{Position, Rules, TieBreak};
use serde_json::{Map, Value};

impl RefereeGame for Position {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        let mut rules = Rules::default();
        for (key, value) in options {
            match (key.as_str(), value) {
                ("tiebreak", Value::Null) => {}
                ("tiebreak", Value::String(name)) => {
                    let tie_break: TieBreak = name.parse().map_err(|e| format!("{e}"))?;
                    rules = rules.with_tie_break(tie_break);
                }
                ("tiebreak", other) => {
                    return Err(format!(
                        "\"tiebreak\" must be \"none\" or \"boards_won\", got {other}"
                    ))
                }
                (other, _) => {
                    return Err(format!(
                        "unknown option {other:?}: ultimate takes only \"tiebreak\" (\"none\" or \"boards_won\")"
                    ))
                }
            }
        }
        Ok(Position::with_rules(rules))
    }

    fn search(&self, limits: &Limits, threads: usize) -> Result<SearchResult<Self::Move>, String> {
        // Two plies per iteration: the evaluation's side-to-move bonus makes odd and even
        // depths differ, and skipping every other one saves nodes.
        let mut searcher = Searcher::new(UltimateEvaluator::new())
            .with_table_bytes(DEFAULT_TABLE_BYTES)
            .with_depth_step(2)
            .with_threads(threads);
        Ok(searcher.search(self, limits))
    }
}
