//! Zobrist hashing: fixed pseudo-random keys, one per (feature, value), combined by XOR.
//!
//! Games build their key tables at compile time with [`keys`], each from its own seed, so a
//! position's hash is the XOR of the keys of what is on the board and whose turn it is.

/// One step of the SplitMix64 generator: a well-mixed 64-bit value for each input.
#[inline]
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` pseudo-random keys derived from `seed`, computed at compile time.
///
/// ```
/// const KEYS: [u64; 4] = boardgames_core::zobrist::keys(7);
/// assert_eq!(KEYS, boardgames_core::zobrist::keys::<4>(7));
/// assert_ne!(KEYS[0], KEYS[1]);
/// ```
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = splitmix64(seed);
    let mut i = 0;
    while i < N {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out[i] = splitmix64(state);
        i += 1;
    }
    out
}

/// A bijective 64-bit mix of a small position key: for games whose whole position fits in a
/// word, the hash is this mix of the word (no collisions at all).
#[inline]
pub const fn mix64(x: u64) -> u64 {
    // The SplitMix64 finaliser is a bijection on u64.
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_seed_dependent() {
        let a: [u64; 1024] = keys(1);
        let b: [u64; 1024] = keys(2);
        let set: std::collections::HashSet<_> = a.iter().chain(b.iter()).collect();
        assert_eq!(set.len(), 2048);
    }

    #[test]
    fn mix_is_injective_on_small_words() {
        let set: std::collections::HashSet<_> = (0..1u64 << 16).map(mix64).collect();
        assert_eq!(set.len(), 1 << 16);
    }
}
