//! Uniformly random playouts, allocation-free, on a working copy of the position laid out
//! for speed: one 9-bit mask per board and player, and the live-cell count of boards 1-8
//! packed one per byte so the board holding the `r`-th live cell is found without a loop.
//!
//! Each ply picks the `r`-th legal cell in index order for `r` uniform below the legal move
//! count, exactly as [`Position`]'s `random_move` does, so a playout is the same game as
//! `random_move` and `play` repeated with the same generator (a property test checks this).

use crate::position::{PlayoutEnd, ANY};
use crate::zobrist::{mark_key_at, side_and_forced_keys};
use crate::{Boards, Position, Rules};
use boardgames_core::grid3::{has_line, FULL as GRID_FULL};
use boardgames_core::select::{pop9, select9};
use boardgames_core::{ByPlayer, Player, RandomSource, Status, UniformIndex};

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

/// The working copy of a position during a playout.
#[derive(Clone, Copy)]
struct Working {
    /// One word per small board (see [`O_SHIFT`] and [`EMPTY_SHIFT`]).
    boards: [u32; 9],
    /// The live cells of boards 0-7, one byte each (finished boards count 0).
    counts: u64,
    /// The live cells of all boards.
    live: u32,
    won: [u16; 2],
    drawn: u16,
    closed: u16,
    forced: usize,
    side: usize,
    /// The Zobrist keys of the marks alone.
    mark_hash: u64,
}

impl Working {
    /// The working copy of `pos`, with the number of empty cells of all boards and of the
    /// unfinished ones.
    fn of(pos: &Position) -> (Working, u32, u32) {
        let grids = pos.grids();
        let finished = pos.finished_boards().0;
        let mut work = Working {
            boards: [0; 9],
            counts: 0,
            live: pos.live_count() as u32,
            won: [
                pos.boards_won(Player::First).0,
                pos.boards_won(Player::Second).0,
            ],
            drawn: pos.drawn_boards().0,
            closed: finished,
            forced: pos.forced_board().unwrap_or(ANY) as usize,
            side: pos.side().index(),
            mark_hash: pos.hash() ^ side_and_forced_keys(pos.side(), pos.forced_raw()),
        };
        let mut empties = 0;
        let mut live_cells = 0;
        for b in 0..9 {
            let (x, o) = (grids[0][b] as u32, grids[1][b] as u32);
            let empty = 9 - pop9((x | o) as u16);
            work.boards[b] = x | o << O_SHIFT | empty << EMPTY_SHIFT;
            empties += empty;
            if finished & (1 << b) == 0 {
                work.counts += COUNT_UNIT[b] * empty as u64;
                live_cells += empty;
            }
        }
        (work, empties, live_cells)
    }

    /// The end of the playout as the position's state, and the number of empty cells left.
    fn end(&self, status: Status) -> (PlayoutEnd, u32) {
        let mut grids = [[0u16; 9]; 2];
        let mut empties = 0u32;
        for (b, &word) in self.boards.iter().enumerate() {
            grids[0][b] = word as u16 & GRID_FULL;
            grids[1][b] = (word >> O_SHIFT) as u16 & GRID_FULL;
            empties = empties.wrapping_add(word >> EMPTY_SHIFT);
        }
        let side = Player::from_index(self.side).unwrap_or(Player::First);
        let forced = if status.is_over() {
            ANY
        } else {
            self.forced as u8
        };
        let end = PlayoutEnd {
            grids,
            won: ByPlayer::new(Boards(self.won[0]), Boards(self.won[1])),
            drawn: Boards(self.drawn),
            side,
            forced,
            status,
            live: self.live as u8,
            hash: self.mark_hash ^ side_and_forced_keys(side, forced),
        };
        (end, empties)
    }
}

impl Position {
    /// Plays uniformly random legal moves until the game ends or `max_plies` are played.
    pub(crate) fn playout<R: RandomSource + ?Sized>(
        &mut self,
        rng: &mut R,
        max_plies: usize,
    ) -> (Status, usize) {
        if self.current_status().is_over() || max_plies == 0 {
            return (self.current_status(), 0);
        }
        let (mut work, empties_before, live_cells) = Working::of(self);
        // A reachable position's game cannot outlast its live cells: without a lower cap,
        // skip the ply counter. A position left inconsistent by illegal unchecked moves
        // (its live count disagrees with its cells) gets a hard cap instead, so the loop
        // always ends; the arithmetic wraps, so it never panics either.
        let status = if max_plies >= work.live as usize && live_cells == work.live {
            playout_loop::<false, _>(&mut work, rng, 0, self.rules())
        } else {
            playout_loop::<true, _>(&mut work, rng, max_plies.min(81), self.rules())
        };
        let (end, empties_after) = work.end(status);
        self.set_after_playout(end);
        // Each ply filled one cell: the plies are the empty cells that went. (An inconsistent
        // position's counts are nonsense too, and may even wrap: no playout has more than the
        // board's 81 plies, so the count says at most that.)
        (
            status,
            empties_before.wrapping_sub(empties_after).min(81) as usize,
        )
    }
}

