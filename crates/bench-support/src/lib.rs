//! # boardgames-bench-support
//!
//! What the facade's benchmarks (`benches/ai_depth.rs`) and the AI-depth example
//! (`examples/ai_depth.rs`) share, as a dev-dependency (unpublished):
//!
//! - [`positions`]: the AI-depth suite, the games with an evaluator and the fixed positions of
//!   each (stored in `positions/GAME.txt` of this package);
//! - [`minimax_peer`]: the `minimax` crate (minimax-rs) searching ultimate tic-tac-toe with the
//!   same evaluator, the peer the ai-search crate is timed against.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod minimax_peer;
pub mod positions;
