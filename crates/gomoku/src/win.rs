//! The win check: the runs through the last stone, read from the row words, judged by the rule;
//! and the canonical form of a win ([`Win`]) that positions store and compare.

use crate::point::{Axis, Point, MAX_SIZE};
use crate::point_set::PointSet;
use crate::rule::{End, Rule};
use boardgames_core::Player;

/// A run of same-colour stones along one axis: `len` points from `start` forwards.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Line {
    /// The direction of the run.
    pub axis: Axis,
    /// The first point of the run (the backmost along the axis).
    pub start: Point,
    /// The number of stones in the run.
    pub len: u8,
}

impl Line {
    /// The points of the run, from `start` forwards.
    pub fn cells(self) -> impl Iterator<Item = Point> {
        let (dc, dr) = self.axis.delta();
        let (c, r) = (self.start.col() as i32, self.start.row() as i32);
        (0..self.len as i32).filter_map(move |i| Point::new((c + dc * i) as u8, (r + dr * i) as u8))
    }
}

impl core::fmt::Display for Line {
    /// The first and last points, `e8-h8` (one point alone for a line of one).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let last = self.cells().last().unwrap_or(self.start);
        if last == self.start {
            write!(f, "{}", self.start)
        } else {
            write!(f, "{}-{}", self.start, last)
        }
    }
}

/// A set of axes, one bit per [`Axis::index`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AxisSet(pub u8);

impl AxisSet {
    /// `true` when `axis` is in the set.
    #[inline]
    pub const fn contains(self, axis: Axis) -> bool {
        self.0 >> axis.index() & 1 != 0
    }

    /// `true` when the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The axes of the set, in [`Axis::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Axis> {
        Axis::ALL.into_iter().filter(move |&a| self.contains(a))
    }
}

/// How many stones of `own` follow `(col, row)` in the direction `(dc, dr)`, not counting it.
#[inline(always)]
fn stones_from(own: &PointSet, col: i32, row: i32, dc: i32, dr: i32) -> u32 {
    let mut n = 0;
    let (mut c, mut r) = (col + dc, row + dr);
    // Rows and columns past the board are never set, so the size needs no check here.
    while (r as u32) < MAX_SIZE as u32
        && (c as u32) < MAX_SIZE as u32
        && own.rows[r as usize] >> c & 1 != 0
    {
        n += 1;
        c += dc;
        r += dr;
    }
    n
}

/// The numbers of `own` stones before and after `point` along `axis` (the run through the
/// point is `back + 1 + forward` long when the point holds a stone).
#[inline(always)]
pub(crate) fn run_around(own: &PointSet, point: Point, axis: Axis) -> (u32, u32) {
    let (c, r) = (point.col() as i32, point.row() as i32);
    match axis {
        Axis::Horizontal => {
            let word = own.rows[r as usize];
            // Ones above bit c, counted upwards; then ones below bit c, counted downwards.
            let forward = (!(word >> c >> 1)).trailing_zeros();
            let below = !word & ((1u32 << c) - 1);
            let back = if below == 0 {
                c as u32
            } else {
                c as u32 - 1 - (31 - below.leading_zeros())
            };
            (back, forward)
        }
        _ => {
            let (dc, dr) = axis.delta();
            (
                stones_from(own, c, r, -dc, -dr),
                stones_from(own, c, r, dc, dr),
            )
        }
    }
}

/// What is at `(col, row)` seen from a run of the other colour: the edge, an `opp` stone, or
/// an empty point.
#[inline]
pub(crate) fn end_at(opp: &PointSet, col: i32, row: i32, size: u8) -> End {
    if col < 0 || row < 0 || col >= size as i32 || row >= size as i32 {
        End::Edge
    } else if opp.rows[row as usize] >> col & 1 != 0 {
        End::Stone
    } else {
        End::Empty
    }
}

