//! The load test's defence scenarios: thousands of slow clients against `/health`, and many
//! 2 s searches against a page's views and moves.

use super::common::client::Client;
use super::common::{memory, quantiles};
use super::{start_server, Args};
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What the slow clients saw.
#[derive(Default)]
struct SlowCounts {
    opened: AtomicU64,
    closed: AtomicU64,
    refused: AtomicU64,
}

/// Slow clients and a `/health` prober; reports the probes' latency.
pub async fn slow(args: Args) {
    let (mut server, addr, _data) = start_server(&args);
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let counts = Arc::new(SlowCounts::default());
    let clients: Vec<_> = (0..args.slow_clients)
        .map(|_| tokio::spawn(slow_client(addr, deadline, Arc::clone(&counts))))
        .collect();
    let (latencies, failures) = probe(addr, deadline).await;
    for client in clients {
        let _ = client.await;
    }
    let high_water = memory(server.id(), "VmHWM");
    drop(server.stdin.take());
    let _ = server.wait();
    println!("server memory: peak (VmHWM) {high_water} KiB");
    let (p50, p99, max) = quantiles(&latencies);
    let over = latencies
        .iter()
        .filter(|l| **l > Duration::from_millis(100))
        .count();
    println!(
        "{} slow clients for {} s: {} connections opened, {} closed by the server, {} refused",
        args.slow_clients,
        args.seconds,
        counts.opened.load(Ordering::Relaxed),
        counts.closed.load(Ordering::Relaxed),
        counts.refused.load(Ordering::Relaxed)
    );
    println!(
        "/health on a fresh connection every 100 ms: {} answered, p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms, {over} over 100 ms, {failures} failed",
        latencies.len()
    );
}

