//! Fine line patterns: the [`LineShape`] of an axis through a point, with the twos told
//! apart by what one more stone makes of them, generated from the shape tables.
//!
//! A [`Pattern`] refines a [`LineShape`]: every shape keeps its own pattern
//! ([`Pattern::line_shape`] gives it back), and the points where the shape is
//! [`LineShape::None`] are split into the twos and nothing. A *two* is a line that one more
//! stone of the colour, on an empty point within four steps of the point along the axis, turns
//! into a three through the point: an open or split three (a *live* three) or a closed one. The
//! twos are told apart by how many such points make a live three: four or more for an
//! [`Pattern::OpenTwo`] (`..XX..`), three for a [`Pattern::SplitTwo`] (`.X.X.`), one or two
//! for a [`Pattern::FarTwo`] (`X..X`, or a two the edge or an opposing stone cramps); a two that
//! only ever makes closed threes is a [`Pattern::ClosedTwo`].
//!
//! The patterns are judged on the line alone, under the rule's own test of a winning run
//! (so under renju black's lines know that an overline does not win): whether a renju black
//! three is a true three, whose straight four is not forbidden by the other lines through its
//! point, is a question of the whole board ([`crate::Position::threats_at`] asks it).
//!
//! [`pattern_table`] maps every [`LineKey::index`] to its pattern: one table for each kind of
//! rule (as [`shape_table`]), built on first use from that rule's shape table, each two from
//! the shapes of the keys with one more stone.
//!
//! ```
//! use boardgames_core::Player;
//! use boardgames_gomoku::threat::{line_key_on_line, Pattern};
//! use boardgames_gomoku::Rule;
//!
//! // Black on 6 and 7 of a line of 15 points: an open two for a stone on either.
//! let black = 0b11 << 6;
//! let key = line_key_on_line(black, 0, 15, 6, &Rule::STANDARD, Player::First);
//! assert_eq!(key.pattern(&Rule::STANDARD, Player::First), Pattern::OpenTwo);
//! // A white stone on 8 leaves a closed two.
//! let key = line_key_on_line(black, 1 << 8, 15, 6, &Rule::STANDARD, Player::First);
//! assert_eq!(key.pattern(&Rule::STANDARD, Player::First), Pattern::ClosedTwo);
//! ```

use super::line::{flavour, Cell, LineKey, Window, CENTRE, KEYS};
use super::{shape_table, LineShape};
use crate::rule::Rule;
use boardgames_core::Player;
use std::sync::OnceLock;

/// The fine pattern of one axis through a point for one colour (see the module doc): a
/// [`LineShape`], with the twos told apart. Fits in four bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
#[repr(u8)]
pub enum Pattern {
    /// No shape and no two.
    #[default]
    None = 0,
    /// A two that one more stone makes a closed three, never a live one.
    ClosedTwo,
    /// A two that one or two points make a live three.
    FarTwo,
    /// A two that three points make a live three.
    SplitTwo,
    /// A two that four or more points make a live three.
    OpenTwo,
    /// [`LineShape::ClosedThree`].
    ClosedThree,
    /// [`LineShape::SplitThree`].
    SplitThree,
    /// [`LineShape::OpenThree`].
    OpenThree,
    /// [`LineShape::Four`].
    Four,
    /// [`LineShape::DoubleFour`].
    DoubleFour,
    /// [`LineShape::StraightFour`].
    StraightFour,
    /// [`LineShape::Five`].
    Five,
    /// [`LineShape::Overline`].
    Overline,
    /// [`LineShape::BlockedFive`].
    BlockedFive,
}

impl Pattern {
    /// Every pattern, in declaration order (the order of their numbers).
    pub const ALL: [Pattern; 14] = [
        Pattern::None,
        Pattern::ClosedTwo,
        Pattern::FarTwo,
        Pattern::SplitTwo,
        Pattern::OpenTwo,
        Pattern::ClosedThree,
        Pattern::SplitThree,
        Pattern::OpenThree,
        Pattern::Four,
        Pattern::DoubleFour,
        Pattern::StraightFour,
        Pattern::Five,
        Pattern::Overline,
        Pattern::BlockedFive,
    ];

