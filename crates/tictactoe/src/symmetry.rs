//! The eight symmetries of the board, for canonical positions (transposition tables, opening
//! books, counting positions up to symmetry).

use crate::{Cell, Marks, Position};
use boardgames_core::{grid3, Player};

impl Cell {
    /// The cell this one moves to under symmetry `s` (0-7, identity first; see
    /// [`boardgames_core::grid3::SYMMETRIES`]). Values of `s` past 7 wrap around.
    pub fn transformed(self, s: usize) -> Cell {
        let to = grid3::SYMMETRIES[s % 8][self.index() as usize];
        Cell::ALL[to as usize]
    }
}

impl Position {
    /// The position under symmetry `s` (0-7, identity first). Values past 7 wrap around.
    pub fn transformed(&self, s: usize) -> Position {
        let x = Marks(grid3::transform(self.marks(Player::First).0, s % 8));
        let o = Marks(grid3::transform(self.marks(Player::Second).0, s % 8));
        // A symmetric image of a reachable position is reachable.
        Position::of_marks(x, o)
    }

    /// The representative of the position's symmetry class: the image with the smallest
    /// [`Position::key`]. Two positions are equal up to symmetry exactly when their canonical
    /// forms are equal.
    pub fn canonical(&self) -> Position {
        (0..8)
            .map(|s| self.transformed(s))
            .min_by_key(Position::key)
            .unwrap_or(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_images_are_consistent() {
        let pos: Position = "XO./.X./..O".parse().unwrap();
        for s in 0..8 {
            let image = pos.transformed(s);
            assert_eq!(image.canonical(), pos.canonical());
            for cell in Cell::ALL {
                assert_eq!(image.mark_at(cell.transformed(s)), pos.mark_at(cell));
            }
        }
    }
}
