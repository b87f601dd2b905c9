//! Matches: a game as people play it, around any [`Game`](crate::Game)'s rules.
//!
//! A [`Match`] keeps the moves (with the time each took and comments), undoes them, and adds
//! what the rules alone do not have: resignation, draw offers, clocks ([`TimeControl`], read
//! from an injectable [`TimeSource`] so tests are exact), automatic [`DrawRules`] (threefold
//! repetition, N quiet moves) and the [`Outcome`] of the match with its [`Reason`]. What each
//! game supplies is small: the [`MatchRules`] trait (why its positions end, which moves are
//! irreversible). [`record`] writes and reads matches as PGN-like text.
//!
//! The layer lives in `boardgames-core` because it depends only on the [`Game`](crate::Game) trait: every
//! rules crate can use it (morris's `Match` is this type) without depending on another game.
//!
//! ```
//! use boardgames_core::matches::{ManualTime, Match, MatchError, Outcome, Reason};
//! # use boardgames_core::matches::MatchRules;
//! # use boardgames_core::{Game as _, MoveError, MoveList, Player as P, Status};
//! # // A pile of stones: each move takes 1 or 2, whoever takes the last one wins.
//! # #[derive(Clone, Copy, PartialEq, Eq, Debug)]
//! # struct Game { left: u8, to_move: P }
//! # impl Game { fn new(left: u8) -> Game { Game { left, to_move: P::First } } }
//! # #[derive(Clone, Copy, PartialEq, Eq, Debug)]
//! # struct Refused(bool); // true: the game is over
//! # impl std::fmt::Display for Refused {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("refused") }
//! # }
//! # impl std::error::Error for Refused {}
//! # impl MoveError for Refused { fn is_game_over(&self) -> bool { self.0 } }
//! # impl boardgames_core::Game for Game {
//! #     type Move = u8;
//! #     type ParseMoveError = std::num::ParseIntError;
//! #     type Illegal = Refused;
//! #     fn side_to_move(&self) -> P { self.to_move }
//! #     fn status(&self) -> Status {
//! #         if self.left == 0 { Status::Won(self.to_move.opponent()) } else { Status::Ongoing }
//! #     }
//! #     fn legal_moves(&self, moves: &mut MoveList<u8>) {
//! #         moves.clear();
//! #         moves.extend((1..=self.left.min(2)).collect::<Vec<_>>());
//! #     }
//! #     fn check_move(&self, mv: u8) -> Result<(), Refused> {
//! #         if (1..=self.left.min(2)).contains(&mv) { Ok(()) } else { Err(Refused(self.left == 0)) }
//! #     }
//! #     fn play_unchecked(&mut self, mv: u8) {
//! #         self.left -= mv;
//! #         self.to_move = self.to_move.opponent();
//! #     }
//! #     fn zobrist(&self) -> u64 { u64::from(self.left) << 1 | self.to_move as u64 }
//! #     fn zobrist_from_scratch(&self) -> u64 { self.zobrist() }
//! #     fn max_remaining_plies(&self) -> Option<usize> { Some(usize::from(self.left)) }
//! # }
//! # impl MatchRules for Game {
//! #     fn end_reason(&self) -> Reason { Reason::NoPieces }
//! #     fn game_over(_status: Status) -> Refused { Refused(true) }
//! # }
//! use boardgames_core::Player;
//! use std::sync::Arc;
//! use std::time::Duration;
//!
//! let time = ManualTime::new();
//! let mut game = Match::new(Game::new(10), Default::default())
//!     .with_clock("60+1".parse()?, Arc::new(time.clone()));
//! time.advance(Duration::from_secs(5));
//! game.play_text("1")?;                         // first used 5s, gets 1s back
//! assert_eq!(game.clock(Player::First), Some(Duration::from_secs(56)));
//! game.offer_draw(Player::First)?;
//! assert!(matches!(game.accept_draw(Player::First), Err(MatchError::NoOffer { .. })));
//! time.advance(Duration::from_secs(61));        // second's flag falls
//! assert_eq!(game.outcome(), Some(Outcome::win(Player::First, Reason::Time)));
//! assert!(matches!(game.play_text("1"), Err(MatchError::FlagFell { loser: Player::Second })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod clock;
#[cfg(feature = "harness")]
mod conformance;
mod error;
mod outcome;
mod play;
pub mod record;
#[cfg(test)]
mod test_game;
#[cfg(test)]
mod tests;

pub use clock::{
    parse_duration, ManualTime, MonotonicTime, ParseTimeControlError, TimeControl, TimeSource,
    MAX_CLOCK,
};
#[cfg(feature = "harness")]
pub use conformance::check_record_round_trip;
pub use error::MatchError;
pub use outcome::{DrawRules, MatchRules, Outcome, ParseReasonError, Reason};
pub use play::{Match, MoveEntry};
