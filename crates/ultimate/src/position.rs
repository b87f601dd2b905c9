//! The position: two flat 81-cell bitboards, macro masks, the side to move and the forced
//! board; queries and move application.

use crate::tables::{pop9_of, select9_of};
use crate::{Boards, Cells, IllegalMove, Move, Rules, TieBreak};
use board_core::grid3::{has_line, FULL as GRID_FULL};
use board_core::{ByPlayer, Player, Status};

/// The `forced` value meaning "any unfinished board".
pub(crate) const ANY: u8 = 9;

/// Zobrist keys: 81 per player for the marks, one for "second player to move", and one per
/// forced-board value (boards 0-8, then "any").
const KEYS: [u64; 2 * 81 + 1 + 10] = board_core::zobrist::keys(0x0075_6c74_696d_6174);
const SIDE_KEY: u64 = KEYS[162];

#[inline]
const fn mark_key(player: Player, index: u32) -> u64 {
    KEYS[player.index() * 81 + index as usize]
}

#[inline]
const fn forced_key(forced: u8) -> u64 {
    KEYS[163 + forced as usize]
}

/// The state a playout ends in, written back into the position.
pub(crate) struct PlayoutEnd {
    pub(crate) marks: ByPlayer<Cells>,
    pub(crate) won: ByPlayer<Boards>,
    pub(crate) drawn: Boards,
    pub(crate) side: Player,
    pub(crate) forced: u8,
    pub(crate) status: Status,
    pub(crate) live: u8,
}

/// How one small board stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardResult {
    /// Still open: it has empty cells and no line.
    Open,
    /// Won by this player (three in a line). Its empty cells are dead.
    Won(Player),
    /// Full without a line: owned by nobody, and it blocks every macro line through it.
    Drawn,
}

impl BoardResult {
    /// `true` for a won or drawn board.
    pub const fn is_finished(self) -> bool {
        !matches!(self, BoardResult::Open)
    }
}

