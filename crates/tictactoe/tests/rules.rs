//! Each rule of tic-tac-toe as a named position.

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_tictactoe::{Cell, IllegalMove, InputError, Position};

fn pos(diagram: &str) -> Position {
    diagram.parse().unwrap_or_else(|e| panic!("{diagram}: {e}"))
}

fn cell(text: &str) -> Cell {
    text.parse().unwrap()
}

#[test]
fn x_moves_first_and_players_alternate() {
    let mut game = Position::new();
    assert_eq!(game.side_to_move(), Player::First);
    game.play(cell("b2")).unwrap();
    assert_eq!(game.side_to_move(), Player::Second);
    game.play(cell("a1")).unwrap();
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.mark_at(cell("b2")), Some(Player::First));
    assert_eq!(game.mark_at(cell("a1")), Some(Player::Second));
}

#[test]
fn every_one_of_the_eight_lines_wins() {
    let lines = [
        ["a3", "b3", "c3"],
        ["a2", "b2", "c2"],
        ["a1", "b1", "c1"],
        ["a1", "a2", "a3"],
        ["b1", "b2", "b3"],
        ["c1", "c2", "c3"],
        ["a1", "b2", "c3"],
        ["a3", "b2", "c1"],
    ];
    for line in lines {
        // X plays the line; O plays two cells off it that make no line of its own.
        let others: Vec<Cell> = Cell::ALL
            .into_iter()
            .filter(|c| !line.contains(&c.to_string().as_str()))
            .collect();
        let mut game = Position::new();
        let mut o_moves = others.iter();
        for (i, x) in line.iter().enumerate() {
            game.play(cell(x)).unwrap();
            if i < 2 {
                assert_eq!(game.status(), Status::Ongoing);
                let o = *o_moves.next().unwrap();
                game.play(o).unwrap();
            }
        }
        assert_eq!(game.status(), Status::Won(Player::First), "line {line:?}");
        let mut won: Vec<String> = game
            .winning_line()
            .unwrap()
            .iter()
            .map(|c| c.to_string())
            .collect();
        won.sort();
        let mut want: Vec<String> = line.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(won, want);
    }
}

#[test]
fn second_player_wins_with_three_in_a_column() {
    let game = pos("O.X/OX./O.X");
    assert_eq!(game.status(), Status::Won(Player::Second));
}

#[test]
fn full_board_without_line_is_a_draw() {
    let game = pos("XOX/XOO/OXX");
    assert_eq!(game.status(), Status::Draw);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn a_line_made_by_the_ninth_mark_wins_not_draws() {
    let game = pos("XOX/OXO/OXX");
    assert_eq!(game.status(), Status::Won(Player::First));
}

#[test]
fn occupied_cell_is_refused_and_state_unchanged() {
    let mut game = pos("X../.../...");
    let before = game;
    let err = game.play(cell("a3")).unwrap_err();
    assert_eq!(err.reason, IllegalMove::Occupied);
    assert_eq!(
        err.to_string(),
        "illegal move a3: this cell already has a mark"
    );
    assert_eq!(game, before);
}

#[test]
fn moves_after_the_end_are_refused() {
    let mut game = pos("XXX/OO./...");
    let before = game;
    for c in Cell::ALL {
        let err = game.play(c).unwrap_err();
        assert_eq!(err.reason, IllegalMove::GameOver);
    }
    assert_eq!(game, before);
}

#[test]
fn off_board_and_malformed_input_are_named() {
    let mut game = Position::new();
    for (text, off_board) in [
        ("d1", true),
        ("a4", true),
        ("4 1", true),
        ("x", false),
        ("1 x", false),
    ] {
        match game.play_text(text) {
            Err(InputError::Parse(e)) => assert_eq!(e.is_off_board(), off_board, "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(game, Position::new());
}
