//! Lookup tables over one small board's 9-bit cell mask.

/// The number of set bits of each 9-bit mask.
pub(crate) static POP9: [u8; 512] = pop9();

/// For each 9-bit mask and rank `r` (0-8), the cell of its `r`-th set bit (lowest first);
/// 0 where the mask has fewer than `r + 1` bits.
pub(crate) static SELECT9: [[u8; 9]; 512] = select9();

const fn pop9() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
}

const fn select9() -> [[u8; 9]; 512] {
    let mut table = [[0u8; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut rank = 0;
        let mut cell = 0;
        while cell < 9 {
            if mask & (1 << cell) != 0 {
                table[mask][rank] = cell as u8;
                rank += 1;
            }
            cell += 1;
        }
        mask += 1;
    }
    table
}

/// The number of set bits of a 9-bit mask (higher bits ignored).
#[inline(always)]
pub(crate) fn pop9_of(mask: u16) -> u32 {
    POP9[(mask & 0x1FF) as usize] as u32
}

/// The cell of the `rank`-th set bit of a 9-bit mask (higher bits ignored). The caller
/// guarantees `rank < pop9_of(mask)`; otherwise the answer is some cell 0-8.
#[inline(always)]
pub(crate) fn select9_of(mask: u16, rank: u32) -> u32 {
    SELECT9[(mask & 0x1FF) as usize][(rank as usize).min(8)] as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_counting() {
        for mask in 0..512u16 {
            assert_eq!(pop9_of(mask), mask.count_ones());
            let cells: Vec<u32> = (0..9).filter(|c| mask & (1 << c) != 0).collect();
            for (rank, &cell) in cells.iter().enumerate() {
                assert_eq!(select9_of(mask, rank as u32), cell);
            }
        }
    }
}