/// The windows of five consecutive entries of `x` that contain the middle of nine: `x` holds
/// entries 0..=3 and 5..=8 (the middle is the stone just placed), and the result has a bit set
/// where some such window has it set in all its entries.
#[inline(always)]
fn five_through_middle<T>(x: [T; 8]) -> T
where
    T: Copy + core::ops::BitAnd<Output = T> + core::ops::BitOr<Output = T>,
{
    let (l1, r1) = (x[3], x[4]);
    let (l2, r2) = (l1 & x[2], r1 & x[5]);
    let (l3, r3) = (l2 & x[1], r2 & x[6]);
    let (l4, r4) = (l3 & x[0], r3 & x[7]);
    l4 | (l3 & r1) | (l2 & r2) | (l1 & r3) | r4
}

/// `true` when some axis through `point` has five `own` stones in a row among the nine points
/// centred on it: a quick, branch-free filter before [`winning_axes`].
///
/// The rows `r - 4 ..= r + 4` are shifted by constants so that the point of each diagonal on
/// row `r + k - 4` lands on one column, then five consecutive rows are intersected: vertical
/// and diagonal in two 32-bit lanes of one word, the anti-diagonal in another, the row by
/// shifts of its own word.
#[inline(always)]
pub(crate) fn five_in_window(own: &PointSet, point: Point) -> bool {
    let c = point.col() as u32;
    let r = point.row() as usize;
    let row = |i: usize| -> u64 {
        if i < MAX_SIZE as usize {
            own.rows[i] as u64
        } else {
            0
        }
    };
    let y = [
        row(r.wrapping_sub(4)),
        row(r.wrapping_sub(3)),
        row(r.wrapping_sub(2)),
        row(r.wrapping_sub(1)),
        row(r + 1),
        row(r + 2),
        row(r + 3),
        row(r + 4),
    ];
    // Row k (0..=8, the point's row is 4) shifted so that its column-c point lands at bit
    // c + 4 and its diagonal point at bit c + 4 + 32; the anti-diagonal point at bit c + 4.
    let lanes = |v: u64, k: u32| v << 4 | v << (40 - k);
    let anti = |v: u64, k: u32| v << k;
    let vd = five_through_middle([
        lanes(y[0], 0),
        lanes(y[1], 1),
        lanes(y[2], 2),
        lanes(y[3], 3),
        lanes(y[4], 5),
        lanes(y[5], 6),
        lanes(y[6], 7),
        lanes(y[7], 8),
    ]);
    let an = five_through_middle([
        anti(y[0], 0),
        anti(y[1], 1),
        anti(y[2], 2),
        anti(y[3], 3),
        anti(y[4], 5),
        anti(y[5], 6),
        anti(y[6], 7),
        anti(y[7], 8),
    ]);
    let word = own.rows[r];
    let starts = word & word >> 1 & word >> 2 & word >> 3 & word >> 4;
    let horizontal = (starts as u64) << 4 >> c & 0x1F;
    ((vd >> (c + 4) | vd >> (c + 36) | an >> (c + 4)) & 1 | horizontal) != 0
}

/// The axes on which the stone of `colour` at `point` (already in `own`) is part of a winning
/// run under `rule`. Reads only the four lines through the point.
#[inline]
pub(crate) fn winning_axes(
    own: &PointSet,
    opp: &PointSet,
    point: Point,
    size: u8,
    rule: &Rule,
    colour: Player,
) -> AxisSet {
    let mut axes = 0u8;
    for axis in Axis::ALL {
        let (back, forward) = run_around(own, point, axis);
        let len = back + 1 + forward;
        if len < 5 {
            continue;
        }
        let (dc, dr) = axis.delta();
        let (c, r) = (point.col() as i32, point.row() as i32);
        let b = back as i32 + 1;
        let f = forward as i32 + 1;
        let lo = end_at(opp, c - dc * b, r - dr * b, size);
        let hi = end_at(opp, c + dc * f, r + dr * f, size);
        if rule.run_wins(colour, len, lo, hi) {
            axes |= 1 << axis.index();
        }
    }
    AxisSet(axes)
}

/// The run of `own` stones through `point` along `axis`.
pub(crate) fn line_through(own: &PointSet, point: Point, axis: Axis) -> Line {
    let (back, forward) = run_around(own, point, axis);
    let (dc, dr) = axis.delta();
    let c = point.col() as i32 - dc * back as i32;
    let r = point.row() as i32 - dr * back as i32;
    Line {
        axis,
        // The run lies on the board, so its start does too.
        start: Point::new(c as u8, r as u8).unwrap_or(point),
        len: (back + 1 + forward) as u8,
    }
}

