//! Point classes: the four axis shapes of an empty point for a colour, taken as a set (their
//! order does not matter), are one of [`POINT_CLASSES`] classes. Each class is split by the
//! colour's own stones near the point ([`near_group`]: none, one, two, three or more on the
//! point's eight neighbours and the points two steps away along its four lines), and a
//! [`ClassValues`] table gives each class and group a value for the side to move and one
//! for the side that waits. A [`crate::gomoku::SearchPosition`] keeps both values summed
//! over the empty points of each colour move by move; the evaluator scores the side to
//! move's sum for the side to move minus the opponent's for the side that waits.
//!
//! The classes generalise the evaluation terms ([`crate::gomoku::EvalWeights`]): the terms
//! value a point as the sum of its axes plus three combinations, a class values every
//! combination on its own (a four with a split three and a closed three, two split threes
//! and an open three, ...). [`ClassValues::from_weights`] gives the classes the values the
//! terms give them (the same in every group, and nothing to a point with no shape), and the
//! built-in tables of standard and renju are those values refitted class by class and group
//! by group to self-play games (the tools crate's `fit_classes`).

use super::evaluator::EvalWeights;
use super::values::{packed_terms, unpack_terms, Cell, EVAL_TERMS};
use boardgames_gomoku::rule::Ends;
use boardgames_gomoku::threat::{LineShape, Threats};
use boardgames_gomoku::Rule;
use boardgames_search::Score;
use std::sync::OnceLock;

/// The axis codes a class is made of: the line shapes that carry an evaluation term (an
/// overline and a blocked five count as no shape), the first eight of [`LineShape::ALL`] from
/// [`LineShape::None`] to [`LineShape::Five`]. Code 0 is no shape.
pub const CLASS_CODES: [LineShape; CODES] = {
    let mut codes = [LineShape::None; CODES];
    let mut k = 0;
    while k < CODES {
        codes[k] = LineShape::ALL[k];
        k += 1;
    }
    codes
};

/// The number of axis codes.
const CODES: usize = 8;

/// The names of the axis codes in a class values file, in [`CLASS_CODES`] order.
pub const CODE_NAMES: [&str; CODES] = ["-", "c3", "s3", "o3", "4", "44", "s4", "5"];

/// The number of point classes: the sets of four codes with repetition (`C(11, 4)`). Class 0
/// is the point with no shape on any axis, worth nothing.
pub const POINT_CLASSES: usize = 330;

/// The code of a nibble of packed shapes ([`CLASS_CODES`]): the shape's own number up to
/// [`LineShape::Five`]; an overline, a blocked five and a nibble that is no shape are code 0.
const fn code_of_nibble(nibble: u32) -> usize {
    if (nibble as usize) < CODES {
        nibble as usize
    } else {
        0
    }
}

/// The tables of the classes: the class of each 16-bit word of packed shapes
/// ([`Cell::shape_bits`]), and the four codes of each class (in increasing order).
pub(crate) struct ClassTable {
    pub(crate) of_bits: Box<[u16]>,
    codes: [[u8; 4]; POINT_CLASSES],
}

/// The classes' tables, generated on first use: the classes are the sets of four codes in
/// increasing order, numbered in lexicographic order.
pub(crate) fn class_table() -> &'static ClassTable {
    static TABLE: OnceLock<ClassTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut codes = [[0u8; 4]; POINT_CLASSES];
        let mut rank = vec![0u16; CODES * CODES * CODES * CODES];
        let mut n = 0;
        for a in 0..CODES {
            for b in a..CODES {
                for c in b..CODES {
                    for d in c..CODES {
                        codes[n] = [a as u8, b as u8, c as u8, d as u8];
                        rank[((a * CODES + b) * CODES + c) * CODES + d] = n as u16;
                        n += 1;
                    }
                }
            }
        }
        debug_assert_eq!(n, POINT_CLASSES);
        let of_bits = (0..1u32 << 16)
            .map(|bits| {
                let mut k: [usize; 4] =
                    core::array::from_fn(|axis| code_of_nibble(bits >> (4 * axis as u32) & 0xF));
                k.sort_unstable();
                rank[((k[0] * CODES + k[1]) * CODES + k[2]) * CODES + k[3]]
            })
            .collect();
        ClassTable { of_bits, codes }
    })
}

