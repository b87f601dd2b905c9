//! How a match ends (the result with its reason), the automatic draw rules, and what a game
//! supplies so the match layer can name its reasons.

use crate::{Game, Player, Status};
use core::fmt;
use core::str::FromStr;

/// Why a match ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Reason {
    /// A line of marks (tic-tac-toe, and three small boards in a line in ultimate).
    Line,
    /// Five in a row (gomoku).
    Five,
    /// The side to move has no legal move (morris: it loses; renju black: a draw).
    Blockade,
    /// A side is down to too few pieces to go on (morris: two).
    NoPieces,
    /// The board is full (or, in ultimate, every small board is decided) with no winner by a
    /// line; a tie-break may still name a winner.
    BoardFull,
    /// A player resigned.
    Resignation,
    /// A player's flag fell.
    Time,
    /// Both players agreed to a draw.
    Agreement,
    /// The same position occurred for the third time with the same side to move.
    Repetition,
    /// A move-count rule: N moves in a row with nothing irreversible (morris), or a cap on the
    /// stones on the board (Gomocup's renju draw at `size * size - 25`).
    MoveRule,
}

impl Reason {
    /// Every reason, in declaration order.
    pub const ALL: [Reason; 10] = [
        Reason::Line,
        Reason::Five,
        Reason::Blockade,
        Reason::NoPieces,
        Reason::BoardFull,
        Reason::Resignation,
        Reason::Time,
        Reason::Agreement,
        Reason::Repetition,
        Reason::MoveRule,
    ];

    /// The reason's word in records and in the referee: `line`, `five`, `blockade`,
    /// `no pieces`, `board full`, `resignation`, `time`, `agreement`, `repetition`,
    /// `move rule`.
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Line => "line",
            Reason::Five => "five",
            Reason::Blockade => "blockade",
            Reason::NoPieces => "no pieces",
            Reason::BoardFull => "board full",
            Reason::Resignation => "resignation",
            Reason::Time => "time",
            Reason::Agreement => "agreement",
            Reason::Repetition => "repetition",
            Reason::MoveRule => "move rule",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not one of the [`Reason`]s.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown reason {text:?}: expected line, five, blockade, no pieces, board full, resignation, time, agreement, repetition or move rule")]
pub struct ParseReasonError {
    /// The text given.
    pub text: String,
}

impl FromStr for Reason {
    type Err = ParseReasonError;

    fn from_str(text: &str) -> Result<Reason, ParseReasonError> {
        Reason::ALL
            .into_iter()
            .find(|r| r.name() == text.trim())
            .ok_or_else(|| ParseReasonError {
                text: text.to_owned(),
            })
    }
}

#[cfg(feature = "serde")]
crate::serde_via_str!(Reason);

/// The end of a match: who won (or a draw), and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// [`Status::Won`] or [`Status::Draw`]; never [`Status::Ongoing`].
    pub status: Status,
    /// Why.
    pub reason: Reason,
}

impl Outcome {
    /// A win for `winner`.
    pub const fn win(winner: Player, reason: Reason) -> Outcome {
        Outcome {
            status: Status::Won(winner),
            reason,
        }
    }

    /// A draw.
    pub const fn draw(reason: Reason) -> Outcome {
        Outcome {
            status: Status::Draw,
            reason,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.status {
            Status::Won(p) => write!(f, "{p} wins by {}", self.reason),
            _ => write!(f, "draw by {}", self.reason),
        }
    }
}

/// Automatic draw rules a match applies from its history. Both are off by default: most
/// games' rules end only by their own result or by agreement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DrawRules {
    /// A draw on the third occurrence of the same position with the same side to move.
    pub threefold: bool,
    /// A draw after this many moves in a row with nothing irreversible
    /// ([`MatchRules::is_irreversible`]); 50 is common in morris.
    pub quiet_moves: Option<u32>,
}

impl DrawRules {
    /// No automatic draw.
    pub const NONE: DrawRules = DrawRules {
        threefold: false,
        quiet_moves: None,
    };

    /// Threefold repetition and 50 quiet moves.
    pub const COMMON: DrawRules = DrawRules {
        threefold: true,
        quiet_moves: Some(50),
    };
}

/// What a game supplies to be played as a [`Match`](super::Match): the reason its rules give
/// for a finished position, the error its `check_move` gives once a match has ended, and
/// which moves can never be undone by later play (for the draw rules).
pub trait MatchRules: Game {
    /// Why the position's game is over by the rules alone. Asked only when
    /// [`Game::status`] is over.
    fn end_reason(&self) -> Reason;

    /// The game's own "the game is over" reason, which a match returns from `check_move`
    /// once it has ended by resignation, agreement, time or a draw rule; `status` is the
    /// match's.
    fn game_over(status: Status) -> Self::Illegal;

    /// `true` when `mv`, played here, is irreversible: a position from before it can never
    /// occur again, so it cuts the repetition window and resets the quiet-move count. In
    /// placement games every move is.
    fn is_irreversible(&self, _mv: Self::Move) -> bool {
        true
    }

    /// The most plies left from here when at most `limit` quiet moves may follow each other,
    /// if that bounds the game; the default is the rules' own bound.
    fn bound_with_quiet_limit(&self, _limit: u32) -> Option<usize> {
        self.max_remaining_plies()
    }
}