/// The board and cell of the `r`-th legal cell for `r` drawn uniformly: in the forced board,
/// or among the live cells of every board when the choice is free.
#[inline(always)]
fn pick<R: RandomSource + ?Sized>(
    boards: &[u32; 9],
    counts: u64,
    live: u32,
    forced: usize,
    rng: &mut R,
) -> (usize, u32) {
    if forced != ANY as usize {
        let word = boards[forced];
        let r = rng.below(word >> EMPTY_SHIFT);
        (forced, select9(empty_cells(word), r))
    } else {
        let (board, r) = board_of_rank(counts, rng.below(live));
        (board, select9(empty_cells(boards[board]), r))
    }
}

/// The playout loop on the working copy; `CAPPED` counts plies up to `max_plies`.
#[inline(always)]
fn playout_loop<const CAPPED: bool, R: RandomSource + ?Sized>(
    work: &mut Working,
    rng: &mut R,
    max_plies: usize,
    rules: Rules,
) -> Status {
    let Working {
        mut boards,
        mut counts,
        mut live,
        mut won,
        mut drawn,
        mut closed,
        mut forced,
        mut side,
        mut mark_hash,
    } = *work;
    let mut plies = 0;
    let status = loop {
        let (board, cell) = pick(&boards, counts, live, forced, rng);
        let (word, mine) = with_mark(boards[board], cell, side);
        boards[board] = word;
        mark_hash ^= mark_key_at(side, board * 9 + cell as usize);
        live = live.wrapping_sub(1);
        counts = counts.wrapping_sub(COUNT_UNIT[board]);
        plies += CAPPED as usize;
        let over = if has_line(mine) {
            won[side] |= 1 << board;
            closed |= 1 << board;
            (live, counts) = kill_cells(live, counts, word, board);
            has_line(won[side]) || closed == GRID_FULL
        } else if word >> EMPTY_SHIFT == 0 {
            drawn |= 1 << board;
            closed |= 1 << board;
            closed == GRID_FULL
        } else {
            false
        };
        forced = next_forced(closed, cell);
        side ^= 1;
        if over {
            break final_status(won, side ^ 1, rules);
        }
        if CAPPED && plies == max_plies {
            break Status::Ongoing;
        }
    };
    *work = Working {
        boards,
        counts,
        live,
        won,
        drawn,
        closed,
        forced,
        side,
        mark_hash,
    };
    status
}

/// A board word with one more mark of player `side` on `cell` and one empty cell less, and
/// that player's marks on the board.
#[inline(always)]
fn with_mark(word: u32, cell: u32, side: usize) -> (u32, u16) {
    let shift = O_SHIFT * side as u32;
    let word = word
        .wrapping_add(1 << (cell + shift))
        .wrapping_sub(1 << EMPTY_SHIFT);
    (word, (word >> shift) as u16)
}

/// The counts after a board is won with the board word `word`: its empty cells die, out of
/// the live count and the packed per-board counts. (A full board without a line is drawn,
/// and has none left to kill.)
#[inline(always)]
fn kill_cells(live: u32, counts: u64, word: u32, board: usize) -> (u32, u64) {
    (
        live.wrapping_sub(word >> EMPTY_SHIFT),
        counts & !(COUNT_UNIT[board] * 0xFF),
    )
}

/// Where a mark on `cell` sends the opponent: that board, or anywhere once it is `closed`.
#[inline(always)]
fn next_forced(closed: u16, cell: u32) -> usize {
    if closed & (1 << cell) != 0 {
        ANY as usize
    } else {
        cell as usize
    }
}

/// The status of a game that just ended on a move by `mover`, with the boards `won`.
#[inline(always)]
fn final_status(won: [u16; 2], mover: usize, rules: Rules) -> Status {
    if has_line(won[mover]) {
        Status::Won(Player::from_index(mover).unwrap_or(Player::First))
    } else {
        rules.all_finished_result([won[0].count_ones(), won[1].count_ones()])
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
