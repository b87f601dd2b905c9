//! The SQLite store: one database file (or an in-memory database) in write-ahead-log mode.
//! An action is in the log when [`Store::append`] returns, so it survives a crash or
//! `kill -9` of the server at any moment; with [`SyncMode::Full`] the log is also synced to
//! the disk first, so it survives a power cut. Appends that arrive together are written in
//! one transaction (a group commit): one write of the log, and under `Full` one sync (often
//! several milliseconds), serves all of them instead of each waiting for its own.

use crate::config::SyncMode;
use crate::friend::seat_named;
use crate::friend::store::{Entry, Progress, Store, StoreError, StoredGame};
use boardgames_core::Player;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::{mpsc, Mutex};

/// The schema's version, kept in SQLite's `user_version`.
const VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    time TEXT,
    first_token TEXT NOT NULL,
    second_token TEXT NOT NULL,
    first_claimed INTEGER NOT NULL,
    second_claimed INTEGER NOT NULL,
    client TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    over INTEGER NOT NULL,
    deadline_ms INTEGER
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    action TEXT NOT NULL,
    seat TEXT,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS games_due ON games(over, deadline_ms);
CREATE INDEX IF NOT EXISTS games_client ON games(client, over);
CREATE INDEX IF NOT EXISTS games_updated ON games(over, updated_ms);
";

/// Friend games in SQLite.
#[derive(Debug)]
pub struct SqliteStore {
    connection: Mutex<Connection>,
    /// The appends waiting for the next group commit.
    queue: Mutex<Vec<Pending>>,
}

/// An append waiting to be written, and where its result goes.
#[derive(Debug)]
struct Pending {
    id: String,
    index: i64,
    entry: Entry,
    progress: Progress,
    reply: mpsc::Sender<Result<(), StoreError>>,
}

/// Writes `batch` in one transaction, each append in its own savepoint so that one refused
/// append leaves the others; answers each append's result.
fn write_batch(connection: &mut Connection, batch: &[Pending]) -> Vec<Result<(), StoreError>> {
    let written = (|| {
        let mut transaction = connection.transaction()?;
        let mut results = Vec::with_capacity(batch.len());
        for pending in batch {
            // Dropped without a commit, a savepoint rolls back.
            let savepoint = transaction.savepoint()?;
            let result = append_one(&savepoint, pending)?;
            if result.is_ok() {
                savepoint.commit()?;
            }
            results.push(result);
        }
        transaction.commit()?;
        Ok(results)
    })();
    written.unwrap_or_else(|error: rusqlite::Error| {
        batch.iter().map(|_| Err(failed(&error))).collect()
    })
}

/// One append inside a transaction: `Err` from SQLite aborts the batch, the inner result is
/// the append's own (a conflict or a missing game).
fn append_one(
    transaction: &Connection,
    pending: &Pending,
) -> rusqlite::Result<Result<(), StoreError>> {
    let id = pending.id.as_str();
    let exists = transaction
        .query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(()))
        .optional()?
        .is_some();
    if !exists {
        return Ok(Err(StoreError::Missing));
    }
    let count: i64 = transaction.query_row(
        "SELECT COUNT(*) FROM actions WHERE game_id = ?1",
        [id],
        |r| r.get(0),
    )?;
    if count != pending.index {
        return Ok(Err(StoreError::Conflict));
    }
    let entry = &pending.entry;
    transaction.execute(
        "INSERT INTO actions (game_id, idx, action, seat, at_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            id,
            pending.index,
            entry.action.to_string(),
            seat_name(entry.seat),
            entry.at_ms
        ],
    )?;
    transaction.execute(
        "UPDATE games SET over = ?2, deadline_ms = ?3, updated_ms = ?4 WHERE id = ?1",
        params![
            id,
            pending.progress.over,
            pending.progress.deadline_ms,
            entry.at_ms
        ],
    )?;
    Ok(Ok(()))
}

fn failed(error: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(error.to_string())
}

