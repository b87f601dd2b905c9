//! Lookup tables over one 3x3 grid's 9-bit mask, shared by the small boards and the macro
//! board: which empty cells complete a line, and which lines hold one, two or none of the
//! mask's cells. All built at compile time; a lookup is one load.

use boardgames_core::grid3::LINES;
use boardgames_core::select::pop9;

/// For each mask, the cells outside it that would complete a line of the mask (a line with
/// two of its cells and this one). The caller keeps only the cells still free.
pub(crate) static WIN_CELLS: [u16; 512] = win_cells();

/// For each mask, the lines (bit `i` for `grid3::LINES[i]`) holding exactly one of its cells.
pub(crate) static LINES_ONE: [u8; 512] = lines_with(1);

/// For each mask, the lines holding none of its cells: the lines it does not block.
pub(crate) static LINES_NONE: [u8; 512] = lines_with(0);

/// For each cell, the lines through it.
#[cfg(test)]
pub(crate) static LINES_THROUGH: [u8; 9] = lines_through();

/// The number of set bits of a 9-bit mask (higher bits ignored; an 8-bit line set fits), as
/// a score term: the shared table of `boardgames_core::select`, since the baseline x86-64
/// target has no population-count instruction.
#[inline(always)]
pub(crate) fn pop(mask: u16) -> i32 {
    pop9(mask) as i32
}

const fn win_cells() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut line = 0;
        while line < 8 {
            let l = LINES[line] as usize;
            if (mask & l).count_ones() == 2 {
                table[mask] |= (l & !mask) as u16;
            }
            line += 1;
        }
        mask += 1;
    }
    table
}

const fn lines_with(count: u32) -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut line = 0;
        while line < 8 {
            if (mask & LINES[line] as usize).count_ones() == count {
                table[mask] |= 1 << line;
            }
            line += 1;
        }
        mask += 1;
    }
    table
}

const fn lines_through() -> [u8; 9] {
    let mut table = [0u8; 9];
    let mut cell = 0;
    while cell < 9 {
        let mut line = 0;
        while line < 8 {
            if LINES[line] & (1 << cell) != 0 {
                table[cell] |= 1 << line;
            }
            line += 1;
        }
        cell += 1;
    }
    table
}

/// The value of one small board for a player: this much per empty cell that wins the board
/// at once (a threat)...
pub(crate) const SMALL_THREAT: u16 = 6;
/// ... and this much per line holding one of the player's marks and none of the opponent's.
pub(crate) const SMALL_SINGLE: u16 = 1;

/// The base-3 code of each 9-bit mask: the sum of `3^c` over its cells. A small board with
/// marks `first` and `second` is `BASE3[first] + 2 * BASE3[second]` (below `3^9`).
pub(crate) static BASE3: [u16; 512] = base3();

/// For each small board by base-3 code (see [`BASE3`]), both players' small-board values
/// packed: bits 0-5 the first player's value (`SMALL_THREAT` per threat cell plus
/// `SMALL_SINGLE` per open line of one), bit 6 set when it has a threat, bits 7-12 and 13 the
/// same for the second player. 2^15 entries so that any index masked to 15 bits is in range
/// (the codes of real boards stay below 3^9).
pub(crate) static BOARD_VALUES: [u16; 1 << 15] = board_values();

/// For each set of macro lines, how many of them pass through each board, in 7-bit lanes
/// (board `b` in bits `7b..7b+7`).
pub(crate) static THROUGH_LANES: [u64; 256] = through_lanes();

/// Lane `board` (0-8) of a [`THROUGH_LANES`]-style word.
#[inline(always)]
pub(crate) fn lane(word: u64, board: u32) -> i32 {
    ((word >> (7 * board)) & 0x7F) as i32
}

/// A 1 in every one of the nine 7-bit lanes.
pub(crate) const LANE_ONES: u64 = {
    let mut word = 0u64;
    let mut b = 0;
    while b < 9 {
        word |= 1 << (7 * b);
        b += 1;
    }
    word
};

const fn base3() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut code = 0u16;
        let mut power = 1u16;
        let mut cell = 0;
        while cell < 9 {
            if mask & (1 << cell) != 0 {
                code += power;
            }
            power *= 3;
            cell += 1;
        }
        table[mask] = code;
        mask += 1;
    }
    table
}

/// One player's packed small-board value: the value in bits 0-5, bit 6 for a threat (with
/// the tables of [`WIN_CELLS`], [`LINES_ONE`] and [`LINES_NONE`] passed in).
const fn packed_value(
    mine: usize,
    theirs: usize,
    win: &[u16; 512],
    one: &[u8; 512],
    none: &[u8; 512],
) -> u16 {
    let empty = !(mine | theirs) & 0x1FF;
    let wins = (win[mine] as usize & empty).count_ones() as u16;
    let singles = (one[mine] & none[theirs]).count_ones() as u16;
    let value = SMALL_THREAT * wins + SMALL_SINGLE * singles;
    assert!(value < 64, "a small-board value fits in 6 bits");
    value | ((wins != 0) as u16) << 6
}

