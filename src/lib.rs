//! # boardgames
//!
//! One facade over the published crates of the workspace, so that one dependency gives short
//! paths:
//!
//! - [`core`]: what every game shares (players, statuses, the [`core::Game`] trait, notation,
//!   perft, the match layer and game records);
//! - [`tictactoe`], [`ultimate`], [`gomoku`], [`morris`]: one module per game, each with its
//!   `Position`, moves, setups and typed errors;
//! - [`search`]: game-tree search for any game (alpha-beta with Lazy SMP threads, Monte Carlo
//!   tree search);
//! - [`players`]: evaluators and the computer levels (beginner, normal, expert) of each game.
//!
//! The `serde` feature turns on serde support in every game crate (moves, points and rules as
//! their notation, positions as their validated text).
//!
//! ```
//! use boardgames::tictactoe::{Cell, Position};
//! use boardgames::core::{Game, Player, Status};
//!
//! let mut game = Position::new();
//! for mv in ["b2", "a1", "c2", "a2", "b3", "a3"] {
//!     game.play(mv.parse::<Cell>().unwrap()).unwrap();
//! }
//! assert_eq!(game.status(), Status::Won(Player::Second));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub use boardgames_core as core;
pub use boardgames_gomoku as gomoku;
pub use boardgames_morris as morris;
pub use boardgames_players as players;
pub use boardgames_search as search;
pub use boardgames_tictactoe as tictactoe;
pub use boardgames_ultimate as ultimate;

/// The README's Rust examples, run as doctests so the front page cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
