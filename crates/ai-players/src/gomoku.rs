//! Gomoku: an evaluator of threat shapes ([`GomokuEvaluator`]) on a position that keeps them
//! up to date ([`SearchPosition`]), and three computer levels, under every rule and board
//! size of the `gomoku` crate.
//!
//! - [`Level::Beginner`]: a 1-ply search with a heavily blurred evaluation: it takes a five,
//!   blocks a four, and otherwise plays loosely near the stones.
//! - [`Level::Normal`]: a 3-ply search with a lightly blurred evaluation.
//! - [`Level::Expert`]: a deep search (up to 300,000 nodes).
//!
//! The levels are search limits, not time: a node budget gives the same move on every
//! machine. The searcher starts cold for every move and the noise is drawn from the seed and
//! the position, so the same seed and position always give the same move.
//!
//! ```
//! use ai_players::gomoku::{Level, GomokuPlayer};
//! use ai_players::ComputerPlayer;
//! use board_core::Game;
//! use gomoku::{Position, Rule};
//!
//! let mut game = Position::new(15, Rule::CARO).unwrap();
//! for mv in ["h8", "h9", "i8", "i9", "j8", "j9", "k8"] {
//!     game.play(game.parse_move(mv).unwrap()).unwrap();
//! }
//! // Black has an open four: white cannot stop it, and any level blocks one end.
//! let mut normal = GomokuPlayer::new(Level::Normal, 7);
//! let mv = normal.choose_move(&game).unwrap();
//! assert!(["g8", "l8"].contains(&mv.to_string().as_str()));
//! assert_eq!(GomokuPlayer::new(Level::Normal, 7).choose_move(&game), Some(mv));
//! ```

mod evaluator;
mod lines;
mod tracked;
mod values;

pub use evaluator::{GomokuEvaluator, WIN_SOON};
pub use tracked::SearchPosition;
pub use values::{assess, Class, CLASSES};

use crate::ComputerPlayer;
use ai_search::{Limits, Score, Searcher};
use board_core::Game;
use gomoku::{Point, Position};

/// A computer level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    /// A 1-ply search with a heavily blurred evaluation.
    Beginner,
    /// A 3-ply search with a lightly blurred evaluation.
    Normal,
    /// A 300,000-node search.
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

    /// The search limits of the level.
    pub fn limits(self) -> Limits {
        match self {
            Level::Beginner => Limits::depth(1),
            Level::Normal => Limits::depth(3),
            Level::Expert => Limits::none().with_nodes(300_000),
        }
    }

    /// The amplitude of the seeded noise added to the evaluation.
    pub const fn noise(self) -> Score {
        match self {
            Level::Beginner => 400,
            Level::Normal => 30,
            Level::Expert => 2,
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

/// A gomoku computer player at one level.
pub struct GomokuPlayer {
    level: Level,
    limits: Limits,
    searcher: Searcher<SearchPosition, GomokuEvaluator>,
}

impl GomokuPlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        let evaluator = GomokuEvaluator::new().with_noise(seed, level.noise());
        GomokuPlayer {
            level,
            limits: level.limits(),
            searcher: Searcher::new(evaluator).with_table_bytes(8 << 20),
        }
    }

    /// This player searching with other limits. For tests and tuning: keep a node or depth
    /// limit for repeatable moves.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }
}

impl ComputerPlayer<Position> for GomokuPlayer {
    fn choose_move(&mut self, position: &Position) -> Option<Point> {
        if position.status().is_over() {
            return None;
        }
        // A cold start for every move: the move depends on the position and the seed alone.
        self.searcher.clear();
        let tracked = SearchPosition::new(*position);
        self.searcher.search(&tracked, &self.limits).best_move
    }

    fn name(&self) -> String {
        self.level.name().to_owned()
    }
}
