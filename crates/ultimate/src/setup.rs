//! Positions built from raw parts (typed in, read from a file, deserialized), checked before
//! they become a [`Position`]: every problem found is reported.

use crate::{Boards, Cells, Position, Rules};
use boardgames_core::grid3::{has_line, FULL as GRID_FULL};
use boardgames_core::{ByPlayer, Player};
use core::fmt;

bitflags::bitflags! {
    /// Everything that makes a [`Setup`] impossible to reach by legal play. Its `Display`
    /// names every problem in the set.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub struct Problems: u16 {
        /// A mark lies on a bit past the 81 cells.
        const OUTSIDE_BOARD = 1 << 0;
        /// A cell holds both an X and an O.
        const SHARED_CELL = 1 << 1;
        /// X must have as many marks as O, or one more.
        const MARK_COUNTS = 1 << 2;
        /// The side to move is not the one the mark counts imply.
        const SIDE_TO_MOVE = 1 << 3;
        /// A small board has a line of X and a line of O.
        const BOARD_WON_BY_BOTH = 1 << 4;
        /// A won small board holds marks played after it was won (no single mark of the
        /// winner completes every line).
        const PLAY_AFTER_BOARD_WON = 1 << 5;
        /// Both players have a macro line.
        const GAME_WON_BY_BOTH = 1 << 6;
        /// Moves were played after the macro win: the winner did not move last, or no single
        /// last move could have completed the macro line.
        const PLAY_AFTER_GAME_WON = 1 << 7;
        /// No mark of the player who moved last lies in a board that was open before it.
        const NO_POSSIBLE_LAST_MOVE = 1 << 8;
        /// The forced board is not a board number (0-8).
        const FORCED_BOARD_OFF_BOARD = 1 << 9;
        /// The forced board is already won or full.
        const FORCED_BOARD_FINISHED = 1 << 10;
        /// The game is over, yet a board to play in is given.
        const FORCED_BOARD_AFTER_GAME_OVER = 1 << 11;
        /// No possible last move sends the side to move where the setup says: a forced board
        /// needs a last move on that cell number, a free choice needs the empty start or a
        /// last move whose cell names a finished board.
        const FORCED_BOARD_CONTRADICTS_LAST_MOVE = 1 << 12;
    }
}

/// Every problem with its description, in flag order.
const DESCRIPTIONS: [(Problems, &str); 13] = [
    (Problems::OUTSIDE_BOARD, "a mark lies outside the 81 cells"),
    (Problems::SHARED_CELL, "a cell holds both an X and an O"),
    (
        Problems::MARK_COUNTS,
        "mark counts cannot happen: X must have as many marks as O, or one more",
    ),
    (
        Problems::SIDE_TO_MOVE,
        "the side to move contradicts the mark counts (X moves when the counts are equal)",
    ),
    (
        Problems::BOARD_WON_BY_BOTH,
        "a small board has a line of both X and O",
    ),
    (
        Problems::PLAY_AFTER_BOARD_WON,
        "a won small board holds marks played after it was won",
    ),
    (
        Problems::GAME_WON_BY_BOTH,
        "both players have a line of won boards",
    ),
    (
        Problems::PLAY_AFTER_GAME_WON,
        "moves were played after the game was won",
    ),
    (
        Problems::NO_POSSIBLE_LAST_MOVE,
        "no mark of the player who moved last could have been the last move",
    ),
    (
        Problems::FORCED_BOARD_OFF_BOARD,
        "the forced board is not a board 1-9",
    ),
    (
        Problems::FORCED_BOARD_FINISHED,
        "the forced board is already finished",
    ),
    (
        Problems::FORCED_BOARD_AFTER_GAME_OVER,
        "the game is over, so there is no board to play in",
    ),
    (
        Problems::FORCED_BOARD_CONTRADICTS_LAST_MOVE,
        "the board to play in contradicts every possible last move",
    ),
];

impl Problems {
    /// What a problem means, in words (for a single flag; a set of several gets
    /// `"several problems"`, and its `Display` lists them all).
    pub fn describe(flag: Problems) -> &'static str {
        DESCRIPTIONS
            .iter()
            .find(|(f, _)| *f == flag)
            .map_or("several problems", |(_, text)| text)
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("no problem");
        }
        boardgames_core::problems::write_problems(f, &DESCRIPTIONS, |flag| self.contains(flag))
    }
}

/// An impossible position: every problem found.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("impossible position: {problems}")]
pub struct InvalidSetup {
    /// The problems, all of them.
    pub problems: Problems,
}

/// The raw parts of a position, to be checked by [`Setup::validate`].
///
/// ```
/// use boardgames_ultimate::{Cells, Move, Problems, Setup};
/// use boardgames_core::Player;
///
/// let mut setup = Setup::default();
/// setup.marks.first = Cells::from_cell(Move::new(4, 4).unwrap().index() as u32);
/// setup.side_to_move = Player::Second;
/// setup.forced_board = Some(4); // X played the centre cell: O is sent to the centre board
/// let pos = setup.validate().unwrap();
/// assert_eq!(pos.forced_board(), Some(4));
///
/// setup.forced_board = Some(2); // no X mark sends O to board 3
/// setup.side_to_move = boardgames_core::Player::First; // and counts say O moves
/// let err = setup.validate().unwrap_err();
/// assert_eq!(
///     err.problems,
///     Problems::SIDE_TO_MOVE | Problems::FORCED_BOARD_CONTRADICTS_LAST_MOVE
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
    /// The empty board under the seed's rules, X to move anywhere.
    fn default() -> Setup {
        Setup {
            marks: ByPlayer::new(Cells::EMPTY, Cells::EMPTY),
            side_to_move: Player::First,
            forced_board: None,
            rules: Rules::SEED,
        }
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup {
            marks: ByPlayer::new(pos.marks(Player::First), pos.marks(Player::Second)),
            side_to_move: pos.side_to_move(),
            forced_board: pos.forced_board(),
            rules: pos.rules(),
        }
    }
}