/// The class of a cell: the set of its four shapes; class 0 for a dead cell (a restricted
/// colour's point that may be forbidden, [`Cell::of`]), which is worth nothing.
#[inline]
pub fn point_class(cell: Cell) -> usize {
    if cell.is_dead() {
        0
    } else {
        usize::from(class_table().of_bits[cell.shape_bits() as usize])
    }
}

/// The shapes of a class, one a code, in increasing order of code.
pub fn class_shapes(class: usize) -> Threats {
    let codes = class_table().codes[class % POINT_CLASSES];
    Threats(codes.map(|k| CLASS_CODES[usize::from(k)]))
}

/// The number of groups a class is split into by the colour's own stones near the point
/// ([`near_group`]).
pub const NEAR_GROUPS: usize = 4;

/// The group of a point with `neighbours` stones of its colour near it (its eight neighbours
/// and the points two steps away along its four lines): the count, three or more as one.
#[inline(always)]
pub const fn near_group(neighbours: u32) -> usize {
    if neighbours < NEAR_GROUPS as u32 {
        neighbours as usize
    } else {
        NEAR_GROUPS - 1
    }
}

/// The number of values of each side in a table: a value for each class in each group.
pub const CLASS_VALUE_COUNT: usize = NEAR_GROUPS * POINT_CLASSES;

/// The values of the point classes: for each class and group of own stones nearby
/// ([`near_group`]), what an empty point of that class is worth to the side to move and to
/// the side that waits, in the evaluator's units, at index `group * POINT_CLASSES + class`.
/// Class 0 (no shape) with no stone nearby is worth nothing.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ClassValues {
    to_move: Box<[Score; CLASS_VALUE_COUNT]>,
    waiting: Box<[Score; CLASS_VALUE_COUNT]>,
}

/// The first line of a class values file.
pub const CLASS_VALUES_MAGIC: &str = "boardgames-gomoku-classes 2";

/// The largest value a file may give a class.
const MAX_VALUE: Score = 20_000;

/// What is wrong with a class values file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassValuesError {
    /// The first line is not [`CLASS_VALUES_MAGIC`].
    #[error("not a gomoku class values file (the first line is not \"{CLASS_VALUES_MAGIC}\")")]
    NotClassValues,
    /// A line that is not four codes, a group and two values in range.
    #[error("line {line}: {reason}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A class and group the file gives twice, or not at all.
    #[error(
        "class {0} given {1} times (each class and group other than \"- - - - 0\" exactly once)"
    )]
    Count(String, usize),
}

impl ClassValues {
    /// The values the evaluation terms weighed with `weights` give each class: what the
    /// evaluator scores with those weights.
    pub fn from_weights(weights: &EvalWeights) -> ClassValues {
        let mut values = ClassValues::zero();
        for class in 1..POINT_CLASSES {
            let terms = unpack_terms(packed_terms(Cell::new(class_shapes(class))));
            let dot = |w: &[Score; EVAL_TERMS]| -> Score {
                w.iter().zip(terms).map(|(&w, t)| w * Score::from(t)).sum()
            };
            for group in 0..NEAR_GROUPS {
                values.set_value(class, group, [dot(&weights.to_move), dot(&weights.waiting)]);
            }
        }
        values
    }

    /// Every class worth nothing.
    fn zero() -> ClassValues {
        ClassValues {
            to_move: Box::new([0; CLASS_VALUE_COUNT]),
            waiting: Box::new([0; CLASS_VALUE_COUNT]),
        }
    }

    /// The values of `class` in near group `group` ([`near_group`]) to the side to move and
    /// to the side that waits (0 for numbers that are no class or group).
    #[inline(always)]
    pub fn value(&self, class: usize, group: usize) -> [Score; 2] {
        let k = group * POINT_CLASSES + class;
        match (self.to_move.get(k), self.waiting.get(k)) {
            (Some(&to_move), Some(&waiting)) if class < POINT_CLASSES => [to_move, waiting],
            _ => [0, 0],
        }
    }

    /// Sets the values of `class` in near group `group` (class 0 with no stone nearby, and
    /// numbers that are no class or group, stay worth nothing).
    pub fn set_value(&mut self, class: usize, group: usize, [to_move, waiting]: [Score; 2]) {
        if (class != 0 || group != 0) && class < POINT_CLASSES && group < NEAR_GROUPS {
            let k = group * POINT_CLASSES + class;
            self.to_move[k] = to_move;
            self.waiting[k] = waiting;
        }
    }

