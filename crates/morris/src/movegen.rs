//! Move generation on bitboards, without allocation.
//!
//! The moves of the side to move are split into at most three groups that share how a
//! destination maps back to its start: placements (no start); slides forward or back along
//! the rings; slides along the spokes; or flights of one given piece. Each group holds its
//! destinations twice: those that form no mill, and those that form one (each of which is one
//! move per capture target). Counting is a few population counts, and a uniformly random move
//! is an index into that count.
//!
//! The spoke group packs both spoke directions into one 24-bit set: a slide inwards ends on
//! an odd bit of the middle or inner ring and is kept there; a slide outwards ends on an odd
//! bit of the outer or middle ring and is kept one bit lower, on an even bit, where no inward
//! slide ends.

use crate::geometry::{
    capture_targets, mill_completions, nth_bit, pop, ring_back, ring_forward, side_ahead,
    side_around, side_behind, spoke_full, spoke_in, spoke_out, CORNERS, FULL, MIDPOINTS, THIRD,
};
use crate::moves::Phase;
use crate::moves::NONE;
use crate::{Move, Position};
use boardgames_core::{MoveList, RandomSource, UniformIndex};

/// How the stored bits of a group map to the move's destination and start, as arithmetic on
/// the stored bit index `p` (no branch, no table):
///
/// - destination `to = p | to_or`;
/// - start `(to & keep) | ((to + add - odd_sub * (p & 1)) & wrap) | set`.
///
/// A ring slide keeps the ring bits and steps the position within the ring by +-1 mod 8; a
/// spoke slide subtracts 8 (odd `p`: inwards) or adds 8 (even `p`: outwards, destination
/// `p + 1`); a placement's start is the "no point" marker and a flight's the flying piece,
/// both constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Source {
    keep: u8,
    add: u8,
    wrap: u8,
    set: u8,
    odd_sub: u8,
    to_or: u8,
}

impl Source {
    /// A slide one step forward along the ring (from `k - 1` to `k`).
    const FORWARD: Source = Source::new(!7, 7, 7, 0, 0, 0);
    /// A slide one step back along the ring (from `k + 1` to `k`).
    const BACK: Source = Source::new(!7, 1, 7, 0, 0, 0);
    /// A slide along a spoke: inwards from `p - 8` to odd `p`, outwards from `p + 9` to
    /// `p + 1` for even `p`.
    const SPOKE: Source = Source::new(0, 8, 0xFF, 16, 1, 0);
    /// A placement from the hand.
    const HAND: Source = Source::new(0, 0, 0, 0, 0, NONE);

    const fn new(keep: u8, add: u8, wrap: u8, odd_sub: u8, to_or: u8, set: u8) -> Source {
        Source {
            keep,
            add,
            wrap,
            set,
            odd_sub,
            to_or,
        }
    }

    /// A flight of the piece on `from`.
    const fn piece(from: u8) -> Source {
        Source::new(0, 0, 0, 0, 0, from)
    }

    /// The destination and the start for the stored bit `p`.
    #[inline(always)]
    fn decode(self, p: u32) -> (u8, u8) {
        let p = p as u8;
        let to = p | self.to_or;
        let step = self.add.wrapping_sub(self.odd_sub * (p & 1));
        let from = (to & self.keep) | (to.wrapping_add(step) & self.wrap) | self.set;
        (from, to)
    }
}

/// The sources of the three groups of the moving phase.
static SLIDES: [Source; 3] = [Source::FORWARD, Source::BACK, Source::SPOKE];

/// One group of moves sharing how a stored bit maps to its move (the [`Source`] follows from
/// the group's index and the phase, see [`MoveSet::source`]).
#[derive(Clone, Copy, Debug)]
struct Group {
    /// Stored bits of the moves that form no mill.
    quiet: u32,
    /// Stored bits of the moves that form a mill.
    mill: u32,
}

const NO_GROUP: Group = Group { quiet: 0, mill: 0 };

/// Every legal move of a position, as bitboards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSet {
    /// The groups; those past the position's own are empty.
    groups: [Group; 3],
    /// The mover's phase, which says how each group's bits map to moves.
    phase: Phase,
    /// The flying pieces of the three groups, in the flying phase.
    flyers: [u8; 3],
    /// The pieces a mill may capture: filled when some destination forms a mill, and never
    /// empty then (with no opponent piece on the board a mill captures nothing, and its moves
    /// are stored as quiet ones).
    targets: u32,
}

impl MoveSet {
    /// No move at all.
    const EMPTY: MoveSet = MoveSet {
        groups: [NO_GROUP; 3],
        phase: Phase::Placing,
        flyers: [0; 3],
        targets: 0,
    };

