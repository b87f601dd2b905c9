//! The typed errors of the crate: illegal moves, unreadable moves and tie-breaks, impossible
//! setups and unreadable diagrams.

use boardgames_core::text::join;
use boardgames_core::{MoveError, Status};
use core::fmt;

/// The reason a well-formed move cannot be played in a position. Board numbers in the
/// fields are 0-8; the messages count from 1 as the notation does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game has ended; no move is legal.
    #[error("the game is over ({status})")]
    GameOver {
        /// How the game ended.
        status: Status,
    },
    /// The previous move sent the player to another small board, which is still open.
    #[error("must play in board {}, not board {}", required + 1, played + 1)]
    WrongBoard {
        /// The board the player was sent to (0-8).
        required: u8,
        /// The board the move is in (0-8).
        played: u8,
    },
    /// The small board is won or full: its empty cells are dead.
    #[error("board {} is already finished", board + 1)]
    BoardFinished {
        /// The finished board (0-8).
        board: u8,
    },
    /// The cell already holds a mark.
    #[error("this cell already has a mark")]
    Occupied,
}

impl MoveError for IllegalMove {
    fn is_game_over(&self) -> bool {
        matches!(self, IllegalMove::GameOver { .. })
    }
}

/// Why a move in `BC` notation could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("empty move: expected two digits BC, board then cell, such as 53")]
    Empty,
    /// The text is not exactly two characters.
    #[error(
        "malformed move {text:?}: expected two digits BC, board 1-9 then cell 1-9, such as 53"
    )]
    WrongLength {
        /// The text given.
        text: String,
    },
    /// The first character is not a digit 1-9.
    #[error("malformed move: board {found:?} is not a digit 1-9")]
    BadBoard {
        /// The character given for the board.
        found: char,
    },
    /// The second character is not a digit 1-9.
    #[error("malformed move: cell {found:?} is not a digit 1-9")]
    BadCell {
        /// The character given for the cell.
        found: char,
    },
}

/// A tie-break name that is neither `none` nor `boards_won`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown tie-break {text:?}: expected \"none\" or \"boards_won\"")]
pub struct ParseTieBreakError {
    /// The text given.
    pub text: String,
}

bitflags::bitflags! {
    /// Everything that makes a [`Setup`] impossible to reach by legal play. Its `Display`
    /// names every problem in the set.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
    #[non_exhaustive]
    pub struct SetupProblems: u16 {
        /// A mark lies on a bit past the 81 cells.
        const OUTSIDE_BOARD = 1 << 0;
        /// A cell holds both an X and an O.
        const SHARED_CELL = 1 << 1;
        /// X must have as many marks as O, or one more.
        const MARK_COUNTS = 1 << 2;
        /// The side to move is not the one the mark counts imply.
        const SIDE_TO_MOVE = 1 << 3;
        /// A small board has a line of X and a line of O.
        const BOARD_WON_BY_BOTH = 1 << 4;
        /// A won small board holds marks played after it was won (no single mark of the
        /// winner completes every line).
        const PLAY_AFTER_BOARD_WON = 1 << 5;
        /// Both players have a macro line.
        const GAME_WON_BY_BOTH = 1 << 6;
        /// Moves were played after the macro win: the winner did not move last, or no single
        /// last move could have completed the macro line.
        const PLAY_AFTER_GAME_WON = 1 << 7;
        /// No mark of the player who moved last lies in a board that was open before it.
        const NO_POSSIBLE_LAST_MOVE = 1 << 8;
        /// The forced board is not a board number (0-8).
        const FORCED_BOARD_OFF_BOARD = 1 << 9;
        /// The forced board is already won or full.
        const FORCED_BOARD_FINISHED = 1 << 10;
        /// The game is over, yet a board to play in is given.
        const FORCED_BOARD_AFTER_GAME_OVER = 1 << 11;
        /// No possible last move sends the side to move where the setup says: a forced board
        /// needs a last move on that cell number, a free choice needs the empty start or a
        /// last move whose cell names a finished board.
        const FORCED_BOARD_CONTRADICTS_LAST_MOVE = 1 << 12;
    }
}

