//! A game with its history: the value behind a Python `State`, behind the object-safe
//! [`DynGame`] so that one Python class serves every game.

use crate::errors::{Error, Result};
use crate::games::{Encoded, StartVisitor};
use boardgames_core::{perft, MoveList, Player, Rng, Status};
use boardgames_search::{Limits, MctsResult, SearchResult};
use std::time::Duration;

/// A game as a Python `State` drives it.
pub trait DynGame: Send + Sync {
    /// A copy with the same history.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// [`Encoded::action_count`].
    fn action_count(&self) -> usize;
    /// [`Encoded::shape`].
    fn shape(&self) -> [usize; 3];
    /// [`Encoded::planes`].
    fn planes(&self) -> &'static [&'static str];
    /// The legal action ids, ascending.
    fn legal_actions(&self) -> Vec<usize>;
    /// Writes the legal-action mask (length [`DynGame::action_count`]).
    fn write_mask(&self, mask: &mut [bool]) -> Result<()>;
    /// Plays an action if it is legal; unchanged otherwise.
    fn apply(&mut self, action: usize) -> Result<()>;
    /// Takes back the last action, returning it; `None` at the start.
    fn undo(&mut self) -> Option<usize>;
    /// Whether the game goes on, and who won.
    fn status(&self) -> Status;
    /// The player to move (the one who would move next once the game is over).
    fn side_to_move(&self) -> Player;
    /// Writes the observation from `perspective`'s side.
    fn write_observation(&self, perspective: Player, out: &mut [f32]) -> Result<()>;
    /// The crate's text diagram.
    fn text(&self) -> String;
    /// The number of board symmetries (0 is the identity).
    fn symmetry_count(&self) -> usize;
    /// The image of an action id under a symmetry.
    fn map_action(&self, symmetry: usize, action: usize) -> Result<usize>;
    /// The image of an observation under a symmetry, into `out`.
    fn map_observation(&self, symmetry: usize, obs: &[f32], out: &mut [f32]) -> Result<()>;
    /// The move of a legal action id in the game's notation.
    fn action_text(&self, action: usize) -> Result<String>;
    /// The action id of a move in the game's notation.
    fn parse_action(&self, text: &str) -> Result<usize>;
    /// The actions played since the start.
    fn history(&self) -> &[usize];
    /// The number of leaf positions `depth` plies ahead.
    fn perft(&self, depth: u32) -> u64;
    /// `count` uniformly random games from here.
    fn playouts(&self, count: u64, seed: u64, max_plies: usize) -> Playouts;
    /// A best action by a search engine.
    fn search(&self, engine: Engine, limits: &Limits, threads: usize) -> Result<Found>;
}

/// The result of [`DynGame::playouts`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Games the first player won.
    pub first: u64,
    /// Games the second player won.
    pub second: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped at the ply cap, unfinished.
    pub unfinished: u64,
    /// Plies played in all.
    pub plies: u64,
}

/// The search engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Alpha-beta negamax with the game's evaluator.
    AlphaBeta,
    /// Monte Carlo tree search with random playouts.
    Mcts,
}

/// What a search found, as action ids.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The best action.
    pub action: usize,
    /// Its move in the game's notation.
    pub text: String,
    /// Alpha-beta's score for the side to move (None for MCTS).
    pub score: Option<i32>,
    /// MCTS's mean value of the move for the side to move, -1 to 1 (None for alpha-beta).
    pub value: Option<f64>,
    /// The depth reached (alpha-beta; 0 for MCTS).
    pub depth: u32,
    /// Nodes visited (alpha-beta) or kept in the tree (MCTS).
    pub nodes: u64,
    /// Simulations run (MCTS; 0 for alpha-beta).
    pub simulations: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The principal variation, as action ids.
    pub pv: Vec<usize>,
    /// `"win"`, `"loss"` or `"draw"` when the search proved the result.
    pub proof: Option<&'static str>,
}

/// A game, its start, the positions before each action (for undo) and the actions played.
#[derive(Clone)]
pub struct Tracked<G: Encoded> {
    current: G,
    earlier: Vec<G>,
    actions: Vec<usize>,
}

impl<G: Encoded> Tracked<G> {
    /// A game at its start position.
    pub fn new(start: G) -> Tracked<G> {
        Tracked {
            current: start,
            earlier: Vec::new(),
            actions: Vec::new(),
        }
    }

    fn found_alpha_beta(&self, result: SearchResult<G::Move>) -> Result<Found> {
        let best = result.best_move.ok_or_else(no_move)?;
        Ok(Found {
            action: self.current.action_id(best),
            text: best.to_string(),
            score: Some(result.score),
            value: None,
            depth: result.depth,
            nodes: result.nodes,
            simulations: 0,
            elapsed: result.elapsed,
            pv: self.pv_ids(result.pv.iter().copied()),
            proof: result.proof.map(|p| p.name()),
        })
    }

