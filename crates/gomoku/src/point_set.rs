//! A set of points stored as one 32-bit word per row: bit `c` of word `r` is the point at
//! column `c`, row `r`.

use crate::point::{Point, MAX_SIZE};
use core::fmt;

const ROWS: usize = MAX_SIZE as usize;

/// A set of points of the board, one `u32` word per row (80 bytes).
///
/// Reading a row is one load; the other three line directions through a point read one bit
/// from each neighbouring row. Only columns `0..20` are ever set.
///
/// ```
/// use boardgames_gomoku::{Point, PointSet};
/// let mut set = PointSet::EMPTY;
/// set.insert("a1".parse().unwrap());
/// set.insert("c2".parse().unwrap());
/// assert_eq!(set.len(), 2);
/// assert!(set.contains("c2".parse().unwrap()));
/// assert_eq!(set.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["a1", "c2"]);
/// assert_eq!(PointSet::board(15).len(), 225);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    /// One word per row, bottom row first; bit `c` is column `c`.
    pub rows: [u32; ROWS],
}

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet { rows: [0; ROWS] };

    /// Every point of a `size` x `size` board (`size` is clamped to 20).
    pub const fn board(size: u8) -> PointSet {
        let size = if size > MAX_SIZE { MAX_SIZE } else { size };
        let mut rows = [0u32; ROWS];
        let mut r = 0;
        while r < size as usize {
            rows[r] = (1u32 << size) - 1;
            r += 1;
        }
        PointSet { rows }
    }

    /// `true` when `point` is in the set.
    #[inline]
    pub const fn contains(&self, point: Point) -> bool {
        self.rows[point.row() as usize] >> point.col() & 1 != 0
    }

    /// Adds `point`.
    #[inline]
    pub fn insert(&mut self, point: Point) {
        self.rows[point.row() as usize] |= 1 << point.col();
    }

    /// Removes `point`.
    #[inline]
    pub fn remove(&mut self, point: Point) {
        self.rows[point.row() as usize] &= !(1 << point.col());
    }

    /// The number of points in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.rows.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// `true` when the set has no point.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.rows.iter().all(|&w| w == 0)
    }

    /// Points in either set.
    #[inline]
    pub fn union(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a | b)
    }

    /// Points in both sets.
    #[inline]
    pub fn intersection(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a & b)
    }

    /// Points in `self` but not in `other`.
    #[inline]
    pub fn difference(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a & !b)
    }

    #[inline]
    fn zip(&self, other: &PointSet, f: impl Fn(u32, u32) -> u32) -> PointSet {
        let mut rows = [0; ROWS];
        for (r, out) in rows.iter_mut().enumerate() {
            *out = f(self.rows[r], other.rows[r]);
        }
        PointSet { rows }
    }

    /// The `n`-th point of the set in index order (`n = 0` is the lowest), or `None` when the
    /// set has `n` points or fewer. A uniform `n` in `0..len()` picks a uniform point.
    #[inline]
    pub fn nth(&self, mut n: u32) -> Option<Point> {
        for (r, &word) in self.rows.iter().enumerate() {
            let ones = word.count_ones();
            if n < ones {
                let mut w = word;
                for _ in 0..n {
                    w &= w - 1;
                }
                return Point::new(w.trailing_zeros() as u8, r as u8);
            }
            n -= ones;
        }
        None
    }

    /// The points of the set in index order (row by row from the bottom, left to right).
    #[inline]
    pub fn iter(&self) -> Points {
        Points { set: *self, row: 0 }
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Points;
    fn into_iter(self) -> Points {
        self.iter()
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = Points;
    fn into_iter(self) -> Points {
        self.iter()
    }
}

/// The points of a [`PointSet`], in index order.
#[derive(Clone, Debug)]
pub struct Points {
    set: PointSet,
    row: usize,
}

impl Iterator for Points {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.row < ROWS {
            let word = &mut self.set.rows[self.row];
            if *word != 0 {
                let col = word.trailing_zeros();
                *word &= *word - 1;
                return Point::new(col as u8, self.row as u8);
            }
            self.row += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.set.len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Points {}
impl core::iter::FusedIterator for Points {}

impl fmt::Debug for PointSet {
    /// Draws the 20x20 grid, top row first, `X` for a point in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PointSet\n")?;
        for r in (0..ROWS).rev() {
            for c in 0..ROWS {
                f.write_str(if self.rows[r] >> c & 1 != 0 { "X" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn set_algebra() {
        let a: PointSet = [p("a1"), p("b2"), p("t20")].into_iter().collect();
        let b: PointSet = [p("b2"), p("c3")].into_iter().collect();
        assert_eq!(a.union(&b).len(), 4);
        assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), [p("b2")]);
        assert_eq!(a.difference(&b).len(), 2);
        let mut c = a;
        c.remove(p("t20"));
        assert!(!c.contains(p("t20")));
        assert!(PointSet::EMPTY.is_empty());
        assert_eq!(PointSet::board(25), PointSet::board(20));
        assert_eq!(PointSet::board(5).iter().last(), Some(p("e5")));
    }

    #[test]
    fn nth_walks_in_index_order() {
        let board = PointSet::board(7);
        let all: Vec<Point> = board.iter().collect();
        for (n, &point) in all.iter().enumerate() {
            assert_eq!(board.nth(n as u32), Some(point));
        }
        assert_eq!(board.nth(49), None);
        assert_eq!(board.iter().len(), 49);
    }

    #[test]
    fn debug_draws_the_grid() {
        let s = format!("{:?}", PointSet::board(1));
        assert!(s.ends_with("X...................\n"));
    }
}
