//! Ultimate tic-tac-toe: an evaluator ([`UltimateEvaluator`]) and three computer levels.
//!
//! - [`Level::Beginner`]: a random legal move.
//! - [`Level::Normal`]: a shallow search (3 plies) with the evaluator blurred by seeded noise,
//!   so it takes a small board or the game when it sees one, blocks the obvious, and
//!   otherwise plays loosely.
//! - [`Level::Expert`]: MCTS with the built-in network's policy as priors
//!   ([`learned::WEIGHTS`], at temperature [`EXPERT_PRIOR_TEMPERATURE`]) and random playouts
//!   at the leaves, [`EXPERT_SIMULATIONS`] simulations a move (0.1 to 0.2 s in a release
//!   build). If the network cannot be used, the expert is the alpha-beta search of the
//!   evaluator (400,000 nodes) and [`UltimatePlayer::error`] says why.
//!
//! The levels are search limits, not time: a node or simulation budget gives the same move on
//! every machine. The searches start cold for every move, seeded by the seed (and the
//! position, for MCTS), so the same seed and position always give the same move. Alpha-beta
//! breaks ties by a seeded noise of one or two points in the evaluation, and deepens two
//! plies at a time (`Searcher::with_depth_step(2)`): the
//! evaluation's side-to-move bonus makes odd and even depths differ, and the even ones are
//! cheaper. The evaluator gives no move-ordering hint: measured on the benchmark positions,
//! the search's own killers, countermoves and history order better without one.
//!
//! ```
//! use boardgames_players::ultimate::{Level, UltimatePlayer};
//! use boardgames_players::ComputerPlayer;
//! use boardgames_core::Game;
//! use boardgames_ultimate::Position;
//!
//! let mut normal = UltimatePlayer::new(Level::Normal, 7);
//! let start = Position::new();
//! let mv = normal.choose_move(&start).unwrap();
//! assert!(start.is_legal(mv));
//! assert_eq!(UltimatePlayer::new(Level::Normal, 7).choose_move(&start), Some(mv));
//! ```

mod evaluator;
mod expert;
pub mod learned;
mod playout;
mod tables;

pub use evaluator::{UltimateEvaluator, Weights};
pub use expert::{EXPERT_PLAYOUT_SHARE, EXPERT_PRIOR_TEMPERATURE, EXPERT_SIMULATIONS};
pub use learned::LearnedPlayer;
pub use playout::{decisive_move, DecisivePlayout};

use crate::net::WeightsError;
use expert::LearnedSearch;

use crate::{ComputerPlayer, LevelSearch};
use boardgames_core::Game;
use boardgames_search::{Limits, Score, Searcher};
use boardgames_ultimate::Position;

pub use crate::{Level, ParseLevelError, Seeded};

/// The search limits of a level (`None` for the beginner, who plays at random): normal
/// searches 3 plies with a noisy evaluation, the expert [`EXPERT_SIMULATIONS`] simulations
/// (its alpha-beta fallback 400,000 nodes).
pub fn level_limits(level: Level) -> Option<Limits> {
    match level {
        Level::Beginner => None,
        Level::Normal => Some(Limits::depth(3)),
        Level::Expert => Some(Limits::simulations(EXPERT_SIMULATIONS)),
    }
}

/// The alpha-beta search limits of a level: [`level_limits`], the expert 400,000 nodes.
fn alpha_beta_limits(level: Level) -> Option<Limits> {
    match level {
        Level::Expert => Some(Limits::none().with_nodes(400_000)),
        _ => level_limits(level),
    }
}

/// The amplitude of the seeded noise a level adds to the evaluation.
const fn level_noise(level: Level) -> Score {
    match level {
        Level::Beginner | Level::Expert => 2,
        Level::Normal => 60,
    }
}

/// An ultimate tic-tac-toe computer player at one level.
pub struct UltimatePlayer {
    inner: LevelSearch<Position, Seeded<UltimateEvaluator>>,
    /// The expert's learned search (`None`: the alpha-beta search plays).
    learned: Option<LearnedSearch>,
    error: Option<WeightsError>,
}

impl UltimatePlayer {
    /// A player at `level`, its choices seeded by `seed`: the expert searches with the
    /// built-in network, or with alpha-beta if the network cannot be used.
    pub fn new(level: Level, seed: u64) -> Self {
        let mut player = UltimatePlayer::alpha_beta(level, seed);
        if level == Level::Expert {
            match LearnedSearch::new(seed) {
                Ok(search) => player.learned = Some(search),
                Err(error) => player.error = Some(error),
            }
        }
        player
    }

    /// A player at `level` whose searching levels all use alpha-beta with the evaluator (the
    /// expert 400,000 nodes), seeded by `seed`.
    pub fn alpha_beta(level: Level, seed: u64) -> Self {
        let evaluator = Seeded::new(UltimateEvaluator::new(), seed, level_noise(level));
        let searcher = Searcher::new(evaluator)
            .with_table_bytes(4 << 20)
            .with_depth_step(2);
        UltimatePlayer {
            inner: LevelSearch::from_parts(level, seed, alpha_beta_limits(level), searcher),
            learned: None,
            error: None,
        }
    }

    /// This player searching with other limits (a searching level only; the beginner keeps
    /// playing at random): the learned expert's simulations, or alpha-beta's depth, nodes
    /// and time (an alpha-beta expert given no depth or nodes keeps its 400,000 nodes). For
    /// tests and tuning: keep a node, depth or simulation limit for repeatable moves.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        let alpha_beta = match (self.level(), limits.depth, limits.nodes) {
            (Level::Expert, None, None) => limits.clone().with_nodes(400_000),
            _ => limits.clone(),
        };
        if let Some(search) = &mut self.learned {
            search.limits = limits;
        }
        self.inner = self.inner.with_limits(alpha_beta);
        self
    }

    /// This player with a transposition table of at most `bytes` bytes instead of the level's
    /// own (it is cleared before every move, so a small budget wants a small table; the
    /// learned expert has none).
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.inner = self.inner.with_table_bytes(bytes);
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.inner.level()
    }

    /// Whether the built-in network plays (the expert, unless its network could not be used).
    pub fn is_learned(&self) -> bool {
        self.learned.is_some()
    }

    /// Why the expert's network could not be used (it then searches with alpha-beta).
    pub fn error(&self) -> Option<&WeightsError> {
        self.error.as_ref()
    }
}

impl ComputerPlayer<Position> for UltimatePlayer {
    fn choose_move(&mut self, position: &Position) -> Option<<Position as Game>::Move> {
        match &self.learned {
            Some(search) => search.choose_move(position),
            None => self.inner.choose_move(position),
        }
    }

    fn name(&self) -> String {
        self.inner.name()
    }
}
