//! Gomoku in the referee. Options: `{"size": 5..=20, "rule": "caro" | "caro5" | "caro6" |
//! "standard" | "freestyle" | "renju"}`, defaults 15 and `caro`. Under renju black's forbidden
//! points are not in the legal list.

use crate::RefereeGame;
use gomoku::{Position, Rule};
use serde_json::{Map, Value};

impl RefereeGame for Position {
    fn from_options(options: &Map<String, Value>) -> Result<Self, String> {
        let mut size = u32::from(gomoku::DEFAULT_SIZE);
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
}
