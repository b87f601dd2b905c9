//! Checking and playing moves: the checked reasons, the fast apply used by perft, the
//! legal-move count and the uniform random pick.

use super::{Grids, Position, ANY};
use crate::zobrist::{forced_key, mark_key, SIDE_KEY};
use crate::{Boards, IllegalMove, Move};
use boardgames_core::grid3::{has_line, FULL as GRID_FULL};
use boardgames_core::select::{pop9, select9};
use boardgames_core::{ByPlayer, Player, RandomSource, Status, UniformIndex};

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

impl Position {
    /// `Ok` when `mv` is legal, or the reason it is not (`Game::check_move`).
    pub(crate) fn check(&self, mv: Move) -> Result<(), IllegalMove> {
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
        let b = board as usize;
        let small = self.grids[s][b] | 1 << cell;
        self.grids[s][b] = small;
        let filled = small | self.grids[s ^ 1][b];
        // Wrapping: an illegal unchecked move may leave nonsense, but never panics.
        self.live = self.live.wrapping_sub(1);
        let mut hash = self.hash ^ mark_key(side, index) ^ SIDE_KEY ^ forced_key(self.forced);
        if has_line(small) {
            let won = self.won.get_mut(side);
            won.0 |= 1 << board;
            self.live = self.live.wrapping_sub(9 - pop9(filled) as u8);
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

    /// Calls `f(board, empty cells)` for each board the side to move may play in, in board
    /// order, with its empty cells as a 9-bit mask. Nothing once the game is over.
    #[inline]
    pub(crate) fn for_each_legal_board(&self, mut f: impl FnMut(u8, u16)) {
        if self.status.is_over() {
            return;
        }
        if self.forced != ANY {
            f(self.forced, !self.filled(self.forced as usize) & GRID_FULL);
        } else {
            let finished = self.finished_boards();
            for board in 0..9u8 {
                if !finished.contains(board as u32) {
                    f(board, !self.filled(board as usize) & GRID_FULL);
                }
            }
        }
    }

    /// The number of legal moves (the population count of [`Position::legal_mask`]), from
    /// a table lookup on the forced board or the count of live cells kept with each move.
    #[inline]
    pub(crate) fn count_legal(&self) -> usize {
        if self.status.is_over() {
            0
        } else if self.forced != ANY {
            pop9(!self.filled(self.forced as usize)) as usize
        } else {
            self.live as usize
        }
    }

    /// A uniformly random legal move, or `None` once the game is over: the `r`-th legal
    /// cell in index order for `r` uniform below the legal move count.
    pub(crate) fn pick_random<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        if self.status.is_over() {
            return None;
        }
        if self.forced != ANY {
            let board = self.forced;
            let empty = !self.filled(board as usize);
            let cell = select9(empty, rng.below(pop9(empty)));
            Some(Move::of(board, cell as u8))
        } else {
            let legal = self.legal_mask_live();
            legal
                .nth(rng.below(self.live as u32))
                .and_then(|index| Move::from_index(index as u8))
        }
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
}
