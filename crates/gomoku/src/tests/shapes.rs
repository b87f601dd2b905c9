//! Threat shapes with diagrams: every line shape under every plain rule (one row of a board,
//! `p` the point asked about), then the combinations over two axes and the whole-board query.

use super::{pt, setup};
use crate::threat::{LineShape, Shape};
use crate::{Axis, Position, Rule};
use boardgames_core::Player;
use LineShape::*;

const RULES: [(&str, Rule); 5] = [
    ("caro", Rule::CARO),
    ("caro5", Rule::CARO5),
    ("caro6", Rule::CARO6),
    ("standard", Rule::STANDARD),
    ("freestyle", Rule::FREESTYLE),
];

/// The horizontal shape at `p` in `row` (the middle row of a board as wide as the row) for
/// `colour` (`X` is black), with filler stones on the top row to even the counts.
fn row_shape(rule: Rule, row: &str, colour: Player) -> LineShape {
    let cells: Vec<&str> = row.split_whitespace().collect();
    let size = cells.len();
    let r = size / 2 + 1;
    let (mut black, mut white, mut p) = (Vec::new(), Vec::new(), Option::None);
    for (col, cell) in cells.iter().enumerate() {
        let name = format!("{}{}", (b'a' + col as u8) as char, r);
        match *cell {
            "X" => black.push(name),
            "O" => white.push(name),
            "p" => p = Some(name),
            _ => {}
        }
    }
    let mut col = 0;
    while black.len() != white.len() && black.len() != white.len() + 1 {
        let name = format!("{}{}", (b'a' + col) as char, size);
        col += 2;
        if black.len() > white.len() {
            white.push(name)
        } else {
            black.push(name)
        }
    }
    let b: Vec<&str> = black.iter().map(String::as_str).collect();
    let w: Vec<&str> = white.iter().map(String::as_str).collect();
    let game = setup(size as u32, rule, &b, &w);
    let p = pt(&p.expect("a p in the row"));
    let shape = game.line_shape(colour, p, Axis::Horizontal);
    assert_eq!(game.threats_at(colour, p).line(Axis::Horizontal), shape);
    assert_eq!(game.threats(colour).get(p).line(Axis::Horizontal), shape);
    shape
}

/// Checks the shape under each rule, for black as drawn and for white with colours swapped.
#[track_caller]
fn expect(row: &str, want: [LineShape; 5]) {
    let swapped: String = row
        .chars()
        .map(|c| match c {
            'X' => 'O',
            'O' => 'X',
            c => c,
        })
        .collect();
    for ((name, rule), want) in RULES.into_iter().zip(want) {
        assert_eq!(row_shape(rule, row, Player::First), want, "{name}: {row}");
        assert_eq!(
            row_shape(rule, &swapped, Player::Second),
            want,
            "{name}: {swapped} (white)"
        );
    }
}

//                                          caro          caro5         caro6         standard      freestyle

#[test]
fn five() {
    expect(". X X p X X . . .", [Five, Five, Five, Five, Five]);
}

#[test]
fn five_blocked_at_both_ends() {
    expect(
        "O X X p X X O . .",
        [BlockedFive, BlockedFive, BlockedFive, Five, Five],
    );
}

#[test]
fn overline() {
    expect(
        ". X X p X X X . .",
        [Overline, Overline, Five, Overline, Five],
    );
}

#[test]
fn straight_four() {
    expect(". . X p X X . . .", [StraightFour; 5]);
}

#[test]
fn four_with_one_end_blocked() {
    expect("O X p X X . . . .", [Four; 5]);
}

#[test]
fn four_whose_only_five_is_blocked_by_stones_is_no_four_under_caro() {
    expect("O X X p X . O . .", [None, None, None, Four, Four]);
}

#[test]
fn four_whose_only_five_is_blocked_by_the_edge() {
    expect("X X p X . O . . .", [None, Four, Four, Four, Four]);
}

#[test]
fn four_whose_only_completion_is_a_six() {
    expect("O X X p X . X . .", [None, None, Four, None, Four]);
}

#[test]
fn double_four_on_one_axis() {
    expect("X . X p X . X . .", [DoubleFour; 5]);
}

#[test]
fn open_three() {
    expect(". . X p X . . . .", [OpenThree; 5]);
}

#[test]
fn split_three() {
    expect(". . X p . X . . .", [SplitThree; 5]);
}

#[test]
fn closed_three() {
    expect("O X p X . . . . .", [ClosedThree; 5]);
}

#[test]
fn three_whose_straight_fours_make_sixes_is_closed_under_exact_rules() {
    expect(
        "X . . X X p . . X",
        [ClosedThree, ClosedThree, OpenThree, ClosedThree, OpenThree],
    );
}

