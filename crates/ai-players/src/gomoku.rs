//! Gomoku: an evaluator of threat shapes ([`GomokuEvaluator`]) on a position that keeps them
//! up to date ([`SearchPosition`]), and three computer levels, under every rule and board
//! size of the `gomoku` crate.
//!
//! - [`Level::Beginner`]: no search: it makes a five when it has one, blocks the opponent's
//!   five when there is one to block, and otherwise plays a random point near the stones (it
//!   does not see threes coming).
//! - [`Level::Normal`]: a 3-ply search with a lightly blurred evaluation.
//! - [`Level::Expert`]: a deep search (up to 200,000 nodes).
//!
//! The searching levels are search limits, not time: a node budget gives the same move on
//! every machine. The searcher starts cold for every move, and the noise and the beginner's
//! random points are drawn from the seed and the position, so the same seed and position
//! always give the same move.
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

pub use evaluator::{GomokuEvaluator, DEFAULT_WIDTH, MAX_WIDTH, WIN_SOON};
pub use tracked::SearchPosition;
pub use values::{assess, Cell, Class, CLASSES};

use crate::ComputerPlayer;
use ai_search::{Evaluator, Limits, Score, Searcher};
use board_core::{zobrist, Game, MoveList, Rng};
use gomoku::{Point, Position};

/// A computer level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Level {
    /// A five, else a block of a five, else a random point near the stones.
    Beginner,
    /// A 3-ply search with a lightly blurred evaluation.
    Normal,
    /// A 200,000-node search.
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
            Level::Expert => Some(Limits::none().with_nodes(200_000)),
        }
    }

    /// The transposition table of the level's searcher: none for the beginner, who does not
    /// search, 1 MiB for the normal level's 3 plies, 8 MiB for the expert.
    pub const fn table_bytes(self) -> usize {
        match self {
            Level::Beginner => 0,
            Level::Normal => 1 << 20,
            Level::Expert => 8 << 20,
        }
    }

    /// The amplitude of the seeded noise added to the evaluation.
    pub const fn noise(self) -> Score {
        match self {
            Level::Beginner | Level::Expert => 2,
            Level::Normal => 30,
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
    seed: u64,
    limits: Option<Limits>,
    searcher: Searcher<SearchPosition, GomokuEvaluator>,
}

impl GomokuPlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        let evaluator = GomokuEvaluator::new().with_noise(seed, level.noise());
        GomokuPlayer {
            level,
            seed,
            limits: level.limits(),
            searcher: Searcher::new(evaluator).with_table_bytes(level.table_bytes()),
        }
    }

    /// This player searching with other limits (a searching level only; the beginner keeps
    /// its way). For tests and tuning: keep a node or depth limit for repeatable moves.
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

impl ComputerPlayer<Position> for GomokuPlayer {
    fn choose_move(&mut self, position: &Position) -> Option<Point> {
        if position.status().is_over() {
            return None;
        }
        let tracked = SearchPosition::new(*position);
        match &self.limits {
            None => beginner_move(&tracked, self.seed),
            Some(limits) => {
                // A cold start for every move: the move depends on the position and the seed
                // alone.
                self.searcher.clear();
                self.searcher.search(&tracked, limits).best_move
            }
        }
    }

    fn name(&self) -> String {
        self.level.name().to_owned()
    }
}

/// The beginner's move: a five, else a block of the opponent's five (the evaluator's forced
/// moves), else a random point near the stones.
fn beginner_move(position: &SearchPosition, seed: u64) -> Option<Point> {
    let me = position.side_to_move();
    let mut moves = MoveList::new();
    let forced =
        position.count(me, Class::Five) > 0 || position.count(me.opponent(), Class::Five) > 0;
    if forced || position.near().is_empty() {
        GomokuEvaluator::new().search_moves(position, &mut moves);
    } else {
        let pos = position.position();
        moves.extend(position.near().iter().filter(|&p| pos.is_legal(p)));
        if moves.is_empty() {
            pos.legal_moves(&mut moves);
        }
    }
    let mut rng = Rng::new(zobrist::splitmix64(seed ^ position.zobrist()));
    let pick = rng.below(moves.len().max(1) as u32) as usize;
    moves.get(pick).copied()
}
