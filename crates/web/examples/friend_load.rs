//! A load test of the friend games, run by hand: starts the `boardgames-web` binary beside
//! this example on a free loopback port with its database in a temporary folder, and keeps
//! `--games` friend games going at once, each with its two seats and `--spectators` watchers
//! on WebSockets. The side to move plays a random legal move after a random think time; a
//! finished game is followed by a new one. It reports the moves played, the latency from a
//! move's request to the state reaching the other seat's WebSocket (and the spectators'),
//! the errors, and the server's memory over time.
//!
//!     cargo build --profile test-release -p boardgames-web --bins --examples
//!     target/test-release/examples/friend_load --games 200 --seconds 600

mod common;

use clap::Parser;
use common::client::Client;
use common::{memory, next, quantiles, think};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::Child;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Friend games against a fresh server.
#[derive(Parser, Debug)]
struct Args {
    /// Games going on at once.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// Spectators of each game.
    #[arg(long, default_value_t = 1)]
    spectators: u32,
    /// How long to play, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A seat's thinking time before each move, from 0 to this, in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    think_ms: u64,
    /// The server's `--sync`: `normal` or `full`.
    #[arg(long, default_value = "normal")]
    sync: String,
    /// Print each move slower than this to the other seat (milliseconds; 0: none), with the
    /// time it was measured, to find what stalls.
    #[arg(long, default_value_t = 0)]
    log_slow_ms: u64,
    /// The server binary [default: boardgames-web beside this example's directory].
    #[arg(long)]
    server: Option<std::path::PathBuf>,
}

/// What the games measured.
#[derive(Default)]
struct Stats {
    to_opponent: Vec<Duration>,
    /// The same latencies by the minute of the run they were measured in.
    by_minute: std::collections::BTreeMap<u64, Vec<Duration>>,
    to_spectators: Vec<Duration>,
    games_finished: u64,
    errors: Vec<String>,
}

type Shared = Arc<Mutex<Stats>>;

/// When the run started.
static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
/// `--log-slow-ms`.
static LOG_SLOW: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();

const GAMES: [(&str, &str); 4] = [
    ("tictactoe", "{}"),
    ("ultimate", "{}"),
    ("gomoku", r#"{"rule":"renju"}"#),
    (
        "morris",
        r#"{"draw_rule":{"threefold":true,"quiet_moves":50}}"#,
    ),
];

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args = Args::parse();
    START.get_or_init(Instant::now);
    LOG_SLOW.get_or_init(|| Duration::from_millis(args.log_slow_ms));
    let (mut server, addr, data) = start_server(&args);
    let pid = server.id();
    let stats: Shared = Arc::default();
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let tasks: Vec<_> = (0..args.games)
        .map(|n| {
            let stats = Arc::clone(&stats);
            let (think, spectators) = (args.think_ms, args.spectators);
            tokio::spawn(async move { games(addr, n, think, spectators, deadline, stats).await })
        })
        .collect();
    let mut samples = Vec::new();
    let started = Instant::now();
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_secs(10)).await;
        samples.push((started.elapsed().as_secs(), memory(pid, "VmRSS")));
    }
    for task in tasks {
        task.await.expect("a game task");
    }
    let high_water = memory(pid, "VmHWM");
    drop(server.stdin.take());
    let _ = server.wait();
    drop(data);
    report(&stats.lock().unwrap(), &args, &samples, high_water);
}

/// Starts the server with its database in a temporary folder.
fn start_server(args: &Args) -> (Child, SocketAddr, tempfile::TempDir) {
    let cap = (args.games * 4).to_string();
    let mut command = common::server_command(args.server.as_deref());
    command.args(["--friend-games-per-client", &cap, "--sync", &args.sync]);
    common::start(command)
}

