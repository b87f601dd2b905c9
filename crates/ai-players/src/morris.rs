//! Nine men's morris: an evaluator ([`MorrisEvaluator`], with weights fitted to self-play
//! results, [`FittedWeights`]) and three computer levels.
//!
//! - [`Level::Beginner`]: a uniformly random legal move.
//! - [`Level::Normal`]: a 3-ply search with the evaluation blurred by seeded noise: it sees a
//!   mill to close or to block, but plans little.
//! - [`Level::Expert`]: a deep search (up to 600,000 nodes, about a quarter of a second in a
//!   release build).
//!
//! The levels are search limits, not time: a node budget gives the same move on every
//! machine. Ties are broken by a seeded noise of a point or two in the evaluation, and the
//! searcher starts cold for every move, so the same seed and position always give the same
//! move.
//!
//! **Repetitions.** The search runs on the bare [`boardgames_morris::Position`], which keeps no history:
//! it does not see threefold repetition or a quiet-move rule ([`boardgames_morris::Match`]'s draw
//! rules), and a position met again in the tree is searched like any other. A player in a
//! game with draw rules is asked about the match's current position and may walk into a
//! repetition draw it did not foresee.
//!
//! ```
//! use boardgames_players::morris::{Level, MorrisPlayer};
//! use boardgames_players::ComputerPlayer;
//! use boardgames_core::Game;
//! use boardgames_morris::Position;
//!
//! let mut normal = MorrisPlayer::new(Level::Normal, 7);
//! let start = Position::new();
//! let mv = normal.choose_move(&start).unwrap();
//! assert!(start.is_legal(mv));
//! assert_eq!(MorrisPlayer::new(Level::Normal, 7).choose_move(&start), Some(mv));
//! ```

mod databases;
mod evaluator;
mod fitted;
mod terms;

pub use databases::WithDatabases;
pub use evaluator::{MorrisEvaluator, Weights};
pub use fitted::{
    FittedWeights, WeightsError, BUILT_IN_WEIGHTS, SIDES, STAGES, WEIGHTS_MAGIC, WEIGHTS_VERSION,
};
pub use terms::{terms, Terms, TERMS, TERM_NAMES};

use crate::{ComputerPlayer, LevelSearch};
use boardgames_core::Game;
use boardgames_morris::Position;
use boardgames_morris_db::Databases;
use boardgames_search::{Limits, Score, Searcher};
use std::sync::Arc;

pub use crate::{Level, ParseLevelError};

/// [`MorrisEvaluator`] blurred by a seeded noise (see [`crate::Seeded`]).
pub type NoisyEvaluator = crate::Seeded<MorrisEvaluator>;

/// The search limits of a level (`None` for the beginner, who plays at random): normal
/// searches 3 plies with a noisy evaluation, expert 600,000 nodes.
pub fn level_limits(level: Level) -> Option<Limits> {
    match level {
        Level::Beginner => None,
        Level::Normal => Some(Limits::depth(3)),
        Level::Expert => Some(Limits::none().with_nodes(600_000)),
    }
}

/// The transposition table's size: none for the beginner, small for the shallow normal
/// search (the player clears it before every move).
const fn level_table_bytes(level: Level) -> usize {
    match level {
        Level::Beginner => 0,
        Level::Normal => 256 << 10,
        Level::Expert => 8 << 20,
    }
}

/// The amplitude of the seeded noise a level adds to the evaluation.
const fn level_noise(level: Level) -> Score {
    match level {
        Level::Beginner | Level::Expert => 2,
        Level::Normal => 40,
    }
}

/// The evaluation of a level: the fitted weights for the expert; the hand-set ones for the
/// normal level, whose shallow noisy search they were tuned for (and for the beginner, who
/// does not search).
fn level_evaluator(level: Level) -> MorrisEvaluator {
    match level {
        Level::Expert => MorrisEvaluator::new(),
        Level::Beginner | Level::Normal => MorrisEvaluator::hand_set(),
    }
}

