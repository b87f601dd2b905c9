//! # gomoku
//!
//! Gomoku rules on square boards from 5x5 to 20x20 (15x15 by default): black (`X`, the first
//! player) and white (`O`) take turns placing a stone on an empty point, and the first to make
//! a winning line wins. What wins is the [`Rule`], chosen per game:
//!
//! | rule | winning run | blocked at both ends | board edge |
//! |---|---|---|---|
//! | [`Rule::CARO`] (default) | exactly five | no win | blocks |
//! | [`Rule::CARO5`] (Gomocup rule 9) | exactly five | no win | does not block |
//! | [`Rule::CARO6`] (Gomocup rule 8) | five or more | no win | does not block |
//! | [`Rule::STANDARD`] | exactly five | wins | - |
//! | [`Rule::FREESTYLE`] | five or more | wins | - |
//! | [`Rule::RENJU`] | black exactly five, white five or more | wins | - |
//!
//! A run that does not satisfy the rule stays on the board and play goes on; a move that makes
//! an overline on one axis and a valid five on another wins. The board full with no winner is
//! a draw. Under renju black may not play a [`forbidden`] point (overline, double four, double
//! three of true threes, exactly as RIF articles 9.2 and 9.3 define them), unless the move
//! makes an exact five; a black with no allowed point left draws. Any rule can add Gomocup's
//! draw at size² − 25 stones ([`Rule::with_gomocup_draw`]).
//!
//! A [`Setup`] builds any position for analysis (any stone counts, an explicit side to move),
//! reporting every problem at once. A position's text (`Display`, read back by `FromStr`) is a
//! header line with the rule and the side to move, then the diagram.
//!
//! The [`Position`] is at most 256 bytes (one 32-bit word per row and colour), implements
//! [`boardgames_core::Game`] (checked and unchecked play, legal moves, Zobrist hash, allocation-free
//! random playouts) and is judged incrementally: only the four lines through the last stone
//! are read. [`threat`] finds the threat shapes (fours, threes and their combinations)
//! with one table lookup per axis.
//!
//! Learning agents see a game as integer actions, a legal-action mask and observation planes
//! ([`actions`]), on the plain game and under every opening rule.
//!
//! ## Example
//!
//! ```
//! use boardgames_core::{Game, History, Player, Status};
//! use boardgames_gomoku::{Position, Rule};
//!
//! let mut game = History::new(Position::new(15, Rule::CARO).unwrap());
//! for mv in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"] {
//!     let point = game.position().parse_move(mv).unwrap();
//!     game.play(point).unwrap();
//! }
//! // Black has an open four: g8 or l8 wins.
//! let win = game.position().parse_move("l8").unwrap();
//! game.play(win).unwrap();
//! assert_eq!(game.position().status(), Status::Won(Player::First));
//! assert_eq!(game.position().winning_cells().len(), 5);
//!
//! // Bad input gets a typed error and changes nothing.
//! let mut position = *game.position();
//! assert!(position.parse_move("p1").is_err()); // off a 15x15 board
//! let h8 = position.parse_move("h8").unwrap();
//! assert!(position.play(h8).is_err()); // the game is over
//! assert_eq!(&position, game.position());
//!
//! // Undo takes the winning move back.
//! game.undo();
//! assert_eq!(game.position().status(), Status::Ongoing);
//! ```
//!
//! ## Feature flags
//!
//! - `serde`: `Serialize` / `Deserialize` for [`Point`] (as `h8`), [`Rule`] (as its text) and
//!   [`Position`] (as its text, header and diagram, checked again on load), all through
//!   `boardgames_core::serde_via_str!`.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
mod diagram;
pub mod error;
pub mod forbidden;
mod game;
mod line_words;
pub mod opening;
mod playout;
mod point;
mod point_set;
mod position;
pub mod psq;
mod record;
pub mod rule;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;
mod text;
pub mod threat;
mod win;

pub use diagram::Diagram;
pub use error::{
    colour, IllegalMove, NewGameError, ParsePositionError, SetupError, SetupProblems, UndoError,
};
pub use forbidden::{Forbidden, ForbiddenKind};
pub use game::InputError;
pub use line_words::LineWords;
pub use point::{Axis, ParsePointError, Point, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
pub use point_set::{PointSet, Points};
pub use position::Position;
pub use rule::{ParseRuleError, Rule};
pub use setup::Setup;
pub use win::{AxisSet, Line};

#[cfg(test)]
mod tests;
