//! # ai-players
//!
//! Evaluators and computer players for the workspace's games, on top of the generic
//! [`boardgames_search`] crate. The rules crates know nothing of these; these know the rules crates.
//!
//! - [`tictactoe`]: a line-counting evaluator and three levels (beginner, normal, expert): a
//!   random move, a rule-based player, perfect play.
//! - [`ultimate`]: an evaluator of small boards won, threats on both levels and free choices,
//!   and three levels (beginner, normal, expert) that map to search limits.
//! - [`gomoku`]: threat shapes judged under the game's rule, kept up to date move by move;
//!   moves narrowed to points near stones and forced replies; three levels.
//! - [`morris`]: an evaluator of pieces, mills, open and running mills, blocked pieces,
//!   mobility and blockades by stage, with weights fitted to self-play results, and three
//!   levels (beginner, normal, expert) that map to search limits.
//! - [`mcts`]: Monte Carlo tree search players for every game ([`MctsPlayer`]), beside the
//!   alpha-beta levels: no evaluator, limits in simulations or time.
//! - [`net`]: small value and policy networks read from versioned weights files, and MCTS
//!   leaves valued by them ([`net::NetLeaf`]).
//!
//! ## Features
//!
//! - `research` (unstable, not covered by semver): the one-axis-at-a-time definitions of a
//!   gomoku point's value, classes and evaluation terms (`gomoku::eval_terms` and its
//!   neighbours), for the workspace's unpublished fitting tools. Users need not enable it.
//!
//! ## Example
//!
//! ```
//! use boardgames_players::tictactoe::{Level, TicTacToePlayer};
//! use boardgames_players::ComputerPlayer;
//! use boardgames_core::{Game, Status};
//! use boardgames_tictactoe::Position;
//!
//! // Two experts always draw.
//! let mut x = TicTacToePlayer::new(Level::Expert, 1);
//! let mut o = TicTacToePlayer::new(Level::Expert, 2);
//! let mut game = Position::new();
//! while !game.status().is_over() {
//!     let player = if game.ply() % 2 == 0 { &mut x } else { &mut o };
//!     let mv = player.choose_move(&game).unwrap();
//!     game.play(mv).unwrap();
//! }
//! assert_eq!(game.status(), Status::Draw);
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod gomoku;
mod level;
mod leveled;
pub mod mcts;
pub mod morris;
pub mod net;
mod noise;
mod player;
pub mod tictactoe;
pub mod ultimate;

pub use level::{Level, ParseLevelError};
pub use leveled::LevelSearch;
pub use mcts::MctsPlayer;
pub use noise::Seeded;
pub use player::ComputerPlayer;
