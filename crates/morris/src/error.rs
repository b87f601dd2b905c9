//! Why a move, a position or a draw request could not be used, and the colour names the
//! messages use.
//!
//! `ParsePointError` sits beside `Point`'s parser (`point.rs`): the errors here name points,
//! so this module imports `point.rs` and not the other way round.

use crate::point::ParsePointError;
use crate::Point;
use boardgames_core::{MoveError, Player};
use core::fmt;

/// The colour of a player in morris: white moves first.
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

/// Why a move could not be read (`d1`, `a1-a4`, `g1xd2`, `a4-a1xd2`).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("empty move: expected a point such as d1, a slide such as a1-a4, and x with the captured point after a mill, such as g1xd2")]
    Empty,
    /// The text does not have the move's shape.
    #[error("malformed move {text:?}: expected a point such as d1, or from-to such as a1-a4, then optionally x and the captured point (g1xd2, a4-a1xd2)")]
    Malformed {
        /// The text given.
        text: String,
    },
    /// One of the points could not be read.
    #[error("malformed move {text:?}: {error}")]
    BadPoint {
        /// The whole move text.
        text: String,
        /// What was wrong with the point.
        error: ParsePointError,
    },
}

/// Why a move is illegal in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A slide or fly was given while the player still has pieces to place.
    #[error("{} still has pieces in hand and must place one (write a point such as d1)", colour(*player))]
    MustPlace {
        /// The player to move.
        player: Player,
    },
    /// A placement was given, but the player has placed all nine pieces.
    #[error("{} has no piece left in hand: move a piece instead (such as a1-a4)", colour(*player))]
    NothingToPlace {
        /// The player to move.
        player: Player,
    },
    /// The piece to move is not one of the mover's (the point is empty or the opponent's).
    #[error("{from} does not hold one of your pieces")]
    NotYourPiece {
        /// The point the move starts from.
        from: Point,
    },
    /// The destination is not empty.
    #[error("{to} is occupied")]
    Occupied {
        /// The destination.
        to: Point,
    },
    /// A slide to a point not joined to the start by a line (only a player with three pieces
    /// may fly).
    #[error("{to} is not adjacent to {from}: with more than three pieces, a piece slides along a line to a neighbouring point")]
    NotAdjacent {
        /// The start.
        from: Point,
        /// The destination.
        to: Point,
    },
    /// The move forms a mill but names no capture.
    #[error("the move to {to} forms a mill: a capture is required (append x and the point of the opponent piece to take: {to}x...)")]
    CaptureRequired {
        /// The destination that forms the mill.
        to: Point,
    },
    /// The move names a capture but forms no mill.
    #[error("capture not allowed: the move to {to} forms no mill")]
    CaptureNotAllowed {
        /// The destination.
        to: Point,
    },
    /// The captured point does not hold an opponent piece.
    #[error("{capture} does not hold an opponent piece to capture")]
    NotOpponentPiece {
        /// The point named for the capture.
        capture: Point,
    },
    /// The captured piece stands in a mill while other opponent pieces do not.
    #[error(
        "{capture} is protected: it stands in a mill and the opponent has pieces outside mills"
    )]
    ProtectedPiece {
        /// The point named for the capture.
        capture: Point,
    },
}

impl MoveError for IllegalMove {
    fn is_game_over(&self) -> bool {
        matches!(self, IllegalMove::GameOver)
    }
}

