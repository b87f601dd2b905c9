//! Positions built from raw parts (typed in, read from a file, deserialized), checked before
//! they become a [`Position`]: every problem found is reported.

use crate::error::{SetupError, SetupProblems};
use crate::{Marks, Position};
use boardgames_core::{grid3, ByPlayer, Game, Player};

/// The parts of a tic-tac-toe position as plain data: each player's marks and the side to
/// move. [`Setup::validate`] (or `Position::try_from`) checks that a game reaches it.
///
/// ```
/// use boardgames_tictactoe::{Cell, Marks, Position, Setup, SetupProblems};
/// use boardgames_core::{Game, Player};
///
/// let mut setup = Setup::default();
/// setup.marks.first = Marks::EMPTY.with(Cell::CENTRE.index());
/// setup.side_to_move = Player::Second;
/// let pos = Position::try_from(setup).unwrap();
/// assert_eq!(pos.side_to_move(), Player::Second);
/// assert_eq!(Setup::from(&pos), setup);
///
/// setup.marks.second = setup.marks.first; // both on b2: equal counts, so X would move
/// assert_eq!(
///     setup.validate().unwrap_err().problems(),
///     SetupProblems::OVERLAP | SetupProblems::SIDE_TO_MOVE
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The cells holding each player's marks (X is `first`).
    pub marks: ByPlayer<Marks>,
    /// The player to move.
    pub side_to_move: Player,
}

impl Default for Setup {
    /// The empty board, X to move.
    fn default() -> Setup {
        Setup {
            marks: ByPlayer::new(Marks::EMPTY, Marks::EMPTY),
            side_to_move: Player::First,
        }
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            marks: ByPlayer::new(pos.marks(Player::First), pos.marks(Player::Second)),
            side_to_move: pos.side_to_move(),
        }
    }
}

boardgames_core::try_from_setup!(Setup => Position, SetupError);

impl Setup {
    /// Every reason a game cannot reach this setup (empty when one can): mark counts that do
    /// not fit the turn order or the side to move, play after a win, shared or off-board cells.
    pub fn problems(&self) -> SetupProblems {
        let mut problems = SetupProblems::empty();
        let (x, o) = (self.marks.first, self.marks.second);
        if !x.union(o).is_subset(Marks::FULL) {
            problems |= SetupProblems::OFF_BOARD;
        }
        if x.intersects(o) {
            problems |= SetupProblems::OVERLAP;
        }
        let (nx, no) = (x.count(), o.count());
        let (x_won, o_won) = (grid3::has_line(x.0), grid3::has_line(o.0));
        if nx > no + 1 {
            problems |= SetupProblems::TOO_MANY_X;
        }
        if no > nx {
            problems |= SetupProblems::TOO_MANY_O;
        }
        let counts_say = if nx == no {
            Some(Player::First)
        } else if nx == no + 1 {
            Some(Player::Second)
        } else {
            None
        };
        if counts_say.is_some_and(|p| p != self.side_to_move) {
            problems |= SetupProblems::SIDE_TO_MOVE;
        }
        if x_won && o_won {
            problems |= SetupProblems::BOTH_WON;
        }
        if x_won && nx == no {
            problems |= SetupProblems::PLAY_AFTER_X_WON;
        }
        if o_won && nx == no + 1 {
            problems |= SetupProblems::PLAY_AFTER_O_WON;
        }
        problems
    }

    /// The position, if a game reaches this setup; otherwise every problem found.
    pub fn validate(&self) -> Result<Position, SetupError> {
        SetupError::check(self.problems(), || {
            Position::of_marks(self.marks.first, self.marks.second)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    fn marks(cells: &[&str]) -> Marks {
        cells.iter().fold(Marks::EMPTY, |m, c| {
            m.with(c.parse::<Cell>().unwrap().index())
        })
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let setup = Setup {
            marks: ByPlayer::new(marks(&["a1", "b1", "c1", "a2"]), marks(&["a2"])),
            side_to_move: Player::First,
        };
        assert_eq!(
            setup.problems(),
            SetupProblems::TOO_MANY_X | SetupProblems::OVERLAP
        );
        let off = Setup {
            marks: ByPlayer::new(Marks(1 << 12), Marks::EMPTY),
            side_to_move: Player::Second,
        };
        assert_eq!(off.problems(), SetupProblems::OFF_BOARD);
        let err = off.validate().unwrap_err();
        assert_eq!(
            err.to_string(),
            "impossible position: a mark lies outside the nine cells"
        );
    }

    #[test]
    fn the_side_to_move_must_fit_the_counts() {
        let mut setup = Setup {
            side_to_move: Player::Second,
            ..Setup::default()
        };
        assert_eq!(setup.problems(), SetupProblems::SIDE_TO_MOVE);
        setup.marks.first = marks(&["b2"]);
        assert!(setup.problems().is_empty());
        let pos = setup.validate().unwrap();
        assert_eq!(Setup::from(&pos), setup);
    }
}
