//! Renju's forbidden points: the moves a colour restricted by [`Rule::forbidden_points`]
//! (black in renju) may not play, judged exactly as RIF articles 9.2 and 9.3 define them.
//!
//! A stone that makes an exact five wins, whatever else it makes (9.2). Otherwise the point
//! is forbidden when the stone makes an overline, two or more fours (two fours on one line
//! count twice), or two or more *true* threes (9.3).
//!
//! A three is a line of three stones that one more stone turns into a straight four. It is
//! *true* only when some such straight-four point `q` can really be played: the stone on `q`
//! must make no five on any line (a move that makes five is a win, not a straight four) and
//! `q` must itself not be forbidden, judged again with the three's stone on the board.
//!
//! That last judgement recurses, and it needs no depth limit: every recursive call judges a
//! board holding one more stone than its caller's (the point being judged), so a chain of
//! calls is at most as long as the board has empty points, and the recursion ends on every
//! board. In practice a chain goes on only while each new point again makes two live threes,
//! which crowded boards allow for a few levels at most.

use crate::point::{Axis, Point};
use crate::point_set::PointSet;
use crate::rule::Rule;
use crate::threat::line::{line_key, shape_table, LineShape};
use crate::win::{run_around, winning_axes, Line};
use boardgames_core::{ByPlayer, Player};
use core::fmt;

/// The kind of a forbidden point, in the order they are tested.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ForbiddenKind {
    /// The stone makes a run of six or more.
    Overline,
    /// The stone makes two or more fours.
    DoubleFour,
    /// The stone makes two or more true threes.
    DoubleThree,
}

impl ForbiddenKind {
    /// The kind's name in data files: `overline`, `double_four` or `double_three`.
    pub const fn name(self) -> &'static str {
        match self {
            ForbiddenKind::Overline => "overline",
            ForbiddenKind::DoubleFour => "double_four",
            ForbiddenKind::DoubleThree => "double_three",
        }
    }
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ForbiddenKind::Overline => "an overline",
            ForbiddenKind::DoubleFour => "a double four",
            ForbiddenKind::DoubleThree => "a double three",
        })
    }
}

/// Why a point is forbidden: the kind, and the lines involved, one per axis, for a UI to draw.
///
/// Each line spans the stones of the shape on its axis, the stone on the forbidden point
/// included: the run of an overline, the stones of a four (both fours when one line holds
/// two), the stones of a true three (a split three's gap lies inside the span).
///
/// ```
/// use boardgames_core::Player;
/// use boardgames_gomoku::{ForbiddenKind, Position};
///
/// let game: Position = "renju, black to move, setup 4
///     . . . . . . .
///     . . . X . . .
///     . . . X . . .
///     . X . . X . .
///     . . . . . . .
///     . . . . . . .
///     . . . . . . ."
///     .parse()
///     .unwrap();
/// let why = game.forbidden(Player::First, "d4".parse().unwrap()).unwrap();
/// assert_eq!(why.kind(), ForbiddenKind::DoubleThree);
/// let lines: Vec<String> = why.lines().map(|l| l.to_string()).collect();
/// assert_eq!(lines, ["b4-e4", "d4-d6"]);
/// assert_eq!(why.to_string(), "a double three on b4-e4 and d4-d6");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Forbidden {
    kind: ForbiddenKind,
    lines: [Option<Line>; 4],
}

impl Forbidden {
    /// The kind of forbidden point.
    #[inline]
    pub const fn kind(&self) -> ForbiddenKind {
        self.kind
    }

    /// The lines of the shapes that make the point forbidden, in [`Axis::ALL`] order.
    pub fn lines(&self) -> impl Iterator<Item = Line> + '_ {
        self.lines.iter().flatten().copied()
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind)?;
        for (i, line) in self.lines().enumerate() {
            f.write_str(if i == 0 { " on " } else { " and " })?;
            write!(f, "{line}")?;
        }
        Ok(())
    }
}

