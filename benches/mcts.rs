//! MCTS and multi-core search, side by side in one run:
//!
//! - MCTS on ultimate tic-tac-toe from the start, random playouts: ai-search with 1 and 2
//!   threads (a new searcher, and one that has searched before and keeps its arena), and
//!   board-game 0.8's `MCTSBot` tree on its own ultimate board (`STTTBoard`), same
//!   exploration constant (both score rewards in 0..1), same simulation count;
//! - Lazy SMP: ultimate from the start to depth 10 with ai-players' evaluator (the players'
//!   settings: depth step 2, 16 MiB table allocated before the clock starts), 1 and 2 threads;
//! - board-core's parallel perft and playouts, 1 and 2 threads;
//! - MCTS on the other games (tic-tac-toe, morris, gomoku 15x15), one thread.
//!
//! First a table of the speed-ups, from runs with 1 and 2 threads alternately (best of 5), then
//! the criterion benches. Throughputs are printed as elements per second: simulations, nodes
//! or games.

use board_game::ai::mcts::mcts_build_tree;
use board_game::games::sttt::STTTBoard;
use boardgames_core::{perft_parallel, playouts_parallel};
use boardgames_players::ultimate::UltimateEvaluator;
use boardgames_search::{Limits, Mcts, RandomPlayout, Searcher};
use boardgames_ultimate::Position;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand08::SeedableRng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Simulations per timed MCTS search.
const SIMULATIONS: u64 = 200_000;
/// The exploration constant of both MCTS implementations.
const EXPLORATION: f64 = 1.0;
/// The Lazy SMP depth and table.
const DEPTH: u32 = 10;
const TABLE_BYTES: usize = 16 << 20;

fn mcts(threads: usize) -> Mcts<Position> {
    Mcts::new(RandomPlayout::default())
        .with_exploration(EXPLORATION)
        .expect("a valid constant")
        .with_tree_reuse(false)
        .with_threads(threads)
}

