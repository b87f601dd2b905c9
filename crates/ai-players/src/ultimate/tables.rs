//! Lookup tables over one 3x3 grid's 9-bit mask, shared by the small boards and the macro
//! board: which empty cells complete a line, and which lines hold one, two or none of the
//! mask's cells. All built at compile time; a lookup is one load.

use board_core::grid3::LINES;

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

/// The number of set bits of each 9-bit mask (and so of each 8-bit line set). A table, not
/// `count_ones`: the baseline x86-64 target has no population-count instruction.
pub(crate) static POP9: [u8; 512] = pop9();

/// For each set of lines and each cell, how many of those lines pass through the cell.
pub(crate) static THROUGH_COUNT: [[u8; 9]; 256] = through_count();

const fn pop9() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
}

const fn through_count() -> [[u8; 9]; 256] {
    let through = lines_through();
    let mut table = [[0u8; 9]; 256];
    let mut lines = 0;
    while lines < 256 {
        let mut cell = 0;
        while cell < 9 {
            table[lines][cell] = (lines as u8 & through[cell]).count_ones() as u8;
            cell += 1;
        }
        lines += 1;
    }
    table
}

/// The base-3 code of each 9-bit mask: the sum of `3^c` over its cells. A small board with
/// marks `mine` and `theirs` is `BASE3[mine] + 2 * BASE3[theirs]` (below `3^9`).
pub(crate) static BASE3: [u16; 512] = base3();

/// For each small board by base-3 code (see [`BASE3`]), the counts the evaluator needs,
/// packed in four nibbles: the cells where the first player wins the board at once, its open
/// lines of one mark, and the same two for the second player.
pub(crate) static BOARD_COUNTS: [u16; 19683] = board_counts();

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

const fn board_counts() -> [u16; 19683] {
    let win = win_cells();
    let one = lines_with(1);
    let none = lines_with(0);
    let mut table = [0u16; 19683];
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
        let empty = !(first | second) & 0x1FF;
        let wins_first = (win[first] as usize & empty).count_ones() as u16;
        let wins_second = (win[second] as usize & empty).count_ones() as u16;
        let singles_first = (one[first] & none[second]).count_ones() as u16;
        let singles_second = (one[second] & none[first]).count_ones() as u16;
        table[code] = wins_first | singles_first << 4 | wins_second << 8 | singles_second << 12;
        code += 1;
    }
    table
}

/// The packed counts of a small board (see [`BOARD_COUNTS`]), `first`'s in the low byte.
#[inline(always)]
pub(crate) fn board_counts_of(first: u16, second: u16) -> u16 {
    let code =
        BASE3[(first & 0x1FF) as usize] as usize + 2 * BASE3[(second & 0x1FF) as usize] as usize;
    BOARD_COUNTS[code.min(19682)]
}

/// The number of set bits of a 9-bit mask (higher bits ignored).
#[inline(always)]
pub(crate) fn pop(mask: u16) -> i32 {
    POP9[(mask & 0x1FF) as usize] as i32
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
    use board_core::grid3::has_line;

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
    fn board_counts_agree_with_the_masks() {
        for first in 0..512u16 {
            for second in (0..512u16).filter(|s| s & first == 0) {
                let packed = board_counts_of(first, second);
                let want = pop(winning_cells(first, second)) as u16
                    | (pop(open_singles(first, second) as u16) as u16) << 4
                    | (pop(winning_cells(second, first)) as u16) << 8
                    | (pop(open_singles(second, first) as u16) as u16) << 12;
                assert_eq!(packed, want, "{first:09b} {second:09b}");
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
        for mask in 0..512u16 {
            assert_eq!(pop(mask), mask.count_ones() as i32);
        }
        for (lines, counts) in THROUGH_COUNT.iter().enumerate() {
            for (cell, &count) in counts.iter().enumerate() {
                let want = (lines as u8 & LINES_THROUGH[cell]).count_ones() as u8;
                assert_eq!(count, want);
            }
        }
        // X in the centre, O in a corner: X keeps three open lines of one.
        assert_eq!(open_singles(1 << 4, 1).count_ones(), 3);
    }
}
