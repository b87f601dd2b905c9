//! The storage trait against SQLite (a file and in memory), and the games' rules of play
//! that need no server.

use super::store::{Entry, Progress, Store, StoreError, StoredGame};
use super::{Kind, SqliteStore, TimeControl};
use crate::config::SyncMode;
use boardgames_core::Player;
use serde_json::{json, Map};

fn game(id: &str, client: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        game: "gomoku".into(),
        options: json!({"size": 15, "rule": "renju"})
            .as_object()
            .cloned()
            .unwrap_or_default(),
        time: Some(TimeControl {
            kind: Kind::Fischer,
            initial: 60_000,
            increment: 2_000,
        }),
        tokens: ["a".repeat(32), "b".repeat(32)],
        claimed: [true, false],
        client: client.into(),
        created_ms: 1_000,
        over: false,
        deadline_ms: Some(5_000),
        entries: Vec::new(),
    }
}

fn entry(action: serde_json::Value, seat: Option<Player>, at_ms: i64) -> Entry {
    Entry {
        action,
        seat,
        at_ms,
    }
}

const GOING: Progress = Progress {
    over: false,
    deadline_ms: Some(9_000),
};

/// What every store must do.
fn exercise(store: &dyn Store) {
    assert_eq!(store.load("0011223344556677"), Ok(None));
    store.create(&game("0011223344556677", "10.0.0.1")).unwrap();
    store.create(&game("8899aabbccddeeff", "10.0.0.2")).unwrap();
    assert!(
        store.create(&game("8899aabbccddeeff", "10.0.0.2")).is_err(),
        "ids are unique"
    );
    let id = "0011223344556677";
    store
        .append(
            id,
            0,
            &entry(json!("h8"), Some(Player::First), 2_000),
            GOING,
        )
        .unwrap();
    // An action at an index already taken, or past the end, is a conflict, and changes nothing.
    let late = entry(json!("h9"), Some(Player::Second), 2_500);
    assert_eq!(store.append(id, 0, &late, GOING), Err(StoreError::Conflict));
    assert_eq!(store.append(id, 2, &late, GOING), Err(StoreError::Conflict));
    assert_eq!(
        store.append("ffffffffffffffff", 0, &late, GOING),
        Err(StoreError::Missing)
    );
    store.append(id, 1, &late, GOING).unwrap();
    assert!(store.claim(id, Player::Second).unwrap());
    assert!(
        !store.claim(id, Player::Second).unwrap(),
        "a seat is handed out once"
    );
    let loaded = store.load(id).unwrap().unwrap();
    let mut expected = game(id, "10.0.0.1");
    expected.claimed = [true, true];
    expected.deadline_ms = Some(9_000);
    expected.entries = vec![entry(json!("h8"), Some(Player::First), 2_000), late];
    assert_eq!(loaded, expected);
    assert_eq!(store.open_games(None), Ok(2));
    assert_eq!(store.open_games(Some("10.0.0.1")), Ok(1));
    let other = "8899aabbccddeeff".to_owned();
    assert_eq!(store.due(4_999, 10), Ok(vec![]));
    assert_eq!(store.due(8_999, 10), Ok(vec![other.clone()]));
    let mut both = store.due(9_000, 10).unwrap();
    both.sort();
    assert_eq!(both, vec![id.to_owned(), other]);
    assert_eq!(store.due(9_000, 1).unwrap().len(), 1, "at most the limit");
    let flag = entry(json!({"flag": "first"}), None, 9_100);
    let over = Progress {
        over: true,
        deadline_ms: None,
    };
    store.append(id, 2, &flag, over).unwrap();
    assert_eq!(
        store.due(100_000, 10),
        Ok(vec!["8899aabbccddeeff".to_owned()])
    );
    assert_eq!(store.open_games(Some("10.0.0.1")), Ok(0));
    assert_eq!(store.load(id).unwrap().unwrap().entries[2].seat, None);
    // Only finished games are purged, and only once their last action is old enough.
    assert_eq!(store.purge(9_100), Ok(vec![]));
    assert_eq!(store.purge(9_101), Ok(vec![id.to_owned()]));
    assert_eq!(store.load(id), Ok(None));
    assert!(store.load("8899aabbccddeeff").unwrap().is_some());
}

