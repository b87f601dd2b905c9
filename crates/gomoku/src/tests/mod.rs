//! Crate-level unit tests: seed 001's rule table, threat shapes with diagrams, the fast shape
//! tables and win check against slow obvious ones, undo, perft and the conformance harness.

mod conformance;
mod renju;
mod seed_table;
mod shapes;
mod slow;

use crate::{Point, PointSet, Position, Rule};

/// The point named `text` (test input is always well formed).
pub(crate) fn pt(text: &str) -> Point {
    text.parse().expect("a point")
}

/// The set of the named points.
pub(crate) fn points(names: &[&str]) -> PointSet {
    names.iter().map(|s| pt(s)).collect()
}

/// A position on a `size` board with the given stones (black to move when the counts are
/// equal).
pub(crate) fn setup(size: u32, rule: Rule, black: &[&str], white: &[&str]) -> Position {
    Position::from_stones(size, rule, points(black), points(white))
        .unwrap_or_else(|e| panic!("bad test position: {e}"))
}
