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

/// The checked-in network over the same positions: the full evaluation (observation, every
/// layer, all 81 logits), then as MCTS asks it (a leaf's value, then the priors of its legal
/// moves); and MCTS's simulations with the network and with random playouts.
fn bench_network(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    positions: &[Position],
) {
    use boardgames_core::actions::Observe;
    use boardgames_players::net::NetLeaf;
    use boardgames_players::ultimate::learned::{checked_in, GAME};
    use boardgames_search::{Leaf, Limits, Mcts, RandomPlayout};
    let net = checked_in().expect("the checked-in network");
    group.bench_function("network full evaluation, 256 positions", |b| {
        let (mut scratch, mut input) = (net.scratch(), vec![0.0; 567]);
        b.iter(|| {
            let mut sum = 0.0;
            for pos in black_box(positions) {
                pos.write_observation(pos.side_to_move(), &mut input)
                    .unwrap();
                sum += net.evaluate(&input, &mut scratch);
            }
            sum
        })
    });
    let mut leaf = NetLeaf::new(net.clone(), GAME, &Position::new(), "bench").unwrap();
    group.bench_function("network leaf value and priors, 256 positions", |b| {
        let (mut moves, mut priors) = (MoveList::new(), Vec::new());
        b.iter(|| {
            let mut sum = 0.0;
            for pos in black_box(positions) {
                sum += leaf.net_value(pos);
                pos.legal_moves(&mut moves);
                leaf.priors(pos, &moves, &mut priors);
            }
            sum
        })
    });
    // Simulations from 8 positions of the list (its plies 0, 32, ..., 224).
    let roots: Vec<Position> = positions.iter().step_by(32).copied().collect();
    group.throughput(Throughput::Elements(8 * 1000));
    group.bench_function("MCTS with the network, 8 x 1000 simulations", |b| {
        let leaf = NetLeaf::new(net.clone(), GAME, &Position::new(), "bench").unwrap();
        b.iter(|| search_all(Mcts::new(leaf.clone()), &roots))
    });
    group.bench_function("MCTS with random playouts, 8 x 1000 simulations", |b| {
        b.iter(|| search_all(Mcts::new(RandomPlayout::default()), &roots))
    });

    fn search_all<L: Leaf<Position>>(mut mcts: Mcts<Position, L>, roots: &[Position]) -> u64 {
        roots
            .iter()
            .map(|root| mcts.search(root, &Limits::simulations(1000)).simulations)
            .sum()
    }
}

criterion_group!(benches, bench_ultimate);
criterion_main!(benches);
