//! A cell of the 3x3 board and its two notations: `a1`..`c3` and the console's `row col`.

use crate::error::ParseCellError;
use boardgames_core::notation::Square;
use core::fmt;
use core::str::FromStr;

/// One of the nine cells: the move of tic-tac-toe.
///
/// Cells are numbered 0-8 left to right, top to bottom (index 0 is the top-left cell `a3`,
/// index 4 the centre `b2`, index 8 the bottom-right `c1`), the order of the console form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(u8);

impl Cell {
    /// All nine cells in index order.
    pub const ALL: [Cell; 9] = [
        Cell(0),
        Cell(1),
        Cell(2),
        Cell(3),
        Cell(4),
        Cell(5),
        Cell(6),
        Cell(7),
        Cell(8),
    ];

    /// The centre cell, `b2`.
    pub const CENTRE: Cell = Cell(4);

    /// The cell with index `index` (0-8), or `None`.
    pub const fn from_index(index: u32) -> Option<Cell> {
        if index < 9 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell's index, 0-8, left to right, top to bottom.
    pub const fn index(self) -> u32 {
        self.0 as u32
    }

    /// The cell at `row` (0 is the top row) and `col` (0 is the left column), or `None`.
    pub const fn at(row: u32, col: u32) -> Option<Cell> {
        if row < 3 && col < 3 {
            Some(Cell((row * 3 + col) as u8))
        } else {
            None
        }
    }

    /// The row, 0 for the top row.
    pub const fn row(self) -> u32 {
        self.0 as u32 / 3
    }

    /// The column, 0 for the left column (`a`).
    pub const fn col(self) -> u32 {
        self.0 as u32 % 3
    }

    /// The 9-bit mask of this cell.
    pub const fn mask(self) -> u16 {
        1 << self.0
    }

    /// Reads the console form: the row then the column, 1-based, counted from the top-left
    /// (`2 1` is the left cell of the middle row, `a2`).
    ///
    /// ```
    /// use boardgames_tictactoe::Cell;
    /// assert_eq!(Cell::parse_console("2 1").unwrap().to_string(), "a2");
    /// assert!(Cell::parse_console("4 1").unwrap_err().is_off_board());
    /// assert!(Cell::parse_console("two one").is_err());
    /// ```
    pub fn parse_console(text: &str) -> Result<Cell, ParseCellError> {
        let malformed = || ParseCellError::MalformedConsole {
            text: text.trim().to_owned(),
        };
        let mut parts = text.split_whitespace();
        let (Some(r), Some(c), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(malformed());
        };
        let (Ok(row), Ok(col)) = (r.parse::<u32>(), c.parse::<u32>()) else {
            return Err(malformed());
        };
        if !(1..=3).contains(&row) || !(1..=3).contains(&col) {
            return Err(ParseCellError::ConsoleOffBoard { row, col });
        }
        Ok(Cell(((row - 1) * 3 + col - 1) as u8))
    }

    /// Reads either notation: `b2` style, or the console's `row col` when the text has two
    /// parts.
    pub fn parse_any(text: &str) -> Result<Cell, ParseCellError> {
        if text.split_whitespace().count() >= 2 {
            Cell::parse_console(text)
        } else {
            text.parse()
        }
    }
}

impl FromStr for Cell {
    type Err = ParseCellError;

    /// Reads `a1`..`c3` (columns left to right, rows bottom to top; upper case accepted).
    fn from_str(text: &str) -> Result<Cell, ParseCellError> {
        let sq = Square::parse(text, 3, 3)?;
        Ok(Cell(((2 - sq.row as u32) * 3 + sq.col as u32) as u8))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sq = Square::new(self.col() as u8, (2 - self.row()) as u8);
        write!(f, "{sq}")
    }
}

// A cell is stored as its notation (`"b2"`).
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Cell);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_matches_the_board() {
        assert_eq!("a3".parse::<Cell>().unwrap().index(), 0);
        assert_eq!("b2".parse::<Cell>().unwrap(), Cell::CENTRE);
        assert_eq!("c1".parse::<Cell>().unwrap().index(), 8);
        assert_eq!("A1".parse::<Cell>().unwrap().index(), 6);
        for cell in Cell::ALL {
            assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
            let console = format!("{} {}", cell.row() + 1, cell.col() + 1);
            assert_eq!(Cell::parse_console(&console).unwrap(), cell);
            assert_eq!(Cell::parse_any(&console).unwrap(), cell);
        }
    }

    #[test]
    fn bad_input_is_named() {
        let off = "d1".parse::<Cell>().unwrap_err();
        assert!(off.is_off_board(), "{off}");
        let off = "a4".parse::<Cell>().unwrap_err();
        assert!(off.is_off_board(), "{off}");
        let bad = "hello".parse::<Cell>().unwrap_err();
        assert!(!bad.is_off_board(), "{bad}");
        let e = Cell::parse_console("0 2").unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 0, column 2 is off the board: rows and columns run from 1 to 3"
        );
        assert!(matches!(
            Cell::parse_console("1 2 3"),
            Err(ParseCellError::MalformedConsole { .. })
        ));
        assert!(matches!(
            Cell::parse_console("-1 2"),
            Err(ParseCellError::MalformedConsole { .. })
        ));
        assert!(Cell::parse_any("").is_err());
    }
}