    /// The pattern of number `n` (its place in [`Pattern::ALL`]); [`Pattern::None`] for a
    /// number that is none.
    #[inline(always)]
    pub const fn from_index(n: usize) -> Pattern {
        if n < Pattern::ALL.len() {
            Pattern::ALL[n]
        } else {
            Pattern::None
        }
    }

    /// The line shape this pattern refines ([`LineShape::None`] for the twos).
    #[inline(always)]
    pub const fn line_shape(self) -> LineShape {
        match self {
            Pattern::None
            | Pattern::ClosedTwo
            | Pattern::FarTwo
            | Pattern::SplitTwo
            | Pattern::OpenTwo => LineShape::None,
            Pattern::ClosedThree => LineShape::ClosedThree,
            Pattern::SplitThree => LineShape::SplitThree,
            Pattern::OpenThree => LineShape::OpenThree,
            Pattern::Four => LineShape::Four,
            Pattern::DoubleFour => LineShape::DoubleFour,
            Pattern::StraightFour => LineShape::StraightFour,
            Pattern::Five => LineShape::Five,
            Pattern::Overline => LineShape::Overline,
            Pattern::BlockedFive => LineShape::BlockedFive,
        }
    }

    /// The pattern of a line shape (the shapes other than [`LineShape::None`] are patterns of
    /// their own; [`LineShape::None`] is [`Pattern::None`]).
    #[inline(always)]
    pub const fn of_shape(shape: LineShape) -> Pattern {
        match shape {
            LineShape::None => Pattern::None,
            LineShape::ClosedThree => Pattern::ClosedThree,
            LineShape::SplitThree => Pattern::SplitThree,
            LineShape::OpenThree => Pattern::OpenThree,
            LineShape::Four => Pattern::Four,
            LineShape::DoubleFour => Pattern::DoubleFour,
            LineShape::StraightFour => Pattern::StraightFour,
            LineShape::Five => Pattern::Five,
            LineShape::Overline => Pattern::Overline,
            LineShape::BlockedFive => Pattern::BlockedFive,
        }
    }

    /// `true` for the twos one more stone makes a live three (far, split and open twos).
    #[inline(always)]
    pub const fn is_live_two(self) -> bool {
        matches!(self, Pattern::FarTwo | Pattern::SplitTwo | Pattern::OpenTwo)
    }

    /// The two of a line that `live` points make a live three and `closed` more a closed
    /// three ([`Pattern::None`] when no point makes a three).
    pub const fn two(live: u32, closed: u32) -> Pattern {
        match (live, closed) {
            (0, 0) => Pattern::None,
            (0, _) => Pattern::ClosedTwo,
            (1 | 2, _) => Pattern::FarTwo,
            (3, _) => Pattern::SplitTwo,
            _ => Pattern::OpenTwo,
        }
    }
}

static TABLES: [OnceLock<Box<[Pattern]>>; 6] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

/// The pattern table of `colour` under `rule`: the [`Pattern`] of every [`LineKey::index`]
/// (the same keys as [`shape_table`]). Built on first use from the shape table.
pub fn pattern_table(rule: &Rule, colour: Player) -> &'static [Pattern] {
    TABLES[flavour(rule, colour)].get_or_init(|| {
        let shapes = shape_table(rule, colour);
        (0..KEYS).map(|key| pattern_of(key, shapes)).collect()
    })
}

/// The pattern of `key`: its shape's, or where it has none, the two read from the shapes of
/// the keys with one more own stone within four points of the centre.
fn pattern_of(key: usize, shapes: &[LineShape]) -> Pattern {
    let shape = shapes[key];
    if shape != LineShape::None {
        return Pattern::of_shape(shape);
    }
    let mut window = Window::from_key(key);
    let (mut live, mut closed) = (0, 0);
    for q in 1..10 {
        if q == CENTRE || window.cells[q] != Cell::Empty {
            continue;
        }
        window.cells[q] = Cell::Own;
        match shapes[window.key()] {
            LineShape::OpenThree | LineShape::SplitThree => live += 1,
            LineShape::ClosedThree => closed += 1,
            _ => {}
        }
        window.cells[q] = Cell::Empty;
    }
    Pattern::two(live, closed)
}