bitflags::bitflags! {
    /// The problems found in a [`Setup`](crate::Setup) that cannot arise in a game; its
    /// `Display` lists every problem in the set.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
    #[non_exhaustive]
    pub struct SetupProblems: u16 {
        /// White has more than nine pieces on the board and in hand.
        const TOO_MANY_WHITE = 1 << 0;
        /// Black has more than nine pieces on the board and in hand.
        const TOO_MANY_BLACK = 1 << 1;
        /// The pieces in hand do not fit the side to move: white places first, so before
        /// white's turn both hold the same number, before black's turn black holds one more
        /// (or both hold none).
        const HANDS_VS_TURN = 1 << 2;
        /// A player has fewer than three pieces while pieces remain to be placed (at most six
        /// captures can happen during placement).
        const FEW_WHILE_PLACING = 1 << 3;
        /// During placement, more pieces are gone than the other player's mills could have
        /// captured (no mill before a player's third piece).
        const TOO_MANY_CAPTURED = 1 << 4;
        /// A player has fewer than three pieces but it is not their turn: the game ended when
        /// they lost the piece, before the other player could move again.
        const LOSER_NOT_TO_MOVE = 1 << 5;
        /// A point holds a piece of both players.
        const OVERLAP = 1 << 6;
        /// A piece lies outside the 24 points (bits 24-31 of the mask).
        const OFF_BOARD = 1 << 7;
    }
}

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (
                SetupProblems::TOO_MANY_WHITE,
                "white has more than nine pieces on the board and in hand",
            ),
            (
                SetupProblems::TOO_MANY_BLACK,
                "black has more than nine pieces on the board and in hand",
            ),
            (
                SetupProblems::HANDS_VS_TURN,
                "the pieces in hand do not fit the side to move (equal before white's turn, black one more before black's, unless both are empty)",
            ),
            (
                SetupProblems::FEW_WHILE_PLACING,
                "a player has fewer than three pieces while pieces remain to be placed",
            ),
            (
                SetupProblems::TOO_MANY_CAPTURED,
                "more pieces were captured during placement than mills could have taken",
            ),
            (
                SetupProblems::LOSER_NOT_TO_MOVE,
                "a player with fewer than three pieces is not the side to move (the game ended at once)",
            ),
            (SetupProblems::OVERLAP, "a point holds pieces of both players"),
            (SetupProblems::OFF_BOARD, "a piece lies outside the 24 points"),
        ];
        boardgames_core::problems::write_problems(f, &names, |flag| self.contains(flag))
    }
}

/// One thing wrong with the text of a diagram.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramProblem {
    /// A board row (1-7) is missing.
    #[error("row {row} of the board is missing")]
    MissingRow {
        /// The row number.
        row: u8,
    },
    /// A board row (1-7) appears twice.
    #[error("row {row} of the board appears twice")]
    DuplicateRow {
        /// The row number.
        row: u8,
    },
    /// A point holds something other than `W`, `B` or `.`.
    #[error("{point} holds {found:?}: expected W (white), B (black) or . (empty)")]
    BadPiece {
        /// The point.
        point: Point,
        /// What was found (a space if the line was too short).
        found: char,
    },
    /// The `to move:` line is missing.
    #[error("the side to move is missing (a line such as \"to move: white\")")]
    MissingTurn,
    /// The `to move:` line does not name white or black.
    #[error("cannot read the side to move from {text:?}: expected white or black")]
    BadTurn {
        /// The text after `to move:`.
        text: String,
    },
    /// The `in hand:` line is missing.
    #[error("the pieces in hand are missing (a line such as \"in hand: white 9, black 9\")")]
    MissingHand,
    /// The `in hand:` line cannot be read.
    #[error("cannot read the pieces in hand from {text:?}: expected \"white N, black M\" with N and M from 0 to 9")]
    BadHand {
        /// The text after `in hand:`.
        text: String,
    },
    /// The `rules:` line cannot be read.
    #[error("cannot read the rules from {text:?}: expected \"flying\" or \"no flying\"")]
    BadRules {
        /// The text after `rules:`.
        text: String,
    },
    /// A line that is none of the above.
    #[error("unexpected line {line:?}")]
    UnexpectedLine {
        /// The line.
        line: String,
    },
}

/// A [`Setup`](crate::Setup) that no game reaches, with every problem found
/// ([`SetupError::problems`](boardgames_core::problems::SetupError::problems)): the shared setup
/// error of `boardgames_core`, over this game's [`SetupProblems`].
pub type SetupError = boardgames_core::problems::SetupError<SetupProblems>;

/// Why a position diagram could not be read: `Malformed` with every [`DiagramProblem`] found,
/// or `Invalid` with the [`SetupError`] of a well-formed diagram no game reaches. The shared
/// diagram error of `boardgames_core`, over this game's problem types.
pub type ParsePositionError =
    boardgames_core::problems::DiagramError<DiagramProblem, SetupProblems>;
