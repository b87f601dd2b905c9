//! The board's lines as constant masks, and the bit-parallel set operations the move generator
//! is built from.
//!
//! With the ring numbering of [`crate::point`], two points are adjacent when they are next to
//! each other on a ring (indices `k` and `k + 1 mod 8`), or when they are the same midpoint of
//! neighbouring rings (the spokes). Moving along a ring is a rotation of each 8-bit ring byte;
//! moving along a spoke is a shift by 8 bits.

use crate::{Point, Points};

/// The outer ring's bits.
pub const RING0: u32 = 0x0000_00FF;
/// The middle ring's bits.
pub const RING1: u32 = 0x0000_FF00;
/// The inner ring's bits.
pub const RING2: u32 = 0x00FF_0000;
/// The corners (even positions on each ring).
pub const CORNERS: u32 = 0x0055_5555;
/// The midpoints (odd positions on each ring), where the spokes join.
pub const MIDPOINTS: u32 = 0x00AA_AAAA;

/// Each ring's bits moved one step along the ring: the point at `k` goes to `k + 1 mod 8`.
#[inline(always)]
pub const fn ring_forward(x: u32) -> u32 {
    ((x << 1) & 0x00FE_FEFE) | ((x >> 7) & 0x0001_0101)
}

/// Each ring's bits moved one step back: the point at `k` goes to `k - 1 mod 8`.
#[inline(always)]
pub const fn ring_back(x: u32) -> u32 {
    ((x >> 1) & 0x007F_7F7F) | ((x << 7) & 0x0080_8080)
}

/// Midpoints moved one ring inwards (outer to middle, middle to inner).
#[inline(always)]
pub const fn spoke_in(x: u32) -> u32 {
    (x & MIDPOINTS & (RING0 | RING1)) << 8
}

/// Midpoints moved one ring outwards (inner to middle, middle to outer).
#[inline(always)]
pub const fn spoke_out(x: u32) -> u32 {
    (x & MIDPOINTS & (RING1 | RING2)) >> 8
}

/// Every point adjacent to a point of `x`.
#[inline(always)]
pub const fn neighbours(x: u32) -> u32 {
    ring_forward(x) | ring_back(x) | spoke_in(x) | spoke_out(x)
}

/// Points whose next two points along their ring (`k + 1`, `k + 2`) are in `x`.
#[inline(always)]
pub(crate) const fn side_ahead(x: u32) -> u32 {
    let b = ring_back(x);
    b & ring_back(b)
}

/// Points whose previous two points along their ring (`k - 1`, `k - 2`) are in `x`.
#[inline(always)]
pub(crate) const fn side_behind(x: u32) -> u32 {
    let f = ring_forward(x);
    f & ring_forward(f)
}

/// Points whose two ring neighbours (`k - 1`, `k + 1`) are in `x`.
#[inline(always)]
pub(crate) const fn side_around(x: u32) -> u32 {
    ring_forward(x) & ring_back(x)
}

/// Midpoints whose two partners on their spoke are in `x`.
#[inline(always)]
pub(crate) const fn spoke_full(x: u32) -> u32 {
    MIDPOINTS
        & (((x >> 8) & (x >> 16) & RING0)
            | ((x << 8) & (x >> 8) & RING1)
            | ((x << 8) & (x << 16) & RING2))
}

/// The points that would complete a mill with the pieces `x`: the other two points of one of
/// their lines are in `x`. Whether the point itself is free is the caller's business.
#[inline(always)]
pub const fn mill_completions(x: u32) -> u32 {
    (CORNERS & (side_ahead(x) | side_behind(x))) | (MIDPOINTS & (side_around(x) | spoke_full(x)))
}

/// Every point.
pub const FULL: u32 = 0x00FF_FFFF;

/// The pieces of `opp` a mill may capture: those outside mills, or all when every one is in a
/// mill.
#[inline(always)]
pub const fn capture_targets(opp: u32) -> u32 {
    let free = opp & !in_mills(opp);
    if free == 0 {
        opp
    } else {
        free
    }
}

