//! The games of the arena: how each starts, what its record's options are, its built-in
//! openings, its levels and its alpha-beta player.

use crate::contestant::{AlphaBeta, Contestant, MoveInfo};
use crate::player_spec::{Eval, PlayerSpec};
use crate::players::{mcts_with_playout, net_mcts};
use boardgames_core::matches::record::RecordGame;
use boardgames_core::matches::{DrawRules, Match};
use boardgames_players::{gomoku, morris, tictactoe, ultimate, ComputerPlayer, Level};
use boardgames_search::{Limits, Searcher};
use serde_json::{json, Value};

/// The transposition table of an arena alpha-beta player.
const TABLE_BYTES: usize = 16 << 20;

/// A game the arena can referee.
pub(crate) trait ArenaGame {
    /// The position the players are asked about; the arena plays it in a
    /// [`Match`](boardgames_core::matches::Match), which writes the records.
    type Pos: RecordGame<Move: Send + Sync> + Send + Sync + 'static;

    /// The game's name, as the referee spells it.
    fn name(&self) -> &'static str;
    /// The start position.
    fn start_position(&self) -> Self::Pos;
    /// The draw rules the match is refereed under (none by default).
    fn draw_rules(&self) -> DrawRules {
        DrawRules::NONE
    }
    /// The referee's `options` that give the same game.
    fn options(&self) -> Value;
    /// The built-in openings, moves separated by spaces.
    fn openings(&self) -> Vec<String>;
    /// The computer level `level`, seeded by `seed`.
    fn level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>>;
    /// The computer level `level` searching with alpha-beta (ultimate's expert without its
    /// network); the level itself in the games whose levels all search so.
    fn alpha_beta_level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>> {
        self.level(level, seed)
    }
    /// Alpha-beta with the game's evaluator within `limits`, on `threads` threads.
    fn alpha_beta(&self, limits: Limits, threads: usize) -> Box<dyn Contestant<Self::Pos>>;
    /// [`ArenaGame::alpha_beta`] that also knows the game's endgame databases (`databases`)
    /// or evaluates with the weights `eval`; an error for a game without them, or when the
    /// databases cannot be read.
    fn alpha_beta_with(
        &self,
        _limits: Limits,
        _threads: usize,
        databases: bool,
        _eval: Option<&Eval>,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        let what = if databases {
            "no endgame databases (db=on is for morris)"
        } else {
            "one set of evaluation weights (eval= is for morris)"
        };
        Err(format!("{}: {what}", self.name()))
    }
    /// MCTS guided by the network of `spec` (its `net` weights file), seeded by `seed`; an
    /// error for a game without networks or a file that cannot be used.
    fn net_mcts(
        &self,
        _spec: &PlayerSpec,
        _seed: u64,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        Err(format!(
            "no network player for {}: tictactoe and ultimate have them",
            self.name()
        ))
    }
    /// MCTS (guided by the network of `spec` if it names one) whose playouts are the spec's
    /// [`Playout`](crate::Playout); an error for a game with uniformly random playouts only.
    fn mcts_with_playout(
        &self,
        spec: &PlayerSpec,
        _seed: u64,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        let name = format!("{:?}", spec.playout).to_lowercase();
        Err(format!(
            "{}: uniformly random playouts only (playout={name} is for ultimate)",
            self.name()
        ))
    }
}

/// A new match of `game`: its start position under its draw rules.
pub(crate) fn start<G: ArenaGame>(game: &G) -> Match<G::Pos> {
    Match::new(game.start_position(), game.draw_rules())
}

fn same<P: Clone>(position: &P) -> P {
    position.clone()
}

fn words(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Tic-tac-toe.
pub(crate) struct TicTacToe;

impl ArenaGame for TicTacToe {
    type Pos = boardgames_tictactoe::Position;

    fn name(&self) -> &'static str {
        "tictactoe"
    }
    fn start_position(&self) -> Self::Pos {
        Self::Pos::new()
    }
    fn options(&self) -> Value {
        json!({})
    }
    /// First moves only: every first move draws with best play, while some replies lose
    /// (an edge against the centre), and a lost opening would make the perfect player lose.
    fn openings(&self) -> Vec<String> {
        words(&["b2", "a1", "b1", "c3", "a2", "c1", "b3", "a3"])
    }
    fn level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>> {
        Box::new(tictactoe::TicTacToePlayer::new(level, seed))
    }
    fn alpha_beta(&self, limits: Limits, threads: usize) -> Box<dyn Contestant<Self::Pos>> {
        let searcher = Searcher::new(tictactoe::TicTacToeEvaluator)
            .with_table_bytes(1 << 20)
            .with_threads(threads);
        Box::new(AlphaBeta::new(searcher, limits, same))
    }
    fn net_mcts(
        &self,
        spec: &PlayerSpec,
        seed: u64,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        net_mcts(self.name(), &self.start_position(), spec, seed)
    }
}