/// Every problem with its description, in flag order.
const DESCRIPTIONS: [(SetupProblems, &str); 13] = [
    (
        SetupProblems::OUTSIDE_BOARD,
        "a mark lies outside the 81 cells",
    ),
    (
        SetupProblems::SHARED_CELL,
        "a cell holds both an X and an O",
    ),
    (
        SetupProblems::MARK_COUNTS,
        "mark counts cannot happen: X must have as many marks as O, or one more",
    ),
    (
        SetupProblems::SIDE_TO_MOVE,
        "the side to move contradicts the mark counts (X moves when the counts are equal)",
    ),
    (
        SetupProblems::BOARD_WON_BY_BOTH,
        "a small board has a line of both X and O",
    ),
    (
        SetupProblems::PLAY_AFTER_BOARD_WON,
        "a won small board holds marks played after it was won",
    ),
    (
        SetupProblems::GAME_WON_BY_BOTH,
        "both players have a line of won boards",
    ),
    (
        SetupProblems::PLAY_AFTER_GAME_WON,
        "moves were played after the game was won",
    ),
    (
        SetupProblems::NO_POSSIBLE_LAST_MOVE,
        "no mark of the player who moved last could have been the last move",
    ),
    (
        SetupProblems::FORCED_BOARD_OFF_BOARD,
        "the forced board is not a board 1-9",
    ),
    (
        SetupProblems::FORCED_BOARD_FINISHED,
        "the forced board is already finished",
    ),
    (
        SetupProblems::FORCED_BOARD_AFTER_GAME_OVER,
        "the game is over, so there is no board to play in",
    ),
    (
        SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE,
        "the board to play in contradicts every possible last move",
    ),
];

impl SetupProblems {
    /// What a problem means, in words (for a single flag; a set of several gets
    /// `"several problems"`, and its `Display` lists them all).
    pub fn describe(flag: SetupProblems) -> &'static str {
        DESCRIPTIONS
            .iter()
            .find(|(f, _)| *f == flag)
            .map_or("several problems", |(_, text)| text)
    }
}

impl fmt::Display for SetupProblems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("no problem");
        }
        boardgames_core::problems::write_problems(f, &DESCRIPTIONS, |flag| self.contains(flag))
    }
}

/// A [`Setup`](crate::Setup) that no game reaches, with every problem found
/// ([`SetupError::problems`](boardgames_core::problems::SetupError::problems)): the shared setup
/// error of `boardgames_core`, over this game's [`SetupProblems`].
pub type SetupError = boardgames_core::problems::SetupError<SetupProblems>;

/// One thing wrong with the text of a diagram. Lines count from 1.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramProblem {
    /// A row holds a character that is not a cell, a space or `|`.
    #[error("line {line}: unexpected character {found:?} (cells are X, O or .)")]
    BadCharacter {
        /// The line number.
        line: usize,
        /// The character.
        found: char,
    },
    /// A row does not hold exactly nine cells.
    #[error("line {line}: {cells} cells in the row, expected 9")]
    RowLength {
        /// The line number.
        line: usize,
        /// The number of cells read.
        cells: usize,
    },
    /// The diagram does not have exactly nine rows of cells.
    #[error("{rows} rows of cells, expected 9")]
    RowCount {
        /// The number of rows read.
        rows: usize,
    },
    /// No status line follows the rows.
    #[error("missing status line, such as \"X to move, board 5\", \"O to move, any board\", \"X wins\" or \"draw\"")]
    MissingStatus,
    /// A status line could not be read.
    #[error("line {line}: unreadable status {text:?}: expected \"X to move, board N\" (N 1-9), \"X to move, any board\", \"X wins\", \"O wins\" or \"draw\"")]
    BadStatus {
        /// The line number.
        line: usize,
        /// The text of the line.
        text: String,
    },
    /// More than one status line.
    #[error("line {line}: a second status line")]
    ExtraStatus {
        /// The line number.
        line: usize,
    },
    /// A tie-break line names no known tie-break, or repeats.
    #[error("line {line}: unreadable tie-break {text:?}: expected \"tie-break: boards_won\" or \"tie-break: none\"")]
    BadTieBreak {
        /// The line number.
        line: usize,
        /// The text of the line.
        text: String,
    },
}

/// Why a diagram could not become a position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// The text is not a diagram: every problem found.
    #[error("malformed diagram: {}", join(.0, "; "))]
    Malformed(Vec<DiagramProblem>),
    /// The diagram reads, but no legal game reaches it: every problem found.
    #[error(transparent)]
    Invalid(#[from] SetupError),
    /// The position is possible, but the status line says otherwise.
    #[error("the status line says {stated:?}, but the position is {actual}")]
    StatusMismatch {
        /// The status line given.
        stated: String,
        /// The status of the position (`ongoing`, `first`, `second` or `draw`).
        actual: Status,
    },
}

impl ParsePositionError {
    /// The impossibilities found, if the diagram read well enough to check them.
    pub fn problems(&self) -> Option<SetupProblems> {
        match self {
            ParsePositionError::Invalid(e) => Some(e.problems()),
            _ => None,
        }
    }
}