/// The pieces of `x` that stand in a complete mill of `x`.
#[inline(always)]
pub const fn in_mills(x: u32) -> u32 {
    x & mill_completions(x)
}

/// One point per complete mill of `x`: the first corner (counter-clockwise) of a side mill,
/// the outer midpoint of a spoke mill. Its size is the number of mills.
#[inline(always)]
pub const fn mill_marks(x: u32) -> u32 {
    (x & CORNERS & side_ahead(x)) | (x & RING0 & MIDPOINTS & spoke_full(x))
}

/// The number of complete mills of `x` (a piece standing in two mills counts in both).
#[inline(always)]
pub fn mill_count(x: u32) -> u32 {
    pop(mill_marks(x))
}

/// The points where a slide of a piece of `feeders` closes a mill with two pieces of `lines`
/// on the destination's other line (the one that does not hold the slid piece). Whether the
/// destination is empty is the caller's business.
///
/// With `lines = feeders = own` this is every destination of a mill-forming slide; with
/// `feeders = in_mills(own)` it is where a piece leaving a mill forms another one at once (a
/// running mill, which closes a mill on every move).
#[inline(always)]
pub const fn slide_closing_points(lines: u32, feeders: u32) -> u32 {
    // A corner k closes k..k+2 from k-1, or k-2..k from k+1; a midpoint closes its ring side
    // from a spoke neighbour, or its spoke from a ring neighbour.
    let corners =
        (side_ahead(lines) & ring_forward(feeders)) | (side_behind(lines) & ring_back(feeders));
    let midpoints = (side_around(lines) & (spoke_in(feeders) | spoke_out(feeders)))
        | (spoke_full(lines) & (ring_forward(feeders) | ring_back(feeders)));
    (CORNERS & corners) | (MIDPOINTS & midpoints)
}

/// The empty points where a player with the pieces `own` closes a mill on their next turn in
/// `phase`: placing or flying there onto a point whose line holds two own pieces, or sliding
/// there from a neighbour that is not on that line. `empty` is the set of empty points.
#[inline(always)]
pub const fn closing_points(own: u32, empty: u32, phase: crate::Phase) -> u32 {
    empty
        & match phase {
            crate::Phase::Placing | crate::Phase::Flying => mill_completions(own),
            crate::Phase::Moving => slide_closing_points(own, own),
        }
}

// Counting the points of a set and finding its `n`-th point: the shared tables of
// `boardgames_core::select` (a lookup per 12 bits where the target has no `popcnt`).
pub(crate) use boardgames_core::select::{pop24 as pop, select24 as nth_bit};

/// `true` when `x` has exactly three bits set (three lowest-bit removals leave nothing, two
/// do not).
#[inline(always)]
pub(crate) const fn exactly_three(x: u32) -> bool {
    let two = x & x.wrapping_sub(1);
    let one = two & two.wrapping_sub(1);
    one != 0 && one & one.wrapping_sub(1) == 0
}

/// The neighbours of each point.
pub const ADJACENT: [Points; 24] = {
    let mut table = [Points::EMPTY; 24];
    let mut i = 0;
    while i < 24 {
        table[i] = Points(neighbours(1 << i));
        i += 1;
    }
    table
};

/// The 16 mills: the four sides of each square (outer, middle, inner), then the four spokes
/// (`d1-d2-d3`, `g4-f4-e4`, `d7-d6-d5`, `a4-b4-c4`).
pub const MILLS: [Points; 16] = {
    let mut mills = [Points::EMPTY; 16];
    let mut ring = 0;
    while ring < 3 {
        let mut side = 0;
        while side < 4 {
            let k = 2 * side;
            let base = ring * 8;
            mills[ring * 4 + side] =
                Points((1 << (base + k)) | (1 << (base + k + 1)) | (1 << (base + (k + 2) % 8)));
            side += 1;
        }
        ring += 1;
    }
    let mut spoke = 0;
    while spoke < 4 {
        let m = 2 * spoke + 1;
        mills[12 + spoke] = Points((1 << m) | (1 << (m + 8)) | (1 << (m + 16)));
        spoke += 1;
    }
    mills
};

