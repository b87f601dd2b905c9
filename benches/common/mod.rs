//! What the game benchmarks share.

use boardgames_core::{Game, Rng};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};

/// Benchmarks 1,000 uniformly random playouts from `start()` to the end of the game, from a
/// fixed seed: the playout figure every game reports, measured the same way for each.
pub fn bench_playouts<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, start: G) {
    group.throughput(Throughput::Elements(1_000));
    group.bench_function(name, |b| {
        let mut rng = Rng::new(1);
        b.iter(|| {
            let mut plies = 0;
            for _ in 0..1_000 {
                let mut pos = start.clone();
                plies += pos.random_playout(&mut rng, usize::MAX).1;
            }
            plies
        })
    });
}