impl SqliteStore {
    /// Opens (creating it and its folder when missing) the database at `path`, syncing it
    /// as `sync` says.
    pub fn open(path: &Path, sync: SyncMode) -> Result<SqliteStore, StoreError> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| failed(format!("cannot create {}: {e}", folder.display())))?;
        }
        let connection = Connection::open(path)
            .map_err(|e| failed(format!("cannot open {}: {e}", path.display())))?;
        SqliteStore::set_up(connection, sync)
            .map_err(|e| failed(format!("{}: {e}", path.display())))
    }

    /// A fresh database in memory (for tests, and servers that keep nothing).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::set_up(
            Connection::open_in_memory().map_err(failed)?,
            SyncMode::Normal,
        )
    }

    fn set_up(connection: Connection, sync: SyncMode) -> Result<SqliteStore, StoreError> {
        // WAL lets readers go on during a write and makes a commit one append to the log;
        // NORMAL syncs the log only at checkpoints, FULL at every commit as well.
        let mode: String = connection
            .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
            .map_err(failed)?;
        if mode != "wal" && mode != "memory" {
            return Err(failed(format!("the database refused WAL mode ({mode})")));
        }
        let synchronous = match sync {
            SyncMode::Normal => "NORMAL",
            SyncMode::Full => "FULL",
        };
        connection
            .execute_batch(&format!(
                "PRAGMA synchronous = {synchronous}; PRAGMA foreign_keys = ON; \
                 PRAGMA busy_timeout = 5000;"
            ))
            .map_err(failed)?;
        let version: i64 = connection
            .query_row("PRAGMA user_version", [], |row| row.get(0))
            .map_err(failed)?;
        if version > VERSION {
            return Err(failed(format!(
                "the database's schema version {version} is newer than this server's ({VERSION})"
            )));
        }
        connection.execute_batch(SCHEMA).map_err(failed)?;
        connection
            .execute_batch(&format!("PRAGMA user_version = {VERSION}"))
            .map_err(failed)?;
        Ok(SqliteStore {
            connection: Mutex::new(connection),
            queue: Mutex::new(Vec::new()),
        })
    }

    fn with<T>(
        &self,
        work: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> Result<T, StoreError> {
        let mut connection = self
            .connection
            .lock()
            .map_err(|_| failed("a previous use of the database panicked"))?;
        work(&mut connection).map_err(failed)
    }
}

fn seat_name(seat: Option<Player>) -> Option<&'static str> {
    seat.map(Player::name)
}

/// A game's row as stored, its JSON fields still text.
struct GameRow {
    game: String,
    options: String,
    time: Option<String>,
    tokens: [String; 2],
    claimed: [bool; 2],
    client: String,
    created_ms: i64,
    over: bool,
    deadline_ms: Option<i64>,
}

/// An action's row: the action's JSON, the seat's name, the time.
type ActionRow = (String, Option<String>, i64);

fn read_game(connection: &Connection, id: &str) -> rusqlite::Result<Option<GameRow>> {
    connection
        .query_row(
            "SELECT game, options, time, first_token, second_token, first_claimed,
                second_claimed, client, created_ms, over, deadline_ms
             FROM games WHERE id = ?1",
            [id],
            |r| {
                Ok(GameRow {
                    game: r.get(0)?,
                    options: r.get(1)?,
                    time: r.get(2)?,
                    tokens: [r.get(3)?, r.get(4)?],
                    claimed: [r.get(5)?, r.get(6)?],
                    client: r.get(7)?,
                    created_ms: r.get(8)?,
                    over: r.get(9)?,
                    deadline_ms: r.get(10)?,
                })
            },
        )
        .optional()
}

/// An action's row read back; a damaged one is an error.
fn entry_of((action, seat, at_ms): ActionRow) -> Result<Entry, StoreError> {
    let seat = match seat {
        None => None,
        Some(name) => Some(
            seat_named(&name)
                .ok_or_else(|| failed(format!("the stored seat {name:?} is damaged")))?,
        ),
    };
    Ok(Entry {
        action: parse("action", &action)?,
        seat,
        at_ms,
    })
}

/// A stored text that must be JSON of the right shape.
fn parse<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| failed(format!("the stored {what} is damaged: {e}")))
}

