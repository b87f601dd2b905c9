//! On random gomoku positions (9x9 and 15x15 boards and others, every rule), each search
//! technique alone and all of them together return plain negamax's value at the same depth.
//! The oracle uses the same evaluator, so it searches the same narrowed move sets (and the
//! same four extension, when it is on). Searches
//! that take moves back in place (make/unmake) walk exactly the tree copy-make walks. The
//! engine's selective pruning ([`SELECTIVITY`]) gives up equal values but keeps its proofs.

use boardgames_core::MoveList;
use boardgames_players::gomoku::{GomokuEvaluator, SearchPosition, MAX_WIDTH, SELECTIVITY};
use boardgames_players::Seeded;
use boardgames_search::{
    check_selective, check_techniques_make_unmake, negamax, score, Evaluator, Limits, Searcher,
    Selectivity,
};
use proptest::prelude::*;

mod common;
use common::{random_position, RULES};

/// The node budget of the oracle's tree: larger where the tests run optimised.
const BUDGET: f64 = if cfg!(debug_assertions) {
    3_000.0
} else {
    150_000.0
};

/// The deepest depth up to `max` whose full tree (with the root's number of searched moves as
/// the branching) stays under the budget.
fn affordable_depth(position: &SearchPosition, evaluator: &GomokuEvaluator, max: u32) -> u32 {
    depth_within(position, evaluator, max, BUDGET)
}

/// The deepest depth up to `max` whose full tree stays under `budget` nodes (as
/// [`affordable_depth`]).
fn depth_within(
    position: &SearchPosition,
    evaluator: &GomokuEvaluator,
    max: u32,
    budget: f64,
) -> u32 {
    let mut moves = MoveList::new();
    evaluator.search_moves(position, &mut moves);
    let b = (moves.len() + 2) as f64;
    (1..=max)
        .rev()
        .find(|&d| b.powi(d as i32) <= budget)
        .unwrap_or(1)
}

/// [`check_selective`] where its oracle stays within the budget: a win or loss the pruned
/// search reports in more plies than the depth (through the four extension, singular
/// extensions or known results) sends negamax that many plies deep, a tree that grows with
/// the width to that power. Cases whose reported result lies beyond the depth of ten times
/// the budget are not checked: one random case once kept the oracle busy for over ten
/// minutes.
fn check_selective_within_budget(
    position: &SearchPosition,
    depth: u32,
    evaluator: &GomokuEvaluator,
    selectivity: Selectivity,
) -> Result<(), TestCaseError> {
    let mut searcher = Searcher::new(*evaluator)
        .with_table_bytes(1 << 16)
        .with_selectivity(selectivity);
    let result = searcher.search(position, &Limits::depth(depth));
    let plies = score::plies_to_end(result.score).map_or(0, |p| p as u32);
    if plies > depth_within(position, evaluator, plies, 10.0 * BUDGET) {
        return Ok(());
    }
    prop_assert_eq!(
        check_selective(position, depth, evaluator, selectivity),
        Ok(())
    );
    Ok(())
}

fn check<E: Evaluator<SearchPosition> + Copy>(
    position: &SearchPosition,
    depth: u32,
    evaluator: E,
) -> Result<(), TestCaseError> {
    check_techniques_make_unmake(position, depth, &evaluator).map_err(TestCaseError::fail)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 12 } else { 64 },
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_technique_matches_negamax(
        size in prop::sample::select(vec![9u32, 15, 7, 11, 20]),
        rule in 0usize..6,
        plies in 0usize..30,
        seed in any::<u64>(),
        depth in 1u32..5,
        noise in any::<bool>(),
        extension in any::<bool>(),
        root_width in prop::sample::select(vec![1usize, 16, MAX_WIDTH]),
        known in any::<bool>(),
    ) {
        let mut position = SearchPosition::new(random_position(size, RULES[rule], plies, seed));
        position.mark_root();
        // With the four extension negamax extends the same way, and with the known results
        // it stops at the same nodes, so the values still agree; a wider root is the same
        // tree for every technique.
        let evaluator = GomokuEvaluator::new()
            .with_four_extension(extension)
            .with_known_results(known)
            .with_root_width(root_width);
        let depth = depth.min(affordable_depth(&position, &evaluator, 4));
        if noise {
            // Blurred scores rarely tie: move ordering and bounds are exercised harder.
            check(&position, depth, Seeded::new(evaluator, seed, 100))?;
        } else {
            check(&position, depth, evaluator)?;
        }
    }

    /// The engine's evaluator and pruning: a win or loss the pruned search reports, negamax
    /// (unpruned) finds at the same depth, as fast or faster.
    #[test]
    fn selective_proofs_hold(
        size in prop::sample::select(vec![9u32, 15, 11]),
        rule in 0usize..6,
        plies in 4usize..30,
        seed in any::<u64>(),
        depth in 1u32..5,
        known in any::<bool>(),
    ) {
        let mut position = SearchPosition::new(random_position(size, RULES[rule], plies, seed));
        position.mark_root();
        let evaluator = GomokuEvaluator::new()
            .with_four_extension(true)
            .with_known_results(known);
        let depth = depth.min(affordable_depth(&position, &evaluator, 4));
        check_selective_within_budget(&position, depth, &evaluator, SELECTIVITY)?;
        // And pruning as hard as it can: one move off the principal variation.
        let hardest = Selectivity {
            futility_margin: 1,
            futility_depth: 9,
            late_moves: [1; 8],
            reduction_from: 1,
            reduction_scale: 400,
            improving_moves: 0,
            singular_depth: 0,
            singular_margin: 0,
            fail_high_margin: 1,
            widen_losses: true,
            first_win: true,
        };
        check_selective_within_budget(&position, depth, &evaluator, hardest)?;
    }

    #[test]
    fn a_warm_table_changes_nothing(
        size in prop::sample::select(vec![9u32, 15]),
        rule in 0usize..6,
        plies in 0usize..30,
        seed in any::<u64>(),
    ) {
        let position = SearchPosition::new(random_position(size, RULES[rule], plies, seed));
        let evaluator = GomokuEvaluator::new();
        let mut searcher = Searcher::new(evaluator).with_table_bytes(1 << 14);
        for depth in 1..=affordable_depth(&position, &evaluator, 4) {
            let cold = negamax(&position, depth, &evaluator);
            let warm = searcher.search(&position, &Limits::depth(depth)).score;
            prop_assert_eq!(warm, cold, "depth {}", depth);
        }
    }
}
