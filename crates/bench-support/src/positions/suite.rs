//! The suite's shape: what a game of the suite provides, and the positions files it reads.

use boardgames_core::{replay, Game};
use boardgames_search::{Evaluator, Searcher, Walk};

/// A game of the suite: its start position, its evaluator and its positions file.
pub trait SuiteGame {
    /// The game's name in tables and on the command line.
    const NAME: &'static str;
    /// The positions file's text.
    const POSITIONS: &'static str;
    /// The rules.
    type G: Game;
    /// The evaluator the search uses.
    type E: Evaluator<Self::G>;
    /// How the search reaches a child: a copy (the default), or make/unmake where the position
    /// carries large incremental state.
    type W: Walk<Self::G>;
    /// The plies between two iterations of iterative deepening (`Searcher::with_depth_step`).
    const DEPTH_STEP: u32 = 1;
    /// The start position the stored move lists are played from.
    fn start() -> Self::G;
    /// The evaluator.
    fn evaluator() -> Self::E;
    /// A searcher of the game's walk with its evaluator (`Searcher::new` for copy-make).
    fn new_searcher() -> Searcher<Self::G, Self::E, Self::W>;
    /// The stored positions from the positions file's text; a game whose lines carry more
    /// than a name and moves (gomoku: a rule and a size) reads them its own way.
    fn load(text: &str) -> Result<Vec<Named<Self::G>>, String> {
        load(text, &Self::start())
    }
}

/// A named position of a positions file.
pub struct Named<G> {
    /// The position's name.
    pub name: String,
    /// The position.
    pub position: G,
}

/// Reads a positions file: every line played from `start`, or the first problem found.
pub fn load<G: Game>(text: &str, start: &G) -> Result<Vec<Named<G>>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let mut words = line.split_whitespace();
        let Some(name) = words.next() else {
            continue;
        };
        let mut position = start.clone();
        replay(&mut position, words).map_err(|e| {
            format!(
                "line {}: position {name}: move {}: {}",
                number + 1,
                e.ply() + 1,
                e.reason()
            )
        })?;
        if position.status().is_over() {
            return Err(format!("line {}: position {name} is over", number + 1));
        }
        positions.push(Named {
            name: name.to_owned(),
            position,
        });
    }
    Ok(positions)
}