    /// How the bits of group `i` map to moves.
    #[inline(always)]
    fn source(&self, i: usize) -> Source {
        match self.phase {
            Phase::Placing => Source::HAND,
            Phase::Moving => SLIDES[i % 3],
            Phase::Flying => Source::piece(self.flyers[i % 3]),
        }
    }

    /// The move of stored bit `p` of group `i`, with the packed capture `capture`.
    #[inline(always)]
    fn the_move(&self, i: usize, p: u32, capture: u8) -> Move {
        let (from, to) = self.source(i).decode(p);
        Move::packed(from, to, capture)
    }

    /// The moves of the side to move; empty once the game is over.
    #[inline(always)]
    pub(crate) fn of(pos: &Position) -> MoveSet {
        if pos.short_of_pieces().is_some() {
            return MoveSet::EMPTY;
        }
        let me = pos.to_move;
        let phase = pos.phase(me);
        MoveSet::from_bits(pos.pieces(me).0, pos.pieces(me.opponent()).0, phase)
    }

    /// The moves of a player with pieces `own` against `opp` in `phase` (the piece counts are
    /// the caller's business).
    #[inline(always)]
    pub(crate) fn from_bits(own: u32, opp: u32, phase: Phase) -> MoveSet {
        let mut set = MoveSet::EMPTY;
        set.phase = phase;
        let empty = !(own | opp) & FULL;
        match phase {
            Phase::Placing => {
                let mill = empty & mill_completions(own);
                set.groups[0] = Group {
                    quiet: empty & !mill,
                    mill,
                };
            }
            Phase::Flying => {
                // Three pieces a, b, c: flying one forms a mill on the third point of the
                // other two's common mill, if they have one and it is empty.
                let a = own.trailing_zeros() % 24;
                let rest = own & own.wrapping_sub(1);
                let b = rest.trailing_zeros() % 24;
                let c = (rest & rest.wrapping_sub(1)).trailing_zeros() % 24;
                set.flyers = [a as u8, b as u8, c as u8];
                for (group, (x, y)) in set.groups.iter_mut().zip([(b, c), (a, c), (a, b)]) {
                    let mill = empty & THIRD[x as usize][y as usize];
                    *group = Group {
                        quiet: empty & !mill,
                        mill,
                    };
                }
            }
            Phase::Moving => {
                // A slide forms a mill through the line of the destination that does not hold
                // the start; the start is never on that line, so `own` can be used as it is.
                let spoke = MIDPOINTS & spoke_full(own);
                let to = ring_forward(own) & empty;
                let mill = to & (spoke | (CORNERS & side_ahead(own)));
                set.groups[0] = Group {
                    quiet: to & !mill,
                    mill,
                };
                let to = ring_back(own) & empty;
                let mill = to & (spoke | (CORNERS & side_behind(own)));
                set.groups[1] = Group {
                    quiet: to & !mill,
                    mill,
                };
                let around = side_around(own);
                let inward = spoke_in(own) & empty;
                let outward = spoke_out(own) & empty;
                set.groups[2] = Group {
                    quiet: (inward & !around) | ((outward & !around) >> 1),
                    mill: (inward & around) | ((outward & around) >> 1),
                };
            }
        }
        set.with_capture_targets(opp)
    }

    /// This set with the opponent pieces `opp` its mills may capture; when there are none,
    /// a mill captures nothing and its moves are plain ones.
    #[inline(always)]
    fn with_capture_targets(mut self, opp: u32) -> MoveSet {
        let mills = self.groups[0].mill | self.groups[1].mill | self.groups[2].mill;
        if mills != 0 {
            self.targets = capture_targets(opp);
            if self.targets == 0 {
                for g in &mut self.groups {
                    g.quiet |= g.mill;
                    g.mill = 0;
                }
            }
        }
        self
    }

