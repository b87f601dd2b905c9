//! Lazy SMP policy: how the helper threads deepen, and whose result the search returns.

use crate::node::Deepening;
use crate::result::SearchResult;

/// How helper `i` (from 0) deepens: odd helpers start one step deeper than the main thread,
/// so that the threads spread over depths.
pub(crate) fn helper_deepening(step: u32, i: usize) -> Deepening {
    Deepening {
        step,
        offset: step * ((i as u32 + 1) % 2),
        finish_first: false,
    }
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
