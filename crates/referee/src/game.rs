//! The trait each game implements to be served: its options, its searches and its additions
//! to the `state` answer.

use crate::answers;
use serde_json::Value;

/// A game the referee can serve: a [`boardgames_core::Game`] built from the request's `options`.
pub trait RefereeGame: boardgames_core::Game + Sized {
    /// The start position for these options, or an error naming the bad option.
    fn from_options(options: &serde_json::Map<String, Value>) -> Result<Self, String>;

    /// A best move by the ai-search crate's alpha-beta with the game's evaluator, on
    /// `threads` threads (the `search` op; Lazy SMP above 1).
    fn search(
        &self,
        _limits: &boardgames_search::Limits,
        _threads: usize,
    ) -> Result<boardgames_search::SearchResult<Self::Move>, String> {
        Err("\"search\" is not available for this game yet".into())
    }

    /// A best move by Monte Carlo tree search with random playouts on `threads` threads
    /// (root-parallel), the `search` op with `"engine": "mcts"`. The default searches the
    /// game as served, its draw rules included.
    fn mcts(
        &self,
        limits: &boardgames_search::Limits,
        threads: usize,
    ) -> Result<boardgames_search::MctsResult<Self::Move>, String>
    where
        Self: Send + Sync,
        Self::Move: Send + Sync,
    {
        let mut mcts = boardgames_search::Mcts::new(boardgames_search::RandomPlayout::default())
            .with_threads(threads);
        Ok(mcts.search(self, limits))
    }

    /// The `search` answer of `engine` (`"alphabeta"`, [`RefereeGame::search`], or `"mcts"`,
    /// [`RefereeGame::mcts`]) within `limits` on `threads` threads. A game that searches
    /// another game (a gomoku opening searches its stones) answers with that game's.
    fn search_answer(
        &self,
        engine: &str,
        limits: &boardgames_search::Limits,
        threads: usize,
    ) -> Result<Value, Value>
    where
        Self: Send + Sync,
        Self::Move: Send + Sync,
    {
        match engine {
            "alphabeta" => {
                answers::alpha_beta_answer(self.search(limits, threads).map_err(answers::error)?)
            }
            _ => answers::mcts_answer(self.mcts(limits, threads).map_err(answers::error)?),
        }
    }

    /// Fields the game adds to a `state` answer (a gomoku opening: which seat plays which
    /// colour). None by default.
    fn state_fields(&self, _answer: &mut serde_json::Map<String, Value>) {}
}