/// The board a forbidden-point test reads: both colours' stones, the size and the rule.
#[derive(Clone, Copy)]
pub(crate) struct Board {
    pub(crate) stones: ByPlayer<PointSet>,
    pub(crate) size: u8,
    pub(crate) rule: Rule,
}

impl Board {
    /// The shape along `axis` through `point` for `colour`'s stones `own`.
    fn shape(&self, own: &PointSet, colour: Player, point: Point, axis: Axis) -> LineShape {
        let key = line_key(
            own,
            self.stones.get(colour.opponent()),
            point,
            axis,
            self.size,
            &self.rule,
            colour,
        );
        shape_table(&self.rule, colour)
            .get(key.index())
            .copied()
            .unwrap_or_default()
    }

    /// `true` when `colour`'s stones `own` (holding one on `point`) make a winning five
    /// through `point` on some axis.
    fn makes_five(&self, own: &PointSet, colour: Player, point: Point) -> bool {
        let opp = self.stones.get(colour.opponent());
        !winning_axes(own, opp, point, self.size, &self.rule, colour).is_empty()
    }

    /// This board with a stone of `colour` added on `point`.
    fn with(&self, colour: Player, point: Point) -> Board {
        let mut board = *self;
        board.stones.get_mut(colour).insert(point);
        board
    }

    /// Why a stone of `colour` on the empty `point` would be forbidden, if it would: the
    /// kind only (the lines are found by [`Board::explain`] when asked for).
    pub(crate) fn forbidden(&self, colour: Player, point: Point) -> Option<ForbiddenKind> {
        if !*self.rule.forbidden_points.get(colour) {
            return None;
        }
        let after = self.with(colour, point);
        let own = after.stones.get(colour);
        // RIF 9.2: an exact five wins, whatever else the stone makes.
        if self.makes_five(own, colour, point) {
            return None;
        }
        if !*self.rule.overline_wins.get(colour)
            && Axis::ALL
                .into_iter()
                .any(|axis| run_len(own, point, axis) > 5)
        {
            return Some(ForbiddenKind::Overline);
        }
        let shapes = Axis::ALL.map(|axis| self.shape(own, colour, point, axis));
        if shapes.iter().map(|s| s.fours()).sum::<u32>() >= 2 {
            return Some(ForbiddenKind::DoubleFour);
        }
        let live = shapes.iter().filter(|s| s.is_live_three()).count();
        if live < 2 {
            return None;
        }
        // Only true threes count; stop as soon as two are found or two can no longer be.
        let (mut found, mut left) = (0, live);
        for (axis, shape) in Axis::ALL.into_iter().zip(shapes) {
            if !shape.is_live_three() {
                continue;
            }
            left -= 1;
            if after.straight_four_point(colour, point, axis).is_some() {
                found += 1;
            }
            if found >= 2 {
                return Some(ForbiddenKind::DoubleThree);
            }
            if found + left < 2 {
                break;
            }
        }
        None
    }

    /// For the three of `colour` through `point` (its stone already on this board) along
    /// `axis`: a point that turns it into a straight four and can really be played (it makes
    /// no five on any line and is not forbidden itself, judged on this board). `None` when
    /// the three is not a true three. The recursive call judges a board with one more stone
    /// than this one (see the module doc on why this ends).
    pub(crate) fn straight_four_point(
        &self,
        colour: Player,
        point: Point,
        axis: Axis,
    ) -> Option<Point> {
        let own = self.stones.get(colour);
        let taken = own.union(self.stones.get(colour.opponent()));
        (-4..=4).filter(|&k| k != 0).find_map(|k| {
            let q = point.step(axis, k, self.size)?;
            if taken.contains(q) {
                return None;
            }
            let mut with = *own;
            with.insert(q);
            let playable = self.shape(&with, colour, point, axis) == LineShape::StraightFour
                && !self.makes_five(&with, colour, q)
                && self.forbidden(colour, q).is_none();
            playable.then_some(q)
        })
    }

