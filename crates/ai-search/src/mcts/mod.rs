//! Monte Carlo tree search for any [`Game`]: UCT (or PUCT with a policy), random playouts or
//! an evaluator at the leaves, MCTS-Solver proofs, tree reuse between moves, limits, and
//! root-parallel threads.
//!
//! ```
//! use boardgames_search::{Limits, Mcts, Proof, RandomPlayout};
//! use boardgames_tictactoe::Position;
//!
//! // X to move wins at once on the top row; the solver proves it.
//! let position: Position = "XX./OO./...".parse().unwrap();
//! let mut mcts = Mcts::new(RandomPlayout::default()).with_seed(7);
//! let result = mcts.search(&position, &Limits::simulations(10_000));
//! assert_eq!(result.best_move.unwrap().to_string(), "c3");
//! assert_eq!(result.proof, Some(Proof::Win));
//! assert!(result.simulations <= 10_000);
//! ```

mod leaf;
mod result;
mod tree;

pub use leaf::{softmax, Heuristic, Leaf, RandomPlayout};
pub use result::{MctsResult, MoveStats};

use crate::Limits;
use boardgames_core::{Game, Rng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use tree::{Selection, Tree};

/// The default exploration constant of UCT (rewards are in `0..=1`).
pub const DEFAULT_EXPLORATION: f64 = 1.0;

/// The default largest tree, per thread, in nodes (a node takes 32 bytes or so, by move size).
pub const DEFAULT_MAX_NODES: usize = 1 << 22;

/// Time, the stop flag and the tree size are checked once every this many simulations.
const CHECK_EVERY: u64 = 64;

/// The exploration constant given was not a finite number at least 0.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("exploration constant {0} is not a finite number at least 0")]
pub struct InvalidExploration(pub f64);

/// The first-play-urgency reduction given was not a finite number at least 0.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("first-play-urgency reduction {0} is not a finite number at least 0")]
pub struct InvalidFpuReduction(pub f64);

/// The search settings that stay the same from one search to the next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT (or PUCT) exploration constant.
    pub exploration: f64,
    /// Under PUCT, the value of a child not yet visited: `None` a draw (0.5, the default);
    /// `Some(r)` its parent's mean value for the side to move there, less `r` (first-play
    /// urgency: an untried move is first thought a little worse than the moves tried).
    pub fpu_reduction: Option<f64>,
    /// The visits a leaf has had before it is expanded (1, the default: at its second
    /// visit). Until then each visit values it again with the [`Leaf`] evaluator, which is
    /// worth it only for one that varies (random playouts): a policy's priors are then asked
    /// for fewer positions, and the tree takes fewer nodes. The root is always expanded.
    pub expand_after: u32,
    /// The largest tree per thread, in nodes, unless [`Limits::nodes`] is smaller.
    pub max_nodes: usize,
    /// The seed of the playouts: equal seeds, equal searches (one thread, no time limit).
    pub seed: u64,
    /// Keep the subtree of the new root between searches (the same position, or one or two
    /// plies on from the last root).
    pub reuse_tree: bool,
    /// The number of search threads (root-parallel: one tree each, merged at the root).
    pub threads: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: DEFAULT_EXPLORATION,
            fpu_reduction: None,
            expand_after: 1,
            max_nodes: DEFAULT_MAX_NODES,
            seed: 0x5EED,
            reuse_tree: true,
            threads: 1,
        }
    }
}

/// One thread's search state: its tree, leaf evaluator and generator.
#[derive(Clone, Debug)]
struct Worker<G: Game, L> {
    tree: Tree<G>,
    leaf: L,
    rng: Rng,
}

/// What one thread's run did.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    simulations: u64,
    reused: usize,
}

/// The limits one thread runs under, resolved from [`Limits`] and the config.
#[derive(Clone, Copy, Debug)]
struct Budget<'a> {
    simulations: Option<u64>,
    deadline: Option<Instant>,
    max_nodes: usize,
    stop: Option<&'a AtomicBool>,
    /// Set by the thread that proves the root, for the others.
    done: &'a AtomicBool,
    selection: Selection,
    reuse: bool,
    /// Run one simulation whatever the limits (thread 0, so that there is a move).
    at_least_one: bool,
}

