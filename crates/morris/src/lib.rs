//! # morris
//!
//! Nine men's morris rules on 24-point bitboards: three phases (placing, sliding, flying with exactly three pieces), a capture as
//! part of the move that forms a mill, pieces in mills protected unless every opponent piece
//! is in one, one capture for a double mill, a loss below three pieces or when blocked, and
//! draws by agreement or by optional rules.
//!
//! - [`Position`]: `Copy`, 24 bytes (one `u32` [`Points`] bitboard per player, pieces in hand,
//!   side to move, incremental Zobrist hash); the phase of each player follows from the counts.
//!   Implements [`boardgames_core::Game`]: checked [`play`](boardgames_core::Game::play) with typed
//!   errors ([`IllegalMove`]), unchecked play, legal moves, counting, uniform random moves and
//!   playouts, all without allocation.
//! - [`Move`]: one ply, written `d1`, `a1-a4`, `g1xd2`, `a4-a1xd2`; the legal move list holds
//!   every (move, capture) combination.
//! - Queries for a board display: [`Position::placement_points`], [`Position::movable_pieces`],
//!   [`Position::destinations`], [`Position::capture_targets`], [`Position::forms_mill`],
//!   [`Position::phase`], [`Position::in_hand`], [`Position::on_board`].
//! - A text diagram (`Display` / `FromStr`) with the side to move and the pieces in hand,
//!   validated on reading; [`Setup`], the parts of a position as plain data, checked by
//!   [`Setup::validate`] (or `Position::try_from`), which names every problem
//!   ([`SetupProblems`]).
//! - [`Match`]: a game record with undo, draw offers, and the optional [`DrawRules`]
//!   (threefold repetition, N quiet moves), kept apart from the position.
//! - The board's structure: [`ADJACENT`], [`MILLS`], [`adjacent`], [`mills_through`]; and
//!   [`bits`], the bit-parallel set operations (neighbours, mill completions, the points where
//!   a player closes a mill next turn, [`Position::closing_points`]) for engines and evaluators.
//! - [`actions`]: integer action ids (OpenSpiel's, with a capture slot), observation planes and
//!   the 16 symmetries, for learning agents.
//!
//! ## Example
//!
//! ```
//! use boardgames_morris::{IllegalMove, Move, Phase, Position};
//! use boardgames_core::{Game, Player};
//!
//! let mut game = Position::new();
//! for mv in ["a1", "d2", "d1", "b4"] {
//!     game.play(mv.parse::<Move>()?)?;
//! }
//! // White completes the bottom row a1-d1-g1: the capture is part of the move.
//! let err = game.play("g1".parse()?).unwrap_err();
//! assert!(matches!(err.reason, IllegalMove::CaptureRequired { .. }));
//! assert_eq!(game.capture_targets().points().map(|p| p.to_string()).collect::<Vec<_>>(),
//!            ["d2", "b4"]);
//! game.play("g1xd2".parse()?)?;
//! assert_eq!(game.on_board(Player::Second), 1);
//! assert_eq!(game.in_hand(Player::Second), 7);
//! assert_eq!(game.phase(Player::Second), Phase::Placing);
//! assert_eq!(game.side_to_move(), Player::Second);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Feature flags
//!
//! - `serde`: [`Point`] and [`Move`] as their notation (`"a4-a1xd2"`); [`Position`] as its
//!   diagram text, validated again when read; [`Setup`] as plain data (point lists per
//!   player, pieces in hand, side to move, rules); [`Rules`] and [`DrawRules`] as plain data.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
pub mod bits;
#[cfg(test)]
mod conformance_tests;
mod diagram;
mod error;
mod game;
mod geometry;
mod movegen;
mod moves;
mod point;
mod position;
mod record;
mod setup;

pub use error::{
    colour, DiagramProblem, IllegalMove, ParseMoveError, ParsePositionError, SetupError,
    SetupProblems,
};
pub use game::InputError;
pub use geometry::{adjacent, are_adjacent, mills_through, ADJACENT, MILLS};
pub use moves::{Move, Phase};
pub use point::{ParsePointError, Point, Points};
pub use position::{Position, Rules, PIECES};
pub use record::{DrawRules, Match, MatchError, Reason};
pub use setup::Setup;
