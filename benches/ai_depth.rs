//! The AI-depth benchmark at a fixed depth: ai-search on every stored position of every game
//! with an evaluator (the suite of `boardgames-bench-support`), and side by side with minimax-rs on ultimate
//! tic-tac-toe from the start, with the same evaluator. `examples/ai_depth.rs` gives the
//! depth reached in a given time and the comparison table.

use boardgames_bench_support::{minimax_peer, positions};
use boardgames_search::Limits;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use minimax_peer::PeerStrategy;
use positions::SuiteGame;
use std::hint::black_box;

/// The depth every stored position is searched to.
const DEPTH: u32 = 8;
/// The table of every search (allocated before the clock starts, as the peer's).
const TABLE_BYTES: usize = 16 << 20;

fn bench_stored_positions<S: SuiteGame>(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("ai_depth/{} depth {DEPTH}", S::NAME));
    group.sample_size(10);
    for named in positions::positions::<S>().expect("the stored positions load") {
        group.bench_function(&named.name, |b| {
            b.iter_batched_ref(
                || positions::searcher::<S>(TABLE_BYTES),
                |searcher| searcher.search(black_box(&named.position), &Limits::depth(DEPTH)),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

fn bench_peer(c: &mut Criterion) {
    let start = boardgames_ultimate::Position::new();
    let mut group = c.benchmark_group("ai_depth/ultimate start vs minimax-rs");
    group.sample_size(10);
    for depth in [6u8, 8] {
        group.bench_function(format!("ai-search depth {depth}"), |b| {
            b.iter_batched_ref(
                || positions::searcher::<positions::Ultimate>(TABLE_BYTES),
                |searcher| searcher.search(black_box(&start), &Limits::depth(depth as u32)),
                BatchSize::PerIteration,
            )
        });
        for kind in PeerStrategy::ALL {
            group.bench_function(format!("{} depth {depth}", kind.name()), |b| {
                b.iter_batched_ref(
                    || minimax_peer::strategy(kind, depth, TABLE_BYTES),
                    |strategy| strategy.choose_move(black_box(&start)),
                    BatchSize::PerIteration,
                )
            });
        }
    }
    group.finish();
}

fn bench_all(c: &mut Criterion) {
    bench_stored_positions::<positions::Ultimate>(c);
    bench_stored_positions::<positions::Morris>(c);
    bench_stored_positions::<positions::Gomoku>(c);
    bench_peer(c);
}

criterion_group!(benches, bench_all);
criterion_main!(benches);
