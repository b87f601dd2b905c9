//! Playing a list of moves written in notation, reporting the first bad one by its index.

use crate::{Game, PlayError};

/// The first move of a list that could not be read or played, with its 0-based index (`ply`).
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum ReplayError<G: Game> {
    /// The move text could not be read.
    #[error("move {ply} ({text:?}): {error}")]
    Parse {
        /// The 0-based index of the move in the list.
        ply: usize,
        /// The text given.
        text: String,
        /// Why it could not be read.
        error: G::ParseMoveError,
    },
    /// The move was read but is illegal in the position reached.
    #[error("move {ply}: {error}")]
    Illegal {
        /// The 0-based index of the move in the list.
        ply: usize,
        /// The move and why it is illegal.
        error: PlayError<G::Move, G::Illegal>,
    },
}

impl<G: Game> ReplayError<G> {
    /// The 0-based index of the bad move.
    pub fn ply(&self) -> usize {
        match self {
            ReplayError::Parse { ply, .. } | ReplayError::Illegal { ply, .. } => *ply,
        }
    }

    /// The reason alone, without the index: the parse error or the illegal-move error.
    pub fn reason(&self) -> String {
        match self {
            ReplayError::Parse { error, .. } => error.to_string(),
            ReplayError::Illegal { error, .. } => error.to_string(),
        }
    }
}

/// Plays `moves`, written in the game's notation, from `position` with checked play. On the
/// first bad move the position is left as it was just before that move, and the error names
/// the move's index.
pub fn replay<'a, G: Game>(
    position: &mut G,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(), ReplayError<G>> {
    for (ply, text) in moves.into_iter().enumerate() {
        let mv = position
            .parse_move(text)
            .map_err(|error| ReplayError::Parse {
                ply,
                text: text.to_owned(),
                error,
            })?;
        position
            .play(mv)
            .map_err(|error| ReplayError::Illegal { ply, error })?;
    }
    Ok(())
}
