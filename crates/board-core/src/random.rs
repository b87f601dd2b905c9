//! A small, fast, seedable pseudo-random generator for playouts and tie-breaking, and the bridge
//! to the rand ecosystem.
//!
//! [`Rng`] is deterministic by design: the same seed gives the same games on every platform and
//! every version of this crate, which referee traces and benchmarks rely on. Not for
//! cryptography.
//!
//! Every operation that draws random numbers ([`Game::random_move`](crate::Game::random_move),
//! [`Game::random_playout`](crate::Game::random_playout), [`random_position`]) accepts any
//! generator implementing [`RandomSource`], which is rand_core's `Rng` trait (rand 0.10 and
//! rand_core 0.10): a user's `rand::rngs::StdRng`, `SmallRng`, a ChaCha generator, or this
//! crate's [`Rng`], which implements it too. The calls are generic, so the default generator
//! costs nothing extra.

use core::convert::Infallible;

use crate::zobrist::splitmix64;

/// Any random generator: rand_core's `Rng` trait, re-exported under a name that does not clash
/// with this crate's [`Rng`] generator. Every generator of rand 0.10 implements it.
pub use rand_core::Rng as RandomSource;

/// Uniform draws below a bound, for every [`RandomSource`] (a blanket implementation).
pub trait UniformIndex: RandomSource {
    /// A number uniformly distributed in `0..n`, without bias (Lemire's multiply-shift method
    /// with rejection), from 32 high bits of each 64-bit draw. `below(0)` returns 0.
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let mut m = (self.next_u64() >> 32) * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n as u64;
            }
        }
        (m >> 32) as u32
    }
}

impl<R: RandomSource + ?Sized> UniformIndex for R {}

/// A SplitMix64 generator: 64 bits of state, one multiply-xorshift round per number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number uniformly distributed in `0..n`, without bias: [`UniformIndex::below`], callable
    /// without importing the trait. `below(0)` returns 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        UniformIndex::below(self, n)
    }

    /// An independent generator for stream `index` of this seed (used to give each playout
    /// or thread its own reproducible sequence).
    pub fn fork(&self, index: u64) -> Rng {
        Rng::new(splitmix64(self.state ^ splitmix64(index)))
    }
}

/// The rand ecosystem's view of [`Rng`]: `next_u64` is the SplitMix64 output, `next_u32` its
/// high half, and bytes are filled from successive outputs in little-endian order.
impl rand_core::TryRng for Rng {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((Rng::next_u64(self) >> 32) as u32)
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(Rng::next_u64(self))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = Rng::next_u64(self).to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// Seeding through rand's `SeedableRng`: the seed is the 64-bit state in little-endian bytes,
/// so `Rng::from_seed(s.to_le_bytes())` equals `Rng::new(s)`.
impl rand_core::SeedableRng for Rng {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Rng {
        Rng::new(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(state: u64) -> Rng {
        Rng::new(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        for n in [1u32, 2, 3, 7, 9, 81, 225, 1000] {
            let mut seen = vec![0u32; n as usize];
            for _ in 0..(n * 200) {
                let x = rng.below(n);
                assert!(x < n);
                seen[x as usize] += 1;
            }
            assert!(
                seen.iter().all(|&c| c > 0),
                "n = {n}: some value never drawn"
            );
        }
        assert_eq!(rng.below(0), 0);
    }

    #[test]
    fn rand_core_view_is_the_same_stream() {
        use rand_core::SeedableRng;
        let mut ours = Rng::new(99);
        let mut theirs = Rng::from_seed(99u64.to_le_bytes());
        let first = RandomSource::next_u64(&mut theirs);
        assert_eq!(ours.next_u64(), first);
        assert_eq!(
            RandomSource::next_u32(&mut theirs),
            (ours.next_u64() >> 32) as u32
        );
        let mut bytes = [0u8; 11];
        RandomSource::fill_bytes(&mut theirs, &mut bytes);
        let a = ours.next_u64().to_le_bytes();
        let b = ours.next_u64().to_le_bytes();
        assert_eq!(bytes[..8], a);
        assert_eq!(bytes[8..], b[..3]);
        assert_eq!(Rng::seed_from_u64(5), Rng::new(5));
    }

    /// A generator from outside the crate (here a counter, standing for a user's rand
    /// generator) drives the same draws through the trait.
    #[test]
    fn any_random_source_draws_below() {
        struct Counter(u64);
        impl rand_core::TryRng for Counter {
            type Error = Infallible;
            fn try_next_u32(&mut self) -> Result<u32, Infallible> {
                Ok(self.try_next_u64()? as u32)
            }
            fn try_next_u64(&mut self) -> Result<u64, Infallible> {
                self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
                Ok(self.0)
            }
            fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
                Ok(())
            }
        }
        let mut counter = Counter(0);
        for _ in 0..1000 {
            assert!(counter.below(10) < 10);
        }
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = Rng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
    }
}
