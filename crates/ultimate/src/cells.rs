//! The two bitboards of the game: sets of the 81 cells and sets of the 9 small boards.

board_core::bitboard! {
    /// A set of the 81 cells. Bit `board * 9 + cell` is cell `cell` of small board `board`
    /// (both 0-8), so small board `b` is the 9-bit field at `9 * b`. `Debug` draws one small
    /// board per row (row 1 is board 1, cells 1-9 left to right).
    pub struct Cells(u128); width = 9, cells = 81;
}

board_core::bitboard! {
    /// A set of the 9 small boards (a macro-board mask), bit `b` for board `b` (0-8), laid
    /// out like a 3x3 grid (`board_core::grid3`).
    pub struct Boards(u16); width = 3, cells = 9;
}

/// The 9 bits of one small board.
const BOARD_BITS: u128 = 0x1FF;

/// The bit offset of small board `board`, which must be 0-8 (like an array index).
#[inline]
const fn offset(board: u32) -> u32 {
    assert!(board < 9, "small boards are numbered 0-8");
    9 * board
}

impl Cells {
    /// Every cell of small board `board` (0-8; a larger number panics, like an array index).
    #[inline]
    pub const fn board_mask(board: u32) -> Cells {
        Cells(BOARD_BITS << offset(board))
    }

    /// The cells of small board `board` (0-8; a larger number panics) held by this set, as a
    /// 9-bit grid mask (bit `c` for cell `c`), ready for `board_core::grid3`.
    #[inline]
    pub const fn board(self, board: u32) -> u16 {
        ((self.0 >> offset(board)) & BOARD_BITS) as u16
    }

    /// The set holding `grid` (a 9-bit mask) as the cells of small board `board` (0-8; a
    /// larger number panics).
    #[inline]
    pub const fn from_board(board: u32, grid: u16) -> Cells {
        Cells(((grid as u128) & BOARD_BITS) << offset(board))
    }

    /// Every cell of the boards in `boards`.
    #[inline]
    pub fn of_boards(boards: Boards) -> Cells {
        Cells(CELLS_OF_BOARDS[(boards.0 & 0x1FF) as usize])
    }
}

/// For each 9-bit set of small boards, the 81-bit set of their cells.
static CELLS_OF_BOARDS: [u128; 512] = cells_of_boards();

const fn cells_of_boards() -> [u128; 512] {
    let mut table = [0u128; 512];
    let mut set = 0;
    while set < 512 {
        let mut board = 0;
        while board < 9 {
            if set & (1 << board) != 0 {
                table[set] |= BOARD_BITS << (9 * board);
            }
            board += 1;
        }
        set += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_fields_tile_the_board() {
        let mut all = Cells::EMPTY;
        for b in 0..9 {
            let mask = Cells::board_mask(b);
            assert_eq!(mask.count(), 9);
            assert!(!mask.intersects(all));
            all |= mask;
            assert_eq!(mask.board(b), 0x1FF);
            assert_eq!(
                Cells::from_board(b, 0b101),
                Cells::from_cell(9 * b).with(9 * b + 2)
            );
        }
        assert_eq!(all, Cells::FULL);
    }

    #[test]
    #[should_panic(expected = "small boards are numbered 0-8")]
    fn a_board_past_8_panics_in_every_build() {
        let _ = Cells::FULL.board(9);
    }

    #[test]
    fn cells_of_boards_is_the_union_of_board_masks() {
        for set in 0..512u16 {
            let want = Boards(set)
                .iter()
                .fold(Cells::EMPTY, |acc, b| acc | Cells::board_mask(b));
            assert_eq!(Cells::of_boards(Boards(set)), want);
        }
    }
}
