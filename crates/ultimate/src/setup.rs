//! Positions built from raw parts (typed in, read from a file, deserialized), checked before
//! they become a [`Position`]: every problem found is reported.

use crate::error::{SetupError, SetupProblems};
use crate::{Boards, Cells, Position, Rules};
use boardgames_core::grid3::{has_line, FULL as GRID_FULL};
use boardgames_core::{ByPlayer, Player};

/// The raw parts of a position as plain data, to be checked by [`Setup::validate`] (or
/// `Position::try_from`).
///
/// ```
/// use boardgames_ultimate::{Cells, Move, Position, Setup, SetupProblems};
/// use boardgames_core::Player;
///
/// let mut setup = Setup::default();
/// setup.marks.first = Cells::from_cell(Move::new(4, 4).unwrap().index() as u32);
/// setup.side_to_move = Player::Second;
/// setup.forced_board = Some(4); // X played the centre cell: O is sent to the centre board
/// let pos = Position::try_from(setup).unwrap();
/// assert_eq!(pos.forced_board(), Some(4));
/// assert_eq!(Setup::from(&pos), setup);
///
/// setup.forced_board = Some(2); // no X mark sends O to board 3
/// setup.side_to_move = boardgames_core::Player::First; // and counts say O moves
/// let err = setup.validate().unwrap_err();
/// assert_eq!(
///     err.problems(),
///     SetupProblems::SIDE_TO_MOVE | SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
/// );
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The cells of each player's marks.
    pub marks: ByPlayer<Cells>,
    /// The player to move.
    pub side_to_move: Player,
    /// The board (0-8) the side to move was sent to; `None` for a free choice (the first
    /// move, a move sent to a finished board) and for a finished game.
    pub forced_board: Option<u8>,
    /// The rule options.
    pub rules: Rules,
}

impl Default for Setup {
    /// The empty board under the standard rules, X to move anywhere.
    fn default() -> Setup {
        Setup {
            marks: ByPlayer::new(Cells::EMPTY, Cells::EMPTY),
            side_to_move: Player::First,
            forced_board: None,
            rules: Rules::STANDARD,
        }
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            marks: ByPlayer::new(pos.marks(Player::First), pos.marks(Player::Second)),
            side_to_move: pos.side(),
            forced_board: pos.forced_board(),
            rules: pos.rules(),
        }
    }
}

boardgames_core::try_from_setup!(Setup => Position, SetupError);

/// What the small boards and the macro board of a setup say.
struct BoardsRead {
    /// The small boards each player has a line on (not those with lines of both).
    won: ByPlayer<Boards>,
    /// The small boards won, drawn, or with lines of both.
    finished: Boards,
    /// The player with a macro line, if exactly one has one.
    macro_winner: Option<Player>,
    /// A macro line, or every board finished.
    game_over: bool,
}

impl Setup {
    /// Checks the setup and builds the position, or returns every problem found.
    pub fn validate(&self) -> Result<Position, SetupError> {
        SetupError::check(self.problems(), || {
            Position::from_parts(self.marks, self.side_to_move, self.forced_board, self.rules)
        })
    }

    /// Every problem of the setup (empty when it is a reachable position).
    pub fn problems(&self) -> SetupProblems {
        let mut problems = SetupProblems::empty();
        let (marks, last_mover) = self.marks_and_last_mover(&mut problems);
        let boards = read_boards(&marks, &mut problems);
        let forced = self.forced_board_problem(&boards);
        problems |= forced;
        // The last move is only checked on marks that make sense cell by cell and board by
        // board, and with mark counts that name the last mover.
        let Some(last) = last_mover else {
            return problems;
        };
        if problems.intersects(SetupProblems::SHARED_CELL | SetupProblems::BOARD_WON_BY_BOTH) {
            return problems;
        }
        problems | self.last_move_problem(&marks, last, &boards, forced.is_empty())
    }

    /// The marks on the board (each cell given to X when both claim it), and the player who
    /// moved last if the counts name one; records the problems of cells and counts.
    fn marks_and_last_mover(
        &self,
        problems: &mut SetupProblems,
    ) -> (ByPlayer<Cells>, Option<Player>) {
        let (x_all, o_all) = (self.marks.first, self.marks.second);
        if !x_all.union(o_all).is_subset(Cells::FULL) {
            *problems |= SetupProblems::OUTSIDE_BOARD;
        }
        let x = x_all.intersect(Cells::FULL);
        let o = o_all.intersect(Cells::FULL);
        if x.intersects(o) {
            *problems |= SetupProblems::SHARED_CELL;
        }
        let (nx, no) = (x.count(), o.count());
        let last_mover = if nx == no {
            Some(Player::Second)
        } else if nx == no + 1 {
            Some(Player::First)
        } else {
            *problems |= SetupProblems::MARK_COUNTS;
            None
        };
        if last_mover.is_some_and(|last| self.side_to_move != last.opponent()) {
            *problems |= SetupProblems::SIDE_TO_MOVE;
        }
        (ByPlayer::new(x, o.difference(x)), last_mover)
    }

