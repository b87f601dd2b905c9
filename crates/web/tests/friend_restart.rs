//! The real server killed with SIGKILL while moves are being sent, restarted on the same
//! database: every move it acknowledged is there, and the game goes on with the same links.

mod common;

use common::Client;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The binary on `db` with `--sync sync`, and the address it prints.
fn start(db: &Path, sync: &str) -> (Child, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardgames-web"));
    command
        .args(["--sync", sync, "--db"])
        .arg(db)
        .stderr(Stdio::null());
    common::binary::spawn(command)
}

/// Stops a server that is still running, whatever happens to the test.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Every point of a 15x15 board in a fixed shuffled order (its first 61 make no five).
fn points() -> Vec<String> {
    let mut all: Vec<String> = (0..225u32)
        .map(|i| format!("{}{}", char::from(b'a' + (i % 15) as u8), i / 15 + 1))
        .collect();
    let mut seed = 12_345u64;
    for i in (1..all.len()).rev() {
        seed = boardgames_core::zobrist::splitmix64(seed);
        all.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    all
}

/// Plays the first 60 of `moves` in turn as fast as they are answered, counting them in
/// `progress`; answers the acknowledged ones (it stops at the first failure: the server was
/// killed).
async fn send_moves(
    addr: SocketAddr,
    id: String,
    tokens: Vec<String>,
    moves: Vec<String>,
    progress: Arc<AtomicUsize>,
) -> Vec<String> {
    let mut c = Client::new(addr);
    let mut acknowledged = Vec::new();
    for (ply, mv) in moves.iter().enumerate().take(60) {
        let body = json!({"token": tokens[ply % 2], "move": mv}).to_string();
        let path = format!("/api/friend/{id}/act");
        let headers = [("content-type", "application/json")];
        match c
            .send(hyper::Method::POST, &path, &headers, body.into_bytes())
            .await
        {
            Ok(reply) if reply.status == 200 => {
                acknowledged.push(mv.clone());
                progress.fetch_add(1, Ordering::Release);
            }
            _ => break,
        }
    }
    acknowledged
}

async fn state(c: &mut Client, id: &str) -> Value {
    let reply = c.get(&format!("/api/friend/{id}")).await;
    assert_eq!(reply.status, 200);
    reply.json()
}

/// Both ways of syncing keep every acknowledged move through a `kill -9` (`full` is for a
/// power cut, which a test cannot make).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_kill_9_in_the_middle_of_moves() {
    for sync in ["normal", "full"] {
        survives_kill_9(sync).await;
    }
}

async fn survives_kill_9(sync: &str) {
    let folder = tempfile::tempdir().expect("a temp dir");
    let db = folder.path().join("friends.sqlite");
    let (child, addr) = start(&db, sync);
    let mut server = Server(child);
    let mut c = Client::new(addr);
    let created = c
        .post(
            "/api/friend",
            &json!({"game": "gomoku", "options": {"rule": "freestyle"}}),
        )
        .await
        .json();
    let id = created["id"].as_str().unwrap().to_owned();
    let mut tokens = vec![created["token"].as_str().unwrap().to_owned()];
    let joined = c
        .post(&format!("/api/friend/{id}/join"), &json!({}))
        .await
        .json();
    tokens.push(joined["token"].as_str().unwrap().to_owned());
    // Moves as fast as the server takes them, from another task, while the server is killed.
    let moves = points();
    let progress = Arc::new(AtomicUsize::new(0));
    let sender = tokio::spawn(send_moves(
        addr,
        id.clone(),
        tokens.clone(),
        moves.clone(),
        Arc::clone(&progress),
    ));
    // Killed once ten moves are in, while the next ones are on their way.
    while progress.load(Ordering::Acquire) < 10 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    // SIGKILL: no chance to flush or close anything.
    server.0.kill().expect("kill -9");
    server.0.wait().expect("the killed server");
    let acknowledged = sender.await.expect("the sender");
    assert!(
        !acknowledged.is_empty() && acknowledged.len() < 60,
        "killed mid-game ({sync}): {}",
        acknowledged.len()
    );
    let (child, addr) = start(&db, sync);
    let _server = Server(child);
    let mut c = Client::new(addr);
    let kept = state(&mut c, &id).await;
    let actions: Vec<String> = serde_json::from_value(kept["actions"].clone()).unwrap();
    // Every acknowledged move is kept; one more may have been committed but not answered.
    assert_eq!(actions[..acknowledged.len()], acknowledged[..]);
    assert!(actions.len() <= acknowledged.len() + 1);
    assert_eq!(actions[..], moves[..actions.len()]);
    // The same tokens go on playing.
    let ply = actions.len();
    let next = json!({"token": tokens[ply % 2], "move": moves[ply], "version": ply});
    let reply = c.post(&format!("/api/friend/{id}/act"), &next).await;
    assert_eq!(reply.status, 200, "{:?}", reply.json());
    assert_eq!(reply.json()["version"], ply + 1);
    let wrong = json!({"token": tokens[ply % 2], "move": moves[ply + 1]});
    assert_eq!(
        c.post(&format!("/api/friend/{id}/act"), &wrong)
            .await
            .status,
        409
    );
}