    /// The full reason for a point [`Board::forbidden`] found forbidden with `kind`: the
    /// lines of the shapes involved.
    pub(crate) fn explain(&self, colour: Player, point: Point, kind: ForbiddenKind) -> Forbidden {
        let after = self.with(colour, point);
        let own = after.stones.get(colour);
        let mut lines = [None; 4];
        for axis in Axis::ALL {
            let span = match kind {
                ForbiddenKind::Overline => {
                    (run_len(own, point, axis) > 5).then(|| run_span(own, point, axis, None))
                }
                ForbiddenKind::DoubleFour => after.four_span(colour, point, axis),
                ForbiddenKind::DoubleThree => {
                    let shape = self.shape(own, colour, point, axis);
                    shape
                        .is_live_three()
                        .then(|| after.straight_four_point(colour, point, axis))
                        .flatten()
                        .map(|q| {
                            let mut with = *own;
                            with.insert(q);
                            run_span(&with, point, axis, Some(q))
                        })
                }
            };
            lines[axis.index()] = span.map(|(lo, hi)| span_line(point, axis, lo, hi, self.size));
        }
        Forbidden { kind, lines }
    }

    /// The span (offsets from `point` along `axis`) of the stones of the fours of `colour`
    /// through `point` (on this board): the fives their completions make, less the
    /// completions. `None` when the axis holds no four.
    fn four_span(&self, colour: Player, point: Point, axis: Axis) -> Option<(i32, i32)> {
        let own = self.stones.get(colour);
        let taken = own.union(self.stones.get(colour.opponent()));
        let mut span: Option<(i32, i32)> = None;
        for k in (-4..=4).filter(|&k| k != 0) {
            let Some(q) = point.step(axis, k, self.size) else {
                continue;
            };
            if taken.contains(q) {
                continue;
            }
            let mut with = *own;
            with.insert(q);
            let opp = self.stones.get(colour.opponent());
            let five = winning_axes(&with, opp, q, self.size, &self.rule, colour);
            // The five through `q` is a four of `point` when it holds `point` too.
            if five.contains(axis) && run_holds(&with, point, axis, k) {
                let (lo, hi) = run_span(&with, point, axis, Some(q));
                span = Some(span.map_or((lo, hi), |(a, b)| (a.min(lo), b.max(hi))));
            }
        }
        span
    }
}

/// The length of the run of `own` through `point` (which holds a stone) along `axis`.
fn run_len(own: &PointSet, point: Point, axis: Axis) -> u32 {
    let (back, forward) = run_around(own, point, axis);
    back + 1 + forward
}

/// `true` when the run of `own` through `point` along `axis` reaches offset `k`.
fn run_holds(own: &PointSet, point: Point, axis: Axis, k: i32) -> bool {
    let (back, forward) = run_around(own, point, axis);
    -(back as i32) <= k && k <= forward as i32
}

/// The offsets from `point` of the first and last stone of the run of `own` through `point`
/// along `axis`, leaving out `added` (the stone imagined to complete the shape) when it is at
/// an end of the run.
fn run_span(own: &PointSet, point: Point, axis: Axis, added: Option<Point>) -> (i32, i32) {
    let (back, forward) = run_around(own, point, axis);
    let (mut lo, mut hi) = (-(back as i32), forward as i32);
    if let Some(q) = added {
        if point.step(axis, lo, crate::point::MAX_SIZE) == Some(q) {
            lo += 1;
        }
        if point.step(axis, hi, crate::point::MAX_SIZE) == Some(q) {
            hi -= 1;
        }
    }
    (lo, hi)
}

/// The line from offset `lo` to offset `hi` of `point` along `axis`.
fn span_line(point: Point, axis: Axis, lo: i32, hi: i32, size: u8) -> Line {
    Line {
        axis,
        start: point.step(axis, lo, size).unwrap_or(point),
        len: (hi - lo + 1) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(ForbiddenKind::DoubleThree.to_string(), "a double three");
        assert_eq!(ForbiddenKind::Overline.to_string(), "an overline");
        assert_eq!(ForbiddenKind::DoubleFour.name(), "double_four");
    }
}
