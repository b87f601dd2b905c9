//! # pbrain-boardgames
//!
//! A gomoku engine speaking the Gomocup (Piskvork) brain protocol on standard input and
//! output, for Piskvork, c-gomoku-cli, GomocupJudge and any manager of that protocol. See
//! `docs/engine.md` for the commands, the coordinates, the rule values and the time policy.
//!
//! - [`protocol`]: commands, coordinates (`x,y` from the top-left) and the `INFO rule` bits;
//! - [`engine`]: the state machine, one line in and its answer out;
//! - [`clock`]: thinking time and table size from the manager's limits;
//! - [`think`]: the move choice (VCF, VCT, alpha-beta);
//! - [`swap2`]: the Swap2 opening decisions.
//!
//! The binary reads standard input on its own thread, so that `END` stops a search at once.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod clock;
pub mod engine;
pub mod protocol;
pub mod swap2;
pub mod think;

pub use engine::{Engine, Flow};
