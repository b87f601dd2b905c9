//! [`LineWords`]: one colour's stones as a bit word per line of the board along all four
//! axes, for code that reads many lines: random playouts (the five test after each stone),
//! the whole-board threat query (one shift per axis and point) and a search position that
//! keeps its stones' lines up to date move by move.

use crate::point::{Axis, Point, MAX_SIZE};
use crate::point_set::PointSet;

const N: usize = MAX_SIZE as usize;
const DIAGONALS: usize = 2 * N - 1;

/// One colour's stones as one 32-bit word per line of the 20x20 board, along each of the four
/// axes, kept up to date stone by stone ([`LineWords::add`], [`LineWords::remove`]).
///
/// A line is numbered within its axis by an index, and each of its points by a bit of its
/// word ([`LineWords::locate`] gives both for a point):
///
/// | axis | line index | bit of the point (column `c`, row `r`) |
/// |------|------------|-----------------------------------------|
/// | [`Axis::Horizontal`] | `r` (0..20) | `c` |
/// | [`Axis::Vertical`] | `c` (0..20) | `r` |
/// | [`Axis::Diagonal`] | `c - r + 19` (0..39) | `r` |
/// | [`Axis::AntiDiagonal`] | `c + r` (0..39) | `c` |
///
/// On every axis the point one step forwards ([`Axis::delta`]) is the next bit up, so a word
/// shifted right by the bit of a line's first point has bit `i` for the line's point `i`, and
/// a window of it centred on a point reads the same as stepping along the board. The numbering
/// does not depend on the board size: points off a smaller board simply never hold a stone.
///
/// It is 472 bytes, so code that copies positions often keeps it beside them.
///
/// ```
/// use boardgames_gomoku::{Axis, LineWords, Point};
///
/// let mut words = LineWords::EMPTY;
/// for p in ["c3", "d2", "e1"] {
///     words.add(p.parse().unwrap());
/// }
/// // The anti-diagonal through d2: c3, d2 and e1 are its points at columns 2, 3 and 4.
/// let (index, bit) = LineWords::locate("d2".parse().unwrap(), Axis::AntiDiagonal);
/// assert_eq!(bit, 3);
/// assert_eq!(words.line(Axis::AntiDiagonal, index), 0b11100);
/// assert_eq!(words.line(Axis::AntiDiagonal, 99), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LineWords {
    rows: [u32; N],
    cols: [u32; N],
    diagonals: [u32; DIAGONALS],
    anti_diagonals: [u32; DIAGONALS],
}

impl Default for LineWords {
    fn default() -> LineWords {
        LineWords::EMPTY
    }
}

/// The `2 * half + 1` bits of `word` centred on bit `bit` (bits past either end read as zero).
#[inline(always)]
fn centred(word: u32, bit: usize, half: u32) -> u64 {
    (word as u64) << half >> bit & ((1 << (2 * half + 1)) - 1)
}

impl LineWords {
    /// No stone.
    pub const EMPTY: LineWords = LineWords {
        rows: [0; N],
        cols: [0; N],
        diagonals: [0; DIAGONALS],
        anti_diagonals: [0; DIAGONALS],
    };

    /// The stones of `set`.
    pub fn new(set: &PointSet) -> LineWords {
        let mut words = LineWords::EMPTY;
        for point in set {
            words.add(point);
        }
        words
    }

    /// The index of the line through `point` along `axis`, and the bit of `point` in its word
    /// (see [`LineWords`] for the numbering).
    #[inline(always)]
    pub const fn locate(point: Point, axis: Axis) -> (usize, u32) {
        let (c, r) = (point.col() as usize, point.row() as usize);
        match axis {
            Axis::Horizontal => (r, c as u32),
            Axis::Vertical => (c, r as u32),
            Axis::Diagonal => (c + N - 1 - r, r as u32),
            Axis::AntiDiagonal => (c + r, c as u32),
        }
    }

    /// Adds a stone on `point` (nothing changes if it is there already).
    #[inline(always)]
    pub fn add(&mut self, point: Point) {
        self.add_at(point.col() as usize, point.row() as usize);
    }

    /// Adds a stone on `point` and tells whether it stands in five or more in a row on some
    /// axis.
    #[inline(always)]
    pub fn add_makes_five(&mut self, point: Point) -> bool {
        let (col, row) = (point.col() as usize, point.row() as usize);
        self.add_at(col, row);
        // The four nine-point windows, packed in 16-bit lanes of one word, are tested for
        // five consecutive bits at once.
        let lanes = centred(self.rows[row], col, 4)
            | centred(self.cols[col], row, 4) << 16
            | centred(self.diagonals[col + N - 1 - row], row, 4) << 32
            | centred(self.anti_diagonals[col + row], col, 4) << 48;
        lanes & lanes >> 1 & lanes >> 2 & lanes >> 3 & lanes >> 4 != 0
    }

