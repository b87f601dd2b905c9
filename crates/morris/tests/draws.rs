//! Draws: by agreement, and the optional rules (threefold repetition, N quiet moves) that a
//! `Match` applies from its history.

mod common;

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_morris::{DrawRules, IllegalMove, Match, MatchError, Move, Position, Reason};

/// Moving phase; white shuffles b6-b4-b6, black e5-e4-e5, and no move forms a mill.
const SHUFFLE: &str = common::MOVING;

const CYCLE: [&str; 4] = ["b6-b4", "e5-e4", "b4-b6", "e4-e5"];

fn game(rules: DrawRules) -> Match {
    Match::new(SHUFFLE.parse().unwrap(), rules)
}

fn play(game: &mut Match, text: &str) {
    game.play(text.parse::<Move>().unwrap()).unwrap();
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut g = game(DrawRules {
        threefold: true,
        quiet_moves: None,
    });
    for mv in CYCLE {
        play(&mut g, mv);
    }
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.status(), Status::Ongoing);
    for mv in &CYCLE[..3] {
        play(&mut g, mv);
    }
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, CYCLE[3]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.status(), Status::Draw);
    assert_eq!(g.draw_reason(), Some(Reason::Repetition));
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(
        g.clone().play("b6-b4".parse().unwrap()).unwrap_err().reason,
        IllegalMove::GameOver
    );
    // Undo takes the draw back.
    g.undo();
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn without_the_rule_repetition_goes_on() {
    let mut g = game(DrawRules::NONE);
    for _ in 0..5 {
        for mv in CYCLE {
            play(&mut g, mv);
        }
    }
    assert_eq!(g.repetitions(), 6);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.quiet_moves(), 20);
}

#[test]
fn quiet_move_limit_draws() {
    let mut g = game(DrawRules {
        threefold: false,
        quiet_moves: Some(6),
    });
    for mv in CYCLE {
        play(&mut g, mv);
    }
    play(&mut g, CYCLE[0]);
    assert_eq!(g.quiet_moves(), 5);
    assert_eq!(g.status(), Status::Ongoing);
    play(&mut g, CYCLE[1]);
    assert_eq!(g.status(), Status::Draw);
    assert_eq!(g.draw_reason(), Some(Reason::MoveRule));
    assert!(g.max_remaining_plies().is_some());
}

#[test]
fn placements_and_captures_reset_the_quiet_count() {
    let mut g = Match::new(
        Position::new(),
        DrawRules {
            threefold: true,
            quiet_moves: Some(2),
        },
    );
    for mv in ["a1", "d2", "d1", "b4", "g1xd2"] {
        play(&mut g, mv);
        assert_eq!(g.quiet_moves(), 0);
    }
    let mut shuffle = game(DrawRules::COMMON);
    play(&mut shuffle, "b6-b4");
    assert_eq!(shuffle.quiet_moves(), 1);
}

#[test]
fn a_won_position_is_a_win_even_at_the_limit() {
    // White's quiet move c4-b4 blocks every black piece as it reaches the quiet limit: the
    // win stands.
    let before: Position = "
7 B-----------B-----------B
  |           |           |
6 |   .-------W-------.   |
  |   |       |       |   |
5 |   |   .---.---.   |   |
  |   |   |       |   |   |
4 B---.---W       .---.---W
  |   |   |       |   |   |
3 |   |   .---.---W   |   |
  |   |       |       |   |
2 |   .-------.-------.   |
  |           |           |
1 W-----------.-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0"
        .parse()
        .unwrap();
    let rules = DrawRules {
        threefold: true,
        quiet_moves: Some(1),
    };
    let mut g = Match::new(before, rules);
    play(&mut g, "c4-b4");
    assert_eq!(g.status(), Status::Won(Player::First));
    assert_eq!(g.draw_reason(), None);
    // Any other quiet move reaches the limit without a win: a draw.
    let mut g = Match::new(before, rules);
    play(&mut g, "e3-e4");
    assert_eq!(g.status(), Status::Draw);
}

#[test]
fn draw_by_agreement() {
    let mut g = game(DrawRules::NONE);
    assert_eq!(
        g.accept_draw(Player::Second),
        Err(MatchError::NoOffer {
            player: Player::Second
        })
    );
    g.offer_draw(Player::First).unwrap();
    assert_eq!(
        g.offer_draw(Player::First),
        Err(MatchError::AlreadyOffered {
            player: Player::First
        })
    );
    assert_eq!(
        g.accept_draw(Player::First),
        Err(MatchError::NoOffer {
            player: Player::First
        })
    );
    // The offer goes with the offerer's own move and stands through the opponent's; it
    // lapses when the offerer moves again.
    play(&mut g, "b6-b4");
    assert_eq!(g.pending_offer(), Some(Player::First));
    play(&mut g, "e5-e4");
    assert_eq!(g.pending_offer(), Some(Player::First));
    play(&mut g, "b4-b6");
    assert_eq!(g.pending_offer(), None);
    play(&mut g, "e4-e5");
    g.offer_draw(Player::First).unwrap();
    g.decline_draw(Player::Second).unwrap();
    assert_eq!(g.pending_offer(), None);
    g.offer_draw(Player::Second).unwrap();
    g.accept_draw(Player::First).unwrap();
    assert_eq!(g.status(), Status::Draw);
    assert_eq!(g.draw_reason(), Some(Reason::Agreement));
    assert!(matches!(
        g.offer_draw(Player::First),
        Err(MatchError::GameOver { .. })
    ));
    assert_eq!(
        g.clone().play("b6-b4".parse().unwrap()).unwrap_err().reason,
        IllegalMove::GameOver
    );
    assert_eq!(g.undo().map(|m| m.to_string()), Some("e4-e5".to_string()));
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn the_position_stays_small_because_history_lives_in_the_match() {
    let mut g = game(DrawRules::COMMON);
    play(&mut g, "b6-b4");
    assert_eq!(g.len(), 1);
    assert_eq!(
        g.moves().map(|m| m.to_string()).collect::<Vec<_>>(),
        ["b6-b4"]
    );
    assert_eq!(g.start(), &SHUFFLE.parse::<Position>().unwrap());
    assert!(std::mem::size_of::<Position>() <= 32);
}
