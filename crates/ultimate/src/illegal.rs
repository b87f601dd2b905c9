//! Why a move is illegal, and why typed input could not be played.

use crate::{Move, ParseMoveError};
use boardgames_core::{MoveError, PlayError, Status};

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

/// Why typed input could not be played: it could not be read, or the move is illegal.
///
/// ```
/// use boardgames_ultimate::{InputError, Move, Position};
/// use boardgames_core::Game;
///
/// fn play_text(game: &mut Position, text: &str) -> Result<Move, InputError> {
///     let mv: Move = text.parse()?;
///     game.play(mv)?;
///     Ok(mv)
/// }
/// let mut game = Position::new();
/// play_text(&mut game, "53").unwrap();
/// assert!(matches!(play_text(&mut game, "5"), Err(InputError::Parse(_))));
/// assert!(matches!(play_text(&mut game, "11"), Err(InputError::Illegal(_))));
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// The text is not a move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move cannot be played now.
    #[error(transparent)]
    Illegal(#[from] PlayError<Move, IllegalMove>),
}