/// The two mills through each point.
pub const MILLS_THROUGH: [[Points; 2]; 24] = {
    let mut table = [[Points::EMPTY; 2]; 24];
    let mut p = 0;
    while p < 24 {
        let mut n = 0;
        let mut m = 0;
        while m < 16 {
            if MILLS[m].contains(p as u32) {
                table[p][n] = MILLS[m];
                n += 1;
            }
            m += 1;
        }
        p += 1;
    }
    table
};

/// For two points on a common mill, the mill's third point (as a one-point mask); 0 for two
/// points on no common mill (or the same point). A player with three pieces forms a mill by
/// flying the third piece there when it is empty.
pub(crate) static THIRD: [[u32; 24]; 24] = {
    let mut table = [[0u32; 24]; 24];
    let mut m = 0;
    while m < 16 {
        let mill = MILLS[m].0;
        let mut a = 0;
        while a < 24 {
            let mut b = 0;
            while b < 24 {
                let pair = (1u32 << a) | (1u32 << b);
                if a != b && mill & pair == pair {
                    table[a][b] = mill & !pair;
                }
                b += 1;
            }
            a += 1;
        }
        m += 1;
    }
    table
};

/// The neighbours of `point`.
#[inline]
pub fn adjacent(point: Point) -> Points {
    ADJACENT[point.index() as usize]
}

/// `true` when one board line joins `a` and `b` directly.
#[inline]
pub fn are_adjacent(a: Point, b: Point) -> bool {
    adjacent(a).has(b)
}

