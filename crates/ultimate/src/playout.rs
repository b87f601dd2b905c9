//! Uniformly random playouts, allocation-free, on a working copy of the position laid out
//! for speed: one 9-bit mask per board and player, and the live-cell count of boards 1-8
//! packed one per byte so the board holding the `r`-th live cell is found without a loop.
//!
//! Each ply picks the `r`-th legal cell in index order for `r` uniform below the legal move
//! count, exactly as [`Position`]'s `random_move` does, so a playout is the same game as
//! `random_move` and `play` repeated with the same generator (a property test checks this).

use crate::position::{PlayoutEnd, ANY};
use crate::tables::{pop9_of, select9_of};
use crate::{Boards, Cells, Position};
use board_core::grid3::{has_line, FULL as GRID_FULL};
use board_core::{ByPlayer, Player, Rng, Status};

const ONES_STEP_8: u64 = 0x0101_0101_0101_0101;
const MSBS_STEP_8: u64 = 0x8080_8080_8080_8080;

/// The byte of board `b` in the packed live counts (boards 0-7; board 8 has none).
const COUNT_UNIT: [u64; 9] = {
    let mut t = [0u64; 9];
    let mut b = 0;
    while b < 8 {
        t[b] = 1 << (8 * b);
        b += 1;
    }
    t
};

/// The board holding the `rank`-th live cell, and the rank of that cell inside the board,
/// given the live counts of boards 0-7 packed one per byte (`rank` below the total).
#[inline(always)]
fn board_of_rank(counts: u64, rank: u32) -> (usize, u32) {
    // Byte k: the live cells of boards 0..=k (at most 72, so bytes never carry).
    let prefix = counts.wrapping_mul(ONES_STEP_8);
    // High bit of byte k set when boards 0..=k hold at most `rank` live cells.
    let at_most = (((rank as u64).wrapping_mul(ONES_STEP_8) | MSBS_STEP_8).wrapping_sub(prefix))
        & MSBS_STEP_8;
    let board = ((at_most >> 7).wrapping_mul(ONES_STEP_8) >> 56) as u32;
    let before = ((((prefix as u128) << 8) >> (8 * board)) & 0xFF) as u32;
    (board as usize, rank.wrapping_sub(before))
}

/// One small board of the working copy is a word: X's 9-bit mask in bits 0-8, O's in bits
/// 16-24, and the number of empty cells in bits 28-31 (so a ply reads one word, no table).
const O_SHIFT: u32 = 16;
const EMPTY_SHIFT: u32 = 28;

/// The empty cells of a board word, as a 9-bit mask.
#[inline(always)]
fn empty_cells(word: u32) -> u16 {
    !(word | word >> O_SHIFT) as u16
}

impl Position {
    /// Plays uniformly random legal moves until the game ends or `max_plies` are played.
    pub(crate) fn playout(&mut self, rng: &mut Rng, max_plies: usize) -> (Status, usize) {
        if self.status().is_over() || max_plies == 0 {
            return (self.status(), 0);
        }
        let before = self.occupied().count() as usize;
        let live = self.live_count() as usize;
        // A reachable position's game cannot outlast its live cells: without a lower cap,
        // skip the ply counter. A position left inconsistent by illegal unchecked moves
        // (its live count disagrees with its cells) gets a hard cap instead, so the loop
        // always ends, with wrapping arithmetic, so it never panics.
        let status = if max_plies >= live && live == self.live_cells().count() as usize {
            self.playout_loop::<false>(rng, 0)
        } else {
            self.playout_loop::<true>(rng, max_plies.min(81))
        };
        (
            status,
            (self.occupied().count() as usize).saturating_sub(before),
        )
    }

    #[inline(always)]
    fn playout_loop<const CAPPED: bool>(&mut self, rng: &mut Rng, max_plies: usize) -> Status {
        let mut boards = [0u32; 9];
        let mut counts = 0u64;
        let finished = self.finished_boards();
        for (b, word) in boards.iter_mut().enumerate() {
            let x = self.marks(Player::First).board(b as u32) as u32;
            let o = self.marks(Player::Second).board(b as u32) as u32;
            *word = x | o << O_SHIFT | (9 - pop9_of((x | o) as u16)) << EMPTY_SHIFT;
            if !finished.contains(b as u32) {
                counts += COUNT_UNIT[b] * (9 - pop9_of((x | o) as u16)) as u64;
            }
        }
        let mut won = [
            self.boards_won(Player::First).0,
            self.boards_won(Player::Second).0,
        ];
        let mut drawn = self.drawn_boards().0;
        let mut closed = finished.0;
        let mut live = self.live_count() as u32;
        let mut forced = self.forced_board().unwrap_or(ANY) as usize;
        let mut side = self.side_to_move().index();
        let mut plies = 0;
        let status = loop {
            let (board, cell) = if forced != ANY as usize {
                let word = boards[forced];
                let r = rng.below(word >> EMPTY_SHIFT);
                (forced, select9_of(empty_cells(word), r))
            } else {
                let (board, r) = board_of_rank(counts, rng.below(live));
                (board, select9_of(empty_cells(boards[board]), r))
            };
            let shift = O_SHIFT * side as u32;
            let word = boards[board]
                .wrapping_add(1 << (cell + shift))
                .wrapping_sub(1 << EMPTY_SHIFT);
            boards[board] = word;
            let mine = (word >> shift) as u16;
            live = live.wrapping_sub(1);
            counts = counts.wrapping_sub(COUNT_UNIT[board]);
            if CAPPED {
                plies += 1;
            }
            let mut over = false;
            if has_line(mine) {
                won[side] |= 1 << board;
                closed |= 1 << board;
                live = live.wrapping_sub(word >> EMPTY_SHIFT);
                counts &= !(COUNT_UNIT[board] * 0xFF);
                over = has_line(won[side]) || closed == GRID_FULL;
            } else if word >> EMPTY_SHIFT == 0 {
                drawn |= 1 << board;
                closed |= 1 << board;
                over = closed == GRID_FULL;
            }
            forced = if closed & (1 << cell) != 0 {
                ANY as usize
            } else {
                cell as usize
            };
            side ^= 1;
            if over {
                let won = ByPlayer::new(Boards(won[0]), Boards(won[1]));
                let mover = Player::from_index(side ^ 1).unwrap_or(Player::First);
                break if has_line(won[mover].0) {
                    Status::Won(mover)
                } else {
                    self.tie_result(won)
                };
            }
            if CAPPED && plies == max_plies {
                break Status::Ongoing;
            }
        };
        let cells = |shift: u32| {
            (0..9).fold(Cells::EMPTY, |acc, b| {
                acc.union(Cells::from_board(
                    b as u32,
                    (boards[b] >> shift) as u16 & GRID_FULL,
                ))
            })
        };
        self.set_after_playout(PlayoutEnd {
            marks: ByPlayer::new(cells(0), cells(O_SHIFT)),
            won: ByPlayer::new(Boards(won[0]), Boards(won[1])),
            drawn: Boards(drawn),
            side: Player::from_index(side).unwrap_or(Player::First),
            forced: forced as u8,
            status,
            live: live as u8,
        });
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_of_rank_walks_the_boards_in_order() {
        let per_board = [3u32, 0, 9, 1, 0, 0, 5, 2, 4];
        let counts = (0..8).fold(0u64, |acc, b| acc + COUNT_UNIT[b] * per_board[b] as u64);
        let mut rank = 0;
        for (b, &n) in per_board.iter().enumerate() {
            for inside in 0..n {
                assert_eq!(board_of_rank(counts, rank), (b, inside), "rank {rank}");
                rank += 1;
            }
        }
    }
}
