//! Monte Carlo tree search computer players, beside the alpha-beta levels, for every game.
//!
//! [`MctsPlayer`] drives [`boardgames_search::Mcts`] under fixed [`Limits`] (simulations, time,
//! tree size, a stop flag): it needs no evaluator, so the same player works on every
//! [`Game`]. Leaves are valued by uniformly random playouts unless another
//! [`Leaf`] is given ([`MctsPlayer::with_leaf`]). The tree is kept from move to move when the
//! next position is one or two plies on (tree reuse), so a player asked about the positions of
//! one game in order searches each from what it already knows; [`MctsPlayer::new_game`] forgets
//! it.
//!
//! The aliases [`TicTacToeMcts`], [`UltimateMcts`], [`GomokuMcts`] and [`MorrisMcts`] name the
//! player of each game. Morris's runs on the bare position, as its alpha-beta levels do: it does
//! not see the draw rules of a [`boardgames_morris::Match`].
//!
//! With a simulation limit, one thread and no time limit, the same seed and the same positions
//! in the same order give the same moves; with a time limit the moves depend on the machine.
//!
//! ```
//! use boardgames_players::mcts::UltimateMcts;
//! use boardgames_players::ComputerPlayer;
//! use boardgames_core::Game;
//! use boardgames_search::Limits;
//! use boardgames_ultimate::Position;
//!
//! let mut player = UltimateMcts::new(Limits::simulations(2_000), 7);
//! let start = Position::new();
//! let mv = player.choose_move(&start).unwrap();
//! assert!(start.is_legal(mv));
//! assert_eq!(player.last_result().unwrap().simulations, 2_000);
//! assert_eq!(player.name(), "mcts 2000 sims");
//! ```

use crate::ComputerPlayer;
use boardgames_core::Game;
use boardgames_search::mcts::ParallelGame;
use boardgames_search::{
    InvalidExploration, InvalidFpuReduction, Leaf, Limits, Mcts, MctsResult, RandomPlayout,
};

/// An MCTS computer player: a searcher, its limits per move, and the last search's statistics.
pub struct MctsPlayer<G: Game, L: Leaf<G> = RandomPlayout> {
    mcts: Mcts<G, L>,
    limits: Limits,
    last: Option<MctsResult<G::Move>>,
}

/// Tic-tac-toe's MCTS player (random playouts).
pub type TicTacToeMcts = MctsPlayer<boardgames_tictactoe::Position>;
/// Ultimate tic-tac-toe's MCTS player (random playouts).
pub type UltimateMcts = MctsPlayer<boardgames_ultimate::Position>;
/// Gomoku's MCTS player (random playouts), under any rule and board size.
pub type GomokuMcts = MctsPlayer<boardgames_gomoku::Position>;
/// Nine men's morris's MCTS player (random playouts, capped at 1000 plies), on the bare
/// position.
pub type MorrisMcts = MctsPlayer<boardgames_morris::Position>;

impl<G: Game> MctsPlayer<G, RandomPlayout> {
    /// A player valuing leaves by random playouts, searching each move within `limits`, its
    /// playouts seeded by `seed`. Limits with neither simulations, time nor a stop flag search
    /// until the tree is full (see [`boardgames_search::MctsConfig::max_nodes`]).
    pub fn new(limits: Limits, seed: u64) -> Self {
        MctsPlayer::with_leaf(RandomPlayout::default(), limits, seed)
    }
}

impl<G: Game, L: Leaf<G>> MctsPlayer<G, L> {
    /// A player valuing leaves with `leaf` (a [`boardgames_search::Heuristic`] evaluator, for
    /// instance), searching each move within `limits`, seeded by `seed`.
    pub fn with_leaf(leaf: L, limits: Limits, seed: u64) -> Self {
        MctsPlayer {
            mcts: Mcts::new(leaf).with_seed(seed),
            limits,
            last: None,
        }
    }

    /// This player with UCT exploration constant `c` (a finite number, at least 0).
    pub fn with_exploration(mut self, c: f64) -> Result<Self, InvalidExploration> {
        self.mcts = self.mcts.with_exploration(c)?;
        Ok(self)
    }

    /// This player valuing untried moves, under PUCT, as the position's mean value less `r`
    /// rather than as a draw (see [`boardgames_search::MctsConfig::fpu_reduction`]).
    pub fn with_fpu_reduction(mut self, r: f64) -> Result<Self, InvalidFpuReduction> {
        self.mcts = self.mcts.with_fpu_reduction(r)?;
        Ok(self)
    }

    /// This player expanding a leaf once it has had `visits` visits, valuing it again until
    /// then (see [`boardgames_search::MctsConfig::expand_after`]; 1 by default).
    pub fn with_expand_after(mut self, visits: u32) -> Self {
        self.mcts = self.mcts.with_expand_after(visits);
        self
    }

    /// This player keeping at most `nodes` tree nodes per thread (about 32 bytes each).
    pub fn with_max_nodes(mut self, nodes: usize) -> Self {
        self.mcts = self.mcts.with_max_nodes(nodes);
        self
    }

    /// This player keeping its tree from move to move or not (on by default).
    pub fn with_tree_reuse(mut self, on: bool) -> Self {
        self.mcts = self.mcts.with_tree_reuse(on);
        self
    }

    /// The limits of each move's search.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The searcher, for its settings.
    pub fn searcher(&self) -> &Mcts<G, L> {
        &self.mcts
    }