/// The two mills through `point`.
#[inline]
pub fn mills_through(point: Point) -> [Points; 2] {
    MILLS_THROUGH[point.index() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Adjacency derived from the coordinates alone: same row or column, no point strictly
    /// between them, and the segment does not cross the empty centre d4.
    fn adjacent_by_geometry(a: Point, b: Point) -> bool {
        let (sa, sb) = (a.square(), b.square());
        if a == b || (sa.col != sb.col && sa.row != sb.row) {
            return false;
        }
        let between = Point::ALL.iter().any(|p| {
            let s = p.square();
            if sa.col == sb.col {
                s.col == sa.col && s.row > sa.row.min(sb.row) && s.row < sa.row.max(sb.row)
            } else {
                s.row == sa.row && s.col > sa.col.min(sb.col) && s.col < sa.col.max(sb.col)
            }
        });
        let crosses_centre = if sa.col == sb.col {
            sa.col == 3 && sa.row.min(sb.row) < 3 && sa.row.max(sb.row) > 3
        } else {
            sa.row == 3 && sa.col.min(sb.col) < 3 && sa.col.max(sb.col) > 3
        };
        !between && !crosses_centre
    }

    #[test]
    fn adjacency_matches_the_drawn_lines() {
        for a in Point::ALL {
            for b in Point::ALL {
                assert_eq!(are_adjacent(a, b), adjacent_by_geometry(a, b), "{a} {b}");
            }
        }
    }

    #[test]
    fn adjacency_is_symmetric_with_two_to_four_neighbours_and_32_pairs() {
        let mut pairs = 0;
        for a in Point::ALL {
            let n = adjacent(a).count();
            assert!((2..=4).contains(&n), "{a} has {n} neighbours");
            assert!(!adjacent(a).has(a));
            for b in adjacent(a).points() {
                assert!(are_adjacent(b, a), "{a}-{b} one way only");
                pairs += 1;
            }
        }
        assert_eq!(pairs / 2, 32);
        let degrees: Vec<u32> = ["a1", "d1", "d2", "g4"]
            .iter()
            .map(|n| adjacent(n.parse().unwrap()).count())
            .collect();
        assert_eq!(degrees, vec![2, 3, 4, 3]);
    }

    #[test]
    fn sixteen_distinct_mills_of_three_collinear_connected_points() {
        let mut seen = std::collections::HashSet::new();
        for mill in MILLS {
            assert_eq!(mill.count(), 3);
            let pts: Vec<Point> = mill.points().collect();
            let squares: Vec<_> = pts.iter().map(|p| p.square()).collect();
            let same_col = squares.iter().all(|s| s.col == squares[0].col);
            let same_row = squares.iter().all(|s| s.row == squares[0].row);
            assert!(same_col ^ same_row, "{pts:?} not on one line");
            // Three points on a line, joined end to end: two adjacent pairs.
            let links = (0..3)
                .flat_map(|i| (i + 1..3).map(move |j| (i, j)))
                .filter(|&(i, j)| are_adjacent(pts[i], pts[j]))
                .count();
            assert_eq!(links, 2, "{pts:?} not connected");
            assert!(seen.insert(mill));
        }
        assert_eq!(seen.len(), 16);
        // Every point is on exactly two mills, one across and one along.
        for p in Point::ALL {
            let [a, b] = mills_through(p);
            assert!(a.has(p) && b.has(p) && a != b);
            assert_eq!(a.intersect(b), p.set());
        }
    }

    #[test]
    fn every_collinear_connected_triple_is_a_mill() {
        let mut count = 0;
        for a in Point::ALL {
            for b in adjacent(a).points() {
                for c in adjacent(b).points() {
                    if c == a || a.index() > c.index() {
                        continue;
                    }
                    let (sa, sc) = (a.square(), c.square());
                    if sa.col == sc.col || sa.row == sc.row {
                        count += 1;
                        assert!(MILLS.contains(&Points::from_iter([a, b, c])));
                    }
                }
            }
        }
        assert_eq!(count, 16);
    }

    #[test]
    fn table_popcount_and_select_agree_with_the_bits() {
        let mut rng = boardgames_core::Rng::new(5);
        for _ in 0..20_000 {
            let x = (rng.next_u64() as u32) & Points::FULL.0;
            assert_eq!(pop(x), x.count_ones());
            assert_eq!(exactly_three(x), x.count_ones() == 3);
            let bits: Vec<u32> = Points(x).iter().collect();
            for (n, &b) in bits.iter().enumerate() {
                assert_eq!(nth_bit(x, n as u32), b);
            }
        }
    }

    #[test]
    fn exactly_three_on_small_sets() {
        for x in 0u32..1 << 12 {
            assert_eq!(exactly_three(x << 6), x.count_ones() == 3);
        }
    }

    #[test]
    fn third_points_close_the_mills() {
        for a in 0..24u32 {
            for b in 0..24u32 {
                let two = (1u32 << a) | (1 << b);
                let want = if a == b {
                    0
                } else {
                    mill_completions(two) & !two
                };
                assert_eq!(THIRD[a as usize][b as usize], want, "{a} {b}");
            }
        }
    }

    #[test]
    fn completions_agree_with_the_mill_table() {
        // Every subset pattern near one mill: completion masks against a plain loop.
        let mut rng = boardgames_core::Rng::new(3);
        for _ in 0..20_000 {
            let x = (rng.next_u64() as u32) & Points::FULL.0;
            let mut want = 0u32;
            for mill in MILLS {
                for p in mill.points() {
                    if mill.without(p.index()).is_subset(Points(x)) {
                        want |= 1 << p.index();
                    }
                }
            }
            assert_eq!(mill_completions(x), want, "{x:#x}");
            let full: u32 = MILLS
                .iter()
                .filter(|m| m.is_subset(Points(x)))
                .fold(0, |a, m| a | m.0);
            assert_eq!(in_mills(x), full);
        }
    }
}