    /// The problem of the forced board alone (empty when it is none, free, or an open board
    /// of a game going on).
    fn forced_board_problem(&self, boards: &BoardsRead) -> SetupProblems {
        match self.forced_board {
            Some(f) if f >= 9 => SetupProblems::FORCED_BOARD_OFF_BOARD,
            Some(_) if boards.game_over => SetupProblems::FORCED_BOARD_AFTER_GAME_OVER,
            Some(f) if boards.finished.contains(f as u32) => SetupProblems::FORCED_BOARD_FINISHED,
            _ => SetupProblems::empty(),
        }
    }

    /// The problem of the last move: some mark of the last mover must be one that could
    /// have been played last, completed the game if it is won, and sent the side to move
    /// where the setup says (checked only when the forced board is itself sound).
    fn last_move_problem(
        &self,
        marks: &ByPlayer<Cells>,
        last: Player,
        boards: &BoardsRead,
        check_forced: bool,
    ) -> SetupProblems {
        if marks.first.count() + marks.second.count() == 0 {
            return if self.forced_board.is_some() && check_forced {
                SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
            } else {
                SetupProblems::empty()
            };
        }
        if boards.macro_winner.is_some_and(|winner| winner != last) {
            return SetupProblems::PLAY_AFTER_GAME_WON;
        }
        let (mut could_be_last, mut completes_game, mut sends_right) = (false, false, false);
        for i in marks[last] {
            let (b, c) = (i / 9, i % 9);
            let before = marks[last].without(i);
            if has_line(before.grid(b)) || has_line(marks[last.opponent()].grid(b)) {
                continue; // board b was already won before this mark
            }
            could_be_last = true;
            let won = boards.won[last];
            if boards.macro_winner.is_some() && (!won.contains(b) || has_line(won.without(b).0)) {
                continue; // the game was not won by this move
            }
            completes_game = true;
            sends_right |= match self.forced_board {
                _ if !check_forced => true,
                Some(f) => c == f as u32,
                None => boards.game_over || boards.finished.contains(c),
            };
        }
        if !could_be_last {
            SetupProblems::NO_POSSIBLE_LAST_MOVE
        } else if !completes_game {
            SetupProblems::PLAY_AFTER_GAME_WON
        } else if !sends_right {
            SetupProblems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
        } else {
            SetupProblems::empty()
        }
    }
}

/// Reads the small boards and the macro board of `marks`; records boards won by both, boards
/// with marks played after their win, and a game won by both.
fn read_boards(marks: &ByPlayer<Cells>, problems: &mut SetupProblems) -> BoardsRead {
    let mut won = ByPlayer::new(Boards::EMPTY, Boards::EMPTY);
    let mut finished = Boards::EMPTY;
    for b in 0..9 {
        let grids = marks.map(|_, m| m.grid(b));
        let lines = grids.map(|_, g| has_line(g));
        if lines.first && lines.second {
            *problems |= SetupProblems::BOARD_WON_BY_BOTH;
            finished = finished.with(b);
            continue;
        }
        for p in Player::ALL {
            if lines[p] {
                won[p] = won[p].with(b);
                finished = finished.with(b);
                if !grid_has_completing_mark(grids[p]) {
                    *problems |= SetupProblems::PLAY_AFTER_BOARD_WON;
                }
            }
        }
        if grids.first | grids.second == GRID_FULL {
            finished = finished.with(b);
        }
    }
    let macro_lines = won.map(|_, w| has_line(w.0));
    let macro_winner = match (macro_lines.first, macro_lines.second) {
        (true, true) => {
            *problems |= SetupProblems::GAME_WON_BY_BOTH;
            None
        }
        (true, false) => Some(Player::First),
        (false, true) => Some(Player::Second),
        (false, false) => None,
    };
    BoardsRead {
        won,
        finished,
        macro_winner,
        game_over: macro_lines.first || macro_lines.second || finished == Boards::FULL,
    }
}

/// `true` when some mark of `grid` (which has a line) completes every line: removing it
/// leaves no line, so the board could have been won by its last mark.
fn grid_has_completing_mark(grid: u16) -> bool {
    (0..9).any(|c| grid & (1 << c) != 0 && !has_line(grid & !(1 << c)))
}