    /// The built-in values of `rule`, fitted under standard and renju; `None` for the other
    /// rules. [`crate::gomoku::SearchPosition::with_class_values`] turns them on.
    pub fn for_rule(rule: &Rule) -> Option<&'static ClassValues> {
        static STANDARD: OnceLock<Option<ClassValues>> = OnceLock::new();
        static RENJU: OnceLock<Option<ClassValues>> = OnceLock::new();
        if rule.ends != Ends::Ignored || rule.with_gomocup_draw(false) == Rule::FREESTYLE {
            return None;
        }
        let (cell, text) = if *rule.forbidden_points.get(boardgames_core::Player::First) {
            (&RENJU, BUILT_IN_RENJU)
        } else {
            (&STANDARD, BUILT_IN_STANDARD)
        };
        cell.get_or_init(|| ClassValues::parse(text).ok()).as_ref()
    }

    /// Reads a class values file: the line [`CLASS_VALUES_MAGIC`], then one line a class and
    /// group other than class 0 in group 0: the class's four codes ([`CODE_NAMES`], any
    /// order), the group (0 to 3, 3 for three stones or more) and the values to the side to
    /// move and to the side that waits. `#` starts a comment; blank lines are skipped.
    pub fn parse(text: &str) -> Result<ClassValues, ClassValuesError> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l.trim()) != Some(CLASS_VALUES_MAGIC) {
            return Err(ClassValuesError::NotClassValues);
        }
        let mut values = ClassValues::zero();
        let mut seen = vec![0usize; CLASS_VALUE_COUNT];
        for (i, line) in lines {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let error = |reason: String| ClassValuesError::Line {
                line: i + 1,
                reason,
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let [a, b, c, d, group, to_move, waiting] = words[..] else {
                return Err(error(format!(
                    "{} words, not 4 codes, a group and 2 values",
                    words.len()
                )));
            };
            let group = group
                .parse::<usize>()
                .ok()
                .filter(|&g| g < NEAR_GROUPS)
                .ok_or_else(|| error(format!("{group:?} is not a group from 0 to 3")))?;
            let mut shapes = [LineShape::None; 4];
            for (shape, name) in shapes.iter_mut().zip([a, b, c, d]) {
                let code = CODE_NAMES.iter().position(|&n| n == name);
                let code = code.ok_or_else(|| error(format!("unknown code {name:?}")))?;
                *shape = CLASS_CODES[code];
            }
            let value = |word: &str| match word.parse::<Score>() {
                Ok(v) if v.abs() <= MAX_VALUE => Ok(v),
                _ => Err(error(format!(
                    "{word:?} is not a value within ±{MAX_VALUE}"
                ))),
            };
            let class = point_class(Cell::new(Threats(shapes)));
            if class == 0 && group == 0 {
                return Err(error(
                    "the class with no shape and no stone near is worth nothing".into(),
                ));
            }
            values.set_value(class, group, [value(to_move)?, value(waiting)?]);
            seen[group * POINT_CLASSES + class] += 1;
        }
        if let Some(k) = (1..CLASS_VALUE_COUNT).find(|&k| seen[k] != 1) {
            let name = format!("{} {}", class_name(k % POINT_CLASSES), k / POINT_CLASSES);
            return Err(ClassValuesError::Count(name, seen[k]));
        }
        Ok(values)
    }

    /// The values as a class values file ([`ClassValues::parse`] reads it back), after the
    /// comment lines `comments`.
    pub fn to_text(&self, comments: &[String]) -> String {
        let mut text = format!("{CLASS_VALUES_MAGIC}\n");
        for comment in comments {
            text.push_str(&format!("# {comment}\n"));
        }
        for k in 1..CLASS_VALUE_COUNT {
            text.push_str(&format!(
                "{} {} {} {}\n",
                class_name(k % POINT_CLASSES),
                k / POINT_CLASSES,
                self.to_move[k],
                self.waiting[k]
            ));
        }
        text
    }
}

/// A class's four code names, strongest first (`"4 o3 - -"`).
pub fn class_name(class: usize) -> String {
    let codes = class_table().codes[class % POINT_CLASSES];
    let names: Vec<&str> = codes
        .iter()
        .rev()
        .map(|&k| CODE_NAMES[usize::from(k)])
        .collect();
    names.join(" ")
}

