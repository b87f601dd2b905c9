//! A load test, run by hand: starts the `boardgames-web` binary beside this example on a free
//! loopback port, and has simulated players play it at once for a while. Half play hotseat
//! games (a `/api/view` each move, a referee `state` now and then), half play the computer at
//! beginner (`/api/view`, then `/api/move`). Each player thinks between its moves. It reports
//! requests per second, p50 and p99 latency by kind, the 503s, the errors and the server's
//! peak memory.
//!
//! Two more scenarios try the server's defences:
//! - `--scenario slow`: thousands of clients that open a connection and send their request
//!   headers a byte every second, never ending them, while a prober asks `/health` ten times
//!   a second on a fresh connection; it reports the probes' latency (the server's open-file
//!   limit may be lowered with `--server-fd-limit`).
//! - `--scenario searches`: searchers that each ask a 2 s search again and again, while a
//!   page asks views and computer moves; it reports how long searches waited past their
//!   2 s, the 503s, and the page's latency.
//!
//! Run:
//!
//!     cargo build --profile test-release -p boardgames-web --bins --examples
//!     target/test-release/examples/load --players 200 --seconds 60
//!     target/test-release/examples/load --scenario slow --slow-clients 3000 --seconds 30
//!     target/test-release/examples/load --scenario searches --searchers 40 --seconds 60

mod common;
#[path = "load_parts/defences.rs"]
mod defences;

use clap::Parser;
use common::client::Client;
use common::{memory, next, quantiles, think};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Simulated players against a fresh server.
#[derive(Parser, Debug)]
struct Args {
    /// Players at once (half hotseat, half against the computer).
    #[arg(long, default_value_t = 200)]
    players: u32,
    /// How long to play.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A player's thinking time between moves, from 0 to this, in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    think_ms: u64,
    /// The server binary [default: boardgames-web beside this example's directory].
    #[arg(long)]
    server: Option<std::path::PathBuf>,
    /// `players`, `slow` or `searches` (see the top of this file).
    #[arg(long, default_value = "players")]
    scenario: String,
    /// Slow clients at once (`--scenario slow`).
    #[arg(long, default_value_t = 3_000)]
    slow_clients: u32,
    /// Clients asking 2 s searches at once (`--scenario searches`).
    #[arg(long, default_value_t = 40)]
    searchers: u32,
    /// The server's open-file limit (a `ulimit -n` before it starts) [default: as inherited].
    #[arg(long)]
    server_fd_limit: Option<u32>,
}

/// What each kind of request measured.
#[derive(Default)]
struct Stats {
    latencies: BTreeMap<&'static str, Vec<Duration>>,
    busy: u64,
    errors: Vec<String>,
}

type Shared = Arc<Mutex<Stats>>;

const GAMES: [(&str, &str); 4] = [
    ("tictactoe", "{}"),
    ("ultimate", "{}"),
    ("gomoku", r#"{"rule":"renju"}"#),
    ("morris", "{}"),
];

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args = Args::parse();
    match args.scenario.as_str() {
        "players" => players(args).await,
        "slow" => defences::slow(args).await,
        "searches" => defences::searches(args).await,
        other => panic!("unknown scenario {other:?}: players, slow or searches"),
    }
}

async fn players(args: Args) {
    let (mut server, addr, _data) = start_server(&args);
    let pid = server.id();
    let stats: Shared = Arc::default();
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let players: Vec<_> = (0..args.players)
        .map(|id| {
            let stats = Arc::clone(&stats);
            let think = args.think_ms;
            tokio::spawn(async move { play(addr, id, think, deadline, stats).await })
        })
        .collect();
    let mut peaks = Vec::new();
    while Instant::now() < deadline {
        tokio::time::sleep(Duration::from_secs(5)).await;
        peaks.push(memory(pid, "VmRSS"));
    }
    for player in players {
        player.await.expect("a player task");
    }
    let high_water = memory(pid, "VmHWM");
    drop(server.stdin.take());
    let _ = server.wait();
    report(&stats.lock().unwrap(), args.seconds, &peaks, high_water);
}

/// Starts the server (with the open-file limit `--server-fd-limit` when given).
fn start_server(args: &Args) -> (Child, SocketAddr, tempfile::TempDir) {
    let server = common::server_command(args.server.as_deref());
    let command = match args.server_fd_limit {
        Some(limit) => {
            let mut shell = Command::new("sh");
            let script = format!("ulimit -n {limit} && exec \"$0\" \"$@\"");
            shell.arg("-c").arg(script).arg(server.get_program());
            shell
        }
        None => server,
    };
    common::start(command)
}

