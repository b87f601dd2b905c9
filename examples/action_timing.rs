//! How long the learning-agent view of each game takes: nanoseconds per legal-action mask, per
//! observation and per mapped observation, over positions from seeded random games.
//!
//! ```text
//! cargo run --profile test-release --example action_timing
//! ```

use boardgames::core::actions::Symmetries;
use boardgames::core::{Game, Rng};
use std::hint::black_box;
use std::time::Instant;

/// Positions of `count` seeded random games from `start`, every ply of each.
fn positions<G: Game>(start: &G, count: usize) -> Vec<G> {
    let mut rng = Rng::new(0x0B5E_57A7);
    let mut out = Vec::new();
    for _ in 0..count {
        let mut pos = start.clone();
        for _ in 0..400 {
            out.push(pos.clone());
            match pos.random_move(&mut rng) {
                Some(mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
    }
    out
}

/// The nanoseconds per call of `f` over `list`, repeated until about 0.3 s have passed.
fn time_per_call<G>(list: &[G], mut f: impl FnMut(&G)) -> f64 {
    let started = Instant::now();
    let mut calls = 0u64;
    while started.elapsed().as_secs_f64() < 0.3 {
        for pos in list {
            f(pos);
        }
        calls += list.len() as u64;
    }
    started.elapsed().as_secs_f64() * 1e9 / calls as f64
}

/// Prints the timings of one game.
fn report<G: Symmetries>(name: &str, start: G, games: usize) {
    let list = positions(&start, games);
    let mut mask = vec![false; start.action_count()];
    let mut obs = vec![0.0f32; start.observation_shape().len()];
    let mut image = obs.clone();
    let mask_ns = time_per_call(&list, |pos| {
        pos.legal_action_mask(&mut mask).ok();
        black_box(&mask);
    });
    let obs_ns = time_per_call(&list, |pos| {
        pos.write_observation(pos.side_to_move(), &mut obs).ok();
        black_box(&obs);
    });
    let map_ns = time_per_call(&list, |pos| {
        pos.map_observation(1, &obs, &mut image).ok();
        black_box(&image);
    });
    println!(
        "{name:<28} {:>6} actions {:>5} values  mask {mask_ns:>8.1} ns  observation {obs_ns:>8.1} ns  \
         symmetry {map_ns:>8.1} ns  ({} positions)",
        start.action_count(),
        obs.len(),
        list.len()
    );
}

fn main() {
    use boardgames::gomoku::opening::{Opening, OpeningGame};
    use boardgames::gomoku::{Position as Gomoku, Rule};
    report("tictactoe", boardgames::tictactoe::Position::new(), 200);
    report("ultimate", boardgames::ultimate::Position::new(), 50);
    report("morris", boardgames::morris::Position::new(), 20);
    for (name, rule) in [
        ("gomoku 15x15 freestyle", Rule::FREESTYLE),
        ("gomoku 15x15 renju", Rule::RENJU),
    ] {
        report(name, Gomoku::new(15, rule).expect("a valid size"), 10);
    }
    let swap2 = OpeningGame::new(15, Rule::STANDARD, Some(Opening::Swap2)).expect("fits 15x15");
    report("gomoku 15x15 swap2 opening", swap2, 10);
}