/// A position of ultimate tic-tac-toe.
///
/// One source of truth: a flat 81-cell bitboard per player ([`Cells`], bit `board * 9 +
/// cell`), the small boards each player has won and the drawn ones ([`Boards`]), one side to
/// move and the board the side to move was sent to. The game status and the Zobrist hash are
/// kept up to date with each move. The position is `Copy`, 64 bytes, and copy-make: to try a
/// move, copy it and play on the copy.
///
/// Start with [`Position::new`] (the seed's rules) or [`Position::with_rules`]; read a typed
/// or stored position with its [`FromStr`](core::str::FromStr) diagram parser or a
/// [`Setup`](crate::Setup); play through the [`board_core::Game`] trait.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    marks: ByPlayer<Cells>,
    hash: u64,
    won: ByPlayer<Boards>,
    drawn: Boards,
    /// The board the side to move must play in (0-8), or [`ANY`]. Always [`ANY`] when the
    /// sent-to board is finished and once the game is over.
    forced: u8,
    /// The number of empty cells in unfinished boards (0 once the game is over).
    live: u8,
    side: Player,
    status: Status,
    rules: Rules,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The empty board under the seed's rules, X (the first player) to move anywhere.
    pub const fn new() -> Position {
        Position::with_rules(Rules::SEED)
    }

    /// The empty board under `rules`.
    pub const fn with_rules(rules: Rules) -> Position {
        Position {
            marks: ByPlayer::new(Cells::EMPTY, Cells::EMPTY),
            hash: forced_key(ANY),
            won: ByPlayer::new(Boards::EMPTY, Boards::EMPTY),
            drawn: Boards::EMPTY,
            forced: ANY,
            live: 81,
            side: Player::First,
            status: Status::Ongoing,
            rules,
        }
    }

    /// Builds a position from parts already checked by [`crate::Setup`]: derives the board
    /// results, the status and the hash.
    pub(crate) fn from_parts(
        marks: ByPlayer<Cells>,
        side: Player,
        forced: Option<u8>,
        rules: Rules,
    ) -> Position {
        let mut pos = Position::with_rules(rules);
        pos.marks = marks;
        pos.side = side;
        for b in 0..9 {
            let (x, o) = (marks.first.board(b), marks.second.board(b));
            if has_line(x) {
                pos.won.first = pos.won.first.with(b);
            } else if has_line(o) {
                pos.won.second = pos.won.second.with(b);
            } else if x | o == GRID_FULL {
                pos.drawn = pos.drawn.with(b);
            }
        }
        pos.status = pos.macro_status();
        pos.forced = match forced {
            Some(f) if !pos.status.is_over() && !pos.finished_boards().contains(f as u32) => f,
            _ => ANY,
        };
        pos.live = pos.live_cells().count() as u8;
        pos.hash = pos.zobrist_from_scratch_impl();
        pos
    }

    /// The rule options of this game.
    #[inline]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The player to move (once the game is over, the one who would move next).
    #[inline]
    pub const fn side_to_move(&self) -> Player {
        self.side
    }

    /// Whether the game goes on, and if not, who won.
    #[inline]
    pub const fn status(&self) -> Status {
        self.status
    }

    /// The cells holding `player`'s marks.
    #[inline]
    pub const fn marks(&self, player: Player) -> Cells {
        *self.marks.get(player)
    }

    /// Every cell holding a mark.
    #[inline]
    pub const fn occupied(&self) -> Cells {
        self.marks.first.union(self.marks.second)
    }

    /// Whose mark is on the cell of `mv`, if any.
    pub const fn mark_at(&self, mv: Move) -> Option<Player> {
        let i = mv.index() as u32;
        if self.marks.first.contains(i) {
            Some(Player::First)
        } else if self.marks.second.contains(i) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The small boards `player` has won.
    #[inline]
    pub const fn boards_won(&self, player: Player) -> Boards {
        *self.won.get(player)
    }

    /// The small boards that are full without a line (owned by nobody).
    #[inline]
    pub const fn drawn_boards(&self) -> Boards {
        self.drawn
    }

    /// The small boards that are won or drawn.
    #[inline]
    pub const fn finished_boards(&self) -> Boards {
        self.won.first.union(self.won.second).union(self.drawn)
    }

    /// How small board `board` (0-8) stands.
    pub const fn board_result(&self, board: u8) -> BoardResult {
        let b = board as u32;
        if self.won.first.contains(b) {
            BoardResult::Won(Player::First)
        } else if self.won.second.contains(b) {
            BoardResult::Won(Player::Second)
        } else if self.drawn.contains(b) {
            BoardResult::Drawn
        } else {
            BoardResult::Open
        }
    }

    /// The board the side to move was sent to (0-8), or `None` when it may play in any
    /// unfinished board (first move, sent to a finished board) or the game is over.
    #[inline]
    pub const fn forced_board(&self) -> Option<u8> {
        if self.forced == ANY {
            None
        } else {
            Some(self.forced)
        }
    }

    /// The small boards the side to move may play in (what a UI highlights): the forced
    /// board, or every unfinished board when the choice is free. Empty once the game is over.
    pub fn playable_boards(&self) -> Boards {
        if self.status.is_over() {
            Boards::EMPTY
        } else if self.forced == ANY {
            self.finished_boards().complement()
        } else {
            Boards::from_cell(self.forced as u32)
        }
    }

    /// Every legal move as a mask over the 81 cells: the empty cells of the boards the side
    /// to move may play in. Empty once the game is over.
    #[inline]
    pub fn legal_mask(&self) -> Cells {
        if self.status.is_over() {
            return Cells::EMPTY;
        }
        self.legal_mask_live()
    }

    /// [`Position::legal_mask`] for a game known to be going on.
    #[inline(always)]
    fn legal_mask_live(&self) -> Cells {
        let empty = !(self.marks.first.0 | self.marks.second.0);
        if self.forced != ANY {
            let shift = 9 * self.forced as u32;
            Cells(((empty >> shift) & 0x1FF) << shift)
        } else {
            let open = Cells::of_boards(self.finished_boards().complement());
            Cells(empty & open.0)
        }
    }

    /// The macro status computed from the board results alone (what [`Position::status`]
    /// keeps incrementally): a macro line of won boards wins; all boards finished without
    /// one is a draw, or goes to the tie-break if the rules have one.
    pub fn macro_status(&self) -> Status {
        let first = has_line(self.won.first.0);
        let second = has_line(self.won.second.0);
        if first {
            Status::Won(Player::First)
        } else if second {
            Status::Won(Player::Second)
        } else if self.finished_boards() == Boards::FULL {
            self.all_finished_status()
        } else {
            Status::Ongoing
        }
    }

    /// The result when every small board is finished without a macro line.
    fn all_finished_status(&self) -> Status {
        match self.rules.tie_break {
            TieBreak::None => Status::Draw,
            TieBreak::BoardsWon => {
                let (x, o) = (self.won.first.count(), self.won.second.count());
                match x.cmp(&o) {
                    core::cmp::Ordering::Greater => Status::Won(Player::First),
                    core::cmp::Ordering::Less => Status::Won(Player::Second),
                    core::cmp::Ordering::Equal => Status::Draw,
                }
            }
        }
    }

    /// `Ok` when `mv` is legal, or the reason it is not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.status.is_over() {
            return Err(IllegalMove::GameOver {
                status: self.status,
            });
        }
        let board = mv.board();
        if self.forced != ANY && self.forced != board {
            return Err(IllegalMove::WrongBoard {
                required: self.forced,
                played: board,
            });
        }
        if self.finished_boards().contains(board as u32) {
            return Err(IllegalMove::BoardFinished { board });
        }
        if self.occupied().contains(mv.index() as u32) {
            return Err(IllegalMove::Occupied);
        }
        Ok(())
    }

    /// Plays `mv`, which must be legal. The hot path of perft.
    #[inline(always)]
    pub(crate) fn apply(&mut self, mv: Move) {
        let index = mv.index() as u32;
        let board = mv.board() as u32;
        let cell = mv.cell();
        let side = self.side;
        // Both bitboards are rewritten whole, the new mark masked by the side: a plain
        // `|= bit` on one of them lets the compiler narrow the update to a one-byte store,
        // which stalls the wide loads that follow it.
        let bit = 1u128 << index;
        let first = ((side == Player::First) as u128).wrapping_neg();
        let x = self.marks.first.0 | (bit & first);
        let o = self.marks.second.0 | (bit & !first);
        self.marks = ByPlayer::new(Cells(x), Cells(o));
        let mine = Cells((x & first) | (o & !first));
        let small = mine.board(board);
        let filled = Cells(x | o).board(board);
        // Wrapping: an illegal unchecked move may leave nonsense, but never panics.
        self.live = self.live.wrapping_sub(1);
        let mut hash = self.hash ^ mark_key(side, index) ^ SIDE_KEY ^ forced_key(self.forced);
        if has_line(small) {
            let won = self.won.get_mut(side);
            won.0 |= 1 << board;
            self.live = self.live.wrapping_sub(9 - pop9_of(filled) as u8);
            if has_line(won.0) {
                self.status = Status::Won(side);
            } else if self.finished_boards() == Boards::FULL {
                self.status = self.all_finished_status();
            }
        } else if filled == GRID_FULL {
            self.drawn.0 |= 1 << board;
            if self.finished_boards() == Boards::FULL {
                self.status = self.all_finished_status();
            }
        }
        let next = if self.status.is_over() {
            self.live = 0;
            ANY
        } else if self.finished_boards().contains(cell as u32) {
            ANY
        } else {
            cell
        };
        hash ^= forced_key(next);
        self.forced = next;
        self.side = side.opponent();
        self.hash = hash;
    }

    /// The number of legal moves (the population count of [`Position::legal_mask`]), from
    /// a table lookup on the forced board or the count of live cells kept with each move.
    #[inline]
    pub fn legal_move_count(&self) -> usize {
        if self.status.is_over() {
            0
        } else if self.forced != ANY {
            let empty = !self.occupied().board(self.forced as u32);
            pop9_of(empty) as usize
        } else {
            self.live as usize
        }
    }

    /// The incremental Zobrist hash: marks, side to move and forced board.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    pub(crate) fn zobrist_from_scratch_impl(&self) -> u64 {
        let mut hash = forced_key(self.forced);
        if self.side == Player::Second {
            hash ^= SIDE_KEY;
        }
        for player in Player::ALL {
            for i in self.marks(player) {
                hash ^= mark_key(player, i);
            }
        }
        hash
    }

    /// An upper bound on the plies left: the empty cells of the unfinished boards.
    pub fn live_cells(&self) -> Cells {
        if self.status.is_over() {
            return Cells::EMPTY;
        }
        Cells::of_boards(self.finished_boards().complement()).difference(self.occupied())
    }

    /// A uniformly random legal move, or `None` once the game is over: the `r`-th legal
    /// cell in index order for `r` uniform below the legal move count.
    pub(crate) fn pick_random(&self, rng: &mut board_core::Rng) -> Option<Move> {
        if self.status.is_over() {
            return None;
        }
        let index = if self.forced != ANY {
            let board = self.forced as u32;
            let empty = !self.occupied().board(board);
            let cell = select9_of(empty, rng.below(pop9_of(empty)));
            board * 9 + cell
        } else {
            let legal = self.legal_mask_live();
            crate::select::nth_set_bit(legal.0, rng.below(self.live as u32))
        };
        Some(Move::from_index_unchecked(index as u8))
    }

    /// Overwrites the position with the end of a playout (see `crate::playout`).
    pub(crate) fn set_after_playout(&mut self, end: PlayoutEnd) {
        self.marks = end.marks;
        self.won = end.won;
        self.drawn = end.drawn;
        self.side = end.side;
        self.status = end.status;
        if end.status.is_over() {
            self.forced = ANY;
            self.live = 0;
        } else {
            self.forced = end.forced;
            self.live = end.live;
        }
        self.hash = self.zobrist_from_scratch_impl();
    }

    /// The live-cell count kept with each move.
    #[inline]
    pub(crate) const fn live_count(&self) -> u8 {
        self.live
    }

    /// The result of a game whose boards are all finished without a macro line.
    #[inline]
    pub(crate) fn tie_result(&self, won: ByPlayer<Boards>) -> Status {
        let mut probe = *self;
        probe.won = won;
        probe.all_finished_status()
    }
}

impl Move {
    /// The move with cell index `index`, which the caller guarantees is below 81.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Move {
        debug_assert!(index < 81);
        Move(index)
    }
}
