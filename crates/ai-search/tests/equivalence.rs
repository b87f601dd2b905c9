//! Every technique returns plain negamax's value at the same depth, on random positions.

use boardgames_core::{Game, Rng};
use boardgames_search::{negamax, Evaluator, Limits, Score, Searcher, Techniques};
use boardgames_tictactoe::Position;
use proptest::prelude::*;

/// A deterministic but irregular evaluator: a pseudo-random score per position, so move
/// ordering and bounds are exercised hard.
struct HashNoise;

impl Evaluator<Position> for HashNoise {
    fn evaluate(&self, position: &Position) -> Score {
        (position.zobrist() % 2001) as Score - 1000
    }
}

fn random_position(seed: u64, plies: usize) -> Position {
    let mut pos = Position::new();
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        match pos.random_move(&mut rng) {
            Some(mv) => pos.play(mv).unwrap(),
            None => break,
        }
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn every_technique_matches_negamax(seed in any::<u64>(), plies in 0usize..7, depth in 1u32..6) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        let want = negamax(&pos, depth, &HashNoise);
        for (name, techniques) in Techniques::CHECKS {
            let mut searcher = Searcher::new(HashNoise)
                .with_table_bytes(1 << 16)
                .with_techniques(techniques);
            let result = searcher.search(&pos, &Limits::depth(depth));
            prop_assert_eq!(result.score, want, "{} at depth {} on {}", name, depth, pos);
            // A proven result may end the deepening early; otherwise the depth is reached.
            if result.proof.is_none() {
                prop_assert_eq!(result.depth, depth);
            } else {
                prop_assert!(result.depth <= depth);
            }
            // The principal variation starts with the best move and is playable.
            let mut line = pos;
            for mv in &result.pv {
                prop_assert!(line.play(*mv).is_ok(), "{}: pv {:?} not playable", name, result.pv);
            }
            prop_assert_eq!(result.pv.first().copied(), result.best_move);
        }
        for step in [2, 3] {
            let mut searcher = Searcher::new(HashNoise)
                .with_table_bytes(1 << 16)
                .with_depth_step(step);
            let result = searcher.search(&pos, &Limits::depth(depth));
            prop_assert_eq!(result.score, want, "depth step {} at depth {} on {}", step, depth, pos);
            if result.proof.is_none() {
                prop_assert_eq!(result.depth, depth);
            }
        }
    }

    #[test]
    fn a_warm_table_changes_nothing(seed in any::<u64>(), plies in 0usize..6) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        let mut searcher = Searcher::new(HashNoise).with_table_bytes(1 << 14);
        for depth in 1..5 {
            let cold = negamax(&pos, depth, &HashNoise);
            let warm = searcher.search(&pos, &Limits::depth(depth)).score;
            prop_assert_eq!(warm, cold, "depth {}", depth);
        }
    }
}
