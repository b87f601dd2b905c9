//! Move generation on bitboards, without allocation.
//!
//! The moves of the side to move are split into at most four groups that share how a
//! destination maps back to its start: placements (no start), slides in one of the four
//! directions (the start is the destination shifted back), or flights of one given piece. Each
//! group holds its destinations twice: those that form no mill, and those that form one (each
//! of which is one move per capture target). Counting is a few population counts, and a
//! uniformly random move is an index into that count.

use crate::geometry::{
    mill_completions, ring_back, ring_forward, side_ahead, side_around, side_behind, spoke_full,
    spoke_in, spoke_out, CORNERS, MIDPOINTS,
};
use crate::position::Phase;
use crate::{Move, Position};
use board_core::{MoveList, Rng};

/// How the destinations of a group map back to the moving piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    /// A placement from the hand.
    Hand,
    /// A slide one step forward along the ring (from `k - 1` to `k`).
    Forward,
    /// A slide one step back along the ring (from `k + 1` to `k`).
    Back,
    /// A slide along a spoke one ring inwards (from `t - 8` to `t`).
    Inward,
    /// A slide along a spoke one ring outwards (from `t + 8` to `t`).
    Outward,
    /// A flight of the piece on this point.
    Piece(u32),
}

impl Source {
    /// The start of the move that ends on `to`.
    #[inline(always)]
    fn start(self, to: u32) -> Option<u32> {
        let ring = to & !7;
        match self {
            Source::Hand => None,
            Source::Forward => Some(ring | ((to + 7) & 7)),
            Source::Back => Some(ring | ((to + 1) & 7)),
            Source::Inward => Some(to - 8),
            Source::Outward => Some(to + 8),
            Source::Piece(p) => Some(p),
        }
    }
}

/// One group of moves.
#[derive(Clone, Copy, Debug)]
struct Group {
    source: Source,
    /// Destinations that form no mill.
    quiet: u32,
    /// Destinations that form a mill.
    mill: u32,
}

const NO_GROUP: Group = Group {
    source: Source::Hand,
    quiet: 0,
    mill: 0,
};

/// Every legal move of a position, as bitboards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveSet {
    groups: [Group; 4],
    len: usize,
    /// The pieces a mill may capture (empty only when the opponent has no piece on the board,
    /// and then a mill captures nothing).
    targets: u32,
}

impl MoveSet {
    /// The moves of the side to move; empty once the game is over.
    #[inline]
    pub(crate) fn of(pos: &Position) -> MoveSet {
        let mut set = MoveSet {
            groups: [NO_GROUP; 4],
            len: 0,
            targets: pos.capture_targets().0,
        };
        if pos.short_of_pieces().is_some() {
            return set;
        }
        let me = pos.to_move;
        let own = pos.pieces(me).0;
        let empty = pos.empty_points().0;
        match pos.phase(me) {
            Phase::Placing => {
                let mill = empty & mill_completions(own);
                set.push(Source::Hand, empty & !mill, mill);
            }
            Phase::Flying => {
                let mut rest = own;
                while rest != 0 {
                    let from = rest.trailing_zeros();
                    rest &= rest - 1;
                    let mill = empty & mill_completions(own & !(1 << from));
                    set.push(Source::Piece(from), empty & !mill, mill);
                }
            }
            Phase::Moving => {
                // A slide forms a mill through the line of the destination that does not hold
                // the start; the start is never on that line, so `own` can be used as it is.
                let spoke = spoke_full(own);
                let around = side_around(own);
                let to = ring_forward(own) & empty;
                let mill = to & ((MIDPOINTS & spoke) | (CORNERS & side_ahead(own)));
                set.push(Source::Forward, to & !mill, mill);
                let to = ring_back(own) & empty;
                let mill = to & ((MIDPOINTS & spoke) | (CORNERS & side_behind(own)));
                set.push(Source::Back, to & !mill, mill);
                let to = spoke_in(own) & empty;
                set.push(Source::Inward, to & !around, to & around);
                let to = spoke_out(own) & empty;
                set.push(Source::Outward, to & !around, to & around);
            }
        }
        set
    }

    #[inline(always)]
    fn push(&mut self, source: Source, quiet: u32, mill: u32) {
        if quiet | mill != 0 && self.len < 4 {
            self.groups[self.len] = Group {
                source,
                quiet,
                mill,
            };
            self.len += 1;
        }
    }

    /// The number of moves a mill-forming destination stands for: one per capture target.
    #[inline(always)]
    fn per_mill(&self) -> u32 {
        self.targets.count_ones().max(1)
    }

    /// The number of legal moves.
    #[inline]
    pub(crate) fn count(&self) -> usize {
        let per_mill = self.per_mill();
        self.groups[..self.len]
            .iter()
            .map(|g| (g.quiet.count_ones() + g.mill.count_ones() * per_mill) as usize)
            .sum()
    }

    /// Appends every move to `moves`.
    pub(crate) fn write(&self, moves: &mut MoveList<Move>) {
        for g in &self.groups[..self.len] {
            let mut quiet = g.quiet;
            while quiet != 0 {
                let to = quiet.trailing_zeros();
                quiet &= quiet - 1;
                moves.push(Move::raw(g.source.start(to), to, None));
            }
            let mut mill = g.mill;
            while mill != 0 {
                let to = mill.trailing_zeros();
                mill &= mill - 1;
                let from = g.source.start(to);
                if self.targets == 0 {
                    moves.push(Move::raw(from, to, None));
                }
                let mut targets = self.targets;
                while targets != 0 {
                    let c = targets.trailing_zeros();
                    targets &= targets - 1;
                    moves.push(Move::raw(from, to, Some(c)));
                }
            }
        }
    }

    /// A move chosen uniformly among all legal moves (every capture choice counts as its own
    /// move), or `None` when there is none.
    #[inline]
    pub(crate) fn random(&self, rng: &mut Rng) -> Option<Move> {
        let total = self.count() as u32;
        if total == 0 {
            return None;
        }
        let mut r = rng.below(total);
        let per_mill = self.per_mill();
        for g in &self.groups[..self.len] {
            let quiet = g.quiet.count_ones();
            if r < quiet {
                let to = nth_bit(g.quiet, r);
                return Some(Move::raw(g.source.start(to), to, None));
            }
            r -= quiet;
            let weight = g.mill.count_ones() * per_mill;
            if r < weight {
                let to = nth_bit(g.mill, r / per_mill);
                let capture = if self.targets == 0 {
                    None
                } else {
                    Some(nth_bit(self.targets, r % per_mill))
                };
                return Some(Move::raw(g.source.start(to), to, capture));
            }
            r -= weight;
        }
        None
    }
}

/// The index of the `n`-th set bit of `x` (lowest first); `n` is below `x.count_ones()`.
#[inline(always)]
fn nth_bit(mut x: u32, n: u32) -> u32 {
    for _ in 0..n {
        x &= x.wrapping_sub(1);
    }
    x.trailing_zeros()
}
