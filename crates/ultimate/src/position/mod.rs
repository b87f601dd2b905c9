//! The position: one 9-bit mask per small board and player, macro masks, the side to move
//! and the forced board; construction and queries (moves are played in [`play`]).

mod play;

pub(crate) use play::PlayoutEnd;

use crate::zobrist::{forced_key, mark_key, side_and_forced_keys};
use crate::{BoardResult, Boards, Cells, Move, Rules};
use boardgames_core::grid3::{has_line, FULL as GRID_FULL};
use boardgames_core::{ByPlayer, Player, Status};

/// The `forced` value meaning "any unfinished board".
pub(crate) const ANY: u8 = 9;

/// Each player's marks: `grids[player][board]` is a 9-bit mask, bit `c` for cell `c`.
pub(crate) type Grids = [[u16; 9]; 2];

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
/// Start with [`Position::new`] (the standard rules, [`Rules::STANDARD`](crate::Rules::STANDARD)) or [`Position::with_rules`]; read a typed
/// or stored position with its [`FromStr`](core::str::FromStr) diagram parser or a
/// [`Setup`](crate::Setup); play through the [`boardgames_core::Game`] trait.
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
    /// The empty board under the standard rules ([`Rules::STANDARD`](crate::Rules::STANDARD)), X (the
    /// first player) to move anywhere.
    pub const fn new() -> Position {
        Position::with_rules(Rules::STANDARD)
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
            let (x, o) = (marks.first.grid(b), marks.second.grid(b));
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

    /// The player to move (once the game is over, the one who would move next): what
    /// `Game::side_to_move` returns, kept for `const` code inside the crate.
    #[inline]
    pub(crate) const fn side(&self) -> Player {
        self.side
    }

    /// Whether the game goes on, and if not, who won: what `Game::status` returns.
    #[inline]
    pub(crate) const fn current_status(&self) -> Status {
        self.status
    }

    /// The cells holding `player`'s marks.
    #[inline]
    pub fn marks(&self, player: Player) -> Cells {
        cells_of(&self.grids[player.index()])
    }

    /// `player`'s marks as nine 9-bit masks, one per small board (bit `c` for cell `c`, board
    /// 0 first): the position's own storage, for code that works board by board (an
    /// evaluator, a drawing) without unpacking [`Position::marks`].
    #[inline]
    pub const fn board_masks(&self, player: Player) -> &[u16; 9] {
        &self.grids[player.index()]
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

    /// How small board `board` stands, boards numbered 0-8 (notation adds one); `None` for a
    /// larger number. [`Position::board_results`] gives all nine.
    pub const fn board_result(&self, board: u8) -> Option<BoardResult> {
        if board >= 9 {
            return None;
        }
        let b = board as u32;
        Some(if self.won.first.contains(b) {
            BoardResult::Won(Player::First)
        } else if self.won.second.contains(b) {
            BoardResult::Won(Player::Second)
        } else if self.drawn.contains(b) {
            BoardResult::Drawn
        } else {
            BoardResult::Open
        })
    }

    /// How each small board stands, board 0 (top left) first.
    pub fn board_results(&self) -> [BoardResult; 9] {
        core::array::from_fn(|b| self.board_result(b as u8).unwrap_or(BoardResult::Open))
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
            let board = self.forced as usize;
            Cells::of_grid(board as u32, !self.filled(board))
        } else {
            let open = Cells::of_boards(self.finished_boards().complement());
            Cells(!self.occupied().0 & open.0)
        }
    }

    /// The macro status computed from the board results alone (the status a position
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
        self.rules
            .all_finished_result([self.won.first.count(), self.won.second.count()])
    }

    /// The incremental Zobrist hash: marks, side to move and forced board.
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch: the side to move, the forced board and every mark.
    pub(crate) fn zobrist_from_scratch_impl(&self) -> u64 {
        let mut hash = side_and_forced_keys(self.side, self.forced);
        for player in Player::ALL {
            for (b, &grid) in self.grids[player.index()].iter().enumerate() {
                for c in boardgames_core::bitboard::SetCells(grid) {
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