    /// The number of legal moves.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        let per_mill = pop(self.targets);
        self.groups
            .iter()
            .map(|g| (pop(g.quiet) + pop(g.mill) * per_mill) as usize)
            .sum()
    }

    /// Appends every move to `moves`.
    pub(crate) fn write(&self, moves: &mut MoveList<Move>) {
        self.for_each(|mv| moves.push(mv));
    }

    /// Calls `f` on every move, in the order of [`MoveSet::write`], without a buffer (the
    /// legal-action mask writes its ids this way).
    #[inline(always)]
    pub(crate) fn for_each(&self, mut f: impl FnMut(Move)) {
        for (i, g) in self.groups.iter().enumerate() {
            let mut quiet = g.quiet;
            while quiet != 0 {
                let p = quiet.trailing_zeros();
                quiet &= quiet - 1;
                f(self.the_move(i, p, NONE));
            }
            let mut mill = g.mill;
            while mill != 0 {
                let p = mill.trailing_zeros();
                mill &= mill - 1;
                let mut targets = self.targets;
                while targets != 0 {
                    let c = targets.trailing_zeros();
                    targets &= targets - 1;
                    f(self.the_move(i, p, c as u8));
                }
            }
        }
    }

    /// A move chosen uniformly among all legal moves (every capture choice counts as its own
    /// move), or `None` when there is none.
    ///
    /// With `Q` quiet moves, `M` mill-forming ones and `T` capture targets there are
    /// `Q + M * T` moves: one draw below that total decides quiet or mill; a quiet move is
    /// then the drawn index among the quiet moves, a mill move an independent uniform
    /// destination and an independent uniform target. The group holding an index is found
    /// from running counts without branches.
    #[inline(always)]
    pub(crate) fn random<R: RandomSource + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let g = &self.groups;
        let quiet = [g[0].quiet, g[1].quiet, g[2].quiet];
        let counts = running_counts(quiet);
        if self.targets == 0 {
            if counts.total == 0 {
                return None;
            }
            let (i, p) = counts.locate(quiet, rng.below(counts.total));
            return Some(self.the_move(i, p, NONE));
        }
        self.random_with_captures(rng, quiet, counts)
    }

    /// [`MoveSet::random`] when some destination forms a mill.
    #[inline(always)]
    fn random_with_captures<R: RandomSource + ?Sized>(
        &self,
        rng: &mut R,
        quiet: [u32; 3],
        counts: Running,
    ) -> Option<Move> {
        let g = &self.groups;
        let mill = [g[0].mill, g[1].mill, g[2].mill];
        let mill_counts = running_counts(mill);
        let per_mill = pop(self.targets);
        let r = rng.below(counts.total + mill_counts.total * per_mill);
        if r < counts.total {
            let (i, p) = counts.locate(quiet, r);
            return Some(self.the_move(i, p, NONE));
        }
        // Mill move number j = k * per_mill + c: destination k, capture target c.
        let j = r - counts.total;
        let k = (j * RECIPROCAL[per_mill as usize % 25]) >> 20;
        let c = j - k * per_mill;
        let (i, p) = mill_counts.locate(mill, k);
        Some(self.the_move(i, p, nth_bit(self.targets, c) as u8))
    }
}

/// `ceil(2^20 / t)` for `t` in 1..=24: `(j * RECIPROCAL[t]) >> 20` is `j / t` for every `j`
/// below 2048 (the mill moves of a position number far fewer), without a division.
static RECIPROCAL: [u32; 25] = {
    let mut table = [0u32; 25];
    let mut t = 1;
    while t < 25 {
        table[t] = (1u32 << 20).div_ceil(t as u32);
        t += 1;
    }
    table
};

/// The sizes of three sets as running sums.
#[derive(Clone, Copy, Debug)]
struct Running {
    /// The size of the first set, and of the first two.
    ends: [u32; 2],
    /// The size of all three together.
    total: u32,
}

impl Running {
    /// The set holding the `r`-th element (counting through the sets in order, `r` below
    /// the total) and that element's bit.
    #[inline(always)]
    fn locate(self, sets: [u32; 3], r: u32) -> (usize, u32) {
        let [s1, s2] = self.ends;
        let i = (r >= s1) as usize + (r >= s2) as usize;
        let before = [0, s1, s2][i];
        (i, nth_bit(sets[i], r - before))
    }
}

/// The running sizes of three 24-bit sets.
#[inline(always)]
fn running_counts(sets: [u32; 3]) -> Running {
    let c0 = pop(sets[0]);
    let c01 = c0 + pop(sets[1]);
    Running {
        ends: [c0, c01],
        total: c01 + pop(sets[2]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reciprocals_divide_exactly() {
        for t in 1..25u32 {
            for j in 0..2048u32 {
                assert_eq!((j * RECIPROCAL[t as usize]) >> 20, j / t, "{j} / {t}");
            }
        }
    }

    #[test]
    fn sources_decode_to_the_slides_they_stand_for() {
        use crate::geometry::ADJACENT;
        for p in 0..24u32 {
            let (from, to) = Source::FORWARD.decode(p);
            assert_eq!((to as u32, from as u32), (p, (p & !7) | ((p + 7) & 7)));
            let (from, to) = Source::BACK.decode(p);
            assert_eq!((to as u32, from as u32), (p, (p & !7) | ((p + 1) & 7)));
            let (from, to) = Source::SPOKE.decode(p);
            if p % 2 == 1 && p >= 8 {
                assert_eq!((to as u32, from as u32), (p, p - 8));
            }
            if p % 2 == 0 && p < 16 {
                assert_eq!((to as u32, from as u32), (p + 1, p + 9));
            }
            if (p % 2 == 1 && p >= 8) || (p % 2 == 0 && p < 16) {
                assert!(ADJACENT[to as usize].contains(from as u32));
            }
            assert_eq!(Source::HAND.decode(p), (NONE, p as u8));
            assert_eq!(Source::piece(5).decode(p), (5, p as u8));
        }
    }
}
