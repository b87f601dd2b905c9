//! Bit counting and selection tables every game shares: the number of set bits of a small
//! mask and the position of its `n`-th set bit, without a loop over the bits.
//!
//! - [`pop9`] / [`select9`]: one 3x3 grid's 9-bit mask (tic-tac-toe, ultimate's small boards
//!   and macro board), one table lookup each.
//! - [`pop24`] / [`select24`]: a 24-bit set (the points of a morris board), two or three
//!   lookups and no branch.
//! - [`select64`] / [`select128`]: broadword selection in a whole word, the body of
//!   [`BitWord::nth_set_bit`](crate::bitboard::BitWord::nth_set_bit): the population count of
//!   every byte at once, their running sums by one multiplication, the byte holding the wanted
//!   bit by a parallel comparison, and the bit inside that byte by [`select_in_byte`].
//!
//! A uniformly random cell of a set is then `select(set, rng.below(pop(set)))`, in constant
//! time. Tables rather than `count_ones`: the baseline x86-64 target has no population-count
//! instruction, and there `count_ones` is a dozen arithmetic steps.
//!
//! ```
//! use boardgames_core::select;
//! assert_eq!(select::pop9(0b1_0010_0110), 4);
//! assert_eq!(select::select9(0b1_0010_0110, 2), 5);
//! assert_eq!(select::select24(1 << 23 | 1 << 9 | 1, 2), 23);
//! assert_eq!(select::select64(u64::MAX, 70), None);
//! ```

const ONES_STEP_8: u64 = 0x0101_0101_0101_0101;
const MSBS_STEP_8: u64 = 0x8080_8080_8080_8080;

/// For each byte value and rank `r` (0-7), the position of the `r`-th set bit of the byte.
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte_table();

const fn select_in_byte_table() -> [[u8; 8]; 256] {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut rank = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][rank] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
}

/// The position of the `rank`-th set bit (0 is the lowest) of `byte`; some position below 8
/// when the byte has `rank` set bits or fewer.
#[inline(always)]
pub fn select_in_byte(byte: u8, rank: u32) -> u32 {
    SELECT_IN_BYTE[byte as usize][(rank & 7) as usize] as u32
}

/// The number of set bits of each 9-bit mask.
static POP9: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut mask = 0;
    while mask < 512 {
        table[mask] = (mask as u16).count_ones() as u8;
        mask += 1;
    }
    table
};

