//! The index of a class: one number per position up to symmetry.
//!
//! A class holds the positions where the side to move has `a` pieces and the other player `b`,
//! nobody has a piece in hand. The mover's set is brought to the least of its 16 images (its
//! *canonical* form); canonical sets of `a` pieces are numbered in increasing order (the
//! *orbit* number). The opponent's set, taken under the symmetries that give the mover's set
//! its canonical form, is numbered among the `24 - a` points left free by its colex rank (its
//! points, counted among the free points, as a combination); the least rank is kept. The index
//! is `orbit * C(24 - a, b) + rank`. An index whose rank is not the least of its images
//! (possible only where the mover's set is itself symmetric) names no position.

use crate::symmetry::{image, images, COUNT};
use boardgames_morris::bits::FULL;

/// Binomial coefficients `C(n, k)` for `n`, `k` up to 24.
const BINOMIAL: [[u32; 25]; 25] = {
    let mut c = [[0u32; 25]; 25];
    let mut n = 0;
    while n < 25 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

/// `C(n, k)`, 0 when `k > n`.
#[inline(always)]
pub(crate) fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// The numbering of one class: `a` pieces for the side to move, `b` for the other player.
#[derive(Clone, Debug)]
pub struct ClassIndex {
    a: u32,
    b: u32,
    /// The canonical sets of `a` points, in increasing order.
    canonical: Vec<u32>,
    /// For each canonical set, the symmetries that leave it unchanged (bit `s`).
    stabilizers: Vec<u16>,
    /// For every set of `a` points, by its colex rank among the 24: its orbit number.
    orbit_of: Vec<u32>,
    /// For every set of `a` points, by its colex rank: the symmetries that take it to its
    /// canonical form (bit `s`).
    to_canonical: Vec<u16>,
    /// For each canonical set, the number of free points below each point (the position of
    /// a free point among the free points, without a population count).
    below: Vec<[u8; 24]>,
    /// `C(24 - a, b)`: the indices per canonical set.
    per_orbit: u64,
}

impl ClassIndex {
    /// The index of class `a` v `b` (both from 1 to 21, `a + b` at most 24).
    pub fn new(a: u32, b: u32) -> ClassIndex {
        let mut canonical = Vec::new();
        let mut stabilizers = Vec::new();
        let mut least_images = Vec::new();
        let mut to_canonical = Vec::new();
        // Every set of `a` points, in increasing order, which is their colex order (Gosper's
        // hack); the canonical set of an orbit, its least member, comes first.
        let mut x: u32 = (1 << a) - 1;
        while x <= FULL {
            let im = images(x);
            let least = *im.iter().min().unwrap_or(&x);
            let reaching = (0..COUNT)
                .filter(|&s| im[s] == least)
                .fold(0, |m, s| m | 1 << s);
            if least == x {
                canonical.push(x);
                stabilizers.push(reaching);
            }
            least_images.push(least);
            to_canonical.push(reaching);
            let low = x & x.wrapping_neg();
            let ripple = x + low;
            x = (((ripple ^ x) >> 2) / low) | ripple;
        }
        let orbit_of = least_images
            .iter()
            .map(|least| canonical.binary_search(least).unwrap_or(0) as u32)
            .collect();
        let below = canonical
            .iter()
            .map(|&own| core::array::from_fn(|p| (!own & FULL & ((1 << p) - 1)).count_ones() as u8))
            .collect();
        ClassIndex {
            a,
            b,
            below,
            canonical,
            stabilizers,
            orbit_of,
            to_canonical,
            per_orbit: u64::from(binomial(24 - a, b)),
        }
    }

    /// The pieces of the side to move and of the other player.
    pub fn pieces(&self) -> (u32, u32) {
        (self.a, self.b)
    }

    /// The number of indices.
    pub fn size(&self) -> u64 {
        self.canonical.len() as u64 * self.per_orbit
    }

    /// The index of the position where the side to move has the pieces `own` and the other
    /// player `opp` (disjoint sets of `a` and `b` points: not checked).
    #[inline]
    pub fn index(&self, own: u32, opp: u32) -> u64 {
        let r = rank_in(own, &IDENTITY) as usize;
        let orbit = self.orbit_of[r] as usize;
        let below = &self.below[orbit];
        let mut syms = self.to_canonical[r];
        let mut rank = u32::MAX;
        while syms != 0 {
            let s = syms.trailing_zeros() as usize;
            syms &= syms - 1;
            rank = rank.min(rank_in(image(s, opp), below));
        }
        orbit as u64 * self.per_orbit + u64::from(rank)
    }

    /// The position of `index` as (the mover's pieces, the other player's), or `None` when the
    /// index names no position (past the end, or not the least of its images).
    pub fn position(&self, index: u64) -> Option<(u32, u32)> {
        let orbit = usize::try_from(index / self.per_orbit).ok()?;
        let own = *self.canonical.get(orbit)?;
        let rank = (index % self.per_orbit) as u32;
        let free = !own & FULL;
        let opp = colex_unrank(rank, self.b, free);
        let stab = self.stabilizers[orbit];
        let least = (0..COUNT)
            .filter(|&s| stab >> s & 1 == 1)
            .all(|s| colex_rank(image(s, opp), free) >= rank);
        least.then_some((own, opp))
    }
}

/// The position of each point among all 24.
const IDENTITY: [u8; 24] = {
    let mut t = [0u8; 24];
    let mut p = 0;
    while p < 24 {
        t[p] = p as u8;
        p += 1;
    }
    t
};

/// The colex rank of the set `x`, each point `p` counted at position `below[p]`.
#[inline(always)]
fn rank_in(mut x: u32, below: &[u8; 24]) -> u32 {
    let mut rank = 0;
    let mut k = 1;
    while x != 0 {
        let p = x.trailing_zeros() as usize % 24;
        x &= x - 1;
        rank += binomial(u32::from(below[p]), k);
        k += 1;
    }
    rank
}

/// The colex rank of the set `x` counted among the points of `free` (which hold it).
#[inline(always)]
fn colex_rank(mut x: u32, free: u32) -> u32 {
    let mut rank = 0;
    let mut k = 1;
    while x != 0 {
        let p = x.trailing_zeros();
        x &= x - 1;
        let below = (free & ((1 << p) - 1)).count_ones();
        rank += binomial(below, k);
        k += 1;
    }
    rank
}

/// The set of `k` points of `free` whose colex rank among them is `rank`.
fn colex_unrank(mut rank: u32, k: u32, free: u32) -> u32 {
    let mut set = 0;
    let mut n = free.count_ones();
    for k in (1..=k).rev() {
        // The largest position c with C(c, k) <= rank.
        n -= 1;
        while binomial(n, k) > rank {
            n -= 1;
        }
        rank -= binomial(n, k);
        set |= nth_point(free, n);
    }
    set
}

/// The `n`-th point (from 0) of `free`, as a one-point set.
fn nth_point(mut free: u32, n: u32) -> u32 {
    for _ in 0..n {
        free &= free - 1;
    }
    free & free.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_unranks_agree() {
        let free = FULL & !0b1011_0000_0001;
        for rank in 0..binomial(free.count_ones(), 4) {
            let set = colex_unrank(rank, 4, free);
            assert_eq!(set.count_ones(), 4);
            assert_eq!(set & !free, 0);
            assert_eq!(colex_rank(set, free), rank);
        }
    }

    #[test]
    fn the_3v3_index_numbers_each_class_of_positions_once() {
        let index = ClassIndex::new(3, 3);
        // Burnside: the number of classes of three-point sets is the mean number of sets a
        // symmetry fixes.
        let sets: Vec<u32> = (0..1u32 << 24).filter(|x| x.count_ones() == 3).collect();
        let fixed: usize = (0..COUNT)
            .map(|s| sets.iter().filter(|&&x| image(s, x) == x).count())
            .sum();
        assert_eq!(index.canonical.len(), fixed / COUNT);
        let used = (0..index.size())
            .filter(|&i| {
                let Some((own, opp)) = index.position(i) else {
                    return false;
                };
                assert_eq!(index.index(own, opp), i);
                for s in 0..COUNT {
                    assert_eq!(index.index(image(s, own), image(s, opp)), i);
                }
                true
            })
            .count();
        // Every position lies in exactly one class, of size 16 / |stabilizer|: the classes
        // number the positions weighted by that.
        let weighted: u64 = (0..index.size())
            .filter_map(|i| index.position(i))
            .map(|(own, opp)| {
                let stab = (0..COUNT)
                    .filter(|&s| image(s, own) == own && image(s, opp) == opp)
                    .count();
                (COUNT / stab) as u64
            })
            .sum();
        assert_eq!(weighted, u64::from(binomial(24, 3) * binomial(21, 3)));
        assert!(used > 2024 * 1330 / 16);
    }
}
