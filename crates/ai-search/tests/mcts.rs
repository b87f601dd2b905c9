//! MCTS: forced wins, legal moves only, agreement with exact negamax values on tic-tac-toe,
//! limits, tree reuse, threads and the policy path.

use boardgames_core::{random_position, Game, MoveList, Rng, Status};
use boardgames_search::{
    negamax, Evaluator, Heuristic, InvalidExploration, InvalidFpuReduction, Leaf, Limits, Mcts,
    NoKnowledge, Proof, RandomPlayout, Score, Searcher,
};
use boardgames_tictactoe::Position;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn ttt(diagram: &str) -> Position {
    diagram.parse().unwrap()
}

/// The exact result for the side to move, by full-depth negamax.
fn exact(position: &Position) -> Proof {
    match negamax(position, 9, &NoKnowledge) {
        s if s > 0 => Proof::Win,
        s if s < 0 => Proof::Loss,
        _ => Proof::Draw,
    }
}

/// Random tic-tac-toe positions where the side to move wins, with alpha-beta's (fastest) win
/// distance.
fn forced_wins(count: usize) -> Vec<(Position, usize)> {
    let mut found = Vec::new();
    let mut searcher = Searcher::new(NoKnowledge).with_table_bytes(1 << 16);
    for seed in 0.. {
        let position: Position =
            random_position(Position::new(), 2 + seed as usize % 4, &mut Rng::new(seed));
        let result = searcher.search(&position, &Limits::depth(9));
        if result.proof == Some(Proof::Win) && !found.iter().any(|(p, _)| p == &position) {
            found.push((position, result.plies_to_end().unwrap()));
        }
        if found.len() == count {
            break;
        }
    }
    found
}

#[test]
fn finds_and_proves_forced_wins() {
    let wins = forced_wins(20);
    assert!(
        wins.iter().any(|&(_, plies)| plies >= 3),
        "some wins take a fork"
    );
    for (position, fastest) in wins {
        let mut mcts = Mcts::new(RandomPlayout::default()).with_seed(3);
        let result = mcts.search(&position, &Limits::simulations(200_000));
        assert_eq!(result.proof, Some(Proof::Win), "{position}");
        assert!(
            result.simulations < 200_000,
            "a proven root ends the search"
        );
        let plies = result.plies_to_end.unwrap();
        assert!(
            plies >= fastest && plies % 2 == 1,
            "{plies} plies, {fastest} at best"
        );
        let mut after = position;
        after.play(result.best_move.unwrap()).unwrap();
        assert_eq!(
            exact(&after),
            Proof::Loss,
            "{position}: the move keeps the win"
        );
    }
    // A win on the spot is the one taken.
    let mut mcts = Mcts::new(RandomPlayout::default());
    let result = mcts.search(&ttt("XX./OO./..."), &Limits::simulations(50_000));
    assert_eq!(result.best_move.unwrap().to_string(), "c3");
    assert_eq!(result.plies_to_end, Some(1));
}

#[test]
fn a_won_position_is_played_out_to_the_win() {
    // Play the proven side with MCTS and the other side perfectly: the win must come.
    let (mut position, _) = *forced_wins(8)
        .iter()
        .max_by_key(|(_, plies)| plies)
        .unwrap();
    let winner = position.side_to_move();
    let mut mcts = Mcts::new(RandomPlayout::default()).with_seed(11);
    while position.status() == Status::Ongoing {
        let mv = if position.side_to_move() == winner {
            let result = mcts.search(&position, &Limits::simulations(20_000));
            assert_eq!(result.proof, Some(Proof::Win));
            result.best_move.unwrap()
        } else {
            best_by_negamax(&position)
        };
        position.play(mv).unwrap();
    }
    assert_eq!(position.status(), Status::Won(winner));
}

/// The ongoing positions among those 3 random plies from the start, seeded 0 to `seeds - 1`,
/// with their seeds.
fn ongoing_positions(seeds: u64) -> impl Iterator<Item = (u64, Position)> {
    (0..seeds)
        .map(|seed| {
            (
                seed,
                random_position(Position::new(), 3, &mut Rng::new(seed)),
            )
        })
        .filter(|(_, position)| position.status() == Status::Ongoing)
}

/// The same result from the other side.
fn opposite(proof: Proof) -> Proof {
    match proof {
        Proof::Win => Proof::Loss,
        Proof::Loss => Proof::Win,
        Proof::Draw => Proof::Draw,
    }
}

fn best_by_negamax(position: &Position) -> boardgames_tictactoe::Cell {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    *moves
        .iter()
        .max_by_key(|&&mv| {
            let mut child = *position;
            child.play(mv).unwrap();
            -negamax(&child, 9, &NoKnowledge)
        })
        .unwrap()
}

