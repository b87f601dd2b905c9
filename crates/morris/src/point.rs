//! The 24 points of the board, their names, and sets of points.
//!
//! Points are numbered ring by ring, outer square first, each ring counter-clockwise from its
//! lower-left corner: outer `a1 d1 g1 g4 g7 d7 a7 a4` (0-7), middle `b2 d2 f2 f4 f6 d6 b6 b4`
//! (8-15), inner `c3 d3 e3 e4 e5 d5 c5 c4` (16-23). On each ring even positions are corners and
//! odd positions are the midpoints that the four spokes join.

use boardgames_core::notation::{ParseSquareError, Square};
use core::fmt;
use core::str::FromStr;

boardgames_core::bitboard! {
    /// A set of points, bit `n` for [`Point`] index `n`. `Debug` draws one ring per row
    /// (outer first), in index order.
    pub struct Points(u32); width = 8, cells = 24;
}

/// One of the 24 points where a piece may stand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// The grid square (column, row; 0-based on the 7x7 grid) of each point, by index.
const SQUARES: [(u8, u8); 24] = [
    (0, 0),
    (3, 0),
    (6, 0),
    (6, 3),
    (6, 6),
    (3, 6),
    (0, 6),
    (0, 3),
    (1, 1),
    (3, 1),
    (5, 1),
    (5, 3),
    (5, 5),
    (3, 5),
    (1, 5),
    (1, 3),
    (2, 2),
    (3, 2),
    (4, 2),
    (4, 3),
    (4, 4),
    (3, 4),
    (2, 4),
    (2, 3),
];

/// The point index on each square of the 7x7 grid (row-major from `a1`), 255 where none.
const AT_SQUARE: [u8; 49] = {
    let mut table = [255u8; 49];
    let mut i = 0;
    while i < 24 {
        let (c, r) = SQUARES[i];
        table[r as usize * 7 + c as usize] = i as u8;
        i += 1;
    }
    table
};

impl Point {
    /// The number of points.
    pub const COUNT: usize = 24;

    /// Every point, in index order.
    pub const ALL: [Point; 24] = {
        let mut all = [Point(0); 24];
        let mut i = 0;
        while i < 24 {
            all[i] = Point(i as u8);
            i += 1;
        }
        all
    };

    /// The point with index `index` (0-23), or `None`.
    #[inline]
    pub const fn new(index: u32) -> Option<Point> {
        if index < 24 {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point with index `index`; the caller guarantees `index < 24` (wraps otherwise).
    #[inline]
    pub(crate) const fn from_index(index: u32) -> Point {
        Point((index % 24) as u8)
    }

    /// The point's index, 0-23.
    #[inline]
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The point as a one-point set.
    #[inline]
    pub const fn set(self) -> Points {
        Points::from_cell(self.0 as u32)
    }

    /// Its square on the 7x7 grid the names are written on (`a1` is column 0, row 0).
    pub const fn square(self) -> Square {
        let (c, r) = SQUARES[self.0 as usize];
        Square::new(c, r)
    }

    /// The point on `square`, if that square of the 7x7 grid is one of the 24 points.
    pub const fn at_square(square: Square) -> Option<Point> {
        if square.col >= 7 || square.row >= 7 {
            return None;
        }
        match AT_SQUARE[square.row as usize * 7 + square.col as usize] {
            255 => None,
            i => Some(Point(i)),
        }
    }

    /// The ring: 0 outer, 1 middle, 2 inner.
    #[inline]
    pub const fn ring(self) -> u32 {
        self.0 as u32 / 8
    }

    /// `true` for the midpoint of a side (where a spoke joins), `false` for a corner.
    #[inline]
    pub const fn is_midpoint(self) -> bool {
        self.0 % 2 == 1
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.square(), f)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({self})")
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads a point name such as `d2` (upper case accepted).
    ///
    /// ```
    /// use boardgames_morris::{ParsePointError, Point};
    /// assert_eq!("d2".parse::<Point>().unwrap().to_string(), "d2");
    /// assert!(matches!("d4".parse::<Point>(), Err(ParsePointError::NotAPoint { .. })));
    /// assert!(matches!("h1".parse::<Point>(), Err(ParsePointError::Square(_))));
    /// ```
    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        let square = Square::parse(text, 7, 7)?;
        Point::at_square(square).ok_or(ParsePointError::NotAPoint { square })
    }
}

impl Points {
    /// The points of the set as [`Point`] values, lowest index first.
    pub fn points(self) -> impl ExactSizeIterator<Item = Point> {
        self.iter().map(Point::from_index)
    }

    /// `true` when `point` is in the set.
    #[inline]
    pub const fn has(self, point: Point) -> bool {
        self.contains(point.0 as u32)
    }
}

impl FromIterator<Point> for Points {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Points {
        iter.into_iter()
            .fold(Points::EMPTY, |s, p| s.with(p.index()))
    }
}

// Stored as its notation.
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Point);

/// Why a point name could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParsePointError {
    /// Not a square of the 7x7 grid (malformed, or off the grid).
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// A square of the grid where no point is (such as `b1` or the centre `d4`).
    #[error("{square} is not a point of the board: the points are a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7")]
    NotAPoint {
        /// The square named.
        square: Square,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules_page() {
        let names: Vec<String> = Point::ALL.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            names.join(" "),
            "a1 d1 g1 g4 g7 d7 a7 a4 b2 d2 f2 f4 f6 d6 b6 b4 c3 d3 e3 e4 e5 d5 c5 c4"
        );
        for p in Point::ALL {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            assert_eq!(p.to_string().to_uppercase().parse::<Point>(), Ok(p));
            assert_eq!(Point::at_square(p.square()), Some(p));
        }
    }

    #[test]
    fn the_other_25_squares_are_not_points() {
        let mut off = 0;
        for col in 0..7 {
            for row in 0..7 {
                if Point::at_square(Square::new(col, row)).is_none() {
                    off += 1;
                }
            }
        }
        assert_eq!(off, 25);
        assert_eq!(
            "b1".parse::<Point>(),
            Err(ParsePointError::NotAPoint {
                square: Square::new(1, 0)
            })
        );
        assert!(Point::at_square(Square::new(7, 0)).is_none());
        assert_eq!(Point::new(24), None);
    }
}
