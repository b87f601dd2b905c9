//! Nine men's morris: an evaluator ([`MorrisEvaluator`]) and three computer levels.
//!
//! - [`Level::Beginner`]: a uniformly random legal move.
//! - [`Level::Normal`]: a 3-ply search with the evaluation blurred by seeded noise: it sees a
//!   mill to close or to block, but plans little.
//! - [`Level::Expert`]: a deep search (up to 600,000 nodes, about a quarter of a second in a
//!   release build).
//!
//! The levels are search limits, not time: a node budget gives the same move on every
//! machine. Ties are broken by a seeded noise of a point or two in the evaluation, and the
//! searcher starts cold for every move, so the same seed and position always give the same
//! move.
//!
//! **Repetitions.** The search runs on the bare [`morris::Position`], which keeps no history:
//! it does not see threefold repetition or a quiet-move rule ([`morris::Match`]'s draw
//! rules), and a position met again in the tree is searched like any other. A player in a
//! game with draw rules is asked about the match's current position and may walk into a
//! repetition draw it did not foresee.
//!
//! ```
//! use ai_players::morris::{Level, MorrisPlayer};
//! use ai_players::ComputerPlayer;
//! use board_core::Game;
//! use morris::Position;
//!
//! let mut normal = MorrisPlayer::new(Level::Normal, 7);
//! let start = Position::new();
//! let mv = normal.choose_move(&start).unwrap();
//! assert!(start.is_legal(mv));
//! assert_eq!(MorrisPlayer::new(Level::Normal, 7).choose_move(&start), Some(mv));
//! ```

mod evaluator;

pub use evaluator::{MorrisEvaluator, Weights};

use crate::ComputerPlayer;
use ai_search::{Evaluator, Limits, Score, Searcher};
use board_core::{zobrist, Game, Rng};
use morris::{Move, Position};

/// A computer level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    /// Random legal moves.
    Beginner,
    /// A 3-ply search with a noisy evaluation.
    Normal,
    /// A 600,000-node search.
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
            Level::Expert => Some(Limits::none().with_nodes(600_000)),
        }
    }

    /// The transposition table's size: none for the beginner, small for the shallow normal
    /// search (the player clears it before every move).
    const fn table_bytes(self) -> usize {
        match self {
            Level::Beginner => 0,
            Level::Normal => 256 << 10,
            Level::Expert => 8 << 20,
        }
    }

    /// The amplitude of the seeded noise added to the evaluation.
    const fn noise(self) -> Score {
        match self {
            Level::Beginner | Level::Expert => 2,
            Level::Normal => 40,
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

/// [`MorrisEvaluator`] blurred by a seeded noise of at most `amplitude` points: a function of
/// the position and the seed, so the search stays deterministic and consistent.
#[derive(Clone, Copy, Debug)]
pub struct NoisyEvaluator {
    inner: MorrisEvaluator,
    seed: u64,
    amplitude: Score,
}

impl NoisyEvaluator {
    /// `inner` blurred by up to `amplitude` points (0 leaves it as it is).
    pub fn new(inner: MorrisEvaluator, seed: u64, amplitude: Score) -> Self {
        NoisyEvaluator {
            inner,
            seed,
            amplitude: amplitude.max(0),
        }
    }
}

impl Evaluator<Position> for NoisyEvaluator {
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

/// A nine men's morris computer player at one level.
pub struct MorrisPlayer {
    level: Level,
    seed: u64,
    limits: Option<Limits>,
    searcher: Searcher<Position, NoisyEvaluator>,
}

impl MorrisPlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        let evaluator = NoisyEvaluator::new(MorrisEvaluator::new(), seed, level.noise());
        MorrisPlayer {
            level,
            seed,
            limits: level.limits(),
            searcher: Searcher::new(evaluator).with_table_bytes(level.table_bytes()),
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

    /// This player with a transposition table of at most `bytes` bytes instead of the level's
    /// own (it is cleared before every move, so a small budget wants a small table).
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        if self.limits.is_some() {
            let evaluator = *self.searcher.evaluator();
            self.searcher = Searcher::new(evaluator).with_table_bytes(bytes);
        }
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }
}

impl ComputerPlayer<Position> for MorrisPlayer {
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
