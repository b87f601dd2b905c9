//! Taking a move back in place: the alternative to copying a position at every node.

use crate::Game;

/// A game that can take its last move back in place.
///
/// A search usually copies the position at every node and plays the move on the copy
/// (copy-make): simple, and the cheapest way for positions of a few hundred bytes. A position
/// that carries kilobytes of incremental state (an evaluator's shape tables kept up to date
/// move by move) is cheaper to change in place and restore: [`Unmake::make`] plays a move and
/// returns what [`Unmake::unmake`] needs to restore the position exactly as it was.
///
/// Implementing it is a promise checked by property tests: after `let undo = p.make(mv);
/// p.unmake(undo);` the position equals the one before, its hash included, and so does every
/// piece of state it keeps. Undo records are taken back last made, first restored (a stack).
///
/// ```
/// use boardgames_core::{Game, Unmake};
/// # use boardgames_core::{MoveList, Player, RandomSource, Status};
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct Count(u32);
/// # impl core::fmt::Display for Count {
/// #     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { write!(f, "{}", self.0) }
/// # }
/// # #[derive(Clone, Debug, PartialEq, thiserror::Error)]
/// # #[error("over")]
/// # struct Over;
/// # impl boardgames_core::MoveError for Over { fn is_game_over(&self) -> bool { true } }
/// # impl Game for Count {
/// #     type Move = u8;
/// #     type ParseMoveError = core::num::ParseIntError;
/// #     type Illegal = Over;
/// #     fn side_to_move(&self) -> Player { if self.0 % 2 == 0 { Player::First } else { Player::Second } }
/// #     fn status(&self) -> Status { if self.0 >= 9 { Status::Draw } else { Status::Ongoing } }
/// #     fn legal_moves(&self, moves: &mut MoveList<u8>) { if self.0 < 9 { moves.push(1); } }
/// #     fn check_move(&self, _: u8) -> Result<(), Over> { if self.0 < 9 { Ok(()) } else { Err(Over) } }
/// #     fn play_unchecked(&mut self, mv: u8) { self.0 += u32::from(mv); }
/// #     fn zobrist(&self) -> u64 { u64::from(self.0) }
/// #     fn zobrist_from_scratch(&self) -> u64 { u64::from(self.0) }
/// #     fn max_remaining_plies(&self) -> Option<usize> { Some(9usize.saturating_sub(self.0 as usize)) }
/// #     fn parse_move(&self, text: &str) -> Result<u8, Self::ParseMoveError> { text.parse() }
/// # }
/// // A counter whose moves add to it takes a move back by subtracting it.
/// impl Unmake for Count {
///     type Undo = u8;
///     fn make(&mut self, mv: u8) -> u8 {
///         self.play_unchecked(mv);
///         mv
///     }
///     fn unmake(&mut self, undo: u8) {
///         self.0 -= u32::from(undo);
///     }
/// }
///
/// let mut count = Count(3);
/// let undo = count.make(1);
/// assert_eq!(count, Count(4));
/// count.unmake(undo);
/// assert_eq!(count, Count(3));
/// ```
pub trait Unmake: Game {
    /// What [`Unmake::unmake`] needs to restore the position before a move.
    type Undo;

    /// Plays the legal move `mv` like [`Game::play_unchecked`] and returns how to take it back.
    fn make(&mut self, mv: Self::Move) -> Self::Undo;

    /// Takes back the last move made, given the record its [`Unmake::make`] returned. Records
    /// must be used in reverse order of making, each once, on the position that made them.
    fn unmake(&mut self, undo: Self::Undo);
}
