//! Iterative deepening of one search thread: the iterations from the first depth to the
//! limits, the aspiration window of each, and the result they leave. The node and its move
//! loop are [`crate::node`]'s.

use crate::evaluator::{terminal_score, Evaluator};
use crate::node::Context;
use crate::result::{Proof, SearchResult};
use crate::score::{self, Score, INFINITY, MAX_PLY};
use crate::table::Table;
use crate::walk::Walk;
use boardgames_core::Game;

/// The half width of an aspiration window around the previous iteration's score.
const ASPIRATION_DELTA: Score = 50;

/// How a thread deepens: the plies between iterations and where it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Deepening {
    pub(crate) step: u32,
    /// Extra plies on the first iteration (Lazy SMP helpers start deeper than the main
    /// thread, so that the threads spread over depths).
    pub(crate) offset: u32,
    /// Whether the first iteration completes whatever the limits (the main thread's does, so
    /// that there is a move; a helper stops at once when told).
    pub(crate) finish_first: bool,
}

impl<G: Game, E: Evaluator<G>, T: Table<G::Move>, W: Walk<G>> Context<'_, G, E, T, W> {
    /// Iterative deepening of `position` within the limits given to [`ThreadState::start`];
    /// returns the last completed iteration, or a win the iteration stopped by the limits
    /// proved ([`Context::adopt_partial`]). The first iteration always completes.
    pub(crate) fn deepen(&mut self, position: &G, deepening: Deepening) -> SearchResult<G::Move> {
        // The thread's own position, which a make/unmake walk changes and restores.
        let mut root = position.clone();
        let position = &mut root;
        let max_depth = self
            .s
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let remaining = position.max_remaining_plies();
        let mut result = SearchResult::empty();
        if let Some(score) = terminal_score(position.status(), position.side_to_move(), 0) {
            result.score = score;
            result.proof = Proof::from_score(score, true);
            return result;
        }
        // The iterations: `step`, `2 * step`, ... and last exactly `max_depth`.
        let step = deepening.step;
        let first = if self.techniques.iterative_deepening {
            (step + deepening.offset).min(max_depth)
        } else {
            max_depth
        };
        let mut depth = first;
        loop {
            if depth > first && self.limits_reached() {
                break;
            }
            let must_finish = depth == first && deepening.finish_first;
            let score = self.root_iteration(position, depth, must_finish, result.score);
            if self.s.aborted && (depth > first || !deepening.finish_first) {
                self.adopt_partial(&mut result);
                break;
            }
            let complete = remaining.is_some_and(|r| depth as usize >= r);
            // A pruned search that saw every line's end did not see every line.
            let proves_draw = complete && self.selectivity.is_none();
            self.record_iteration(&mut result, score, depth, proves_draw);
            let proven_within = score::plies_to_end(score).is_some_and(|n| n <= depth as usize);
            if complete || proven_within || self.s.aborted || depth == max_depth {
                break;
            }
            depth = match &self.s.group {
                Some(group) => group.next_depth(depth, step, max_depth),
                None => (depth + step).min(max_depth),
            };
        }
        result.nodes = self.s.nodes;
        result.table_hits = self.s.table_hits;
        result.elapsed = self.s.started.elapsed();
        result
    }

    fn record_iteration(
        &self,
        result: &mut SearchResult<G::Move>,
        score: Score,
        depth: u32,
        complete: bool,
    ) {
        result.score = score;
        result.depth = depth;
        result.pv = self.s.pv[..self.s.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect();
        result.best_move = result.pv.first().copied();
        result.proof = Proof::from_score(score, complete);
        if let Some(group) = &self.s.group {
            group.completed(depth);
        }
    }

    /// After an iteration stopped by the limits: its principal variation and score, when a
    /// root move searched to the end proved a win in it (in a search with aspiration, in the
    /// last window tried). The win is not dropped for want of the other moves, which could
    /// only win faster; a better move that is not a proven win is dropped (a move compared
    /// with only some of its siblings is not known to be better). The depth stays the last
    /// completed iteration's.
    fn adopt_partial(&self, result: &mut SearchResult<G::Move>) {
        let len = self.s.pv_len[0];
        let won = self.s.root_score > 0 && score::is_decisive(self.s.root_score);
        if len == 0 || !won {
            return;
        }
        result.score = self.s.root_score;
        result.pv = self.s.pv[..len].iter().flatten().copied().collect();
        result.best_move = result.pv.first().copied();
        result.proof = Proof::from_score(self.s.root_score, false);
    }

    fn root_iteration(
        &mut self,
        position: &mut G,
        depth: u32,
        first: bool,
        previous: Score,
    ) -> Score {
        self.s.root_depth = depth;
        // The first iteration must finish: limits apply from the second on.
        let enforce = !first || !self.techniques.iterative_deepening;
        let saved_limits = if enforce {
            None
        } else {
            Some(core::mem::take(&mut self.s.limits))
        };
        // Nor do the other threads of a Lazy SMP search stop it.
        let group = if first { self.s.group.take() } else { None };
        let score = if self.techniques.aspiration
            && self.techniques.alpha_beta
            && depth > 2
            && !score::is_decisive(previous)
        {
            let (alpha, beta) = (previous - ASPIRATION_DELTA, previous + ASPIRATION_DELTA);
            let score = self.node(position, depth, 0, alpha, beta);
            if !self.s.aborted && (score <= alpha || score >= beta) {
                self.node(position, depth, 0, -INFINITY, INFINITY)
            } else {
                score
            }
        } else {
            self.node(position, depth, 0, -INFINITY, INFINITY)
        };
        if let Some(limits) = saved_limits {
            self.s.limits = limits;
        }
        if group.is_some() {
            self.s.group = group;
        }
        score
    }
}
