//! Game-theoretic values and their two-byte codes.

use core::cmp::Ordering;
use core::fmt;

/// The value of a position for the side to move, with the number of plies to the end of the
/// game under best play (the winner hurries, the loser delays).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies (0: it has already lost).
    Loss(u16),
    /// Neither side can force a win: best play goes on for ever or ends drawn.
    Draw,
}

/// The largest distance a code can hold.
pub const MAX_DISTANCE: u16 = (u16::MAX - 3) / 2;

/// The code of an index that names no position ([`Value::code`] never returns it).
pub const UNUSED: u16 = u16::MAX;

impl Value {
    /// The value of a position one ply earlier whose move leads here: a loss here is a win
    /// there, one ply longer; a win is a loss; a draw stays a draw.
    #[inline]
    pub const fn parent(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d.saturating_add(1)),
            Value::Loss(d) => Value::Win(d.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }

    /// The distance to the end (0 for a draw).
    #[inline]
    pub const fn distance(self) -> u16 {
        match self {
            Value::Win(d) | Value::Loss(d) => d,
            Value::Draw => 0,
        }
    }

    /// Two bytes: 0 for a draw, `1 + 2d` for a win in `d`, `2 + 2d` for a loss in `d`
    /// (distances above [`MAX_DISTANCE`] are stored as [`MAX_DISTANCE`]).
    #[inline]
    pub const fn code(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => 1 + 2 * clamp(d),
            Value::Loss(d) => 2 + 2 * clamp(d),
        }
    }

    /// The value of a code, or `None` for [`UNUSED`] and the code just below it.
    #[inline]
    pub const fn from_code(code: u16) -> Option<Value> {
        if code == 0 {
            Some(Value::Draw)
        } else if code >= UNUSED - 1 {
            None
        } else if code % 2 == 1 {
            Some(Value::Win((code - 1) / 2))
        } else {
            Some(Value::Loss((code - 2) / 2))
        }
    }

    /// How much the side to move prefers this value: a quick win above a slow one, any win
    /// above a draw, a draw above any loss, a slow loss above a quick one.
    #[inline]
    pub fn preference(self) -> i32 {
        match self {
            Value::Win(d) => i32::from(u16::MAX) * 2 - i32::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -(i32::from(u16::MAX) * 2) + i32::from(d),
        }
    }
}

const fn clamp(d: u16) -> u16 {
    if d > MAX_DISTANCE {
        MAX_DISTANCE
    } else {
        d
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Ordered by [`Value::preference`]: the greatest value is the one the side to move wants.
impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.preference().cmp(&other.preference())
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// The value of a position from the values of its successors (each from the view of the side
/// to move there): a win if some successor is lost (by the quickest such), a loss if every
/// successor is won (by the slowest; a loss in 0 with no successor), a draw otherwise.
pub fn best_of(successors: impl IntoIterator<Item = Value>) -> Value {
    successors
        .into_iter()
        .map(Value::parent)
        .max()
        .unwrap_or(Value::Loss(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_order() {
        for v in [
            Value::Draw,
            Value::Win(0),
            Value::Win(7),
            Value::Loss(0),
            Value::Loss(300),
        ] {
            assert_eq!(Value::from_code(v.code()), Some(v));
        }
        assert_eq!(Value::from_code(UNUSED), None);
        assert!(Value::Win(1) > Value::Win(5));
        assert!(Value::Win(500) > Value::Draw);
        assert!(Value::Draw > Value::Loss(900));
        assert!(Value::Loss(9) > Value::Loss(2));
    }

    #[test]
    fn best_of_takes_the_quickest_win_and_the_slowest_loss() {
        assert_eq!(best_of([]), Value::Loss(0));
        assert_eq!(
            best_of([Value::Win(3), Value::Loss(4), Value::Loss(2)]),
            Value::Win(3)
        );
        assert_eq!(best_of([Value::Win(3), Value::Win(8)]), Value::Loss(9));
        assert_eq!(best_of([Value::Win(3), Value::Draw]), Value::Draw);
    }
}
