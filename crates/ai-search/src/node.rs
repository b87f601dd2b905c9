//! The alpha-beta recursion of one search thread: the thread's state, the node and its move
//! loop (the iterations over depths are [`crate::iterate`]'s). Generic over the table, so that
//! one thread's own table and the table the threads of a Lazy SMP search share run the same
//! code.

use crate::evaluator::{proven_score, terminal_score, Evaluator};
use crate::limits::Limits;
use crate::ordering::Ordering;
use crate::score::{self, clamp_eval, Score, INFINITY, MAX_PLY};
use crate::selective::Selectivity;
use crate::smp::Group;
use crate::table::{Bound, Probed, Table, TableMove};
use crate::techniques::Techniques;
use crate::walk::Walk;
use boardgames_core::{Game, MoveList, Player};
use core::marker::PhantomData;
use std::sync::Arc;
use std::time::Instant;

/// The nodes between two looks at the limits.
const CHECK_EVERY: u64 = 1024;
/// The least depth at which a node probes and stores the transposition table.
const TABLE_MIN_DEPTH: u32 = 2;
/// Room for the ordering keys of this many moves per ply is reserved when a thread is made.
const KEYS_PER_PLY: usize = 96;

/// Everything one search thread owns: move ordering, the principal variation, the key stack,
/// counters and limits. Allocated once, reused by every search.
#[derive(Clone, Debug)]
pub(crate) struct ThreadState<M> {
    ordering: Ordering<M>,
    pub(crate) pv: Vec<Option<M>>,
    pub(crate) pv_len: Vec<usize>,
    /// The score of the root's principal variation in the current iteration, set with it
    /// (whenever a root move raises alpha).
    pub(crate) root_score: Score,
    /// The static evaluation of the node at each ply of the current line (kept only when the
    /// selectivity asks: [`Selectivity::improving_moves`]).
    evals: Vec<Score>,
    /// The ordering keys of the moves of every node on the current line, as a stack.
    keys: Vec<Score>,
    /// Each node's moves in generation order, as a stack (only with an indexed table).
    originals: Vec<M>,
    /// The move played at each ply of the current line (for countermoves).
    line: Vec<Option<M>>,
    pub(crate) nodes: u64,
    /// The node count from which the limits are looked at again.
    next_check: u64,
    pub(crate) table_hits: u64,
    /// The depth of the current iteration (singular extensions stop at twice it).
    pub(crate) root_depth: u32,
    /// Whether a singular extension's verification search is running (they do not nest).
    verifying: bool,
    pub(crate) aborted: bool,
    pub(crate) limits: Limits,
    /// What the threads of a Lazy SMP search share besides the table: when one of them is
    /// done, it stops the others (after the first iteration, as the limits do).
    pub(crate) group: Option<Arc<Group>>,
    pub(crate) started: Instant,
}

impl<M: Copy + Eq + core::hash::Hash> ThreadState<M> {
    pub(crate) fn new() -> Self {
        ThreadState {
            ordering: Ordering::new(),
            pv: vec![None; MAX_PLY * MAX_PLY],
            pv_len: vec![0; MAX_PLY + 1],
            root_score: 0,
            evals: vec![0; MAX_PLY + 1],
            keys: Vec::with_capacity(MAX_PLY * KEYS_PER_PLY),
            originals: Vec::new(),
            line: vec![None; MAX_PLY],
            nodes: 0,
            next_check: CHECK_EVERY,
            table_hits: 0,
            root_depth: 0,
            verifying: false,
            aborted: false,
            limits: Limits::default(),
            group: None,
            started: Instant::now(),
        }
    }

    /// Forgets the move ordering learnt.
    pub(crate) fn clear(&mut self) {
        self.ordering.clear();
    }

    /// Starts a search under `limits`.
    pub(crate) fn start(&mut self, limits: &Limits) {
        self.limits = limits.clone();
        self.started = Instant::now();
        self.nodes = 0;
        self.next_check = CHECK_EVERY;
        self.table_hits = 0;
        self.verifying = false;
        self.aborted = false;
        self.keys.clear();
        self.originals.clear();
    }
}

/// A node's place in the search: plies left and from the root, and its table key.
#[derive(Clone, Copy, Debug)]
struct At {
    depth: u32,
    ply: usize,
    key: u64,
    use_table: bool,
    /// Whether the first move searched (the table move) is singular and searched a ply
    /// deeper.
    extend_first: bool,
    /// Whether the node's unforced moves are searched a ply shallower
    /// ([`Selectivity::fail_high_margin`]).
    fail_high: bool,
}

