//! # tictactoe
//!
//! Tic-tac-toe rules on bitboards: a 3x3 board, X moves first, three in a line wins, a full
//! board without a line is a draw.
//!
//! - [`Position`]: `Copy`, four bytes (one 9-bit [`Marks`] bitboard per player); implements
//!   [`boardgames_core::Game`] (checked [`play`](boardgames_core::Game::play) with typed errors, unchecked
//!   play, legal moves, status, hashing, uniform random moves and playouts).
//! - [`Cell`]: the move, written `a1`..`c3` (columns left to right, rows bottom to top) or in the
//!   console form `row col` (`2 1`: row then column, 1-based from the top-left).
//! - Errors name the problem: off the board, malformed, "this cell already has a mark", game over.
//! - [`Setup`]: the marks and the side to move as plain data, checked by [`Setup::validate`]
//!   (or `Position::try_from`), which names every problem ([`SetupProblems`]).
//! - A diagram text form (`X.O/.X./..O`, `Display` / `FromStr`) that is validated on reading,
//!   a console drawing with row and column numbers, the winning line, and the eight symmetries.
//! - [`actions`]: integer action ids, observation planes and symmetries for learning agents.
//!
//! ## Example
//!
//! ```
//! use boardgames_tictactoe::{Cell, IllegalMove, Position};
//! use boardgames_core::{Game, Player, Status};
//!
//! let mut game = Position::new();
//! for mv in ["b2", "a1", "c2", "a2", "b3", "a3"] {
//!     game.play(mv.parse::<Cell>()?)?;
//! }
//! assert_eq!(game.status(), Status::Won(Player::Second));
//! assert_eq!(game.winning_line().map(|l| l.map(|c| c.to_string())),
//!            Some(["a3".to_string(), "a2".to_string(), "a1".to_string()]));
//! // Every move after the end is refused, and the position stays as it was.
//! let err = game.play("c1".parse()?).unwrap_err();
//! assert_eq!(err.reason, IllegalMove::GameOver);
//! assert_eq!(err.to_string(), "illegal move c1: the game is over");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Feature flags
//!
//! - `serde`: [`Cell`] as its notation (`"b2"`) and [`Position`] as its diagram text, which is
//!   validated again when read.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
mod cell;
#[cfg(test)]
mod conformance_tests;
mod diagram;
mod error;
mod game;
mod position;
mod record;
mod setup;
mod symmetry;

pub use cell::Cell;
pub use error::{IllegalMove, ParseCellError, ParsePositionError, SetupError, SetupProblems};
pub use game::InputError;
pub use position::Position;
pub use setup::Setup;

boardgames_core::bitboard! {
    /// A set of cells of the 3x3 board, bit `n` for cell index `n` (left to right, top to
    /// bottom).
    pub struct Marks(u16); width = 3, cells = 9;
}
