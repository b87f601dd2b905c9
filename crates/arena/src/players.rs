//! The players of a match, whatever their kind, behind one trait that also reports what each
//! move's search reached.

use crate::games::ArenaGame;
use crate::player_spec::{Kind, PlayerSpec};
use boardgames_core::{Game, Rng};
use boardgames_players::{ComputerPlayer, MctsPlayer};
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

/// A computer level of ai-players (its search is not reported).
struct LevelPlayer<P: Game>(Box<dyn ComputerPlayer<P>>);

impl<P: Game> Contestant<P> for LevelPlayer<P> {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        self.0.choose_move(position)
    }

    fn info(&self) -> MoveInfo {
        MoveInfo::default()
    }
}

/// Uniformly random legal moves.
struct RandomPlayer(Rng);

impl<P: Game> Contestant<P> for RandomPlayer {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        position.random_move(&mut self.0)
    }

    fn info(&self) -> MoveInfo {
        MoveInfo::default()
    }
}

impl<P: Game> Contestant<P> for MctsPlayer<P> {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        self.choose_move(position)
    }

    fn info(&self) -> MoveInfo {
        MoveInfo {
            depth: None,
            simulations: self.last_result().map(|r| r.simulations),
        }
    }
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

/// The limits of a searching spec.
pub(crate) fn limits(spec: &PlayerSpec) -> Limits {
    let mut limits = Limits::none();
    limits.depth = spec.depth;
    limits.nodes = spec.nodes;
    limits.simulations = spec.simulations;
    limits.time = spec.time;
    limits
}

/// A fresh player for one game of a match, its choices seeded by `seed`.
pub(crate) fn build<G: ArenaGame>(
    game: &G,
    spec: &PlayerSpec,
    seed: u64,
) -> Result<Box<dyn Contestant<G::Pos>>, String> {
    Ok(match spec.kind {
        Kind::Random => Box::new(RandomPlayer(Rng::new(seed))),
        Kind::Level(level) => Box::new(LevelPlayer(game.level(level, seed))),
        Kind::AlphaBeta => game.alpha_beta(limits(spec), spec.threads),
        Kind::Mcts => {
            let mut player =
                MctsPlayer::<G::Pos>::new(limits(spec), seed).with_threads(spec.threads);
            if let Some(c) = spec.exploration {
                player = player.with_exploration(c).map_err(|e| e.to_string())?;
            }
            Box::new(player)
        }
    })
}
