//! What an empty point is worth to a colour, from the shapes a stone of that colour would
//! make there ([`Threats`]): a value for move ordering, the threat classes the move
//! generator and the evaluation test, and [`Cell`], the three packed in one word; and the
//! evaluation terms that the evaluator weighs ([`packed_terms`]).
//!
//! [`assess`], [`may_be_forbidden`] and [`eval_terms`] read a point's shapes one axis at a
//! time: the definitions that the packed tables must agree with, for the tests and, behind the
//! unstable `research` feature, for the workspace's fitting tools.

use boardgames_gomoku::threat::{LineShape, Threats};
use boardgames_search::Score;

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
}

/// The number of classes.
pub const CLASSES: usize = 4;

impl Class {
    /// Every class, in the order of their bits.
    pub const ALL: [Class; CLASSES] = [Class::Five, Class::OpenFour, Class::FourThree, Class::Four];

    /// The class's bit in a class set.
    #[inline(always)]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The ordering value of one axis's shape, by [`LineShape`] in declaration order: a five to
/// make is worth most, a three to make least; an overline or a blocked five nothing.
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

/// The ordering value of a point for a colour ([`crate::gomoku::GomokuEvaluator`]'s hints) and
/// its class set, from its threats.
#[cfg(any(test, feature = "research"))]
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
    if threes >= 2 {
        value += DOUBLE_THREE;
    }
    (value, classes)
}

/// The largest value a cell keeps (11 bits); larger ones (three fives and more) are cut to it,
/// which orders no move differently: a five is ranked before any value.
const MAX_CELL_VALUE: Score = (1 << 11) - 1;

/// Where [`PAIR_SUMS`] keeps its sums: the axes' values from bit 0 (12 bits), then the
/// fours (4 bits), the live threes, the fives, the straight fours and the overlines (3 bits
/// each). Two entries add field by field: four axes never carry out of a field.
const FOURS_AT: u32 = 12;
const THREES_AT: u32 = 16;
const FIVES_AT: u32 = 19;
const STRAIGHT_AT: u32 = 22;
const OVERLINES_AT: u32 = 25;

/// For each byte of a cell's shape bits (two axes), the sums [`assess`] and
/// [`may_be_forbidden`] take over the axes, in the fields above: two lookups give a cell's
/// four axes.
const PAIR_SUMS: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut byte = 0;
    while byte < 256 {
        let [a, b] = pair_shapes(byte);
        table[byte] = axis_sums(a) + axis_sums(b);
        byte += 1;
    }
    table
};

/// The two axes' shapes of a byte of shape bits, low nibble first; a nibble that is no shape
/// is [`LineShape::None`], as [`Cell::shape`] reads it.
const fn pair_shapes(byte: usize) -> [LineShape; 2] {
    [nibble_shape(byte & 0xF), nibble_shape(byte >> 4 & 0xF)]
}

/// The shape of a nibble of shape bits: [`LineShape::None`] for one that is no shape.
const fn nibble_shape(nibble: usize) -> LineShape {
    if nibble < LineShape::ALL.len() {
        LineShape::ALL[nibble]
    } else {
        LineShape::None
    }
}

/// One axis's share of a [`PAIR_SUMS`] entry.
const fn axis_sums(shape: LineShape) -> u32 {
    AXIS_VALUE[shape as usize] as u32
        + (shape.fours() << FOURS_AT)
        + ((shape.is_live_three() as u32) << THREES_AT)
        + ((matches!(shape, LineShape::Five) as u32) << FIVES_AT)
        + ((matches!(shape, LineShape::StraightFour) as u32) << STRAIGHT_AT)
        + ((matches!(shape, LineShape::Overline) as u32) << OVERLINES_AT)
}

/// `true` when a stone of a colour the rule restricts (renju's black) with `threats` might be
/// on a forbidden point (an overline, two fours, two live threes) and no five makes it
/// allowed. [`boardgames_gomoku::Position::forbidden`] tells for sure.
#[cfg(any(test, feature = "research"))]
#[inline]
pub fn may_be_forbidden(threats: Threats) -> bool {
    let shapes = threats.0;
    !shapes.contains(&LineShape::Five)
        && (shapes.contains(&LineShape::Overline)
            || threats.fours() >= 2
            || threats.live_threes() >= 2)
}