/// Ultimate tic-tac-toe under the standard rules.
pub(crate) struct Ultimate;

impl ArenaGame for Ultimate {
    type Pos = boardgames_ultimate::Position;

    fn name(&self) -> &'static str {
        "ultimate"
    }
    fn start_position(&self) -> Self::Pos {
        Self::Pos::new()
    }
    fn options(&self) -> Value {
        json!({})
    }
    /// Two plies each: a first move in the centre, an edge or a corner board, and a reply.
    fn openings(&self) -> Vec<String> {
        words(&[
            "55 51", "55 53", "55 52", "51 15", "51 11", "51 19", "52 25", "52 21", "11 15",
            "11 19", "12 25", "19 91", "15 55", "26 61", "37 73", "48 84",
        ])
    }
    fn level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>> {
        Box::new(ultimate::UltimatePlayer::new(level, seed))
    }
    fn alpha_beta_level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>> {
        Box::new(ultimate::UltimatePlayer::alpha_beta(level, seed))
    }
    fn alpha_beta(&self, limits: Limits, threads: usize) -> Box<dyn Contestant<Self::Pos>> {
        // Two plies per iteration, as the levels and the referee search ultimate.
        let searcher = Searcher::new(ultimate::UltimateEvaluator::new())
            .with_table_bytes(TABLE_BYTES)
            .with_depth_step(2)
            .with_threads(threads);
        Box::new(AlphaBeta::new(searcher, limits, same))
    }
    fn net_mcts(
        &self,
        spec: &PlayerSpec,
        seed: u64,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        net_mcts(self.name(), &self.start_position(), spec, seed)
    }
    fn mcts_with_playout(
        &self,
        spec: &PlayerSpec,
        seed: u64,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        let playout = spec.playout.ultimate().unwrap_or_default();
        mcts_with_playout(self.name(), &self.start_position(), spec, seed, playout)
    }
}

/// Gomoku on a board size under a rule.
pub(crate) struct Gomoku {
    /// The board size.
    pub size: u32,
    /// The rule's name, as the referee spells it.
    pub rule_name: String,
    /// The empty board.
    empty: boardgames_gomoku::Position,
}

impl Gomoku {
    /// Gomoku on a `size` board under `rule`, or why not.
    pub fn new(size: u32, rule: &str) -> Result<Gomoku, String> {
        let parsed: boardgames_gomoku::Rule = rule.parse().map_err(|e| format!("{e}"))?;
        let empty = boardgames_gomoku::Position::new(size, parsed).map_err(|e| e.to_string())?;
        Ok(Gomoku {
            size,
            rule_name: rule.trim().to_ascii_lowercase(),
            empty,
        })
    }

    /// The point `dx` columns right and `dy` rows up of the centre, in notation.
    fn near_centre(&self, dx: i32, dy: i32) -> String {
        let centre = (self.size as i32 - 1) / 2;
        let column = (b'a' + (centre + dx) as u8) as char;
        format!("{column}{}", centre + dy + 1)
    }
}

impl ArenaGame for Gomoku {
    type Pos = boardgames_gomoku::Position;

    fn name(&self) -> &'static str {
        "gomoku"
    }
    fn start_position(&self) -> Self::Pos {
        self.empty
    }
    fn options(&self) -> Value {
        json!({ "size": self.size, "rule": self.rule_name })
    }
    /// Three stones around the centre: black in the centre, white touching it (straight or
    /// diagonal), black's second stone at distance one or two.
    fn openings(&self) -> Vec<String> {
        const SHAPES: [[(i32, i32); 2]; 10] = [
            [(0, 1), (1, 1)],
            [(0, 1), (1, 0)],
            [(0, 1), (-1, -1)],
            [(0, 1), (2, 0)],
            [(0, 1), (1, -2)],
            [(1, 1), (1, 0)],
            [(1, 1), (0, 2)],
            [(1, 1), (-1, 1)],
            [(1, 1), (2, -1)],
            [(1, 1), (-2, 0)],
        ];
        SHAPES
            .iter()
            .map(|[w, b]| {
                let centre = self.near_centre(0, 0);
                format!(
                    "{centre} {} {}",
                    self.near_centre(w.0, w.1),
                    self.near_centre(b.0, b.1)
                )
            })
            .collect()
    }
    fn level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>> {
        Box::new(gomoku::GomokuPlayer::new(level, seed))
    }
    fn alpha_beta(&self, limits: Limits, threads: usize) -> Box<dyn Contestant<Self::Pos>> {
        // The evaluator as the levels and the engine use it: with the four extension and a
        // wide root.
        let evaluator = gomoku::GomokuEvaluator::new()
            .with_four_extension(true)
            .with_root_width(gomoku::MAX_WIDTH);
        let searcher = Searcher::make_unmake(evaluator)
            .with_table_bytes(TABLE_BYTES)
            .with_threads(threads);
        Box::new(AlphaBeta::new(searcher, limits, |p: &Self::Pos| {
            gomoku::SearchPosition::new(*p)
        }))
    }
}

