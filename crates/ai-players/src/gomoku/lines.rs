//! The whole line of the board through a point along an axis: where it starts, how long it
//! is, the point's place on it, and a set of stones read as one word along it, from the board
//! or from the stones' [`LineWords`].

use boardgames_gomoku::{Axis, LineWords, Point, PointSet};

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
    /// The line through `point` of a `size` x `size` board along `axis`.
    #[inline(always)]
    pub(crate) fn through(point: Point, axis: Axis, size: u8) -> Line {
        let (c, r, last) = (
            i32::from(point.col()),
            i32::from(point.row()),
            size as i32 - 1,
        );
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

    /// The stones of `words` on the line, which runs through `point` along `axis` (as
    /// [`Line::through`] was asked): bit `i` for the line's point `i`.
    #[inline(always)]
    pub(crate) fn word_of(&self, words: &LineWords, point: Point, axis: Axis) -> u32 {
        // The bits of a line's points count up from its point 0 (see `LineWords`).
        let (word, bit) = words.line_through(point, axis);
        word >> (bit - self.at)
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

    #[test]
    fn line_words_read_what_the_board_holds() {
        let set: PointSet = ["a1", "c3", "d3", "e2", "t20", "h8", "g9", "o1"]
            .iter()
            .map(|s| s.parse::<Point>().unwrap())
            .collect();
        for size in [9u8, 15, 20] {
            let board = PointSet::board(size);
            let set = set.intersection(&board);
            let words = LineWords::new(&set);
            for p in board {
                for axis in Axis::ALL {
                    let line = Line::through(p, axis, size);
                    assert_eq!(
                        line.word_of(&words, p, axis),
                        line.word(&set),
                        "{p} {axis:?}"
                    );
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
                        let point = Point::new(col as u8, row as u8).unwrap();
                        let line = Line::through(point, axis, size);
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
                        let words = LineWords::new(&all);
                        assert_eq!(
                            line.word_of(&words, point, axis),
                            line.word(&all),
                            "{axis:?}"
                        );
                    }
                }
            }
        }
    }
}
