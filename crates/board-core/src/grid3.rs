//! The 3x3 grid shared by tic-tac-toe and by ultimate tic-tac-toe's small and macro boards.
//!
//! Cells are numbered 0-8 left to right, top to bottom (cell `n` is cell `n + 1` in a numbering from 1),
//! and a set of cells is a 9-bit mask.

/// The eight winning lines: three rows, three columns, two diagonals (9-bit masks).
pub const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Every cell of the grid.
pub const FULL: u16 = 0x1FF;

/// For each 9-bit mask, bit `mask` of this table is set when the mask holds a complete line.
const WIN_TABLE: [u64; 8] = build_win_table();

const fn build_win_table() -> [u64; 8] {
    let mut table = [0u64; 8];
    let mut mask = 0usize;
    while mask < 512 {
        let mut line = 0;
        while line < 8 {
            let l = LINES[line] as usize;
            if mask & l == l {
                table[mask >> 6] |= 1u64 << (mask & 63);
            }
            line += 1;
        }
        mask += 1;
    }
    table
}

/// `true` when the 9-bit `mask` holds three cells in a line. A table lookup, no loop.
#[inline]
pub const fn has_line(mask: u16) -> bool {
    let m = (mask & FULL) as usize;
    (WIN_TABLE[m >> 6] >> (m & 63)) & 1 != 0
}

/// The first complete line held by `mask`, if any.
pub fn line_in(mask: u16) -> Option<u16> {
    LINES.iter().copied().find(|&l| mask & l == l)
}

/// The lines through `cell` (0-8).
pub fn lines_through(cell: u32) -> impl Iterator<Item = u16> {
    LINES.into_iter().filter(move |l| (l >> cell) & 1 != 0)
}

/// The eight symmetries of the square as cell permutations: `SYMMETRIES[s][c]` is where cell
/// `c` goes under symmetry `s` (identity first).
pub const SYMMETRIES: [[u8; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], // identity
    [2, 5, 8, 1, 4, 7, 0, 3, 6], // rotate 90 degrees clockwise
    [8, 7, 6, 5, 4, 3, 2, 1, 0], // rotate 180 degrees
    [6, 3, 0, 7, 4, 1, 8, 5, 2], // rotate 90 degrees counter-clockwise
    [2, 1, 0, 5, 4, 3, 8, 7, 6], // mirror left-right
    [6, 7, 8, 3, 4, 5, 0, 1, 2], // mirror top-bottom
    [0, 3, 6, 1, 4, 7, 2, 5, 8], // transpose (main diagonal)
    [8, 5, 2, 7, 4, 1, 6, 3, 0], // anti-transpose
];

/// Applies symmetry `s` (0-7) of [`SYMMETRIES`] to a 9-bit mask.
pub fn transform(mask: u16, s: usize) -> u16 {
    let perm = &SYMMETRIES[s];
    let mut out = 0;
    for (cell, &to) in perm.iter().enumerate() {
        if (mask >> cell) & 1 != 0 {
            out |= 1 << to;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_has_line(mask: u16) -> bool {
        for l in LINES {
            if mask & l == l {
                return true;
            }
        }
        false
    }

    #[test]
    fn table_agrees_with_lines() {
        for mask in 0..512u16 {
            assert_eq!(has_line(mask), slow_has_line(mask), "mask {mask:09b}");
            assert_eq!(line_in(mask).is_some(), slow_has_line(mask));
        }
    }

    #[test]
    fn lines_through_centre_and_corner() {
        assert_eq!(lines_through(4).count(), 4);
        assert_eq!(lines_through(0).count(), 3);
        assert_eq!(lines_through(1).count(), 2);
    }

    #[test]
    fn symmetries_map_lines_to_lines() {
        for (s, perm) in SYMMETRIES.iter().enumerate() {
            let mut seen = std::collections::HashSet::new();
            for (c, &to) in perm.iter().enumerate() {
                assert!(to < 9, "symmetry {s} cell {c}");
                assert!(seen.insert(to), "symmetry {s} is not a permutation");
            }
            for l in LINES {
                assert!(
                    LINES.contains(&transform(l, s)),
                    "symmetry {s} breaks line {l:09b}"
                );
            }
        }
        let distinct: std::collections::HashSet<_> = SYMMETRIES.iter().collect();
        assert_eq!(distinct.len(), 8);
    }
}
