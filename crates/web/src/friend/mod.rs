//! Games with a friend: the server keeps the game, each seat is held by a secret token, and
//! every committed action reaches the players and spectators at once over a WebSocket.
//!
//! A game is its setup and its list of actions in a [`Store`] (SQLite by default); the
//! referee checks every action against the whole game, as it does for the stateless API,
//! and the view sent to the watchers is the `/api/view` answer. An action is answered, and
//! sent to the others, only after the store committed it.

mod clock;
mod live;
pub(crate) mod routes;
mod sqlite;
mod store;
mod sweep;
#[cfg(test)]
mod tests;

pub use clock::{Clocks, Kind, TimeControl};
pub use live::Friends;
pub use sqlite::SqliteStore;
pub use store::{Entry, Progress, Store, StoreError, StoredGame};

use boardgames_core::Player;

/// The seat called `name` (`first` or `second`).
pub fn seat_named(name: &str) -> Option<Player> {
    Player::ALL.into_iter().find(|p| p.name() == name)
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// `bytes` fresh random bytes from the operating system, as lowercase hex.
pub fn random_hex(bytes: usize) -> Result<String, getrandom::Error> {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer)?;
    Ok(buffer.iter().map(|b| format!("{b:02x}")).collect())
}

/// Compares a given token with a seat's in a time that does not depend on where they differ.
pub fn same_token(given: &str, held: &str) -> bool {
    given.len() == held.len()
        && given
            .bytes()
            .zip(held.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}
