//! What the load tests share: the server binary started beside them, a seeded random
//! generator and think times, latency quantiles, and the server's memory.

#![allow(dead_code)]

#[path = "../../tests/common/binary.rs"]
pub mod binary;
#[path = "../../tests/common/client.rs"]
pub mod client;

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command};
use std::time::Duration;

/// The command that runs `server`, or the `boardgames-web` binary of the target directory
/// this example was built in.
pub fn server_command(server: Option<&Path>) -> Command {
    match server {
        Some(path) => Command::new(path),
        None => {
            let exe = std::env::current_exe().expect("this program's path");
            let target = exe
                .parent()
                .and_then(|d| d.parent())
                .expect("the target directory");
            Command::new(target.join("boardgames-web"))
        }
    }
}

/// Starts `command` on a free port with its friend games' database in a fresh temporary
/// folder (deleted when the answered folder is dropped, after the server), and says so.
pub fn start(mut command: Command) -> (Child, SocketAddr, tempfile::TempDir) {
    let data = tempfile::tempdir().expect("a temporary folder");
    command.arg("--data-dir").arg(data.path());
    let program = command.get_program().to_owned();
    let (child, addr) = binary::spawn(command);
    println!(
        "server {program:?} (pid {}) at {addr}, data in {}",
        child.id(),
        data.path().display()
    );
    (child, addr, data)
}

/// The next number of a splitmix64 sequence.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Sleeps from 0 to `think_ms` milliseconds.
pub async fn think(rng: &mut u64, think_ms: u64) {
    if think_ms > 0 {
        tokio::time::sleep(Duration::from_millis(next(rng) % think_ms)).await;
    }
}

/// The p50, p99 and max of `latencies`, in milliseconds (zeros when empty).
pub fn quantiles(latencies: &[Duration]) -> (f64, f64, f64) {
    let mut sorted = latencies.to_vec();
    sorted.sort();
    if sorted.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let at = |q: f64| sorted[((sorted.len() as f64 - 1.0) * q) as usize].as_secs_f64() * 1e3;
    (at(0.5), at(0.99), at(1.0))
}

/// A memory figure of the process from /proc (`VmRSS`, `VmHWM`), in KiB (0 when
/// unreadable, e.g. not on Linux).
pub fn memory(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}
