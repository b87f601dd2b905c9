//! The rules position: stones, side to move, rule, size, hash and status.

use crate::error::{IllegalMove, NewGameError, UndoError};
use crate::forbidden::{Board, Forbidden, ForbiddenKind};
use crate::point::{Point, DEFAULT_SIZE, MAX_POINTS, MAX_SIZE, MIN_SIZE};
use crate::point_set::PointSet;
use crate::rule::Rule;
use crate::win::{canonical_win, five_in_window, line_through, winning_axes, Line, Win};
use boardgames_core::{ByPlayer, Player, Status};

/// Zobrist keys: 400 per colour, then the key of white to move.
const KEYS: [u64; 2 * MAX_POINTS + 1] = boardgames_core::zobrist::keys(0x676f_6d6f_6b75);
const WHITE_TO_MOVE: u64 = KEYS[2 * MAX_POINTS];

#[inline(always)]
fn stone_key(colour: Player, point: Point) -> u64 {
    KEYS[colour.index() * MAX_POINTS + point.index()]
}

/// The parts of a validated position, for [`Position::from_validated`].
pub(crate) struct Parts {
    pub(crate) stones: ByPlayer<PointSet>,
    pub(crate) to_move: Player,
    pub(crate) size: u8,
    pub(crate) rule: Rule,
    pub(crate) setup_stones: Option<u16>,
}

/// A gomoku position: the stones of both colours, the side to move, the rule and board size,
/// the Zobrist hash and the status (with the winning lines once won).
///
/// At most 256 bytes on every board size (one `u32` word per row and colour); it is `Copy`,
/// and the move history lives apart ([`boardgames_core::History`]). Play through
/// [`boardgames_core::Game`]: `play` (checked), `play_unchecked` (search), `legal_moves`,
/// `random_playout`; [`Position::undo`] takes the last stone back.
///
/// ```
/// use boardgames_core::{Game, Player, Status};
/// use boardgames_gomoku::{Position, Rule};
///
/// let mut game = Position::new(15, Rule::STANDARD).unwrap();
/// for mv in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
///     let point = game.parse_move(mv).unwrap();
///     game.play(point).unwrap();
/// }
/// assert_eq!(game.status(), Status::Won(Player::First));
/// let five: Vec<String> = game.winning_cells().iter().map(|p| p.to_string()).collect();
/// assert_eq!(five, ["h8", "i8", "j8", "k8", "l8"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    stones: ByPlayer<PointSet>,
    hash: u64,
    rule: Rule,
    count: u16,
    /// The number of stones a [`crate::Setup`] placed (`None` for a game from the empty
    /// board): [`Position::undo`] stops there.
    setup_stones: Option<u16>,
    size: u8,
    pub(crate) to_move: Player,
    pub(crate) status: Status,
    win: Option<Win>,
}

impl Default for Position {
    /// An empty 15x15 board under Caro.
    fn default() -> Position {
        Position::empty(DEFAULT_SIZE, Rule::CARO)
    }
}

impl Position {
    /// An empty `size` x `size` board (5 to 20) under `rule`, black to move.
    pub fn new(size: u32, rule: Rule) -> Result<Position, NewGameError> {
        if !(MIN_SIZE as u32..=MAX_SIZE as u32).contains(&size) {
            return Err(NewGameError::SizeOutOfRange { size });
        }
        Ok(Position::empty(size as u8, rule))
    }

