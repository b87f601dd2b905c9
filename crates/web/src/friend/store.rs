//! The storage of friend games behind one small trait, so that another database can take
//! SQLite's place: a game is its setup (game, options, clock, seat tokens) and the list of
//! its actions, each stamped with the seat that made it and the time it was committed.

use crate::friend::clock::TimeControl;
use boardgames_core::Player;
use serde_json::{Map, Value};

/// A failure of the store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// An action was appended at an index other than the next one: another action came
    /// first (the caller reloads the game).
    Conflict,
    /// No game has this id.
    Missing,
    /// The database failed or holds something this server cannot read.
    Failed(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("another action was stored first"),
            StoreError::Missing => f.write_str("no such game"),
            StoreError::Failed(why) => write!(f, "the game store failed: {why}"),
        }
    }
}

impl std::error::Error for StoreError {}

/// One committed action: a move (a string) or a match action (`{"resign": "first"}`...),
/// the seat that made it (`None`: the server, for a fallen flag) and when, in milliseconds
/// since the Unix epoch.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// The action as the referee reads it.
    pub action: Value,
    /// Who made it.
    pub seat: Option<Player>,
    /// When it was committed.
    pub at_ms: i64,
}

/// A friend game as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    /// The game's public id (in its link).
    pub id: String,
    /// `tictactoe`, `ultimate`, `gomoku` or `morris`.
    pub game: String,
    /// The game's options.
    pub options: Map<String, Value>,
    /// The clock, if the game has one.
    pub time: Option<TimeControl>,
    /// Each seat's secret token, `first` then `second`.
    pub tokens: [String; 2],
    /// Whether each seat's token has been handed out.
    pub claimed: [bool; 2],
    /// Who created the game (the client address), for the cap on open games.
    pub client: String,
    /// When it was created (milliseconds since the Unix epoch).
    pub created_ms: i64,
    /// Whether it is over.
    pub over: bool,
    /// When it ends by time unless someone acts (a clock's flag, or abandonment).
    pub deadline_ms: Option<i64>,
    /// Its actions, in order.
    pub entries: Vec<Entry>,
}

/// What an appended action changes in the game's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The game is over after the action.
    pub over: bool,
    /// The new deadline.
    pub deadline_ms: Option<i64>,
}

/// The friend games' storage. Every method is durable when it returns `Ok`: a caller
/// acknowledges an action only after [`Store::append`] returned.
pub trait Store: Send + Sync + std::fmt::Debug {
    /// Stores a new game (its `entries` are ignored: a new game has none).
    fn create(&self, game: &StoredGame) -> Result<(), StoreError>;
    /// The game with this id, with its entries; `None` when there is none.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// Marks `seat` handed out; `false` when it already was.
    fn claim(&self, id: &str, seat: Player) -> Result<bool, StoreError>;
    /// Appends `entry` as action number `index` (0-based) with the game's new progress;
    /// [`StoreError::Conflict`] when the game does not have exactly `index` actions.
    fn append(
        &self,
        id: &str,
        index: usize,
        entry: &Entry,
        progress: Progress,
    ) -> Result<(), StoreError>;
    /// How many games are going on, all of them or those created by `client`.
    fn open_games(&self, client: Option<&str>) -> Result<u64, StoreError>;
    /// The ids of games going on whose deadline is at or before `now_ms` (at most `limit`).
    fn due(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError>;
    /// Deletes the games over whose last action is before `before_ms`; answers their ids.
    fn purge(&self, before_ms: i64) -> Result<Vec<String>, StoreError>;
}
