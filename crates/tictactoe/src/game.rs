//! The board-core [`Game`] implementation: legality, generation, hashing, random moves and
//! allocation-free playouts.

use crate::error::{IllegalMove, ParseCellError};
use crate::{Cell, Marks, Position};
use boardgames_core::{
    grid3, zobrist, ByPlayer, Game, MoveList, Player, RandomSource, Status, UniformIndex,
};

/// Why typed input could not be played (`Game::play_text`): the text is not a cell in either
/// notation, or the cell cannot be played now.
// Named beside the `Game` impl whose move parser and legality check it joins, not in
// `error.rs`: the alias names the position, whose module imports the errors.
pub type InputError = boardgames_core::InputError<Position>;

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
