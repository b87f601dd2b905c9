//! Positions as text: a compact diagram (`Display` / `FromStr`) and a console drawing with
//! row and column numbers.

use crate::error::ParsePositionError;
use crate::{Cell, Marks, Position, Setup};
use boardgames_core::{ByPlayer, Player};
use core::fmt;
use core::str::FromStr;

impl fmt::Display for Position {
    /// Three rows, top first, `X`, `O` or `.` per cell, separated by `/`: `X.O/.X./..O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for cell in Cell::ALL {
            if cell.index() > 0 && cell.col() == 0 {
                f.write_str("/")?;
            }
            f.write_str(match self.mark_at(cell) {
                Some(Player::First) => "X",
                Some(Player::Second) => "O",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads three rows, top first, separated by `/` or new lines; `X`/`x`, `O`/`o`, and `.`
    /// or `-` for an empty cell; spaces inside a row are ignored. The side to move follows from
    /// the counts; impossible positions are rejected with every problem named.
    ///
    /// ```
    /// use boardgames_tictactoe::Position;
    /// use boardgames_core::{Game, Player};
    /// let pos: Position = "X.O/.X./...".parse().unwrap();
    /// assert_eq!(pos.side_to_move(), Player::Second);
    /// let err = "XXX/OOO/...".parse::<Position>().unwrap_err();
    /// assert!(err.to_string().contains("both players have a line"));
    /// ```
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let rows: Vec<&str> = text
            .split(['/', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != 3 {
            return Err(ParsePositionError::WrongShape { rows: rows.len() });
        }
        let (mut x, mut o) = (Marks::EMPTY, Marks::EMPTY);
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != 3 {
                return Err(ParsePositionError::WrongRowLength {
                    row: r + 1,
                    cells: cells.len(),
                });
            }
            for (c, ch) in cells.into_iter().enumerate() {
                let index = (r * 3 + c) as u32;
                match ch {
                    'X' | 'x' => x = x.with(index),
                    'O' | 'o' => o = o.with(index),
                    '.' | '-' => {}
                    found => return Err(ParsePositionError::BadCharacter { found }),
                }
            }
        }
        // The side to move follows from the counts: only the counts can be wrong.
        let side_to_move = if x.count() > o.count() {
            Player::Second
        } else {
            Player::First
        };
        let setup = Setup {
            marks: ByPlayer::new(x, o),
            side_to_move,
        };
        Ok(setup.validate()?)
    }
}

impl Position {
    /// The board drawn for a console, with row and column numbers for
    /// the `row col` input and letters for `a1` input:
    ///
    /// ```text
    ///      1   2   3
    /// 1 3  X |   | O
    ///     ---|---|---
    /// 2 2    | X |
    ///     ---|---|---
    /// 3 1    |   | O
    ///      a   b   c
    /// ```
    ///
    /// Each line of the grid is the C function's `" %c "` cells joined by `|`, rows separated by
    /// `---|---|---`; the margins carry the console numbers (left, top) and the notation
    /// (ranks on the left, files below).
    pub fn console_board(&self) -> String {
        self.console_board_highlighting(Marks::EMPTY)
    }

    /// [`Position::console_board`] with the marks of the `highlight` cells drawn in brackets
    /// (`[X]`), to show a winning line.
    pub fn console_board_highlighting(&self, highlight: Marks) -> String {
        let mut out = String::from("     1   2   3\n");
        for row in 0..3u32 {
            out.push_str(&format!("{} {} ", row + 1, 3 - row));
            for col in 0..3u32 {
                let mark = Cell::at(row, col)
                    .and_then(|c| self.mark_at(c))
                    .map_or(' ', |p| if p == Player::First { 'X' } else { 'O' });
                let lit = highlight.contains(row * 3 + col);
                out.push(if lit { '[' } else { ' ' });
                out.push(mark);
                out.push(if lit { ']' } else { ' ' });
                if col < 2 {
                    out.push('|');
                }
            }
            out.push('\n');
            if row < 2 {
                out.push_str("    ---|---|---\n");
            }
        }
        out.push_str("     a   b   c\n");
        out
    }
}

// A position is stored as its diagram, validated again on load.
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Position);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SetupError, SetupProblems};

    #[test]
    fn display_and_parse_round_trip() {
        let pos: Position = "XO./.X./..O".parse().unwrap();
        assert_eq!(pos.to_string(), "XO./.X./..O");
        let multi: Position = "X O .\n. X .\n. . O\n".parse().unwrap();
        assert_eq!(multi, pos);
    }

    #[test]
    fn malformed_diagrams_are_named() {
        assert_eq!(
            "XO./.X.".parse::<Position>(),
            Err(ParsePositionError::WrongShape { rows: 2 })
        );
        assert_eq!(
            "XO./.X../...".parse::<Position>(),
            Err(ParsePositionError::WrongRowLength { row: 2, cells: 4 })
        );
        assert_eq!(
            "XO./.Z./...".parse::<Position>(),
            Err(ParsePositionError::BadCharacter { found: 'Z' })
        );
    }

    #[test]
    fn impossible_positions_list_every_problem() {
        let err = "OOO/.../...".parse::<Position>().unwrap_err();
        assert_eq!(
            err,
            ParsePositionError::Invalid(SetupError::new(SetupProblems::TOO_MANY_O))
        );
        let err = "XXX/XX./OO.".parse::<Position>().unwrap_err();
        assert_eq!(
            err,
            ParsePositionError::Invalid(SetupError::new(SetupProblems::TOO_MANY_X))
        );
        // X won with a line, then O moved anyway.
        let err = "XXX/OO./O..".parse::<Position>().unwrap_err();
        assert_eq!(
            err,
            ParsePositionError::Invalid(SetupError::new(SetupProblems::PLAY_AFTER_X_WON))
        );
        let err = "XXX/OOO/X..".parse::<Position>().unwrap_err();
        let ParsePositionError::Invalid(e) = err else {
            panic!("{err:?}")
        };
        let p = e.problems();
        assert!(p.contains(SetupProblems::BOTH_WON | SetupProblems::PLAY_AFTER_O_WON));
    }

    #[test]
    fn console_board_draws_like_the_c_game() {
        let pos: Position = "X.O/.X./..O".parse().unwrap();
        let text = pos.console_board();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "1 3  X |   | O ");
        assert_eq!(lines[2], "    ---|---|---");
        assert_eq!(lines[3], "2 2    | X |   ");
        assert_eq!(lines[5], "3 1    |   | O ");
        assert_eq!(lines.len(), 7);
        let lit = pos.console_board_highlighting(Marks(0b100_010_001));
        assert_eq!(lit.lines().nth(1), Some("1 3 [X]|   | O "));
        assert_eq!(lit.lines().nth(3), Some("2 2    |[X]|   "));
    }
}