/// The built-in class values of standard (`data/gomoku-classes-standard.txt`).
pub const BUILT_IN_STANDARD: &str = include_str!("../../data/gomoku-classes-standard.txt");

/// The built-in class values of renju (`data/gomoku-classes-renju.txt`).
pub const BUILT_IN_RENJU: &str = include_str!("../../data/gomoku-classes-renju.txt");

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of four shapes: its class holds the same shapes (as a set, an
    /// overline and a blocked five as no shape), and the class's value from the weights is
    /// the terms' value of the combination itself.
    #[test]
    fn classes_are_the_sets_of_shapes_and_keep_the_terms_values() {
        let all = LineShape::ALL;
        let values = ClassValues::from_weights(&EvalWeights::FITTED);
        let term_value = |threats: Threats, w: &[Score; EVAL_TERMS]| -> Score {
            let terms = unpack_terms(packed_terms(Cell::new(threats)));
            w.iter().zip(terms).map(|(&w, t)| w * Score::from(t)).sum()
        };
        let key = |t: Threats| {
            let mut k = t.0.map(|s| code_of_nibble(s as u32));
            k.sort_unstable();
            k
        };
        for i in 0..all.len().pow(4) {
            let threats = Threats(core::array::from_fn(|k| {
                all[i / all.len().pow(k as u32) % all.len()]
            }));
            let class = point_class(Cell::new(threats));
            assert_eq!(key(class_shapes(class)), key(threats), "{threats:?}");
            for group in 0..NEAR_GROUPS {
                assert_eq!(
                    values.value(class, group),
                    [
                        term_value(threats, &EvalWeights::FITTED.to_move),
                        term_value(threats, &EvalWeights::FITTED.waiting)
                    ]
                );
            }
            assert_eq!(point_class(Cell::of(threats, true)) == 0, {
                Cell::of(threats, true).is_dead() || key(threats) == [0; 4]
            });
        }
    }

    #[test]
    fn files_read_back_and_bad_files_are_refused() {
        let values = ClassValues::from_weights(&EvalWeights::HAND_SET);
        let text = values.to_text(&["a comment".into()]);
        assert_eq!(ClassValues::parse(&text).as_ref(), Ok(&values));
        assert_eq!(
            ClassValues::parse("boardgames-morris-eval 1\n"),
            Err(ClassValuesError::NotClassValues)
        );
        let bad_code = text.replace("\n4 - - - 1 ", "\n4 x - - 1 ");
        assert_ne!(bad_code, text);
        assert!(matches!(
            ClassValues::parse(&bad_code),
            Err(ClassValuesError::Line { .. })
        ));
        let four = point_class(Cell::new(Threats([
            LineShape::Four,
            LineShape::None,
            LineShape::None,
            LineShape::None,
        ])));
        let [four, _] = values.value(four, 2);
        let too_big = text.replacen(&format!("\n4 - - - 2 {four} "), "\n4 - - - 2 99999 ", 1);
        assert_ne!(too_big, text);
        assert!(matches!(
            ClassValues::parse(&too_big),
            Err(ClassValuesError::Line { .. })
        ));
        let missing: String = text
            .lines()
            .filter(|l| !l.starts_with("o3 o3 - - 3 "))
            .fold(String::new(), |mut s, l| {
                s.push_str(l);
                s.push('\n');
                s
            });
        assert_ne!(missing, text);
        assert!(matches!(
            ClassValues::parse(&missing),
            Err(ClassValuesError::Count(..))
        ));
        let bad_group = text.replace("\n4 - - - 1 ", "\n4 - - - 4 ");
        assert!(matches!(
            ClassValues::parse(&bad_group),
            Err(ClassValuesError::Line { .. })
        ));
        let twice = text.replace("\n4 - - - 1 ", "\n4 - - - 2 ");
        assert!(matches!(
            ClassValues::parse(&twice),
            Err(ClassValuesError::Count(..))
        ));
        // The built-in tables read.
        for rule in [Rule::STANDARD, Rule::RENJU] {
            assert!(ClassValues::for_rule(&rule).is_some(), "{rule:?}");
        }
        assert!(ClassValues::for_rule(&Rule::FREESTYLE).is_none());
        assert!(ClassValues::for_rule(&Rule::CARO).is_none());
    }
}
