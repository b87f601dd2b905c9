//! The AI-depth benchmark: how deep the ai-search crate gets in a given time.
//!
//! ```text
//! cargo run --release --example ai_depth                 # every game, 1 s per position
//! cargo run --release --example ai_depth -- --millis 500 --game ultimate
//! cargo run --release --example ai_depth -- --peer       # and the minimax-rs comparison
//! ```
//!
//! For each game with an evaluator and each of its positions stored in
//! `crates/bench-support/positions/GAME.txt`, one search with a time limit (default 1000 ms, `--millis N`)
//! and a fresh `--table-mb N` table (default 16): the depth completed, nodes, nodes per second,
//! the best move and its score. `--peer` adds the side-by-side run against the `minimax` crate
//! (minimax-rs) on ultimate tic-tac-toe with the same evaluator: the time to reach each depth
//! of `--peer-depths` (default 8,10) from the start, best of `--runs N` (default 3).

use boardgames_bench_support::{minimax_peer, positions};
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

/// The AI-depth benchmark: how deep the ai-search crate gets in a given time.
#[derive(clap::Parser, Debug)]
#[command(name = "ai_depth", version)]
struct Cli {
    /// The time limit of each search, in milliseconds.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    millis: u64,
    /// Only this game's positions.
    #[arg(long, value_name = "NAME")]
    game: Option<String>,
    /// The transposition table of each search, in MiB.
    #[arg(long, value_name = "N", default_value_t = 16)]
    table_mb: usize,
    /// Add the side-by-side run against minimax-rs on ultimate tic-tac-toe.
    #[arg(long)]
    peer: bool,
    /// The depths of the peer run.
    #[arg(long, value_name = "8,10", value_delimiter = ',', default_values_t = [8u8, 10])]
    peer_depths: Vec<u8>,
    /// Each peer timing is the best of N runs.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
}

fn parse_args() -> Result<Options, String> {
    let cli = <Cli as clap::Parser>::parse();
    if let Some(game) = &cli.game {
        if !positions::GAMES.iter().any(|g| g.name == game) {
            let names: Vec<&str> = positions::GAMES.iter().map(|g| g.name).collect();
            return Err(format!("unknown game {game:?}: {}", names.join(", ")));
        }
    }
    Ok(Options {
        millis: cli.millis,
        game: cli.game,
        table_bytes: cli.table_mb << 20,
        peer: cli.peer,
        peer_depths: cli.peer_depths,
        runs: cli.runs,
    })
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
            eprintln!("error: {message}\n\nFor more information, try '--help'.");
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
