//! Gomoku in the AI-depth suite: ai-players' evaluator on its tracked position. A line of
//! `gomoku.txt` names the rule and the board size between the position's name and its moves,
//! since the start position depends on them.

use super::suite::{load, Named, SuiteGame};
use boardgames_gomoku::{Position, Rule};
use boardgames_players::gomoku::{GomokuEvaluator, SearchPosition};
use boardgames_search::{MakeUnmake, Searcher};

/// Gomoku under the rule and size each stored position names.
pub struct Gomoku;

impl SuiteGame for Gomoku {
    const NAME: &'static str = "gomoku";
    const POSITIONS: &'static str = include_str!("../../positions/gomoku.txt");
    type G = SearchPosition;
    type E = GomokuEvaluator;
    /// The tracked position's four kilobytes of shapes are changed and restored in place.
    type W = MakeUnmake;

    fn new_searcher() -> Searcher<SearchPosition, GomokuEvaluator, MakeUnmake> {
        Searcher::make_unmake(GomokuEvaluator::new())
    }

    /// Caro on 15x15 (lines name their own rule and size).
    fn start() -> SearchPosition {
        SearchPosition::new(Position::default())
    }

    fn evaluator() -> GomokuEvaluator {
        GomokuEvaluator::new()
    }

    /// Reads `name rule size moves...` lines.
    fn load(text: &str) -> Result<Vec<Named<SearchPosition>>, String> {
        let mut positions = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let at = |e: String| format!("line {}: {e}", number + 1);
            let line = line.split('#').next().unwrap_or("").trim();
            let mut words = line.split_whitespace();
            let Some(name) = words.next() else {
                continue;
            };
            let (Some(rule), Some(size)) = (words.next(), words.next()) else {
                return Err(at(format!(
                    "position {name}: a rule and a size must follow the name"
                )));
            };
            let rule: Rule = rule.parse().map_err(|e| at(format!("{e}")))?;
            let size: u32 = size
                .parse()
                .map_err(|_| at(format!("the size {size:?} is not a number")))?;
            let start = Position::new(size, rule).map_err(|e| at(e.to_string()))?;
            let moves: Vec<&str> = words.collect();
            let one = format!("{name} {}", moves.join(" "));
            let loaded = load(&one, &SearchPosition::new(start))
                .map_err(|e| at(e.trim_start_matches("line 1: ").to_owned()))?;
            positions.extend(loaded);
        }
        Ok(positions)
    }
}
