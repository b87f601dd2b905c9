//! One move of nine men's morris: a placement or a slide/fly, with the capture it makes when it
//! forms a mill. One move is one ply.

use crate::error::ParseMoveError;
use crate::Point;
use core::fmt;
use core::str::FromStr;

/// The marker for "no point" in the packed fields.
pub(crate) const NONE: u8 = u8::MAX;

/// The one-point mask of a packed point index; 0 for [`NONE`] (255 & 63 = 63, past the
/// 32 bits kept).
#[inline(always)]
const fn bit(index: u8) -> u32 {
    (1u64 << (index & 63)) as u32
}

/// A move: where a piece comes from (nothing for a placement), where it goes, and which
/// opponent piece it captures (only when it forms a mill).
///
/// Written `d1` (place), `a1-a4` (slide or fly), `g1xd2` (place and capture),
/// `a4-a1xd2` (move and capture).
///
/// ```
/// use boardgames_morris::{Move, Point};
/// let mv: Move = "a4-a1xd2".parse().unwrap();
/// assert_eq!(mv.from(), Some("a4".parse::<Point>().unwrap()));
/// assert_eq!(mv.to().to_string(), "a1");
/// assert_eq!(mv.capture().map(|p| p.to_string()), Some("d2".to_string()));
/// assert_eq!(mv.to_string(), "a4-a1xd2");
/// assert_eq!(Move::place("d1".parse().unwrap()).to_string(), "d1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    capture: u8,
}

impl Move {
    /// Placing a piece from the hand on `to`.
    #[inline]
    pub const fn place(to: Point) -> Move {
        Move {
            from: NONE,
            to: to.index() as u8,
            capture: NONE,
        }
    }

    /// Moving the piece on `from` to `to` (a slide along a line, or a fly).
    #[inline]
    pub const fn slide(from: Point, to: Point) -> Move {
        Move {
            from: from.index() as u8,
            to: to.index() as u8,
            capture: NONE,
        }
    }

    /// The same move, capturing the opponent piece on `point`.
    #[inline]
    pub const fn with_capture(self, point: Point) -> Move {
        Move {
            capture: point.index() as u8,
            ..self
        }
    }

    /// The same move without a capture.
    #[inline]
    pub const fn without_capture(self) -> Move {
        Move {
            capture: NONE,
            ..self
        }
    }

    /// Builds a move from raw indices, all below 24 (`None` for no start or no capture).
    #[cfg(test)]
    pub(crate) const fn raw(from: Option<u32>, to: u32, capture: Option<u32>) -> Move {
        Move {
            from: match from {
                Some(f) => f as u8,
                None => NONE,
            },
            to: to as u8,
            capture: match capture {
                Some(c) => c as u8,
                None => NONE,
            },
        }
    }

    /// Builds a move from packed fields: point indices below 24, or [`NONE`].
    #[inline(always)]
    pub(crate) const fn packed(from: u8, to: u8, capture: u8) -> Move {
        Move { from, to, capture }
    }

    /// The move as one-point masks: start (0 for a placement), destination, capture (0 for
    /// none).
    #[inline(always)]
    pub(crate) const fn bits(self) -> (u32, u32, u32) {
        (bit(self.from), bit(self.to), bit(self.capture))
    }

    /// The point the piece leaves, or `None` for a placement.
    #[inline]
    pub const fn from(self) -> Option<Point> {
        if self.from == NONE {
            None
        } else {
            Point::new(self.from as u32)
        }
    }

    /// The point the piece arrives on.
    #[inline]
    pub const fn to(self) -> Point {
        Point::from_index(self.to as u32)
    }

    /// The captured point, if the move captures.
    #[inline]
    pub const fn capture(self) -> Option<Point> {
        if self.capture == NONE {
            None
        } else {
            Point::new(self.capture as u32)
        }
    }

    /// `true` for a placement from the hand.
    #[inline]
    pub const fn is_placement(self) -> bool {
        self.from == NONE
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(from) = self.from() {
            write!(f, "{from}-")?;
        }
        write!(f, "{}", self.to())?;
        if let Some(c) = self.capture() {
            write!(f, "x{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `d1`, `a1-a4`, `g1xd2` or `a4-a1xd2` (upper case accepted, surrounding space
    /// ignored). Whether the move is legal is the position's business.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let malformed = || ParseMoveError::Malformed {
            text: trimmed.to_owned(),
        };
        let point = |part: &str| {
            part.parse::<Point>()
                .map_err(|error| ParseMoveError::BadPoint {
                    text: trimmed.to_owned(),
                    error,
                })
        };
        // Point names use the letters a-g only, so `x` can only be the capture mark.
        let mut halves = trimmed.split(['x', 'X']);
        let movement = halves.next().unwrap_or("");
        let capture = halves.next();
        if halves.next().is_some() || capture.is_some_and(|c| c.trim().is_empty()) {
            return Err(malformed());
        }
        let mut ends = movement.split('-');
        let first = ends.next().unwrap_or("");
        let second = ends.next();
        if ends.next().is_some() || first.trim().is_empty() {
            return Err(malformed());
        }
        let mv = match second {
            None => Move::place(point(first)?),
            Some(to) if to.trim().is_empty() => return Err(malformed()),
            Some(to) => Move::slide(point(first)?, point(to)?),
        };
        match capture {
            Some(c) => Ok(mv.with_capture(point(c)?)),
            None => Ok(mv),
        }
    }
}

// Stored as its notation.
#[cfg(feature = "serde")]
boardgames_core::serde_via_str!(Move);

/// What a player does on their turn, derived from their counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Pieces remain in hand: place one on any empty point.
    Placing,
    /// All pieces placed, more than three on the board: slide one along a line.
    Moving,
    /// All pieces placed, exactly three on the board: fly one to any empty point.
    Flying,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ParsePointError;
    use proptest::prelude::*;

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn the_four_shapes_read_and_write() {
        for text in ["d1", "a1-a4", "g1xd2", "a4-a1xd2"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!(
            " A4-A1XD2 ".parse::<Move>(),
            Ok(Move::slide(p("a4"), p("a1")).with_capture(p("d2")))
        );
        assert!("d1".parse::<Move>().unwrap().is_placement());
        assert!(!"a1-a4".parse::<Move>().unwrap().is_placement());
        assert_eq!(core::mem::size_of::<Move>(), 3);
    }

    #[test]
    fn malformed_moves_are_named() {
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        for bad in ["a1-", "-a1", "a1x", "xd2", "a1-a4-a7", "a1xd2xd3", "a1--a4"] {
            assert!(
                matches!(bad.parse::<Move>(), Err(ParseMoveError::Malformed { .. })),
                "{bad}"
            );
        }
        match "a1-d4".parse::<Move>() {
            Err(ParseMoveError::BadPoint {
                error: ParsePointError::NotAPoint { .. },
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        match "h1".parse::<Move>() {
            Err(ParseMoveError::BadPoint {
                error: ParsePointError::Square(_),
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }

    proptest! {
        #[test]
        fn notation_round_trips(from in proptest::option::of(0u32..24), to in 0u32..24, cap in proptest::option::of(0u32..24)) {
            let mv = Move::raw(from, to, cap);
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        }

        #[test]
        fn parser_never_panics(text in "[a-hA-Xx0-9\\- ]{0,12}") {
            let _ = text.parse::<Move>();
        }
    }
}
