//! Selective pruning ([`Selectivity`]): off, nothing changes; on, it prunes, and the wins and
//! losses it reports are still proven (plain negamax finds them, as fast or faster).

mod common;

use boardgames_core::{Game, MoveList, Rng};
use boardgames_search::{
    check_selective, negamax, Evaluator, Limits, NoKnowledge, Proof, Score, Searcher, Selectivity,
    LATE_MOVE_DEPTHS, MAX_EVAL, WIN,
};
use boardgames_tictactoe::{Cell, Position};
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
    improving_moves: 0,
    singular_depth: 0,
    singular_margin: 0,
    fail_high_margin: 1,
    widen_losses: true,
    first_win: true,
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
        improving_moves in 0u8..4,
        singular_depth in 0u8..5,
        singular_margin in 0i32..60,
        fail_high_margin in -20i32..60,
        widen_losses in any::<bool>(),
        first_win in any::<bool>(),
    ) {
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        let selectivity = Selectivity {
            futility_margin: margin,
            futility_depth,
            late_moves: late,
            reduction_from,
            reduction_scale,
            improving_moves,
            singular_depth,
            singular_margin,
            fail_high_margin,
            widen_losses,
            first_win,
        };
        prop_assert_eq!(check_selective(&pos, depth, &HashNoise, selectivity), Ok(()));
        prop_assert_eq!(check_selective(&pos, depth, &NoKnowledge, HARDEST), Ok(()));
    }

    #[test]
    fn widened_losses_are_proofs(
        seed in any::<u64>(),
        plies in 0usize..7,
        depth in 1u32..8,
        late in prop::array::uniform8(0u8..3),
    ) {
        // An evaluator that lists one move and holds the others back: every loss the search
        // widens is checked against negamax widening the same nodes.
        let pos = random_position(seed, plies);
        prop_assume!(!pos.status().is_over());
        let widen = Selectivity {
            late_moves: late,
            widen_losses: true,
            ..Selectivity::NONE
        };
        prop_assert_eq!(check_selective(&pos, depth, &FirstMove, widen), Ok(()));
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

/// [`HashNoise`] searching only the first legal move, holding the others back.
#[derive(Clone)]
struct FirstMove;

impl Evaluator<Position> for FirstMove {
    fn evaluate(&self, position: &Position) -> Score {
        HashNoise.evaluate(position)
    }

    fn search_moves(&self, position: &Position, moves: &mut MoveList<Cell>) {
        position.legal_moves(moves);
        moves.truncate(1);
    }

    fn held_back_moves(&self, position: &Position, moves: &mut MoveList<Cell>) {
        let mut all = MoveList::new();
        position.legal_moves(&mut all);
        moves.extend(all.into_iter().skip(1));
    }
}

#[test]
fn a_held_back_defence_refutes_a_narrow_win() {
    // X to move blocks at c3 (its first legal move), which threatens c2. O's first legal
    // move is b2: searching it alone, O loses to c2 and X "wins in 3". Widening O's lost
    // node tries O's other moves, and the win is gone.
    let pos: Position = "OO./X../..X".parse().unwrap();
    let narrow = Selectivity {
        late_moves: [1; LATE_MOVE_DEPTHS],
        ..Selectivity::NONE
    };
    let search = |selectivity| {
        Searcher::new(FirstMove)
            .with_selectivity(selectivity)
            .search(&pos, &Limits::depth(4))
    };
    let won = search(narrow);
    let line = |moves: &[Cell]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    assert_eq!(won.score, WIN - 3);
    assert_eq!(line(&won.pv), ["c3", "b2", "c2"]);
    let widened = search(Selectivity {
        widen_losses: true,
        ..narrow
    });
    assert!(widened.score.abs() <= MAX_EVAL, "{}", widened.score);
    assert_eq!(line(&widened.pv[..1]), ["c3"]);
}

#[test]
fn a_node_stops_at_its_first_win() {
    // X wins at once at a2 (row 2). Its first legal move, a3, wins in 3 instead: it threatens
    // a2 and c1 (the diagonal a3 b2 c1), and O stops one. Searched in the order of the legal
    // moves (one iteration, no table), the root stops at a3 with `first_win`.
    let pos: Position = "..O/.XX/O..".parse().unwrap();
    let search = |selectivity| {
        Searcher::new(NoKnowledge)
            .with_iterative_deepening(false)
            .with_table(false)
            .with_selectivity(selectivity)
            .search(&pos, &Limits::depth(3))
    };
    let first_win = Selectivity {
        first_win: true,
        ..Selectivity::NONE
    };
    let exact = search(Selectivity::NONE);
    assert_eq!(
        (exact.score, exact.best_move.unwrap().to_string()),
        (WIN - 1, "a2".into())
    );
    let first = search(first_win);
    assert_eq!(
        (first.score, first.best_move.unwrap().to_string()),
        (WIN - 3, "a3".into())
    );
    assert!(
        first.nodes < exact.nodes,
        "{} >= {}",
        first.nodes,
        exact.nodes
    );
    assert!(!first_win.is_none());
    assert_eq!(check_selective(&pos, 3, &NoKnowledge, first_win), Ok(()));
}

/// The ultimate position after `plies` random moves drawn from `seed`.
fn ultimate_position(seed: u64, plies: usize) -> boardgames_ultimate::Position {
    boardgames_core::random_position(
        boardgames_ultimate::Position::new(),
        plies,
        &mut Rng::new(seed),
    )
}

/// Searches each position to `depth` exactly and with `selectivity` (evaluator
/// [`HashNoise`]): the nodes of each search, summed, and how many values differ.
fn exact_and_selective<G: Game>(
    positions: impl IntoIterator<Item = G>,
    depth: u32,
    selectivity: Selectivity,
) -> (u64, u64, usize) {
    let (mut exact_nodes, mut selective_nodes, mut different) = (0, 0, 0);
    for pos in positions {
        let exact = Searcher::new(HashNoise).search(&pos, &Limits::depth(depth));
        let selective = Searcher::new(HashNoise)
            .with_selectivity(selectivity)
            .search(&pos, &Limits::depth(depth));
        exact_nodes += exact.nodes;
        selective_nodes += selective.nodes;
        different += usize::from(selective.score != exact.score);
    }
    (exact_nodes, selective_nodes, different)
}

#[test]
fn selectivity_prunes_nodes_and_changes_values() {
    let positions = (0..40).map(|seed| random_position(seed, 1));
    let (exact_nodes, pruned_nodes, different) = exact_and_selective(positions, 6, HARDEST);
    assert!(
        pruned_nodes * 2 < exact_nodes,
        "{pruned_nodes} nodes pruned against {exact_nodes} exact"
    );
    assert!(
        different > 0,
        "the values never changed: nothing was pruned"
    );
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
    let positions = (0..4).map(|seed| ultimate_position(seed, 2));
    let (exact_nodes, reduced_nodes, _) = exact_and_selective(positions, 6, reduce);
    assert!(
        reduced_nodes * 4 < exact_nodes * 3,
        "{reduced_nodes} nodes reduced against {exact_nodes} exact"
    );
}

#[test]
fn fail_high_reductions_search_fewer_nodes() {
    // Ultimate's nodes whose evaluation is well above beta search their moves a ply
    // shallower: fewer nodes, and only where the evaluation allows (a huge margin reduces
    // nothing).
    let reduce = |fail_high_margin| Selectivity {
        fail_high_margin,
        ..Selectivity::NONE
    };
    assert!(!reduce(1).is_none());
    let positions = || (0..4).map(|seed| ultimate_position(seed, 2));
    let (exact_nodes, reduced_nodes, _) = exact_and_selective(positions(), 6, reduce(1));
    assert!(
        reduced_nodes * 10 < exact_nodes * 9,
        "{reduced_nodes} nodes reduced against {exact_nodes} exact"
    );
    let (exact_nodes, unreduced_nodes, different) =
        exact_and_selective(positions(), 6, reduce(1 << 20));
    assert_eq!((unreduced_nodes, different), (exact_nodes, 0));
}

#[test]
fn improving_nodes_search_more_moves() {
    // Two moves off the principal variation, or four where the side to move's evaluation has
    // risen since its previous turn: more nodes than two everywhere, fewer than four.
    let two = Selectivity {
        late_moves: [2; LATE_MOVE_DEPTHS],
        ..Selectivity::NONE
    };
    let improving = Selectivity {
        improving_moves: 2,
        ..two
    };
    let four = Selectivity {
        late_moves: [4; LATE_MOVE_DEPTHS],
        ..Selectivity::NONE
    };
    let positions = || (0..4).map(|seed| ultimate_position(seed, 2));
    let nodes = |selectivity| exact_and_selective(positions(), 6, selectivity).1;
    let (two, improving, four) = (nodes(two), nodes(improving), nodes(four));
    assert!(
        two < improving && improving < four,
        "nodes: {two} with two moves, {improving} improving, {four} with four"
    );
}

#[test]
fn singular_moves_are_searched_deeper() {
    // A table move whose siblings all fail well below its value is searched a ply deeper:
    // some principal variations of ultimate then go past the nominal depth, where no search
    // without extensions goes (it has no forced replies).
    let singular = Selectivity {
        singular_depth: 2,
        singular_margin: 1,
        ..Selectivity::NONE
    };
    assert!(!singular.is_none());
    let depth = 6;
    let longer = |selectivity| {
        (0..60)
            .map(|seed| ultimate_position(seed, 20 + (seed % 20) as usize))
            .filter(|pos| !pos.status().is_over())
            .filter(|pos| {
                let mut searcher = Searcher::new(HashNoise).with_selectivity(selectivity);
                let result = searcher.search(pos, &Limits::depth(depth));
                result.pv.len() > depth as usize
            })
            .count()
    };
    assert_eq!(longer(Selectivity::NONE), 0);
    assert!(longer(singular) > 0, "no line past depth {depth}");
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
