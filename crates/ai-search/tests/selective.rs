//! Selective pruning ([`Selectivity`]): off, nothing changes; on, it prunes, and the wins and
//! losses it reports are still proven (plain negamax finds them, as fast or faster).

mod common;

use boardgames_core::{Game, Rng};
use boardgames_search::{
    check_selective, negamax, Evaluator, Limits, NoKnowledge, Proof, Score, Searcher, Selectivity,
    LATE_MOVE_DEPTHS,
};
use boardgames_tictactoe::Position;
use common::{random_position, HashNoise};
use proptest::prelude::*;

/// Prunes as hard as the settings allow: one move off the principal variation, and every
/// node that beats beta by a point a ply.
const HARDEST: Selectivity = Selectivity {
    futility_margin: 1,
    futility_depth: 9,
    late_moves: [1; LATE_MOVE_DEPTHS],
    reduction_from: 1,
    reduction_scale: 400,
};

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn selective_proofs_are_proofs(
        seed in any::<u64>(),
        plies in 0usize..7,
        depth in 1u32..8,
        margin in 1i32..400,
        futility_depth in 0u32..6,
        late in prop::array::uniform8(0u8..4),
        reduction_from in 0u8..4,
        reduction_scale in 0u16..300,
    ) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        let selectivity = Selectivity {
            futility_margin: margin,
            futility_depth,
            late_moves: late,
            reduction_from,
            reduction_scale,
        };
        prop_assert_eq!(check_selective(&pos, depth, &HashNoise, selectivity), Ok(()));
        prop_assert_eq!(check_selective(&pos, depth, &NoKnowledge, HARDEST), Ok(()));
    }

    #[test]
    fn no_selectivity_is_negamax(seed in any::<u64>(), plies in 0usize..7, depth in 1u32..6) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        let mut searcher = Searcher::new(HashNoise).with_selectivity(Selectivity::NONE);
        let result = searcher.search(&pos, &Limits::depth(depth));
        prop_assert_eq!(result.score, negamax(&pos, depth, &HashNoise));
    }
}

#[test]
fn selectivity_prunes_nodes_and_changes_values() {
    let (mut exact_nodes, mut pruned_nodes, mut different) = (0, 0, 0);
    for seed in 0..40 {
        let pos = random_position(seed, 1);
        let exact = Searcher::new(HashNoise).search(&pos, &Limits::depth(6));
        let pruned = Searcher::new(HashNoise)
            .with_selectivity(HARDEST)
            .search(&pos, &Limits::depth(6));
        exact_nodes += exact.nodes;
        pruned_nodes += pruned.nodes;
        different += usize::from(pruned.score != exact.score);
    }
    assert!(
        pruned_nodes * 2 < exact_nodes,
        "{pruned_nodes} nodes pruned against {exact_nodes} exact"
    );
    assert!(
        different > 0,
        "the values never changed: nothing was pruned"
    );
}

/// A pseudo-random score per ultimate position, like `HashNoise` for tic-tac-toe.
struct UltimateNoise;

impl Evaluator<boardgames_ultimate::Position> for UltimateNoise {
    fn evaluate(&self, position: &boardgames_ultimate::Position) -> Score {
        (position.zobrist() % 2001) as Score - 1000
    }
}

#[test]
fn late_move_reductions_search_fewer_nodes() {
    // Tic-tac-toe's trees are too small for reductions to pay (their re-searches cost more
    // than they save): ultimate's, six plies deep, are not.
    let reduce = Selectivity {
        reduction_from: 1,
        reduction_scale: 100,
        ..Selectivity::NONE
    };
    assert!(!reduce.is_none());
    let (mut exact_nodes, mut reduced_nodes) = (0, 0);
    for seed in 0..4 {
        let start = boardgames_ultimate::Position::new();
        let pos = boardgames_core::random_position(start, 2, &mut Rng::new(seed));
        let exact = Searcher::new(UltimateNoise).search(&pos, &Limits::depth(6));
        let reduced = Searcher::new(UltimateNoise)
            .with_selectivity(reduce)
            .search(&pos, &Limits::depth(6));
        exact_nodes += exact.nodes;
        reduced_nodes += reduced.nodes;
    }
    assert!(
        reduced_nodes * 4 < exact_nodes * 3,
        "{reduced_nodes} nodes reduced against {exact_nodes} exact"
    );
}

#[test]
fn a_selective_search_claims_no_draw() {
    // Tic-tac-toe searched to its end is a proven draw; pruned, it is not proven any more.
    let start = Position::new();
    let exact = Searcher::new(NoKnowledge).search(&start, &Limits::depth(9));
    assert_eq!(exact.proof, Some(Proof::Draw));
    let pruned = Searcher::new(NoKnowledge)
        .with_selectivity(HARDEST)
        .search(&start, &Limits::depth(9));
    assert_eq!(pruned.proof, None);
    assert!(pruned.best_move.is_some());
}

#[test]
fn selectivity_none_is_the_default() {
    assert_eq!(Selectivity::default(), Selectivity::NONE);
    assert!(Selectivity::NONE.is_none());
    assert!(!HARDEST.is_none());
    // A margin without a depth, or a depth without a margin, prunes nothing.
    let idle = Selectivity {
        futility_margin: 50,
        ..Selectivity::NONE
    };
    assert!(idle.is_none());
    // A scale without a first move reduces nothing; a first move with scale 0 reduces
    // by the least, one ply.
    let idle = Selectivity {
        reduction_scale: 100,
        ..Selectivity::NONE
    };
    assert!(idle.is_none());
    let searcher = Searcher::new(NoKnowledge);
    let searcher: Searcher<Position, NoKnowledge> = searcher;
    assert_eq!(searcher.selectivity(), Selectivity::NONE);
}