#[test]
fn five_points_between_blocks_make_nothing_under_caro() {
    expect(
        "O . X X p . O . .",
        [None, None, None, ClosedThree, ClosedThree],
    );
}

#[test]
fn edge_and_stone_around_a_three() {
    expect(
        ". X p X . O . . .",
        [None, ClosedThree, ClosedThree, ClosedThree, ClosedThree],
    );
}

#[test]
fn two_stones_make_no_shape() {
    expect(". . . p X . . . .", [None; 5]);
}

fn board(rule: Rule, text: &str) -> Position {
    super::grid(rule, text)
}

#[test]
fn four_three_under_every_rule() {
    for (name, rule) in RULES {
        four_three(name, rule);
    }
}

fn four_three(name: &str, rule: Rule) {
    let game = board(
        rule,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O X X . X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . O . . . O . O",
    );
    let t = game.threats_at(Player::First, pt("e5"));
    assert_eq!(t.line(Axis::Horizontal), Four, "{name}");
    assert_eq!(t.line(Axis::Vertical), OpenThree, "{name}");
    assert_eq!(t.best(), Some(Shape::FourThree), "{name}");
    assert!(t.contains(Shape::Four) && t.contains(Shape::OpenThree));
    assert!(!t.contains(Shape::DoubleFour) && !t.contains(Shape::DoubleThree));
}

#[test]
fn double_four_on_two_axes_under_every_rule() {
    for (name, rule) in RULES {
        double_four_on_two_axes(name, rule);
    }
}

fn double_four_on_two_axes(name: &str, rule: Rule) {
    let game = board(
        rule,
        "
        . . . . O . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O X X . X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . O . . . . . O",
    );
    let t = game.threats_at(Player::First, pt("e5"));
    assert_eq!(t.line(Axis::Horizontal), Four, "{name}");
    assert_eq!(t.line(Axis::Vertical), Four, "{name}");
    assert_eq!(t.fours(), 2);
    assert_eq!(t.best(), Some(Shape::DoubleFour), "{name}");
}

#[test]
fn double_three_under_every_rule() {
    for (name, rule) in RULES {
        double_three(name, rule);
    }
}

fn double_three(name: &str, rule: Rule) {
    let game = board(
        rule,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . X . . . .
        . . . X . X . . .
        . . . . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . O . . . O . O",
    );
    let t = game.threats_at(Player::First, pt("e5"));
    assert_eq!(t.line(Axis::Horizontal), OpenThree, "{name}");
    assert_eq!(t.line(Axis::Vertical), OpenThree, "{name}");
    assert_eq!(t.live_threes(), 2);
    assert_eq!(t.best(), Some(Shape::DoubleThree), "{name}");
    // White sees nothing at e5.
    assert!(game.threats_at(Player::Second, pt("e5")).is_empty());
}

#[test]
fn shapes_of_stones_already_placed_and_of_other_points() {
    let game = board(
        Rule::CARO,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . O . . . O . O",
    );
    // The stones of the straight four report it; a white stone and the off-board area report
    // nothing.
    assert_eq!(
        game.line_shape(Player::First, pt("e5"), Axis::Horizontal),
        StraightFour
    );
    assert_eq!(
        game.line_shape(Player::First, pt("c5"), Axis::Horizontal),
        StraightFour
    );
    assert_eq!(
        game.line_shape(Player::First, pt("a1"), Axis::Horizontal),
        None
    );
    assert_eq!(
        game.line_shape(Player::First, pt("t20"), Axis::Horizontal),
        None
    );
    assert_eq!(
        game.threats_at(Player::First, pt("b5")).best(),
        Some(Shape::Five)
    );
}

#[test]
fn whole_board_query_lists_points_by_shape() {
    let game = board(
        Rule::CARO,
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O . . . . . .
        O . O . . . . . .",
    );
    let black = game.threats(Player::First);
    let names = |s: crate::PointSet| s.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    assert_eq!(names(black.points_with(Shape::Five)), ["f5"]);
    assert_eq!(black.get(pt("f5")).best(), Some(Shape::Five));
    assert!(black.get(pt("a5")).is_empty()); // occupied
    assert!(black
        .iter()
        .all(|(p, t)| game.threats_at(Player::First, p) == t));
    let white = game.threats(Player::Second);
    assert_eq!(names(white.points_with(Shape::Five)), Vec::<String>::new());
    // White's c1 / c2 / a1 make threes and fours on the c column and the first row.
    assert!(white.iter().count() > 0);
}
