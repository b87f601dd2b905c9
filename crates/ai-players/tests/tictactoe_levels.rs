//! The tic-tac-toe levels behave as the `tictactoe` module describes.

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_players::tictactoe::{winning_cells, Level, TicTacToePlayer};
use boardgames_players::ComputerPlayer;
use boardgames_search::{Limits, Proof, Searcher};
use boardgames_tictactoe::{Cell, Position};
use std::collections::HashSet;

/// Explores every sequence of opponent moves against the player (who moves as `side`) and
/// returns the number of finished games, panicking if the player ever loses.
fn never_loses(player: &mut TicTacToePlayer, pos: Position, side: Player) -> u64 {
    match pos.status() {
        Status::Won(w) => {
            assert_eq!(w, side, "the expert lost: {pos}");
            return 1;
        }
        Status::Draw => return 1,
        Status::Ongoing => {}
    }
    if pos.side_to_move() == side {
        let mv = player.choose_move(&pos).expect("a move in a live game");
        let mut next = pos;
        next.play(mv).expect("a legal move");
        never_loses(player, next, side)
    } else {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| never_loses(player, pos.with_move(mv), side))
            .sum()
    }
}

#[test]
fn expert_never_loses_against_any_sequence_on_either_side() {
    for seed in 0..4 {
        let mut expert = TicTacToePlayer::new(Level::Expert, seed);
        let as_x = never_loses(&mut expert, Position::new(), Player::First);
        let as_o = never_loses(&mut expert, Position::new(), Player::Second);
        assert!(as_x > 0 && as_o > 0);
    }
}

#[test]
fn two_experts_always_draw() {
    for seed in 0..20 {
        let mut x = TicTacToePlayer::new(Level::Expert, seed);
        let mut o = TicTacToePlayer::new(Level::Expert, seed + 100);
        let mut game = Position::new();
        while !game.status().is_over() {
            let p = if game.side_to_move() == Player::First {
                &mut x
            } else {
                &mut o
            };
            game.play(p.choose_move(&game).unwrap()).unwrap();
        }
        assert_eq!(game.status(), Status::Draw, "seed {seed}");
    }
}

#[test]
fn the_empty_board_is_a_proven_draw() {
    let result = Searcher::new(boardgames_players::tictactoe::TicTacToeEvaluator)
        .search(&Position::new(), &Limits::none());
    assert_eq!(result.proof, Some(Proof::Draw));
    assert_eq!(result.score, 0);
}

#[test]
fn normal_loses_to_the_fork_line() {
    // The usual advice: corner, opposite corner, then the forced block makes a fork.
    for seed in 0..50 {
        let mut normal = TicTacToePlayer::new(Level::Normal, seed);
        let mut game = Position::new();
        let script = ["a1", "c3"];
        let mut x_moves = 0;
        while !game.status().is_over() {
            if game.side_to_move() == Player::First {
                let mv = if x_moves < script.len() {
                    script[x_moves].parse::<Cell>().unwrap()
                } else {
                    let wins = winning_cells(&game, Player::First);
                    let blocks = winning_cells(&game, Player::Second);
                    let pick = if !wins.is_empty() { wins } else { blocks };
                    Cell::from_index(pick.first().expect("the fork line never runs dry")).unwrap()
                };
                x_moves += 1;
                game.play(mv).unwrap();
            } else {
                game.play(normal.choose_move(&game).unwrap()).unwrap();
            }
        }
        assert_eq!(
            game.status(),
            Status::Won(Player::First),
            "seed {seed}: {game}"
        );
    }
}

fn reachable(pos: Position, seen: &mut HashSet<Position>) {
    if !seen.insert(pos) {
        return;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    for &mv in &moves {
        reachable(pos.with_move(mv), seen);
    }
}

#[test]
fn normal_never_misses_an_immediate_win_or_block() {
    let mut seen = HashSet::new();
    reachable(Position::new(), &mut seen);
    let mut normal = TicTacToePlayer::new(Level::Normal, 7);
    let (mut wins_checked, mut blocks_checked) = (0, 0);
    for pos in seen.into_iter().filter(|p| !p.status().is_over()) {
        let me = pos.side_to_move();
        let mv = normal.choose_move(&pos).unwrap();
        let wins = winning_cells(&pos, me);
        let threats = winning_cells(&pos, me.opponent());
        if !wins.is_empty() {
            assert!(
                wins.contains(mv.index()),
                "{pos}: missed a win, played {mv}"
            );
            wins_checked += 1;
        } else if !threats.is_empty() {
            assert!(
                threats.contains(mv.index()),
                "{pos}: missed a block, played {mv}"
            );
            blocks_checked += 1;
        } else if pos.empty_cells().contains(4) {
            assert_eq!(mv, Cell::CENTRE, "{pos}: centre first");
        }
    }
    assert!(wins_checked > 100 && blocks_checked > 100);
}

#[test]
fn beginner_plays_legal_moves_and_varies() {
    let pos = Position::new();
    let mut seen = HashSet::new();
    for seed in 0..200 {
        let mv = TicTacToePlayer::new(Level::Beginner, seed)
            .choose_move(&pos)
            .unwrap();
        assert!(pos.is_legal(mv));
        seen.insert(mv);
    }
    assert_eq!(seen.len(), 9, "a random player reaches every first move");
    let over: Position = "XXX/OO./...".parse().unwrap();
    assert_eq!(
        TicTacToePlayer::new(Level::Beginner, 0).choose_move(&over),
        None
    );
}

#[test]
fn same_seed_same_move() {
    let pos: Position = "X../.O./...".parse().unwrap();
    for level in [Level::Beginner, Level::Normal, Level::Expert] {
        let a = TicTacToePlayer::new(level, 5).choose_move(&pos);
        let b = TicTacToePlayer::new(level, 5).choose_move(&pos);
        assert_eq!(a, b, "{level:?}");
    }
}
