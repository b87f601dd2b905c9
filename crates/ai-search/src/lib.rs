//! # ai-search
//!
//! Generic game-tree search for any [`boardgames_core::Game`], two engines:
//!
//! - [`Searcher`]: negamax with alpha-beta pruning, principal variation search, a
//!   transposition table keyed by the games' 64-bit hashes (depth-preferred slot plus an
//!   always-replace slot, mate scores stored relative to the node), iterative deepening (one or
//!   more plies a step) with aspiration windows, move ordering (table move, killer moves,
//!   countermoves, history table, the evaluator's hint), limits on depth, nodes, time and a
//!   stop flag, optional selective search ([`Selectivity`]: futility pruning, late-move
//!   pruning, late-move and fail-high reductions, singular extensions), and Lazy SMP threads
//!   ([`Searcher::with_threads`]) sharing a lock-free [`table::SharedTable`].
//! - [`Mcts`]: Monte Carlo tree search, UCT (or PUCT with a policy) over a flat arena,
//!   random playouts ([`RandomPlayout`]) or an evaluator ([`Heuristic`]) at the leaves,
//!   MCTS-Solver proofs, tree reuse between moves, limits on simulations, time, tree nodes and
//!   a stop flag, and root-parallel threads ([`Mcts::with_threads`]).
//!
//! Both read the same [`Limits`].
//!
//! - Scores are from the side to move's view and symmetric ([`INFINITY`] negates safely). A
//!   win `n` plies away scores `WIN - n`, so the search takes the fastest win and delays a loss;
//!   proven results come back as [`Proof`].
//! - The [`Evaluator`] holds the game knowledge, apart from the rules; [`NoKnowledge`] scores
//!   every ongoing position 0. An evaluator may also extend forced replies
//!   ([`Evaluator::forced`]) and name results it knows without search ([`Evaluator::proven`],
//!   a [`Proven`] win or loss that the search scores like the end of the game).
//! - [`negamax`] is the plain oracle; every technique of [`Searcher`] returns the same value at
//!   the same depth (the tests check it on random positions, see [`check_techniques`]). The
//!   one setting that does not, [`Selectivity`], is off by default; what it keeps (its proofs)
//!   is checked by [`check_selective`].
//! - A searcher copies the position at every node ([`CopyMake`]), or, for a position that
//!   implements [`boardgames_core::Unmake`] and carries large incremental state, changes one
//!   position in place and restores it ([`MakeUnmake`], [`Searcher::make_unmake`]).
//! - A searcher allocates its table and buffers at its first search (or when its table size is
//!   set) and keeps them: a search allocates nothing per node. The MCTS tree grows by doubling
//!   up to its node limit.
//!
//! ## Example
//!
//! ```
//! use boardgames_search::{Limits, NoKnowledge, Proof, Searcher};
//! use boardgames_core::Game;
//! use boardgames_tictactoe::Position;
//!
//! // X to move can win at once on the top row.
//! let position: Position = "XX./OO./...".parse().unwrap();
//! let mut searcher = Searcher::new(NoKnowledge).with_table_bytes(1 << 20);
//! let result = searcher.search(&position, &Limits::depth(9));
//! assert_eq!(result.best_move.unwrap().to_string(), "c3");
//! assert_eq!(result.proof, Some(Proof::Win));
//! assert_eq!(result.plies_to_end(), Some(1));
//! ```
//!
//! ## Feature flags
//!
//! None: the crate has no optional features.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod check;
mod evaluator;
mod iterate;
mod limits;
pub mod mcts;
mod negamax;
mod node;
mod ordering;
mod result;
pub mod score;
mod search;
mod selective;
mod smp;
pub mod table;
mod techniques;
mod walk;

pub use check::{check_selective, check_techniques, check_techniques_make_unmake};
pub use evaluator::{terminal_score, Evaluator, NoKnowledge, Proven};
pub use limits::Limits;
pub use mcts::{
    Heuristic, InvalidExploration, InvalidFpuReduction, Leaf, Mcts, MctsConfig, MctsResult,
    MoveStats, ParallelGame, RandomPlayout,
};
pub use negamax::negamax;
pub use result::{Proof, SearchResult};
pub use score::{Score, INFINITY, MAX_EVAL, MAX_PLY, WIN};
pub use search::{Searcher, DEFAULT_TABLE_BYTES};
pub use selective::{Selectivity, LATE_MOVE_DEPTHS};
pub use techniques::Techniques;
pub use walk::{CopyMake, MakeUnmake, Walk};