/// One thread's search: the evaluator, the techniques and selectivity, a table, the thread's
/// state, and how it walks from a node to its children (`W`).
pub(crate) struct Context<'a, G: Game, E, T, W> {
    pub(crate) evaluator: &'a E,
    pub(crate) techniques: Techniques,
    pub(crate) selectivity: Selectivity,
    pub(crate) table: &'a mut T,
    pub(crate) s: &'a mut ThreadState<G::Move>,
    pub(crate) walk: PhantomData<W>,
}

impl<G: Game, E: Evaluator<G>, T: Table<G::Move>, W: Walk<G>> Context<'_, G, E, T, W> {
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.s.aborted {
            return true;
        }
        // Leaves count as nodes but do not come here, so the limits are looked at once
        // `CHECK_EVERY` nodes have passed, not on exact multiples of it (which a leaf may
        // take, skipping the check).
        if self.s.nodes >= self.s.next_check {
            self.s.next_check = self.s.nodes + CHECK_EVERY;
            self.s.aborted = self.limits_reached();
        }
        self.s.aborted
    }

    pub(crate) fn limits_reached(&self) -> bool {
        let limits = &self.s.limits;
        limits.nodes.is_some_and(|n| self.s.nodes >= n)
            || limits.time.is_some_and(|t| self.s.started.elapsed() >= t)
            || limits.stop_requested()
            || self.s.group.as_ref().is_some_and(|g| g.stopped())
    }

    pub(crate) fn node(
        &mut self,
        position: &mut G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        self.s.nodes += 1;
        self.s.pv_len[ply] = 0;
        if let Some(score) = terminal_score(position.status(), position.side_to_move(), ply) {
            return score;
        }
        if let Some(score) = proven_score(self.evaluator, position, ply) {
            return score;
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return clamp_eval(self.evaluator.evaluate(position));
        }
        if self.out_of_budget() {
            return 0;
        }
        let key = position.zobrist();
        // Nodes just above the leaves skip the table: their probes would mostly miss the
        // cache and the little they save costs more than the search they spare.
        let use_table = self.techniques.table && depth >= TABLE_MIN_DEPTH;
        let mut at = At {
            depth,
            ply,
            key,
            use_table,
            extend_first: false,
            fail_high: false,
        };
        let probed = match self.probe(at, alpha, beta) {
            Ok(probed) => probed,
            Err(cut) => return cut,
        };
        let eval = self.kept_eval(position, ply);
        if let Some(score) = self.futility_cut(position, at, alpha, beta, eval) {
            return score;
        }
        let mut moves = MoveList::new();
        self.evaluator.search_moves(position, &mut moves);
        if moves.is_empty() {
            return clamp_eval(self.evaluator.evaluate(position));
        }
        let table_move = match self.table_move(position, &moves, probed, &mut at, beta) {
            Ok(table_move) => table_move,
            Err(cut) => return cut,
        };
        let score = self.searched(position, &mut moves, table_move, at, (alpha, beta));
        let widen = self.selectivity.widen_losses;
        if widen && score < 0 && score::is_decisive(score) && !self.s.aborted {
            return self.widened(position, table_move, at, (alpha, beta), score);
        }
        score
    }

    /// [`Context::search_moves`] of a node's `moves`, in their order of generation, with the
    /// thread's stacks (the moves' ordering keys, and their original order for an indexed
    /// table) restored afterwards.
    #[inline(always)]
    fn searched(
        &mut self,
        position: &mut G,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        at: At,
        (alpha, beta): (Score, Score),
    ) -> Score {
        let (keys, originals) = (self.s.keys.len(), self.s.originals.len());
        if T::INDEXED && at.use_table {
            self.s.originals.extend_from_slice(moves);
        }
        let score = self.search_moves(position, moves, table_move, at, alpha, beta);
        self.s.keys.truncate(keys);
        self.s.originals.truncate(originals);
        score
    }

    /// A node whose moves all lose by force (`lost`, see [`Selectivity::widen_losses`]),
    /// searched again with the moves the evaluator held back after its own; `lost` when it
    /// held none back. The moves searched before come first, in their order of generation,
    /// so that a table entry's move index means the same move in either list.
    #[cold]
    fn widened(
        &mut self,
        position: &mut G,
        table_move: Option<G::Move>,
        at: At,
        (alpha, beta): (Score, Score),
        lost: Score,
    ) -> Score {
        let mut moves = MoveList::new();
        self.evaluator.search_moves(position, &mut moves);
        let listed = moves.len();
        self.evaluator.held_back_moves(position, &mut moves);
        if moves.len() == listed {
            return lost;
        }
        self.searched(position, &mut moves, table_move, at, (alpha, beta))
    }

    /// The node's static evaluation, kept on the line when the selectivity uses it
    /// ([`Selectivity::improving_moves`]); `None` when it does not.
    #[inline(always)]
    fn kept_eval(&mut self, position: &G, ply: usize) -> Option<Score> {
        if !self.selectivity.tracks_improving() {
            return None;
        }
        let eval = clamp_eval(self.evaluator.evaluate(position));
        self.s.evals[ply] = eval;
        Some(eval)
    }

    /// Futility pruning, off the principal variation: the node's static value (`eval`, if
    /// already known) when the selectivity cuts it there (see [`Selectivity`]).
    #[inline(always)]
    fn futility_cut(
        &self,
        position: &G,
        at: At,
        alpha: Score,
        beta: Score,
        eval: Option<Score>,
    ) -> Option<Score> {
        if beta - alpha != 1 || at.ply == 0 {
            return None;
        }
        let eval = || eval.unwrap_or_else(|| clamp_eval(self.evaluator.evaluate(position)));
        self.selectivity.futility_cut(at.depth, beta, eval)
    }

    /// The table's word on a node: `Err` with the score when a stored result of exactly this
    /// depth (or, in a selective search, a proven win or loss of any depth) cuts it off, else
    /// `Ok` with the entry, if any (none for a node that skips the table).
    #[inline(always)]
    fn probe(
        &mut self,
        at: At,
        alpha: Score,
        beta: Score,
    ) -> Result<Option<Probed<G::Move>>, Score> {
        if !at.use_table {
            return Ok(None);
        }
        let Some(entry) = self.table.probe_entry(at.key) else {
            return Ok(None);
        };
        self.s.table_hits += 1;
        if at.ply == 0 || !self.techniques.alpha_beta {
            return Ok(Some(entry));
        }
        // Only an entry of exactly this depth may cut: a deeper one would give a different
        // (if better) value than a search of this depth. A selective search, which gives up
        // that equality, lets a proven win or loss cut at any depth: a proof stays one, and
        // the next iteration then need not prove it again.
        let s = score::from_table(entry.score, at.ply);
        let depth_fits = entry.depth as u32 == at.depth
            || (score::is_decisive(s) && !self.selectivity.is_none());
        if depth_fits {
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return Err(s);
            }
        }
        Ok(Some(entry))
    }

    /// The move of the `probed` table entry among `moves`, if any; `at.extend_first` set when
    /// it is singular; `Err` with the score when the singular test cuts the node.
    #[inline(always)]
    fn table_move(
        &mut self,
        position: &mut G,
        moves: &[G::Move],
        probed: Option<Probed<G::Move>>,
        at: &mut At,
        beta: Score,
    ) -> Result<Option<G::Move>, Score> {
        let Some(entry) = probed else {
            return Ok(None);
        };
        let table_move = match entry.best {
            TableMove::None => None,
            TableMove::Move(mv) => Some(mv),
            TableMove::Index(i) => moves.get(usize::from(i)).copied(),
        };
        // Only a node that may extend looks for the move in the list (a scan of every move).
        if !self.selectivity.extends_at(at.depth) {
            return Ok(table_move);
        }
        if let Some(mv) = table_move.filter(|m| moves.contains(m)) {
            at.extend_first = self.singular(position, moves, mv, entry, *at, beta)?;
        }
        Ok(table_move)
    }

    /// Singular extensions (see [`Selectivity`]): `Ok(true)` when `table_move`, with the table
    /// `entry`, is the only one of `moves` that reaches the entry's value less a margin, so
    /// that it is searched a ply deeper; `Err` with the cut score when another move reaches
    /// that value too and it is at or above `beta`; `Ok(false)` otherwise.
    fn singular(
        &mut self,
        position: &mut G,
        moves: &[G::Move],
        table_move: G::Move,
        entry: Probed<G::Move>,
        at: At,
        beta: Score,
    ) -> Result<bool, Score> {
        let lower = matches!(entry.bound, Bound::Lower | Bound::Exact);
        let value = score::from_table(entry.score, at.ply);
        let qualifies = at.ply > 0
            && !self.s.verifying
            && at.ply < 2 * self.s.root_depth as usize
            && moves.len() > 1;
        let Some(singular_beta) = qualifies
            .then(|| {
                self.selectivity
                    .singular_beta(at.depth, (value, u32::from(entry.depth), lower))
            })
            .flatten()
        else {
            return Ok(false);
        };
        let depth = at.depth / 2;
        self.s.verifying = true;
        let mut reached = false;
        for &mv in moves.iter().filter(|&&m| m != table_move) {
            let score = self.verify(position, mv, depth, at.ply, singular_beta);
            if self.s.aborted || score >= singular_beta {
                reached = score >= singular_beta;
                break;
            }
        }
        self.s.verifying = false;
        if self.s.aborted {
            return Ok(false);
        }
        match reached {
            false => Ok(true),
            true if singular_beta >= beta && !score::is_decisive(beta) => Err(singular_beta),
            true => Ok(false),
        }
    }

    /// The value of the child after `mv` from this node's view (`ply`), searched `depth`
    /// plies with the null window at `beta`: a singular extension's test of one move.
    fn verify(
        &mut self,
        position: &mut G,
        mv: G::Move,
        depth: u32,
        ply: usize,
        beta: Score,
    ) -> Score {
        self.s.line[ply] = Some(mv);
        let side = position.side_to_move();
        W::child(position, mv, |child| {
            let depth = depth - 1 + u32::from(self.evaluator.forced(child));
            // A child where the same side moves again keeps this node's view.
            let same_side = !G::ALTERNATES && child.side_to_move() == side;
            match (depth, same_side) {
                (0, false) => -self.leaf(child, ply + 1),
                (0, true) => self.leaf(child, ply + 1),
                (_, false) => -self.node(child, depth, ply + 1, -beta, -beta + 1),
                (_, true) => self.node(child, depth, ply + 1, beta - 1, beta),
            }
        })
    }

    /// A node whose value is its static one: a finished game or the evaluation (what
    /// [`Context::node`] returns at depth 0, whatever the window).
    #[inline(always)]
    fn leaf(&mut self, position: &G, ply: usize) -> Score {
        self.s.nodes += 1;
        self.s.pv_len[ply] = 0;
        match terminal_score(position.status(), position.side_to_move(), ply) {
            Some(score) => score,
            None => proven_score(self.evaluator, position, ply)
                .unwrap_or_else(|| clamp_eval(self.evaluator.evaluate(position))),
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
        side: Player,
    ) -> usize {
        let mut front = 0;
        let killers = if self.techniques.killers_and_history {
            self.s.ordering.killers(ply)
        } else {
            [None, None]
        };
        let counter = if self.techniques.killers_and_history && ply > 0 {
            self.s.ordering.counter(side, self.s.line[ply - 1])
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

    /// Brings the move to search `i`-th to position `i`: the front moves stay where they are;
    /// the others are ordered by history and the evaluator's hint, whose keys are computed
    /// (on the thread's key stack, no per-node buffer) when the first of them is reached, that
    /// is only if the front moves did not cut off.
    #[inline(always)]
    fn order_next(&mut self, position: &G, moves: &mut [G::Move], i: usize, front: usize) {
        if i < front {
            return;
        }
        let side = position.side_to_move();
        // The keys of this node start where the front moves end, below any child's keys.
        let base = self.s.keys.len() - if i == front { 0 } else { moves.len() - front };
        if i == front {
            for &mv in &moves[front..] {
                let hint = self.evaluator.order_hint(position, mv);
                let order = if self.techniques.killers_and_history {
                    self.s.ordering.history(side, &mv).saturating_add(hint)
                } else {
                    hint
                };
                self.s.keys.push(order);
            }
        }
        // Selection sort step: bring the best remaining move to position i.
        let keys = &mut self.s.keys[base..base + moves.len() - front];
        let mut pick = i - front;
        for j in pick + 1..keys.len() {
            if keys[j] > keys[pick] {
                pick = j;
            }
        }
        moves.swap(i, pick + front);
        keys.swap(i - front, pick);
    }

    /// The value of the child after `mv` (the `i`-th move searched, reduced by `reduce`
    /// plies), from this node's view: a leaf's static value, the full window for the first
    /// move or without alpha-beta, else a null window first (PVS, `reduce` plies shallower
    /// for a late move) and a re-search when it fails high inside the window.
    #[inline(always)]
    fn child_score(
        &mut self,
        position: &mut G,
        mv: G::Move,
        (i, reduce): (usize, u32),
        at: At,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let t = self.techniques;
        let (depth, ply) = (at.depth, at.ply);
        self.s.line[ply] = Some(mv);
        let side = position.side_to_move();
        W::child(position, mv, |child| {
            // A forced reply does not use up depth (see `Evaluator::forced`); at a node
            // expected to fail high, the others use up two plies.
            let forced = self.evaluator.forced(child);
            let depth = depth - 1 + u32::from(forced) - u32::from(at.fail_high && !forced);
            if !G::ALTERNATES && child.side_to_move() == side {
                return self.same_side_score(child, depth, i, ply, alpha, beta);
            }
            if depth == 0 {
                // The child is a leaf: its value does not depend on the window.
                -self.leaf(child, ply + 1)
            } else if !t.alpha_beta {
                -self.node(child, depth, ply + 1, -INFINITY, INFINITY)
            } else if t.pvs && i > 0 {
                let s = self.null_window(child, depth, reduce, ply, alpha);
                if s > alpha && s < beta && !self.s.aborted {
                    -self.node(child, depth, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            } else {
                -self.node(child, depth, ply + 1, -beta, -alpha)
            }
        })
    }

    /// The value of `child` (at `depth`, `ply + 1`) from its parent's view, searched with the
    /// null window above `alpha`: first `reduce` plies shallower (late-move reductions, see
    /// [`Selectivity::reduction_from`]) unless the child has only forced replies, then at
    /// the full depth if that beats alpha.
    #[inline(always)]
    fn null_window(
        &mut self,
        child: &mut G,
        depth: u32,
        reduce: u32,
        ply: usize,
        alpha: Score,
    ) -> Score {
        if reduce > 0 && reduce < depth && !self.evaluator.forced(child) {
            let s = -self.node(child, depth - reduce, ply + 1, -alpha - 1, -alpha);
            if s <= alpha || self.s.aborted {
                return s;
            }
        }
        -self.node(child, depth, ply + 1, -alpha - 1, -alpha)
    }

    /// [`Context::child_score`] for a child where the same side moves again (games that do not
    /// always alternate, [`Game::ALTERNATES`]): its value is already from this side's view, so
    /// it is searched with the same window and not negated. `depth` is the child's.
    #[cold]
    fn same_side_score(
        &mut self,
        child: &mut G,
        depth: u32,
        i: usize,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let t = self.techniques;
        if depth == 0 {
            self.leaf(child, ply + 1)
        } else if !t.alpha_beta {
            self.node(child, depth, ply + 1, -INFINITY, INFINITY)
        } else if t.pvs && i > 0 {
            let s = self.node(child, depth, ply + 1, alpha, alpha + 1);
            if s > alpha && s < beta && !self.s.aborted {
                self.node(child, depth, ply + 1, alpha, beta)
            } else {
                s
            }
        } else {
            self.node(child, depth, ply + 1, alpha, beta)
        }
    }

    /// The move loop of [`Context::node`]: the front moves first, then the others in order
    /// (see [`Context::order_next`]); stores the result in the table.
    #[inline(always)]
    fn search_moves(
        &mut self,
        position: &mut G,
        moves: &mut [G::Move],
        table_move: Option<G::Move>,
        at: At,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        let t = self.techniques;
        let side = position.side_to_move();
        let alpha_original = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let front = self.front_moves(moves, table_move, at.ply, side);
        let null_window = beta - alpha == 1;
        let limit = self.move_limit(at, null_window);
        let at = At {
            fail_high: self.fail_high(position, at, null_window, beta),
            ..at
        };
        for i in 0..moves.len() {
            if i >= limit && !(best < 0 && score::is_decisive(best)) {
                break;
            }
            self.order_next(position, moves, i, front);
            let mv = moves[i];
            let (reduce, at_move) = self.move_depth(at, (i, front), alpha, beta);
            let score = self.child_score(position, mv, (i, reduce), at_move, alpha, beta);
            if self.s.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.record_pv(at.ply, mv);
                    if at.ply == 0 {
                        self.s.root_score = score;
                    }
                }
            }
            if t.alpha_beta && (alpha >= beta || self.selectivity.stops_at(best)) {
                self.reward_cutoff(side, at, mv);
                break;
            }
        }
        // A node stopped at its first win ([`Selectivity::first_win`]) knows a lower bound.
        let beta = if self.selectivity.stops_at(best) {
            beta.min(best)
        } else {
            beta
        };
        self.finish(at, (best, best_move), moves, (alpha_original, beta));
        best
    }

    /// The plies the `i`-th move of a node loses to late-move reductions (none for the
    /// `front` moves, at the root or in a full window), and the node as that move sees it: a
    /// singular table move searched a ply deeper.
    #[inline(always)]
    fn move_depth(
        &self,
        at: At,
        (i, front): (usize, usize),
        alpha: Score,
        beta: Score,
    ) -> (u32, At) {
        let reduce = if beta - alpha == 1 && at.ply > 0 && i >= front {
            self.selectivity.reduction(at.depth, i, beta)
        } else {
            0
        };
        let deeper = u32::from(i == 0 && at.extend_first);
        let at_move = At {
            depth: at.depth + deeper,
            ..at
        };
        (reduce, at_move)
    }

    /// The end of [`Context::search_moves`]: at the root, reports the best move even when
    /// every move failed low; stores the node's `best` score and move in the table for the
    /// window it was searched with.
    #[inline(always)]
    fn finish(
        &mut self,
        at: At,
        (best, best_move): (Score, Option<G::Move>),
        moves: &[G::Move],
        (alpha, beta): (Score, Score),
    ) {
        if at.ply == 0 && self.s.pv_len[0] == 0 {
            // Every move failed low at the root: still report the best one found.
            self.record_pv(0, best_move.unwrap_or(moves[0]));
        }
        if at.use_table {
            self.store(at, best, best_move, alpha, beta, moves.len());
        }
    }

    /// The moves a node searches at most: late-move pruning, off the principal variation
    /// (`null_window`, never the root; see `Selectivity`); `usize::MAX` for no limit.
    #[inline(always)]
    fn move_limit(&self, at: At, null_window: bool) -> usize {
        if !null_window || at.ply == 0 {
            return usize::MAX;
        }
        // The evaluations are kept only when the selectivity uses them.
        let improving = self.selectivity.tracks_improving()
            && at.ply >= 2
            && self.s.evals[at.ply] > self.s.evals[at.ply - 2];
        self.selectivity.move_limit(at.depth, improving)
    }

    /// Whether a node searches its unforced moves a ply shallower (fail-high reductions, off
    /// the principal variation: `null_window`, never the root; see `Selectivity`).
    #[inline(always)]
    fn fail_high(&self, position: &G, at: At, null_window: bool, beta: Score) -> bool {
        if !null_window || at.ply == 0 {
            return false;
        }
        let eval = || {
            if self.selectivity.tracks_improving() {
                // Kept on the line by the node (`Context::kept_eval`).
                self.s.evals[at.ply]
            } else {
                clamp_eval(self.evaluator.evaluate(position))
            }
        };
        self.selectivity.fail_high(at.depth, beta, eval)
    }

    /// Rewards `mv`, which cut a node off: as a killer and in the history of `side`, and as
    /// the countermove of the move before it.
    #[inline(always)]
    fn reward_cutoff(&mut self, side: Player, at: At, mv: G::Move) {
        if !self.techniques.killers_and_history {
            return;
        }
        self.s.ordering.reward(side, at.ply, at.depth, mv);
        if at.ply > 0 {
            self.s
                .ordering
                .set_counter(side, self.s.line[at.ply - 1], mv);
        }
    }

    /// Stores a node's result: its bound from the window it was searched with.
    #[inline(always)]
    fn store(
        &mut self,
        at: At,
        best: Score,
        best_move: Option<G::Move>,
        alpha: Score,
        beta: Score,
        count: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let index = if T::INDEXED {
            // This node's moves in generation order are the top `count` of the stack.
            let originals = &self.s.originals[self.s.originals.len() - count..];
            best_move
                .and_then(|b| originals.iter().position(|&m| m == b))
                .map_or(u16::MAX, |i| i.min(usize::from(u16::MAX)) as u16)
        } else {
            u16::MAX
        };
        self.table.store_entry(
            at.key,
            best_move,
            index,
            score::to_table(best, at.ply),
            at.depth as u8,
            bound,
        );
    }

    fn record_pv(&mut self, ply: usize, mv: G::Move) {
        let s = &mut *self.s;
        let child_len = if ply + 1 < MAX_PLY {
            s.pv_len[ply + 1]
        } else {
            0
        };
        let base = ply * MAX_PLY;
        s.pv[base] = Some(mv);
        for i in 0..child_len.min(MAX_PLY - 1) {
            s.pv[base + 1 + i] = s.pv[(ply + 1) * MAX_PLY + i];
        }
        s.pv_len[ply] = 1 + child_len.min(MAX_PLY - 1);
    }
}
