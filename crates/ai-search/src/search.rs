//! The searcher: negamax with alpha-beta, principal variation search, a transposition table,
//! iterative deepening, aspiration windows, killer and history move ordering, and limits.

use crate::evaluator::{terminal_score, Evaluator};
use crate::limits::Limits;
use crate::ordering::Ordering;
use crate::result::{Proof, SearchResult};
use crate::score::{self, clamp_eval, Score, INFINITY, MAX_PLY};
use crate::table::{Bound, TranspositionTable};
use board_core::{Game, MoveList};
use smallvec::SmallVec;
use std::time::Instant;

/// Which techniques the searcher uses. Every combination returns the same value at the same
/// depth (the tests check each against plain negamax); they differ only in speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Techniques {
    /// Alpha-beta pruning (without it the search is plain negamax).
    pub alpha_beta: bool,
    /// Principal variation search: null windows after the first move.
    pub pvs: bool,
    /// Use the transposition table for cut-offs and move ordering.
    pub table: bool,
    /// Iterate depth 1, 2, ... up to the limit (otherwise search the limit depth at once).
    pub iterative_deepening: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Killer moves and the history table in move ordering.
    pub killers_and_history: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            alpha_beta: true,
            pvs: true,
            table: true,
            iterative_deepening: true,
            aspiration: true,
            killers_and_history: true,
        }
    }
}

/// The default table size: 16 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

const ASPIRATION_DELTA: Score = 50;
const CHECK_EVERY: u64 = 1024;

/// A reusable searcher for one game and evaluator. All its memory (table, killers, history,
/// principal variation) is allocated when it is made; a search allocates nothing per node.
///
/// ```
/// use ai_search::{Limits, NoKnowledge, Proof, Searcher};
/// use tictactoe::Position;
///
/// let mut searcher = Searcher::new(NoKnowledge);
/// let result = searcher.search(&Position::new(), &Limits::depth(9));
/// assert_eq!(result.proof, Some(Proof::Draw));   // tic-tac-toe is a draw
/// assert_eq!(result.score, 0);
/// assert!(result.best_move.is_some());
/// ```
pub struct Searcher<G: Game, E: Evaluator<G>> {
    evaluator: E,
    techniques: Techniques,
    table: TranspositionTable<G::Move>,
    /// The default table is allocated at the first search, unless a size was chosen first.
    default_table_pending: bool,
    ordering: Ordering<G::Move>,
    pv: Vec<Option<G::Move>>,
    pv_len: Vec<usize>,
    nodes: u64,
    table_hits: u64,
    aborted: bool,
    limits: Limits,
    started: Instant,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher with every technique on and a [`DEFAULT_TABLE_BYTES`] table.
    pub fn new(evaluator: E) -> Self {
        Searcher {
            evaluator,
            techniques: Techniques::default(),
            table: TranspositionTable::with_bytes(0),
            default_table_pending: true,
            ordering: Ordering::new(),
            pv: vec![None; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            nodes: 0,
            table_hits: 0,
            aborted: false,
            limits: Limits::default(),
            started: Instant::now(),
        }
    }

    /// This searcher with a transposition table of at most `bytes` bytes.
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.table = TranspositionTable::with_bytes(bytes);
        self.default_table_pending = false;
        self
    }

    /// This searcher with the given techniques.
    pub fn with_techniques(mut self, techniques: Techniques) -> Self {
        self.techniques = techniques;
        self
    }

    /// This searcher with principal variation search on or off.
    pub fn with_pvs(mut self, on: bool) -> Self {
        self.techniques.pvs = on;
        self
    }

    /// This searcher with aspiration windows on or off.
    pub fn with_aspiration(mut self, on: bool) -> Self {
        self.techniques.aspiration = on;
        self
    }

    /// This searcher with the transposition table used or not.
    pub fn with_table(mut self, on: bool) -> Self {
        self.techniques.table = on;
        self
    }

    /// This searcher with iterative deepening on or off.
    pub fn with_iterative_deepening(mut self, on: bool) -> Self {
        self.techniques.iterative_deepening = on;
        self
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The techniques in use.
    pub fn techniques(&self) -> Techniques {
        self.techniques
    }

    /// Forgets everything learnt (table, killers, history): the next search starts cold.
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering.clear();
    }

    /// Searches `position` within `limits` and returns the best move of the last completed
    /// iteration with its statistics. The first iteration always completes, so an ongoing
    /// position always gets a move.
    pub fn search(&mut self, position: &G, limits: &Limits) -> SearchResult<G::Move> {
        self.limits = limits.clone();
        self.started = Instant::now();
        self.nodes = 0;
        self.table_hits = 0;
        self.aborted = false;
        if self.default_table_pending {
            self.table = TranspositionTable::with_bytes(DEFAULT_TABLE_BYTES);
            self.default_table_pending = false;
        }
        self.table.new_search();
        let max_depth = limits
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
        let first = if self.techniques.iterative_deepening {
            1
        } else {
            max_depth
        };
        for depth in first..=max_depth {
            if depth > first && self.limits_reached() {
                break;
            }
            let score = self.root_iteration(position, depth, result.score);
            if self.aborted && depth > first {
                break;
            }
            let complete = remaining.is_some_and(|r| depth as usize >= r);
            result.score = score;
            result.depth = depth;
            result.pv = self.pv[..self.pv_len[0]]
                .iter()
                .flatten()
                .copied()
                .collect();
            result.best_move = result.pv.first().copied();
            result.proof = Proof::from_score(score, complete);
            let proven_within = score::plies_to_end(score).is_some_and(|n| n <= depth as usize);
            if complete || proven_within || self.aborted {
                break;
            }
        }
        result.nodes = self.nodes;
        result.table_hits = self.table_hits;
        result.elapsed = self.started.elapsed();
        result
    }

