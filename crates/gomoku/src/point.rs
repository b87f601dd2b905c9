//! Points of the board (the move type) and the four line directions through a point.

use boardgames_core::notation::{ParseSquareError, Square};
use core::fmt;
use core::str::FromStr;

/// The widest board supported: 20 columns and 20 rows.
pub const MAX_SIZE: u8 = 20;
/// The narrowest board supported: 5 columns and 5 rows.
pub const MIN_SIZE: u8 = 5;
/// The size of a new board when none is given: 15x15.
pub const DEFAULT_SIZE: u8 = 15;
/// The number of point indices ([`Point::index`]) on the largest board.
pub const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A point of the board, and the move that places a stone on it.
///
/// Columns count from 0 (`a`) left to right and rows from 0 (row `1`) bottom to top, as in the
/// notation `h8`. A point is any coordinate of the largest (20x20) board; whether it lies on a
/// smaller board is checked by the position (see [`crate::Position::parse_point`]).
///
/// ```
/// use boardgames_gomoku::Point;
/// let centre: Point = "h8".parse().unwrap();
/// assert_eq!((centre.col(), centre.row()), (7, 7));
/// assert_eq!(centre.to_string(), "h8");
/// assert_eq!(Point::new(19, 19).unwrap().to_string(), "t20");
/// assert!(Point::new(20, 0).is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    row: u8,
    col: u8,
}

impl Point {
    /// The point at column `col` and row `row` (both from 0), or `None` past the 20x20 board.
    #[inline]
    pub const fn new(col: u8, row: u8) -> Option<Point> {
        if col < MAX_SIZE && row < MAX_SIZE {
            Some(Point { col, row })
        } else {
            None
        }
    }

    /// The point at `col`, `row`, both known to be below 20 (the caller's own tables).
    #[inline(always)]
    pub(crate) const fn from_parts(col: u8, row: u8) -> Point {
        debug_assert!(col < MAX_SIZE && row < MAX_SIZE);
        Point { col, row }
    }

    /// The column, 0 for `a`.
    #[inline]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 for row `1` (the bottom row).
    #[inline]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// A dense index `row * 20 + col` in `0..400`, the same on every board size.
    #[inline]
    pub const fn index(self) -> usize {
        self.row as usize * MAX_SIZE as usize + self.col as usize
    }

    /// The point with the given [`Point::index`], or `None` for an index of 400 or more.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < MAX_POINTS {
            Some(Point {
                row: (index / MAX_SIZE as usize) as u8,
                col: (index % MAX_SIZE as usize) as u8,
            })
        } else {
            None
        }
    }

    /// `true` when the point lies on a `size` x `size` board.
    #[inline]
    pub const fn is_on_board(self, size: u8) -> bool {
        self.col < size && self.row < size
    }

    /// The point `steps` steps along `axis` (negative steps go backwards), if it lies on a
    /// `size` x `size` board.
    #[inline]
    pub const fn step(self, axis: Axis, steps: i32, size: u8) -> Option<Point> {
        let (dc, dr) = axis.delta();
        let c = self.col as i32 + dc * steps;
        let r = self.row as i32 + dr * steps;
        if c >= 0 && r >= 0 && c < size as i32 && r < size as i32 {
            Some(Point {
                col: c as u8,
                row: r as u8,
            })
        } else {
            None
        }
    }

    /// Reads `h8`-style notation for a `size` x `size` board, with an error naming the last
    /// column or row when the point is off that board.
    pub fn parse_on(text: &str, size: u8) -> Result<Point, ParsePointError> {
        let square = Square::parse(text, size, size)?;
        Ok(Point {
            col: square.col,
            row: square.row,
        })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Square::new(self.col, self.row), f)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({self})")
    }
}

/// Why a point could not be read from text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(transparent)]
pub struct ParsePointError(#[from] pub ParseSquareError);

impl ParsePointError {
    /// `true` when the text was a well-formed coordinate off the board.
    pub fn is_off_board(&self) -> bool {
        self.0.is_off_board()
    }
}

impl FromStr for Point {
    type Err = ParsePointError;

    /// Reads a point of the largest (20x20) board, `a1` to `t20`; upper case is accepted.
    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        Point::parse_on(text, MAX_SIZE)
    }
}

/// One of the four line directions through a point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Axis {
    /// Left to right along a row.
    Horizontal,
    /// Bottom to top along a column.
    Vertical,
    /// Bottom left to top right.
    Diagonal,
    /// Top left to bottom right.
    AntiDiagonal,
}

impl Axis {
    /// The four axes, in the order of their index.
    pub const ALL: [Axis; 4] = [
        Axis::Horizontal,
        Axis::Vertical,
        Axis::Diagonal,
        Axis::AntiDiagonal,
    ];

    /// The step `(columns, rows)` that moves one point forward along the axis.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Axis::Horizontal => (1, 0),
            Axis::Vertical => (0, 1),
            Axis::Diagonal => (1, 1),
            Axis::AntiDiagonal => (1, -1),
        }
    }

    /// `0..4`, the position of the axis in [`Axis::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Axis::Horizontal => "horizontal",
            Axis::Vertical => "vertical",
            Axis::Diagonal => "diagonal",
            Axis::AntiDiagonal => "anti-diagonal",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn corners_and_centre() {
        assert_eq!("a1".parse::<Point>().unwrap(), Point::new(0, 0).unwrap());
        assert_eq!("T20".parse::<Point>().unwrap(), Point::new(19, 19).unwrap());
        assert_eq!(Point::parse_on("h8", 15).unwrap().index(), 7 * 20 + 7);
        let err = Point::parse_on("p1", 15).unwrap_err();
        assert!(err.is_off_board());
        assert_eq!(
            err.to_string(),
            "column 'p' is off the board: columns run from a to o"
        );
        assert!("u1".parse::<Point>().unwrap_err().is_off_board());
        assert!(!"1a".parse::<Point>().unwrap_err().is_off_board());
    }

    #[test]
    fn steps_stop_at_the_edge() {
        let p = Point::new(0, 4).unwrap();
        assert_eq!(p.step(Axis::Horizontal, -1, 5), None);
        assert_eq!(p.step(Axis::AntiDiagonal, 1, 5), Point::new(1, 3));
        assert_eq!(p.step(Axis::Vertical, 1, 5), None);
        assert_eq!(p.step(Axis::Vertical, 1, 6), Point::new(0, 5));
    }

    proptest! {
        #[test]
        fn index_and_notation_round_trip(col in 0u8..20, row in 0u8..20) {
            let p = Point::new(col, row).unwrap();
            prop_assert_eq!(Point::from_index(p.index()), Some(p));
            prop_assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }
    }
}