impl<G: Game, L: Leaf<G>> Worker<G, L> {
    /// Simulations until a limit is reached or the root is proven (at least one).
    fn run(&mut self, position: &G, budget: &Budget<'_>) -> Run {
        let reused = self.tree.set_root(position, budget.reuse);
        let bounded =
            budget.simulations.is_some() || budget.deadline.is_some() || budget.stop.is_some();
        let mut simulations = 0u64;
        loop {
            if self.tree.root().proof != tree::UNPROVEN {
                budget.done.store(true, Ordering::Relaxed);
                break;
            }
            if simulations > 0 || !budget.at_least_one {
                if budget.simulations.is_some_and(|s| simulations >= s) {
                    break;
                }
                if simulations % CHECK_EVERY == 0 && self.should_stop(budget, bounded) {
                    break;
                }
            }
            self.tree.simulate(
                position,
                &mut self.leaf,
                &mut self.rng,
                budget.selection,
                budget.max_nodes,
            );
            simulations += 1;
        }
        Run {
            simulations,
            reused,
        }
    }

    fn should_stop(&self, budget: &Budget<'_>, bounded: bool) -> bool {
        budget.deadline.is_some_and(|d| Instant::now() >= d)
            || budget.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || budget.done.load(Ordering::Relaxed)
            // With no other limit, a full tree ends the search.
            || (!bounded && self.tree.full)
    }
}

/// The root-parallel search, set by [`Mcts::with_threads`] where the game and leaf evaluator
/// can cross threads.
type ParallelSearch<G, L> = fn(&mut Mcts<G, L>, &G, &Limits) -> MctsResult<<G as Game>::Move>;

/// A Monte Carlo tree searcher for one game and leaf evaluator, reusable from move to move.
///
/// Each search runs simulations from the root: down the tree by UCT (`mean + c *
/// sqrt(ln N / n)`, unvisited children first) or PUCT when the leaf evaluator gives priors;
/// a node visited a second time (or later, [`MctsConfig::expand_after`]) is expanded (all its
/// children at once, in one block of a flat arena); a new leaf is valued by the [`Leaf`]
/// evaluator (a random playout by default) or, if the game is over there, by its result.
/// Results proven at the leaves propagate up (MCTS-Solver): a proven root ends the search,
/// and a proven win is always played.
///
/// Limits ([`Limits`]): `simulations`, `time`, `stop`, and `nodes` as the largest tree; the
/// first simulation always runs, so an ongoing position always gets a move.
///
/// Rewards and proofs follow the players, not the plies: in a game where one side may move
/// twice in a row (`Game::ALTERNATES = false`, gomoku's opening steps) a node reached by such a
/// move keeps its side's values; in the other games this costs nothing (it compiles away).
pub struct Mcts<G: Game, L: Leaf<G> = RandomPlayout> {
    config: MctsConfig,
    workers: Vec<Worker<G, L>>,
    parallel: Option<ParallelSearch<G, L>>,
}

impl<G: Game, L: Leaf<G>> Mcts<G, L> {
    /// A searcher valuing leaves with `leaf`, with the default [`MctsConfig`].
    pub fn new(leaf: L) -> Self {
        let config = MctsConfig::default();
        Mcts {
            workers: vec![Worker {
                tree: Tree::new(),
                leaf,
                rng: Rng::new(config.seed),
            }],
            config,
            parallel: None,
        }
    }

    /// This searcher with exploration constant `c` (at least 0; [`DEFAULT_EXPLORATION`]
    /// by default).
    pub fn with_exploration(mut self, c: f64) -> Result<Self, InvalidExploration> {
        if !c.is_finite() || c < 0.0 {
            return Err(InvalidExploration(c));
        }
        self.config.exploration = c;
        Ok(self)
    }

    /// This searcher valuing a child not yet visited, under PUCT, as its parent's mean value
    /// for the side to move there less `r` (at least 0), rather than as a draw
    /// ([`MctsConfig::fpu_reduction`]).
    pub fn with_fpu_reduction(mut self, r: f64) -> Result<Self, InvalidFpuReduction> {
        if !r.is_finite() || r < 0.0 {
            return Err(InvalidFpuReduction(r));
        }
        self.config.fpu_reduction = Some(r);
        Ok(self)
    }

    /// This searcher expanding a leaf once it has had `visits` visits (0 counts as 1, the
    /// default; see [`MctsConfig::expand_after`]).
    pub fn with_expand_after(mut self, visits: u32) -> Self {
        self.config.expand_after = visits.max(1);
        self
    }

