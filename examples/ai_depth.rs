//! The AI-depth benchmark: how deep the ai-search crate gets in a given time.
//!
//! ```text
//! cargo run --release --example ai_depth                 # every game, 1 s per position
//! cargo run --release --example ai_depth -- --millis 500 --game ultimate
//! cargo run --release --example ai_depth -- --peer       # and the minimax-rs comparison
//! ```
//!
//! For each game with an evaluator and each of its positions stored in
//! `benches/positions/GAME.txt`, one search with a time limit (default 1000 ms, `--millis N`)
//! and a fresh `--table-mb N` table (default 16): the depth completed, nodes, nodes per second,
//! the best move and its score. `--peer` adds the side-by-side run against the `minimax` crate
//! (minimax-rs) on ultimate tic-tac-toe with the same evaluator: the time to reach each depth
//! of `--peer-depths` (default 8,10) from the start, best of `--runs N` (default 3).

#[path = "../benches/positions/mod.rs"]
mod positions;

#[path = "../benches/positions/minimax_peer.rs"]
mod minimax_peer;

use boardgames_search::Limits;
use minimax_peer::PeerStrategy;
use std::time::{Duration, Instant};

struct Options {
    millis: u64,
    game: Option<String>,
    table_bytes: usize,
    peer: bool,
    peer_depths: Vec<u8>,
    runs: u32,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        millis: 1000,
        game: None,
        table_bytes: 16 << 20,
        peer: false,
        peer_depths: vec![8, 10],
        runs: 3,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        let number = |name: &str, text: String| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{name} takes a number, not {text:?}"))
        };
        match arg.as_str() {
            "--millis" => options.millis = number("--millis", value("--millis")?)?,
            "--game" => options.game = Some(value("--game")?),
            "--table-mb" => {
                options.table_bytes = (number("--table-mb", value("--table-mb")?)? as usize) << 20
            }
            "--peer" => options.peer = true,
            "--peer-depths" => {
                options.peer_depths = value("--peer-depths")?
                    .split(',')
                    .map(|d| {
                        d.trim()
                            .parse()
                            .map_err(|_| format!("--peer-depths takes depths like 8,10, not {d:?}"))
                    })
                    .collect::<Result<_, _>>()?
            }
            "--runs" => options.runs = number("--runs", value("--runs")?)?.max(1) as u32,
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown option {other:?}")),
        }
    }
    if let Some(game) = &options.game {
        if !positions::GAMES.iter().any(|g| g.name == game) {
            let names: Vec<&str> = positions::GAMES.iter().map(|g| g.name).collect();
            return Err(format!("unknown game {game:?}: {}", names.join(", ")));
        }
    }
    Ok(options)
}

fn depth_table(options: &Options) -> Result<(), String> {
    let limits = Limits::time(Duration::from_millis(options.millis));
    println!(
        "Depth completed in {} ms per position (table {} MiB):\n",
        options.millis,
        options.table_bytes >> 20
    );
    println!(
        "{:<10} {:<9} {:>5} {:>10} {:>10} {:>5} {:>8} {:>6} {:>8}",
        "game", "position", "depth", "nodes", "nodes/s", "best", "score", "result", "ms"
    );
    for entry in positions::GAMES {
        if options.game.as_deref().is_some_and(|g| g != entry.name) {
            continue;
        }
        for row in (entry.run)(&limits, options.table_bytes)? {
            println!(
                "{:<10} {:<9} {:>5} {:>10} {:>10} {:>5} {:>8} {:>6} {:>8.1}",
                row.game,
                row.position,
                row.depth,
                row.nodes,
                row.nps,
                row.best,
                row.score,
                row.proof.unwrap_or("-"),
                row.micros as f64 / 1000.0
            );
        }
    }
    Ok(())
}

/// The best (shortest) of `runs` timings of `f`.
fn best_of(runs: u32, mut f: impl FnMut() -> Duration) -> Duration {
    (0..runs).map(|_| f()).min().unwrap_or_default()
}

fn peer_table(options: &Options) {
    let start = boardgames_ultimate::Position::new();
    println!(
        "\nTime to a fixed depth from the ultimate start, same evaluator, table {} MiB made before \
         the clock starts, best of {} (ms):\n",
        options.table_bytes >> 20,
        options.runs
    );
    print!("{:<6} {:>10}", "depth", "ai-search");
    for strategy in PeerStrategy::ALL {
        print!(" {:>32}", strategy.name());
    }
    println!(" {:>8}", "speed-up");
    for &depth in &options.peer_depths {
        let ours = best_of(options.runs, || {
            let mut searcher = positions::searcher::<positions::Ultimate>(options.table_bytes);
            let started = Instant::now();
            let result = searcher.search(&start, &Limits::depth(depth as u32));
            assert_eq!(result.depth, depth as u32);
            started.elapsed()
        });
        print!("{depth:<6} {:>10.1}", ours.as_secs_f64() * 1e3);
        let mut fastest_peer = Duration::MAX;
        for strategy in PeerStrategy::ALL {
            // Plain alpha-beta without a table takes minutes past depth 8.
            if strategy == PeerStrategy::AlphaBeta && depth > 8 {
                print!(" {:>32}", "-");
                continue;
            }
            let time = best_of(options.runs, || {
                minimax_peer::search(strategy, &start, depth, options.table_bytes).1
            });
            fastest_peer = fastest_peer.min(time);
            print!(" {:>32.1}", time.as_secs_f64() * 1e3);
        }
        println!(" {:>7.2}x", fastest_peer.as_secs_f64() / ours.as_secs_f64());
    }
    println!("\n(speed-up: the fastest minimax-rs strategy's time over ai-search's)");
}

fn main() {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            if !message.is_empty() {
                eprintln!("{message}\n");
            }
            eprintln!(
                "usage: cargo run --release --example ai_depth -- [--millis N] [--game NAME] \
                 [--table-mb N] [--peer] [--peer-depths 8,10] [--runs N]"
            );
            std::process::exit(2);
        }
    };
    if let Err(message) = depth_table(&options) {
        eprintln!("{message}");
        std::process::exit(1);
    }
    if options.peer {
        peer_table(&options);
    }
}
