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
//! use ai_players::ultimate::{Level, UltimatePlayer};
//! use ai_players::ComputerPlayer;
//! use board_core::Game;
//! use ultimate::Position;
//!
//! let mut normal = UltimatePlayer::new(Level::Normal, 7);
//! let start = Position::new();
//! let mv = normal.choose_move(&start).unwrap();
//! assert!(start.is_legal(mv));
//! assert_eq!(UltimatePlayer::new(Level::Normal, 7).choose_move(&start), Some(mv));
//! ```

mod evaluator;
mod tables;

pub use evaluator::{UltimateEvaluator, Weights};

use crate::ComputerPlayer;
use ai_search::{Evaluator, Limits, Score, Searcher};
use board_core::{zobrist, Game, Rng};
use ultimate::{Move, Position};

/// A computer level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    /// Random legal moves.
    Beginner,
    /// A 3-ply search with a noisy evaluation.
    Normal,
    /// A 400,000-node search.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Beginner, Level::Normal, Level::Expert];

    /// The level's name: `beginner`, `normal` or `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Normal => "normal",
            Level::Expert => "expert",
        }
    }

    /// The search limits of the level (`None` for the beginner, who does not search).
    pub fn limits(self) -> Option<Limits> {
        match self {
            Level::Beginner => None,
            Level::Normal => Some(Limits::depth(3)),
            Level::Expert => Some(Limits::none().with_nodes(400_000)),
        }
    }

    /// The amplitude of the seeded noise added to the evaluation.
    const fn noise(self) -> Score {
        match self {
            Level::Beginner | Level::Expert => 2,
            Level::Normal => 60,
        }
    }
}

/// A level name that is not `beginner`, `normal` or `expert`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown level {text:?}: beginner, normal or expert")]
pub struct ParseLevelError {
    /// The text given.
    pub text: String,
}

impl core::str::FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let lower = text.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| ParseLevelError {
                text: text.to_owned(),
            })
    }
}

/// The evaluator with a seeded noise of at most `amplitude` points: a function of the
/// position and the seed, so the search stays deterministic and consistent.
#[derive(Clone, Copy, Debug)]
pub struct Seeded<E> {
    inner: E,
    seed: u64,
    amplitude: Score,
}

impl<E> Seeded<E> {
    /// `inner` blurred by up to `amplitude` points (0 leaves it as it is).
    pub fn new(inner: E, seed: u64, amplitude: Score) -> Self {
        Seeded {
            inner,
            seed,
            amplitude: amplitude.max(0),
        }
    }
}

impl<E: Evaluator<Position>> Evaluator<Position> for Seeded<E> {
    #[inline]
    fn evaluate(&self, position: &Position) -> Score {
        let base = self.inner.evaluate(position);
        if self.amplitude == 0 {
            return base;
        }
        let span = 2 * self.amplitude as u64 + 1;
        let noise = zobrist::mix64(position.zobrist() ^ self.seed) % span;
        base + noise as Score - self.amplitude
    }

    #[inline]
    fn order_hint(&self, position: &Position, mv: Move) -> Score {
        self.inner.order_hint(position, mv)
    }
}

/// An ultimate tic-tac-toe computer player at one level.
pub struct UltimatePlayer {
    level: Level,
    seed: u64,
    limits: Option<Limits>,
    searcher: Searcher<Position, Seeded<UltimateEvaluator>>,
}

impl UltimatePlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        let evaluator = Seeded::new(UltimateEvaluator::new(), seed, level.noise());
        UltimatePlayer {
            level,
            seed,
            limits: level.limits(),
            searcher: Searcher::new(evaluator)
                .with_table_bytes(4 << 20)
                .with_depth_step(2),
        }
    }

    /// This player searching with other limits (a searching level only; the beginner keeps
    /// playing at random). For tests and tuning: keep a node or depth limit for repeatable
    /// moves.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        if self.limits.is_some() {
            self.limits = Some(limits);
        }
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }
}

impl ComputerPlayer<Position> for UltimatePlayer {
    fn choose_move(&mut self, position: &Position) -> Option<Move> {
        if position.status().is_over() {
            return None;
        }
        match &self.limits {
            None => {
                let mut rng = Rng::new(zobrist::splitmix64(self.seed ^ position.zobrist()));
                position.random_move(&mut rng)
            }
            Some(limits) => {
                // A cold start for every move: the move depends on the position and the seed
                // alone, not on the games played before.
                self.searcher.clear();
                self.searcher.search(position, limits).best_move
            }
        }
    }

    fn name(&self) -> String {
        self.level.name().to_owned()
    }
}
