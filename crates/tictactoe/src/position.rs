//! The tic-tac-toe position: one 9-bit bitboard per player.

use crate::error::{IllegalMove, ParseCellError};
use crate::{Cell, Marks};
use boardgames_core::{
    grid3, zobrist, ByPlayer, Game, MoveList, Player, RandomSource, Status, UniformIndex,
};

/// A tic-tac-toe position: the marks of each player. X (`Player::First`) moves first.
///
/// `Copy`, four bytes. The side to move and the status follow from the marks: X moves when
/// both have as many marks, and a line of three or a full board ends the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    marks: ByPlayer<Marks>,
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
    const fn next_mover(&self) -> Player {
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

impl Game for Position {
    type Move = Cell;
    type ParseMoveError = crate::ParseCellError;
    type Illegal = IllegalMove;

    /// Either notation: `b2`, or the console's `row col` (`2 1`, 1-based from the top-left).
    fn parse_move(&self, text: &str) -> Result<Cell, ParseCellError> {
        Cell::parse_any(text)
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.next_mover()
    }

    #[inline]
    fn status(&self) -> Status {
        // Only the player who moved last can have a line.
        let last = self.next_mover().opponent();
        if grid3::has_line(self.marks(last).0) {
            Status::Won(last)
        } else if self.empty_cells().is_empty() {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<Cell>) {
        moves.clear();
        if !self.status().is_over() {
            moves.extend(self.empty_cells().iter().filter_map(Cell::from_index));
        }
    }

    #[inline]
    fn legal_move_count(&self) -> usize {
        if self.status().is_over() {
            0
        } else {
            self.empty_cells().count() as usize
        }
    }

    fn check_move(&self, cell: Cell) -> Result<(), IllegalMove> {
        if self.status().is_over() {
            Err(IllegalMove::GameOver)
        } else if !self.empty_cells().contains(cell.index()) {
            Err(IllegalMove::Occupied)
        } else {
            Ok(())
        }
    }

    #[inline]
    fn play_unchecked(&mut self, cell: Cell) {
        *self = self.with_move(cell);
    }

    /// A bijective mix of [`Position::key`]: the whole position fits in 18 bits, so this hash
    /// never collides, and it is computed in constant time without being stored.
    #[inline]
    fn zobrist(&self) -> u64 {
        zobrist::mix64(self.key() as u64 ^ 0x7F4A_7C15_9E37_79B9)
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut key = 0u64;
        for cell in Cell::ALL {
            match self.mark_at(cell) {
                Some(Player::First) => key |= 1 << cell.index(),
                Some(Player::Second) => key |= 1 << (cell.index() + 9),
                None => {}
            }
        }
        zobrist::mix64(key ^ 0x7F4A_7C15_9E37_79B9)
    }

    fn max_remaining_plies(&self) -> Option<usize> {
        Some(self.empty_cells().count() as usize)
    }

    #[inline]
    fn random_move<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Cell> {
        if self.status().is_over() {
            return None;
        }
        let empty = self.empty_cells();
        empty
            .nth(rng.below(empty.count()))
            .and_then(Cell::from_index)
    }

    fn random_playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        let mut plies = 0;
        let mut mover = self.next_mover();
        let mut mine = self.marks(mover).0;
        let mut theirs = self.marks(mover.opponent()).0;
        if grid3::has_line(theirs) {
            return (Status::Won(mover.opponent()), 0);
        }
        loop {
            let empty = !(mine | theirs) & grid3::FULL;
            if empty == 0 {
                break;
            }
            if plies == max_plies {
                break;
            }
            let n = rng.below(empty.count_ones());
            let cell = Marks(empty).nth(n).unwrap_or(0);
            mine |= 1 << cell;
            plies += 1;
            if grid3::has_line(mine) {
                break;
            }
            core::mem::swap(&mut mine, &mut theirs);
            mover = mover.opponent();
        }
        // `mine` always holds the marks of `mover`, the player who moved last or moves next.
        let (m, t) = (Marks(mine), Marks(theirs));
        self.marks = match mover {
            Player::First => ByPlayer::new(m, t),
            Player::Second => ByPlayer::new(t, m),
        };
        (self.status(), plies)
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