const fn board_values() -> [u16; 1 << 15] {
    let (win, one, none) = (win_cells(), lines_with(1), lines_with(0));
    let mut table = [0u16; 1 << 15];
    let mut code = 0;
    while code < 19683 {
        // Decode the digits: 1 for a first-player mark, 2 for a second-player mark.
        let (mut first, mut second) = (0usize, 0usize);
        let mut rest = code;
        let mut cell = 0;
        while cell < 9 {
            match rest % 3 {
                1 => first |= 1 << cell,
                2 => second |= 1 << cell,
                _ => {}
            }
            rest /= 3;
            cell += 1;
        }
        table[code] = packed_value(first, second, &win, &one, &none)
            | packed_value(second, first, &win, &one, &none) << 7;
        code += 1;
    }
    table
}

const fn through_lanes() -> [u64; 256] {
    let through = lines_through();
    let mut table = [0u64; 256];
    let mut lines = 0;
    while lines < 256 {
        let mut board = 0;
        while board < 9 {
            let count = (lines as u8 & through[board]).count_ones() as u64;
            table[lines] |= count << (7 * board);
            board += 1;
        }
        lines += 1;
    }
    table
}

/// Both players' packed small-board values (see [`BOARD_VALUES`]), `first`'s in bits 0-6.
#[inline(always)]
pub(crate) fn board_values_of(first: u16, second: u16) -> u16 {
    let code =
        BASE3[(first & 0x1FF) as usize] as usize + 2 * BASE3[(second & 0x1FF) as usize] as usize;
    BOARD_VALUES[code & 0x7FFF]
}

/// The cells of `mine` completing a line on a grid where `theirs` holds the other marks
/// (both 9-bit masks): the empty cells where the owner of `mine` wins the grid at once.
#[inline(always)]
pub(crate) fn winning_cells(mine: u16, theirs: u16) -> u16 {
    WIN_CELLS[(mine & 0x1FF) as usize] & !(mine | theirs) & 0x1FF
}

/// The lines holding exactly one cell of `mine` and none of `blocked`.
#[inline(always)]
pub(crate) fn open_singles(mine: u16, blocked: u16) -> u8 {
    LINES_ONE[(mine & 0x1FF) as usize] & LINES_NONE[(blocked & 0x1FF) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::grid3::has_line;

    #[test]
    fn win_cells_complete_a_line() {
        for mine in 0..512u16 {
            for theirs in (0..512u16).step_by(7).filter(|t| t & mine == 0) {
                let cells = winning_cells(mine, theirs);
                for c in 0..9 {
                    let free = (mine | theirs) & (1 << c) == 0;
                    let completes = LINES
                        .iter()
                        .any(|&l| l & (1 << c) != 0 && (mine | 1 << c) & l == l && mine & l != l);
                    assert_eq!(
                        cells & (1 << c) != 0,
                        free && completes,
                        "mine {mine:09b} theirs {theirs:09b} cell {c}"
                    );
                }
                if !has_line(mine) {
                    for c in 0..9 {
                        if cells & (1 << c) != 0 {
                            assert!(has_line(mine | 1 << c));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn board_values_agree_with_the_masks() {
        let value = |mine: u16, theirs: u16| {
            let wins = pop(winning_cells(mine, theirs)) as u16;
            let singles = pop(open_singles(mine, theirs) as u16) as u16;
            (SMALL_THREAT * wins + SMALL_SINGLE * singles) | ((wins != 0) as u16) << 6
        };
        for first in 0..512u16 {
            for second in (0..512u16).filter(|s| s & first == 0) {
                let want = value(first, second) | value(second, first) << 7;
                assert_eq!(
                    board_values_of(first, second),
                    want,
                    "{first:09b} {second:09b}"
                );
            }
        }
    }

    #[test]
    fn lanes_count_the_lines_through_each_board() {
        for (lines, &word) in THROUGH_LANES.iter().enumerate() {
            for board in 0..9u32 {
                let want = (lines as u8 & LINES_THROUGH[board as usize]).count_ones() as i32;
                assert_eq!(lane(word, board), want);
                assert_eq!(lane(word + LANE_ONES, board), want + 1);
            }
        }
    }

    #[test]
    fn line_counts() {
        assert_eq!(LINES_NONE[0], 0xFF);
        assert_eq!(LINES_ONE[1 << 4].count_ones(), 4); // the centre is on four lines
        assert_eq!(LINES_ONE[1].count_ones(), 3); // a corner on three
        assert_eq!(LINES_ONE[1 << 1].count_ones(), 2); // an edge on two
        assert_eq!(
            LINES_THROUGH.map(u8::count_ones),
            [3, 2, 3, 2, 4, 2, 3, 2, 3]
        );
        // X in the centre, O in a corner: X keeps three open lines of one.
        assert_eq!(open_singles(1 << 4, 1).count_ones(), 3);
    }
}
