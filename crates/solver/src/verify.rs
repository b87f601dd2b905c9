//! The full check of a solved table against the successors of every position.

use crate::table::Table;
use crate::value::{best_of, Value};
use crate::{Node, Space, Successor};
use core::fmt;

/// A stored value that does not agree with the successors of its position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Mismatch {
    /// The position's index.
    pub index: u64,
    /// The stored value (`None`: marked unused, or past the end of the table).
    pub stored: Option<Value>,
    /// The value its successors give (`None`: the index names no position, or a successor
    /// has no value).
    pub expected: Option<Value>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |v: Option<Value>| v.map_or("no value".to_string(), |v| v.to_string());
        write!(
            f,
            "position {}: stored {}, its successors give {}",
            self.index,
            show(self.stored),
            show(self.expected)
        )
    }
}

impl std::error::Error for Mismatch {}

/// Checks that every value of `table` is the one its successors give ([`best_of`]), that
/// terminal positions hold their own value, and that unused indices are marked so.
///
/// Passing proves the table right: by induction on the distance, every position lost in `d`
/// under best play is stored as lost in `d` (all its successors are wins of at most `d - 1`,
/// stored right), every position won in `d` as won in `d` (it has a successor lost in `d - 1`
/// and none lost sooner), and so what is left, the draws, is stored as drawn.
/// `progress` is called with the number of positions checked, now and then.
pub fn verify<S: Space>(
    space: &S,
    table: &Table,
    mut progress: impl FnMut(u64),
) -> Result<(), Mismatch> {
    let mut values = Vec::new();
    for i in 0..space.size() {
        values.clear();
        let node = space.successors(i, &mut |s| {
            values.push(match s {
                Successor::Inside(j) => table.value(j),
                Successor::Outside(v) => Some(v),
            })
        });
        let stored = table.value(i);
        let expected = match node {
            Node::Unused if table.is_unused(i) => continue,
            Node::Unused => None,
            Node::Terminal(v) => Some(v),
            Node::Inner => values
                .iter()
                .copied()
                .collect::<Option<Vec<_>>>()
                .map(best_of),
        };
        if expected.is_none() || stored != expected {
            return Err(Mismatch {
                index: i,
                stored,
                expected,
            });
        }
        if i % 65_536 == 0 {
            progress(i);
        }
    }
    Ok(())
}
