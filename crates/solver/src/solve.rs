//! The solver with predecessors: a bucket queue by distance to the end.
//!
//! Every position starts undecided with the number of its distinct successors inside the
//! space. Buckets hold, for each distance `d`, the positions whose value at distance `d` is
//! known or proposed, and are emptied in increasing order:
//!
//! - a position lost in `d` proposes each undecided predecessor as a win in `d + 1`; the first
//!   proposal of a position to be taken is its quickest win, since buckets are taken in order;
//! - a position won in `d` takes one from the count of each undecided predecessor; the count of
//!   a position reaching 0 (every successor won for the opponent) makes it a loss, whose
//!   distance (one more than its slowest successor's) is found by looking at its successors
//!   again, and which goes to that distance's bucket.
//!
//! Known exits (successors outside the space) enter at the start: a lost exit proposes a win,
//! a position whose successors are all won exits is lost. What stays undecided at the end is a
//! draw. Counting *distinct* successors makes the count agree with the distinct predecessors
//! even when the space numbers symmetry classes (a class `s` is a successor of `p` exactly
//! when `p` is a predecessor of `s`).

use crate::table::Table;
use crate::value::{best_of, Value, UNUSED};
use crate::{Node, Predecessors, Successor};
use core::fmt;

/// The count bits of a position's entry: its undecided distinct successors.
const COUNT: u16 = 0x3FFF;
/// A successor outside the space is drawn: the position can never be lost.
const NO_LOSS: u16 = 0x4000;
/// The position is terminal (or unused): its value is fixed from the start.
const FIXED: u16 = 0x8000;

/// How far a solve has come, for a progress display.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Progress {
    /// `"scan"` while reading every position's successors, `"propagate"` while deciding.
    pub stage: &'static str,
    /// Positions scanned, or decided, so far.
    pub done: u64,
    /// The space's size.
    pub total: u64,
}

