//! # boardgames-solver
//!
//! Retrograde analysis for any game whose positions index into a dense range. A *space* is a
//! set of positions numbered `0..size` (one class of positions, or several solved together
//! because moves lead from one to the other); the game tells, for an index, the position's
//! successors: indices of the same space, or positions outside it whose [`Value`] is already
//! known (a finished game, or a class solved before). The solver gives every position its
//! value for the side to move, win, loss or draw, with the number of plies to the end under
//! best play: the winner takes the quickest win, the loser the slowest loss.
//!
//! Games with cycles are solved in the fixed-point sense: a position from which neither side
//! can force a win is a draw, however often it repeats. Symmetries are the game's business:
//! a space that numbers one representative per symmetry class (and calls the other indices
//! [`Node::Unused`]) shrinks the tables by the size of the group.
//!
//! - [`solve`]: the fast solver, for spaces that also list each position's predecessors
//!   ([`Predecessors`]): a bucket queue by distance, a count of undecided successors per
//!   position; each position is expanded a bounded number of times.
//! - [`solve_by_sweeps`]: no predecessors needed; sweeps over the whole space, one per
//!   distance, until nothing changes. Slower, and an independent check of the other.
//! - [`verify`]: every stored value agrees with the values of its successors, which for a
//!   table with distances proves it right (see the function).
//! - [`Table`], [`Table::write_to`], [`Table::read_from`]: the values as two bytes per index, in
//!   a versioned file format with a checksum ([`TableError`] for files that are not right).
//!
//! ```
//! use boardgames_solver::{solve, Node, Predecessors, Space, Successor, Value};
//!
//! // A chain 0 -> 1 -> 2 where position 2 has no move (lost), and a cycle 3 <-> 4 with an
//! // exit from 4 to 0.
//! struct Toy;
//! const MOVES: [&[u64]; 5] = [&[1], &[2], &[], &[4], &[3, 0]];
//! impl Space for Toy {
//!     fn size(&self) -> u64 { 5 }
//!     fn successors(&self, i: u64, visit: &mut impl FnMut(Successor)) -> Node {
//!         MOVES[i as usize].iter().for_each(|&j| visit(Successor::Inside(j)));
//!         Node::Inner
//!     }
//! }
//! impl Predecessors for Toy {
//!     fn predecessors(&self, i: u64, visit: &mut impl FnMut(u64)) {
//!         (0..5).filter(|&p| MOVES[p as usize].contains(&i)).for_each(visit);
//!     }
//! }
//! let table = solve(&Toy, |_| {}).unwrap();
//! assert_eq!(table.value(2), Some(Value::Loss(0)));
//! assert_eq!(table.value(0), Some(Value::Loss(2)));
//! assert_eq!(table.value(4), Some(Value::Win(3)));
//! assert_eq!(table.value(3), Some(Value::Loss(4)));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod file;
mod solve;
mod sweep;
mod table;
mod value;
mod verify;

pub use file::{checksum, TableError, TableHeader, FORMAT_VERSION};
pub use solve::{solve, Progress, SolveError};
pub use sweep::solve_by_sweeps;
pub use table::{Counts, Table};
pub use value::{best_of, Value, MAX_DISTANCE, UNUSED};
pub use verify::{verify, Mismatch};

/// One successor of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Successor {
    /// A position of the same space, by index.
    Inside(u64),
    /// A position outside the space, by its known value for the side to move there.
    Outside(Value),
}

/// What an index names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Node {
    /// No position (a non-canonical image of a symmetric position, an impossible one): it is
    /// stored as [`UNUSED`] and never visited again.
    Unused,
    /// A finished game, of this value for the side to move; its successors are not asked.
    Terminal(Value),
    /// A position whose value follows from its successors: a position with none is lost.
    Inner,
}

/// A set of positions numbered `0..size`, and their moves.
pub trait Space {
    /// The number of indices.
    fn size(&self) -> u64;

    /// What index `index` names; for an [`Node::Inner`] position, calls `visit` on each
    /// successor (once per move: repeats are allowed).
    fn successors(&self, index: u64, visit: &mut impl FnMut(Successor)) -> Node;
}

/// A space that also lists, for a position, the positions of the space with a move to it.
pub trait Predecessors: Space {
    /// Calls `visit` on the index of every position of the space with a move leading to the
    /// position of `index` (a position of its symmetry class, if the space numbers classes).
    /// Repeats are allowed; a position that has `index` among its successors must be listed.
    fn predecessors(&self, index: u64, visit: &mut impl FnMut(u64));
}
