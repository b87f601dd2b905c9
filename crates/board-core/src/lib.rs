//! # board-core
//!
//! What every game of the `boardgames` workspace shares: [`Player`] and [`ByPlayer`], the
//! [`Status`] of a game, the [`Game`] trait with its move buffer ([`MoveList`]) and typed
//! [`PlayError`], bitboard types ([`bitboard!`]), `a1`-style coordinates ([`notation`]),
//! Zobrist hashing ([`zobrist`]), a seedable [`Rng`], a generic [`perft`], a game record with
//! undo ([`History`]), in-place take-back for searches ([`Unmake`]), integer actions, observation tensors and
//! board symmetries for learning agents ([`actions`]), the match layer every game plays through and its PGN-like game records
//! ([`matches`](mod@matches)) and, behind the `harness` feature, the conformance harness every game crate
//! runs in its tests.
//!
//! The rules crates (`tictactoe`, `ultimate`, `gomoku`, `morris`) implement [`Game`]; the
//! `ai-search` crate searches any [`Game`].
//!
//! ## Example
//!
//! A generic function over any game: play random moves to the end and report the result.
//!
//! ```
//! use boardgames_core::{Game, MoveList, Rng, Status};
//!
//! fn finish_randomly<G: Game>(mut position: G, seed: u64) -> Status {
//!     let mut rng = Rng::new(seed);
//!     let mut moves = MoveList::new();
//!     loop {
//!         position.legal_moves(&mut moves);
//!         if moves.is_empty() {
//!             return position.status();
//!         }
//!         let mv = moves[rng.below(moves.len() as u32) as usize];
//!         position.play(mv).expect("generated moves are legal");
//!     }
//! }
//! # let _ = finish_randomly::<Toy>;
//! # #[derive(Clone, PartialEq, Debug)] struct Toy;
//! # #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)] struct M;
//! # impl std::fmt::Display for M { fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { f.write_str("m") } }
//! # impl std::str::FromStr for M { type Err = E; fn from_str(_: &str) -> Result<M, E> { Ok(M) } }
//! # #[derive(Clone, PartialEq, Debug, thiserror::Error)] #[error("over")] struct E;
//! # impl boardgames_core::MoveError for E { fn is_game_over(&self) -> bool { true } }
//! # impl Game for Toy {
//! #   type Move = M; type ParseMoveError = E; type Illegal = E;
//! #   fn side_to_move(&self) -> boardgames_core::Player { boardgames_core::Player::First }
//! #   fn status(&self) -> Status { Status::Draw }
//! #   fn legal_moves(&self, m: &mut MoveList<M>) { m.clear() }
//! #   fn check_move(&self, _: M) -> Result<(), E> { Err(E) }
//! #   fn play_unchecked(&mut self, _: M) {}
//! #   fn zobrist(&self) -> u64 { 0 }
//! #   fn zobrist_from_scratch(&self) -> u64 { 0 }
//! #   fn max_remaining_plies(&self) -> Option<usize> { Some(0) }
//! # }
//! # assert_eq!(finish_randomly(Toy, 1), Status::Draw);
//! ```
//!
//! ## Feature flags
//!
//! - `serde`: `Serialize` / `Deserialize` for [`Player`], [`ByPlayer`] and [`Status`].
//! - `harness`: the conformance harness (module `harness`, built on proptest) and the replay of
//!   recorded games (module `traces`, JSON lines through serde_json); game crates enable it in their
//!   dev-dependencies.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod actions;
pub mod bitboard;
mod game;
pub mod grid3;
#[cfg(feature = "harness")]
pub mod harness;
mod history;
pub mod matches;
pub mod notation;
mod parallel;
mod perft;
mod player;
pub mod problems;
mod random;
mod replay;
pub mod select;
mod status;
pub mod text;
#[cfg(feature = "harness")]
pub mod traces;
mod unmake;
pub mod zobrist;

pub use actions::{
    ActionError, ActionErrorReason, Actions, BufferSizeError, ObservationShape, Observe,
    Symmetries, SymmetryError,
};
pub use game::{
    play_random_moves, random_position, Game, InputError, MoveError, MoveList, PlayError,
    MOVE_LIST_INLINE,
};
pub use history::History;
pub use parallel::{perft_parallel, playouts, playouts_parallel, PlayoutTally};
pub use perft::{perft, perft_divide};
pub use player::{ByPlayer, Player};
pub use rand_core;
pub use random::{RandomSource, Rng, UniformIndex};
pub use replay::{replay, ReplayError};
pub use smallvec;
pub use status::Status;
pub use unmake::Unmake;