/// For each 9-bit mask and rank `r` (0-8), the position of its `r`-th set bit; 0 where the
/// mask has `r` set bits or fewer.
static SELECT9: [[u8; 9]; 512] = {
    let mut table = [[0u8; 9]; 512];
    let mut mask = 0;
    while mask < 512 {
        let mut rank = 0;
        let mut bit = 0;
        while bit < 9 {
            if mask & (1 << bit) != 0 {
                table[mask][rank] = bit as u8;
                rank += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};

/// The number of set bits of each 12-bit word: two lookups count a 24-bit set.
static POP12: [u8; 4096] = {
    let mut table = [0u8; 4096];
    let mut i = 0;
    while i < 4096 {
        table[i] = (i as u32).count_ones() as u8;
        i += 1;
    }
    table
};

/// The number of set bits of a 9-bit mask (bits above 8 are ignored).
#[inline(always)]
pub fn pop9(mask: u16) -> u32 {
    POP9[(mask & 0x1FF) as usize] as u32
}

/// The position (0-8) of the `rank`-th set bit of a 9-bit mask (bits above 8 are ignored); some
/// position 0-8 when the mask has `rank` set bits or fewer, so the caller checks
/// `rank < pop9(mask)`.
#[inline(always)]
pub fn select9(mask: u16, rank: u32) -> u32 {
    SELECT9[(mask & 0x1FF) as usize][(rank as usize).min(8)] as u32
}

/// The number of set bits of a 24-bit set (bits above 23 are ignored). One instruction where
/// the target has `popcnt`; two table lookups where it does not.
#[inline(always)]
pub fn pop24(word: u32) -> u32 {
    if cfg!(target_feature = "popcnt") || !cfg!(target_arch = "x86_64") {
        (word & 0xFF_FFFF).count_ones()
    } else {
        POP12[(word & 0xFFF) as usize] as u32 + POP12[((word >> 12) & 0xFFF) as usize] as u32
    }
}

/// The position (0-23) of the `rank`-th set bit of a 24-bit set, lowest first; some position
/// below 24 when the set has `rank` set bits or fewer, so the caller checks
/// `rank < pop24(word)`. Without branches: the byte holding the bit is found from the bytes'
/// counts, then [`select_in_byte`] gives the bit.
#[inline(always)]
pub fn select24(word: u32, rank: u32) -> u32 {
    let c0 = POP12[(word & 0xFF) as usize] as u32;
    let c1 = POP12[((word >> 8) & 0xFF) as usize] as u32;
    let past0 = (rank >= c0) as u32;
    let past1 = (rank >= c0 + c1) as u32;
    let shift = 8 * (past0 + past1);
    let rest = rank.wrapping_sub(past0 * c0).wrapping_sub(past1 * c1);
    shift + select_in_byte((word >> shift) as u8, rest)
}

/// The position of the `rank`-th set bit (0 is the lowest) of `word`, which must have more
/// than `rank` bits set (otherwise the answer is some position below 64, never a panic).
#[inline]
fn select64_unchecked(word: u64, rank: u32) -> u32 {
    // Byte population counts.
    let mut s = word - ((word >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte k holds the number of set bits in bytes 0..=k (at most 64: no carry between bytes).
    let byte_sums = s.wrapping_mul(ONES_STEP_8);
    let rank = rank & 63;
    let rank_step_8 = rank as u64 * ONES_STEP_8;
    // High bit of byte k set when bytes 0..=k hold at most `rank` bits.
    let at_most = ((rank_step_8 | MSBS_STEP_8).wrapping_sub(byte_sums)) & MSBS_STEP_8;
    let place = (at_most.count_ones() * 8).min(56);
    let before = ((byte_sums << 8) >> place) & 0xFF;
    let rank_in_byte = (rank as u64).wrapping_sub(before);
    let byte = (word >> place) & 0xFF;
    place + select_in_byte(byte as u8, rank_in_byte as u32)
}

/// The position of the `rank`-th set bit (0 is the lowest) of `word`, or `None` when it has
/// `rank` set bits or fewer.
#[inline]
pub fn select64(word: u64, rank: u32) -> Option<u32> {
    if rank < word.count_ones() {
        Some(select64_unchecked(word, rank))
    } else {
        None
    }
}

/// The position of the `rank`-th set bit (0 is the lowest) of a 128-bit word, or `None` when
/// it has `rank` set bits or fewer.
#[inline]
pub fn select128(word: u128, rank: u32) -> Option<u32> {
    let low = word as u64;
    let low_count = low.count_ones();
    if rank < low_count {
        Some(select64_unchecked(low, rank))
    } else {
        select64((word >> 64) as u64, rank - low_count).map(|bit| 64 + bit)
    }
}

// The names `BitWord::nth_set_bit` is built on.
pub(crate) use {select128 as nth_set_bit_128, select64 as nth_set_bit_64};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slow_nth(word: u128, rank: u32) -> Option<u32> {
        (0..128)
            .filter(|&i| (word >> i) & 1 != 0)
            .nth(rank as usize)
    }

    #[test]
    fn every_rank_of_some_words() {
        for word in [
            1u128,
            u128::MAX,
            1 << 127,
            1 << 64,
            (1 << 81) - 1,
            0xF0F0_0000_0000_0000_1234_5678_9ABC_DEF0,
        ] {
            for rank in 0..=word.count_ones() {
                assert_eq!(
                    select128(word, rank),
                    slow_nth(word, rank),
                    "{word:x} {rank}"
                );
            }
        }
        assert_eq!(select128(0, 0), None);
        assert_eq!(select64(0, 0), None);
        assert_eq!(select64(u64::MAX, 63), Some(63));
        assert_eq!(select64(u64::MAX, 64), None);
        assert_eq!(select128(u128::MAX, u32::MAX), None);
    }

    #[test]
    fn every_rank_of_every_byte_and_9_bit_mask() {
        for word in 0..512u64 {
            for rank in 0..10 {
                assert_eq!(select64(word, rank), slow_nth(word as u128, rank));
            }
        }
    }

    #[test]
    fn small_tables_agree_with_counting() {
        for mask in 0..1024u16 {
            assert_eq!(pop9(mask), (mask & 0x1FF).count_ones());
            for rank in 0..pop9(mask) {
                assert_eq!(
                    Some(select9(mask, rank)),
                    slow_nth((mask & 0x1FF) as u128, rank)
                );
            }
        }
        for byte in 0..=255u8 {
            for rank in 0..byte.count_ones() {
                assert_eq!(
                    Some(select_in_byte(byte, rank)),
                    slow_nth(byte as u128, rank)
                );
            }
        }
    }

    proptest! {
        #[test]
        fn select24_agrees_with_counting(word in any::<u32>(), r in any::<u32>()) {
            let set = word & 0xFF_FFFF;
            prop_assert_eq!(pop24(word), set.count_ones());
            if set != 0 {
                let rank = r % set.count_ones();
                prop_assert_eq!(Some(select24(set, rank)), slow_nth(set as u128, rank));
            }
        }


        #[test]
        fn agrees_with_counting_128(word in any::<u128>(), r in any::<u32>()) {
            let rank = r % (word.count_ones() + 2);
            prop_assert_eq!(select128(word, rank), slow_nth(word, rank));
        }

        #[test]
        fn agrees_with_counting_64(word in any::<u64>(), r in any::<u32>()) {
            let rank = r % (word.count_ones() + 2);
            prop_assert_eq!(select64(word, rank), slow_nth(word as u128, rank));
        }
    }
}
