//! Renju: black's forbidden points (overline, double four, double three with true threes
//! only), the exact-five exception, white's freedom, and how play, legal moves and the
//! threat queries see them. Diagrams on 15x15; white's spare stones sit on rows 1 and 15.

use super::pt;
use crate::threat::{LineShape, Shape};
use crate::{Axis, ForbiddenKind, IllegalMove, Point, PointSet, Position, Rule};
use boardgames_core::{Game, MoveList, Player, Status};

/// White stones far from the action, to even the counts.
const SPARE: [&str; 16] = [
    "a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a15", "c15", "e15", "g15", "i15", "k15",
    "m15", "o15",
];

/// A renju position with the black and white stones named (white padded with spares so
/// that black is to move).
fn renju(black: &[&str], white: &[&str]) -> Position {
    let black: PointSet = black.iter().map(|s| pt(s)).collect();
    let mut white: PointSet = white.iter().map(|s| pt(s)).collect();
    let mut spare = SPARE.iter();
    while white.len() < black.len() {
        white.insert(pt(spare.next().expect("enough spare stones")));
    }
    let game = super::played(15, Rule::RENJU, black, white);
    assert_eq!(game.side_to_move(), Player::First);
    game
}

#[test]
fn double_three_is_forbidden_to_black_only() {
    let game = renju(&["h9", "h7", "g8", "i8"], &[]);
    assert_eq!(
        game.forbidden(Player::First, pt("h8")).map(|f| f.kind()),
        Some(ForbiddenKind::DoubleThree)
    );
    assert_eq!(game.forbidden(Player::Second, pt("h8")), None);
    let mut play = game;
    let err = play.play(pt("h8")).unwrap_err();
    let IllegalMove::Forbidden { point, reason } = err.reason else {
        panic!("not a forbidden point: {err}");
    };
    assert_eq!(
        (point, reason.kind()),
        (pt("h8"), ForbiddenKind::DoubleThree)
    );
    assert_eq!(reason.to_string(), "a double three on g8-i8 and h7-h9");
    assert_eq!(
        err.to_string(),
        "illegal move h8: h8 is forbidden: it makes a double three on g8-i8 and h7-h9"
    );
    assert_eq!(play, game);
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    assert!(!moves.contains(&pt("h8")));
    assert_eq!(moves.len(), game.legal_move_count());
    assert_eq!(
        game.forbidden_points(Player::First),
        [pt("h8")].into_iter().collect()
    );
    assert!(game.forbidden_points(Player::Second).is_empty());
}

#[test]
fn double_four_is_forbidden() {
    // A four on the row and one on the column.
    let game = renju(&["e8", "f8", "g8", "h9", "h10", "h11"], &["d8", "h12"]);
    assert_eq!(
        game.forbidden(Player::First, pt("h8")).map(|f| f.kind()),
        Some(ForbiddenKind::DoubleFour)
    );
}

#[test]
fn two_fours_on_one_line_are_a_double_four() {
    let game = renju(&["e8", "g8", "i8", "k8"], &[]);
    let t = game.threats_at(Player::First, pt("h8"));
    assert_eq!(t.line(Axis::Horizontal), LineShape::DoubleFour);
    assert_eq!(
        game.forbidden(Player::First, pt("h8")).map(|f| f.kind()),
        Some(ForbiddenKind::DoubleFour)
    );
}

#[test]
fn overline_is_forbidden_to_black_and_wins_for_white() {
    let game = renju(&["e8", "f8", "g8", "i8", "j8"], &[]);
    assert_eq!(
        game.forbidden(Player::First, pt("h8")).map(|f| f.kind()),
        Some(ForbiddenKind::Overline)
    );
    // The same shape for white: six in a row wins.
    let mut white = super::setup(
        15,
        Rule::RENJU,
        &["a1", "c1", "e1", "g1", "i1", "k1"],
        &["e8", "f8", "g8", "i8", "j8"],
    );
    assert_eq!(white.side_to_move(), Player::Second);
    white.play(pt("h8")).unwrap();
    assert_eq!(white.status(), Status::Won(Player::Second));
    assert_eq!(white.winning_cells().len(), 6);
}

#[test]
fn an_exact_five_wins_even_with_an_overline_or_a_double_three() {
    // Row 8 becomes a six, column h an exact five.
    let mut game = renju(&["e8", "f8", "g8", "i8", "j8", "h4", "h5", "h6", "h7"], &[]);
    assert_eq!(game.forbidden(Player::First, pt("h8")), None);
    game.play(pt("h8")).unwrap();
    assert_eq!(game.status(), Status::Won(Player::First));
    let cells: Vec<String> = game.winning_cells().iter().map(|p| p.to_string()).collect();
    assert_eq!(cells, ["h4", "h5", "h6", "h7", "h8"]);
    // A five together with two open threes.
    let mut game = renju(&["d8", "e8", "f8", "g8", "h10", "h9", "g9", "i7"], &[]);
    game.play(pt("h8")).unwrap();
    assert_eq!(game.status(), Status::Won(Player::First));
}

#[test]
fn four_three_is_allowed() {
    let game = renju(&["e8", "f8", "g8", "h9", "h10"], &["d8"]);
    assert_eq!(game.forbidden(Player::First, pt("h8")), None);
    assert_eq!(
        game.threats_at(Player::First, pt("h8")).best(),
        Some(Shape::FourThree)
    );
}

