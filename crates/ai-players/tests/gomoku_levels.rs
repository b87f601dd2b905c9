//! The gomoku levels: legal and repeatable moves under every rule, renju's forbidden points
//! avoided, and the stronger level beating the weaker one in most seeded games.

use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::{Point, PointSet, Position, Rule, Setup};
use boardgames_players::gomoku::{GomokuPlayer, Level};
use boardgames_players::ComputerPlayer;
use boardgames_search::Limits;

mod common;
use common::{random_position, RULES};

/// A player at `level`; the expert's budget is cut where the tests run unoptimised.
fn player(level: Level, seed: u64) -> GomokuPlayer {
    let player = GomokuPlayer::new(level, seed);
    if level == Level::Expert && cfg!(debug_assertions) {
        player.with_limits(Limits::none().with_nodes(3_000))
    } else {
        player
    }
}

/// A player at `level` with a small budget: for tests of legality, not of strength.
fn quick_player(level: Level, seed: u64) -> GomokuPlayer {
    let nodes = if cfg!(debug_assertions) { 600 } else { 3_000 };
    GomokuPlayer::new(level, seed).with_limits(Limits::none().with_nodes(nodes).with_depth(3))
}

#[test]
fn every_level_plays_legal_repeatable_moves_under_every_rule() {
    for (i, rule) in RULES.into_iter().enumerate() {
        for size in [9u32, 15] {
            for plies in [0usize, 1, 6, 15] {
                let seed = (i * 100 + plies) as u64 + u64::from(size);
                let position = random_position(size, rule, plies, seed);
                for level in Level::ALL {
                    let mv = quick_player(level, seed).choose_move(&position);
                    let mv = mv.unwrap_or_else(|| panic!("{level:?} found no move\n{position}"));
                    assert!(
                        position.is_legal(mv),
                        "{level:?} played {mv} under {rule}\n{position}"
                    );
                    assert_eq!(quick_player(level, seed).choose_move(&position), Some(mv));
                }
            }
        }
    }
}

#[test]
fn the_first_move_is_the_centre() {
    for size in [9u32, 15, 20] {
        let position = Position::new(size, Rule::CARO).unwrap();
        let mv = player(Level::Normal, 1).choose_move(&position).unwrap();
        let middle = (size / 2) as u8;
        assert_eq!(mv, Point::new(middle, middle).unwrap());
    }
}

#[test]
fn no_move_once_the_game_is_over() {
    let mut position = Position::new(9, Rule::FREESTYLE).unwrap();
    for mv in ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"] {
        position.play(position.parse_move(mv).unwrap()).unwrap();
    }
    assert_eq!(position.status(), Status::Won(Player::First));
    for level in Level::ALL {
        assert_eq!(player(level, 5).choose_move(&position), None);
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    // Black to move: e5 would make two open threes (row 5 and column e), a forbidden double
    // three, though it is the most attractive point for a shape-counting player.
    let black: PointSet = ["c5", "d5", "e3", "e4"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let white: PointSet = ["a9", "i9", "a8", "i1"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    let setup = Setup {
        stones: boardgames_core::ByPlayer::new(black, white),
        to_move: Player::First,
        size: 11,
        rule: Rule::RENJU,
    };
    let position = setup.validate().unwrap();
    let e5: Point = "e5".parse().unwrap();
    assert!(position.forbidden(Player::First, e5).is_some());
    for level in Level::ALL {
        for seed in 0..4 {
            let mv = quick_player(level, seed).choose_move(&position).unwrap();
            assert!(position.is_legal(mv), "{level:?} played {mv}");
        }
    }
    // Under freestyle the same point is the natural choice of the normal level.
    let free = Setup {
        rule: Rule::FREESTYLE,
        ..setup
    }
    .validate()
    .unwrap();
    assert_eq!(player(Level::Normal, 0).choose_move(&free), Some(e5));
}

/// Plays a game between two players, `black` moving first; returns the status.
fn play_game(
    position: Position,
    black: &mut GomokuPlayer,
    white: &mut GomokuPlayer,
) -> (Status, Position) {
    let mut position = position;
    while !position.status().is_over() {
        let player = if position.side_to_move() == Player::First {
            &mut *black
        } else {
            &mut *white
        };
        let mv = player
            .choose_move(&position)
            .expect("a move in an ongoing game");
        position.play(mv).expect("a legal move");
    }
    (position.status(), position)
}

/// Counts the games `strong` wins against `weak` from `start`, taking each colour in turn,
/// with seeds `0..games`.
fn wins(start: Position, strong: Level, weak: Level, games: u64) -> u64 {
    let mut won = 0;
    for seed in 0..games {
        let (mut s, mut w) = (player(strong, seed), player(weak, seed + 1000));
        let strong_colour = if seed % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let (status, end) = if strong_colour == Player::First {
            play_game(start, &mut s, &mut w)
        } else {
            play_game(start, &mut w, &mut s)
        };
        if status == Status::Won(strong_colour) {
            won += 1;
        } else {
            eprintln!("{strong:?} did not win game {seed}: {status:?}\n{end}");
        }
    }
    won
}

/// A 9x9 board under Caro.
fn small_caro() -> Position {
    Position::new(9, Rule::CARO).unwrap()
}

#[test]
fn normal_beats_beginner_in_most_games() {
    let won = wins(small_caro(), Level::Normal, Level::Beginner, 6);
    assert!(won >= 5, "normal won {won} of 6");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn expert_beats_beginner_in_most_games() {
    let won = wins(small_caro(), Level::Expert, Level::Beginner, 6);
    assert!(won >= 5, "expert won {won} of 6");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "heavy: runs under --profile test-release")]
fn expert_beats_normal_in_most_games() {
    // Caro on a small board is drawish between players who see threes: a wider board.
    let start = Position::new(15, Rule::CARO).unwrap();
    let won = wins(start, Level::Expert, Level::Normal, 4);
    assert!(won >= 3, "expert won {won} of 4");
}
