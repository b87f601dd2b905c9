//! Why a match action was refused.

use super::Outcome;
use crate::{Game, PlayError, Player};

/// Why a match refused an action. The match is left unchanged (except that a fallen flag,
/// already visible through [`Match::outcome`](super::Match::outcome), is recorded).
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError<G: Game> {
    /// The match is already over.
    #[error("the game is over: {outcome}")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The side to move ran out of time: it has lost and can no longer act.
    #[error("{loser}'s flag has fallen: {loser} lost on time")]
    FlagFell {
        /// The player whose time ran out.
        loser: Player,
    },
    /// The move text could not be read.
    #[error("cannot read move {text:?}: {error}")]
    Parse {
        /// The text given.
        text: String,
        /// Why.
        error: G::ParseMoveError,
    },
    /// The move is illegal in the current position.
    #[error(transparent)]
    Illegal(PlayError<G::Move, G::Illegal>),
    /// This player's draw offer is already pending.
    #[error("{player} has already offered a draw")]
    AlreadyOffered {
        /// The player who offered.
        player: Player,
    },
    /// There is no offer from the opponent to accept or decline.
    #[error("{player} has no draw offer to answer")]
    NoOffer {
        /// The player who tried to accept or decline.
        player: Player,
    },
    /// A comment needs a move to belong to.
    #[error("no move has been played to comment on")]
    NoMoveToComment,
    /// Text that a record could not hold as given.
    #[error("bad {what} {text:?}: {why}")]
    BadText {
        /// What the text was for: `comment`, `tag name` or `tag value`.
        what: &'static str,
        /// The text given.
        text: String,
        /// What is wrong.
        why: &'static str,
    },
}