#[test]
fn agrees_with_negamax_on_random_positions() {
    let mut mcts = Mcts::new(RandomPlayout::default()).with_seed(5);
    let mut checked = 0;
    for (seed, position) in ongoing_positions(40) {
        let result = mcts.search(&position, &Limits::simulations(200_000));
        let want = exact(&position);
        assert_eq!(result.proof, Some(want), "seed {seed}:\n{position}");
        let mut after = position;
        after.play(result.best_move.unwrap()).unwrap();
        assert_eq!(
            opposite(exact(&after)),
            want,
            "seed {seed}: the move must keep the value"
        );
        checked += 1;
    }
    assert!(checked >= 30);
}

#[test]
fn never_plays_an_illegal_move() {
    let mut rng = Rng::new(99);
    for round in 0..30 {
        let plies = rng.below(40) as usize;
        let position = random_position(boardgames_ultimate::Position::new(), plies, &mut rng);
        let mut mcts = Mcts::new(RandomPlayout::default()).with_seed(round);
        let result = mcts.search(&position, &Limits::simulations(300));
        match result.best_move {
            Some(mv) => assert!(position.is_legal(mv), "{mv} after {plies} plies"),
            None => assert!(position.status().is_over()),
        }
        for stats in &result.root_moves {
            assert!(position.is_legal(stats.mv));
        }
    }
}

#[test]
fn a_finished_game_gets_no_move_and_its_result() {
    let won = ttt("XXX/OO./...");
    let result = Mcts::new(RandomPlayout::default()).search(&won, &Limits::simulations(10));
    assert_eq!(result.best_move, None);
    assert_eq!(result.proof, Some(Proof::Loss));
    assert_eq!(result.simulations, 0);
}

#[test]
fn limits_are_respected() {
    let start = boardgames_ultimate::Position::new();
    let mut mcts = Mcts::new(RandomPlayout::default()).with_tree_reuse(false);
    let result = mcts.search(&start, &Limits::simulations(1234));
    assert_eq!(result.simulations, 1234);
    // Every simulation goes through a child of the root (the first one expands it).
    assert_eq!(
        result.root_moves.iter().map(|m| m.visits).sum::<u64>(),
        1234
    );

    // A tree limit: the tree stops growing, the simulations go on.
    let result = mcts.search(&start, &Limits::simulations(5000).with_nodes(500));
    assert!(result.tree_nodes <= 500, "{} nodes", result.tree_nodes);
    assert_eq!(result.simulations, 5000);

    // A tree limit below the root's move count: the root is expanded all the same.
    let result = mcts.search(&start, &Limits::simulations(100).with_nodes(1));
    assert!(start.is_legal(result.best_move.unwrap()));
    assert_eq!(result.tree_nodes, 82);

    // No limit but the tree: the search ends when it is full.
    let result = mcts.search(&start, &Limits::none().with_nodes(2000));
    assert!(result.tree_nodes <= 2000 && result.simulations > 0);

    // A raised stop flag: the first simulation only, and still a move.
    let stop = Arc::new(AtomicBool::new(true));
    let result = mcts.search(&start, &Limits::none().with_stop_flag(stop));
    assert!(result.simulations >= 1 && result.simulations <= 64);
    assert!(start.is_legal(result.best_move.unwrap()));

    // A zero time: the first check ends it.
    let result = mcts.search(&start, &Limits::time(Duration::ZERO));
    assert!(result.simulations <= 64);
    assert!(result.best_move.is_some());
}

#[test]
fn the_tree_is_reused_one_and_two_plies_on() {
    let mut position = boardgames_ultimate::Position::new();
    let mut mcts = Mcts::new(RandomPlayout::default());
    let first = mcts.search(&position, &Limits::simulations(20_000));
    assert_eq!(first.reused_nodes, 0);
    // Our move and the most visited reply: the subtree two plies down is kept.
    let line = &first.pv;
    position.play(line[0].mv).unwrap();
    position.play(line[1].mv).unwrap();
    let second = mcts.search(&position, &Limits::simulations(100));
    assert!(
        second.reused_nodes > 100,
        "{} nodes kept",
        second.reused_nodes
    );
    assert_eq!(second.simulations, 100);
    assert!(position.is_legal(second.best_move.unwrap()));
    // The visits kept are the reply's, plus this search's.
    let visits: u64 = second.root_moves.iter().map(|m| m.visits).sum();
    assert!(visits > line[1].visits, "{visits} <= {}", line[1].visits);

    // An unrelated position starts afresh.
    let other = random_position(boardgames_ultimate::Position::new(), 9, &mut Rng::new(1));
    let third = mcts.search(&other, &Limits::simulations(100));
    assert_eq!(third.reused_nodes, 0);
    // And with reuse off, the same position starts afresh too.
    let mut cold = Mcts::new(RandomPlayout::default()).with_tree_reuse(false);
    cold.search(&other, &Limits::simulations(100));
    assert_eq!(
        cold.search(&other, &Limits::simulations(100)).reused_nodes,
        0
    );
}