/// One table: games one after the other until the deadline.
async fn games(
    addr: SocketAddr,
    n: u32,
    think_ms: u64,
    spectators: u32,
    deadline: Instant,
    stats: Shared,
) {
    let mut rng = u64::from(n) * 7919 + 1;
    let mut index = n as usize;
    think(&mut rng, think_ms).await;
    while Instant::now() < deadline {
        let (game, options) = GAMES[index % GAMES.len()];
        index += 1;
        match one_game(
            addr, game, options, &mut rng, think_ms, spectators, deadline, &stats,
        )
        .await
        {
            Ok(true) => stats.lock().unwrap().games_finished += 1,
            Ok(false) => {}
            Err(error) => {
                stats
                    .lock()
                    .unwrap()
                    .errors
                    .push(format!("{game}: {error}"));
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Plays one game with random moves; `true` when it ended before the deadline.
#[allow(clippy::too_many_arguments)]
async fn one_game(
    addr: SocketAddr,
    game: &str,
    options: &str,
    rng: &mut u64,
    think_ms: u64,
    spectators: u32,
    deadline: Instant,
    stats: &Shared,
) -> Result<bool, String> {
    let mut c = Client::new(addr);
    let options: Value = serde_json::from_str(options).expect("options");
    let created = post(
        &mut c,
        "/api/friend",
        &json!({"game": game, "options": options}),
    )
    .await?;
    let id = created["id"].as_str().ok_or("no id")?.to_owned();
    let joined = post(&mut c, &format!("/api/friend/{id}/join"), &json!({})).await?;
    let tokens = [created["token"].clone(), joined["token"].clone()];
    let seats = [created["seat"].clone(), joined["seat"].clone()];
    let mut sockets = connect(addr, &id, 2 + spectators).await?;
    let mut state = created["state"].clone();
    while Instant::now() < deadline {
        if state["view"]["status"] != "ongoing" {
            return Ok(true);
        }
        let legal = state["view"]["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mover = usize::from(state["view"]["to_move"] != seats[0]);
        let mv = legal[(next(rng) % legal.len() as u64) as usize].clone();
        think(rng, think_ms).await;
        let version = state["version"].as_u64().unwrap_or(0);
        let sent = Instant::now();
        let body = json!({"token": tokens[mover], "move": mv, "version": version});
        state = post(&mut c, &format!("/api/friend/{id}/act"), &body).await?;
        // The other seat's socket first: that is the latency a player feels.
        let opponent = 1 - mover;
        next_state(&mut sockets[opponent], version + 1).await?;
        let to_opponent = sent.elapsed();
        let mut to_spectators = Vec::new();
        for socket in sockets.iter_mut().skip(2) {
            next_state(socket, version + 1).await?;
            to_spectators.push(sent.elapsed());
        }
        next_state(&mut sockets[mover], version + 1).await?;
        if LOG_SLOW
            .get()
            .is_some_and(|&slow| !slow.is_zero() && to_opponent > slow)
        {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            eprintln!(
                "slow {:.3} {game} ply {version}: {:.1} ms",
                now.as_secs_f64(),
                to_opponent.as_secs_f64() * 1000.0
            );
        }
        let mut stats = stats.lock().unwrap();
        stats.to_opponent.push(to_opponent);
        let minute = START
            .get()
            .map_or(0, |start| start.elapsed().as_secs() / 60);
        stats
            .by_minute
            .entry(minute + 1)
            .or_default()
            .push(to_opponent);
        stats.to_spectators.extend(to_spectators);
    }
    Ok(false)
}

/// `count` watchers of game `id`, each past the first state.
async fn connect(addr: SocketAddr, id: &str, count: u32) -> Result<Vec<Socket>, String> {
    let mut sockets = Vec::new();
    for _ in 0..count {
        let url = format!("ws://{addr}/api/friend/{id}/ws");
        let (mut socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        next_state(&mut socket, 0).await?;
        sockets.push(socket);
    }
    Ok(sockets)
}

async fn post(c: &mut Client, path: &str, body: &Value) -> Result<Value, String> {
    let body = body.to_string().into_bytes();
    let headers = [("content-type", "application/json")];
    let reply = c
        .send(hyper::Method::POST, path, &headers, body)
        .await
        .map_err(|e| e.to_string())?;
    if reply.status != 200 {
        return Err(format!(
            "{path}: {} {}",
            reply.status,
            String::from_utf8_lossy(&reply.body)
        ));
    }
    serde_json::from_slice(&reply.body).map_err(|e| e.to_string())
}

/// Reads states until one with at least `version` actions (within 10 s).
async fn next_state(socket: &mut Socket, version: u64) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .map_err(|_| format!("no state {version} within 10 s"))?
            .ok_or("the socket closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = message {
            let state: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            if state["version"].as_u64().unwrap_or(0) >= version {
                return Ok(state);
            }
        }
    }
}

fn report(stats: &Stats, args: &Args, samples: &[(u64, u64)], high_water: u64) {
    println!(
        "{} games at once, {} spectators each, think 0-{} ms, {} s",
        args.games, args.spectators, args.think_ms, args.seconds
    );
    for (name, list) in [
        ("to the other seat", &stats.to_opponent),
        ("to the spectators", &stats.to_spectators),
    ] {
        let (p50, p99, max) = quantiles(list);
        println!(
            "move {name}: {} states, p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms",
            list.len()
        );
    }
    let minutes: Vec<String> = stats
        .by_minute
        .iter()
        .map(|(minute, list)| format!("{minute}: {:.1} ms", quantiles(list).1))
        .collect();
    println!("p99 to the other seat by minute: {}", minutes.join(", "));
    println!(
        "moves per second: {:.0}",
        stats.to_opponent.len() as f64 / args.seconds as f64
    );
    println!("games finished: {}", stats.games_finished);
    println!("errors: {}", stats.errors.len());
    for error in stats.errors.iter().take(10) {
        println!("  {error}");
    }
    let rss: Vec<String> = samples
        .iter()
        .map(|(s, kb)| format!("{s}s {} MB", kb / 1024))
        .collect();
    println!("server memory (RSS): {}", rss.join(", "));
    println!("server peak memory (VmHWM): {} MB", high_water / 1024);
}
