//! The typed errors of the crate: illegal moves, bad game settings, bad undo and bad setups,
//! and the colour names their messages use. The errors of reading a point or a rule are
//! [`ParsePointError`](crate::ParsePointError) and [`ParseRuleError`](crate::ParseRuleError).

// Those two sit beside their parsers (`point.rs`, `rule.rs`): the errors here name points and
// forbidden shapes, whose modules those parsers are below, so this module imports them and
// not the other way round.

use crate::forbidden::Forbidden;
use crate::point::Point;
use boardgames_core::{MoveError, Player};
use core::fmt;

/// The colour of a player in gomoku: `black` (the first player) or `white`.
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "black",
        Player::Second => "white",
    }
}

/// Why a move is illegal in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended (won or drawn).
    #[error("the game is over")]
    GameOver,
    /// The point lies outside this board.
    #[error("{point} is off the board: this board is {size}x{size}")]
    OffBoard {
        /// The point played.
        point: Point,
        /// The board size.
        size: u8,
    },
    /// The point already holds a stone.
    #[error("{point} is occupied: it already has a {} stone", colour(*by))]
    Occupied {
        /// The point played.
        point: Point,
        /// The colour of the stone there.
        by: Player,
    },
    /// The point is forbidden to the side to move (renju).
    #[error("{point} is forbidden: it makes {reason}")]
    Forbidden {
        /// The point played.
        point: Point,
        /// Why it is forbidden.
        reason: Forbidden,
    },
}

impl MoveError for IllegalMove {
    fn is_game_over(&self) -> bool {
        matches!(self, IllegalMove::GameOver)
    }
}

/// Why a game with the requested size and rule cannot be set up.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// The board size is outside 5..=20.
    #[error("board size {size} is not supported: sizes run from 5 to 20")]
    SizeOutOfRange {
        /// The size asked for.
        size: u32,
    },
}

/// Why a stone cannot be taken back with [`crate::Position::undo`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UndoError {
    /// The point does not hold a stone of the colour that moved last.
    #[error("{point} has no {} stone, so it cannot be the last move", colour(*last_mover))]
    NotLastMover {
        /// The point given.
        point: Point,
        /// The colour that moved last.
        last_mover: Player,
    },
    /// The game was won, and the point is not on every winning line.
    #[error("{point} is not on the winning line, so it cannot be the winning move")]
    NotTheWinningMove {
        /// The point given.
        point: Point,
    },
    /// Every move played since the setup has been taken back: the setup's stones stay.
    #[error("no move to take back: the {stones} stones on the board come from the setup")]
    AtSetup {
        /// The number of stones the setup placed.
        stones: u16,
    },
}

bitflags::bitflags! {
    /// The problems found in a [`crate::Setup`] (or a position read from text); every problem
    /// found is reported at once, and `Display` lists them all.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    #[non_exhaustive]
    pub struct SetupProblems: u16 {
        /// The board size is outside 5..=20.
        const BAD_SIZE = 1 << 0;
        /// A stone lies outside the board.
        const OFF_BOARD = 1 << 1;
        /// A point holds stones of both colours.
        const OVERLAP = 1 << 2;
        /// Both colours have a winning line.
        const BOTH_WON = 1 << 3;
        /// The colour with a winning line is the side to move, not the one that moved last.
        const WRONG_WINNER = 1 << 4;
        /// The winning lines cannot all come from one last stone.
        const UNREACHABLE_WIN = 1 << 5;
        /// (Text of a game played from the empty board.) The stone counts do not fit the side
        /// to move: black has as many stones as white when black is to move, one more when
        /// white is.
        const STONE_COUNTS = 1 << 6;
        /// (Text of a game from a setup.) Fewer stones are on the board than the setup
        /// placed.
        const FEWER_THAN_SETUP = 1 << 7;
    }
}

/// What each problem says, in flag order.
const DESCRIPTIONS: [(SetupProblems, &str); 8] = [
    (SetupProblems::BAD_SIZE, "the board size must be 5 to 20"),
    (SetupProblems::OFF_BOARD, "a stone lies off the board"),
    (SetupProblems::OVERLAP, "a point holds both colours"),
    (SetupProblems::BOTH_WON, "both colours have a winning line"),
    (
        SetupProblems::WRONG_WINNER,
        "the winner is not the colour that moved last",
    ),
    (
        SetupProblems::UNREACHABLE_WIN,
        "the winning lines cannot come from one last move",
    ),
    (
        SetupProblems::STONE_COUNTS,
        "black must have as many stones as white when black is to move, one more when white is",
    ),
    (
        SetupProblems::FEWER_THAN_SETUP,
        "fewer stones are on the board than the setup placed",
    ),
];

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("no problem");
        }
        boardgames_core::problems::write_problems(f, &DESCRIPTIONS, |flag| self.contains(flag))
    }
}

/// A position that could not be set up, with every problem found: the setup error every game
/// crate shares, over gomoku's [`SetupProblems`].
pub type SetupError = boardgames_core::problems::SetupError<SetupProblems>;

/// Why a position's text could not be read: the syntax problem found, or a well-formed text
/// whose position is invalid (every setup problem listed).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text is empty: no header line.
    #[error("empty text: expected a header line (rule, side to move) and the diagram")]
    Empty,
    /// The header line is not `RULE, COLOUR to move` with an optional `, setup N`.
    #[error("bad header {header:?}: expected `RULE, black to move` or `RULE, white to move`, optionally followed by `, setup N`")]
    BadHeader {
        /// The header line.
        header: String,
    },
    /// The header names no known rule.
    #[error(transparent)]
    Rule(#[from] crate::rule::ParseRuleError),
    /// A diagram cell is not `X`, `O` or `.` (`x`, `o` and `+` are read too).
    #[error("bad cell {found:?} in diagram row {row}: expected X, O or .")]
    BadCharacter {
        /// The character found.
        found: char,
        /// The diagram row, 1 for the top.
        row: usize,
    },
    /// The diagram has a number of rows outside 5..=20.
    #[error("the diagram has {rows} rows: boards run from 5x5 to 20x20")]
    BadSize {
        /// The number of rows found.
        rows: usize,
    },
    /// A row's number of points differs from the number of rows.
    #[error("diagram row {row} has {cells} points, expected {size}")]
    RaggedRow {
        /// The diagram row, 1 for the top.
        row: usize,
        /// The number of points found.
        cells: usize,
        /// The number of rows (the board size).
        size: usize,
    },
    /// The text is well formed but its position is invalid; every problem is listed.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_problem() {
        let p: Point = "h8".parse().unwrap();
        assert_eq!(
            IllegalMove::Occupied {
                point: p,
                by: Player::Second
            }
            .to_string(),
            "h8 is occupied: it already has a white stone"
        );
        let e = SetupError::new(SetupProblems::OVERLAP | SetupProblems::BOTH_WON);
        assert_eq!(
            e.to_string(),
            "impossible position: a point holds both colours; both colours have a winning line"
        );
        assert_eq!(SetupProblems::empty().to_string(), "no problem");
        assert!(IllegalMove::GameOver.is_game_over());
    }
}
