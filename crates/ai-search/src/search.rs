//! The searcher: negamax with alpha-beta, principal variation search, a transposition table,
//! iterative deepening, aspiration windows, killer and history move ordering, limits, and
//! Lazy SMP threads sharing one table.

use crate::evaluator::Evaluator;
use crate::iterate::Deepening;
use crate::limits::Limits;
use crate::node::{Context, ThreadState};
use crate::result::SearchResult;
use crate::selective::Selectivity;
use crate::smp;
use crate::table::{SharedTable, SharedView, TranspositionTable};
use crate::techniques::Techniques;
use crate::walk::{CopyMake, MakeUnmake, Walk};
use boardgames_core::{Game, Unmake};
use core::marker::PhantomData;
use std::sync::Arc;

/// The default table size: 16 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// The Lazy SMP search, set by [`Searcher::with_threads`] where the game, its moves and the
/// evaluator can cross threads.
type ParallelSearch<G, E, W> =
    fn(&mut Searcher<G, E, W>, &G, &Limits) -> SearchResult<<G as Game>::Move>;

/// A reusable searcher for one game and evaluator. Its memory (table, killers, history,
/// principal variation; per thread with several threads) is allocated at its first search
/// (or when a table size is set) and reused by every search after: a search allocates nothing
/// per node.
///
/// With [`Searcher::with_threads`] above 1 it runs Lazy SMP: helper threads search the same
/// position at staggered depths and share a lock-free [`SharedTable`] with the main thread;
/// their entries let each thread cut off and order sooner. The search ends when any thread is
/// done (it completed the target depth, proved the result, or met the limits) and returns the
/// deepest iteration any thread completed. With one thread (the default) it is the
/// single-thread searcher exactly.
///
/// `W` is how it goes from a node to its children: a copy per child ([`CopyMake`], the
/// default, from [`Searcher::new`]) or one position per thread changed in place and restored
/// ([`MakeUnmake`], from [`Searcher::make_unmake`], for positions that implement
/// [`Unmake`]). Both search the same tree.
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
pub struct Searcher<G: Game, E: Evaluator<G>, W: Walk<G> = CopyMake> {
    evaluator: E,
    techniques: Techniques,
    selectivity: Selectivity,
    /// The plies between two iterations of iterative deepening.
    depth_step: u32,
    /// The table size (the default until one is chosen).
    table_bytes: usize,
    /// The one-thread table, allocated at the first one-thread search.
    table: Option<TranspositionTable<G::Move>>,
    /// The table of several threads, allocated at the first search with threads.
    shared: Option<SharedTable>,
    main: ThreadState<G::Move>,
    /// The helper threads' states (threads - 1 of them).
    helpers: Vec<ThreadState<G::Move>>,
    threads: usize,
    parallel: Option<ParallelSearch<G, E, W>>,
    walk: PhantomData<W>,
}

impl<G: Game, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher with every technique on and a [`DEFAULT_TABLE_BYTES`] table, one thread,
    /// copying the position at every node ([`CopyMake`]).
    pub fn new(evaluator: E) -> Self {
        Searcher::build(evaluator)
    }
}

