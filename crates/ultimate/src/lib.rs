//! # ultimate
//!
//! Ultimate tic-tac-toe under its common rules: nine small 3x3 boards in
//! a 3x3 macro board. The cell you play sends your opponent to the small board of the same
//! number; sent to a finished board, they may play in any unfinished one (and the first move
//! is free). Three in a line wins a small board; a full board without a line is drawn, owned by
//! nobody, and blocks every macro line through it; the empty cells of a finished board are
//! dead. Three won boards in a line win the game; every board finished without one is a draw
//! (unless the [`TieBreak`] option says otherwise).
//!
//! One source of truth: a [`Position`] holds one flat bitboard per player, stored as nine
//! 9-bit board masks (`[u16; 9]`) and handed out as 81-cell [`Cells`] (a `u128`, bit
//! `board * 9 + cell`); masks of won and drawn boards ([`Boards`]); one side to move and the
//! forced board; an incremental Zobrist hash. It is `Copy` and at most 64 bytes. Small-board and
//! macro wins are table lookups (`boardgames_core::grid3::has_line`), the legal moves are one mask
//! ([`Position::legal_mask`]) and their number one lookup, and random playouts pick the n-th
//! legal cell with table lookups and a broadword prefix search, without allocating.
//!
//! Moves ([`Move`]) are written `BC`: board then cell, both 1-9 left to right, top to bottom
//! (`53` is the top-right cell of the centre board). Positions print as a 9x9 diagram and read
//! back through a validating parser ([`diagram`]); raw parts go through [`Setup`].
//! Learning agents see the game as 81 integer actions and observation planes ([`actions`]).
//!
//! ## Example
//!
//! ```
//! use boardgames_ultimate::{IllegalMove, Move, Position};
//! use boardgames_core::{Game, Player, Status};
//!
//! let mut game = Position::new();
//! game.play("53".parse().unwrap()).unwrap(); // X: centre board, top-right cell
//! assert_eq!(game.forced_board(), Some(2)); // O is sent to board 3 (0-based 2)
//! let err = game.play("11".parse().unwrap()).unwrap_err();
//! assert_eq!(err.reason, IllegalMove::WrongBoard { required: 2, played: 0 });
//! assert_eq!(err.reason.to_string(), "must play in board 3, not board 1");
//! assert_eq!(game.legal_move_count(), 9);
//!
//! // Finish with uniformly random moves.
//! let mut rng = boardgames_core::Rng::new(7);
//! let (status, plies) = game.random_playout(&mut rng, usize::MAX);
//! assert!(status.is_over());
//! assert!(plies <= 80);
//! assert_eq!(game.legal_mask().count(), 0);
//! # let _: Option<Player> = status.winner();
//! # let _ = (Move::new(0, 0), Status::Draw);
//! ```
//!
//! Reading a diagram (impossible ones are rejected with every problem named):
//!
//! ```
//! use boardgames_ultimate::Position;
//! let text = "\
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! ------+-------+------
//! . . . | . . X | . . .
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! ------+-------+------
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! . . . | . . . | . . .
//! O to move, board 3";
//! let pos: Position = text.parse().unwrap();
//! assert_eq!(pos.to_string(), text);
//! let wrong = text.replace("board 3", "board 4");
//! assert!(wrong.parse::<Position>().is_err()); // no X mark sends O to board 4
//! ```
//!
//! ## Feature flags
//!
//! - `serde`: `Serialize` / `Deserialize` for [`Move`] (its `BC` notation string),
//!   [`Position`] (its diagram text, validated again on load), [`TieBreak`] (its name) and
//!   [`Rules`] (plain data, `{"tie_break": "boards_won"}`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
mod board_result;
mod cells;
pub mod diagram;
mod error;
mod game;
mod moves;
mod playout;
mod position;
mod record;
mod rules;
mod setup;
mod zobrist;

#[cfg(test)]
mod conformance;

pub use board_result::BoardResult;
pub use cells::{Boards, Cells};
pub use error::{
    DiagramProblem, IllegalMove, ParseMoveError, ParsePositionError, ParseTieBreakError,
    SetupError, SetupProblems,
};
pub use game::InputError;
pub use moves::Move;
pub use position::Position;
pub use rules::{Rules, TieBreak};
pub use setup::Setup;