/// How a won game was won: the last move and the axes of its winning lines.
///
/// Stored in a canonical form so that equal boards compare equal however they were reached:
/// a win on one axis keeps the first point of that line, a win on several axes keeps the one
/// point they share.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Win {
    pub(crate) point: Point,
    pub(crate) axes: AxisSet,
}

/// The canonical form of a win at `point` on `axes` by the stones `own`: the start of the
/// line when there is one winning line, else the point the lines share.
pub(crate) fn canonical_win(own: &PointSet, point: Point, axes: AxisSet) -> Win {
    let mut iter = axes.iter();
    match (iter.next(), iter.next()) {
        (Some(axis), None) => Win {
            point: line_through(own, point, axis).start,
            axes,
        },
        _ => Win { point, axes },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(points: &[&str]) -> PointSet {
        points.iter().map(|s| s.parse::<Point>().unwrap()).collect()
    }

    #[test]
    fn horizontal_runs_from_the_row_word() {
        let own = set(&["a1", "b1", "c1", "e1", "t1", "s1"]);
        assert_eq!(
            run_around(&own, "b1".parse().unwrap(), Axis::Horizontal),
            (1, 1)
        );
        assert_eq!(
            run_around(&own, "a1".parse().unwrap(), Axis::Horizontal),
            (0, 2)
        );
        assert_eq!(
            run_around(&own, "t1".parse().unwrap(), Axis::Horizontal),
            (1, 0)
        );
        assert_eq!(
            run_around(&own, "d1".parse().unwrap(), Axis::Horizontal),
            (3, 1)
        );
    }

    #[test]
    fn diagonal_runs_stop_at_the_edge() {
        let own = set(&["a1", "b2", "c3", "a3", "b2", "c1"]);
        assert_eq!(
            run_around(&own, "b2".parse().unwrap(), Axis::Diagonal),
            (1, 1)
        );
        assert_eq!(
            run_around(&own, "b2".parse().unwrap(), Axis::AntiDiagonal),
            (1, 1)
        );
        assert_eq!(
            run_around(&own, "b2".parse().unwrap(), Axis::Vertical),
            (0, 0)
        );
        let line = line_through(&own, "c3".parse().unwrap(), Axis::Diagonal);
        assert_eq!(line.start.to_string(), "a1");
        assert_eq!(
            line.cells().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["a1", "b2", "c3"]
        );
    }

    #[test]
    fn the_window_filter_sees_fives_on_every_axis() {
        let rows = set(&["c1", "c2", "c3", "c4", "c5"]);
        assert!(five_in_window(&rows, "c3".parse().unwrap()));
        assert!(five_in_window(&rows, "c1".parse().unwrap()));
        let diagonal = set(&["p16", "q17", "r18", "s19", "t20"]);
        assert!(five_in_window(&diagonal, "t20".parse().unwrap()));
        let anti = set(&["a5", "b4", "c3", "d2", "e1"]);
        assert!(five_in_window(&anti, "a5".parse().unwrap()));
        assert!(five_in_window(&anti, "e1".parse().unwrap()));
        let row = set(&["p1", "q1", "r1", "s1", "t1"]);
        assert!(five_in_window(&row, "t1".parse().unwrap()));
        let four = set(&["a1", "b2", "c3", "d4", "f6", "a2", "a3", "a4", "a6"]);
        assert!(!five_in_window(&four, "c3".parse().unwrap()));
        assert!(!five_in_window(&four, "a3".parse().unwrap()));
    }

    #[test]
    fn ends_name_edge_stone_or_empty() {
        let opp = set(&["c3"]);
        assert_eq!(end_at(&opp, -1, 0, 15), End::Edge);
        assert_eq!(end_at(&opp, 15, 0, 15), End::Edge);
        assert_eq!(end_at(&opp, 2, 2, 15), End::Stone);
        assert_eq!(end_at(&opp, 3, 2, 15), End::Empty);
    }
}