/// The number of evaluation terms of a point (see [`crate::gomoku::EvalWeights`]).
pub const EVAL_TERMS: usize = 10;

/// The evaluation terms of a point for a colour, from the shapes a stone of that colour
/// would make there: terms 0 to 6 count the axes with each shape from
/// [`LineShape::ClosedThree`] to [`LineShape::Five`] (in declaration order); terms 7, 8 and 9
/// are 1 for a point with two fours, with a four and a live three, and with two live threes.
/// [`crate::gomoku::SearchPosition::terms`] sums them over the empty points, and the
/// evaluator weighs the sums ([`crate::gomoku::EvalWeights`]).
#[cfg(any(test, feature = "research"))]
#[inline(always)]
pub fn eval_terms(threats: Threats) -> [u8; EVAL_TERMS] {
    let mut terms = [0u8; EVAL_TERMS];
    let (mut fours, mut threes) = (0, 0);
    for shape in threats.0 {
        if let Some(term) = shape_term(shape) {
            terms[term] += 1;
        }
        fours += shape.fours();
        threes += u32::from(shape.is_live_three());
    }
    terms[7] = u8::from(fours >= 2);
    terms[8] = u8::from(fours >= 1 && threes >= 1);
    terms[9] = u8::from(threes >= 2);
    terms
}

/// The evaluation term of one axis's shape: `ClosedThree` (1) to `Five` (7) are terms 0 to 6;
/// the others (no shape, an overline, a blocked five) are none.
#[inline(always)]
const fn shape_term(shape: LineShape) -> Option<usize> {
    match shape as usize {
        i @ 1..=7 => Some(i - 1),
        _ => None,
    }
}

/// The width of one term in [`packed_terms`]: the sum of a term over a 20x20 board's points
/// is at most 4 x 400, below 2^12.
const LANE: u32 = 12;

/// The bit where [`PAIR_TERMS`] keeps the fours of its two axes (4 bits), above the ten
/// lanes; the live threes follow (3 bits).
const FOURS_BIT: u32 = 120;

/// For each byte of a cell's shape bits (two axes), the terms of their shapes packed
/// ([`packed_terms`]), with their fours from [`FOURS_BIT`] and their live threes above:
/// two lookups give a cell's four axes.
const PAIR_TERMS: [u128; 256] = {
    let mut table = [0u128; 256];
    let mut byte = 0;
    while byte < 256 {
        let [a, b] = pair_shapes(byte);
        table[byte] = axis_terms(a) + axis_terms(b);
        byte += 1;
    }
    table
};

/// One axis's share of a [`PAIR_TERMS`] entry.
const fn axis_terms(shape: LineShape) -> u128 {
    let term = match shape_term(shape) {
        Some(term) => 1 << (LANE * term as u32),
        None => 0,
    };
    term + ((shape.fours() as u128) << FOURS_BIT)
        + ((shape.is_live_three() as u128) << (FOURS_BIT + 4))
}

/// The evaluation terms of `cell` (`eval_terms` of its threats), one [`LANE`]-bit lane a
/// term from bit 0: sums of such words add term by term, which is how a
/// [`crate::gomoku::SearchPosition`] keeps them move by move with one addition and one
/// subtraction per changed point.
#[inline(always)]
pub(crate) fn packed_terms(cell: Cell) -> u128 {
    if cell.is_dead() {
        return 0;
    }
    let bits = cell.shape_bits() as usize;
    let sum = PAIR_TERMS[bits & 0xFF] + PAIR_TERMS[bits >> 8 & 0xFF];
    let fours = (sum >> FOURS_BIT) & 0xF;
    let threes = sum >> (FOURS_BIT + 4);
    (sum & ((1 << FOURS_BIT) - 1))
        | u128::from(fours >= 2) << (7 * LANE)
        | u128::from(fours >= 1 && threes >= 1) << (8 * LANE)
        | u128::from(threes >= 2) << (9 * LANE)
}

