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
//! Both searching levels first look for a forced win by threats: a VCF ([`vcf()`]), and for the
//! expert a short VCT ([`vct()`]), within node budgets.
//!
//! The searching levels are search limits, not time: a node budget gives the same move on
//! every machine. The searcher starts cold for every move, and the noise and the beginner's
//! random points are drawn from the seed and the position, so the same seed and position
//! always give the same move.
//!
//! ```
//! use boardgames_players::gomoku::{Level, GomokuPlayer};
//! use boardgames_players::ComputerPlayer;
//! use boardgames_core::Game;
//! use boardgames_gomoku::{Position, Rule};
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

mod classes;
mod evaluator;
mod lines;
mod opening;
mod player;
mod threats;
mod tracked;
mod values;

pub use classes::{
    class_name, class_shapes, near_group, point_class, ClassValues, ClassValuesError, CLASS_CODES,
    CLASS_VALUES_MAGIC, CLASS_VALUE_COUNT, CODE_NAMES, NEAR_GROUPS, POINT_CLASSES,
};
pub use evaluator::{
    EvalWeights, GomokuEvaluator, DEFAULT_WIDTH, MAX_WIDTH, SELECTIVITY, WIN_SOON,
};
pub use opening::OpeningPlayer;
pub use player::{level_limits, level_table_bytes, GomokuPlayer};
pub use threats::{
    vcf, vct, vct_proof_numbers, ThreatLimits, ThreatOutcome, ThreatResult, ThreatWin,
    VCF_MOVES_IN_VCT,
};
pub use tracked::SearchPosition;
/// The one-axis-at-a-time definitions of a point's value, classes and evaluation terms, for
/// the workspace's fitting tools: unstable, behind the `research` feature.
#[cfg(feature = "research")]
pub use values::{assess, eval_terms, may_be_forbidden, CLASSES, EVAL_TERMS};
pub use values::{Cell, Class};

pub use crate::{Level, ParseLevelError, Seeded};
