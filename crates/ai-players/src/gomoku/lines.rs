//! The whole line of the board through a point along an axis: where it starts, how long it
//! is, the point's place on it, and a set of stones read as one word along it; and
//! [`LineWords`], the columns and diagonals of a set of stones kept as words.

use boardgames_gomoku::{Axis, PointSet, MAX_SIZE};

const N: usize = MAX_SIZE as usize;
const DIAGONALS: usize = 2 * N - 1;

/// One colour's stones as words along the columns (bit = row), the diagonals (index
/// `col - row + 19`, bit = row) and the anti-diagonals (index `col + row`, bit = column); the
/// rows are the stones' own [`PointSet`] words.
///
/// The gomoku crate keeps the same words for its playouts (`line_words::LineWords`, private
/// to it, with its own rows and the anti-diagonals' bit = row). One copy needs that type
/// public there, with a `remove` and a whole-line read like [`LineWords::word`] (bit `i` for
/// the line's point `i`, as [`Line`] orients it); this one can then go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct LineWords {
    cols: [u32; N],
    diagonals: [u32; DIAGONALS],
    anti_diagonals: [u32; DIAGONALS],
}

impl LineWords {
    /// No stone.
    pub(crate) const EMPTY: LineWords = LineWords {
        cols: [0; N],
        diagonals: [0; DIAGONALS],
        anti_diagonals: [0; DIAGONALS],
    };

    /// Adds a stone at `col`, `row` (both below 20).
    #[inline(always)]
    pub(crate) fn add(&mut self, col: u32, row: u32) {
        let (c, r) = (col as usize % N, row as usize % N);
        self.cols[c] |= 1 << r;
        self.diagonals[c + N - 1 - r] |= 1 << r;
        self.anti_diagonals[c + r] |= 1 << c;
    }

    /// Removes the stone at `col`, `row` (both below 20).
    #[inline(always)]
    pub(crate) fn remove(&mut self, col: u32, row: u32) {
        let (c, r) = (col as usize % N, row as usize % N);
        self.cols[c] &= !(1 << r);
        self.diagonals[c + N - 1 - r] &= !(1 << r);
        self.anti_diagonals[c + r] &= !(1 << c);
    }

    /// The stones on `line`: bit `i` for the line's point `i`; `rows` holds the same stones
    /// by row.
    #[inline(always)]
    pub(crate) fn word(&self, rows: &PointSet, line: &Line) -> u32 {
        let (c, r) = (line.col as usize, line.row as usize);
        let word = match line.delta {
            (1, 0) => rows.rows.get(r).copied(),
            (0, 1) => self.cols.get(c).copied(),
            (1, 1) => self.diagonals.get(c + N - 1 - r).map(|w| w >> r),
            _ => self.anti_diagonals.get(c + r).map(|w| w >> c),
        };
        word.unwrap_or(0)
    }
}

/// The line through a point along an axis, oriented as [`Axis::delta`] steps (so keys read
/// from its words are the ones `boardgames_gomoku::threat::line_key` reads from the board).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Line {
    /// The column of the line's point 0.
    col: i32,
    /// The row of the line's point 0.
    row: i32,
    /// The step from one point to the next.
    delta: (i32, i32),
    /// The number of points on the line.
    pub(crate) len: u32,
    /// The place of the point the line was asked for.
    pub(crate) at: u32,
}

impl Line {
    /// The line through the point at `col`, `row` of a `size` x `size` board along `axis`.
    #[inline(always)]
    pub(crate) fn through(col: u32, row: u32, axis: Axis, size: u8) -> Line {
        let (c, r, last) = (col as i32, row as i32, size as i32 - 1);
        let delta = axis.delta();
        let (back, len) = match axis {
            Axis::Horizontal => (c, size as i32),
            Axis::Vertical => (r, size as i32),
            Axis::Diagonal => (c.min(r), size as i32 - (c - r).abs()),
            Axis::AntiDiagonal => (c.min(last - r), (c + r).min(2 * last - c - r) + 1),
        };
        Line {
            col: c - delta.0 * back,
            row: r - delta.1 * back,
            delta,
            len: len as u32,
            at: back as u32,
        }
    }

    /// The column and row of the line's point `i`.
    #[inline(always)]
    pub(crate) fn cell(&self, i: u32) -> (u32, u32) {
        let i = i as i32;
        (
            (self.col + self.delta.0 * i) as u32,
            (self.row + self.delta.1 * i) as u32,
        )
    }

    /// The points of `set` on the line, read point by point: bit `i` for the line's point
    /// `i` (the threat searches, which keep no [`LineWords`], read lines this way).
    pub(crate) fn word(&self, set: &PointSet) -> u32 {
        match self.delta {
            (1, 0) => set.rows[self.row as usize],
            (dc, dr) => {
                let mut word = 0;
                for i in 0..self.len as i32 {
                    let row = (self.row + dr * i) as usize;
                    let col = self.col + dc * i;
                    word |= (set.rows.get(row).copied().unwrap_or(0) >> col & 1) << i;
                }
                word
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_gomoku::Point;

    #[test]
    fn line_words_read_what_the_board_holds() {
        let set: PointSet = ["a1", "c3", "d3", "e2", "t20", "h8", "g9", "o1"]
            .iter()
            .map(|s| s.parse::<Point>().unwrap())
            .collect();
        for size in [9u8, 15, 20] {
            let board = PointSet::board(size);
            let set = set.intersection(&board);
            let mut words = LineWords::EMPTY;
            for p in set {
                words.add(p.col() as u32, p.row() as u32);
            }
            for p in board {
                for axis in Axis::ALL {
                    let line = Line::through(p.col() as u32, p.row() as u32, axis, size);
                    assert_eq!(words.word(&set, &line), line.word(&set), "{p} {axis:?}");
                }
            }
        }
    }

    #[test]
    fn lines_cover_the_board_along_each_axis() {
        for size in [5u8, 9, 15, 20] {
            for axis in Axis::ALL {
                for col in 0..size as u32 {
                    for row in 0..size as u32 {
                        let line = Line::through(col, row, axis, size);
                        assert_eq!(line.cell(line.at), (col, row));
                        let first = line.cell(0);
                        let last = line.cell(line.len - 1);
                        let p = |(c, r): (u32, u32)| Point::new(c as u8, r as u8).unwrap();
                        // The ends are the last points on the board.
                        assert!(p(first).step(axis, -1, size).is_none(), "{axis:?}");
                        assert!(p(last).step(axis, 1, size).is_none(), "{axis:?}");
                        assert_eq!(
                            p(first).step(axis, line.len as i32 - 1, size),
                            Some(p(last))
                        );
                        let all = PointSet::board(size);
                        assert_eq!(line.word(&all), (1u32 << line.len) - 1);
                        let mut words = LineWords::EMPTY;
                        for p in all {
                            words.add(p.col() as u32, p.row() as u32);
                        }
                        assert_eq!(words.word(&all, &line), line.word(&all), "{axis:?}");
                    }
                }
            }
        }
    }
}
