//! Picking the n-th set bit of a 128-bit mask without a loop over bits: the uniform random
//! move of a playout is `nth_set_bit(legal, rng.below(count))`.

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
/// than `rank` bits set. Broadword: byte population counts summed by a multiplication, the
/// byte found by a parallel comparison, the bit inside it by a table.
#[inline]
fn select64(word: u64, rank: u32) -> u32 {
    let mut s = word - ((word >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte k holds the number of set bits in bytes 0..=k (at most 64).
    let byte_sums = s.wrapping_mul(ONES_STEP_8);
    let rank_step_8 = rank as u64 * ONES_STEP_8;
    // High bit of byte k set when bytes 0..=k hold at most `rank` bits.
    let at_most = ((rank_step_8 | MSBS_STEP_8) - byte_sums) & MSBS_STEP_8;
    let place = at_most.count_ones() * 8;
    let before = ((byte_sums << 8) >> place) & 0xFF;
    let rank_in_byte = rank as u64 - before;
    let byte = (word >> place) & 0xFF;
    place + SELECT_IN_BYTE[byte as usize][(rank_in_byte & 7) as usize] as u32
}

/// The position of the `rank`-th set bit (0 is the lowest) of `word`. The caller guarantees
/// `rank < word.count_ones()`; otherwise the answer is some bit position below 128, never a
/// panic.
#[inline]
pub(crate) fn nth_set_bit(word: u128, rank: u32) -> u32 {
    let low = word as u64;
    let low_count = low.count_ones();
    if rank < low_count {
        select64(low, rank)
    } else {
        let high = (word >> 64) as u64;
        if rank - low_count >= high.count_ones() {
            return 0;
        }
        64 + select64(high, rank - low_count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn slow_nth(word: u128, rank: u32) -> u32 {
        (0..128)
            .filter(|&i| (word >> i) & 1 != 0)
            .nth(rank as usize)
            .unwrap()
    }

    #[test]
    fn every_rank_of_some_words() {
        for word in [
            1u128,
            u128::MAX,
            1 << 127,
            (1 << 81) - 1,
            0xF0F0_0000_0000_0000_1234_5678_9ABC_DEF0,
        ] {
            for rank in 0..word.count_ones() {
                assert_eq!(
                    nth_set_bit(word, rank),
                    slow_nth(word, rank),
                    "{word:x} {rank}"
                );
            }
        }
        assert_eq!(nth_set_bit(0, 0), 0);
    }

    proptest! {
        #[test]
        fn agrees_with_counting(word in any::<u128>().prop_filter("non-empty", |w| *w != 0), r in any::<u32>()) {
            let rank = r % word.count_ones();
            prop_assert_eq!(nth_set_bit(word, rank), slow_nth(word, rank));
        }
    }
}