/// One slow client: opens a connection, sends the start of a request and then a header byte
/// a second, never ending it; when the server closes it, it opens another.
async fn slow_client(addr: SocketAddr, deadline: Instant, counts: Arc<SlowCounts>) {
    while Instant::now() < deadline {
        let Ok(mut stream) = TcpStream::connect(addr).await else {
            counts.refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        counts.opened.fetch_add(1, Ordering::Relaxed);
        let _ = stream
            .write_all(b"GET /health HTTP/1.1\r\nHost: load\r\nX-Slow: ")
            .await;
        let mut buffer = [0u8; 256];
        while Instant::now() < deadline {
            let closed = tokio::select! {
                read = stream.read(&mut buffer) => matches!(read, Ok(0) | Err(_)),
                () = tokio::time::sleep(Duration::from_secs(1)) => {
                    stream.write_all(b"x").await.is_err()
                }
            };
            if closed {
                counts.closed.fetch_add(1, Ordering::Relaxed);
                break;
            }
        }
    }
}

/// Asks `/health` on a fresh connection every 100 ms until `deadline`: the latencies of the
/// answers, and how many failed (an error, a status other than 200, or over 5 s).
async fn probe(addr: SocketAddr, deadline: Instant) -> (Vec<Duration>, u64) {
    let mut latencies = Vec::new();
    let mut failures = 0;
    // The slow clients connect first.
    tokio::time::sleep(Duration::from_secs(2)).await;
    while Instant::now() < deadline {
        let start = Instant::now();
        let mut c = Client::new(addr);
        let answer = tokio::time::timeout(
            Duration::from_secs(5),
            c.send(hyper::Method::GET, "/health", &[], Vec::new()),
        )
        .await;
        match answer {
            Ok(Ok(reply)) if reply.status.is_success() => latencies.push(start.elapsed()),
            _ => failures += 1,
        }
        tokio::time::sleep(Duration::from_millis(100).saturating_sub(start.elapsed())).await;
    }
    (latencies, failures)
}

/// What the searchers and the page measured.
#[derive(Default)]
struct SearchStats {
    /// Answered searches' time past their 2 s.
    waits: Vec<Duration>,
    /// How long the refused ones took to be refused.
    refusals: Vec<Duration>,
    views: Vec<Duration>,
    moves: Vec<Duration>,
    moves_refused: u64,
    /// A friend game's moves, from the request to its answer (the state committed).
    friend_moves: Vec<Duration>,
    errors: Vec<String>,
}

type Shared = Arc<Mutex<SearchStats>>;

/// Searchers asking 2 s searches again and again, and a page; reports the waits.
pub async fn searches(args: Args) {
    let (mut server, addr, _data) = start_server(&args);
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let stats: Shared = Arc::default();
    let searchers: Vec<_> = (0..args.searchers)
        .map(|_| tokio::spawn(searcher(addr, deadline, Arc::clone(&stats))))
        .collect();
    let friend = tokio::spawn(friend_moves(addr, deadline, Arc::clone(&stats)));
    page(addr, deadline, &stats).await;
    let _ = friend.await;
    for searcher in searchers {
        let _ = searcher.await;
    }
    drop(server.stdin.take());
    let _ = server.wait();
    let stats = stats.lock().unwrap();
    let line = |name: &str, values: &[Duration]| {
        let (p50, p99, max) = quantiles(values);
        println!(
            "{name:>28}: {:>6}, p50 {p50:>8.2} ms, p99 {p99:>8.2} ms, max {max:>8.2} ms",
            values.len()
        );
    };
    println!("{} searchers of 2 s for {} s", args.searchers, args.seconds);
    line("searches: wait past 2 s", &stats.waits);
    line("searches refused (503/429)", &stats.refusals);
    line("page views", &stats.views);
    line("page computer moves", &stats.moves);
    line("friend moves (request to answer)", &stats.friend_moves);
    println!(
        "page computer moves refused: {}; errors: {}",
        stats.moves_refused,
        stats.errors.len()
    );
    for error in stats.errors.iter().take(10) {
        println!("  {error}");
    }
}

/// One searcher: a 2 s gomoku search, again and again; refused, it waits `Retry-After`.
async fn searcher(addr: SocketAddr, deadline: Instant, stats: Shared) {
    let mut c = Client::new(addr);
    let body = json!({"op":"search","game":"gomoku","engine":"alphabeta","millis":2000});
    while Instant::now() < deadline {
        let start = Instant::now();
        let reply = c.post("/api/referee", &body).await;
        let took = start.elapsed();
        let retry: Option<u64> = {
            let mut stats = stats.lock().unwrap();
            match reply.status.as_u16() {
                200 => {
                    stats
                        .waits
                        .push(took.saturating_sub(Duration::from_secs(2)));
                    Some(0)
                }
                429 | 503 => {
                    stats.refusals.push(took);
                    reply.header("retry-after").and_then(|s| s.parse().ok())
                }
                other => {
                    stats.errors.push(format!("search {other}"));
                    None
                }
            }
        };
        tokio::time::sleep(Duration::from_secs(retry.unwrap_or(1))).await;
    }
}

/// The page: a view every 250 ms, a computer move every 2 s.
async fn page(addr: SocketAddr, deadline: Instant, stats: &Shared) {
    let mut c = Client::new(addr);
    let view = json!({"game":"gomoku","options":{"rule":"renju"},"moves":["h8","h9","i8"]});
    let mv = json!({"game":"tictactoe","moves":["b2"],"level":"beginner","side":"second"});
    let mut round = 0u64;
    while Instant::now() < deadline {
        round += 1;
        let (path, body) = if round % 8 == 0 {
            ("/api/move", &mv)
        } else {
            ("/api/view", &view)
        };
        let start = Instant::now();
        let reply = c.post(path, body).await;
        let took = start.elapsed();
        {
            let mut stats = stats.lock().unwrap();
            match (path, reply.status.as_u16()) {
                ("/api/view", 200) => stats.views.push(took),
                ("/api/move", 200) => stats.moves.push(took),
                ("/api/move", 503 | 429) => stats.moves_refused += 1,
                (path, status) => stats.errors.push(format!("{path} {status}")),
            }
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Two seats of friend games playing tic-tac-toe's first legal move in turn, one move every
/// 250 ms, a new game after each.
async fn friend_moves(addr: SocketAddr, deadline: Instant, stats: Shared) {
    let mut c = Client::new(addr);
    while Instant::now() < deadline {
        let created = c.post("/api/friend", &json!({"game": "tictactoe"})).await;
        let id = created.json()["id"].as_str().unwrap_or_default().to_owned();
        let joined = c.post(&format!("/api/friend/{id}/join"), &json!({})).await;
        let mut tokens = [
            created.json()["token"].clone(),
            joined.json()["token"].clone(),
        ];
        if created.json()["seat"] == "second" {
            tokens.swap(0, 1);
        }
        let mut state = created.json()["state"].clone();
        while Instant::now() < deadline && state["view"]["status"] == "ongoing" {
            tokio::time::sleep(Duration::from_millis(250)).await;
            let mover = usize::from(state["view"]["to_move"] == "second");
            let mv = state["view"]["legal"][0].clone();
            let body = json!({"token": tokens[mover], "move": mv});
            let start = Instant::now();
            let reply = c.post(&format!("/api/friend/{id}/act"), &body).await;
            let took = start.elapsed();
            if reply.status != 200 {
                stats
                    .lock()
                    .unwrap()
                    .errors
                    .push(format!("friend move {}", reply.status));
                break;
            }
            stats.lock().unwrap().friend_moves.push(took);
            state = reply.json();
        }
    }
}