    /// Sets the bits of (`col`, `row`), both below 20.
    #[inline(always)]
    fn add_at(&mut self, col: usize, row: usize) {
        self.rows[row] |= 1 << col;
        self.cols[col] |= 1 << row;
        self.diagonals[col + N - 1 - row] |= 1 << row;
        self.anti_diagonals[col + row] |= 1 << col;
    }

    /// Removes the stone on `point` (nothing changes if there is none).
    #[inline(always)]
    pub fn remove(&mut self, point: Point) {
        let (col, row) = (point.col() as usize, point.row() as usize);
        self.rows[row] &= !(1 << col);
        self.cols[col] &= !(1 << row);
        self.diagonals[col + N - 1 - row] &= !(1 << row);
        self.anti_diagonals[col + row] &= !(1 << col);
    }

    /// The word of the line `index` along `axis` (see [`LineWords`] for the numbering); 0 for
    /// an index past the last line.
    #[inline(always)]
    pub fn line(&self, axis: Axis, index: usize) -> u32 {
        let words: &[u32] = match axis {
            Axis::Horizontal => &self.rows,
            Axis::Vertical => &self.cols,
            Axis::Diagonal => &self.diagonals,
            Axis::AntiDiagonal => &self.anti_diagonals,
        };
        words.get(index).copied().unwrap_or(0)
    }

    /// The word of the line through `point` along `axis`, and the bit of `point` in it: the
    /// same as [`LineWords::line`] of [`LineWords::locate`], with one branch on the axis.
    #[inline(always)]
    pub fn line_through(&self, point: Point, axis: Axis) -> (u32, u32) {
        let (c, r) = (point.col() as usize, point.row() as usize);
        let (word, bit) = match axis {
            Axis::Horizontal => (self.rows.get(r), c),
            Axis::Vertical => (self.cols.get(c), r),
            Axis::Diagonal => (self.diagonals.get(c + N - 1 - r), r),
            Axis::AntiDiagonal => (self.anti_diagonals.get(c + r), c),
        };
        (word.copied().unwrap_or(0), bit as u32)
    }

    /// The stones on the eleven points centred on `point` along `axis`, the point `d` steps
    /// forwards at bit `5 + d` (the same as reading the board point by point).
    #[inline(always)]
    pub fn window(&self, point: Point, axis: Axis) -> u32 {
        let (word, bit) = self.line_through(point, axis);
        centred(word, bit as usize, 5) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(col: usize, row: usize) -> Point {
        Point::new(col as u8, row as u8).unwrap()
    }

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
                assert!(!words.add_makes_five(at(c, r)));
            }
            assert!(words.add_makes_five(at(last.0, last.1)));
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
            assert!(!words.add_makes_five(at(c, r)));
        }
    }

    /// Windows and whole lines read what stepping along the board reads, on every axis, for
    /// stones near every edge; and removing the stones leaves no bit.
    #[test]
    fn windows_and_lines_read_the_board() {
        let set: PointSet = ["a1", "c3", "d3", "e2", "t20", "t1", "a20", "h8", "g9", "o1"]
            .iter()
            .map(|s| s.parse::<Point>().unwrap())
            .collect();
        let mut words = LineWords::new(&set);
        let board = PointSet::board(MAX_SIZE);
        for point in board {
            for axis in Axis::ALL {
                let step = |d: i32| point.step(axis, d, MAX_SIZE);
                let holds = |p: Option<Point>| p.is_some_and(|p| set.contains(p)) as u32;
                let window = (-5..=5).fold(0, |w, d| w | holds(step(d)) << (5 + d));
                assert_eq!(words.window(point, axis), window, "{point} {axis}");
                let (index, bit) = LineWords::locate(point, axis);
                let line = words.line(axis, index);
                assert_eq!(
                    line >> bit & 1,
                    set.contains(point) as u32,
                    "{point} {axis}"
                );
                if let Some(next) = step(1) {
                    assert_eq!(LineWords::locate(next, axis), (index, bit + 1));
                }
            }
        }
        for point in &set {
            words.remove(point);
        }
        assert_eq!(words, LineWords::EMPTY);
    }
}
