//! Renju's forbidden points: the moves a colour restricted by [`Rule::forbidden_points`]
//! (black in renju) may not play.
//!
//! A point is forbidden when the stone there makes no exact five and makes an overline, two
//! or more fours (two on one line count), or two or more *true* threes. A three is true when
//! some move turning it into a straight four is itself not forbidden, judged again with the
//! stone on the board: the test is recursive (RIF article 9.3). The recursion stops after
//! [`MAX_DEPTH`] levels, where a move is taken to be allowed.

use crate::point::{Axis, Point};
use crate::point_set::PointSet;
use crate::rule::Rule;
use crate::threat::{line_key, shape_table, LineShape};
use crate::win::{run_around, winning_axes};
use boardgames_core::{ByPlayer, Player};
use core::fmt;

/// How deep the test of true threes recurses before taking a move to be allowed.
pub const MAX_DEPTH: u32 = 6;

/// Why a point is forbidden.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Forbidden {
    /// The stone makes a run of six or more.
    Overline,
    /// The stone makes two or more fours.
    DoubleFour,
    /// The stone makes two or more true threes.
    DoubleThree,
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Forbidden::Overline => "an overline",
            Forbidden::DoubleFour => "a double four",
            Forbidden::DoubleThree => "a double three",
        })
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
            .get(key.0 as usize)
            .copied()
            .unwrap_or_default()
    }

    /// Why a stone of `colour` on the empty `point` would be forbidden, if it would.
    pub(crate) fn forbidden(&self, colour: Player, point: Point, depth: u32) -> Option<Forbidden> {
        if !*self.rule.forbidden_points.get(colour) || depth > MAX_DEPTH {
            return None;
        }
        let mut own = *self.stones.get(colour);
        own.insert(point);
        let opp = self.stones.get(colour.opponent());
        // A five that wins is never forbidden.
        if !winning_axes(&own, opp, point, self.size, &self.rule, colour).is_empty() {
            return None;
        }
        if !*self.rule.overline_wins.get(colour) {
            let overline = Axis::ALL.into_iter().any(|axis| {
                let (back, forward) = run_around(&own, point, axis);
                back + 1 + forward > 5
            });
            if overline {
                return Some(Forbidden::Overline);
            }
        }
        let shapes = Axis::ALL.map(|axis| self.shape(&own, colour, point, axis));
        if shapes.iter().map(|s| s.fours()).sum::<u32>() >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut with_point = *self;
        *with_point.stones.get_mut(colour) = own;
        let true_threes = Axis::ALL
            .into_iter()
            .zip(shapes)
            .filter(|(axis, shape)| {
                shape.is_live_three() && with_point.is_true_three(colour, point, *axis, depth)
            })
            .count();
        if true_threes >= 2 {
            return Some(Forbidden::DoubleThree);
        }
        None
    }

    /// Whether the live three through `point` (a stone of `colour` already on this board)
    /// along `axis` can become a straight four by a move that is not forbidden.
    pub(crate) fn is_true_three(
        &self,
        colour: Player,
        point: Point,
        axis: Axis,
        depth: u32,
    ) -> bool {
        let own = self.stones.get(colour);
        let taken = own.union(self.stones.get(colour.opponent()));
        (-4..=4).filter(|&k| k != 0).any(|k| {
            let Some(q) = point.step(axis, k, self.size) else {
                return false;
            };
            if taken.contains(q) {
                return false;
            }
            let mut with = *own;
            with.insert(q);
            self.shape(&with, colour, point, axis) == LineShape::StraightFour
                && self.forbidden(colour, q, depth + 1).is_none()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Forbidden::DoubleThree.to_string(), "a double three");
        assert_eq!(Forbidden::Overline.to_string(), "an overline");
    }
}