#[test]
fn equal_seeds_give_equal_searches() {
    let start = boardgames_ultimate::Position::new();
    let run = |seed| {
        let mut mcts = Mcts::new(RandomPlayout::default()).with_seed(seed);
        mcts.search(&start, &Limits::simulations(3000)).root_moves
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1), run(2));
}

#[test]
fn threads_share_the_simulations_and_merge_the_root() {
    let start = boardgames_ultimate::Position::new();
    let mut mcts = Mcts::new(RandomPlayout::default()).with_threads(2);
    assert_eq!(mcts.config().threads, 2);
    let result = mcts.search(&start, &Limits::simulations(10_001));
    assert_eq!(result.simulations, 10_001);
    let visits: u64 = result.root_moves.iter().map(|m| m.visits).sum();
    assert_eq!(visits, 10_001);
    assert!(start.is_legal(result.best_move.unwrap()));
    // Threads prove wins too.
    let (position, _) = forced_wins(1)[0];
    let mut three = Mcts::new(RandomPlayout::default()).with_threads(3);
    let result = three.search(&position, &Limits::simulations(100_000));
    assert_eq!(result.proof, Some(Proof::Win));
    // Fewer simulations than threads: no thread runs more than its share.
    let result = mcts.search(&start, &Limits::simulations(1));
    assert_eq!(result.simulations, 1);
}

/// Prefers the centre strongly; values by counting nothing.
#[derive(Clone, Copy, Debug)]
struct CentreHint;

impl Evaluator<Position> for CentreHint {
    fn evaluate(&self, _position: &Position) -> Score {
        0
    }
    fn order_hint(&self, _position: &Position, mv: boardgames_tictactoe::Cell) -> Score {
        if mv.to_string() == "b2" {
            100
        } else {
            0
        }
    }
}

#[test]
fn a_policy_steers_the_search_and_proofs_still_win() {
    let leaf = Heuristic::new(CentreHint, 100.0).with_policy(10.0);
    let mut priors = Vec::new();
    let mut moves = MoveList::new();
    Position::new().legal_moves(&mut moves);
    assert!(leaf.clone().priors(&Position::new(), &moves, &mut priors));
    assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-4);
    let mut mcts = Mcts::new(leaf.clone());
    let result = mcts.search(&Position::new(), &Limits::simulations(200));
    assert_eq!(result.best_move.unwrap().to_string(), "b2");
    let mut mcts = Mcts::new(leaf);
    let result = mcts.search(&ttt("XX./OO./..."), &Limits::simulations(5000));
    assert_eq!(result.best_move.unwrap().to_string(), "c3");
    assert_eq!(result.proof, Some(Proof::Win));
}

/// Searches random positions: a win or a loss is proven (a draw, which needs every line
/// proven, may not be), and the move played keeps the exact value.
fn proves_exactly<L: Leaf<Position>>(mcts: &mut Mcts<Position, L>, label: &str) {
    for (seed, position) in ongoing_positions(15) {
        let result = mcts.search(&position, &Limits::simulations(200_000));
        let want = exact(&position);
        if want != Proof::Draw || result.proof.is_some() {
            assert_eq!(
                result.proof,
                Some(want),
                "{label}, seed {seed}:\n{position}"
            );
        }
        let mut after = position;
        after.play(result.best_move.unwrap()).unwrap();
        assert_eq!(exact(&after), opposite(want), "{label}, seed {seed}");
    }
}

#[test]
fn first_play_urgency_keeps_the_proofs_exact() {
    // PUCT with a policy, untried moves valued below the parent: the solver still proves
    // every position's exact value and plays a move that keeps it.
    let leaf = Heuristic::new(CentreHint, 100.0).with_policy(50.0);
    for r in [None, Some(0.0), Some(0.25), Some(1.0)] {
        let mut mcts = Mcts::new(leaf.clone());
        if let Some(r) = r {
            mcts = mcts.with_fpu_reduction(r).unwrap();
        }
        assert_eq!(mcts.config().fpu_reduction, r);
        proves_exactly(&mut mcts, &format!("r {r:?}"));
    }
    // From the start, untried moves valued as a loss (r = 1) are tried later than when
    // valued as a draw: fewer of the root's moves are visited in a short search.
    let tried = |mcts: Mcts<Position, _>| {
        let result = { mcts }.search(&Position::new(), &Limits::simulations(30));
        result.root_moves.iter().filter(|m| m.visits > 0).count()
    };
    let (draw, loss) = (
        tried(Mcts::new(leaf.clone())),
        tried(Mcts::new(leaf.clone()).with_fpu_reduction(1.0).unwrap()),
    );
    assert!(
        loss < draw,
        "{loss} moves tried, {draw} with untried moves as draws"
    );
    for r in [-0.1, f64::NAN] {
        let err = Mcts::new(leaf.clone()).with_fpu_reduction(r).err();
        assert!(matches!(err, Some(InvalidFpuReduction(_))));
    }
}

