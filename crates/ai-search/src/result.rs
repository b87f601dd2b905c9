//! What a search returns.

use crate::score::{self, Score};
use std::time::Duration;

/// A result the search proved, not just estimated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Proof {
    /// The side to move wins with best play.
    Win,
    /// The side to move loses against best play.
    Loss,
    /// Best play by both sides draws.
    Draw,
}

impl Proof {
    /// The proof a score carries: wins and losses by their distance band; a draw only when the
    /// search saw every line to its end (`complete`).
    pub fn from_score(score: Score, complete: bool) -> Option<Proof> {
        if score > score::MAX_EVAL {
            Some(Proof::Win)
        } else if score < -score::MAX_EVAL {
            Some(Proof::Loss)
        } else if complete && score == 0 {
            Some(Proof::Draw)
        } else {
            None
        }
    }

    /// The referee's word: `win`, `loss` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Proof::Win => "win",
            Proof::Loss => "loss",
            Proof::Draw => "draw",
        }
    }
}

/// The best move of the last completed iteration (or a win proved in the iteration the limits
/// stopped: [`crate::Searcher::search`]) and the search's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The best move; `None` only when the game is already over.
    pub best_move: Option<M>,
    /// Its score from the side to move's view.
    pub score: Score,
    /// The depth of the last completed iteration, in plies: the best move, score and
    /// principal variation are that iteration's (or a win proved in the next one, which the
    /// limits stopped). With several threads, the deepest iteration any thread completed. A
    /// search to `Limits::depth(d)` that is not stopped early reports `d` (or less when it
    /// proved the result sooner); a search by time reports the last iteration it finished,
    /// which with [`crate::Searcher::with_depth_step`] above 1 is a multiple of the step.
    pub depth: u32,
    /// Nodes visited, all iterations together.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Transposition table probes that found their position.
    pub table_hits: u64,
    /// The principal variation, starting with the best move.
    pub pv: Vec<M>,
    /// A proven result, when the search proved one.
    pub proof: Option<Proof>,
}

impl<M> SearchResult<M> {
    pub(crate) fn empty() -> Self {
        SearchResult {
            best_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            table_hits: 0,
            pv: Vec::new(),
            proof: None,
        }
    }

    /// Nodes per second over the whole search.
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }

    /// The number of plies to the end of a proven win or loss.
    pub fn plies_to_end(&self) -> Option<usize> {
        score::plies_to_end(self.score)
    }
}
