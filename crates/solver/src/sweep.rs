//! The solver without predecessors: one sweep over the space per distance.
//!
//! Sweep `d` decides the undecided positions whose value is at distance `d`: a win if some
//! successor is lost in `d - 1` (no successor can be lost sooner: it would have been decided
//! by an earlier sweep), a loss if every successor is won and the slowest in `d - 1`. A value
//! decided during sweep `d` has distance `d` and so cannot mislead the rest of the same sweep.
//! Sweeps go on while they decide something or a known exit lies further away; what stays
//! undecided is a draw.

use crate::solve::Progress;
use crate::table::Table;
use crate::value::{best_of, Value, UNUSED};
use crate::{Node, Space, Successor};

/// The undecided marker while sweeping (a draw code is only given at the end).
const OPEN: u16 = UNUSED - 1;

/// Solves every position of `space` by sweeps (see the module documentation); `progress` is
/// called once per sweep, with the sweep's number as `done`.
pub fn solve_by_sweeps<S: Space>(space: &S, mut progress: impl FnMut(Progress)) -> Table {
    let n = space.size() as usize;
    let mut codes = vec![OPEN; n];
    let mut furthest_exit = 0u16;
    let mut values = Vec::new();
    let mut d: u16 = 0;
    loop {
        let mut changed = false;
        for i in 0..n {
            if codes[i] != OPEN {
                continue;
            }
            values.clear();
            let node = space.successors(i as u64, &mut |s| {
                values.push(match s {
                    Successor::Inside(j) => Value::from_code(codes[j as usize]),
                    Successor::Outside(v) => {
                        furthest_exit = furthest_exit.max(v.distance());
                        Some(v)
                    }
                })
            });
            let decided = match node {
                Node::Unused => Some(UNUSED),
                Node::Terminal(v) => Some(v.code()),
                Node::Inner => decide(&values, d).map(Value::code),
            };
            if let Some(code) = decided {
                codes[i] = code;
                changed = true;
            }
        }
        progress(Progress {
            stage: "sweep",
            done: u64::from(d),
            total: 0,
        });
        if !changed && d > furthest_exit.saturating_add(1) {
            break;
        }
        d += 1;
    }
    for code in &mut codes {
        if *code == OPEN {
            *code = Value::Draw.code();
        }
    }
    Table::from_codes(codes)
}

/// The value at distance `d` of a position whose successors have `values` (`None` for an
/// undecided one), if it is decided at `d`.
fn decide(values: &[Option<Value>], d: u16) -> Option<Value> {
    let lost_now = values
        .iter()
        .any(|v| matches!(v, Some(Value::Loss(e)) if e.saturating_add(1) == d));
    if lost_now {
        return Some(Value::Win(d));
    }
    let all_won = values.iter().all(|v| matches!(v, Some(Value::Win(_))));
    if !all_won {
        return None;
    }
    let value = best_of(values.iter().flatten().copied());
    (value == Value::Loss(d)).then_some(value)
}