    /// The statistics of the last search (`None` before the first, and after
    /// [`MctsPlayer::new_game`]).
    pub fn last_result(&self) -> Option<&MctsResult<G::Move>> {
        self.last.as_ref()
    }

    /// Forgets the tree and the last result, for a new game.
    pub fn new_game(&mut self) {
        self.mcts.clear();
        self.last = None;
    }

    /// Searches `position` within the player's limits and returns the whole result (the move
    /// with its statistics); a finished game gets no move.
    pub fn search(&mut self, position: &G) -> &MctsResult<G::Move> {
        let result = self.mcts.search(position, &self.limits);
        self.last.insert(result)
    }
}

impl<G: ParallelGame, L: Leaf<G> + Send> MctsPlayer<G, L> {
    /// This player searching with `threads` threads (root-parallel; 0 counts as 1).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.mcts = self.mcts.with_threads(threads);
        self
    }
}

impl<G: Game, L: Leaf<G>> ComputerPlayer<G> for MctsPlayer<G, L> {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        if position.status().is_over() {
            return None;
        }
        self.search(position).best_move
    }

    /// `mcts`, then the limits: `mcts 200ms`, `mcts 10000 sims`, `mcts 10000 sims 1s`.
    fn name(&self) -> String {
        let mut name = String::from("mcts");
        if let Some(simulations) = self.limits.simulations {
            name.push_str(&format!(" {simulations} sims"));
        }
        if let Some(time) = self.limits.time {
            name.push_str(&format!(" {}ms", time.as_millis()));
        }
        if self.mcts.config().threads > 1 {
            name.push_str(&format!(" {} threads", self.mcts.config().threads));
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::{Rng, Status};

    /// Plays a whole game between two MCTS players from `start`, checking every move is legal,
    /// and returns the final status.
    fn self_play<G: Game>(start: G, simulations: u64, seed: u64) -> Status {
        let mut players = [
            MctsPlayer::<G>::new(Limits::simulations(simulations), seed),
            MctsPlayer::<G>::new(Limits::simulations(simulations), seed ^ 1),
        ];
        let mut game = start;
        let mut plies = 0;
        while !game.status().is_over() && plies < 400 {
            let side = game.side_to_move() as usize;
            let mv = players[side]
                .choose_move(&game)
                .expect("an ongoing game has a move");
            assert!(game.is_legal(mv), "illegal move {mv} at ply {plies}");
            game.play(mv).unwrap();
            plies += 1;
        }
        assert_eq!(
            players[0].choose_move(&game).is_some(),
            !game.status().is_over()
        );
        game.status()
    }

    #[test]
    fn every_game_only_legal_moves() {
        for seed in 0..3 {
            self_play(boardgames_tictactoe::Position::new(), 200, seed);
            self_play(boardgames_ultimate::Position::new(), 200, seed);
            let gomoku =
                boardgames_gomoku::Position::new(9, boardgames_gomoku::Rule::FREESTYLE).unwrap();
            self_play(gomoku, 100, seed);
        }
        // Morris games can run long; a capped game still checks every move it made.
        self_play(boardgames_morris::Position::new(), 100, 5);
    }

    #[test]
    fn random_positions_get_legal_moves() {
        let mut rng = Rng::new(11);
        let mut player = UltimateMcts::new(Limits::simulations(50), 3);
        for _ in 0..40 {
            let mut position = boardgames_ultimate::Position::new();
            let plies = rng.below(50) as usize;
            for _ in 0..plies {
                match position.random_move(&mut rng) {
                    Some(mv) => position.play_unchecked(mv),
                    None => break,
                }
            }
            match player.choose_move(&position) {
                Some(mv) => assert!(position.is_legal(mv)),
                None => assert!(position.status().is_over()),
            }
        }
    }

    #[test]
    fn tictactoe_takes_the_win_and_blocks() {
        let mut player = TicTacToeMcts::new(Limits::simulations(3_000), 1);
        let win: boardgames_tictactoe::Position = "XX./OO./...".parse().unwrap();
        assert_eq!(player.choose_move(&win).unwrap().to_string(), "c3");
        // O to move must block X's top row at c3 or lose.
        let block: boardgames_tictactoe::Position = "XX./O../...".parse().unwrap();
        player.new_game();
        assert_eq!(player.choose_move(&block).unwrap().to_string(), "c3");
    }

    #[test]
    fn same_seed_same_moves_and_names() {
        let start = boardgames_ultimate::Position::new();
        let a = UltimateMcts::new(Limits::simulations(500), 9).choose_move(&start);
        let b = UltimateMcts::new(Limits::simulations(500), 9).choose_move(&start);
        assert_eq!(a, b);
        let limits = Limits::simulations(10).with_time(std::time::Duration::from_millis(250));
        assert_eq!(UltimateMcts::new(limits, 0).name(), "mcts 10 sims 250ms");
        assert!(UltimateMcts::new(Limits::none(), 0)
            .with_exploration(f64::NAN)
            .is_err());
    }

    #[test]
    fn threads_still_play_legal_moves() {
        let start = boardgames_ultimate::Position::new();
        let mut player = UltimateMcts::new(Limits::simulations(400), 2).with_threads(2);
        let mv = player.choose_move(&start).unwrap();
        assert!(start.is_legal(mv));
        assert_eq!(player.last_result().unwrap().simulations, 400);
        assert!(player.name().ends_with("2 threads"));
    }
}
