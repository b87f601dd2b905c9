//! The searcher: negamax with alpha-beta, principal variation search, a transposition table,
//! iterative deepening, aspiration windows, killer and history move ordering, and limits.

use crate::evaluator::{terminal_score, Evaluator};
use crate::limits::Limits;
use crate::ordering::Ordering;
use crate::result::{Proof, SearchResult};
use crate::score::{self, clamp_eval, Score, INFINITY, MAX_PLY};
use crate::table::{Bound, TranspositionTable};
use boardgames_core::{Game, MoveList};
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
    /// Killer moves, countermoves and the history table in move ordering.
    pub killers_and_history: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

impl Techniques {
    /// No technique: plain negamax.
    pub const NONE: Techniques = Techniques {
        alpha_beta: false,
        pvs: false,
        table: false,
        iterative_deepening: false,
        aspiration: false,
        killers_and_history: false,
    };

    /// Every technique (the default).
    pub const ALL: Techniques = Techniques {
        alpha_beta: true,
        pvs: true,
        table: true,
        iterative_deepening: true,
        aspiration: true,
        killers_and_history: true,
    };

    /// Named combinations to check a game and evaluator against plain [`crate::negamax`]:
    /// nothing, alpha-beta alone, each other technique on top of alpha-beta (ordering and
    /// aspiration with iterative deepening, which they need), and everything.
    pub const CHECKS: [(&'static str, Techniques); 8] = {
        let ab = Techniques {
            alpha_beta: true,
            ..Techniques::NONE
        };
        let id = Techniques {
            iterative_deepening: true,
            ..ab
        };
        [
            ("plain", Techniques::NONE),
            ("alpha-beta", ab),
            ("pvs", Techniques { pvs: true, ..ab }),
            ("table", Techniques { table: true, ..ab }),
            ("iterative deepening", id),
            (
                "killers+history",
                Techniques {
                    killers_and_history: true,
                    ..id
                },
            ),
            (
                "aspiration",
                Techniques {
                    aspiration: true,
                    ..id
                },
            ),
            ("all", Techniques::ALL),
        ]
    };
}

/// The default table size: 16 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

const ASPIRATION_DELTA: Score = 50;
const CHECK_EVERY: u64 = 1024;
/// The least depth at which a node probes and stores the transposition table.
const TABLE_MIN_DEPTH: u32 = 2;
/// Room for the ordering keys of this many moves per ply is reserved when a searcher is made.
const KEYS_PER_PLY: usize = 96;

/// A reusable searcher for one game and evaluator. All its memory (table, killers, history,
/// principal variation) is allocated when it is made; a search allocates nothing per node.
///
/// ```
/// use boardgames_search::{Limits, NoKnowledge, Proof, Searcher};
/// use boardgames_tictactoe::Position;
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
    /// The plies between two iterations of iterative deepening.
    depth_step: u32,
    table: TranspositionTable<G::Move>,
    /// The default table is allocated at the first search, unless a size was chosen first.
    default_table_pending: bool,
    ordering: Ordering<G::Move>,
    pv: Vec<Option<G::Move>>,
    pv_len: Vec<usize>,
    /// The ordering keys of the moves of every node on the current line, as a stack.
    keys: Vec<Score>,
    /// The move played at each ply of the current line (for countermoves).
    line: Vec<Option<G::Move>>,
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
            depth_step: 1,
            table: TranspositionTable::with_bytes(0),
            default_table_pending: true,
            ordering: Ordering::new(),
            pv: vec![None; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            keys: Vec::with_capacity(MAX_PLY * KEYS_PER_PLY),
            line: vec![None; MAX_PLY],
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

    /// This searcher deepening `step` plies at a time (at least 1; the default is 1). The
    /// iterations are `step`, `2 * step`, ... and end exactly on the depth limit: with step 2,
    /// a depth-10 search runs depths 2, 4, ..., 10 and a depth-9 search 2, 4, 6, 8, 9; a search
    /// limited by time or nodes alone completes even depths. The value at the depth reached is
    /// the same;
    /// where the evaluation swings between odd and even depths (a side-to-move bonus, as in
    /// ultimate tic-tac-toe), skipping every other iteration saves nodes, since the table and
    /// history learnt at depth `d - 2` order depth `d` about as well.
    pub fn with_depth_step(mut self, step: u32) -> Self {
        self.depth_step = step.max(1);
        self
    }

    /// The plies between two iterations of iterative deepening.
    pub fn depth_step(&self) -> u32 {
        self.depth_step
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
        self.keys.clear();
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
        // The iterations: `step`, `2 * step`, ... and last exactly `max_depth`.
        let step = self.depth_step;
        let first = if self.techniques.iterative_deepening {
            step.min(max_depth)
        } else {
            max_depth
        };
        let mut depth = first;
        loop {
            if depth > first && self.limits_reached() {
                break;
            }
            let score = self.root_iteration(position, depth, depth == first, result.score);
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
            if complete || proven_within || self.aborted || depth == max_depth {
                break;
            }
            depth = (depth + step).min(max_depth);
        }
        result.nodes = self.nodes;
        result.table_hits = self.table_hits;
        result.elapsed = self.started.elapsed();
        result
    }

    fn root_iteration(&mut self, position: &G, depth: u32, first: bool, previous: Score) -> Score {
        // The first iteration must finish: limits apply from the second on.
        let enforce = !first || !self.techniques.iterative_deepening;
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

    fn node(&mut self, position: &G, depth: u32, ply: usize, alpha: Score, beta: Score) -> Score {
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
        // Nodes just above the leaves skip the table: their probes would mostly miss the
        // cache and the little they save costs more than the search they spare.
        let use_table = t.table && depth >= TABLE_MIN_DEPTH;
        if use_table {
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
        let base = self.keys.len();
        let score = self.search_moves(
            position,
            moves.as_mut_slice(),
            table_move,
            depth,
            ply,
            alpha,
            beta,
            key,
            use_table,
        );
        self.keys.truncate(base);
        score
    }

    /// A node whose value is its static one: a finished game or the evaluation (what
    /// [`Searcher::node`] returns at depth 0, whatever the window).
    #[inline(always)]
    fn leaf(&mut self, position: &G, ply: usize) -> Score {
        self.nodes += 1;
        self.pv_len[ply] = 0;
        match terminal_score(position.status(), position.side_to_move(), ply) {
            Some(score) => score,
            None => clamp_eval(self.evaluator.evaluate(position)),
        }
    }

    /// Moves the table move, the killer moves, then the countermove of the previous move, to
    /// the front of `moves`, in that order; returns how many were moved. They are searched
    /// before any other move is scored.
    #[inline(always)]
    fn front_moves(
        &self,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        ply: usize,
        side: boardgames_core::Player,
    ) -> usize {
        let mut front = 0;
        let killers = if self.techniques.killers_and_history {
            self.ordering.killers(ply)
        } else {
            [None, None]
        };
        let counter = if self.techniques.killers_and_history && ply > 0 {
            self.ordering.counter(side, self.line[ply - 1])
        } else {
            None
        };
        for wanted in [table_move, killers[0], killers[1], counter]
            .into_iter()
            .flatten()
        {
            if let Some(i) = moves[front..].iter().position(|&m| m == wanted) {
                moves.swap(front, front + i);
                front += 1;
            }
        }
        front
    }

    /// The move loop of [`Searcher::node`]: the table move, killers and countermove first, then the
    /// other moves by history and the evaluator's hint, whose keys are computed (on the
    /// searcher's key stack, no per-node buffer) only if the first moves did not cut off.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_moves(
        &mut self,
        position: &G,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        key: u64,
        use_table: bool,
    ) -> Score {
        let t = self.techniques;
        let side = position.side_to_move();
        let alpha_original = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let front = self.front_moves(moves, table_move, ply, side);
        let base = self.keys.len();
        for i in 0..moves.len() {
            if i >= front {
                if i == front {
                    for &mv in &moves[front..] {
                        let hint = self.evaluator.order_hint(position, mv);
                        let order = if t.killers_and_history {
                            self.ordering.history(side, &mv).saturating_add(hint)
                        } else {
                            hint
                        };
                        self.keys.push(order);
                    }
                }
                // Selection sort step: bring the best remaining move to position i.
                let keys = &mut self.keys[base..base + moves.len() - front];
                let mut pick = i - front;
                for j in pick + 1..keys.len() {
                    if keys[j] > keys[pick] {
                        pick = j;
                    }
                }
                moves.swap(i, pick + front);
                keys.swap(i - front, pick);
            }
            let mv = moves[i];
            self.line[ply] = Some(mv);
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = if depth == 1 {
                // The child is a leaf: its value does not depend on the window.
                -self.leaf(&child, ply + 1)
            } else if !t.alpha_beta {
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
                    if ply > 0 {
                        self.ordering.set_counter(side, self.line[ply - 1], mv);
                    }
                }
                break;
            }
        }
        if ply == 0 && self.pv_len[0] == 0 {
            // Every move failed low at the root: still report the best one found.
            self.record_pv(0, best_move.unwrap_or(moves[0]));
        }
        if use_table {
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
