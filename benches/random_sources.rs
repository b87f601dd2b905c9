//! Random playouts driven by different generators: this crate's SplitMix64 `Rng` (the
//! default, which seeds and traces rely on) against generators a user brings from rand 0.10
//! (`SmallRng`, `Xoshiro256PlusPlus`, `StdRng`). Every game's playout is generic over
//! `RandomSource`, so each generator gets its own monomorphised loop; the figures show what a
//! user's generator costs per playout, and the default's figure is comparable with the
//! per-game benches.

use boardgames_core::{Game, RandomSource, Rng};
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use rand::rngs::{SmallRng, StdRng, Xoshiro256PlusPlus};
use rand::SeedableRng;
use std::hint::black_box;

const PLAYOUTS: u64 = 200;

fn playouts<G: Game, R: RandomSource>(
    group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    start: &G,
    mut rng: R,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..PLAYOUTS {
                let mut game = start.clone();
                plies += game.random_playout(&mut rng, 1_000).1;
            }
            black_box(plies)
        })
    });
}

fn every_generator<G: Game>(c: &mut Criterion, game: &str, start: G) {
    let mut group = c.benchmark_group(format!("{game} playouts by generator"));
    group.throughput(Throughput::Elements(PLAYOUTS));
    playouts(
        &mut group,
        "boardgames Rng (SplitMix64)",
        &start,
        Rng::new(1),
    );
    playouts(
        &mut group,
        "rand SmallRng",
        &start,
        SmallRng::seed_from_u64(1),
    );
    let xoshiro = Xoshiro256PlusPlus::seed_from_u64(1);
    playouts(&mut group, "rand Xoshiro256PlusPlus", &start, xoshiro);
    playouts(
        &mut group,
        "rand StdRng (ChaCha12)",
        &start,
        StdRng::seed_from_u64(1),
    );
    group.finish();
}

fn bench_generators(c: &mut Criterion) {
    every_generator(c, "tictactoe", boardgames_tictactoe::Position::new());
    every_generator(c, "ultimate", boardgames_ultimate::Position::new());
    let rule = boardgames_gomoku::Rule::FREESTYLE;
    let gomoku = boardgames_gomoku::Position::new(15, rule).expect("15x15 is a legal size");
    every_generator(c, "gomoku 15x15 freestyle", gomoku);
    every_generator(c, "morris", boardgames_morris::Position::new());
}

criterion_group!(benches, bench_generators);
criterion_main!(benches);
