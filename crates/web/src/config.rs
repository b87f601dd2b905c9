//! How the server is set up: its search workers and queue, its timeouts and connection cap,
//! the largest request body, and where and how long friend games are kept.
//! It uses nothing of the crate, so that the router (the crate root) and the handlers and
//! errors that quote the limit all build on it.

use std::time::Duration;

/// The largest request body, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The default longest wait in the search queue.
pub const MAX_WAIT: Duration = Duration::from_secs(3);
/// The default time a client has to send a request's headers, from the moment the server
/// starts reading them (on a kept-alive connection: from the end of the last answer, so it
/// is also the idle timeout).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// The default time a client has to send a request's whole body (at most [`BODY_LIMIT`]).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The default cap on open connections (the open-file limit is raised for it where the hard
/// limit allows, else the cap is lowered to it less a reserve). An idle connection costs a
/// few kilobytes: thousands of slow clients fit under it while their headers time out.
pub const MAX_CONNECTIONS: usize = 8192;

/// How the server runs its searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Searches running at once.
    pub workers: usize,
    /// Searches waiting for a worker; past them a search request gets `503`.
    pub queue: usize,
    /// The longest a search request waits in the queue: one expected to wait longer is
    /// refused at once (`503`), one that has waited this long is refused then.
    pub max_wait: Duration,
    /// The time a client has to send a request's headers (also the idle keep-alive time).
    pub header_timeout: Duration,
    /// The time a client has to send a request's body; past it `408`, and the connection
    /// closes.
    pub body_timeout: Duration,
    /// The most connections open at once; at the cap a new one replaces the oldest with no
    /// request in flight.
    pub max_connections: usize,
    /// The games played with a friend.
    pub friend: FriendConfig,
}

impl Default for Config {
    /// As many workers as cores, a queue of 32, a wait of at most [`MAX_WAIT`], and the
    /// timeouts and connection cap of a server that faces the internet.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            workers: cores,
            queue: 32,
            max_wait: MAX_WAIT,
            header_timeout: HEADER_TIMEOUT,
            body_timeout: BODY_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            friend: FriendConfig::default(),
        }
    }
}

/// When a friend game's action counts as stored: what the database waits for before the
/// action is answered (SQLite's `synchronous` setting, in write-ahead-log mode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SyncMode {
    /// The action is written to the log (in the operating system's hands) before it is
    /// answered, and the log is synced to the disk at each checkpoint: every acknowledged
    /// action survives a crash or `kill -9` of the server; a power cut or a crash of the
    /// operating system may lose the last second or so of actions (never the database).
    #[default]
    Normal,
    /// The log is synced to the disk before every answer: acknowledged actions survive a
    /// power cut as well, and each answer waits for the disk (milliseconds, and on a busy
    /// disk a tenth of a second or more).
    Full,
}

/// How the server keeps the games played with a friend (`/api/friend`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendConfig {
    /// The SQLite database file; `None` keeps the games in memory, lost at exit (tests).
    pub db: Option<std::path::PathBuf>,
    /// What an action waits for before it is answered.
    pub sync: SyncMode,
    /// Games going on that one client (address) may have created; more get `429`.
    pub games_per_client: u64,
    /// Games going on in all; more get `503`.
    pub games: u64,
    /// A game in which the side to move has not moved for this long ends: that side loses
    /// on time.
    pub idle: std::time::Duration,
    /// A finished game is deleted this long after its last action.
    pub keep: std::time::Duration,
    /// How often the server ends abandoned games and deletes old ones.
    pub sweep: std::time::Duration,
}

impl Default for FriendConfig {
    /// In memory, [`SyncMode::Normal`]; 20 games per client and 10,000 in all; idle three days, kept 30 days,
    /// swept every second.
    fn default() -> FriendConfig {
        let day = std::time::Duration::from_secs(86_400);
        FriendConfig {
            db: None,
            sync: SyncMode::Normal,
            games_per_client: 20,
            games: 10_000,
            idle: 3 * day,
            keep: 30 * day,
            sweep: std::time::Duration::from_secs(1),
        }
    }
}