/// Black's h8 makes a row three (i8, j8) whose straight-four moves g8 and k8 would each make
/// an overline on their columns, and a true column three (h9, h10).
const FALSE_THREE: [&str; 14] = [
    "i8", "j8", "h9", "h10", "g5", "g6", "g7", "g9", "g10", "k5", "k6", "k7", "k9", "k10",
];

#[test]
fn a_three_whose_straight_fours_are_forbidden_is_no_three() {
    let game = renju(&FALSE_THREE, &[]);
    assert_eq!(game.forbidden(Player::First, pt("h8")), None);
    let t = game.threats_at(Player::First, pt("h8"));
    assert_eq!(t.line(Axis::Horizontal), LineShape::ClosedThree);
    assert_eq!(t.line(Axis::Vertical), LineShape::OpenThree);
    assert_eq!(game.threats(Player::First).get(pt("h8")), t);
    // Without the columns' stones the same two threes are a forbidden double three.
    let plain = renju(&["i8", "j8", "h9", "h10"], &[]);
    assert_eq!(
        plain.forbidden(Player::First, pt("h8")).map(|f| f.kind()),
        Some(ForbiddenKind::DoubleThree)
    );
    // g8 itself is forbidden (an overline on column g).
    assert_eq!(
        game.forbidden(Player::First, pt("g8")).map(|f| f.kind()),
        Some(ForbiddenKind::Overline)
    );
}

#[test]
fn white_is_never_restricted_and_black_fives_must_be_exact() {
    let mut game = renju(&["d8", "e8", "f8", "g8", "i8"], &[]);
    // h8 would make six: forbidden, so black cannot win there.
    assert!(game.play(pt("h8")).is_err());
    game.play(pt("c8")).unwrap(); // c8-g8: an exact five
    assert_eq!(game.status(), Status::Won(Player::First));
}

#[test]
fn random_renju_games_never_play_a_forbidden_point() {
    let mut rng = boardgames_core::Rng::new(4);
    for _ in 0..3 {
        let mut game = Position::new(15, Rule::RENJU).unwrap();
        while let Some(mv) = game.random_move(&mut rng) {
            if game.side_to_move() == Player::First {
                assert_eq!(game.forbidden(Player::First, mv), None, "{mv}\n{game}");
            }
            game.play(mv).unwrap();
        }
        assert!(game.status().is_over());
    }
    let mut game = Position::new(9, Rule::RENJU).unwrap();
    let (status, plies) = game.random_playout(&mut rng, usize::MAX);
    assert!(status.is_over());
    assert_eq!(plies, game.stone_count());
}

#[test]
fn a_point_off_the_board_or_taken_is_not_forbidden() {
    let game = renju(&["h9", "h7", "g8", "i8"], &[]);
    assert_eq!(game.forbidden(Player::First, pt("h9")), None);
    assert_eq!(
        game.forbidden(Player::First, Point::new(19, 19).unwrap()),
        None
    );
}

/// The names of the lines a forbidden point's reason gives.
fn lines_of(game: &Position, point: &str) -> Vec<String> {
    game.forbidden(Player::First, pt(point))
        .map(|why| why.lines().map(|line| line.to_string()).collect())
        .unwrap_or_default()
}

#[test]
fn reasons_name_the_lines_involved() {
    // A four on the row (e8-h8) and one on the column (h8-h11).
    let game = renju(&["e8", "f8", "g8", "h9", "h10", "h11"], &["d8", "h12"]);
    assert_eq!(lines_of(&game, "h8"), ["e8-h8", "h8-h11"]);
    // Two fours on one line: one span over both.
    let game = renju(&["e8", "g8", "i8", "k8"], &[]);
    assert_eq!(lines_of(&game, "h8"), ["e8-k8"]);
    // An overline: the run.
    let game = renju(&["e8", "f8", "g8", "i8", "j8"], &[]);
    assert_eq!(lines_of(&game, "h8"), ["e8-j8"]);
    // A split three keeps its gap inside the span.
    let game = renju(&["f8", "g8", "h10", "h11"], &[]);
    assert_eq!(lines_of(&game, "i8"), Vec::<String>::new());
    let game = renju(&["f8", "g8", "i10", "i11"], &[]);
    assert_eq!(lines_of(&game, "i8"), ["f8-i8", "i8-i11"]);
}

/// A case from a public renju game (before ply 42): black's i7 makes a
/// three through h6 and one through j6, but j6 also completes a five on another line (h4 i5
/// j6 k7 l8): a move that makes five is a win, not a straight four, so that three is not
/// true. One true three: i7 is allowed.
#[test]
fn a_straight_four_point_that_makes_five_does_not_make_a_true_three() {
    let black = "b14 c14 d11 f4 f5 f6 g5 h14 h4 i2 i3 i5 j1 j4 j5 k1 k5 k7 l4 l6 l8";
    let white = "a15 c10 d14 e1 e2 e6 e7 f14 g14 g2 h2 h3 i1 j10 j2 k11 k3 k4 m7 n14 o15";
    let names = |text: &'static str| text.split(' ').collect::<Vec<_>>();
    let game = super::setup(15, Rule::RENJU, &names(black), &names(white));
    assert_eq!(game.side_to_move(), Player::First);
    assert_eq!(game.forbidden(Player::First, pt("i7")), None);
    assert!(game.is_legal(pt("i7")));
    let mut with_j6 = game;
    with_j6.play(pt("j6")).unwrap();
    assert_eq!(with_j6.status(), Status::Won(Player::First));
}
