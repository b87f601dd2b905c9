//! Analysis setups: any stones, an explicit side to move, validated with every problem
//! reported at once; and the checks of a played position read back from text.

use crate::error::{SetupError, SetupProblems};
use crate::point::{DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use crate::point_set::PointSet;
use crate::position::{Parts, Position};
use crate::rule::Rule;
use crate::win::{canonical_win, line_through, winning_axes, AxisSet, Line, Win};
use boardgames_core::{ByPlayer, Player};
/// Every winning run of `colour` on the board (each once).
fn winning_runs(stones: &ByPlayer<PointSet>, size: u8, rule: &Rule, colour: Player) -> Vec<Line> {
    let own = stones.get(colour);
    let opp = stones.get(colour.opponent());
    let mut lines: Vec<Line> = Vec::new();
    for point in own {
        for axis in winning_axes(own, opp, point, size, rule, colour).iter() {
            let line = line_through(own, point, axis);
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
    }
    lines
}

/// The win of `colour`, whose winning runs are `lines`, if one last move can explain it: a
/// stone on every line whose removal leaves `colour` no winning run.
fn explain_win(
    stones: &ByPlayer<PointSet>,
    size: u8,
    rule: &Rule,
    colour: Player,
    lines: &[Line],
) -> Option<Win> {
    let mut common = PointSet::board(size);
    for line in lines {
        common = common.intersection(&line.cells().collect());
    }
    common.iter().find_map(|last| {
        let mut before = *stones;
        before.get_mut(colour).remove(last);
        if !winning_runs(&before, size, rule, colour).is_empty() {
            return None;
        }
        let own = stones.get(colour);
        let axes = winning_axes(own, stones.get(colour.opponent()), last, size, rule, colour);
        Some(canonical_win(own, last, axes))
    })
}

/// A position to analyse: any stones of each colour, an explicit side to move, the board size
/// and the rule. Unlike a played game there is no stone-count rule (renju problems and
/// published diagrams rarely balance the counts).
///
/// [`Setup::validate`] checks it and reports every problem at once: a size outside 5..=20,
/// stones off the board, a point holding both colours, and a winning line that cannot end
/// the game (both colours have one, the side to move has one, or no single last stone
/// explains them all). A board holding the last mover's winning line is a finished game
/// (published renju diagrams show such boards). The position it gives says it came from a
/// setup ([`Position::is_from_setup`]), and undo stops at the setup's stones.
///
/// ```
/// use boardgames_core::{Game, Player};
/// use boardgames_gomoku::{PointSet, Position, Rule, Setup, SetupProblems};
///
/// let points = |names: &[&str]| -> PointSet { names.iter().map(|s| s.parse().unwrap()).collect() };
/// let mut setup = Setup {
///     stones: boardgames_core::ByPlayer::new(points(&["h8", "i8", "j8"]), points(&[])),
///     to_move: Player::Second,
///     size: 15,
///     rule: Rule::RENJU,
/// };
/// let position = setup.validate().unwrap();
/// assert!(position.is_from_setup());
/// assert_eq!(position.side_to_move(), Player::Second);
/// assert_eq!(Setup::from(&position), setup);
///
/// // Every problem at once.
/// setup.size = 9;
/// setup.stones.second = points(&["h8", "o15"]);
/// let err = setup.validate().unwrap_err();
/// assert_eq!(err.problems(), SetupProblems::OFF_BOARD | SetupProblems::OVERLAP);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The stones of each colour (black first).
    pub stones: ByPlayer<PointSet>,
    /// The colour to move.
    pub to_move: Player,
    /// The board size, 5 to 20.
    pub size: u32,
    /// The win rule.
    pub rule: Rule,
}

impl Default for Setup {
    /// The empty 15x15 board under Caro, black to move.
    fn default() -> Setup {
        Setup {
            stones: ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY),
            to_move: Player::First,
            size: DEFAULT_SIZE as u32,
            rule: Rule::CARO,
        }
    }
}

impl From<&Position> for Setup {
    /// The stones, side to move, size and rule of a position.
    fn from(position: &Position) -> Setup {
        Setup {
            stones: ByPlayer::new(
                *position.stones(Player::First),
                *position.stones(Player::Second),
            ),
            to_move: boardgames_core::Game::side_to_move(position),
            size: position.size() as u32,
            rule: position.rule(),
        }
    }
}

boardgames_core::try_from_setup!(Setup => Position, SetupError);

impl Setup {
    /// Every problem of the setup (empty when it is valid).
    pub fn problems(&self) -> SetupProblems {
        let problems = self.board_problems();
        if !problems.is_empty() {
            return problems;
        }
        match self.board_win(false) {
            Ok(_) => problems,
            Err(e) => e.problems(),
        }
    }

