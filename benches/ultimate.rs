//! Ultimate tic-tac-toe benchmarks: perft(6) from the start, legal move generation over a
//! fixed list of positions, uniformly random playouts, and the checked-in network's value
//! and policy over the same positions.

mod common;

use boardgames_core::{perft, Game, MoveList, Rng};
use boardgames_ultimate::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// 256 positions from seeded random games, every ply of each game, so forced boards and
/// free choices both appear.
fn sample_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    let mut rng = Rng::new(2024);
    while positions.len() < 256 {
        let mut pos = Position::new();
        while let Some(mv) = pos.random_move(&mut rng) {
            positions.push(pos);
            pos.play_unchecked(mv);
        }
    }
    positions.truncate(256);
    positions
}

fn bench_ultimate(c: &mut Criterion) {
    let mut group = c.benchmark_group("ultimate");
    group.sample_size(20);
    group.throughput(Throughput::Elements(4_020_960));
    group.bench_function("perft(6)", |b| {
        b.iter(|| perft(black_box(&Position::new()), 6))
    });
    group.sample_size(100);

    let positions = sample_positions();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal move list, 256 positions", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            let mut total = 0;
            for pos in black_box(&positions) {
                pos.legal_moves(&mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function("legal mask and count, 256 positions", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(|pos| pos.legal_mask().count())
                .sum::<u32>()
        })
    });

    common::bench_playouts(&mut group, "1000 random playouts", Position::new());
    bench_network(&mut group, &positions);
    group.finish();
}

/// The checked-in network's value and policy logits of each position, as the MCTS leaves
/// compute them (observation, then evaluation).
fn bench_network(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    positions: &[Position],
) {
    use boardgames_players::net::NetLeaf;
    use boardgames_players::ultimate::learned::{checked_in, GAME};
    let net = checked_in().expect("the checked-in network");
    let mut leaf = NetLeaf::new(net, GAME, &Position::new(), "bench").unwrap();
    group.bench_function("network value and policy, 256 positions", |b| {
        b.iter(|| {
            black_box(positions)
                .iter()
                .map(|pos| leaf.net_value(pos))
                .sum::<f32>()
        })
    });
}

criterion_group!(benches, bench_ultimate);
criterion_main!(benches);
