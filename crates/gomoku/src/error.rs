//! The typed errors of the crate: illegal moves, bad game settings, bad undo and bad setups.

use crate::forbidden::Forbidden;
use crate::point::Point;
use boardgames_core::{MoveError, Player};
use core::fmt;

/// The colour name of a player: `black` for the first, `white` for the second.
pub const fn colour_name(player: Player) -> &'static str {
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
    #[error("{point} is occupied: it already has a {} stone", colour_name(*by))]
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
pub enum UndoError {
    /// The point does not hold a stone of the colour that moved last.
    #[error("{point} has no {} stone, so it cannot be the last move", colour_name(*last_mover))]
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
}

bitflags::bitflags! {
    /// The problems found in a position set up from stones or from a diagram; every problem
    /// found is reported at once.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub struct SetupProblems: u16 {
        /// The board size is outside 5..=20 (or the diagram has too few or too many rows).
        const BAD_SIZE = 1 << 0;
        /// A diagram row has a different number of points than the diagram has rows.
        const RAGGED_ROWS = 1 << 1;
        /// A diagram cell is not `X`, `O` or `.`.
        const BAD_CHARACTER = 1 << 2;
        /// A stone lies outside the board.
        const OFF_BOARD = 1 << 3;
        /// A point holds stones of both colours.
        const OVERLAP = 1 << 4;
        /// The stone counts fit no side to move: black must have as many stones as white, or
        /// one more.
        const STONE_COUNTS = 1 << 5;
        /// Both colours have a winning line.
        const BOTH_WON = 1 << 6;
        /// The colour with a winning line is not the one that moved last.
        const WRONG_WINNER = 1 << 7;
        /// The winning lines cannot all come from one last move.
        const UNREACHABLE_WIN = 1 << 8;
    }
}

/// A position that could not be set up, with every problem found.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub struct SetupError {
    /// The problems found.
    pub problems: SetupProblems,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position:")?;
        let mut first = true;
        for (flag, text) in [
            (SetupProblems::BAD_SIZE, "the board size must be 5 to 20"),
            (
                SetupProblems::RAGGED_ROWS,
                "the rows differ in length from the number of rows",
            ),
            (SetupProblems::BAD_CHARACTER, "a cell is not X, O or ."),
            (SetupProblems::OFF_BOARD, "a stone lies off the board"),
            (SetupProblems::OVERLAP, "a point holds both colours"),
            (
                SetupProblems::STONE_COUNTS,
                "black must have as many stones as white or one more",
            ),
            (SetupProblems::BOTH_WON, "both colours have a winning line"),
            (
                SetupProblems::WRONG_WINNER,
                "the winner is not the colour that moved last",
            ),
            (
                SetupProblems::UNREACHABLE_WIN,
                "the winning lines cannot come from one last move",
            ),
        ] {
            if self.problems.contains(flag) {
                f.write_str(if first { " " } else { "; " })?;
                f.write_str(text)?;
                first = false;
            }
        }
        Ok(())
    }
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
        assert_eq!(
            IllegalMove::Forbidden {
                point: p,
                reason: Forbidden::DoubleThree
            }
            .to_string(),
            "h8 is forbidden: it makes a double three"
        );
        let e = SetupError {
            problems: SetupProblems::STONE_COUNTS | SetupProblems::BOTH_WON,
        };
        assert_eq!(
            e.to_string(),
            "invalid position: black must have as many stones as white or one more; both colours have a winning line"
        );
        assert!(IllegalMove::GameOver.is_game_over());
    }
}
