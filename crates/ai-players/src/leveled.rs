//! The part every searching computer player shares: a level, a seed, the level's limits and a
//! searcher with a seeded evaluator.

use crate::{ComputerPlayer, Level};
use boardgames_core::{zobrist, Game, Rng};
use boardgames_search::{CopyMake, Evaluator, Limits, Searcher, Walk};

/// A computer player that searches with its level's limits, or plays a seeded random move when
/// the level does not search (the beginners). Each move starts from a cleared table, so the
/// move depends on the position and the seed alone, not on the games played before.
///
/// The games' players ([`crate::ultimate::UltimatePlayer`], [`crate::morris::MorrisPlayer`],
/// [`crate::gomoku::GomokuPlayer`]) wrap one, made by their own `new(level, seed)`; a player
/// of another game with its own evaluator can be one directly.
pub struct LevelSearch<G: Game, E: Evaluator<G>, W: Walk<G> = CopyMake> {
    level: Level,
    seed: u64,
    limits: Option<Limits>,
    searcher: Searcher<G, E, W>,
}

impl<G: Game, E: Evaluator<G>, W: Walk<G>> LevelSearch<G, E, W> {
    /// A player at `level` searching with `limits` (`None`: random moves) and `searcher`.
    pub fn from_parts(
        level: Level,
        seed: u64,
        limits: Option<Limits>,
        searcher: Searcher<G, E, W>,
    ) -> Self {
        LevelSearch {
            level,
            seed,
            limits,
            searcher,
        }
    }

    /// This player searching with other limits (a searching level only; one that plays at
    /// random keeps doing so). For tests and tuning: keep a node or depth limit for repeatable
    /// moves.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        if self.limits.is_some() {
            self.limits = Some(limits);
        }
        self
    }

    /// This player with a transposition table of at most `bytes` bytes instead of the level's
    /// own (it is cleared before every move, so a small budget wants a small table).
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.searcher = self.searcher.with_table_bytes(bytes);
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed of the player's choices.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The evaluator of the player's search.
    pub fn evaluator(&self) -> &E {
        self.searcher.evaluator()
    }

    /// `true` when the player searches (it has limits), `false` when it plays at random.
    pub fn searches(&self) -> bool {
        self.limits.is_some()
    }

    /// The best move of a cold search within the limits; `None` when the game is over or the
    /// player does not search.
    pub fn search_move(&mut self, position: &G) -> Option<G::Move> {
        let limits = self.limits.as_ref()?;
        if position.status().is_over() {
            return None;
        }
        self.searcher.clear();
        self.searcher.search(position, limits).best_move
    }

    /// A random legal move, seeded by the player's seed and the position.
    pub fn seeded_random_move(&self, position: &G) -> Option<G::Move> {
        let mut rng = Rng::new(zobrist::splitmix64(self.seed ^ position.zobrist()));
        position.random_move(&mut rng)
    }
}

impl<G: Game, E: Evaluator<G>, W: Walk<G>> ComputerPlayer<G> for LevelSearch<G, E, W> {
    fn choose_move(&mut self, position: &G) -> Option<G::Move> {
        if position.status().is_over() {
            None
        } else if self.searches() {
            self.search_move(position)
        } else {
            self.seeded_random_move(position)
        }
    }

    fn name(&self) -> String {
        self.level.name().to_owned()
    }
}
