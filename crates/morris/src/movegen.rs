//! Move generation on bitboards, without allocation.
//!
//! The moves of the side to move are split into at most four groups that share how a
//! destination maps back to its start: placements (no start), slides in one of the four
//! directions (the start is the destination shifted back), or flights of one given piece. Each
//! group holds its destinations twice: those that form no mill, and those that form one (each
//! of which is one move per capture target). Counting is a few population counts, and a
//! uniformly random move is an index into that count.

use crate::geometry::{
    capture_targets, mill_completions, nth_bit, pop, ring_back, ring_forward, side_ahead,
    side_around, side_behind, spoke_full, spoke_in, spoke_out, CORNERS, FULL, MIDPOINTS,
};
use crate::moves::NONE;
use crate::position::Phase;
use crate::{Move, Position};
use board_core::{MoveList, Rng};

/// How the destinations of a group map back to the moving piece's start, as bit arithmetic
/// on the destination index `to`: `start = (to & keep) | ((to + add) & wrap) | set`.
///
/// A slide along the ring keeps the ring bits and steps the position within the ring by
/// +-1 mod 8; a slide along a spoke adds or subtracts 8; a placement's start is the "no
/// point" marker and a flight's start is the flying piece, both constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Source {
    keep: u8,
    add: u8,
    wrap: u8,
    set: u8,
}

impl Source {
    /// A slide one step forward along the ring (from `k - 1` to `k`).
    const FORWARD: Source = Source {
        keep: !7,
        add: 7,
        wrap: 7,
        set: 0,
    };
    /// A slide one step back along the ring (from `k + 1` to `k`).
    const BACK: Source = Source {
        keep: !7,
        add: 1,
        wrap: 7,
        set: 0,
    };
    /// A slide along a spoke one ring inwards (from `t - 8` to `t`).
    const INWARD: Source = Source {
        keep: 0,
        add: 8u8.wrapping_neg(),
        wrap: 0xFF,
        set: 0,
    };
    /// A slide along a spoke one ring outwards (from `t + 8` to `t`).
    const OUTWARD: Source = Source {
        keep: 0,
        add: 8,
        wrap: 0xFF,
        set: 0,
    };
    /// A placement from the hand.
    const HAND: Source = Source {
        keep: 0,
        add: 0,
        wrap: 0,
        set: NONE,
    };

    /// A flight of the piece on `from`.
    const fn piece(from: u8) -> Source {
        Source {
            keep: 0,
            add: 0,
            wrap: 0,
            set: from,
        }
    }

    #[inline(always)]
    fn start(self, to: u8) -> u8 {
        (to & self.keep) | (to.wrapping_add(self.add) & self.wrap) | self.set
    }
}

/// One group of moves sharing how a destination maps back to its start.
#[derive(Clone, Copy, Debug)]
struct Group {
    source: Source,
    /// Destinations that form no mill.
    quiet: u32,
    /// Destinations that form a mill.
    mill: u32,
}

impl Group {
    #[inline(always)]
    fn start(self, to: u32) -> u8 {
        self.source.start(to as u8)
    }
}

const NO_GROUP: Group = Group {
    source: Source::HAND,
    quiet: 0,
    mill: 0,
};

/// Every legal move of a position, as bitboards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSet {
    /// The groups; those past the position's own are empty.
    groups: [Group; 4],
    /// The pieces a mill may capture: filled only when some destination forms a mill, and
    /// empty then only when the opponent has no piece on the board (a mill captures nothing).
    targets: u32,
}

