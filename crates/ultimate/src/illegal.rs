//! Why a move is illegal, and why typed input could not be played.

use boardgames_core::{MoveError, Status};

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

/// Why typed input could not be played (`Game::play_text`): it could not be read, or the move
/// is illegal.
///
/// ```
/// use boardgames_ultimate::{InputError, Position};
/// use boardgames_core::Game;
///
/// let mut game = Position::new();
/// game.play_text("53").unwrap();
/// assert!(matches!(game.play_text("5"), Err(InputError::Parse(_))));
/// assert!(matches!(game.play_text("11"), Err(InputError::Illegal(_))));
/// ```
pub type InputError = boardgames_core::InputError<crate::Position>;
