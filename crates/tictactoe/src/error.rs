//! Why a move, a cell, a setup or a position diagram could not be used.

use boardgames_core::notation::ParseSquareError;
use boardgames_core::MoveError;
use core::fmt;

/// Why a move is illegal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The cell is not empty.
    #[error("this cell already has a mark")]
    Occupied,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
}

impl MoveError for IllegalMove {
    fn is_game_over(&self) -> bool {
        matches!(self, IllegalMove::GameOver)
    }
}

/// Why a cell could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCellError {
    /// `a1`-style text that is malformed or off the board.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// Console text that is not two numbers.
    #[error("malformed input {text:?}: type a cell such as b2, or a row and a column such as 2 1")]
    MalformedConsole {
        /// The text given.
        text: String,
    },
    /// Console numbers outside 1-3.
    #[error("row {row}, column {col} is off the board: rows and columns run from 1 to 3")]
    ConsoleOffBoard {
        /// The row given.
        row: u32,
        /// The column given.
        col: u32,
    },
}

impl ParseCellError {
    /// `true` when the text named a cell off the board (rather than being malformed).
    pub fn is_off_board(&self) -> bool {
        match self {
            ParseCellError::Square(e) => e.is_off_board(),
            ParseCellError::ConsoleOffBoard { .. } => true,
            ParseCellError::MalformedConsole { .. } => false,
        }
    }
}

bitflags::bitflags! {
    /// The problems found in a [`Setup`](crate::Setup) that cannot arise in a game; its
    /// `Display` lists every problem in the set.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    #[non_exhaustive]
    pub struct SetupProblems: u8 {
        /// X has more than one mark more than O.
        const TOO_MANY_X = 1 << 0;
        /// O has more marks than X (X moves first).
        const TOO_MANY_O = 1 << 1;
        /// Both players have a line.
        const BOTH_WON = 1 << 2;
        /// X has a line but O moved after it (the counts are equal).
        const PLAY_AFTER_X_WON = 1 << 3;
        /// O has a line but X moved after it (X has one more mark).
        const PLAY_AFTER_O_WON = 1 << 4;
        /// A cell holds a mark of both players.
        const OVERLAP = 1 << 5;
        /// A mark lies outside the nine cells (bits 9-15 of the mask).
        const OFF_BOARD = 1 << 6;
        /// The side to move is not the one the mark counts imply (X moves when both have as
        /// many marks, O when X has one more).
        const SIDE_TO_MOVE = 1 << 7;
    }
}

/// Every problem with its description, in flag order.
const DESCRIPTIONS: [(SetupProblems, &str); 8] = [
    (
        SetupProblems::TOO_MANY_X,
        "X has more than one mark more than O",
    ),
    (SetupProblems::TOO_MANY_O, "O has more marks than X"),
    (SetupProblems::BOTH_WON, "both players have a line"),
    (SetupProblems::PLAY_AFTER_X_WON, "O moved after X had won"),
    (SetupProblems::PLAY_AFTER_O_WON, "X moved after O had won"),
    (SetupProblems::OVERLAP, "a cell holds both an X and an O"),
    (
        SetupProblems::OFF_BOARD,
        "a mark lies outside the nine cells",
    ),
    (
        SetupProblems::SIDE_TO_MOVE,
        "the side to move contradicts the mark counts (X moves when the counts are equal)",
    ),
];

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        boardgames_core::problems::write_problems(f, &DESCRIPTIONS, |flag| self.contains(flag))
    }
}

/// A [`Setup`](crate::Setup) that no game reaches, with every problem found
/// ([`SetupError::problems`](boardgames_core::problems::SetupError::problems)): the shared setup
/// error of `boardgames_core`, over this game's [`SetupProblems`].
pub type SetupError = boardgames_core::problems::SetupError<SetupProblems>;

/// Why a position diagram could not be read: a syntax problem, or a well-formed diagram that no
/// game reaches.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text does not have three rows of three cells.
    #[error(
        "malformed diagram: expected 3 rows of 3 cells (X, O, or . for empty), found {rows} rows"
    )]
    WrongShape {
        /// The number of rows found.
        rows: usize,
    },
    /// A row has the wrong number of cells.
    #[error("malformed diagram: row {row} has {cells} cells, expected 3")]
    WrongRowLength {
        /// The row, 1 for the top.
        row: usize,
        /// The number of cells found.
        cells: usize,
    },
    /// A character is not a mark or an empty cell.
    #[error("malformed diagram: {found:?} is not X, O or an empty cell (. or -)")]
    BadCharacter {
        /// The character found.
        found: char,
    },
    /// The marks cannot arise in a game; every problem is listed.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}