impl MoveSet {
    /// No move at all.
    const EMPTY: MoveSet = MoveSet {
        groups: [NO_GROUP; 4],
        targets: 0,
    };

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
        let empty = !(own | opp) & FULL;
        match phase {
            Phase::Placing => {
                let mill = empty & mill_completions(own);
                set.groups[0] = Group {
                    source: Source::HAND,
                    quiet: empty & !mill,
                    mill,
                };
            }
            Phase::Flying => {
                let mut rest = own;
                for group in &mut set.groups[..3] {
                    let from = rest.trailing_zeros() % 24;
                    rest &= rest.wrapping_sub(1);
                    let mill = empty & mill_completions(own & !(1 << from));
                    *group = Group {
                        source: Source::piece(from as u8),
                        quiet: empty & !mill,
                        mill,
                    };
                }
            }
            Phase::Moving => {
                // A slide forms a mill through the line of the destination that does not hold
                // the start; the start is never on that line, so `own` can be used as it is.
                let spoke = MIDPOINTS & spoke_full(own);
                let around = side_around(own);
                let to = ring_forward(own) & empty;
                let mill = to & (spoke | (CORNERS & side_ahead(own)));
                set.groups[0] = Group {
                    source: Source::FORWARD,
                    quiet: to & !mill,
                    mill,
                };
                let to = ring_back(own) & empty;
                let mill = to & (spoke | (CORNERS & side_behind(own)));
                set.groups[1] = Group {
                    source: Source::BACK,
                    quiet: to & !mill,
                    mill,
                };
                let to = spoke_in(own) & empty;
                set.groups[2] = Group {
                    source: Source::INWARD,
                    quiet: to & !around,
                    mill: to & around,
                };
                let to = spoke_out(own) & empty;
                set.groups[3] = Group {
                    source: Source::OUTWARD,
                    quiet: to & !around,
                    mill: to & around,
                };
            }
        }
        let mills = set.groups.iter().fold(0, |a, g| a | g.mill);
        if mills != 0 {
            set.targets = capture_targets(opp);
        }
        set
    }

    /// The number of moves a mill-forming destination stands for: one per capture target.
    #[inline(always)]
    fn per_mill(&self) -> u32 {
        pop(self.targets).max(1)
    }

    /// The number of legal moves.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        let per_mill = self.per_mill();
        self.groups
            .iter()
            .map(|g| (pop(g.quiet) + pop(g.mill) * per_mill) as usize)
            .sum()
    }

    /// Appends every move to `moves`.
    pub(crate) fn write(&self, moves: &mut MoveList<Move>) {
        for g in &self.groups {
            let mut quiet = g.quiet;
            while quiet != 0 {
                let to = quiet.trailing_zeros();
                quiet &= quiet - 1;
                moves.push(Move::packed(g.start(to), to as u8, NONE));
            }
            let mut mill = g.mill;
            while mill != 0 {
                let to = mill.trailing_zeros();
                mill &= mill - 1;
                let from = g.start(to);
                if self.targets == 0 {
                    moves.push(Move::packed(from, to as u8, NONE));
                }
                let mut targets = self.targets;
                while targets != 0 {
                    let c = targets.trailing_zeros();
                    targets &= targets - 1;
                    moves.push(Move::packed(from, to as u8, c as u8));
                }
            }
        }
    }

    /// A move chosen uniformly among all legal moves (every capture choice counts as its own
    /// move), or `None` when there is none. The group is found without branches from prefix
    /// sums; within it, a quiet destination or a (mill destination, capture) pair by index.
    #[inline]
    pub(crate) fn random(&self, rng: &mut Rng) -> Option<Move> {
        if self.targets == 0 {
            self.random_without_capture(rng)
        } else {
            self.random_with_captures(rng)
        }
    }

    /// The common case: no destination forms a mill (or the opponent has no piece to take),
    /// so every destination is one move. The four group sizes and their prefix sums come from
    /// two 64-bit population counts, each over two groups.
    #[inline(always)]
    fn random_without_capture(&self, rng: &mut Rng) -> Option<Move> {
        let g = &self.groups;
        let sets = [
            g[0].quiet | g[0].mill,
            g[1].quiet | g[1].mill,
            g[2].quiet | g[2].mill,
            g[3].quiet | g[3].mill,
        ];
        let (c0, c01) = pair_counts(sets[0], sets[1]);
        let (c2, c23) = pair_counts(sets[2], sets[3]);
        let (s1, s2, s3) = (c0, c01, c01 + c2);
        let total = c01 + c23;
        if total == 0 {
            return None;
        }
        let r = rng.below(total);
        let i = (r >= s1) as usize + (r >= s2) as usize + (r >= s3) as usize;
        let r = r - [0, s1, s2, s3][i];
        let to = nth_bit(sets[i], r);
        Some(Move::packed(g[i].start(to), to as u8, NONE))
    }

    /// Some destination forms a mill: it stands for one move per capture target.
    #[inline(never)]
    fn random_with_captures(&self, rng: &mut Rng) -> Option<Move> {
        let per_mill = self.per_mill();
        let g = &self.groups;
        let quiet = [
            pop(g[0].quiet),
            pop(g[1].quiet),
            pop(g[2].quiet),
            pop(g[3].quiet),
        ];
        let w0 = quiet[0] + pop(g[0].mill) * per_mill;
        let w1 = quiet[1] + pop(g[1].mill) * per_mill;
        let w2 = quiet[2] + pop(g[2].mill) * per_mill;
        let w3 = quiet[3] + pop(g[3].mill) * per_mill;
        let (s1, s2, s3) = (w0, w0 + w1, w0 + w1 + w2);
        let total = s3 + w3;
        if total == 0 {
            return None;
        }
        let r = rng.below(total);
        let i = (r >= s1) as usize + (r >= s2) as usize + (r >= s3) as usize;
        let r = r - [0, s1, s2, s3][i];
        let group = g[i];
        if r < quiet[i] {
            let to = nth_bit(group.quiet, r);
            return Some(Move::packed(group.start(to), to as u8, NONE));
        }
        let r = r - quiet[i];
        let to = nth_bit(group.mill, r / per_mill);
        let capture = nth_bit(self.targets, r % per_mill) as u8;
        Some(Move::packed(group.start(to), to as u8, capture))
    }
}

/// The number of points in `a`, and in `a` and `b` together (both 24-bit sets): one
/// bit-parallel count over a 64-bit word holding `a` in its low half and `b` in its high half;
/// multiplying the byte counts by `0x0101..01` leaves the running byte sums, so byte 3 holds
/// the count of `a` and byte 7 that of both.
#[inline(always)]
fn pair_counts(a: u32, b: u32) -> (u32, u32) {
    let x = a as u64 | (b as u64) << 32;
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    let sums = x.wrapping_mul(0x0101_0101_0101_0101);
    (((sums >> 24) & 0xFF) as u32, (sums >> 56) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_counts_count_both_halves() {
        let mut rng = Rng::new(9);
        for _ in 0..10_000 {
            let a = rng.next_u64() as u32 & FULL;
            let b = rng.next_u64() as u32 & FULL;
            assert_eq!(
                pair_counts(a, b),
                (a.count_ones(), a.count_ones() + b.count_ones())
            );
        }
        assert_eq!(pair_counts(FULL, FULL), (24, 48));
    }
}