#[test]
fn sqlite_in_memory_keeps_games() {
    exercise(&SqliteStore::in_memory().unwrap());
}

#[test]
fn a_sqlite_file_keeps_games_across_opens() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("nested").join("friends.sqlite");
    exercise(&SqliteStore::open(&path, SyncMode::Normal).unwrap());
    let again = SqliteStore::open(&path, SyncMode::Normal).unwrap();
    let kept = again.load("8899aabbccddeeff").unwrap().unwrap();
    assert_eq!(kept, game("8899aabbccddeeff", "10.0.0.2"));
}

#[test]
fn the_sync_mode_reaches_the_database() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("friends.sqlite");
    // SQLite's numbers: 1 NORMAL, 2 FULL.
    let normal = SqliteStore::open(&path, SyncMode::Normal).unwrap();
    assert_eq!(normal.pragma_for_tests("synchronous"), 1);
    drop(normal);
    let full = SqliteStore::open(&path, SyncMode::Full).unwrap();
    assert_eq!(full.pragma_for_tests("synchronous"), 2);
    exercise(&full);
}

#[test]
fn a_file_that_is_not_the_database_is_a_typed_error() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("friends.sqlite");
    std::fs::write(&path, vec![b'x'; 4096]).unwrap();
    let Err(StoreError::Failed(why)) = SqliteStore::open(&path, SyncMode::Normal) else {
        panic!("a text file opened as the database");
    };
    assert!(why.contains("friends.sqlite"), "{why}");
    let newer = folder.path().join("newer.sqlite");
    drop(SqliteStore::open(&newer, SyncMode::Normal).unwrap());
    let connection = rusqlite::Connection::open(&newer).unwrap();
    connection
        .execute_batch("PRAGMA user_version = 99")
        .unwrap();
    drop(connection);
    let Err(StoreError::Failed(why)) = SqliteStore::open(&newer, SyncMode::Normal) else {
        panic!("a newer schema opened");
    };
    assert!(why.contains("newer"), "{why}");
}

#[test]
fn damaged_rows_are_errors_not_panics() {
    let store = SqliteStore::in_memory().unwrap();
    let mut bad = game("0123456789abcdef", "x");
    bad.options = Map::new();
    store.create(&bad).unwrap();
    store
        .append(
            "0123456789abcdef",
            0,
            &entry(json!("h8"), Some(Player::First), 1),
            GOING,
        )
        .unwrap();
    store.damage_for_tests("UPDATE actions SET seat = 'third'");
    assert!(matches!(
        store.load("0123456789abcdef"),
        Err(StoreError::Failed(_))
    ));
}

#[test]
fn appends_from_many_threads_are_committed_together_and_each_checked() {
    let folder = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(
        SqliteStore::open(&folder.path().join("f.sqlite"), SyncMode::Full).unwrap(),
    );
    let ids: Vec<String> = (0..8).map(|n| format!("{n:016x}")).collect();
    for id in &ids {
        store.create(&game(id, "c")).unwrap();
    }
    let threads: Vec<_> = ids
        .iter()
        .map(|id| {
            let (store, id) = (std::sync::Arc::clone(&store), id.clone());
            std::thread::spawn(move || {
                for index in 0..20 {
                    let seat = Some(Player::ALL[index % 2]);
                    let e = entry(json!(format!("m{index}")), seat, index as i64);
                    store.append(&id, index, &e, GOING).unwrap();
                    // The same index again: refused, and the batch it shares goes through.
                    assert_eq!(
                        store.append(&id, index, &e, GOING),
                        Err(StoreError::Conflict)
                    );
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    for id in &ids {
        let entries = store.load(id).unwrap().unwrap().entries;
        let moves: Vec<_> = entries.iter().map(|e| e.action.clone()).collect();
        let expected: Vec<_> = (0..20).map(|i| json!(format!("m{i}"))).collect();
        assert_eq!(moves, expected);
    }
}