fn bench_mcts(c: &mut Criterion) {
    let start = Position::new();
    let limits = Limits::simulations(SIMULATIONS);
    let mut group = c.benchmark_group("mcts/ultimate start, random playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SIMULATIONS));
    // A new searcher each time: its tree's memory is allocated (and faulted in) during the
    // search, as board-game's is.
    group.bench_function("ai-search, 1 thread, new searcher", |b| {
        b.iter_batched_ref(
            || mcts(1),
            |mcts| mcts.search(black_box(&start), &limits),
            BatchSize::PerIteration,
        )
    });
    // A searcher that has searched before (as a player's, move after move): its arena keeps
    // its memory, so the threads do not wait on page faults.
    for threads in [1, 2] {
        let mut searcher = mcts(threads);
        searcher.search(&start, &limits);
        group.bench_function(format!("ai-search, {threads} thread(s)"), |b| {
            b.iter(|| searcher.search(black_box(&start), &limits))
        });
    }
    let board = STTTBoard::default();
    let mut rng = rand08::rngs::SmallRng::seed_from_u64(1);
    group.bench_function("board-game 0.8 MCTS, 1 thread", |b| {
        b.iter(|| mcts_build_tree(black_box(&board), SIMULATIONS, EXPLORATION as f32, &mut rng))
    });
    group.finish();
}

/// MCTS with random playouts from the start of every game, one thread.
fn bench_mcts_games(c: &mut Criterion) {
    const SIMS: u64 = 50_000;
    let mut group = c.benchmark_group("mcts/every game, 1 thread");
    group.sample_size(10);
    group.throughput(Throughput::Elements(SIMS));
    fn run<G: boardgames_core::Game>(position: &G) -> u64 {
        let mut mcts = Mcts::new(RandomPlayout::default()).with_tree_reuse(false);
        mcts.search(position, &Limits::simulations(SIMS))
            .simulations
    }
    let tictactoe = boardgames_tictactoe::Position::new();
    group.bench_function("tictactoe", |b| b.iter(|| run(black_box(&tictactoe))));
    let morris = boardgames_morris::Position::new();
    group.bench_function("morris", |b| b.iter(|| run(black_box(&morris))));
    let gomoku = boardgames_gomoku::Position::new(15, boardgames_gomoku::Rule::FREESTYLE)
        .expect("a valid size");
    group.bench_function("gomoku 15x15 freestyle", |b| {
        b.iter(|| run(black_box(&gomoku)))
    });
    group.finish();
}

/// A searcher with the players' settings, its table allocated and cold.
fn lazy_smp(threads: usize) -> Searcher<Position, UltimateEvaluator> {
    let mut searcher = Searcher::new(UltimateEvaluator::new())
        .with_depth_step(2)
        .with_table_bytes(TABLE_BYTES)
        .with_threads(threads);
    // Allocate the table (and the helpers' state) before the clock starts.
    searcher.search(&Position::new(), &Limits::depth(1));
    searcher.clear();
    searcher
}

fn bench_lazy_smp(c: &mut Criterion) {
    let start = Position::new();
    let mut group = c.benchmark_group(format!("lazy smp/ultimate start depth {DEPTH}"));
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter_batched_ref(
                || lazy_smp(threads),
                |searcher| searcher.search(black_box(&start), &Limits::depth(DEPTH)),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

fn bench_parallel_rules(c: &mut Criterion) {
    let start = Position::new();
    let mut group = c.benchmark_group("parallel/ultimate");
    group.sample_size(10);
    // perft(7), 35 ms: long enough that starting a thread is noise.
    let nodes = boardgames_core::perft(&start, 7);
    group.throughput(Throughput::Elements(nodes));
    for threads in [1, 2] {
        group.bench_function(format!("perft(7), {threads} thread(s)"), |b| {
            b.iter(|| perft_parallel(black_box(&start), 7, threads))
        });
    }
    const GAMES: u64 = 100_000;
    group.throughput(Throughput::Elements(GAMES));
    for threads in [1, 2] {
        group.bench_function(format!("100k playouts, {threads} thread(s)"), |b| {
            b.iter(|| playouts_parallel(black_box(&start), GAMES, 7, 81, threads))
        });
    }
    group.finish();
}

/// Rounds of the scaling table.
const ROUNDS: usize = 5;

/// The scaling table: each measure with 1 and 2 threads alternately, `ROUNDS` times, best
/// time of each. Alternating keeps a change in the machine's load from favouring one side;
/// the best time is the one least disturbed by other work. Printed, not a criterion bench.
fn scaling_table(_: &mut Criterion) {
    let start = Position::new();
    let mut best = [[Duration::MAX; 2]; 4];
    let limits = Limits::simulations(SIMULATIONS);
    // Searchers that have searched once: their arenas keep their memory.
    let mut searchers = [mcts(1), mcts(2)];
    for searcher in &mut searchers {
        searcher.search(&start, &limits);
    }
    for _ in 0..ROUNDS {
        for (k, threads) in [1, 2].into_iter().enumerate() {
            let time = |f: &mut dyn FnMut()| {
                let clock = Instant::now();
                f();
                clock.elapsed()
            };
            let mut searcher = lazy_smp(threads);
            let depth = time(&mut || {
                black_box(searcher.search(&start, &Limits::depth(DEPTH)));
            });
            let mcts = time(&mut || {
                black_box(searchers[k].search(&start, &limits));
            });
            let perft = time(&mut || {
                black_box(perft_parallel(&start, 7, threads));
            });
            let playouts = time(&mut || {
                black_box(playouts_parallel(&start, 200_000, 7, 81, threads));
            });
            for (row, t) in [depth, mcts, perft, playouts].into_iter().enumerate() {
                best[row][k] = best[row][k].min(t);
            }
        }
    }
    println!("scaling, best of {ROUNDS} alternating runs: 1 thread, 2 threads, speed-up");
    let names = [
        format!("ultimate alpha-beta to depth {DEPTH}"),
        format!("ultimate MCTS, {SIMULATIONS} simulations"),
        "ultimate perft(7)".to_string(),
        "ultimate, 200k playouts".to_string(),
    ];
    for (name, [one, two]) in names.iter().zip(best) {
        let speedup = one.as_secs_f64() / two.as_secs_f64();
        println!("  {name}: {one:.1?}, {two:.1?}, {speedup:.2}x");
    }
    let rate = SIMULATIONS as f64 / best[1][0].as_secs_f64();
    println!(
        "  MCTS simulations/s: {:.0} k with 1 thread, {:.0} k with 2",
        rate / 1e3,
        SIMULATIONS as f64 / best[1][1].as_secs_f64() / 1e3
    );
}

criterion_group!(
    benches,
    scaling_table,
    bench_mcts,
    bench_mcts_games,
    bench_lazy_smp,
    bench_parallel_rules
);
criterion_main!(benches);