impl Setup {
    /// Checks the setup and builds the position, or returns every problem found.
    pub fn validate(&self) -> Result<Position, InvalidSetup> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(Position::from_parts(
                self.marks,
                self.side_to_move,
                self.forced_board,
                self.rules,
            ))
        } else {
            Err(InvalidSetup { problems })
        }
    }

    /// Every problem of the setup (empty when it is a reachable position).
    pub fn problems(&self) -> Problems {
        let mut problems = Problems::empty();
        let x_all = self.marks.first;
        let o_all = self.marks.second;
        if !x_all.union(o_all).is_subset(Cells::FULL) {
            problems |= Problems::OUTSIDE_BOARD;
        }
        let x = x_all.intersect(Cells::FULL);
        let o = o_all.intersect(Cells::FULL);
        if x.intersects(o) {
            problems |= Problems::SHARED_CELL;
        }
        let (nx, no) = (x.count(), o.count());
        let last_mover = if nx == no {
            Some(Player::Second)
        } else if nx == no + 1 {
            Some(Player::First)
        } else {
            problems |= Problems::MARK_COUNTS;
            None
        };
        if let Some(last) = last_mover {
            if self.side_to_move != last.opponent() {
                problems |= Problems::SIDE_TO_MOVE;
            }
        }
        let marks = ByPlayer::new(x, o.difference(x));

        // Small boards.
        let mut won = ByPlayer::new(Boards::EMPTY, Boards::EMPTY);
        let mut finished = Boards::EMPTY;
        for b in 0..9 {
            let grids = marks.map(|_, m| m.grid(b));
            let lines = grids.map(|_, g| has_line(g));
            if lines.first && lines.second {
                problems |= Problems::BOARD_WON_BY_BOTH;
                finished = finished.with(b);
                continue;
            }
            for p in Player::ALL {
                if lines[p] {
                    won[p] = won[p].with(b);
                    finished = finished.with(b);
                    if !grid_has_completing_mark(grids[p]) {
                        problems |= Problems::PLAY_AFTER_BOARD_WON;
                    }
                }
            }
            if grids.first | grids.second == GRID_FULL {
                finished = finished.with(b);
            }
        }

        // The macro board.
        let macro_lines = won.map(|_, w| has_line(w.0));
        let macro_winner = match (macro_lines.first, macro_lines.second) {
            (true, true) => {
                problems |= Problems::GAME_WON_BY_BOTH;
                None
            }
            (true, false) => Some(Player::First),
            (false, true) => Some(Player::Second),
            (false, false) => None,
        };
        let game_over = macro_lines.first || macro_lines.second || finished == Boards::FULL;

        // The forced board.
        let mut check_forced = true;
        if let Some(f) = self.forced_board {
            if f >= 9 {
                problems |= Problems::FORCED_BOARD_OFF_BOARD;
                check_forced = false;
            } else if game_over {
                problems |= Problems::FORCED_BOARD_AFTER_GAME_OVER;
                check_forced = false;
            } else if finished.contains(f as u32) {
                problems |= Problems::FORCED_BOARD_FINISHED;
                check_forced = false;
            }
        }

        // The last move: some mark of the last mover must be one that could have been played
        // last, completed the game if it is won, and sent the side to move where it is.
        let Some(last) = last_mover else {
            return problems;
        };
        if problems.intersects(Problems::SHARED_CELL | Problems::BOARD_WON_BY_BOTH) {
            return problems;
        }
        if nx + no == 0 {
            if self.forced_board.is_some() && check_forced {
                problems |= Problems::FORCED_BOARD_CONTRADICTS_LAST_MOVE;
            }
            return problems;
        }
        if let Some(winner) = macro_winner {
            if winner != last {
                problems |= Problems::PLAY_AFTER_GAME_WON;
                return problems;
            }
        }
        let mut could_be_last = false;
        let mut completes_game = false;
        let mut sends_right = false;
        for i in marks[last] {
            let (b, c) = (i / 9, i % 9);
            let before = marks[last].without(i);
            if has_line(before.grid(b)) || has_line(marks[last.opponent()].grid(b)) {
                continue; // board b was already won before this mark
            }
            could_be_last = true;
            if macro_winner.is_some()
                && (!won[last].contains(b) || has_line(won[last].without(b).0))
            {
                continue; // the game was not won by this move
            }
            completes_game = true;
            let sends = match self.forced_board {
                _ if !check_forced => true,
                Some(f) => c == f as u32,
                None => game_over || finished.contains(c),
            };
            sends_right |= sends;
        }
        if !could_be_last {
            problems |= Problems::NO_POSSIBLE_LAST_MOVE;
        } else if !completes_game {
            problems |= Problems::PLAY_AFTER_GAME_WON;
        } else if !sends_right {
            problems |= Problems::FORCED_BOARD_CONTRADICTS_LAST_MOVE;
        }
        problems
    }
}

/// `true` when some mark of `grid` (which has a line) completes every line: removing it
/// leaves no line, so the board could have been won by its last mark.
fn grid_has_completing_mark(grid: u16) -> bool {
    (0..9).any(|c| grid & (1 << c) != 0 && !has_line(grid & !(1 << c)))
}