#[test]
fn delayed_expansion_keeps_the_proofs_exact_and_the_tree_smaller() {
    // Leaves expanded only after several visits (each valued again meanwhile), with and
    // without a policy: the solver still proves exact values and keeps them.
    let policy = Heuristic::new(CentreHint, 100.0).with_policy(50.0);
    for visits in [2, 4, 16] {
        let mut mcts = Mcts::new(RandomPlayout::default()).with_expand_after(visits);
        assert_eq!(mcts.config().expand_after, visits);
        proves_exactly(&mut mcts, &format!("uct, expand after {visits}"));
        let mut mcts = Mcts::new(policy.clone()).with_expand_after(visits);
        proves_exactly(&mut mcts, &format!("puct, expand after {visits}"));
    }
    assert_eq!(
        Mcts::new(policy).with_expand_after(0).config().expand_after,
        1
    );
    // The same simulations grow fewer nodes; the root is expanded at once all the same.
    let start = boardgames_ultimate::Position::new();
    let nodes = |visits| {
        let mut mcts = Mcts::new(RandomPlayout::default()).with_expand_after(visits);
        let result = mcts.search(&start, &Limits::simulations(4000));
        assert_eq!(result.simulations, 4000);
        assert!(result.root_moves.iter().all(|m| m.visits > 0));
        mcts.tree_nodes()
    };
    let (every, fourth) = (nodes(1), nodes(4));
    assert!(
        fourth * 3 < every * 2,
        "{fourth} nodes, {every} expanding at once"
    );
}

#[test]
fn a_bad_exploration_constant_is_an_error() {
    for c in [-1.0, f64::NAN, f64::INFINITY] {
        let err = Mcts::<Position>::new(RandomPlayout::default())
            .with_exploration(c)
            .err();
        assert!(matches!(err, Some(InvalidExploration(_))));
    }
    let mcts = Mcts::<Position>::new(RandomPlayout::default())
        .with_exploration(0.5)
        .unwrap();
    assert_eq!(mcts.config().exploration, 0.5);
    assert_eq!(
        InvalidExploration(-1.0).to_string(),
        "exploration constant -1 is not a finite number at least 0"
    );
}

#[test]
fn random_playout_leaves_value_the_side_to_move() {
    // X has won: from O's view (to move) the value is a loss.
    let mut leaf = RandomPlayout::default();
    let lost = ttt("XXX/OO./...");
    assert_eq!(
        Leaf::<Position>::value(&mut leaf, &lost, &mut Rng::new(1)),
        -1.0
    );
}

/// A short search from the start and a few plies on, with one and two threads: a legal move.
fn runs_on<G>(start: G, name: &str)
where
    G: Game + Send + Sync,
    G::Move: Send + Sync,
{
    let mut rng = Rng::new(17);
    for plies in [0, 6, 30] {
        let position = random_position(start.clone(), plies, &mut rng);
        if position.status().is_over() {
            continue;
        }
        for threads in [1, 2] {
            let mut mcts = Mcts::new(RandomPlayout::default()).with_threads(threads);
            let result = mcts.search(&position, &Limits::simulations(400));
            let mv = result.best_move.expect("an ongoing game gets a move");
            assert!(position.is_legal(mv), "{name}: {mv} after {plies} plies");
            // A proven root ends the search early.
            if result.proof.is_none() {
                assert_eq!(result.simulations, 400, "{name}");
            }
        }
    }
}

#[test]
fn runs_on_every_game() {
    runs_on(Position::new(), "tictactoe");
    runs_on(boardgames_ultimate::Position::new(), "ultimate");
    runs_on(boardgames_morris::Position::new(), "morris");
    for (size, rule) in [
        (15, boardgames_gomoku::Rule::FREESTYLE),
        (15, boardgames_gomoku::Rule::CARO),
        (15, boardgames_gomoku::Rule::RENJU),
    ] {
        runs_on(
            boardgames_gomoku::Position::new(size, rule).unwrap(),
            "gomoku",
        );
    }
}