    fn empty(size: u8, rule: Rule) -> Position {
        Position {
            stones: ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY),
            hash: 0,
            rule,
            count: 0,
            setup_stones: None,
            size,
            to_move: Player::First,
            status: Status::Ongoing,
            win: None,
        }
    }

    /// The board size (the number of rows, and of columns).
    #[inline]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// The win rule.
    #[inline]
    pub const fn rule(&self) -> Rule {
        self.rule
    }

    /// The number of stones on the board (the number of moves played).
    #[inline]
    pub const fn stone_count(&self) -> usize {
        self.count as usize
    }

    /// `true` when the position came from a [`crate::Setup`] (an analysis position, perhaps
    /// with moves played since), `false` when it was played from the empty board.
    #[inline]
    pub const fn is_from_setup(&self) -> bool {
        self.setup_stones.is_some()
    }

    /// The number of stones the [`crate::Setup`] placed, for a position that came from one
    /// (the moves played since are the other stones); `None` for a game from the empty board.
    #[inline]
    pub fn setup_stone_count(&self) -> Option<usize> {
        self.setup_stones.map(usize::from)
    }

    /// The stones of `colour`.
    #[inline]
    pub const fn stones(&self, colour: Player) -> &PointSet {
        self.stones.get(colour)
    }

    /// The colour of the stone at `point`, if any.
    #[inline]
    pub fn stone_at(&self, point: Point) -> Option<Player> {
        if self.stones.first.contains(point) {
            Some(Player::First)
        } else if self.stones.second.contains(point) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The empty points of the board.
    pub fn empty_points(&self) -> PointSet {
        PointSet::board(self.size)
            .difference(&self.stones.first)
            .difference(&self.stones.second)
    }

    /// Reads `h8`-style notation for this board's size, with an error naming the last
    /// column or row when the point is off the board (the same as [`boardgames_core::Game::parse_move`]).
    pub fn parse_point(&self, text: &str) -> Result<Point, crate::ParsePointError> {
        Point::parse_on(text, self.size)
    }

    /// The winning lines once the game is won (empty otherwise): one line per axis on which
    /// the last move completed a winning run.
    pub fn winning_lines(&self) -> impl Iterator<Item = Line> + '_ {
        self.win.into_iter().flat_map(move |win| {
            let winner = self.to_move.opponent();
            win.axes
                .iter()
                .map(move |axis| line_through(self.stones.get(winner), win.point, axis))
        })
    }

    /// The points of the winning lines (a UI lights them up); empty unless the game is won.
    pub fn winning_cells(&self) -> PointSet {
        self.winning_lines().flat_map(Line::cells).collect()
    }

    /// Checks `point` for the side to move: the game must be going on and the point on the
    /// board and empty.
    #[inline]
    pub fn check_point(&self, point: Point) -> Result<(), IllegalMove> {
        if self.status.is_over() {
            Err(IllegalMove::GameOver)
        } else if !point.is_on_board(self.size) {
            Err(IllegalMove::OffBoard {
                point,
                size: self.size,
            })
        } else if let Some(by) = self.stone_at(point) {
            Err(IllegalMove::Occupied { point, by })
        } else if let Some(kind) = self.forbidden_to_mover(point) {
            let reason = self.board().explain(self.to_move, point, kind);
            Err(IllegalMove::Forbidden { point, reason })
        } else {
            Ok(())
        }
    }

    /// Why a stone of `colour` on `point` would be forbidden under the rule (renju), if it
    /// would, with the lines involved; `None` for an occupied point, one off the board, or a
    /// colour the rule does not restrict. See [`crate::forbidden`] for the exact definition.
    pub fn forbidden(&self, colour: Player, point: Point) -> Option<Forbidden> {
        if !point.is_on_board(self.size) || self.stone_at(point).is_some() {
            return None;
        }
        let board = self.board();
        let kind = board.forbidden(colour, point)?;
        Some(board.explain(colour, point, kind))
    }

    /// The points forbidden to `colour` now (empty unless the rule restricts it).
    pub fn forbidden_points(&self, colour: Player) -> PointSet {
        if !*self.rule.forbidden_points.get(colour) {
            return PointSet::EMPTY;
        }
        let board = self.board();
        self.empty_points()
            .iter()
            .filter(|&p| board.forbidden(colour, p).is_some())
            .collect()
    }

    /// The board as the forbidden-point test reads it.
    pub(crate) fn board(&self) -> Board {
        Board {
            stones: self.stones,
            size: self.size,
            rule: self.rule,
        }
    }

    /// `true` when the rule restricts the side to move with forbidden points.
    #[inline]
    pub(crate) fn mover_restricted(&self) -> bool {
        *self.rule.forbidden_points.get(self.to_move)
    }

    /// Why the empty `point` is forbidden to the side to move, if it is.
    #[inline]
    pub(crate) fn forbidden_to_mover(&self, point: Point) -> Option<ForbiddenKind> {
        if self.mover_restricted() {
            self.board().forbidden(self.to_move, point)
        } else {
            None
        }
    }

    /// `true` when the side to move has some empty point it may play.
    fn has_playable_point(&self) -> bool {
        let board = self.board();
        self.empty_points()
            .iter()
            .any(|p| board.forbidden(self.to_move, p).is_none())
    }

    /// Places a stone of the side to move at `point` without checking it, updating the hash
    /// and judging the lines through the point.
    #[inline]
    pub(crate) fn place(&mut self, point: Point) {
        let colour = self.to_move;
        self.put_stone(colour, point);
        // Nine stones are the fewest with a five of one colour in a game from the empty board
        // (a setup may hold five stones of one colour alone); the window filter rules out
        // almost every other move cheaply.
        let may_win = (self.count >= 9 || self.setup_stones.is_some())
            && five_in_window(self.stones.get(colour), point);
        self.judge(colour, point, may_win);
    }

    /// Puts a stone of `colour`, the side to move, on `point` and passes the turn, updating
    /// the count and the hash but not the status.
    #[inline(always)]
    pub(crate) fn put_stone(&mut self, colour: Player, point: Point) {
        self.stones.get_mut(colour).insert(point);
        self.hash ^= stone_key(colour, point) ^ WHITE_TO_MOVE;
        self.count += 1;
        self.to_move = colour.opponent();
    }

    /// Sets the status after `colour` put a stone on `point`: won if `may_win` (some axis has
    /// five in a row through the point) and the rule accepts a run, drawn on a full board.
    /// Returns `true` when the game is over.
    #[inline(always)]
    pub(crate) fn judge(&mut self, colour: Player, point: Point, may_win: bool) -> bool {
        if may_win {
            let axes = winning_axes(
                self.stones.get(colour),
                self.stones.get(colour.opponent()),
                point,
                self.size,
                &self.rule,
                colour,
            );
            if !axes.is_empty() {
                self.status = Status::Won(colour);
                self.win = Some(canonical_win(self.stones.get(colour), point, axes));
                return true;
            }
        }
        if self.is_drawn() {
            self.status = Status::Draw;
            return true;
        }
        false
    }

    /// `true` when the board, with no winner, is a draw: full, at Gomocup's draw count when
    /// the rule asks for it, or (renju) with every empty point forbidden to the side to move.
    fn is_drawn(&self) -> bool {
        let count = self.count as u32;
        count == self.size as u32 * self.size as u32
            || self.rule.draw_at(self.size).is_some_and(|at| count >= at)
            || (self.mover_restricted() && !self.has_playable_point())
    }

    /// Takes back the stone at `point`, which must be the last move played: the point must
    /// hold a stone of the colour that moved last (and lie on every winning line if the game
    /// was won). Taking back an earlier stone instead gives a position play could not reach;
    /// [`boardgames_core::History`] keeps the real order.
    pub fn undo(&mut self, point: Point) -> Result<(), UndoError> {
        let last_mover = self.to_move.opponent();
        if let Some(stones) = self.setup_stones.filter(|&n| n == self.count) {
            return Err(UndoError::AtSetup { stones });
        }
        if self.count == 0
            || !point.is_on_board(self.size)
            || !self.stones.get(last_mover).contains(point)
        {
            return Err(UndoError::NotLastMover { point, last_mover });
        }
        if self.win.is_some() {
            let on_all = self
                .winning_lines()
                .all(|line| line.cells().any(|p| p == point));
            if !on_all {
                return Err(UndoError::NotTheWinningMove { point });
            }
        }
        self.stones.get_mut(last_mover).remove(point);
        self.hash ^= stone_key(last_mover, point) ^ WHITE_TO_MOVE;
        self.count -= 1;
        self.to_move = last_mover;
        self.status = Status::Ongoing;
        self.win = None;
        Ok(())
    }

    /// The hash computed from the stones and the side to move.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move == Player::Second {
            WHITE_TO_MOVE
        } else {
            0
        };
        for colour in Player::ALL {
            for point in self.stones.get(colour) {
                hash ^= stone_key(colour, point);
            }
        }
        hash
    }

    /// Builds a position from its parts, already validated by the caller: the stones, the
    /// side to move, the win if the board holds one, and how many stones a setup placed.
    pub(crate) fn from_validated(parts: Parts, win: Option<(Player, Win)>) -> Position {
        let stones = parts.stones;
        let count = (stones.first.len() + stones.second.len()) as u16;
        let mut position = Position {
            stones,
            hash: 0,
            rule: parts.rule,
            count,
            setup_stones: parts.setup_stones,
            size: parts.size,
            to_move: parts.to_move,
            status: Status::Ongoing,
            win: None,
        };
        if let Some((winner, win)) = win {
            position.status = Status::Won(winner);
            position.win = Some(win);
        } else if position.is_drawn() {
            position.status = Status::Draw;
        }
        position.hash = position.hash_from_scratch();
        position
    }

    #[inline]
    pub(crate) const fn hash(&self) -> u64 {
        self.hash
    }
}