/// The endgame databases of the directory `$BOARDGAMES_MORRIS_DB`, read once per process, and
/// the error of each file that was refused (corrupt, truncated, foreign, another format: its
/// class is then left to the search). On first use the small classes (up to 4 v 4, seconds)
/// are built into the directory if their files are missing and none is refused; larger ones
/// come from `cargo run --release -p boardgames-morris-db -- build`. `None` when the variable
/// is unset or the directory holds no database. The referee's `search`, the web page and the
/// console `play` use them this way, so that setting the variable is the one switch.
pub fn env_databases() -> &'static (Option<Arc<Databases>>, Vec<boardgames_morris_db::DbError>) {
    static DB: std::sync::OnceLock<(Option<Arc<Databases>>, Vec<boardgames_morris_db::DbError>)> =
        std::sync::OnceLock::new();
    DB.get_or_init(|| {
        let Some(dir) = std::env::var_os("BOARDGAMES_MORRIS_DB").filter(|d| !d.is_empty()) else {
            return (None, Vec::new());
        };
        let dir = std::path::Path::new(&dir);
        let (_, refused) = Databases::open(dir, SMALL);
        let missing = boardgames_morris_db::classes(SMALL)
            .into_iter()
            .any(|(a, b)| !dir.join(boardgames_morris_db::file_name(a, b)).exists());
        let built = if refused.is_empty() && missing {
            boardgames_morris_db::build(dir, SMALL, |_, _| {}).err()
        } else {
            None
        };
        let (db, mut errors) = Databases::open(dir, 9);
        errors.extend(built);
        let covered = db.classes().next().is_some();
        let db = covered.then(|| Arc::new(db));
        (db, errors)
    })
}

/// The most pieces a side of the classes built on first use.
const SMALL: u32 = 4;

/// A nine men's morris computer player at one level.
pub struct MorrisPlayer {
    inner: LevelSearch<Position, WithDatabases<NoisyEvaluator>>,
    limits: Option<Limits>,
    table_bytes: usize,
}

impl MorrisPlayer {
    /// A player at `level`, its choices seeded by `seed`.
    pub fn new(level: Level, seed: u64) -> Self {
        MorrisPlayer::build(
            level,
            seed,
            level_limits(level),
            level_table_bytes(level),
            None,
        )
    }

    fn build(
        level: Level,
        seed: u64,
        limits: Option<Limits>,
        table_bytes: usize,
        db: Option<Arc<Databases>>,
    ) -> Self {
        let noisy = NoisyEvaluator::new(level_evaluator(level), seed, level_noise(level));
        let evaluator = WithDatabases::new(noisy, db);
        let searcher = Searcher::new(evaluator).with_table_bytes(table_bytes);
        MorrisPlayer {
            inner: LevelSearch::from_parts(level, seed, limits.clone(), searcher),
            limits,
            table_bytes,
        }
    }

    /// This player searching with other limits (a searching level only; the beginner keeps
    /// playing at random). For tests and tuning: keep a node or depth limit for repeatable
    /// moves.
    pub fn with_limits(self, limits: Limits) -> Self {
        let limits = self.limits.as_ref().map(|_| limits);
        MorrisPlayer {
            inner: self
                .inner
                .with_limits(limits.clone().unwrap_or_else(Limits::none)),
            limits,
            table_bytes: self.table_bytes,
        }
    }

    /// This player with a transposition table of at most `bytes` bytes instead of the level's
    /// own (it is cleared before every move, so a small budget wants a small table).
    pub fn with_table_bytes(self, bytes: usize) -> Self {
        MorrisPlayer {
            inner: self.inner.with_table_bytes(bytes),
            limits: self.limits,
            table_bytes: bytes,
        }
    }

    /// This player with the endgame databases `db` (a searching level only): in a position
    /// they cover it plays their best move (the quickest win, a drawing move chosen by the
    /// search, the slowest loss), and its search knows the value of every covered position it
    /// meets. Without draw rules this never turns a win into a draw or a loss, nor a draw into
    /// a loss (see the module documentation for the draw rules).
    pub fn with_databases(self, db: Arc<Databases>) -> Self {
        let (level, seed) = (self.level(), self.inner.seed());
        if !self.inner.searches() {
            return self;
        }
        MorrisPlayer::build(level, seed, self.limits, self.table_bytes, Some(db))
    }

    /// This player with the databases named by `$BOARDGAMES_MORRIS_DB`, if that names a
    /// directory holding some ([`env_databases`]); otherwise unchanged.
    pub fn with_env_databases(self) -> Self {
        match &env_databases().0 {
            Some(db) => self.with_databases(db.clone()),
            None => self,
        }
    }

    /// The databases this player uses, if any.
    pub fn databases(&self) -> Option<&Arc<Databases>> {
        self.inner.evaluator().databases()
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.inner.level()
    }
}

impl ComputerPlayer<Position> for MorrisPlayer {
    fn choose_move(&mut self, position: &Position) -> Option<<Position as Game>::Move> {
        // The search alone could not tell apart two wins longer than its proven-score band.
        if let Some(mv) = self.inner.evaluator().decided_move(position) {
            return Some(mv);
        }
        self.inner.choose_move(position)
    }

    fn name(&self) -> String {
        self.inner.name()
    }
}
