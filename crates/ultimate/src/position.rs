//! The position: one 9-bit mask per small board and player, macro masks, the side to move
//! and the forced board; queries and move application.

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

/// The key of a mark of the player with index `side` (0 or 1) on cell index `index` (0-80).
#[inline(always)]
pub(crate) fn mark_key_at(side: usize, index: usize) -> u64 {
    KEYS[(side & 1) * 81 + index % 81]
}

/// The keys of the side to move and the forced-board value.
#[inline]
pub(crate) const fn side_and_forced_keys(side: Player, forced: u8) -> u64 {
    let side_key = match side {
        Player::First => 0,
        Player::Second => SIDE_KEY,
    };
    side_key ^ forced_key(forced)
}

/// The result of a game whose boards are all finished without a macro line, given the boards
/// each player won (`won[player index]`).
pub(crate) fn tie_result(rules: Rules, won: [u16; 2]) -> Status {
    match rules.tie_break {
        TieBreak::None => Status::Draw,
        TieBreak::BoardsWon => {
            let (x, o) = (won[0].count_ones(), won[1].count_ones());
            match x.cmp(&o) {
                core::cmp::Ordering::Greater => Status::Won(Player::First),
                core::cmp::Ordering::Less => Status::Won(Player::Second),
                core::cmp::Ordering::Equal => Status::Draw,
            }
        }
    }
}

/// Each player's marks: `grids[player][board]` is a 9-bit mask, bit `c` for cell `c`.
pub(crate) type Grids = [[u16; 9]; 2];

/// The state a playout ends in, written back into the position.
pub(crate) struct PlayoutEnd {
    pub(crate) grids: Grids,
    pub(crate) won: ByPlayer<Boards>,
    pub(crate) drawn: Boards,
    pub(crate) side: Player,
    pub(crate) forced: u8,
    pub(crate) status: Status,
    pub(crate) live: u8,
    pub(crate) hash: u64,
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
/// One source of truth: a flat bitboard per player stored as nine 9-bit masks (`[u16; 9]`,
/// one per small board, so a move touches one word and a small board's win is one table
/// lookup); the API hands them out as 81-cell [`Cells`] (bit `board * 9 + cell`). Beside them:
/// the small boards each player has won and the drawn ones ([`Boards`]), one side to move and
/// the board the side to move was sent to. The game status, the number of live cells and the
/// Zobrist hash are kept up to date with each move. The position is `Copy`, at most 64 bytes,
/// and copy-make: to try a move, copy it and play on the copy.
///
/// Start with [`Position::new`] (the seed's rules) or [`Position::with_rules`]; read a typed
/// or stored position with its [`FromStr`](core::str::FromStr) diagram parser or a
/// [`Setup`](crate::Setup); play through the [`board_core::Game`] trait.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// The marks, `grids[player index][board]`.
    grids: Grids,
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
            grids: [[0; 9]; 2],
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
        pos.side = side;
        for b in 0..9 {
            let (x, o) = (marks.first.board(b), marks.second.board(b));
            pos.grids[0][b as usize] = x;
            pos.grids[1][b as usize] = o;
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
    pub fn marks(&self, player: Player) -> Cells {
        cells_of(&self.grids[player.index()])
    }

    /// Every cell holding a mark.
    #[inline]
    pub fn occupied(&self) -> Cells {
        let mut cells = 0u128;
        for b in (0..9).rev() {
            cells = cells << 9 | (self.filled(b) & GRID_FULL) as u128;
        }
        Cells(cells)
    }

    /// The marked cells of small board `board` (0-8), as a 9-bit mask.
    #[inline]
    const fn filled(&self, board: usize) -> u16 {
        self.grids[0][board] | self.grids[1][board]
    }

    /// Whose mark is on the cell of `mv`, if any.
    pub const fn mark_at(&self, mv: Move) -> Option<Player> {
        let (b, bit) = (mv.board() as usize, 1 << mv.cell());
        if self.grids[0][b] & bit != 0 {
            Some(Player::First)
        } else if self.grids[1][b] & bit != 0 {
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
        if self.forced != ANY {
            let board = self.forced as usize % 9;
            Cells::from_board(board as u32, !self.filled(board))
        } else {
            let open = Cells::of_boards(self.finished_boards().complement());
            Cells(!self.occupied().0 & open.0)
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
        tie_result(self.rules, [self.won.first.0, self.won.second.0])
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
        if self.filled(board as usize) & (1 << mv.cell()) != 0 {
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
        let s = side.index();
        let b = board as usize % 9;
        let small = self.grids[s][b] | 1 << cell;
        self.grids[s][b] = small;
        let filled = small | self.grids[s ^ 1][b];
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
            pop9_of(!self.filled(self.forced as usize % 9)) as usize
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
            for (b, &grid) in self.grids[player.index()].iter().enumerate() {
                for c in board_core::bitboard::SetCells(grid) {
                    hash ^= mark_key(player, b as u32 * 9 + c);
                }
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
            let board = self.forced as usize % 9;
            let empty = !self.filled(board);
            let cell = select9_of(empty, rng.below(pop9_of(empty)));
            board as u32 * 9 + cell
        } else {
            let legal = self.legal_mask_live();
            crate::select::nth_set_bit(legal.0, rng.below(self.live as u32))
        };
        Some(Move::from_index_unchecked(index as u8))
    }

    /// Overwrites the position with the end of a playout (see `crate::playout`).
    pub(crate) fn set_after_playout(&mut self, end: PlayoutEnd) {
        self.grids = end.grids;
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
        self.hash = end.hash;
    }

    /// The forced-board value: 0-8, or [`ANY`].
    #[inline]
    pub(crate) const fn forced_raw(&self) -> u8 {
        self.forced
    }

    /// The marks as nine 9-bit masks per player.
    #[inline]
    pub(crate) const fn grids(&self) -> &Grids {
        &self.grids
    }

    /// The live-cell count kept with each move.
    #[inline]
    pub(crate) const fn live_count(&self) -> u8 {
        self.live
    }
}

/// The 81-cell set of nine 9-bit board masks.
#[inline]
fn cells_of(grids: &[u16; 9]) -> Cells {
    let mut cells = 0u128;
    for b in (0..9).rev() {
        cells = cells << 9 | (grids[b] & GRID_FULL) as u128;
    }
    Cells(cells)
}

impl Move {
    /// The move with cell index `index`, which the caller guarantees is below 81.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Move {
        debug_assert!(index < 81);
        Move(index)
    }
}