    fn root_iteration(&mut self, position: &G, depth: u32, previous: Score) -> Score {
        // The first iteration must finish: limits apply from the second on.
        let enforce = depth > 1 || !self.techniques.iterative_deepening;
        let saved_limits = if enforce {
            None
        } else {
            Some(core::mem::take(&mut self.limits))
        };
        let score = if self.techniques.aspiration
            && self.techniques.alpha_beta
            && depth > 2
            && !score::is_decisive(previous)
        {
            let (alpha, beta) = (previous - ASPIRATION_DELTA, previous + ASPIRATION_DELTA);
            let score = self.node(position, depth, 0, alpha, beta);
            if !self.aborted && (score <= alpha || score >= beta) {
                self.node(position, depth, 0, -INFINITY, INFINITY)
            } else {
                score
            }
        } else {
            self.node(position, depth, 0, -INFINITY, INFINITY)
        };
        if let Some(limits) = saved_limits {
            self.limits = limits;
        }
        score
    }

    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes % CHECK_EVERY == 0 {
            self.aborted = self.limits_reached();
        }
        self.aborted
    }

    fn limits_reached(&self) -> bool {
        let limits = &self.limits;
        limits.nodes.is_some_and(|n| self.nodes >= n)
            || limits.time.is_some_and(|t| self.started.elapsed() >= t)
            || limits.stop_requested()
    }

    fn node(
        &mut self,
        position: &G,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        if let Some(score) = terminal_score(position.status(), position.side_to_move(), ply) {
            return score;
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return clamp_eval(self.evaluator.evaluate(position));
        }
        if self.out_of_budget() {
            return 0;
        }
        let t = self.techniques;
        let key = position.zobrist();
        let mut table_move = None;
        if t.table {
            if let Some(entry) = self.table.probe(key) {
                self.table_hits += 1;
                table_move = entry.best;
                // Only an entry of exactly this depth may cut: a deeper one would give a
                // different (if better) value than a search of this depth.
                if ply > 0 && entry.depth as u32 == depth && t.alpha_beta {
                    let s = score::from_table(entry.score, ply);
                    let cut = match entry.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    };
                    if cut {
                        return s;
                    }
                }
            }
        }

        let mut moves = MoveList::new();
        self.evaluator.search_moves(position, &mut moves);
        if moves.is_empty() {
            return clamp_eval(self.evaluator.evaluate(position));
        }
        let side = position.side_to_move();
        let mut keys: SmallVec<[Score; board_core::MOVE_LIST_INLINE]> = moves
            .iter()
            .map(|&mv| {
                if Some(mv) == table_move {
                    Score::MAX
                } else if t.killers_and_history {
                    match self.ordering.is_killer(ply, mv) {
                        Some(k) => Score::MAX - 2 - k as Score,
                        None => self
                            .ordering
                            .history(side, &mv)
                            .saturating_add(self.evaluator.order_hint(position, mv)),
                    }
                } else {
                    self.evaluator.order_hint(position, mv)
                }
            })
            .collect();

        let alpha_original = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection sort step: bring the best remaining move to position i.
            let mut pick = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[pick] {
                    pick = j;
                }
            }
            moves.swap(i, pick);
            keys.swap(i, pick);
            let mv = moves[i];
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = if !t.alpha_beta {
                -self.node(&child, depth - 1, ply + 1, -INFINITY, INFINITY)
            } else if t.pvs && i > 0 {
                let s = -self.node(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.aborted {
                    -self.node(&child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            } else {
                -self.node(&child, depth - 1, ply + 1, -beta, -alpha)
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.record_pv(ply, mv);
                }
            }
            if t.alpha_beta && alpha >= beta {
                if t.killers_and_history {
                    self.ordering.reward(side, ply, depth, mv);
                }
                break;
            }
        }
        if ply == 0 && self.pv_len[0] == 0 {
            // Every move failed low at the root: still report the best one found.
            self.record_pv(0, best_move.unwrap_or(moves[0]));
        }
        if t.table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha_original {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.table.store(
                key,
                best_move,
                score::to_table(best, ply),
                depth as u8,
                bound,
            );
        }
        best
    }

    fn record_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let base = ply * MAX_PLY;
        self.pv[base] = Some(mv);
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.pv[base + 1 + i] = self.pv[(ply + 1) * MAX_PLY + i];
        }
        self.pv_len[ply] = 1 + child_len.min(MAX_PLY - 1);
    }
}