/// The terms of a [`packed_terms`] sum.
#[inline(always)]
pub(crate) fn unpack_terms(packed: u128) -> [u16; EVAL_TERMS] {
    core::array::from_fn(|k| (packed >> (LANE * k as u32) & ((1 << LANE) - 1)) as u16)
}

/// One colour's view of one point in a word: the shapes of the four axes (4 bits each, from
/// bit 0), the classes (4 bits from bit 16), whether the point is dead (bit 20, see
/// [`Cell::of`]) and the value (11 bits from bit 21).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Cell(u32);

impl Cell {
    /// No shape.
    pub const NONE: Cell = Cell(0);

    /// The cell of `threats`.
    #[inline(always)]
    pub fn new(threats: Threats) -> Cell {
        Cell::of(threats, false)
    }

    /// The cell of `threats` for a colour that the rule restricts (`restricted`: renju's black)
    /// or not. A restricted colour's point that may be forbidden (an
    /// overline, two fours or two live threes, and no five) is **dead**: its shapes and value
    /// stay (the move generator tests such points exactly, and the opponent's move ordering
    /// still sees them), but it has no threat class and no evaluation term. Black's double
    /// four is not a won position for black, and white need not answer it; a point of two
    /// live threes of which one is false loses its terms too (a heuristic's view: telling
    /// them apart means testing the threes' own points).
    #[inline(always)]
    pub fn of(threats: Threats, restricted: bool) -> Cell {
        let bits = threats
            .0
            .iter()
            .enumerate()
            .fold(0u32, |word, (i, &shape)| word | (shape as u32) << (4 * i));
        Cell::from_shape_bits(bits, restricted)
    }

    /// This cell with the shape along the axis with index `axis` (below 4) set to `shape`,
    /// for a colour the rule restricts or not ([`Cell::of`]). The tracked position's update
    /// of a point after a stone on one of its lines: it works on the packed shapes, where
    /// going through [`Threats`] wrote one byte and read the four back, a stall of a tenth
    /// of the update's time.
    #[inline(always)]
    pub fn with_shape(self, axis: usize, shape: LineShape, restricted: bool) -> Cell {
        let shift = 4 * (axis as u32 & 3);
        let bits = self.shape_bits() & !(0xF << shift) | (shape as u32) << shift;
        Cell::from_shape_bits(bits, restricted)
    }

    /// The cell of the shapes packed 4 bits an axis ([`Cell::shape_bits`]): the value and
    /// classes [`assess`] gives them, dead for a restricted colour where
    /// [`may_be_forbidden`] says so ([`Cell::of`]), computed from [`PAIR_SUMS`] two axes at a
    /// time instead of shape by shape (a unit test holds the two equal on every combination).
    #[inline(always)]
    fn from_shape_bits(bits: u32, restricted: bool) -> Cell {
        let bits = bits & 0xFFFF;
        let sums = PAIR_SUMS[bits as usize & 0xFF] + PAIR_SUMS[bits as usize >> 8];
        let field = |at: u32, width: u32| sums >> at & ((1 << width) - 1);
        let axes_value = field(0, 12) as Score;
        let fours = field(FOURS_AT, 4);
        let threes = field(THREES_AT, 3);
        let fives = field(FIVES_AT, 3);
        let straight = field(STRAIGHT_AT, 3);
        let overlines = field(OVERLINES_AT, 3);
        let mut classes = 0u8;
        let mut value = axes_value;
        if fives > 0 {
            classes |= Class::Five.bit();
        }
        if straight > 0 || fours >= 2 {
            classes |= Class::OpenFour.bit();
        }
        if fours >= 1 {
            classes |= Class::Four.bit();
            if fours >= 2 {
                value += DOUBLE_FOUR;
            }
            if threes >= 1 {
                classes |= Class::FourThree.bit();
                value += FOUR_THREE;
            }
        }
        if threes >= 2 {
            value += DOUBLE_THREE;
        }
        let dead = restricted && fives == 0 && (overlines > 0 || fours >= 2 || threes >= 2);
        let (classes, dead) = if dead { (0, 1) } else { (classes, 0) };
        Cell(
            bits | u32::from(classes) << 16 | dead << 20 | (value.min(MAX_CELL_VALUE) as u32) << 21,
        )
    }

