//! The solved values of a space, two bytes per index.

use crate::value::{Value, UNUSED};

/// The values of a space: one [`Value::code`] per index, [`UNUSED`] where the index names no
/// position.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Table {
    codes: Vec<u16>,
}

/// How many positions of a table are won, drawn and lost for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Counts {
    /// Won for the side to move.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// Indices that name no position.
    pub unused: u64,
    /// The longest distance to the end of a won or lost position.
    pub longest: u16,
}

impl Counts {
    /// The positions counted (won, drawn and lost).
    pub fn positions(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

impl core::ops::Add for Counts {
    type Output = Counts;

    /// Both tallies together.
    fn add(self, other: Counts) -> Counts {
        Counts {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
            unused: self.unused + other.unused,
            longest: self.longest.max(other.longest),
        }
    }
}

impl Table {
    /// A table of the given codes.
    pub fn from_codes(codes: Vec<u16>) -> Table {
        Table { codes }
    }

    /// The codes, one per index.
    pub fn codes(&self) -> &[u16] {
        &self.codes
    }

    /// The codes, to take them apart.
    pub fn into_codes(self) -> Vec<u16> {
        self.codes
    }

    /// The number of indices.
    pub fn len(&self) -> u64 {
        self.codes.len() as u64
    }

    /// `true` for a table of no index.
    pub fn is_empty(&self) -> bool {
        self.codes.is_empty()
    }

    /// The value of the position of `index`; `None` past the end or for an unused index.
    #[inline]
    pub fn value(&self, index: u64) -> Option<Value> {
        let code = *self.codes.get(usize::try_from(index).ok()?)?;
        Value::from_code(code)
    }

    /// The tallies of the table's values.
    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for &code in &self.codes {
            match Value::from_code(code) {
                None => counts.unused += 1,
                Some(Value::Draw) => counts.draws += 1,
                Some(Value::Win(d)) => {
                    counts.wins += 1;
                    counts.longest = counts.longest.max(d);
                }
                Some(Value::Loss(d)) => {
                    counts.losses += 1;
                    counts.longest = counts.longest.max(d);
                }
            }
        }
        counts
    }

    /// The table with indices `range` only (a class of a space that solved several together).
    pub fn slice(&self, range: core::ops::Range<u64>) -> Table {
        let (start, end) = (range.start as usize, range.end as usize);
        Table::from_codes(self.codes[start.min(end)..end.min(self.codes.len())].to_vec())
    }

    /// Whether `index` names no position.
    pub fn is_unused(&self, index: u64) -> bool {
        self.codes.get(index as usize) == Some(&UNUSED)
    }
}
