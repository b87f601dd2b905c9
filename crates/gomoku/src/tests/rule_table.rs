//! The rule table "the same line, three results", one named test per case, played move by
//! move so the incremental win check judges the last stone. Each case also runs under the
//! Gomocup Caro rules.
//!
//! The boards are 9x9; the line is on row 5 and the last black stone is played at the `*`.
//! White's other stones sit apart on rows 1 and 9.

use super::{pt, setup};
use crate::{Position, Rule};
use boardgames_core::{Game, Player, Status};

const RULES: [(&str, Rule); 5] = [
    ("caro", Rule::CARO),
    ("caro5", Rule::CARO5),
    ("caro6", Rule::CARO6),
    ("standard", Rule::STANDARD),
    ("freestyle", Rule::FREESTYLE),
];

/// White stones far from row 5, to even the counts.
const FILLER: [&str; 9] = ["a1", "c1", "g1", "i1", "a9", "c9", "g9", "i9", "e1"];

/// Sets up row 5 from `row` (`X` black, `O` white, `.` empty, `*` black's next move), pads
/// white so black is to move, plays the `*` and returns the position after it.
fn play_row(rule: Rule, row: &str, extra_black: &[&str]) -> Position {
    let mut black: Vec<String> = extra_black.iter().map(|s| s.to_string()).collect();
    let mut white = Vec::new();
    let mut star = None;
    for (col, ch) in row.split_whitespace().enumerate() {
        let name = format!("{}5", (b'a' + col as u8) as char);
        match ch {
            "X" => black.push(name),
            "O" => white.push(name),
            "*" => star = Some(name),
            _ => {}
        }
    }
    let mut filler = FILLER.iter();
    while white.len() < black.len() {
        white.push(filler.next().expect("enough filler").to_string());
    }
    let b: Vec<&str> = black.iter().map(String::as_str).collect();
    let w: Vec<&str> = white.iter().map(String::as_str).collect();
    let mut game = setup(9, rule, &b, &w);
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.status(), Status::Ongoing, "{game}");
    game.play(pt(&star.expect("a * in the row"))).unwrap();
    game
}

/// Asserts, rule by rule, whether black has won; a five that does not count leaves the game
/// going with white to move.
fn expect(row: &str, extra_black: &[&str], wins: [bool; 5]) {
    for ((name, rule), want) in RULES.into_iter().zip(wins) {
        let game = play_row(rule, row, extra_black);
        if want {
            assert_eq!(
                game.status(),
                Status::Won(Player::First),
                "{name}: {row}\n{game}"
            );
            assert!(game.winning_cells().len() >= 5);
        } else {
            assert_eq!(game.status(), Status::Ongoing, "{name}: {row}\n{game}");
            assert_eq!(game.winning_cells().len(), 0);
            assert!(game.legal_move_count() > 0);
        }
    }
}

//                     caro   caro5  caro6  standard freestyle

#[test]
fn open_five_wins_under_every_rule() {
    expect(". X X * X X . . .", &[], [true, true, true, true, true]);
}

#[test]
fn five_blocked_at_one_end_wins_under_every_rule() {
    expect("O X X X X * . . .", &[], [true, true, true, true, true]);
}

#[test]
fn five_blocked_at_both_ends_loses_only_under_caro_rules() {
    expect("O X X X * X O . .", &[], [false, false, false, true, true]);
}

#[test]
fn edge_and_stone_block_under_caro_but_not_gomocup_caro() {
    // The left end of the five is the board edge, the right end a white stone.
    expect("X X * X X O . . .", &[], [false, true, true, true, true]);
}

#[test]
fn edge_alone_does_not_block_both_ends() {
    expect("X X * X X . . . .", &[], [true, true, true, true, true]);
}

#[test]
fn six_in_a_row_wins_only_where_overlines_win() {
    expect(". X X X * X X . .", &[], [false, false, true, false, true]);
}

#[test]
fn six_blocked_at_both_ends_loses_under_caro6() {
    expect("O X X X * X X O .", &[], [false, false, false, false, true]);
}

#[test]
fn six_on_one_axis_and_a_valid_five_on_another_wins() {
    // Row 5 becomes a six (b5-g5) and column e a five (e3-e7) at the same stone.
    let column = ["e3", "e4", "e6", "e7"];
    expect(". X X X * X X . .", &column, [true, true, true, true, true]);
    // Under standard only the column is the winning line; under freestyle both are.
    let standard = play_row(Rule::STANDARD, ". X X X * X X . .", &column);
    let cells: Vec<String> = standard
        .winning_cells()
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(cells, ["e3", "e4", "e5", "e6", "e7"]);
    let freestyle = play_row(Rule::FREESTYLE, ". X X X * X X . .", &column);
    assert_eq!(freestyle.winning_lines().count(), 2);
    assert_eq!(freestyle.winning_cells().len(), 10);
}

#[test]
fn a_five_that_does_not_count_stays_and_play_goes_on() {
    let mut game = play_row(Rule::CARO, "O X X X * X O . .", &[]);
    assert_eq!(game.side_to_move(), Player::Second);
    // White plays on; black can still win elsewhere later.
    game.play(pt("h8")).unwrap();
    assert_eq!(game.status(), Status::Ongoing);
    assert!(game.stones(Player::First).contains(pt("e5")));
}

#[test]
fn a_full_board_without_a_winner_is_a_draw() {
    // Fill a 5x5 board in a pattern with no five for either colour.
    let order = [
        "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "b3", "a3", "d3", "c3", "e4",
        "e3", "a4", "b4", "c4", "d4", "a5", "b5", "c5", "d5", "e5",
    ];
    for rule in [Rule::CARO, Rule::STANDARD, Rule::FREESTYLE] {
        let mut game = Position::new(5, rule).unwrap();
        for (i, mv) in order.iter().enumerate() {
            assert_eq!(
                game.status(),
                Status::Ongoing,
                "before move {i} {mv}\n{game}"
            );
            game.play(pt(mv)).unwrap();
        }
        assert_eq!(game.status(), Status::Draw, "{game}");
        assert_eq!(game.legal_move_count(), 0);
    }
}
