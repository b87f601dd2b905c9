//! The typed errors of opening games: bad opening names, openings that do not fit the board,
//! and why an opening move is refused.

use super::moves::Move;
use super::script::{Opening, Step, Zone};
use crate::error::NewGameError;
use crate::point::Point;
use boardgames_core::MoveError;

/// A name that is none of the opening rules.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "unknown opening {name:?}: expected one of pro, long_pro, swap, swap2, soosorv8, taraguchi10"
)]
pub struct ParseOpeningError {
    /// The name given.
    pub name: String,
}

/// Why a game with this size, rule and opening cannot be set up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NewOpeningError {
    /// The board itself is not supported.
    #[error(transparent)]
    Board(#[from] NewGameError),
    /// The opening is built around the centre point, and an even board has none.
    #[error("the {opening} opening needs a centre point: a {size}x{size} board has none (use an odd size)")]
    NoCentre {
        /// The opening asked for.
        opening: Opening,
        /// The board size.
        size: u32,
    },
    /// The opening's central zones do not fit the board.
    #[error("the {opening} opening does not fit a {size}x{size} board: its central zones need at least {min}x{min}")]
    TooSmall {
        /// The opening asked for.
        opening: Opening,
        /// The board size.
        size: u32,
        /// The smallest board it is played on.
        min: u8,
    },
}

/// Why a move is illegal in an opening game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The board refuses the stone (off the board, occupied, forbidden to black under renju).
    #[error(transparent)]
    Board(crate::IllegalMove),
    /// This kind of move is not what the opening asks for now.
    #[error("{mv} is not allowed now: the opening asks to {step}")]
    NotNow {
        /// The move played.
        mv: Move,
        /// What the opening asks for.
        step: Step,
    },
    /// The stone lies outside the zone the opening allows for it.
    #[error("{point} is not allowed: this stone must be placed {zone}")]
    OutsideZone {
        /// The point played.
        point: Point,
        /// Where the stone must go.
        zone: Zone,
    },
    /// A declared number of fifth moves outside what the rule allows.
    #[error("cannot declare {count} fifth moves: the rule allows 1 to {max}")]
    CountOutOfRange {
        /// The number declared.
        count: u8,
        /// The most the rule allows.
        max: u8,
    },
    /// The board does not hold that many fifth moves that are not symmetrical to each other.
    #[error("cannot offer {count} fifth moves: this position has only {available} that are not symmetrical to each other")]
    TooFewDistinctPoints {
        /// The number of offers wanted.
        count: u8,
        /// The number of different fifth moves the position has.
        available: u32,
    },
    /// The point is offered already.
    #[error("{point} is offered already")]
    AlreadyOffered {
        /// The point played.
        point: Point,
    },
    /// The point is the mirror image of an offered point in a symmetry of the position.
    #[error("{point} is symmetrical to the offered {twin}: offered fifth moves must all differ")]
    SymmetricalOffer {
        /// The point played.
        point: Point,
        /// The offered point it mirrors.
        twin: Point,
    },
    /// A pick of a point that was not offered.
    #[error("{point} was not offered: pick one of the offered fifth moves")]
    NotOffered {
        /// The point played.
        point: Point,
    },
}

impl MoveError for IllegalMove {
    fn is_game_over(&self) -> bool {
        matches!(self, IllegalMove::GameOver)
    }
}

impl From<crate::IllegalMove> for IllegalMove {
    fn from(reason: crate::IllegalMove) -> IllegalMove {
        match reason {
            crate::IllegalMove::GameOver => IllegalMove::GameOver,
            other => IllegalMove::Board(other),
        }
    }
}