    /// The position of the setup, or every problem found. The position's status follows from
    /// the board: won when it holds a winning line (which must be the last mover's, with all
    /// its winning lines through one stone), a draw when no move is left to the side to move
    /// (a full board, Gomocup's draw count, every empty point forbidden under renju), else
    /// ongoing.
    pub fn validate(&self) -> Result<Position, SetupError> {
        let stones = self.stones.first.len() + self.stones.second.len();
        self.checked(Some(stones), SetupProblems::empty())
    }

    /// The position with `setup_stones`, once `extra` problems and those of the setup are
    /// known to be none.
    fn checked(
        &self,
        setup_stones: Option<usize>,
        extra: SetupProblems,
    ) -> Result<Position, SetupError> {
        let problems = self.board_problems() | extra;
        if !problems.is_empty() {
            return Err(SetupError::new(problems));
        }
        // Moves played since the setup (or from the empty board) end at the last one, which
        // must explain any win; a setup's own board may hold any lines of the last mover.
        let count = self.stones.first.len() + self.stones.second.len();
        let win = self.board_win(setup_stones != Some(count))?;
        let setup_stones = setup_stones.map(|n| n as u16);
        Ok(Position::from_validated(self.parts(setup_stones), win))
    }

    /// The problems of the size and of where the stones are.
    fn board_problems(&self) -> SetupProblems {
        let mut problems = SetupProblems::empty();
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&self.size) {
            problems |= SetupProblems::BAD_SIZE;
        }
        let board = PointSet::board(self.size.min(MAX_SIZE as u32) as u8);
        let (black, white) = (self.stones.first, self.stones.second);
        if !black.union(&white).difference(&board).is_empty() {
            problems |= SetupProblems::OFF_BOARD;
        }
        if !black.intersection(&white).is_empty() {
            problems |= SetupProblems::OVERLAP;
        }
        problems
    }

    fn parts(&self, setup_stones: Option<u16>) -> Parts {
        Parts {
            stones: self.stones,
            to_move: self.to_move,
            size: self.size as u8,
            rule: self.rule,
            setup_stones,
        }
    }

    /// The position of a game whose stones are these, with the first `setup_stones` of them
    /// from a setup (`None`: a game from the empty board, which must fit the stone counts).
    /// How [`Position`]'s text is read back.
    pub(crate) fn validate_played(
        &self,
        setup_stones: Option<usize>,
    ) -> Result<Position, SetupError> {
        let count = self.stones.first.len() + self.stones.second.len();
        let mut extra = SetupProblems::empty();
        match setup_stones {
            Some(n) if n > count => extra |= SetupProblems::FEWER_THAN_SETUP,
            Some(_) => {}
            None => {
                let (nb, nw) = (self.stones.first.len(), self.stones.second.len());
                let fits = match self.to_move {
                    Player::First => nb == nw,
                    Player::Second => nb == nw + 1,
                };
                if !fits {
                    extra |= SetupProblems::STONE_COUNTS;
                }
            }
        }
        self.checked(setup_stones, extra)
    }

    /// The win on the board, if any: the winning lines must be the last mover's only, and
    /// when `played` (the last stone was a move) one stone must lie on all of them and explain
    /// them. A setup's lines need no such stone; its win is kept as its first line.
    fn board_win(&self, played: bool) -> Result<Option<(Player, Win)>, SetupError> {
        let size = self.size as u8;
        let runs = Player::ALL.map(|colour| winning_runs(&self.stones, size, &self.rule, colour));
        let winner = match (runs[0].is_empty(), runs[1].is_empty()) {
            (true, true) => return Ok(None),
            (false, false) => return Err(SetupError::new(SetupProblems::BOTH_WON)),
            (false, true) => Player::First,
            (true, false) => Player::Second,
        };
        let mut problems = SetupProblems::empty();
        if winner == self.to_move {
            problems |= SetupProblems::WRONG_WINNER;
        }
        let lines = &runs[winner.index()];
        let win = explain_win(&self.stones, size, &self.rule, winner, lines).or_else(|| {
            let line = lines.first().filter(|_| !played)?;
            let axes = AxisSet(1 << line.axis.index());
            Some(canonical_win(self.stones.get(winner), line.start, axes))
        });
        if win.is_none() {
            problems |= SetupProblems::UNREACHABLE_WIN;
        }
        match win {
            Some(win) if problems.is_empty() => Ok(Some((winner, win))),
            _ => Err(SetupError::new(problems)),
        }
    }
}
