//! The face every player of a match shows the match loop, and what each move's search
//! reached; and the alpha-beta player each game builds. It uses nothing of the arena, so that
//! the games and the choice of player (`players`) both build on it.

use boardgames_core::Game;
use boardgames_search::{CopyMake, Evaluator, Limits, Searcher, Walk};

/// What one move's search reached, for the report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct MoveInfo {
    /// The depth of the last completed alpha-beta iteration.
    pub depth: Option<u32>,
    /// MCTS simulations run.
    pub simulations: Option<u64>,
}

/// A player in the arena: a move for a position, and what its search reached.
pub(crate) trait Contestant<P: Game> {
    /// The move to play in the ongoing `position`; `None` is a forfeit.
    fn choose(&mut self, position: &P) -> Option<P::Move>;
    /// What the last move's search reached.
    fn info(&self) -> MoveInfo;
}

/// Alpha-beta with a game's evaluator, on the search form `S` of the position the arena
/// gives (the same position for most games; gomoku's keeps its threat shapes up to date).
/// The table is kept from move to move within a game, as an engine keeps it.
pub(crate) struct AlphaBeta<S: Game, E: Evaluator<S>, P, W: Walk<S> = CopyMake> {
    searcher: Searcher<S, E, W>,
    limits: Limits,
    convert: fn(&P) -> S,
    depth: Option<u32>,
}

impl<S: Game, E: Evaluator<S>, P, W: Walk<S>> AlphaBeta<S, E, P, W> {
    /// A player searching with `searcher` within `limits`, on `convert` of each position.
    pub fn new(searcher: Searcher<S, E, W>, limits: Limits, convert: fn(&P) -> S) -> Self {
        AlphaBeta {
            searcher,
            limits,
            convert,
            depth: None,
        }
    }
}

impl<S, E, P, W> Contestant<P> for AlphaBeta<S, E, P, W>
where
    P: Game,
    S: Game<Move = P::Move>,
    E: Evaluator<S>,
    W: Walk<S>,
{
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        let result = self
            .searcher
            .search(&(self.convert)(position), &self.limits);
        self.depth = Some(result.depth);
        result.best_move
    }

    fn info(&self) -> MoveInfo {
        MoveInfo {
            depth: self.depth,
            simulations: None,
        }
    }
}
