//! Why a move, a cell or a position could not be used.

use crate::Cell;
use boardgames_core::notation::ParseSquareError;
use boardgames_core::{MoveError, PlayError};

/// Why a move is illegal.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
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

/// Why typed input could not be played: it could not be read, or the move is illegal.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InputError {
    /// The text is not a cell.
    #[error(transparent)]
    Parse(#[from] ParseCellError),
    /// The cell cannot be played now.
    #[error(transparent)]
    Illegal(#[from] PlayError<Cell, IllegalMove>),
}

bitflags::bitflags! {
    /// The problems found in a position that cannot arise in a game.
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub struct PositionProblems: u8 {
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
    }
}

impl core::fmt::Display for PositionProblems {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let names = [
            (
                PositionProblems::TOO_MANY_X,
                "X has more than one mark more than O",
            ),
            (PositionProblems::TOO_MANY_O, "O has more marks than X"),
            (PositionProblems::BOTH_WON, "both players have a line"),
            (
                PositionProblems::PLAY_AFTER_X_WON,
                "O moved after X had won",
            ),
            (
                PositionProblems::PLAY_AFTER_O_WON,
                "X moved after O had won",
            ),
            (PositionProblems::OVERLAP, "a cell holds both an X and an O"),
            (
                PositionProblems::OFF_BOARD,
                "a mark lies outside the nine cells",
            ),
        ];
        boardgames_core::problems::write_problems(f, &names, |flag| self.contains(flag))
    }
}

/// Why a position diagram could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
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
    #[error("impossible position: {0}")]
    Impossible(PositionProblems),
}
