//! Wins are taken by the shortest way and losses delayed.

use boardgames_search::{score, Limits, NoKnowledge, Proof, Searcher};
use boardgames_tictactoe::Position;

fn solve(diagram: &str) -> boardgames_search::SearchResult<boardgames_tictactoe::Cell> {
    let pos: Position = diagram.parse().unwrap();
    Searcher::new(NoKnowledge)
        .with_table_bytes(1 << 20)
        .search(&pos, &Limits::none())
}

#[test]
fn takes_the_immediate_win_over_a_slower_one() {
    // X to move: c3 completes the top row now.
    let result = solve("XX./OO./...");
    assert_eq!(result.best_move.unwrap().to_string(), "c3");
    assert_eq!(result.score, score::win_in(1));
    assert_eq!(result.proof, Some(Proof::Win));
}

#[test]
fn the_fork_is_a_win_in_three() {
    // X a1, O b2, X c3, O a3: X must block at c1, which makes two threats (b1 and c2).
    let result = solve("O.X/.O./X..");
    assert_eq!(result.best_move.unwrap().to_string(), "c1");
    assert_eq!(result.plies_to_end(), Some(3));
    assert_eq!(result.proof, Some(Proof::Win));
    assert_eq!(result.pv.len(), 3);
}

#[test]
fn two_threats_lose_on_the_next_move() {
    // O to move against two X threats (a2 and b1): whatever O does, X wins next move.
    let result = solve("X.O/.O./X.X");
    assert_eq!(result.proof, Some(Proof::Loss));
    assert_eq!(result.score, score::loss_in(2));
}

fn reachable(pos: Position, seen: &mut std::collections::HashSet<Position>) {
    if !seen.insert(pos) {
        return;
    }
    let mut moves = boardgames_core::MoveList::new();
    boardgames_core::Game::legal_moves(&pos, &mut moves);
    for &mv in &moves {
        reachable(pos.with_move(mv), seen);
    }
}

#[test]
fn the_best_move_realises_the_score_in_every_position() {
    // In every reachable position the chosen move keeps the promised distance: a win in n
    // leaves the opponent a loss in n - 1, a loss in n (delayed as long as possible) leaves
    // the opponent a win in n - 1, a draw stays a draw.
    let mut seen = std::collections::HashSet::new();
    reachable(Position::new(), &mut seen);
    let mut delayed_losses = 0;
    for pos in seen {
        if boardgames_core::Game::status(&pos).is_over() {
            continue;
        }
        let result = solve(&pos.to_string());
        let child = pos.with_move(result.best_move.unwrap());
        let reply = Searcher::new(NoKnowledge)
            .with_table_bytes(1 << 16)
            .search(&child, &Limits::none());
        let expected = match result.plies_to_end() {
            Some(n) if result.score > 0 => -score::win_in(n - 1),
            Some(n) => -score::loss_in(n - 1),
            None => 0,
        };
        let got = if boardgames_core::Game::status(&child).is_over() {
            boardgames_search::terminal_score(
                boardgames_core::Game::status(&child),
                boardgames_core::Game::side_to_move(&child),
                0,
            )
            .unwrap()
        } else {
            reply.score
        };
        assert_eq!(got, expected, "{pos}: best {:?}", result.best_move);
        if result.score < 0 && result.plies_to_end().unwrap() >= 4 {
            delayed_losses += 1;
        }
    }
    assert!(delayed_losses > 0, "no position needed a delayed loss");
}
