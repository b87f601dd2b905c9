//! Every technique returns plain negamax's value at the same depth, on random positions.

mod common;

use boardgames_core::Game;
use boardgames_search::{
    check_techniques, negamax, score, Evaluator, Limits, NoKnowledge, Proven, Score, Searcher,
    Techniques,
};
use boardgames_tictactoe::Position;
use common::{random_position, HashNoise};
use proptest::prelude::*;

/// [`HashNoise`] with a search extension on a pseudo-random third of the positions (a
/// tic-tac-toe game ends within nine plies, so any extension rule terminates).
#[derive(Clone)]
struct ForcedNoise;

impl Evaluator<Position> for ForcedNoise {
    fn evaluate(&self, position: &Position) -> Score {
        HashNoise.evaluate(position)
    }

    fn forced(&self, position: &Position) -> bool {
        position.zobrist() % 3 == 0
    }
}

/// [`HashNoise`] that knows the result of half the positions with five plies or fewer to
/// go (by a search to the end), as [`Evaluator::proven`] allows: a decided position's exact
/// win or loss distance.
#[derive(Clone)]
struct KnowsEndings;

impl Evaluator<Position> for KnowsEndings {
    fn evaluate(&self, position: &Position) -> Score {
        HashNoise.evaluate(position)
    }

    fn proven(&self, position: &Position) -> Option<Proven> {
        if position.legal_move_count() > 5 || position.zobrist() % 2 == 0 {
            return None;
        }
        let value = negamax(position, 9, &NoKnowledge);
        let plies = score::plies_to_end(value)? as u32;
        Some(if value > 0 {
            Proven::Win(plies)
        } else {
            Proven::Loss(plies)
        })
    }
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

    /// Extensions (`Evaluator::forced`) change the tree, the same way for negamax and every
    /// technique.
    #[test]
    fn extensions_keep_every_technique_equal(seed in any::<u64>(), plies in 0usize..7, depth in 1u32..5) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        prop_assert_eq!(check_techniques(&pos, depth, &ForcedNoise), Ok(()));
    }

    /// Known results (`Evaluator::proven`) end the lines at the same nodes for negamax and
    /// every technique.
    #[test]
    fn known_results_keep_every_technique_equal(seed in any::<u64>(), plies in 0usize..7, depth in 1u32..5) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        prop_assert_eq!(check_techniques(&pos, depth, &KnowsEndings), Ok(()));
    }
}

/// A known result scores a node as the win or loss at its length: a shallow search then
/// returns what a search to the end returns wherever the children's results are known, and
/// never a decisive score that the full search does not give.
#[test]
fn known_results_score_as_the_end_of_the_game() {
    let mut sharpened = 0;
    for seed in 0..400 {
        let pos = random_position(seed, 4 + (seed % 3) as usize);
        if pos.status().is_over() {
            continue;
        }
        let full = negamax(&pos, 9, &NoKnowledge);
        let known = negamax(&pos, 1, &KnowsEndings);
        let found = Searcher::new(KnowsEndings).search(&pos, &Limits::depth(1));
        assert_eq!(found.score, known, "{pos}");
        if score::is_decisive(known) {
            // A known win may be slower than one a child with no known result holds; a
            // known loss is every child's, at its exact length.
            if known > 0 {
                assert!(full >= known, "{pos}");
            } else {
                assert_eq!(known, full, "{pos}");
            }
            sharpened += u32::from(!score::is_decisive(negamax(&pos, 1, &HashNoise)));
        }
    }
    assert!(sharpened > 10, "only {sharpened} positions");
}

/// Forced replies cost no depth: with every position forced, a depth-1 search follows every
/// line to the end of the game, so it returns the value of a full-depth search.
#[test]
fn forced_replies_cost_no_depth() {
    #[derive(Clone)]
    struct AllForced;
    impl Evaluator<Position> for AllForced {
        fn evaluate(&self, position: &Position) -> Score {
            HashNoise.evaluate(position)
        }
        fn forced(&self, _: &Position) -> bool {
            true
        }
    }
    for seed in 0..40 {
        let pos = random_position(seed, (seed % 5) as usize);
        if pos.status().is_over() {
            continue;
        }
        let full = negamax(&pos, 9, &HashNoise);
        assert_eq!(negamax(&pos, 1, &AllForced), full, "{pos}");
        let found = Searcher::new(AllForced).search(&pos, &Limits::depth(1));
        assert_eq!(found.score, full, "{pos}");
        // Without the extension depth 1 sees only the children's static values.
        let shallow = negamax(&pos, 1, &HashNoise);
        if shallow != full {
            assert_ne!(
                Searcher::new(HashNoise)
                    .search(&pos, &Limits::depth(1))
                    .score,
                full
            );
        }
    }
}
