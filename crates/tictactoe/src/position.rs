//! The tic-tac-toe position: one 9-bit bitboard per player.

use crate::{Cell, Marks};
use boardgames_core::{grid3, ByPlayer, Game, Player};

/// A tic-tac-toe position: the marks of each player. X (`Player::First`) moves first.
///
/// `Copy`, four bytes. The side to move and the status follow from the marks: X moves when
/// both have as many marks, and a line of three or a full board ends the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    pub(crate) marks: ByPlayer<Marks>,
}

impl Position {
    /// The empty board, X to move.
    pub const fn new() -> Position {
        Position {
            marks: ByPlayer::new(Marks::EMPTY, Marks::EMPTY),
        }
    }

    /// The position with these marks, unchecked: for marks known to be reachable (a
    /// validated [`Setup`](crate::Setup), the symmetric image of a position).
    pub(crate) const fn of_marks(x: Marks, o: Marks) -> Position {
        Position {
            marks: ByPlayer::new(x, o),
        }
    }

    /// The marks of `player`.
    #[inline]
    pub const fn marks(&self, player: Player) -> Marks {
        *self.marks.get(player)
    }

    /// The empty cells.
    #[inline]
    pub const fn empty_cells(&self) -> Marks {
        self.marks.first.union(self.marks.second).complement()
    }

    /// Who has a mark on `cell`, if anyone.
    pub fn mark_at(&self, cell: Cell) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&p| self.marks(p).contains(cell.index()))
    }

    /// The number of marks on the board (the number of moves played).
    pub const fn ply(&self) -> u32 {
        self.marks.first.count() + self.marks.second.count()
    }

    /// The completed line of the winner, if the game is won (the first line found when a last
    /// move made two).
    pub fn winning_line(&self) -> Option<[Cell; 3]> {
        let winner = self.status().winner()?;
        let line = grid3::line_in(self.marks(winner).0)?;
        let mut cells = Marks(line).iter().filter_map(Cell::from_index);
        Some([cells.next()?, cells.next()?, cells.next()?])
    }

    /// The position after `cell`, without checking it (copy-make).
    #[inline]
    pub const fn with_move(mut self, cell: Cell) -> Position {
        let bit = cell.index();
        match self.next_mover() {
            Player::First => self.marks.first = self.marks.first.with(bit),
            Player::Second => self.marks.second = self.marks.second.with(bit),
        }
        self
    }

    /// [`Game::side_to_move`], usable in `const` code.
    #[inline]
    pub(crate) const fn next_mover(&self) -> Player {
        if self.marks.first.count() == self.marks.second.count() {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The position's key: X's marks in bits 0-8 and O's in bits 9-17. Distinct positions have
    /// distinct keys.
    #[inline]
    pub const fn key(&self) -> u32 {
        self.marks.first.0 as u32 | (self.marks.second.0 as u32) << 9
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::Rng;

    #[test]
    fn position_is_small_and_copy() {
        assert!(core::mem::size_of::<Position>() <= 8);
        fn is_copy<T: Copy>() {}
        is_copy::<Position>();
    }

    #[test]
    fn playout_keeps_marks_with_their_owner() {
        let mut rng = Rng::new(3);
        for _ in 0..1000 {
            let mut pos = Position::new();
            let (status, plies) = pos.random_playout(&mut rng, usize::MAX);
            assert!(status.is_over());
            assert_eq!(pos.ply() as usize, plies);
            assert_eq!(pos.status(), status);
            assert!(crate::Setup::from(&pos).validate().is_ok());
        }
    }
}
