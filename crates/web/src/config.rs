//! How the server is set up: its search workers and queue, the largest request body, and
//! where and how long friend games are kept.
//! It uses nothing of the crate, so that the router (the crate root) and the handlers and
//! errors that quote the limit all build on it.

/// The largest request body, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// How the server runs its searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Searches running at once.
    pub workers: usize,
    /// Searches waiting for a worker; past them a search request gets `503`.
    pub queue: usize,
    /// The games played with a friend.
    pub friend: FriendConfig,
}

impl Default for Config {
    /// As many workers as cores, and a queue of 32.
    fn default() -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            workers: cores,
            queue: 32,
            friend: FriendConfig::default(),
        }
    }
}

/// How the server keeps the games played with a friend (`/api/friend`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendConfig {
    /// The SQLite database file; `None` keeps the games in memory, lost at exit (tests).
    pub db: Option<std::path::PathBuf>,
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
    /// In memory; 20 games per client and 10,000 in all; idle three days, kept 30 days,
    /// swept every second.
    fn default() -> FriendConfig {
        let day = std::time::Duration::from_secs(86_400);
        FriendConfig {
            db: None,
            games_per_client: 20,
            games: 10_000,
            idle: 3 * day,
            keep: 30 * day,
            sweep: std::time::Duration::from_secs(1),
        }
    }
}