/// One player: games one after the other until the deadline. Against the computer the
/// person moves first and the computer answers each move.
async fn play(addr: SocketAddr, id: u32, think_ms: u64, deadline: Instant, stats: Shared) {
    let mut c = Client::new(addr);
    let mut rng = id as u64 * 7919 + 1;
    let computer = id % 2 == 1;
    let mut game_index = id as usize;
    // Players arrive over the first thinking time, not all in the same millisecond.
    think(&mut rng, think_ms).await;
    while Instant::now() < deadline {
        let (game, options) = GAMES[game_index % GAMES.len()];
        let options: Value = serde_json::from_str(options).expect("options");
        game_index += 1;
        let mut moves: Vec<String> = Vec::new();
        while Instant::now() < deadline {
            let view = json!({"game": game, "options": options, "moves": moves});
            let kind = view_kind(game);
            let Some(answer) = request(&mut c, kind, "/api/view", &view, &stats).await else {
                break;
            };
            let legal = answer["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                break;
            }
            if computer && moves.len() % 2 == 1 {
                let body =
                    json!({"game": game, "options": options, "moves": moves, "level": "beginner"});
                match request(&mut c, "move", "/api/move", &body, &stats).await {
                    Some(answer) => moves.push(answer["move"].as_str().unwrap_or("").to_owned()),
                    None => tokio::time::sleep(Duration::from_secs(1)).await,
                }
                continue;
            }
            think(&mut rng, think_ms).await;
            let mv = legal[(next(&mut rng) % legal.len() as u64) as usize]
                .as_str()
                .unwrap_or("")
                .to_owned();
            moves.push(mv);
            if !computer && moves.len() % 5 == 0 {
                let state =
                    json!({"op": "state", "game": game, "options": options, "moves": moves});
                request(&mut c, "state", "/api/referee", &state, &stats).await;
            }
        }
    }
}

/// The latency kind of a view of `game`.
fn view_kind(game: &str) -> &'static str {
    match game {
        "tictactoe" => "view tictactoe",
        "ultimate" => "view ultimate",
        "gomoku" => "view gomoku",
        _ => "view morris",
    }
}

/// Sends one request and records its latency; `None` for a 503 or an error.
async fn request(
    c: &mut Client,
    kind: &'static str,
    path: &str,
    body: &Value,
    stats: &Shared,
) -> Option<Value> {
    let start = Instant::now();
    let reply = c
        .send(
            hyper::Method::POST,
            path,
            &[("content-type", "application/json")],
            body.to_string().into_bytes(),
        )
        .await;
    let elapsed = start.elapsed();
    let mut stats = stats.lock().unwrap();
    match reply {
        Ok(reply) if reply.status.is_success() => {
            stats.latencies.entry(kind).or_default().push(elapsed);
            serde_json::from_slice(&reply.body).ok()
        }
        Ok(reply) if reply.status.as_u16() == 503 => {
            stats.busy += 1;
            None
        }
        Ok(reply) => {
            stats.errors.push(format!(
                "{kind} {}: {}",
                reply.status,
                String::from_utf8_lossy(&reply.body)
            ));
            None
        }
        Err(e) => {
            stats.errors.push(format!("{kind}: {e}"));
            None
        }
    }
}

fn report(stats: &Stats, seconds: u64, rss: &[u64], high_water: u64) {
    let total: usize = stats.latencies.values().map(Vec::len).sum();
    println!(
        "{total} answered requests in {seconds} s: {:.0} requests/s",
        total as f64 / seconds as f64
    );
    for (kind, latencies) in &stats.latencies {
        let (p50, p99, max) = quantiles(latencies);
        println!(
            "{kind:>15}: {:>7} requests, p50 {p50:>8.2} ms, p99 {p99:>8.2} ms, max {max:>8.2} ms",
            latencies.len()
        );
    }
    println!("503 (pool full): {}", stats.busy);
    println!("errors: {}", stats.errors.len());
    for error in stats.errors.iter().take(10) {
        println!("  {error}");
    }
    println!("server memory: peak (VmHWM) {high_water} KiB; resident every 5 s (KiB): {rss:?}");
}
