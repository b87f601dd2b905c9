//! Gomoku in the referee. Options: `{"size": 5..=20, "rule": "caro" | "caro5" | "caro6" |
//! "standard" | "freestyle" | "renju"}`, defaults 15 and `caro`. Under renju black's forbidden
//! points are not in the legal list.
//!
//! `search` runs ai-players' gomoku evaluator (threat shapes under the game's rule, moves
//! near the stones) on every rule and size.

use crate::RefereeGame;
use boardgames_gomoku::{Point, Position, Rule};
use boardgames_players::gomoku::{GomokuEvaluator, SearchPosition};
use boardgames_search::{Limits, SearchResult, Searcher};
use serde_json::{Map, Value};

/// The transposition table of a `search` request.
const SEARCH_TABLE_BYTES: usize = 32 << 20;

impl RefereeGame for Position {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        let mut size = u32::from(boardgames_gomoku::DEFAULT_SIZE);
        let mut rule = Rule::CARO;
        for (key, value) in options {
            match (key.as_str(), value) {
                ("size", Value::Number(n)) => {
                    size = n
                        .as_u64()
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| format!("\"size\" must be a whole number from 5 to 20, got {n}"))?;
                }
                ("size", other) => {
                    return Err(format!("\"size\" must be a whole number from 5 to 20, got {other}"))
                }
                ("rule", Value::String(name)) => {
                    rule = name.parse().map_err(|e| format!("{e}"))?;
                }
                ("rule", other) => {
                    return Err(format!(
                        "\"rule\" must be one of \"caro\", \"caro5\", \"caro6\", \"standard\", \"freestyle\", \"renju\", got {other}"
                    ))
                }
                (other, _) => {
                    return Err(format!(
                        "unknown option {other:?}: gomoku takes only \"size\" and \"rule\""
                    ))
                }
            }
        }
        Position::new(size, rule).map_err(|e| e.to_string())
    }

    fn search(&self, limits: &Limits) -> Result<SearchResult<Point>, String> {
        let mut searcher =
            Searcher::new(GomokuEvaluator::new()).with_table_bytes(SEARCH_TABLE_BYTES);
        Ok(searcher.search(&SearchPosition::new(*self), limits))
    }
}
