//! Gomoku benchmarks on 15x15 over fixed lists of positions: playing a move with its win
//! check, threat shapes at a point and over the whole board, renju's forbidden-point test,
//! uniformly random playouts.

mod common;

use boardgames_core::{Game, Player, Rng};
use boardgames_gomoku::{Point, Position, Rule};
use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use std::hint::black_box;

/// 256 (position, legal move) pairs from seeded random freestyle games, every ply of each
/// game, so crowded boards with long runs appear as well as open ones.
fn sample_moves(rule: Rule) -> Vec<(Position, Point)> {
    let mut samples = Vec::new();
    let mut rng = Rng::new(2024);
    while samples.len() < 256 {
        let mut pos = Position::new(15, rule).expect("15x15 is supported");
        while let Some(mv) = pos.random_move(&mut rng) {
            samples.push((pos, mv));
            pos.play_unchecked(mv);
        }
    }
    samples.truncate(256);
    samples
}

fn bench_gomoku(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku 15x15");
    bench_moves_and_threats(&mut group);
    bench_renju(&mut group);
    let empty = Position::new(15, Rule::FREESTYLE).expect("15x15 is supported");
    common::bench_playouts(&mut group, "1000 random playouts, freestyle", empty);
    group.finish();
}

/// Playing a move with its win check, and reading threats, under freestyle and caro.
fn bench_moves_and_threats(group: &mut BenchmarkGroup<'_, WallTime>) {
    for (name, rule) in [("freestyle", Rule::FREESTYLE), ("caro", Rule::CARO)] {
        let samples = sample_moves(rule);
        group.throughput(Throughput::Elements(samples.len() as u64));
        group.bench_function(format!("play + win check, 256 moves, {name}"), |b| {
            b.iter(|| {
                let mut won = 0;
                for (pos, mv) in black_box(&samples) {
                    let mut next = *pos;
                    next.play_unchecked(*mv);
                    won += next.status().is_over() as u32;
                }
                won
            })
        });
        group.bench_function(format!("threats at a point, 256 points, {name}"), |b| {
            b.iter(|| {
                let mut fours = 0;
                for (pos, mv) in black_box(&samples) {
                    fours += pos.threats_at(pos.side_to_move(), *mv).fours();
                }
                fours
            })
        });
    }
    let samples = sample_moves(Rule::FREESTYLE);
    group.throughput(Throughput::Elements(16));
    group.bench_function("whole-board threats, 16 positions, freestyle", |b| {
        b.iter(|| {
            let mut count = 0;
            for (pos, _) in black_box(&samples[..16]) {
                count += pos.threats(Player::First).iter().count();
            }
            count
        })
    });
}

/// Renju's forbidden points: one point at a time, and whole boards.
fn bench_renju(group: &mut BenchmarkGroup<'_, WallTime>) {
    let renju = sample_moves(Rule::RENJU);
    group.throughput(Throughput::Elements(renju.len() as u64));
    group.bench_function("renju forbidden-point test, 256 points", |b| {
        b.iter(|| {
            let mut forbidden = 0;
            for (pos, mv) in black_box(&renju) {
                forbidden += pos.forbidden(Player::First, *mv).is_some() as u32;
            }
            forbidden
        })
    });

    // The crowded end of the same games: whole-board judgements, where the recursion of true
    // threes runs most.
    let mut crowded: Vec<Position> = renju.iter().map(|(pos, _)| *pos).collect();
    crowded.sort_by_key(|pos| std::cmp::Reverse(pos.stone_count()));
    crowded.truncate(16);
    group.throughput(Throughput::Elements(16));
    group.bench_function(
        "renju forbidden points of the whole board, 16 crowded positions",
        |b| {
            b.iter(|| {
                let mut forbidden = 0;
                for pos in black_box(&crowded) {
                    forbidden += pos.forbidden_points(Player::First).len();
                }
                forbidden
            })
        },
    );
}

criterion_group!(benches, bench_gomoku);
criterion_main!(benches);