    /// This searcher with its playouts seeded by `seed`.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.config.seed = seed;
        self.reseed();
        self
    }

    /// This searcher with trees of at most `nodes` nodes per thread.
    pub fn with_max_nodes(mut self, nodes: usize) -> Self {
        self.config.max_nodes = nodes.max(1);
        self
    }

    /// This searcher keeping its tree between searches or not (on by default).
    pub fn with_tree_reuse(mut self, on: bool) -> Self {
        self.config.reuse_tree = on;
        self
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Forgets the trees: the next search starts from nothing.
    pub fn clear(&mut self) {
        for w in &mut self.workers {
            w.tree = Tree::new();
        }
    }

    /// The nodes in the trees now, all threads together.
    pub fn tree_nodes(&self) -> usize {
        self.workers.iter().map(|w| w.tree.nodes.len()).sum()
    }

    fn reseed(&mut self) {
        let base = Rng::new(self.config.seed);
        for (i, w) in self.workers.iter_mut().enumerate() {
            w.rng = if i == 0 {
                base.clone()
            } else {
                base.fork(i as u64)
            };
        }
    }

    fn budget<'a>(&self, limits: &'a Limits, done: &'a AtomicBool, started: Instant) -> Budget<'a> {
        let nodes = limits
            .nodes
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
        Budget {
            simulations: limits.simulations,
            deadline: limits.time.map(|t| started + t),
            max_nodes: self.config.max_nodes.min(nodes).max(1),
            stop: limits.stop.as_deref(),
            done,
            selection: Selection {
                exploration: self.config.exploration,
                fpu_reduction: self.config.fpu_reduction,
                expand_after: self.config.expand_after,
            },
            reuse: self.config.reuse_tree,
            at_least_one: true,
        }
    }

    /// Searches `position` within `limits` and returns the move to play with the search's
    /// statistics. A finished game gets no move (and its result as the proof).
    pub fn search(&mut self, position: &G, limits: &Limits) -> MctsResult<G::Move> {
        if let Some(result) = MctsResult::finished(position) {
            return result;
        }
        if let (Some(parallel), true) = (self.parallel, self.config.threads > 1) {
            return parallel(self, position, limits);
        }
        let started = Instant::now();
        let done = AtomicBool::new(false);
        let budget = self.budget(limits, &done, started);
        let run = self.workers[0].run(position, &budget);
        let trees = [&self.workers[0].tree];
        MctsResult::from_trees(&trees, run.simulations, run.reused, started.elapsed())
    }
}

/// A game that root-parallel MCTS can search on several threads: the threads share the root
/// position and send back trees of its moves, so both must cross threads. What
/// [`Mcts::with_threads`] asks of the game, given to every such game by a blanket
/// implementation; a wrapper that offers threads too (such as `boardgames_players`'
/// `MctsPlayer`) bounds its game with it rather than repeating the list.
pub trait ParallelGame: Game<Move: Send + Sync> + Send + Sync {}

impl<G: Game<Move: Send + Sync> + Send + Sync> ParallelGame for G {}

impl<G: ParallelGame, L: Leaf<G> + Send> Mcts<G, L> {
    /// This searcher running `threads` threads (0 counts as 1), root-parallel: each thread
    /// grows its own tree from its own seed, the simulation limit is shared out between them,
    /// and the root's children are merged (visits and values summed) to choose the move.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.config.threads = threads.max(1);
        self.parallel = Some(Self::search_parallel);
        let leaf = self.workers[0].leaf.clone();
        self.workers.resize_with(self.config.threads, || Worker {
            tree: Tree::new(),
            leaf: leaf.clone(),
            rng: Rng::new(0),
        });
        self.reseed();
        self
    }

    fn search_parallel(&mut self, position: &G, limits: &Limits) -> MctsResult<G::Move> {
        let started = Instant::now();
        let done = AtomicBool::new(false);
        let budget = self.budget(limits, &done, started);
        let threads = self.workers.len() as u64;
        let runs: Vec<Run> = std::thread::scope(|scope| {
            let handles: Vec<_> = self
                .workers
                .iter_mut()
                .enumerate()
                .map(|(i, worker)| {
                    let mut mine = budget;
                    mine.at_least_one = i == 0;
                    // Thread i takes its share of the simulations (the first ones the rest).
                    mine.simulations = budget
                        .simulations
                        .map(|s| s / threads + u64::from((i as u64) < s % threads));
                    scope.spawn(move || worker.run(position, &mine))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        let simulations = runs.iter().map(|r| r.simulations).sum();
        let reused = runs.iter().map(|r| r.reused).sum();
        let trees: Vec<&Tree<G>> = self.workers.iter().map(|w| &w.tree).collect();
        MctsResult::from_trees(&trees, simulations, reused, started.elapsed())
    }
}

impl<G: Game, L: Leaf<G> + Default> Default for Mcts<G, L> {
    fn default() -> Self {
        Mcts::new(L::default())
    }
}