    /// `true` for a dead point of a restricted colour ([`Cell::of`]).
    #[inline(always)]
    pub const fn is_dead(self) -> bool {
        self.0 & 1 << 20 != 0
    }

    /// The shape along the axis with index `axis`.
    #[inline(always)]
    pub fn shape(self, axis: usize) -> LineShape {
        LineShape::ALL
            .get((self.0 >> (4 * axis) & 0xF) as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The four shapes.
    #[inline(always)]
    pub fn threats(self) -> Threats {
        Threats([self.shape(0), self.shape(1), self.shape(2), self.shape(3)])
    }

    /// The shapes packed, 4 bits per axis.
    #[inline(always)]
    pub const fn shape_bits(self) -> u32 {
        self.0 & 0xFFFF
    }

    /// The threat classes (bits of [`Class::bit`]).
    #[inline(always)]
    pub const fn classes(self) -> u8 {
        (self.0 >> 16 & 0xF) as u8
    }

    /// The value.
    #[inline(always)]
    pub const fn value(self) -> Score {
        (self.0 >> 21) as Score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use LineShape::*;

    /// The largest value [`assess`] gives: four fives and every bonus.
    const MAX_VALUE: Score =
        4 * AXIS_VALUE[LineShape::Five as usize] + DOUBLE_FOUR + FOUR_THREE + DOUBLE_THREE;

    #[test]
    fn classes_of_compound_shapes() {
        let (_, c) = assess(Threats([Four, OpenThree, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::FourThree.bit());
        let (_, c) = assess(Threats([Four, Four, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::OpenFour.bit());
        let (_, c) = assess(Threats([DoubleFour, None, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::OpenFour.bit());
        let (_, c) = assess(Threats([StraightFour, None, None, None]));
        assert_eq!(c, Class::Four.bit() | Class::OpenFour.bit());
        let (v, c) = assess(Threats([Five, SplitThree, OpenThree, None]));
        assert_eq!(c, Class::Five.bit());
        assert!(v > assess(Threats([Five, None, None, None])).0 + 44);
        assert_eq!(assess(Threats::NONE), (0, 0));
        assert_eq!(assess(Threats([BlockedFive, Overline, None, None])), (0, 0));
    }

    #[test]
    fn cells_pack_shapes_classes_and_values() {
        for a in LineShape::ALL {
            for b in LineShape::ALL {
                let threats = Threats([a, b, Five, a]);
                let cell = Cell::new(threats);
                assert_eq!(cell.threats(), threats);
                let (value, classes) = assess(threats);
                assert_eq!(
                    (cell.value(), cell.classes()),
                    (value.min(MAX_CELL_VALUE), classes)
                );
                assert!(!cell.is_dead());
                // A restricted colour's cell: dead where the point may be forbidden, and
                // then with no class and no term, but the same shapes and value.
                let restricted = Cell::of(threats, true);
                assert_eq!(restricted.threats(), threats);
                assert_eq!(restricted.value(), cell.value());
                assert_eq!(restricted.is_dead(), may_be_forbidden(threats));
                if restricted.is_dead() {
                    assert_eq!((restricted.classes(), packed_terms(restricted)), (0, 0));
                } else {
                    assert_eq!(restricted, cell);
                }
                assert_eq!(Cell::of(threats, false), cell);
            }
        }
        assert_eq!(Cell::new(Threats::NONE), Cell::NONE);
        let max = Threats([Five; 4]);
        assert!(assess(max).0 <= MAX_VALUE);
        assert_eq!(Cell::new(max).value(), MAX_CELL_VALUE);
    }

    /// Every combination of four shapes: the cell read from the packed shapes holds what
    /// [`assess`] and [`may_be_forbidden`] say, and changing one axis in place gives the cell
    /// of the changed shapes.
    #[test]
    fn cells_of_every_combination_of_shapes() {
        let all = LineShape::ALL;
        for i in 0..all.len().pow(4) {
            let threats = Threats(core::array::from_fn(|k| {
                all[i / all.len().pow(k as u32) % all.len()]
            }));
            let (value, classes) = assess(threats);
            for restricted in [false, true] {
                let cell = Cell::of(threats, restricted);
                let dead = restricted && may_be_forbidden(threats);
                assert_eq!(cell.threats(), threats);
                assert_eq!(cell.value(), value.min(MAX_CELL_VALUE), "{threats:?}");
                assert_eq!(cell.is_dead(), dead, "{threats:?}");
                assert_eq!(
                    cell.classes(),
                    if dead { 0 } else { classes },
                    "{threats:?}"
                );
                let axis = i % 4;
                let shape = all[i / 7 % all.len()];
                let mut changed = threats;
                changed.0[axis] = shape;
                assert_eq!(
                    cell.with_shape(axis, shape, restricted),
                    Cell::of(changed, restricted)
                );
            }
        }
    }

    #[test]
    fn dead_points_of_a_restricted_colour() {
        // Two fours, an overline, two live threes: dead for renju's black; a five saves them.
        for threats in [
            Threats([Four, Four, None, None]),
            Threats([DoubleFour, None, None, None]),
            Threats([Overline, ClosedThree, None, None]),
            Threats([OpenThree, SplitThree, None, None]),
        ] {
            assert!(Cell::of(threats, true).is_dead(), "{threats:?}");
            let mut saved = threats;
            saved.0[3] = Five;
            assert!(!Cell::of(saved, true).is_dead(), "{saved:?}");
        }
        // A four and a three is allowed.
        assert!(!Cell::of(Threats([Four, OpenThree, None, None]), true).is_dead());
    }

    #[test]
    fn eval_terms_count_axes_and_compound_points() {
        // A four, a split three and an open three: one axis each, and a four-three point
        // that is also a double-three point.
        let terms = eval_terms(Threats([Four, SplitThree, OpenThree, None]));
        assert_eq!(terms, [0, 1, 1, 1, 0, 0, 0, 0, 1, 1]);
        // Two fours on one axis: the axis's own term and the two-fours point.
        let terms = eval_terms(Threats([DoubleFour, ClosedThree, ClosedThree, None]));
        assert_eq!(terms, [2, 0, 0, 0, 1, 0, 0, 1, 0, 0]);
        let terms = eval_terms(Threats([StraightFour, Five, Five, Five]));
        assert_eq!(terms, [0, 0, 0, 0, 0, 1, 3, 0, 0, 0]);
        // No shape, an overline and a blocked five are no term.
        assert_eq!(
            eval_terms(Threats([None, Overline, BlockedFive, None])),
            [0; EVAL_TERMS]
        );
        assert_eq!(eval_terms(Threats::NONE), [0; EVAL_TERMS]);
    }

    #[test]
    fn packed_terms_are_the_terms() {
        let mut sum = 0u128;
        let mut want = [0u16; EVAL_TERMS];
        for a in LineShape::ALL {
            for b in LineShape::ALL {
                for c in [None, Four, OpenThree, SplitThree] {
                    let threats = Threats([a, b, c, a]);
                    let terms = eval_terms(threats);
                    let packed = packed_terms(Cell::new(threats));
                    assert_eq!(unpack_terms(packed), terms.map(u16::from), "{threats:?}");
                    sum += packed;
                    for (w, t) in want.iter_mut().zip(terms) {
                        *w += u16::from(t);
                    }
                }
            }
        }
        // Sums add lane by lane (400 points of four axes stay within a lane).
        assert_eq!(unpack_terms(sum), want);
        let full = packed_terms(Cell::new(Threats([Five; 4]))) * 400;
        assert_eq!(unpack_terms(full)[6], 1600);
    }

    #[test]
    fn stronger_shapes_are_worth_more() {
        let one = |s: LineShape| assess(Threats([s, None, None, None])).0;
        let order = [ClosedThree, SplitThree, OpenThree, Four, StraightFour, Five];
        assert!(order.windows(2).all(|w| one(w[0]) < one(w[1])));
    }
}