impl LineKey {
    /// The pattern this line content makes for `colour` under `rule`.
    #[inline]
    pub fn pattern(self, rule: &Rule, colour: Player) -> Pattern {
        pattern_table(rule, colour)
            .get(self.index())
            .copied()
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::super::line::{decode_side, SIDES};
    use super::super::line_key_on_line;
    use super::*;
    use crate::rule::End;

    /// The rules of the six tables, with a colour of each.
    const FLAVOURS: [(Rule, Player); 6] = [
        (Rule::FREESTYLE, Player::First),
        (Rule::STANDARD, Player::First),
        (Rule::RENJU, Player::First),
        (Rule::CARO, Player::First),
        (Rule::CARO5, Player::First),
        (Rule::CARO6, Player::First),
    ];

    /// The line words of a key's window, as the engine's lines hold them: `(own, opp, len,
    /// at)`, with the point `at` holding no stone of either, the edge where the window has
    /// one, and past a fifth own point an opposing stone where the key records the run's end
    /// as blocked.
    fn line_of(key: usize) -> (u32, u32, u32, u32) {
        let sides = [decode_side(key / SIDES), decode_side(key % SIDES)];
        let room = |s: usize| {
            sides[s]
                .cells
                .iter()
                .take_while(|&&c| c != Cell::Edge)
                .count()
        };
        let extra = |s: usize| u32::from(room(s) == 5 && sides[s].cells[4] == Cell::Own);
        let at = room(0) as u32 + extra(0);
        let len = at + 1 + room(1) as u32 + extra(1);
        let (mut own, mut opp) = (0u32, 0u32);
        for (s, step) in [(0usize, -1i32), (1, 1)] {
            let side = &sides[s];
            for (d, &cell) in side.cells.iter().take(room(s)).enumerate() {
                let i = (at as i32 + step * (d as i32 + 1)) as u32;
                match cell {
                    Cell::Own => own |= 1 << i,
                    Cell::Opp => opp |= 1 << i,
                    _ => {}
                }
            }
            if extra(s) == 1 && side.beyond == End::Stone {
                opp |= 1 << (at as i32 + step * 6) as u32;
            }
        }
        (own, opp, len, at)
    }

    /// Every key of every table: the pattern refines the key's shape, and a two's kind is
    /// the count of points making a three, each read as the engine reads lines
    /// ([`line_key_on_line`]) and judged by the shape table.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
    fn every_pattern_refines_its_shape_and_counts_its_threes() {
        for (rule, colour) in FLAVOURS {
            let (shapes, patterns) = (shape_table(&rule, colour), pattern_table(&rule, colour));
            assert_eq!(patterns.len(), shapes.len());
            for key in 0..KEYS {
                let pattern = patterns[key];
                assert_eq!(pattern.line_shape(), shapes[key], "{rule} key {key}");
                let (own, opp, len, at) = line_of(key);
                // A key realised on a line reads back as a key of the same shape.
                let read = line_key_on_line(own, opp, len, at, &rule, colour);
                assert_eq!(shapes[read.index()], shapes[key], "{rule} key {key}");
                if shapes[key] != LineShape::None {
                    continue;
                }
                let (mut live, mut closed) = (0, 0);
                let lo = at.saturating_sub(4);
                for q in lo..(at + 5).min(len) {
                    if q == at || (own | opp) >> q & 1 != 0 {
                        continue;
                    }
                    let more = line_key_on_line(own | 1 << q, opp, len, at, &rule, colour);
                    match shapes[more.index()] {
                        LineShape::OpenThree | LineShape::SplitThree => live += 1,
                        LineShape::ClosedThree => closed += 1,
                        _ => {}
                    }
                }
                assert_eq!(pattern, Pattern::two(live, closed), "{rule} key {key}");
            }
        }
    }

    #[test]
    fn patterns_and_shapes_convert_both_ways() {
        for (n, pattern) in Pattern::ALL.into_iter().enumerate() {
            assert_eq!(pattern as usize, n);
            assert_eq!(Pattern::from_index(n), pattern);
            let shape = pattern.line_shape();
            if shape != LineShape::None {
                assert_eq!(Pattern::of_shape(shape), pattern);
            }
        }
        for shape in LineShape::ALL {
            assert_eq!(Pattern::of_shape(shape).line_shape(), shape);
        }
        assert_eq!(Pattern::from_index(14), Pattern::None);
        assert!(Pattern::ALL.windows(2).all(|w| w[0] < w[1]));
    }
}
