//! The n-th set bit of a word without a loop over bits: the body of
//! [`BitWord::nth_set_bit`](crate::bitboard::BitWord::nth_set_bit).
//!
//! Broadword selection (a rank/select trick): the population count of every byte at once, the
//! running sums of those counts by one multiplication, the byte holding the wanted bit by a
//! parallel comparison, and the bit inside that byte by a table. A uniformly random cell of a
//! bitboard is then `nth_set_bit(rng.below(count))`, in constant time.

const ONES_STEP_8: u64 = 0x0101_0101_0101_0101;
const MSBS_STEP_8: u64 = 0x8080_8080_8080_8080;

/// For each byte value and rank `r` (0-7), the position of the `r`-th set bit of the byte.
static SELECT_IN_BYTE: [[u8; 8]; 256] = select_in_byte();

const fn select_in_byte() -> [[u8; 8]; 256] {
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
    place + SELECT_IN_BYTE[byte as usize][(rank_in_byte & 7) as usize] as u32
}

/// The position of the `rank`-th set bit of a word of at most 64 bits, or `None` when it has
/// `rank` set bits or fewer.
#[inline]
pub(crate) fn nth_set_bit_64(word: u64, rank: u32) -> Option<u32> {
    if rank < word.count_ones() {
        Some(select64_unchecked(word, rank))
    } else {
        None
    }
}

/// The position of the `rank`-th set bit of a 128-bit word, or `None` when it has `rank` set
/// bits or fewer.
#[inline]
pub(crate) fn nth_set_bit_128(word: u128, rank: u32) -> Option<u32> {
    let low = word as u64;
    let low_count = low.count_ones();
    if rank < low_count {
        Some(select64_unchecked(low, rank))
    } else {
        nth_set_bit_64((word >> 64) as u64, rank - low_count).map(|bit| 64 + bit)
    }
}

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
                    nth_set_bit_128(word, rank),
                    slow_nth(word, rank),
                    "{word:x} {rank}"
                );
            }
        }
        assert_eq!(nth_set_bit_128(0, 0), None);
        assert_eq!(nth_set_bit_64(0, 0), None);
        assert_eq!(nth_set_bit_64(u64::MAX, 63), Some(63));
        assert_eq!(nth_set_bit_64(u64::MAX, 64), None);
        assert_eq!(nth_set_bit_128(u128::MAX, u32::MAX), None);
    }

    #[test]
    fn every_rank_of_every_byte_and_9_bit_mask() {
        for word in 0..512u64 {
            for rank in 0..10 {
                assert_eq!(nth_set_bit_64(word, rank), slow_nth(word as u128, rank));
            }
        }
    }

    proptest! {
        #[test]
        fn agrees_with_counting_128(word in any::<u128>(), r in any::<u32>()) {
            let rank = r % (word.count_ones() + 2);
            prop_assert_eq!(nth_set_bit_128(word, rank), slow_nth(word, rank));
        }

        #[test]
        fn agrees_with_counting_64(word in any::<u64>(), r in any::<u32>()) {
            let rank = r % (word.count_ones() + 2);
            prop_assert_eq!(nth_set_bit_64(word, rank), slow_nth(word as u128, rank));
        }
    }
}
