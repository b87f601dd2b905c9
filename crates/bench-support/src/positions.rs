//! The AI-depth suite: the games that have an evaluator, and the fixed positions of each,
//! stored in this package's `positions/GAME.txt`. Used by `examples/ai_depth.rs` (depth
//! reached in a given time) and `benches/ai_depth.rs` (time to a fixed depth).
//!
//! A positions file holds one position per line: a name, then the moves from the game's start
//! in its notation, separated by spaces (`start` alone is the empty board). `#` starts a
//! comment; blank lines are skipped.
//!
//! Adding a game is one [`SuiteGame`] impl, one line in [`GAMES`] (the example's table) and
//! one line in `bench_all` of `benches/ai_depth.rs`.

use boardgames_search::{CopyMake, Limits, Searcher};

mod gomoku;
mod suite;
pub use gomoku::Gomoku;
pub use suite::{load, Named, SuiteGame};

/// Ultimate tic-tac-toe (the workspace's rules), with ai-players' evaluator.
pub struct Ultimate;

impl SuiteGame for Ultimate {
    const NAME: &'static str = "ultimate";
    const POSITIONS: &'static str = include_str!("../positions/ultimate.txt");
    // The evaluation gives the side to move a bonus: odd and even depths differ.
    const DEPTH_STEP: u32 = 2;
    type G = boardgames_ultimate::Position;
    type E = boardgames_players::ultimate::UltimateEvaluator;
    type W = CopyMake;
    fn new_searcher() -> Searcher<Self::G, Self::E> {
        Searcher::new(Self::evaluator())
    }
    fn start() -> boardgames_ultimate::Position {
        boardgames_ultimate::Position::new()
    }
    fn evaluator() -> Self::E {
        boardgames_players::ultimate::UltimateEvaluator::new()
    }
}

/// Nine men's morris (standard rules, flying on), with ai-players' evaluator. The search
/// runs on the bare position: it does not see repetitions.
pub struct Morris;

impl SuiteGame for Morris {
    const NAME: &'static str = "morris";
    const POSITIONS: &'static str = include_str!("../positions/morris.txt");
    type G = boardgames_morris::Position;
    type E = boardgames_players::morris::MorrisEvaluator;
    type W = CopyMake;
    fn new_searcher() -> Searcher<Self::G, Self::E> {
        Searcher::new(Self::evaluator())
    }
    fn start() -> boardgames_morris::Position {
        boardgames_morris::Position::new()
    }
    fn evaluator() -> Self::E {
        boardgames_players::morris::MorrisEvaluator::new()
    }
}

/// One game's part of the suite, type-erased for the table.
pub struct Entry {
    /// The game's name.
    pub name: &'static str,
    /// Searches every stored position of the game within the limits.
    pub run: fn(&Limits, usize) -> Result<Vec<Row>, String>,
}

/// The table of games: one line per game with an evaluator.
pub const GAMES: &[Entry] = &[
    Entry {
        name: Ultimate::NAME,
        run: run_game::<Ultimate>,
    },
    Entry {
        name: Morris::NAME,
        run: run_game::<Morris>,
    },
    Entry {
        name: Gomoku::NAME,
        run: run_game::<Gomoku>,
    },
];

/// One search of one stored position.
#[derive(Clone, Debug)]
pub struct Row {
    /// The game.
    pub game: &'static str,
    /// The position's name.
    pub position: String,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time taken, in microseconds.
    pub micros: u64,
    /// The best move, in the game's notation.
    pub best: String,
    /// Its score from the side to move's view.
    pub score: i32,
    /// `win`, `loss` or `draw` when the search proved it.
    pub proof: Option<&'static str>,
}

/// The stored positions of a suite game.
pub fn positions<S: SuiteGame>() -> Result<Vec<Named<S::G>>, String> {
    S::load(S::POSITIONS).map_err(|e| format!("{}.txt: {e}", S::NAME))
}

/// A fresh searcher for `S` with a table of `table_bytes`.
pub fn searcher<S: SuiteGame>(table_bytes: usize) -> Searcher<S::G, S::E, S::W> {
    S::new_searcher()
        .with_table_bytes(table_bytes)
        .with_depth_step(S::DEPTH_STEP)
}

/// Searches every stored position of `S` within `limits`, each with a fresh searcher holding
/// a table of `table_bytes`.
pub fn run_game<S: SuiteGame>(limits: &Limits, table_bytes: usize) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for named in positions::<S>()? {
        let mut searcher = searcher::<S>(table_bytes);
        let result = searcher.search(&named.position, limits);
        rows.push(Row {
            game: S::NAME,
            position: named.name,
            depth: result.depth,
            nodes: result.nodes,
            nps: result.nodes_per_second(),
            micros: result.elapsed.as_micros() as u64,
            best: result
                .best_move
                .map_or_else(|| "-".to_owned(), |m| m.to_string()),
            score: result.score,
            proof: result.proof.map(|p| p.name()),
        });
    }
    Ok(rows)
}
