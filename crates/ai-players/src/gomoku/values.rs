//! What an empty point is worth to a colour, from the shapes a stone of that colour would
//! make there ([`Threats`]): a value for the evaluation and the threat classes the move
//! generator and the evaluation test.

use ai_search::Score;
use gomoku::threat::{LineShape, Threats};

/// The threat classes of a point for a colour: what a stone of that colour there would make.
/// A set of bits; a point may be in several classes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Class {
    /// A winning five: the colour has a four through the point.
    Five = 0,
    /// A straight four, or two fours: a four the other side cannot block with one stone.
    OpenFour = 1,
    /// A four and a live three on another axis.
    FourThree = 2,
    /// At least one four (straight fours and double fours included).
    Four = 3,
    /// Two or more live (open or split) threes.
    DoubleThree = 4,
    /// At least one live three.
    Three = 5,
}

/// The number of classes.
pub const CLASSES: usize = 6;

impl Class {
    /// Every class, in the order of their bits.
    pub const ALL: [Class; CLASSES] = [
        Class::Five,
        Class::OpenFour,
        Class::FourThree,
        Class::Four,
        Class::DoubleThree,
        Class::Three,
    ];

    /// The class's bit in a class set.
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The value of one axis's shape, by [`LineShape`] in declaration order: a five to make is
/// worth most, a three to make least; an overline or a blocked five nothing.
const AXIS_VALUE: [Score; 10] = [
    0,   // None
    6,   // ClosedThree: a two that can become a closed three
    20,  // SplitThree
    24,  // OpenThree: an open two that can become an open three
    40,  // Four: a three that can become a four
    160, // DoubleFour on one axis
    120, // StraightFour: an open three
    600, // Five: a four
    0,   // Overline
    0,   // BlockedFive
];

/// Bonus for two fours at one point (on two axes).
const DOUBLE_FOUR: Score = 200;
/// Bonus for a four and a live three at one point.
const FOUR_THREE: Score = 150;
/// Bonus for two live threes at one point.
const DOUBLE_THREE: Score = 80;

/// The value of a point for a colour and its class set, from its threats.
#[inline(always)]
pub fn assess(threats: Threats) -> (Score, u8) {
    let mut value = 0;
    let mut fours = 0;
    let mut threes = 0;
    let mut classes = 0u8;
    for shape in threats.0 {
        value += AXIS_VALUE[shape as usize];
        fours += shape.fours();
        threes += u32::from(shape.is_live_three());
        match shape {
            LineShape::Five => classes |= Class::Five.bit(),
            LineShape::StraightFour => classes |= Class::OpenFour.bit(),
            _ => {}
        }
    }
    if fours >= 1 {
        classes |= Class::Four.bit();
        if fours >= 2 {
            classes |= Class::OpenFour.bit();
            value += DOUBLE_FOUR;
        }
        if threes >= 1 {
            classes |= Class::FourThree.bit();
            value += FOUR_THREE;
        }
    }
    if threes >= 1 {
        classes |= Class::Three.bit();
        if threes >= 2 {
            classes |= Class::DoubleThree.bit();
            value += DOUBLE_THREE;
        }
    }
    (value, classes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use LineShape::*;

    #[test]
    fn classes_of_compound_shapes() {
        let (_, c) = assess(Threats([Four, OpenThree, None, None]));
        assert_eq!(
            c,
            Class::Four.bit() | Class::FourThree.bit() | Class::Three.bit()
        );
        let (_, c) = assess(Threats([Four, Four, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::OpenFour.bit());
        let (_, c) = assess(Threats([DoubleFour, None, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::OpenFour.bit());
        let (_, c) = assess(Threats([StraightFour, None, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::OpenFour.bit());
        let (_, c) = assess(Threats([Five, SplitThree, OpenThree, None]));
        assert_eq!(
            c,
            Class::Five.bit() | Class::Three.bit() | Class::DoubleThree.bit()
        );
        assert_eq!(assess(Threats::NONE), (0, 0));
        assert_eq!(assess(Threats([BlockedFive, Overline, None, None])), (0, 0));
    }

    #[test]
    fn stronger_shapes_are_worth_more() {
        let one = |s: LineShape| assess(Threats([s, None, None, None])).0;
        let order = [ClosedThree, SplitThree, OpenThree, Four, StraightFour, Five];
        assert!(order.windows(2).all(|w| one(w[0]) < one(w[1])));
    }
}
