//! Limits: nodes, time and the stop flag end the search with the last completed iteration,
//! or with a win the iteration they stopped had proved.

use boardgames_core::Game;
use boardgames_search::{score, Limits, NoKnowledge, Proof, Searcher, MAX_EVAL};
use boardgames_tictactoe::Position;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

#[test]
fn node_limit_keeps_a_completed_iteration() {
    let mut searcher = Searcher::new(NoKnowledge).with_table(false);
    let result = searcher.search(&Position::new(), &Limits::none().with_nodes(50));
    assert!(
        result.depth >= 1 && result.depth < 9,
        "depth {}",
        result.depth
    );
    let mv = result.best_move.expect("a move");
    assert!(Position::new().is_legal(mv));
    assert!(result.proof.is_none());
}

#[test]
fn stop_flag_set_before_the_search_still_gives_depth_one() {
    let stop = Arc::new(AtomicBool::new(true));
    let mut searcher = Searcher::new(NoKnowledge);
    let result = searcher.search(&Position::new(), &Limits::none().with_stop_flag(stop));
    assert_eq!(result.depth, 1);
    assert!(result.best_move.is_some());
}

#[test]
fn zero_time_still_gives_depth_one() {
    let mut searcher = Searcher::new(NoKnowledge);
    let result = searcher.search(&Position::new(), &Limits::time(Duration::ZERO));
    assert!(result.depth >= 1);
    assert!(result.best_move.is_some());
}

#[test]
fn unlimited_search_stops_when_the_game_is_solved() {
    let mut searcher = Searcher::new(NoKnowledge);
    let result = searcher.search(&Position::new(), &Limits::none());
    assert_eq!(result.proof, Some(Proof::Draw));
    assert_eq!(result.depth, 9);
    assert!(result.nodes > 0 && result.table_hits > 0);
}

#[test]
fn finished_game_has_no_move() {
    let pos: Position = "XXX/OO./...".parse().unwrap();
    let result = Searcher::new(NoKnowledge).search(&pos, &Limits::depth(3));
    assert_eq!(result.best_move, None);
    assert_eq!(result.proof, Some(Proof::Loss));
}

#[test]
fn a_depth_step_still_completes_a_first_iteration_and_ends_on_the_limit() {
    let stop = Arc::new(AtomicBool::new(true));
    let mut searcher = Searcher::new(NoKnowledge).with_depth_step(2);
    assert_eq!(searcher.depth_step(), 2);
    // Stopped at once: the first iteration (depth 2 on the way to 8) still completes.
    let result = searcher.search(&Position::new(), &Limits::depth(8).with_stop_flag(stop));
    assert_eq!(result.depth, 2);
    assert!(result.best_move.is_some());
    let result = searcher.search(&Position::new(), &Limits::depth(7));
    assert_eq!(result.depth, 7);
    // Without a depth limit, every completed depth is even until the game is solved.
    let result = searcher.search(&Position::new(), &Limits::none().with_nodes(2_000));
    assert!(
        result.depth >= 2 && result.depth % 2 == 0,
        "{}",
        result.depth
    );
    // A step of 0 means 1.
    assert_eq!(
        Searcher::<Position, _>::new(NoKnowledge)
            .with_depth_step(0)
            .depth_step(),
        1
    );
}

#[test]
fn a_win_found_in_a_stopped_iteration_is_kept() {
    // Gomoku on 9x9, black to move with an open three (c5 d5 e5): b5 or f5 makes an open
    // four, a win in 3 that the third iteration sees. After the root finds it, its other moves
    // still need searching, so node limits (checked every 1024 nodes) stop some searches in
    // that iteration after the win: they report it though their last completed depth is 2.
    use boardgames_gomoku::{Point, Position as Gomoku, Rule};
    let mut pos = Gomoku::new(9, Rule::FREESTYLE).unwrap();
    for point in ["c5", "a1", "d5", "a9", "e5", "i1"] {
        pos.play(point.parse::<Point>().unwrap()).unwrap();
    }
    let full = Searcher::new(NoKnowledge).search(&pos, &Limits::depth(3));
    assert_eq!(full.score, score::win_in(3));
    let mut kept = 0;
    for nodes in (1..).map(|k| k * 1024).take_while(|&n| n < full.nodes) {
        let result = Searcher::new(NoKnowledge).search(&pos, &Limits::depth(3).with_nodes(nodes));
        if result.score <= MAX_EVAL {
            assert!(result.depth < 3, "{nodes} nodes: {result:?}");
            continue;
        }
        assert_eq!(result.score, score::win_in(3), "{nodes} nodes");
        assert_eq!(result.proof, Some(Proof::Win));
        let mv = result.best_move.expect("a move").to_string();
        assert!(mv == "b5" || mv == "f5", "{nodes} nodes: {mv} does not win");
        kept += usize::from(result.depth < 3);
    }
    assert!(
        kept > 0,
        "no stopped iteration's win was kept ({} nodes)",
        full.nodes
    );
}
