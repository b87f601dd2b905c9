//! Lazy SMP policy: how the threads of one search deepen and stop together, and whose result
//! the search returns.

use crate::result::SearchResult;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// What the threads of one Lazy SMP search share besides the table.
#[derive(Debug, Default)]
pub(crate) struct Group {
    /// Set by the first thread done (at the target depth, on a proof or on the limits).
    stop: AtomicBool,
    /// The deepest iteration any thread completed.
    completed: AtomicU32,
}

impl Group {
    /// Whether a thread is done, which stops the others.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Stops the other threads.
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Notes an iteration a thread completed.
    pub(crate) fn completed(&self, depth: u32) {
        self.completed.fetch_max(depth, Ordering::Relaxed);
    }

    /// The iteration a thread starts after completing `depth`: the next step, or past the
    /// deepest iteration another thread completed (searching it again would only confirm
    /// it), at most `max_depth`.
    pub(crate) fn next_depth(&self, depth: u32, step: u32, max_depth: u32) -> u32 {
        let done = self.completed.load(Ordering::Relaxed).max(depth);
        (done + step).min(max_depth)
    }
}

/// The extra plies of helper `i`'s (from 0) first iteration: odd helpers start one step
/// deeper than the main thread, so that the threads spread over depths.
pub(crate) fn helper_offset(step: u32, i: usize) -> u32 {
    step * ((i as u32 + 1) % 2)
}

/// The result of the deepest iteration any thread completed; the main thread's when it went
/// as deep. A helper stopped before completing any iteration (depth 0) is never taken.
pub(crate) fn deepest<M>(
    main: SearchResult<M>,
    helpers: &mut dyn Iterator<Item = SearchResult<M>>,
) -> SearchResult<M> {
    let mut best = main;
    for helper in helpers {
        if helper.depth > best.depth && helper.best_move.is_some() {
            let (nodes, hits, elapsed) = (best.nodes, best.table_hits, best.elapsed);
            best = SearchResult {
                nodes,
                table_hits: hits,
                elapsed,
                ..helper
            };
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn completed(depth: u32, best: u8, nodes: u64) -> SearchResult<u8> {
        SearchResult {
            best_move: Some(best),
            depth,
            nodes,
            ..SearchResult::empty()
        }
    }

    #[test]
    fn the_deepest_iteration_wins_and_the_main_thread_breaks_ties() {
        let pick = |main, helpers: Vec<SearchResult<u8>>| deepest(main, &mut helpers.into_iter());
        // A deeper helper's move, with the main thread's own counters (the caller adds the
        // helpers' nodes).
        let got = pick(completed(6, 1, 100), vec![completed(8, 2, 50)]);
        assert_eq!((got.best_move, got.depth, got.nodes), (Some(2), 8, 100));
        let got = pick(completed(8, 1, 100), vec![completed(8, 2, 50)]);
        assert_eq!(got.best_move, Some(1));
        let got = pick(
            completed(4, 1, 100),
            vec![completed(6, 2, 1), completed(10, 3, 1), completed(8, 4, 1)],
        );
        assert_eq!((got.best_move, got.depth), (Some(3), 10));
        // A helper stopped before completing an iteration has no move to give.
        let empty = SearchResult::empty();
        assert_eq!(pick(completed(2, 1, 1), vec![empty]).best_move, Some(1));
    }

    #[test]
    fn a_thread_skips_iterations_another_completed() {
        let group = Group::default();
        assert_eq!(group.next_depth(4, 2, 11), 6);
        group.completed(8);
        assert_eq!(group.next_depth(4, 2, 11), 10);
        assert_eq!(group.next_depth(10, 2, 11), 11);
        group.completed(6);
        assert_eq!(group.next_depth(2, 1, 20), 9);
        assert!(!group.stopped());
        group.stop();
        assert!(group.stopped());
    }
}