impl<G: Unmake, E: Evaluator<G>> Searcher<G, E, MakeUnmake> {
    /// A searcher like [`Searcher::new`]'s that walks the tree with [`Unmake::make`] and
    /// [`Unmake::unmake`] on one position per thread instead of a copy per node
    /// ([`MakeUnmake`]): the same values, moves and node counts, at the cost of the game's
    /// take-back instead of a copy.
    ///
    /// ```
    /// use boardgames_core::{Game, Unmake};
    /// use boardgames_search::{Limits, NoKnowledge, Searcher};
    /// use boardgames_tictactoe::Position;
    ///
    /// // Tic-tac-toe takes a move back by restoring the copy it kept (it is 4 bytes).
    /// #[derive(Clone, Debug, PartialEq)]
    /// struct InPlace(Position);
    /// # impl Game for InPlace {
    /// #     type Move = <Position as Game>::Move;
    /// #     type ParseMoveError = <Position as Game>::ParseMoveError;
    /// #     type Illegal = <Position as Game>::Illegal;
    /// #     fn side_to_move(&self) -> boardgames_core::Player { self.0.side_to_move() }
    /// #     fn status(&self) -> boardgames_core::Status { self.0.status() }
    /// #     fn legal_moves(&self, moves: &mut boardgames_core::MoveList<Self::Move>) { self.0.legal_moves(moves) }
    /// #     fn check_move(&self, mv: Self::Move) -> Result<(), Self::Illegal> { self.0.check_move(mv) }
    /// #     fn play_unchecked(&mut self, mv: Self::Move) { self.0.play_unchecked(mv) }
    /// #     fn zobrist(&self) -> u64 { self.0.zobrist() }
    /// #     fn zobrist_from_scratch(&self) -> u64 { self.0.zobrist_from_scratch() }
    /// #     fn max_remaining_plies(&self) -> Option<usize> { self.0.max_remaining_plies() }
    /// #     fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError> { self.0.parse_move(text) }
    /// # }
    /// impl Unmake for InPlace {
    ///     type Undo = Position;
    ///     fn make(&mut self, mv: Self::Move) -> Position {
    ///         let before = self.0;
    ///         self.0.play_unchecked(mv);
    ///         before
    ///     }
    ///     fn unmake(&mut self, before: Position) {
    ///         self.0 = before;
    ///     }
    /// }
    ///
    /// let start = InPlace(Position::new());
    /// let copying = Searcher::new(NoKnowledge).search(&start, &Limits::depth(9));
    /// let in_place = Searcher::make_unmake(NoKnowledge).search(&start, &Limits::depth(9));
    /// assert_eq!((in_place.score, in_place.nodes), (copying.score, copying.nodes));
    /// ```
    pub fn make_unmake(evaluator: E) -> Self {
        Searcher::build(evaluator)
    }
}

impl<G: Game, E: Evaluator<G>, W: Walk<G>> Searcher<G, E, W> {
    fn build(evaluator: E) -> Self {
        Searcher {
            evaluator,
            techniques: Techniques::default(),
            selectivity: Selectivity::NONE,
            depth_step: 1,
            table_bytes: DEFAULT_TABLE_BYTES,
            table: None,
            shared: None,
            main: ThreadState::new(),
            helpers: Vec::new(),
            threads: 1,
            parallel: None,
            walk: PhantomData,
        }
    }

    /// This searcher with a transposition table of at most `bytes` bytes, allocated now (the
    /// shared table when the searcher has several threads).
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.table_bytes = bytes;
        if self.threads > 1 {
            self.table = None;
            self.shared = Some(SharedTable::with_bytes(bytes));
        } else {
            self.table = Some(TranspositionTable::with_bytes(bytes));
            self.shared = None;
        }
        self
    }

    /// This searcher with the given techniques.
    pub fn with_techniques(mut self, techniques: Techniques) -> Self {
        self.techniques = techniques;
        self
    }

    /// This searcher pruning near the horizon as `selectivity` says (the default,
    /// [`Selectivity::NONE`], prunes nothing). Its values then depend on the techniques and
    /// no longer match [`crate::negamax`]'s; see [`Selectivity`].
    pub fn with_selectivity(mut self, selectivity: Selectivity) -> Self {
        self.selectivity = selectivity;
        self
    }

    /// The selective pruning in use.
    pub fn selectivity(&self) -> Selectivity {
        self.selectivity
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

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// The techniques in use.
    pub fn techniques(&self) -> Techniques {
        self.techniques
    }

    /// Forgets everything learnt (tables, killers, history): the next search starts cold.
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
        if let Some(shared) = &mut self.shared {
            shared.clear();
        }
        self.main.clear();
        for helper in &mut self.helpers {
            helper.clear();
        }
    }

    /// Searches `position` within `limits` and returns the best move of the last completed
    /// iteration with its statistics, or a win that the iteration the limits stopped had
    /// proved for one of its root moves (a search stopped right after finding a win plays
    /// it). The first iteration always completes, so an ongoing position always gets a move.
    pub fn search(&mut self, position: &G, limits: &Limits) -> SearchResult<G::Move> {
        if let (Some(parallel), true) = (self.parallel, self.threads > 1) {
            return parallel(self, position, limits);
        }
        self.main.start(limits);
        let bytes = self.table_bytes;
        let table = self
            .table
            .get_or_insert_with(|| TranspositionTable::with_bytes(bytes));
        table.new_search();
        let mut context = Context {
            evaluator: &self.evaluator,
            techniques: self.techniques,
            selectivity: self.selectivity,
            table,
            s: &mut self.main,
            walk: PhantomData::<W>,
        };
        let deepening = Deepening {
            step: self.depth_step,
            offset: 0,
            finish_first: true,
        };
        context.deepen(position, deepening)
    }
}

