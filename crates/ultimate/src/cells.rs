//! The two bitboards of the game: sets of the 81 cells and sets of the 9 small boards.

boardgames_core::bitboard! {
    /// A set of the 81 cells. Bit `board * 9 + cell` is cell `cell` of small board `board`
    /// (both 0-8), so small board `b` is the 9-bit field at `9 * b`. `Debug` draws one small
    /// board per row (row 1 is board 1, cells 1-9 left to right).
    pub struct Cells(u128); width = 9, cells = 81;
}

boardgames_core::bitboard! {
    /// A set of the 9 small boards (a macro-board mask), bit `b` for board `b` (0-8), laid
    /// out like a 3x3 grid (`boardgames_core::grid3`).
    pub struct Boards(u16); width = 3, cells = 9;
}

/// The 9 bits of one small board.
const BOARD_BITS: u128 = 0x1FF;

/// The bit offset of small board `board`, or `None` past board 8.
#[inline]
const fn offset(board: u32) -> Option<u32> {
    if board < 9 {
        Some(9 * board)
    } else {
        None
    }
}

impl Cells {
    /// Every cell of small board `board` (0-8); `None` for a larger number.
    #[inline]
    pub const fn board_mask(board: u32) -> Option<Cells> {
        match offset(board) {
            Some(shift) => Some(Cells(BOARD_BITS << shift)),
            None => None,
        }
    }

    /// The cells of small board `board` (0-8) held by this set, as a 9-bit grid mask (bit `c`
    /// for cell `c`), ready for `boardgames_core::grid3`; `None` for a board number above 8.
    #[inline]
    pub const fn board(self, board: u32) -> Option<u16> {
        match offset(board) {
            Some(shift) => Some(((self.0 >> shift) & BOARD_BITS) as u16),
            None => None,
        }
    }

    /// The set holding `grid` (a 9-bit mask; higher bits are ignored) as the cells of small
    /// board `board` (0-8); `None` for a board number above 8.
    #[inline]
    pub const fn from_board(board: u32, grid: u16) -> Option<Cells> {
        match offset(board) {
            Some(shift) => Some(Cells(((grid as u128) & BOARD_BITS) << shift)),
            None => None,
        }
    }

    /// [`Cells::board`] for a board the caller knows is 0-8 (a larger one gives 0).
    #[inline]
    pub(crate) const fn grid(self, board: u32) -> u16 {
        match self.board(board) {
            Some(grid) => grid,
            None => 0,
        }
    }

    /// [`Cells::from_board`] for a board the caller knows is 0-8 (a larger one gives the
    /// empty set).
    #[inline]
    pub(crate) const fn of_grid(board: u32, grid: u16) -> Cells {
        match Cells::from_board(board, grid) {
            Some(cells) => cells,
            None => Cells::EMPTY,
        }
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
            let mask = Cells::board_mask(b).unwrap();
            assert_eq!(mask.count(), 9);
            assert!(!mask.intersects(all));
            all |= mask;
            assert_eq!(mask.board(b), Some(0x1FF));
            assert_eq!(
                Cells::from_board(b, 0b101),
                Some(Cells::from_cell(9 * b).with(9 * b + 2))
            );
        }
        assert_eq!(all, Cells::FULL);
    }

    #[test]
    fn a_board_past_8_is_none_not_a_panic() {
        for b in [9, 10, 14, 15, 100, u32::MAX] {
            assert_eq!(Cells::FULL.board(b), None);
            assert_eq!(Cells::board_mask(b), None);
            assert_eq!(Cells::from_board(b, 0x1FF), None);
            assert_eq!(Cells::FULL.grid(b), 0);
            assert_eq!(Cells::of_grid(b, 0x1FF), Cells::EMPTY);
        }
    }

    #[test]
    fn cells_of_boards_is_the_union_of_board_masks() {
        for set in 0..512u16 {
            let want = Boards(set)
                .iter()
                .fold(Cells::EMPTY, |acc, b| acc | Cells::board_mask(b).unwrap());
            assert_eq!(Cells::of_boards(Boards(set)), want);
        }
    }
}