/// Nine men's morris, refereed with threefold repetition and a quiet-move rule (the players
/// see the bare position, as the levels do).
pub(crate) struct Morris {
    /// Moves in a row with neither placement nor capture that draw the game.
    pub quiet_moves: u32,
}

impl ArenaGame for Morris {
    type Pos = boardgames_morris::Position;

    fn name(&self) -> &'static str {
        "morris"
    }
    fn start_position(&self) -> Self::Pos {
        boardgames_morris::Position::new()
    }
    fn draw_rules(&self) -> DrawRules {
        DrawRules {
            threefold: true,
            quiet_moves: Some(self.quiet_moves),
        }
    }
    fn options(&self) -> Value {
        json!({ "draw_rule": { "threefold": true, "quiet_moves": self.quiet_moves } })
    }
    /// Two placements each side, spread over the rings.
    fn openings(&self) -> Vec<String> {
        words(&[
            "d2 d6",
            "a1 g7",
            "b4 f4",
            "d3 d5",
            "a4 g4",
            "d2 b4",
            "c3 e5",
            "d7 d1",
            "b2 f6",
            "d2 d6 b4 f4",
            "a4 d7 g4 d1",
            "c4 e4 d3 d5",
        ])
    }
    fn level(&self, level: Level, seed: u64) -> Box<dyn ComputerPlayer<Self::Pos>> {
        Box::new(morris::MorrisPlayer::new(level, seed))
    }
    fn alpha_beta(&self, limits: Limits, threads: usize) -> Box<dyn Contestant<Self::Pos>> {
        let searcher = Searcher::new(morris::MorrisEvaluator::new())
            .with_table_bytes(TABLE_BYTES)
            .with_threads(threads);
        Box::new(AlphaBeta::new(searcher, limits, same))
    }
    fn alpha_beta_with(
        &self,
        limits: Limits,
        threads: usize,
        databases: bool,
        eval: Option<&Eval>,
    ) -> Result<Box<dyn Contestant<Self::Pos>>, String> {
        let db = if databases {
            Some(morris_databases()?)
        } else {
            None
        };
        let weights = match eval {
            Some(Eval::Hand) => morris::MorrisEvaluator::hand_set(),
            Some(Eval::Fitted) | None => morris::MorrisEvaluator::new(),
            Some(Eval::File(path)) => morris::FittedWeights::read(path.as_ref())
                .map(morris::MorrisEvaluator::with_fitted)
                .map_err(|e| match e {
                    morris::WeightsError::Io { .. } => e.to_string(),
                    _ => format!("{path}: {e}"),
                })?,
        };
        let evaluator = morris::WithDatabases::new(weights, db);
        let root = evaluator.clone();
        let searcher = Searcher::new(evaluator)
            .with_table_bytes(TABLE_BYTES)
            .with_threads(threads);
        let search = AlphaBeta::new(searcher, limits, same);
        Ok(Box::new(DatabaseMoves {
            search,
            root,
            info: MoveInfo::default(),
        }))
    }
}

/// Alpha-beta that plays the databases' move in a won or lost position they cover, as the
/// morris player does: the search alone cannot tell apart two wins longer than its band of
/// proven scores, and could wander between them.
struct DatabaseMoves<C> {
    search: C,
    root: morris::WithDatabases<morris::MorrisEvaluator>,
    info: MoveInfo,
}

impl<C: Contestant<boardgames_morris::Position>> Contestant<boardgames_morris::Position>
    for DatabaseMoves<C>
{
    fn choose(
        &mut self,
        position: &boardgames_morris::Position,
    ) -> Option<boardgames_morris::Move> {
        if let Some(mv) = self.root.decided_move(position) {
            self.info = MoveInfo::default();
            return Some(mv);
        }
        let mv = self.search.choose(position);
        self.info = self.search.info();
        mv
    }

    fn info(&self) -> MoveInfo {
        self.info
    }
}

/// The morris endgame databases of the default data directory, read once for every game of
/// the run: an error when none is there or one is refused.
fn morris_databases() -> Result<std::sync::Arc<boardgames_morris_db::Databases>, String> {
    use boardgames_morris_db::{default_dir, Databases};
    static DB: std::sync::OnceLock<Result<std::sync::Arc<Databases>, String>> =
        std::sync::OnceLock::new();
    DB.get_or_init(|| {
        let dir = default_dir().ok_or("no data directory for the morris databases")?;
        let (db, errors) = Databases::open(&dir, 9);
        if let Some(e) = errors.first() {
            return Err(e.to_string());
        }
        if db.classes().next().is_none() {
            return Err(format!(
                "{}: no morris databases (cargo run --release -p boardgames-morris-db -- build)",
                dir.display()
            ));
        }
        Ok(std::sync::Arc::new(db))
    })
    .clone()
}
