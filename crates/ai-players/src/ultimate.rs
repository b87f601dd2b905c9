//! Ultimate tic-tac-toe: an evaluator ([`UltimateEvaluator`]) and three computer levels.
//!
//! - [`Level::Beginner`]: a random legal move.
//! - [`Level::Normal`]: a shallow search (3 plies) with the evaluator blurred by seeded noise,
//!   so it takes a small board or the game when it sees one, blocks the obvious, and
//!   otherwise plays loosely.
//! - [`Level::Expert`]: a deep search (400,000 nodes, about 0.1 s a move in a release build).
//!
//! The levels are search limits, not time: a node budget gives the same move on every
//! machine. Ties are broken by a seeded noise of one or two points in the evaluation, and the
//! searcher starts cold for every move, so the same seed and position always give the same
//! move. The searcher deepens two plies at a time (`Searcher::with_depth_step(2)`): the
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
pub mod learned;
mod tables;

pub use evaluator::{UltimateEvaluator, Weights};
pub use learned::LearnedPlayer;

use crate::{ComputerPlayer, LevelSearch};
use boardgames_core::Game;
use boardgames_search::{Limits, Score, Searcher};
use boardgames_ultimate::Position;

pub use crate::{Level, ParseLevelError, Seeded};

/// The search limits of a level (`None` for the beginner, who plays at random): normal
/// searches 3 plies with a noisy evaluation, expert 400,000 nodes.
pub fn level_limits(level: Level) -> Option<Limits> {
    match level {
        Level::Beginner => None,
        Level::Normal => Some(Limits::depth(3)),
        Level::Expert => Some(Limits::none().with_nodes(400_000)),
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
}

impl UltimatePlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        let evaluator = Seeded::new(UltimateEvaluator::new(), seed, level_noise(level));
        let searcher = Searcher::new(evaluator)
            .with_table_bytes(4 << 20)
            .with_depth_step(2);
        UltimatePlayer {
            inner: LevelSearch::from_parts(level, seed, level_limits(level), searcher),
        }
    }

    /// This player searching with other limits (a searching level only; the beginner keeps
    /// playing at random). For tests and tuning: keep a node or depth limit for repeatable
    /// moves.
    pub fn with_limits(self, limits: Limits) -> Self {
        UltimatePlayer {
            inner: self.inner.with_limits(limits),
        }
    }

    /// This player with a transposition table of at most `bytes` bytes instead of the level's
    /// own (it is cleared before every move, so a small budget wants a small table).
    pub fn with_table_bytes(self, bytes: usize) -> Self {
        UltimatePlayer {
            inner: self.inner.with_table_bytes(bytes),
        }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.inner.level()
    }
}

impl ComputerPlayer<Position> for UltimatePlayer {
    fn choose_move(&mut self, position: &Position) -> Option<<Position as Game>::Move> {
        self.inner.choose_move(position)
    }

    fn name(&self) -> String {
        self.inner.name()
    }
}
