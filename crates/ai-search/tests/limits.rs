//! Limits: nodes, time and the stop flag end the search with the last completed iteration.

use boardgames_core::Game;
use boardgames_search::{Limits, NoKnowledge, Proof, Searcher};
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