/// Why a space could not be solved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolveError {
    /// The space has more indices than the solver numbers (2^31 - 1).
    TooLarge {
        /// The space's size.
        size: u64,
    },
    /// A position has more distinct successors inside the space than a count holds (16,383).
    TooManySuccessors {
        /// The position's index.
        index: u64,
    },
    /// The predecessors do not match the successors (a bug of the space): a position was
    /// listed as a predecessor of one it has no move to, or its count did not match.
    Inconsistent {
        /// The index where it showed.
        index: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooLarge { size } => {
                write!(f, "space of {size} indices: at most 2^31 - 1 can be solved")
            }
            SolveError::TooManySuccessors { index } => write!(
                f,
                "position {index} has more than {COUNT} distinct successors in its space"
            ),
            SolveError::Inconsistent { index } => write!(
                f,
                "position {index}: the space's predecessors do not match its successors"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// Entries of the bucket queue: an index shifted left by one, the low bit set for a proposed
/// win (clear for a decided position whose predecessors are still to be told).
const PROPOSAL: u32 = 1;

struct Solver<'a, S> {
    space: &'a S,
    codes: Vec<u16>,
    pending: Vec<u16>,
    buckets: Vec<Vec<u32>>,
    buffer: Vec<u64>,
}

/// Solves every position of `space` (see the [crate] documentation); `progress` is called
/// now and then.
pub fn solve<S: Predecessors>(
    space: &S,
    mut progress: impl FnMut(Progress),
) -> Result<Table, SolveError> {
    let size = space.size();
    if size >= (1 << 31) {
        return Err(SolveError::TooLarge { size });
    }
    let n = size as usize;
    let mut solver = Solver {
        space,
        codes: vec![0; n],
        pending: vec![0; n],
        buckets: Vec::new(),
        buffer: Vec::new(),
    };
    for i in 0..n {
        solver.scan(i)?;
        if i % 65_536 == 0 {
            progress(Progress {
                stage: "scan",
                done: i as u64,
                total: size,
            });
        }
    }
    let mut d = 0;
    let mut decided = 0u64;
    while d < solver.buckets.len() {
        let entries = core::mem::take(&mut solver.buckets[d]);
        for entry in entries {
            decided += solver.take(entry, d)?;
            if decided % 65_536 == 0 {
                progress(Progress {
                    stage: "propagate",
                    done: decided,
                    total: size,
                });
            }
        }
        d += 1;
    }
    Ok(Table::from_codes(solver.codes))
}

impl<S: Predecessors> Solver<'_, S> {
    fn push(&mut self, distance: u16, entry: u32) {
        let d = usize::from(distance);
        if self.buckets.len() <= d {
            self.buckets.resize_with(d + 1, Vec::new);
        }
        self.buckets[d].push(entry);
    }

    /// Reads the successors of position `i` and sets up its count, its proposal or its value.
    fn scan(&mut self, i: usize) -> Result<(), SolveError> {
        self.buffer.clear();
        let (mut quickest, mut slowest, mut drawn_exit) = (None::<u16>, None::<u16>, false);
        let buffer = &mut self.buffer;
        let node = self.space.successors(i as u64, &mut |s| match s {
            Successor::Inside(j) => buffer.push(j),
            Successor::Outside(Value::Loss(d)) => {
                quickest = Some(quickest.map_or(d, |q| q.min(d)));
            }
            Successor::Outside(Value::Win(d)) => slowest = Some(slowest.map_or(d, |s| s.max(d))),
            Successor::Outside(Value::Draw) => drawn_exit = true,
        });
        match node {
            Node::Unused => {
                self.codes[i] = UNUSED;
                self.pending[i] = FIXED;
            }
            Node::Terminal(value) => {
                self.codes[i] = value.code();
                self.pending[i] = FIXED;
                if value != Value::Draw {
                    self.push(value.distance(), (i as u32) << 1);
                }
            }
            Node::Inner => {
                self.buffer.sort_unstable();
                self.buffer.dedup();
                let count = self.buffer.len();
                if count > usize::from(COUNT) {
                    return Err(SolveError::TooManySuccessors { index: i as u64 });
                }
                // A position with a drawn or a lost exit is never lost.
                let no_loss = drawn_exit || quickest.is_some();
                self.pending[i] = count as u16 | if no_loss { NO_LOSS } else { 0 };
                if let Some(d) = quickest {
                    self.push(d.saturating_add(1), (i as u32) << 1 | PROPOSAL);
                } else if count == 0 && !drawn_exit {
                    let d = slowest.map_or(0, |s| s.saturating_add(1));
                    self.codes[i] = Value::Loss(d).code();
                    self.push(d, (i as u32) << 1);
                }
            }
        }
        Ok(())
    }

    /// Takes one entry of bucket `d`: decides a proposed win, and tells the predecessors of
    /// a decided position. Returns the number of positions decided (0 or 1).
    fn take(&mut self, entry: u32, d: usize) -> Result<u64, SolveError> {
        let i = (entry >> 1) as usize;
        if entry & PROPOSAL != 0 {
            if self.codes[i] != 0 || self.pending[i] & FIXED != 0 {
                return Ok(0);
            }
            self.codes[i] = Value::Win(d as u16).code();
        }
        match Value::from_code(self.codes[i]) {
            Some(Value::Loss(d)) => self.propose_predecessors(i, d.saturating_add(1)),
            Some(Value::Win(_)) => self.count_down_predecessors(i)?,
            _ => return Err(SolveError::Inconsistent { index: i as u64 }),
        }
        Ok(1)
    }

    fn propose_predecessors(&mut self, i: usize, win: u16) {
        let mut proposals = core::mem::take(&mut self.buffer);
        proposals.clear();
        self.space
            .predecessors(i as u64, &mut |p| proposals.push(p));
        for &p in &proposals {
            let p = p as usize;
            if p < self.codes.len() && self.codes[p] == 0 && self.pending[p] & FIXED == 0 {
                self.push(win, (p as u32) << 1 | PROPOSAL);
            }
        }
        self.buffer = proposals;
    }

    fn count_down_predecessors(&mut self, i: usize) -> Result<(), SolveError> {
        let mut preds = core::mem::take(&mut self.buffer);
        preds.clear();
        self.space.predecessors(i as u64, &mut |p| preds.push(p));
        preds.sort_unstable();
        preds.dedup();
        for &p in &preds {
            let p = p as usize;
            if p >= self.codes.len() || self.codes[p] != 0 || self.pending[p] & FIXED != 0 {
                continue;
            }
            if self.pending[p] & COUNT == 0 {
                return Err(SolveError::Inconsistent { index: p as u64 });
            }
            self.pending[p] -= 1;
            if self.pending[p] == 0 {
                self.decide_loss(p)?;
            }
        }
        self.buffer = preds;
        Ok(())
    }

    /// Position `p` has only won successors: it is lost, one ply after the slowest.
    fn decide_loss(&mut self, p: usize) -> Result<(), SolveError> {
        let mut values = Vec::new();
        let codes = &self.codes;
        self.space.successors(p as u64, &mut |s| {
            values.push(match s {
                Successor::Inside(j) => Value::from_code(codes[j as usize]),
                Successor::Outside(v) => Some(v),
            })
        });
        match values.into_iter().collect::<Option<Vec<_>>>().map(best_of) {
            Some(Value::Loss(d)) => {
                self.codes[p] = Value::Loss(d).code();
                self.push(d, (p as u32) << 1);
                Ok(())
            }
            _ => Err(SolveError::Inconsistent { index: p as u64 }),
        }
    }
}
