//! Crate-level unit tests: the rule table "the same line, three results", threat shapes with
//! diagrams, the fast shape tables and win check against slow obvious ones, undo, perft and
//! the conformance harness.

mod conformance;
mod renju;
mod renju_slow;
mod rule_table;
mod setups;
mod shapes;
mod slow;

use crate::{Point, PointSet, Position, Rule, Setup};
use boardgames_core::{ByPlayer, Player};

/// The point named `text` (test input is always well formed).
pub(crate) fn pt(text: &str) -> Point {
    text.parse().expect("a point")
}

/// The set of the named points.
pub(crate) fn points(names: &[&str]) -> PointSet {
    names.iter().map(|s| pt(s)).collect()
}

/// A played position on a `size` board with the given stones: black to move when the counts
/// are equal, white when black has one more.
pub(crate) fn setup(size: u32, rule: Rule, black: &[&str], white: &[&str]) -> Position {
    played(size, rule, points(black), points(white))
}

/// A played position with the stones `black` and `white` (see [`setup`]).
pub(crate) fn played(size: u32, rule: Rule, black: PointSet, white: PointSet) -> Position {
    let to_move = if black.len() > white.len() {
        Player::Second
    } else {
        Player::First
    };
    let stones = ByPlayer::new(black, white);
    Setup {
        stones,
        to_move,
        size,
        rule,
    }
    .validate_played(None)
    .unwrap_or_else(|e| panic!("bad test position: {e}"))
}

/// A played position from a bare diagram, the side to move from the stone counts.
pub(crate) fn grid(rule: Rule, text: &str) -> Position {
    let (x, o) = (text.matches('X').count(), text.matches('O').count());
    let side = if x > o { "white" } else { "black" };
    format!("{rule}, {side} to move\n{text}")
        .parse()
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}
