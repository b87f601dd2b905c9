//! Tic-tac-toe benchmarks: perft(9), full game-tree enumeration, random playouts.

mod common;

use boardgames_core::{perft, Game, MoveList, Status};
use boardgames_tictactoe::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn count_complete_games(pos: &Position) -> u64 {
    if pos.status() != Status::Ongoing {
        return 1;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| count_complete_games(&pos.with_move(mv)))
        .sum()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("tictactoe");
    group.throughput(Throughput::Elements(127_872));
    group.bench_function("perft(9)", |b| {
        b.iter(|| perft(black_box(&Position::new()), 9))
    });
    group.throughput(Throughput::Elements(255_168));
    group.bench_function("enumerate all 255168 games", |b| {
        b.iter(|| count_complete_games(black_box(&Position::new())))
    });
    common::bench_playouts(&mut group, "1000 random playouts", Position::new());
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
