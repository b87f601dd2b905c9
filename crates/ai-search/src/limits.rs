//! When a search stops: depth, nodes, simulations, time, or a flag set from another thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The limits of one search; whichever is reached first stops it. With no limit at all the
/// alpha-beta [`crate::Searcher`] goes as deep as [`crate::MAX_PLY`] allows or until the
/// game's end is proven, and [`crate::Mcts`] runs until its tree is full or the root is proven.
///
/// The two engines read the same limits, each in its own terms:
///
/// | limit | [`crate::Searcher`] | [`crate::Mcts`] |
/// |---|---|---|
/// | `depth` | the deepest iteration | ignored |
/// | `nodes` | nodes visited, all threads together | the most tree nodes per thread (memory; the root and its children always fit); a full tree stops growing |
/// | `simulations` | ignored | simulations, all threads together |
/// | `time`, `stop` | checked every 1024 nodes | checked every 64 simulations |
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit (alpha-beta), or to keep in the tree (MCTS).
    pub nodes: Option<u64>,
    /// The most simulations (MCTS).
    pub simulations: Option<u64>,
    /// The longest time to search.
    pub time: Option<Duration>,
    /// A flag another thread sets to stop the search.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// Search `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits::default().with_depth(depth)
    }

    /// Search for `time`.
    pub fn time(time: Duration) -> Limits {
        Limits::default().with_time(time)
    }

    /// These limits with a depth limit.
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// These limits with a node limit.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// Run `simulations` simulations (MCTS).
    pub fn simulations(simulations: u64) -> Limits {
        Limits::default().with_simulations(simulations)
    }

    /// These limits with a simulation limit (MCTS).
    pub fn with_simulations(mut self, simulations: u64) -> Limits {
        self.simulations = Some(simulations);
        self
    }

    /// These limits with a time limit.
    pub fn with_time(mut self, time: Duration) -> Limits {
        self.time = Some(time);
        self
    }

    /// These limits with a stop flag; set it to `true` to stop the search.
    pub fn with_stop_flag(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    pub(crate) fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
