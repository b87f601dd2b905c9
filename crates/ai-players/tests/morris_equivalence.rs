//! On random morris positions of every phase, each search technique alone and all of them
//! together return plain negamax's value at the same depth, with the morris evaluator (and a
//! noisy version of it, whose scores rarely tie).

use boardgames_core::{Game, Rng};
use boardgames_morris::{Phase, Position, Rules};
use boardgames_players::morris::{MorrisEvaluator, NoisyEvaluator};
use boardgames_search::{check_techniques, negamax, Evaluator, Limits, Searcher};
use proptest::prelude::*;

/// Where the random game stops.
#[derive(Clone, Copy, Debug)]
enum Stage {
    /// Somewhere in the placement.
    Placing,
    /// After the placement, both players sliding.
    Moving,
    /// A player is down to three pieces and flies.
    Flying,
}

fn reached(position: &Position, stage: Stage) -> bool {
    let phases = [
        position.phase(boardgames_core::Player::First),
        position.phase(boardgames_core::Player::Second),
    ];
    match stage {
        Stage::Placing => phases.contains(&Phase::Placing),
        Stage::Moving => phases == [Phase::Moving, Phase::Moving],
        Stage::Flying => phases.contains(&Phase::Flying),
    }
}

/// A position of `stage` reached by random play from the start (the `skip`-th one met, or the
/// last met before the game ended), if the game reaches that stage at all.
fn stage_position(seed: u64, stage: Stage, skip: usize) -> Option<Position> {
    let mut position = Position::with_rules(Rules::default());
    let mut rng = Rng::new(seed);
    let mut found = None;
    let mut met = 0;
    for _ in 0..400 {
        if position.status().is_over() {
            break;
        }
        if reached(&position, stage) {
            found = Some(position);
            if met == skip {
                break;
            }
            met += 1;
        }
        let mv = position.random_move(&mut rng)?;
        position.play_unchecked(mv);
    }
    found
}

/// The deepest depth up to `max` whose full tree (branching `b`) stays under `budget` nodes,
/// so the exponential oracle stays quick.
fn affordable_depth(position: &Position, max: u32, budget: f64) -> u32 {
    let b = (position.legal_move_count().max(2)) as f64;
    (1..=max)
        .rev()
        .find(|&d| b.powi(d as i32) <= budget)
        .unwrap_or(1)
}

fn check<E: Evaluator<Position> + Copy>(
    position: &Position,
    depth: u32,
    evaluator: E,
) -> Result<(), TestCaseError> {
    check_techniques(position, depth, &evaluator).map_err(TestCaseError::fail)?;
    Ok(())
}

/// The node budget of the oracle's tree: larger where the tests run optimised.
const BUDGET: f64 = if cfg!(debug_assertions) {
    10_000.0
} else {
    1_000_000.0
};

fn stage_strategy() -> impl Strategy<Value = Stage> {
    prop_oneof![
        Just(Stage::Placing),
        Just(Stage::Moving),
        Just(Stage::Flying)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 120,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_technique_matches_negamax(
        seed in any::<u64>(),
        stage in stage_strategy(),
        skip in 0usize..12,
        depth in 1u32..6,
        noise in any::<bool>(),
    ) {
        let position = stage_position(seed, stage, skip);
        prop_assume!(position.is_some());
        let position = position.unwrap();
        let depth = depth.min(affordable_depth(&position, 5, BUDGET));
        if noise {
            check(&position, depth, NoisyEvaluator::new(MorrisEvaluator::new(), seed, 300))?;
        } else {
            check(&position, depth, MorrisEvaluator::new())?;
        }
    }

    #[test]
    fn a_warm_table_changes_nothing(seed in any::<u64>(), stage in stage_strategy(), skip in 0usize..8) {
        let position = stage_position(seed, stage, skip);
        prop_assume!(position.is_some());
        let position = position.unwrap();
        let mut searcher = Searcher::new(MorrisEvaluator::new()).with_table_bytes(1 << 14);
        for depth in 1..=affordable_depth(&position, 4, BUDGET) {
            let cold = negamax(&position, depth, &MorrisEvaluator::new());
            let warm = searcher.search(&position, &Limits::depth(depth)).score;
            prop_assert_eq!(warm, cold, "depth {} on\n{}", depth, position);
        }
    }
}

#[test]
fn every_stage_is_reachable_by_random_play() {
    // The strategies above only skip a seed when its game never reaches the stage; most do.
    for stage in [Stage::Placing, Stage::Moving, Stage::Flying] {
        let found = (0..50)
            .filter(|&seed| stage_position(seed, stage, 0).is_some())
            .count();
        assert!(found >= 25, "{stage:?}: only {found} of 50 games reach it");
    }
}