impl Store for SqliteStore {
    fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        let options = serde_json::Value::Object(game.options.clone()).to_string();
        let time = game.time.map(|t| serde_json::json!(t).to_string());
        self.with(|c| {
            c.execute(
                "INSERT INTO games (id, game, options, time, first_token, second_token,
                    first_claimed, second_claimed, client, created_ms, updated_ms, over, deadline_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12)",
                params![
                    game.id, game.game, options, time, game.tokens[0], game.tokens[1],
                    game.claimed[0], game.claimed[1], game.client, game.created_ms, game.over,
                    game.deadline_ms
                ],
            )
            .map(|_| ())
        })
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let found = self.with(|c| {
            let transaction = c.transaction()?;
            let Some(row) = read_game(&transaction, id)? else {
                return Ok(None);
            };
            let mut statement = transaction.prepare_cached(
                "SELECT action, seat, at_ms FROM actions WHERE game_id = ?1 ORDER BY idx",
            )?;
            let actions = statement
                .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<ActionRow>>>()?;
            Ok(Some((row, actions)))
        })?;
        let Some((row, actions)) = found else {
            return Ok(None);
        };
        let entries = actions
            .into_iter()
            .map(entry_of)
            .collect::<Result<Vec<Entry>, StoreError>>()?;
        Ok(Some(StoredGame {
            id: id.to_owned(),
            game: row.game,
            options: parse("options", &row.options)?,
            time: row.time.map(|t| parse("time control", &t)).transpose()?,
            tokens: row.tokens,
            claimed: row.claimed,
            client: row.client,
            created_ms: row.created_ms,
            over: row.over,
            deadline_ms: row.deadline_ms,
            entries,
        }))
    }

    fn claim(&self, id: &str, seat: Player) -> Result<bool, StoreError> {
        let column = match seat {
            Player::First => "first_claimed",
            Player::Second => "second_claimed",
        };
        let changed = self.with(|c| {
            c.execute(
                &format!("UPDATE games SET {column} = 1 WHERE id = ?1 AND {column} = 0"),
                [id],
            )
        })?;
        Ok(changed == 1)
    }

    fn append(
        &self,
        id: &str,
        index: usize,
        entry: &Entry,
        progress: Progress,
    ) -> Result<(), StoreError> {
        let (reply, answer) = mpsc::channel();
        let pending = Pending {
            id: id.to_owned(),
            index: i64::try_from(index).map_err(failed)?,
            entry: entry.clone(),
            progress,
            reply,
        };
        self.queue
            .lock()
            .map_err(|_| failed("a previous append panicked"))?
            .push(pending);
        // Group commit: whoever holds the connection writes every waiting append in one
        // transaction, so one sync of the log serves them all.
        loop {
            if let Ok(result) = answer.try_recv() {
                return result;
            }
            let mut connection = self
                .connection
                .lock()
                .map_err(|_| failed("a previous use of the database panicked"))?;
            if let Ok(result) = answer.try_recv() {
                return result;
            }
            let batch = std::mem::take(
                &mut *self
                    .queue
                    .lock()
                    .map_err(|_| failed("a previous append panicked"))?,
            );
            let results = write_batch(&mut connection, &batch);
            for (pending, result) in batch.into_iter().zip(results) {
                // The waiting thread is gone only if it panicked; nothing to tell it.
                let _ = pending.reply.send(result);
            }
        }
    }

    fn open_games(&self, client: Option<&str>) -> Result<u64, StoreError> {
        let count: i64 = self.with(|c| match client {
            Some(client) => c.query_row(
                "SELECT COUNT(*) FROM games WHERE client = ?1 AND over = 0",
                [client],
                |r| r.get(0),
            ),
            None => c.query_row("SELECT COUNT(*) FROM games WHERE over = 0", [], |r| {
                r.get(0)
            }),
        })?;
        u64::try_from(count).map_err(failed)
    }

    fn due(&self, now_ms: i64, limit: usize) -> Result<Vec<String>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT id FROM games WHERE over = 0 AND deadline_ms <= ?1 LIMIT ?2",
            )?;
            let ids = statement.query_map(params![now_ms, limit], |r| r.get(0))?;
            ids.collect()
        })
    }

    fn purge(&self, before_ms: i64) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "DELETE FROM games WHERE over = 1 AND updated_ms < ?1 RETURNING id",
            )?;
            let ids = statement.query_map([before_ms], |r| r.get(0))?;
            ids.collect()
        })
    }
}

#[cfg(test)]
impl SqliteStore {
    /// Runs raw SQL on the database, to damage it on purpose.
    pub fn damage_for_tests(&self, sql: &str) {
        self.with(|c| c.execute_batch(sql))
            .expect("the damaging SQL");
    }

    /// The value of a numeric `PRAGMA`.
    pub fn pragma_for_tests(&self, name: &str) -> i64 {
        self.with(|c| c.query_row(&format!("PRAGMA {name}"), [], |r| r.get(0)))
            .expect("the pragma")
    }
}
