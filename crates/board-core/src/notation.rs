//! Coordinates written as a column letter and a row number (`a1`, `h8`, `t20`).
//!
//! Tic-tac-toe, gomoku and morris all name points this way: columns `a..` left to right, rows
//! `1..` bottom to top. Upper-case letters are accepted on input; output is lower case.

use core::fmt;

/// A column and row on a lettered grid, both counted from 0 (`a1` is column 0, row 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square {
    /// Column, 0 for `a`.
    pub col: u8,
    /// Row, 0 for `1` (the bottom row).
    pub row: u8,
}

/// Why a coordinate like `a1` could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseSquareError {
    /// Nothing was given.
    #[error("empty coordinate: expected a column letter and a row number such as a1")]
    Empty,
    /// The text does not start with a letter.
    #[error(
        "malformed coordinate {text:?}: expected a column letter then a row number, such as a1"
    )]
    MissingColumn {
        /// The text given.
        text: String,
    },
    /// The letter is past the last column.
    #[error("column {letter:?} is off the board: columns run from a to {last}")]
    ColumnOffBoard {
        /// The column letter given.
        letter: char,
        /// The last column letter of this board.
        last: char,
    },
    /// No digits follow the letter, or something else does.
    #[error("malformed coordinate {text:?}: the column letter must be followed by a row number")]
    BadRow {
        /// The text given.
        text: String,
    },
    /// The number is 0 or past the last row.
    #[error("row {row} is off the board: rows run from 1 to {last}")]
    RowOffBoard {
        /// The row number given.
        row: u32,
        /// The last row number of this board.
        last: u32,
    },
}

impl ParseSquareError {
    /// `true` for an error that names a coordinate off the board (as opposed to malformed text).
    pub fn is_off_board(&self) -> bool {
        matches!(
            self,
            ParseSquareError::ColumnOffBoard { .. } | ParseSquareError::RowOffBoard { .. }
        )
    }
}

impl Square {
    /// A square at `col`, `row` (0-based).
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }

    /// Reads `a1`-style text for a board of `cols` columns and `rows` rows (each at most 26
    /// and 99). Surrounding whitespace is ignored; upper-case letters are accepted.
    ///
    /// ```
    /// use boardgames_core::notation::{ParseSquareError, Square};
    /// assert_eq!(Square::parse("h8", 15, 15), Ok(Square::new(7, 7)));
    /// assert_eq!(Square::parse("C3", 3, 3), Ok(Square::new(2, 2)));
    /// assert!(matches!(Square::parse("d1", 3, 3), Err(ParseSquareError::ColumnOffBoard { .. })));
    /// assert!(matches!(Square::parse("a0", 3, 3), Err(ParseSquareError::RowOffBoard { .. })));
    /// assert!(matches!(Square::parse("1a", 3, 3), Err(ParseSquareError::MissingColumn { .. })));
    /// ```
    pub fn parse(text: &str, cols: u8, rows: u8) -> Result<Square, ParseSquareError> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = match chars.next() {
            None => return Err(ParseSquareError::Empty),
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_lowercase(),
            Some(_) => {
                return Err(ParseSquareError::MissingColumn {
                    text: text.to_owned(),
                })
            }
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseSquareError::BadRow {
                text: text.to_owned(),
            });
        }
        let col = letter as u32 - 'a' as u32;
        if col >= cols as u32 {
            return Err(ParseSquareError::ColumnOffBoard {
                letter,
                last: column_letter(cols.saturating_sub(1)),
            });
        }
        // At most three digits, so this cannot overflow.
        let row: u32 = digits
            .bytes()
            .fold(0, |acc, b| acc * 10 + (b - b'0') as u32);
        if row == 0 || row > rows as u32 {
            return Err(ParseSquareError::RowOffBoard {
                row,
                last: rows as u32,
            });
        }
        Ok(Square::new(col as u8, (row - 1) as u8))
    }
}

/// The letter of column `col` (0 is `a`); columns past `z` print as `?`.
pub const fn column_letter(col: u8) -> char {
    if col < 26 {
        (b'a' + col) as char
    } else {
        '?'
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", column_letter(self.col), self.row as u32 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(Square::parse("  ", 3, 3), Err(ParseSquareError::Empty));
        assert!(matches!(
            Square::parse("b", 3, 3),
            Err(ParseSquareError::BadRow { .. })
        ));
        assert!(matches!(
            Square::parse("b2x", 3, 3),
            Err(ParseSquareError::BadRow { .. })
        ));
        assert!(matches!(
            Square::parse("b-1", 3, 3),
            Err(ParseSquareError::BadRow { .. })
        ));
        assert!(matches!(
            Square::parse("a99999999999", 3, 3),
            Err(ParseSquareError::BadRow { .. })
        ));
        assert!(matches!(
            Square::parse("é1", 3, 3),
            Err(ParseSquareError::MissingColumn { .. })
        ));
        let e = Square::parse("c4", 3, 3).unwrap_err();
        assert!(e.is_off_board());
        assert_eq!(
            e.to_string(),
            "row 4 is off the board: rows run from 1 to 3"
        );
        let e = Square::parse("t1", 15, 15).unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 't' is off the board: columns run from a to o"
        );
    }

    proptest! {
        #[test]
        fn display_then_parse_round_trips(col in 0u8..26, row in 0u8..99) {
            let sq = Square::new(col, row);
            prop_assert_eq!(Square::parse(&sq.to_string(), 26, 99), Ok(sq));
            prop_assert_eq!(Square::parse(&sq.to_string().to_uppercase(), 26, 99), Ok(sq));
        }

        #[test]
        fn parse_never_panics(text in "\\PC{0,8}") {
            let _ = Square::parse(&text, 20, 20);
        }
    }
}
