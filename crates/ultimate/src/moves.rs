//! A move: one cell of one small board, written `BC` (board digit, then cell digit).

use crate::error::ParseMoveError;
use core::fmt;
use core::str::FromStr;

/// A move of ultimate tic-tac-toe: cell `cell` of small board `board`.
///
/// Boards and cells are numbered **1-9 in notation** (left to right, top to bottom, as the
/// seed and the referee do) and **0-8 in the API** ([`Move::board`], [`Move::cell`],
/// [`Move::new`]), the numbering of `boardgames_core::grid3`. Internally a move is one byte, the
/// board in the high nibble and the cell in the low one, so both are a shift or a mask away;
/// [`Move::index`] gives the cell index `board * 9 + cell` (0-80) of the bitboards.
///
/// ```
/// use boardgames_ultimate::Move;
/// let mv: Move = "53".parse().unwrap(); // top-right cell of the centre board
/// assert_eq!((mv.board(), mv.cell()), (4, 2));
/// assert_eq!(mv, Move::new(4, 2).unwrap());
/// assert_eq!(mv.to_string(), "53");
/// assert_eq!(mv.index(), 38);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub(crate) u8);

impl Move {
    /// The move at `cell` (0-8) of small board `board` (0-8); `None` when either is above 8.
    #[inline]
    pub const fn new(board: u8, cell: u8) -> Option<Move> {
        if board < 9 && cell < 9 {
            Some(Move((board << 4) | cell))
        } else {
            None
        }
    }

    /// The move with cell index `index` (`board * 9 + cell`, 0-80); `None` above 80.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Move> {
        if index < 81 {
            Some(Move(((index / 9) << 4) | (index % 9)))
        } else {
            None
        }
    }

    /// The cell index `board * 9 + cell` (0-80): the bit of this move in a [`crate::Cells`].
    #[inline]
    pub const fn index(self) -> u8 {
        self.board() * 9 + self.cell()
    }

    /// The small board (0-8, left to right, top to bottom); notation writes it plus one.
    #[inline]
    pub const fn board(self) -> u8 {
        self.0 >> 4
    }

    /// The cell inside the small board (0-8), which is also the board the opponent is sent
    /// to; notation writes it plus one.
    #[inline]
    pub const fn cell(self) -> u8 {
        self.0 & 15
    }

    /// The row (0-8, top to bottom) of this cell on the whole 9x9 board.
    pub const fn row(self) -> u8 {
        self.board() / 3 * 3 + self.cell() / 3
    }

    /// The column (0-8, left to right) of this cell on the whole 9x9 board.
    pub const fn column(self) -> u8 {
        self.board() % 3 * 3 + self.cell() % 3
    }

    /// The move at `row` and `column` (0-8 each, from the top-left) of the whole 9x9 board.
    pub const fn at(row: u8, column: u8) -> Option<Move> {
        if row < 9 && column < 9 {
            Move::new(row / 3 * 3 + column / 3, row % 3 * 3 + column % 3)
        } else {
            None
        }
    }

    /// All 81 moves in index order (`11`, `12`, ... `99`).
    pub fn all() -> impl ExactSizeIterator<Item = Move> + Clone {
        (0..81u8).map(|index| Move(((index / 9) << 4) | (index % 9)))
    }

    /// The move at `cell` of `board`, both known to be below 9.
    #[inline(always)]
    pub(crate) const fn of(board: u8, cell: u8) -> Move {
        debug_assert!(board < 9 && cell < 9);
        Move((board << 4) | cell)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.board() + 1, self.cell() + 1)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

fn digit_1_to_9(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'1'),
        _ => None,
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `BC` notation; surrounding whitespace is ignored.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let text = text.trim();
        let mut chars = text.chars();
        let (b, c) = match (chars.next(), chars.next(), chars.next()) {
            (None, _, _) => return Err(ParseMoveError::Empty),
            (Some(b), Some(c), None) => (b, c),
            _ => {
                return Err(ParseMoveError::WrongLength {
                    text: text.to_owned(),
                })
            }
        };
        let board = digit_1_to_9(b).ok_or(ParseMoveError::BadBoard { found: b })?;
        let cell = digit_1_to_9(c).ok_or(ParseMoveError::BadCell { found: c })?;
        Ok(Move((board << 4) | cell))
    }
}

// A move is stored as its `BC` notation (`"53"`).
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Move);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_move_round_trips_through_notation() {
        for mv in Move::all() {
            assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            assert_eq!(Move::new(mv.board(), mv.cell()), Some(mv));
            assert_eq!(Move::at(mv.row(), mv.column()), Some(mv));
        }
        assert_eq!(Move::all().len(), 81);
    }

    #[test]
    fn grid_coordinates() {
        let top_right_of_centre: Move = "53".parse().unwrap();
        assert_eq!(
            (top_right_of_centre.row(), top_right_of_centre.column()),
            (3, 5)
        );
        assert_eq!(Move::at(8, 8).unwrap().to_string(), "99");
        assert_eq!(Move::at(0, 3).unwrap().to_string(), "21");
        assert_eq!(Move::at(9, 0), None);
        assert_eq!(Move::new(9, 0), None);
        assert_eq!(Move::from_index(81), None);
    }

    #[test]
    fn parse_errors_name_the_problem() {
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        assert_eq!(
            " 5 ".parse::<Move>(),
            Err(ParseMoveError::WrongLength { text: "5".into() })
        );
        assert_eq!(
            "531".parse::<Move>(),
            Err(ParseMoveError::WrongLength { text: "531".into() })
        );
        assert_eq!(
            "03".parse::<Move>(),
            Err(ParseMoveError::BadBoard { found: '0' })
        );
        assert_eq!(
            "5x".parse::<Move>(),
            Err(ParseMoveError::BadCell { found: 'x' })
        );
        assert_eq!(
            "é1".parse::<Move>(),
            Err(ParseMoveError::BadBoard { found: 'é' })
        );
        assert_eq!(
            "50".parse::<Move>().unwrap_err().to_string(),
            "malformed move: cell '0' is not a digit 1-9"
        );
    }
}
