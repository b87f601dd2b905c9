//! One colour's stones as words along all four directions (rows, columns, diagonals and
//! anti-diagonals), for code that reads many lines: random playouts (the five test after each
//! stone) and the whole-board threat query (one shift per axis and point).
//!
//! It is 472 bytes, so it lives beside the position (on the stack of the caller), never in it.

use crate::point::{Axis, Point, MAX_SIZE};
use crate::point_set::PointSet;

const N: usize = MAX_SIZE as usize;
const DIAGONALS: usize = 2 * N - 1;

/// Bit `col` of `rows[row]`; bit `row` of `cols[col]`, of `diagonals[col - row + 19]` and of
/// `anti_diagonals[col + row]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineWords {
    rows: [u32; N],
    cols: [u32; N],
    diagonals: [u32; DIAGONALS],
    anti_diagonals: [u32; DIAGONALS],
}

/// The `2 * half + 1` bits of `word` centred on bit `bit` (bits past either end read as zero).
#[inline(always)]
fn centred(word: u32, bit: usize, half: u32) -> u64 {
    (word as u64) << half >> bit & ((1 << (2 * half + 1)) - 1)
}

impl LineWords {
    /// No stone.
    pub(crate) const EMPTY: LineWords = LineWords {
        rows: [0; N],
        cols: [0; N],
        diagonals: [0; DIAGONALS],
        anti_diagonals: [0; DIAGONALS],
    };

    /// The stones of `set`.
    pub(crate) fn new(set: &PointSet) -> LineWords {
        let mut words = LineWords::EMPTY;
        for point in set {
            words.add(point.col() as usize, point.row() as usize);
        }
        words
    }

    /// Adds a stone at (`col`, `row`), both below 20, and tells whether it has five in a row
    /// on some axis: the four nine-point windows are packed in 16-bit lanes of one word and
    /// tested for five consecutive bits at once.
    #[inline(always)]
    pub(crate) fn add(&mut self, col: usize, row: usize) -> bool {
        let diagonal = col + N - 1 - row;
        let anti_diagonal = col + row;
        self.rows[row] |= 1 << col;
        self.cols[col] |= 1 << row;
        self.diagonals[diagonal] |= 1 << row;
        self.anti_diagonals[anti_diagonal] |= 1 << row;
        let lanes = centred(self.rows[row], col, 4)
            | centred(self.cols[col], row, 4) << 16
            | centred(self.diagonals[diagonal], row, 4) << 32
            | centred(self.anti_diagonals[anti_diagonal], row, 4) << 48;
        lanes & lanes >> 1 & lanes >> 2 & lanes >> 3 & lanes >> 4 != 0
    }

    /// The stones on the eleven points centred on `point` along `axis`, the point `d` steps
    /// forwards at bit `5 + d` (the same as reading the board point by point).
    #[inline(always)]
    pub(crate) fn window(&self, point: Point, axis: Axis) -> u32 {
        let (c, r) = (point.col() as usize, point.row() as usize);
        let take = |word: u32, bit: usize| centred(word, bit, 5) as u32;
        match axis {
            Axis::Horizontal => take(self.rows[r], c),
            Axis::Vertical => take(self.cols[c], r),
            Axis::Diagonal => take(self.diagonals[c + N - 1 - r], r),
            // Forwards along this axis the row goes down: reverse the eleven bits.
            Axis::AntiDiagonal => take(self.anti_diagonals[c + r], r).reverse_bits() >> 21,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_reports_fives_on_every_axis() {
        for (cells, last) in [
            ([(0, 0), (1, 0), (2, 0), (3, 0)], (4, 0)),
            ([(19, 15), (19, 16), (19, 17), (19, 19)], (19, 18)),
            ([(0, 0), (1, 1), (3, 3), (4, 4)], (2, 2)),
            ([(0, 19), (1, 18), (2, 17), (3, 16)], (4, 15)),
        ] {
            let mut words = LineWords::EMPTY;
            for (c, r) in cells {
                assert!(!words.add(c, r));
            }
            assert!(words.add(last.0, last.1));
        }
        let mut words = LineWords::EMPTY;
        for (c, r) in [
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 3),
            (5, 5),
            (0, 1),
            (0, 2),
            (0, 3),
        ] {
            assert!(!words.add(c, r));
        }
    }
}