impl<G, E, W> Searcher<G, E, W>
where
    W: Walk<G>,
    G: Game + Sync,
    G::Move: Send,
    E: Evaluator<G> + Sync,
{
    /// This searcher running `threads` threads (0 counts as 1). Above 1 the search is Lazy
    /// SMP over a shared table of the same size ([`Searcher::with_table_bytes`]); the node
    /// limit then counts all threads together (an equal share each), and the result's nodes
    /// and table hits are the sum over the threads. The move, score, principal variation and
    /// depth are those of the deepest iteration any thread completed (the main thread's when
    /// it went as deep), which may differ from run to run with the threads' timing; the value
    /// at a fixed depth does not.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self.parallel = Some(Self::search_lazy_smp);
        if self.threads > 1 {
            // The one-thread table is not used any more: free it (a later one-thread search
            // allocates it again).
            self.table = None;
        }
        self.helpers.resize_with(self.threads - 1, ThreadState::new);
        self
    }

    fn search_lazy_smp(&mut self, position: &G, limits: &Limits) -> SearchResult<G::Move> {
        let threads = self.threads as u64;
        let mut mine = limits.clone();
        mine.nodes = limits.nodes.map(|n| (n / threads).max(1));
        // The first thread done (at the target depth, on a proof, or on the limits) stops the
        // others.
        let group = Arc::new(smp::Group::default());
        let bytes = self.table_bytes;
        let shared = self
            .shared
            .get_or_insert_with(|| SharedTable::with_bytes(bytes));
        shared.new_search();
        let shared = &*shared;
        let (evaluator, step) = (&self.evaluator, self.depth_step);
        let methods = (self.techniques, self.selectivity);
        let main = &mut self.main;
        let helpers = &mut self.helpers;
        let (main_result, helper_results) = std::thread::scope(|scope| {
            let mut handles = Vec::with_capacity(helpers.len());
            for (i, helper) in helpers.iter_mut().enumerate() {
                helper.start(&mine);
                helper.group = Some(group.clone());
                let deepening = Deepening {
                    step,
                    offset: smp::helper_offset(step, i),
                    finish_first: false,
                };
                let group = &*group;
                handles.push(scope.spawn(move || {
                    let shared = (shared, group);
                    run_thread::<G, E, W>(evaluator, methods, shared, helper, position, deepening)
                }));
            }
            main.start(&mine);
            main.group = Some(group.clone());
            let deepening = Deepening {
                step,
                offset: 0,
                finish_first: true,
            };
            let shared = (shared, &*group);
            let result =
                run_thread::<G, E, W>(evaluator, methods, shared, main, position, deepening);
            let helpers: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
            (result, helpers)
        });
        // A later one-thread search must not see this search's group.
        self.main.group = None;
        let mut helper_results = helper_results
            .into_iter()
            .map(|r| r.unwrap_or_else(|panic| std::panic::resume_unwind(panic)));
        let mut result = smp::deepest(main_result, &mut helper_results);
        for helper in &self.helpers {
            result.nodes += helper.nodes;
            result.table_hits += helper.table_hits;
        }
        result
    }
}

/// One thread of a Lazy SMP search on the shared table; when it is done (whatever the reason)
/// it sets the group's flag, which stops the others.
fn run_thread<G: Game, E: Evaluator<G>, W: Walk<G>>(
    evaluator: &E,
    (techniques, selectivity): (Techniques, Selectivity),
    (shared, group): (&SharedTable, &smp::Group),
    state: &mut ThreadState<G::Move>,
    position: &G,
    deepening: Deepening,
) -> SearchResult<G::Move> {
    let mut view = SharedView(shared);
    let mut context = Context {
        evaluator,
        techniques,
        selectivity,
        table: &mut view,
        s: state,
        walk: PhantomData::<W>,
    };
    let result = context.deepen(position, deepening);
    group.stop();
    result
}
