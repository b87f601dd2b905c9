//! What is wrong with a match, or why it stopped, and the most games a match may have. The
//! match loop (`duel`) and the match's setup (`run`) both return these errors, so they live
//! apart from both.

use crate::player_spec::SpecError;
use crate::shard::ShardError;

/// The most games one match may have.
pub const MAX_GAMES: usize = 10_000_000;

/// What is wrong with a match, or why it stopped.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ArenaError {
    /// Not a game of the arena.
    #[error("unknown game {0:?}: tictactoe, ultimate, gomoku, morris")]
    UnknownGame(String),
    /// Options the game does not take (a gomoku board size or rule, a morris quiet-move rule).
    #[error("{0}")]
    Game(String),
    /// A player spec that cannot be read.
    #[error("player {side}: {error}")]
    Player {
        /// `A` or `B`.
        side: char,
        /// What is wrong with it.
        error: SpecError,
    },
    /// Openings that cannot be read or played.
    #[error("openings {origin}: {reason}")]
    Openings {
        /// Where they came from.
        origin: String,
        /// What is wrong, with the line and the move.
        reason: String,
    },
    /// A number of games out of range.
    #[error("a match has from 1 to {MAX_GAMES} games, not {0}")]
    Games(usize),
    /// A shard that does not exist.
    #[error(transparent)]
    Shard(#[from] ShardError),
    /// A game that could not be played (its opening refused).
    #[error("{0}")]
    Play(String),
    /// The caller's progress function stopped the shard, with its reason.
    #[error("{0}")]
    Stopped(String),
}
