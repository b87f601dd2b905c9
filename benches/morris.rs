//! Nine men's morris benchmarks: move generation in each phase over fixed position lists,
//! counting, perft(5) from the start, and uniformly random playouts.

mod common;

use boardgames_core::{perft, Game, MoveList, Rng};
use boardgames_morris::{Phase, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// Up to `n` positions with the side to move in `phase`, from seeded random games.
fn positions(phase: Phase, n: usize) -> Vec<Position> {
    let mut rng = Rng::new(0x4D4F_5252);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::new();
        while let Some(mv) = pos.random_move(&mut rng) {
            if pos.phase(pos.side_to_move()) == phase && out.len() < n {
                out.push(pos);
            }
            pos.play_unchecked(mv);
        }
    }
    out
}

fn bench_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("morris movegen");
    for (name, phase) in [
        ("placing", Phase::Placing),
        ("moving", Phase::Moving),
        ("flying", Phase::Flying),
    ] {
        let list = positions(phase, 1_000);
        group.throughput(Throughput::Elements(list.len() as u64));
        group.bench_function(format!("legal_moves, 1000 {name} positions"), |b| {
            let mut moves = MoveList::new();
            b.iter(|| {
                let mut total = 0;
                for pos in &list {
                    black_box(pos).legal_moves(&mut moves);
                    total += moves.len();
                }
                total
            })
        });
        group.bench_function(format!("legal_move_count, 1000 {name} positions"), |b| {
            b.iter(|| {
                list.iter()
                    .map(|pos| black_box(pos).legal_move_count())
                    .sum::<usize>()
            })
        });
        group.bench_function(format!("random_move, 1000 {name} positions"), |b| {
            let mut rng = Rng::new(7);
            b.iter(|| {
                list.iter()
                    .filter_map(|pos| black_box(pos).random_move(&mut rng))
                    .count()
            })
        });
    }
    group.finish();
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("morris");
    group.sample_size(20);
    group.throughput(Throughput::Elements(5_140_800));
    group.bench_function("perft(5)", |b| {
        b.iter(|| perft(black_box(&Position::new()), 5))
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("morris");
    common::bench_playouts(&mut group, "1000 random playouts", Position::new());
    group.finish();
}

criterion_group!(benches, bench_generation, bench_perft, bench_playouts);
criterion_main!(benches);
