//! On random ultimate tic-tac-toe positions, with the real evaluator, every search technique
//! (alpha-beta, PVS, the table, iterative deepening, each alone and all together) returns
//! plain negamax's value at the same depth.

use boardgames_core::{random_position, Game, Rng};
use boardgames_players::ultimate::UltimateEvaluator;
use boardgames_search::{check_techniques, negamax, Evaluator, Limits, Score, Searcher};
use boardgames_ultimate::Position;
use proptest::prelude::*;

/// The evaluator with a pseudo-random term per position added: irregular scores exercise
/// move ordering and bounds harder than the smooth real evaluation alone.
#[derive(Clone, Copy)]
struct Jittered;

impl Evaluator<Position> for Jittered {
    fn evaluate(&self, position: &Position) -> Score {
        UltimateEvaluator::new().evaluate(position) + (position.zobrist() % 41) as Score - 20
    }
}

/// A depth small enough for plain negamax in a debug build: the free choice (up to 81
/// moves) gets fewer plies.
fn affordable_depth(pos: &Position, wanted: u32) -> u32 {
    match pos.legal_move_count() {
        0..=9 => wanted,
        10..=30 => wanted.min(3),
        _ => wanted.min(2),
    }
}

fn check_all<E: Evaluator<Position> + Copy>(
    evaluator: E,
    pos: &Position,
    depth: u32,
) -> Result<(), TestCaseError> {
    let want = negamax(pos, depth, &evaluator);
    check_techniques(pos, depth, &evaluator).map_err(TestCaseError::fail)?;
    // Deepening two plies at a time, as the ultimate players and the referee do.
    let mut searcher = Searcher::new(evaluator)
        .with_table_bytes(1 << 16)
        .with_depth_step(2);
    let result = searcher.search(pos, &Limits::depth(depth));
    prop_assert_eq!(result.score, want, "depth step 2 at depth {}", depth);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_technique_matches_negamax(seed in any::<u64>(), plies in 1usize..60, depth in 1u32..5) {
        let pos = random_position(Position::new(), plies, &mut Rng::new(seed));
        prop_assume!(!pos.status().is_over());
        let depth = affordable_depth(&pos, depth);
        check_all(UltimateEvaluator::new(), &pos, depth)?;
    }

    #[test]
    fn every_technique_matches_negamax_on_a_jittered_evaluation(
        seed in any::<u64>(),
        plies in 1usize..60,
        depth in 1u32..5,
    ) {
        let pos = random_position(Position::new(), plies, &mut Rng::new(seed));
        prop_assume!(!pos.status().is_over());
        let depth = affordable_depth(&pos, depth);
        check_all(Jittered, &pos, depth)?;
    }

    #[test]
    fn a_warm_table_changes_nothing(seed in any::<u64>(), plies in 1usize..60) {
        let pos = random_position(Position::new(), plies, &mut Rng::new(seed));
        prop_assume!(!pos.status().is_over());
        let mut searcher = Searcher::new(UltimateEvaluator::new()).with_table_bytes(1 << 14);
        for depth in 1..=affordable_depth(&pos, 4) {
            let cold = negamax(&pos, depth, &UltimateEvaluator::new());
            let warm = searcher.search(&pos, &Limits::depth(depth)).score;
            prop_assert_eq!(warm, cold, "depth {}", depth);
        }
    }
}

#[test]
fn the_start_position_matches_negamax_at_depth_two() {
    // 81 moves, then 9 each: the free first move.
    let pos = Position::new();
    let want = negamax(&pos, 2, &UltimateEvaluator::new());
    let result = Searcher::new(UltimateEvaluator::new()).search(&pos, &Limits::depth(2));
    assert_eq!(result.score, want);
    assert!(result.best_move.is_some());
}