    fn found_mcts(&self, result: MctsResult<G::Move>) -> Result<Found> {
        let best = result.best_move.ok_or_else(no_move)?;
        Ok(Found {
            action: self.current.action_id(best),
            text: best.to_string(),
            score: None,
            value: Some(result.value),
            depth: 0,
            nodes: result.tree_nodes as u64,
            simulations: result.simulations,
            elapsed: result.elapsed,
            pv: self.pv_ids(result.pv.iter().map(|s| s.mv)),
            proof: result.proof.map(|p| p.name()),
        })
    }

    /// The ids of a line of moves, each in the position it is played from.
    fn pv_ids(&self, line: impl Iterator<Item = G::Move>) -> Vec<usize> {
        let mut position = self.current.clone();
        line.map(|mv| {
            let id = position.action_id(mv);
            position.play_unchecked(mv);
            id
        })
        .collect()
    }
}

fn no_move() -> Error {
    Error::Other("the search found no move".into())
}

impl<G: Encoded> DynGame for Tracked<G> {
    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn action_count(&self) -> usize {
        self.current.action_count()
    }
    fn shape(&self) -> [usize; 3] {
        self.current.shape()
    }
    fn planes(&self) -> &'static [&'static str] {
        self.current.planes()
    }
    fn legal_actions(&self) -> Vec<usize> {
        let mut moves = MoveList::new();
        self.current.legal_moves(&mut moves);
        let mut ids: Vec<usize> = moves.iter().map(|&mv| self.current.action_id(mv)).collect();
        ids.sort_unstable();
        ids
    }
    fn write_mask(&self, mask: &mut [bool]) -> Result<()> {
        self.current.write_mask(mask)
    }
    fn apply(&mut self, action: usize) -> Result<()> {
        let mv = self.current.action_move(action)?;
        let before = self.current.clone();
        self.current.play_unchecked(mv);
        self.earlier.push(before);
        self.actions.push(action);
        Ok(())
    }
    fn undo(&mut self) -> Option<usize> {
        let before = self.earlier.pop()?;
        self.current = before;
        self.actions.pop()
    }
    fn status(&self) -> Status {
        self.current.status()
    }
    fn side_to_move(&self) -> Player {
        self.current.side_to_move()
    }
    fn write_observation(&self, perspective: Player, out: &mut [f32]) -> Result<()> {
        self.current.write_observation(perspective, out)
    }
    fn text(&self) -> String {
        self.current.text()
    }
    fn symmetry_count(&self) -> usize {
        self.current.symmetry_count()
    }
    fn map_action(&self, symmetry: usize, action: usize) -> Result<usize> {
        self.current.map_action(symmetry, action)
    }
    fn map_observation(&self, symmetry: usize, obs: &[f32], out: &mut [f32]) -> Result<()> {
        self.current.map_observation(symmetry, obs, out)
    }
    fn action_text(&self, action: usize) -> Result<String> {
        // The trait maps ids of legal moves only; the notation of an id is its move's.
        Ok(self.current.action_move(action)?.to_string())
    }
    fn parse_action(&self, text: &str) -> Result<usize> {
        let mv = self
            .current
            .parse_move(text)
            .map_err(|e| Error::Parse(e.to_string()))?;
        Ok(self.current.action_id(mv))
    }
    fn history(&self) -> &[usize] {
        &self.actions
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(&self.current, depth)
    }
    fn playouts(&self, count: u64, seed: u64, max_plies: usize) -> Playouts {
        let mut rng = Rng::new(seed);
        let mut tally = Playouts::default();
        for _ in 0..count {
            let mut game = self.current.clone();
            let (status, plies) = game.random_playout(&mut rng, max_plies);
            tally.plies += plies as u64;
            match status {
                Status::Won(Player::First) => tally.first += 1,
                Status::Won(Player::Second) => tally.second += 1,
                Status::Draw => tally.draws += 1,
                Status::Ongoing => tally.unfinished += 1,
            }
        }
        tally
    }
    fn search(&self, engine: Engine, limits: &Limits, threads: usize) -> Result<Found> {
        if self.current.status().is_over() {
            return Err(Error::Illegal(
                "the game is over: there is nothing to search".into(),
            ));
        }
        match engine {
            Engine::AlphaBeta => {
                let result = self.current.search(limits, threads).map_err(Error::Other)?;
                self.found_alpha_beta(result)
            }
            Engine::Mcts => {
                let result = self.current.mcts(limits, threads).map_err(Error::Other)?;
                self.found_mcts(result)
            }
        }
    }
}

/// Builds a [`Tracked`] game behind [`DynGame`] from a start position.
pub struct MakeState;

impl StartVisitor<Box<dyn DynGame>> for MakeState {
    fn visit<G: Encoded>(self, start: G) -> Box<dyn DynGame> {
        Box::new(Tracked::new(start))
    }
}
