//! One test per rule of nine men's morris, on positions written as diagrams.

mod common;

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_morris::{IllegalMove, InputError, Move, Phase, Point, Points, Position};

fn pos(diagram: &str) -> Position {
    diagram
        .parse()
        .unwrap_or_else(|e| panic!("bad test diagram: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn pt(text: &str) -> Point {
    text.parse().unwrap()
}

fn names(points: Points) -> Vec<String> {
    let mut v: Vec<String> = points.points().map(|p| p.to_string()).collect();
    v.sort();
    v
}

fn legal(position: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn reason(position: &Position, text: &str) -> IllegalMove {
    let mut copy = *position;
    let err = copy.play(mv(text)).unwrap_err();
    assert_eq!(&copy, position, "a rejected move changed the position");
    err.reason
}

/// The rules' worked example: white has a1 and d1, places g1 and must capture before the turn
/// passes; d2 is not in a mill, so it may be taken.
const SEED_EXAMPLE: &str = "
7 .-----------.-----------.
  |           |           |
6 |   .-------.-------.   |
  |   |       |       |   |
5 |   |   .---.---.   |   |
  |   |   |       |   |   |
4 .---.---.       .---B---.
  |   |   |       |   |   |
3 |   |   .---.---.   |   |
  |   |       |       |   |
2 |   .-------B-------.   |
  |           |           |
1 W-----------W-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 7, black 7";

#[test]
fn forming_a_mill_requires_a_capture_in_the_same_move() {
    let p = pos(SEED_EXAMPLE);
    assert!(p.forms_mill(None, pt("g1")));
    assert_eq!(
        reason(&p, "g1"),
        IllegalMove::CaptureRequired { to: pt("g1") }
    );
    let g1_moves: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(g1_moves, ["g1xd2", "g1xf4"]);
    let mut after = p;
    after.play(mv("g1xd2")).unwrap();
    assert_eq!(after.side_to_move(), Player::Second);
    assert_eq!(after.piece_at(pt("d2")), None);
    assert_eq!(after.on_board(Player::Second), 1);
    assert_eq!(after.captured(Player::Second), 1);
    // A move that forms no mill may not capture.
    assert_eq!(
        reason(&p, "b2xd2"),
        IllegalMove::CaptureNotAllowed { to: pt("b2") }
    );
}

/// White slides g4-g1 to close a1-d1-g1. Black's b2-d2-f2 is a mill, e5 is not.
const PROTECTED: &str = common::MOVING;

/// The same, but every black piece stands in a mill (b2-d2-f2 and f2-f4-f6).
const ALL_IN_MILLS: &str = "
7 .-----------.-----------.
  |           |           |
6 |   W-------.-------B   |
  |   |       |       |   |
5 |   |   .---.---.   |   |
  |   |   |       |   |   |
4 .---.---.       .---B---W
  |   |   |       |   |   |
3 |   |   .---.---.   |   |
  |   |       |       |   |
2 |   B-------B-------B   |
  |           |           |
1 W-----------W-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0";

#[test]
fn pieces_in_mills_are_protected_while_others_are_not() {
    let p = pos(PROTECTED);
    assert_eq!(names(p.pieces_in_mills(Player::Second)), ["b2", "d2", "f2"]);
    assert_eq!(names(p.capture_targets()), ["e5"]);
    assert_eq!(
        reason(&p, "g4-g1xd2"),
        IllegalMove::ProtectedPiece { capture: pt("d2") }
    );
    assert_eq!(
        reason(&p, "g4-g1"),
        IllegalMove::CaptureRequired { to: pt("g1") }
    );
    assert_eq!(
        reason(&p, "g4-g1xa1"),
        IllegalMove::NotOpponentPiece { capture: pt("a1") }
    );
    assert_eq!(
        reason(&p, "g4-g1xc3"),
        IllegalMove::NotOpponentPiece { capture: pt("c3") }
    );
    let mills: Vec<String> = legal(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(mills, ["g4-g1xe5"]);
}

#[test]
fn when_every_opponent_piece_is_in_a_mill_any_may_be_taken() {
    let p = pos(ALL_IN_MILLS);
    assert_eq!(names(p.capture_targets()), ["b2", "d2", "f2", "f4", "f6"]);
    let mills: Vec<String> = legal(&p).into_iter().filter(|m| m.contains('x')).collect();
    assert_eq!(
        mills,
        ["g4-g1xb2", "g4-g1xd2", "g4-g1xf2", "g4-g1xf4", "g4-g1xf6"]
    );
    let mut after = p;
    after.play(mv("g4-g1xf2")).unwrap();
    assert_eq!(after.on_board(Player::Second), 4);
}

/// White places g1, closing a1-d1-g1 and g1-g4-g7 at once.
const DOUBLE_MILL: &str = "
7 .-----------.-----------W
  |           |           |
6 |   .-------.-------B   |
  |   |       |       |   |
5 |   |   B---.---.   |   |
  |   |   |       |   |   |
4 .---B---.       .---.---W
  |   |   |       |   |   |
3 |   |   .---.---.   |   |
  |   |       |       |   |
2 |   .-------B-------.   |
  |           |           |
1 W-----------W-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 5, black 5";

#[test]
fn a_double_mill_captures_one_piece() {
    let p = pos(DOUBLE_MILL);
    let g1: Vec<String> = legal(&p)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(g1, ["g1xb4", "g1xc5", "g1xd2", "g1xf6"]);
    assert!(matches!(
        "g1xd2xb4".parse::<Move>(),
        Err(boardgames_morris::ParseMoveError::Malformed { .. })
    ));
    let mut after = p;
    after.play(mv("g1xd2")).unwrap();
    assert_eq!(after.on_board(Player::Second), 3);
    assert_eq!(after.side_to_move(), Player::Second);
}

/// White has four pieces and slides; with one taken away, white flies while black, with
/// five, still slides.
const FLYING: &str = "
7 .-----------.-----------W
  |           |           |
6 |   .-------B-------B   |
  |   |       |       |   |
5 |   |   B---.---.   |   |
  |   |   |       |   |   |
4 .---B---.       W---.---.
  |   |   |       |   |   |
3 |   |   W---.---.   |   |
  |   |       |       |   |
2 |   .-------B-------.   |
  |           |           |
1 W-----------.-----------.
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0";

#[test]
fn only_the_side_with_three_pieces_flies() {
    let mut p = pos(FLYING);
    assert_eq!(p.phase(Player::First), Phase::Moving);
    assert_eq!(
        reason(&p, "a1-e5"),
        IllegalMove::NotAdjacent {
            from: pt("a1"),
            to: pt("e5")
        }
    );
    let mut setup = boardgames_morris::Setup::from(&p);
    setup.pieces.first = setup.pieces.first.without(pt("c3").index());
    p = setup.validate().unwrap();
    assert_eq!(p.phase(Player::First), Phase::Flying);
    assert_eq!(p.phase(Player::Second), Phase::Moving);
    assert_eq!(p.destinations(pt("a1")), p.empty_points());
    p.play(mv("a1-e5")).unwrap();
    // Black slides: d6 reaches b6, d5 and d7, not a far point.
    assert_eq!(names(p.destinations(pt("d6"))), ["b6", "d5", "d7"]);
    assert_eq!(
        reason(&p, "d6-a7"),
        IllegalMove::NotAdjacent {
            from: pt("d6"),
            to: pt("a7")
        }
    );
    p.play(mv("d6-d7")).unwrap();
    // A flight that closes a mill (e3-e4-e5) captures like any other move.
    assert!(p.forms_mill(Some(pt("g7")), pt("e3")));
    assert_eq!(
        reason(&p, "g7-e3"),
        IllegalMove::CaptureRequired { to: pt("e3") }
    );
    p.play(mv("g7-e3xd7")).unwrap();
    assert_eq!(p.on_board(Player::Second), 4);
}

#[test]
fn three_pieces_with_pieces_in_hand_is_still_placing() {
    let p = pos(SEED_EXAMPLE);
    assert_eq!(p.on_board(Player::First), 2);
    assert_eq!(p.phase(Player::First), Phase::Placing);
    assert_eq!(
        reason(&p, "a1-a4"),
        IllegalMove::MustPlace {
            player: Player::First
        }
    );
    assert_eq!(p.placement_points(), p.empty_points());
    assert_eq!(p.movable_pieces(), Points::EMPTY);
}

/// Black is down to three pieces; white closes a1-d1-g1 with a4-a1 and takes one.
const LAST_CAPTURE: &str = "
7 .-----------B-----------.
  |           |           |
6 |   W-------.-------.   |
  |   |       |       |   |
5 |   |   .---.---B   |   |
  |   |   |       |   |   |
4 W---.---.       .---.---.
  |   |   |       |   |   |
3 |   |   B---.---.   |   |
  |   |       |       |   |
2 |   .-------.-------.   |
  |           |           |
1 .-----------W-----------W
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0";

#[test]
fn fewer_than_three_pieces_loses() {
    let mut p = pos(LAST_CAPTURE);
    assert_eq!(p.status(), Status::Ongoing);
    p.play(mv("a4-a1xc3")).unwrap();
    assert_eq!(p.on_board(Player::Second), 2);
    assert_eq!(p.status(), Status::Won(Player::First));
    assert!(legal(&p).is_empty());
    assert_eq!(p.legal_move_count(), 0);
    assert_eq!(reason(&p, "d7-d6"), IllegalMove::GameOver);
    assert_eq!(p.placement_points(), Points::EMPTY);
    assert_eq!(p.destinations(pt("d7")), Points::EMPTY);
}

/// Black to move, every black piece hemmed in.
const BLOCKED: &str = "
7 B-----------B-----------B
  |           |           |
6 |   .-------W-------.   |
  |   |       |       |   |
5 |   |   .---.---.   |   |
  |   |   |       |   |   |
4 B---W---.       .---.---W
  |   |   |       |   |   |
3 |   |   .---.---W   |   |
  |   |       |       |   |
2 |   .-------.-------.   |
  |           |           |
1 W-----------.-----------.
  a   b   c   d   e   f   g
to move: black
in hand: white 0, black 0";

#[test]
fn a_blocked_player_loses() {
    let p = pos(BLOCKED);
    assert_eq!(p.status(), Status::Won(Player::First));
    assert!(legal(&p).is_empty());
    assert_eq!(p.movable_pieces(), Points::EMPTY);
    // The same board with white to move: white can move, black is not to move, no loss.
    let mut setup = boardgames_morris::Setup::from(&p);
    setup.side_to_move = Player::First;
    assert_eq!(setup.validate().unwrap().status(), Status::Ongoing);
}

/// Black's ninth piece goes to e3; then white, to move for the first time in the moving phase,
/// has no slide at all.
const BEFORE_LAST_PLACEMENT: &str = "
7 B-----------W-----------B
  |           |           |
6 |   W-------B-------.   |
  |   |       |       |   |
5 |   |   B---W---W   |   |
  |   |   |       |   |   |
4 .---B---W       W---B---.
  |   |   |       |   |   |
3 |   |   W---W---.   |   |
  |   |       |       |   |
2 |   .-------B-------W   |
  |           |           |
1 B-----------.-----------.
  a   b   c   d   e   f   g
to move: black
in hand: white 0, black 1";

#[test]
fn a_player_blocked_when_placement_ends_loses() {
    let mut p = pos(BEFORE_LAST_PLACEMENT);
    assert_eq!(p.phase(Player::First), Phase::Moving);
    assert_eq!(p.phase(Player::Second), Phase::Placing);
    assert_eq!(p.status(), Status::Ongoing);
    p.play(mv("e3")).unwrap();
    assert_eq!(p.phase(Player::Second), Phase::Moving);
    assert_eq!(p.side_to_move(), Player::First);
    assert_eq!(p.status(), Status::Won(Player::Second));
    assert!(legal(&p).is_empty());
}

/// White opens the mill a1-d1-g1 and closes it again two moves later.
const REFORM: &str = "
7 W-----------.-----------.
  |           |           |
6 |   .-------B-------.   |
  |   |       |       |   |
5 |   |   B---.---.   |   |
  |   |   |       |   |   |
4 .---.---W       .---B---.
  |   |   |       |   |   |
3 |   |   .---.---B   |   |
  |   |       |       |   |
2 |   B-------.-------.   |
  |           |           |
1 W-----------W-----------W
  a   b   c   d   e   f   g
to move: white
in hand: white 0, black 0";

#[test]
fn a_mill_opened_and_closed_again_captures_again() {
    let mut p = pos(REFORM);
    p.play(mv("g1-g4")).unwrap();
    p.play(mv("d6-d7")).unwrap();
    assert!(p.forms_mill(Some(pt("g4")), pt("g1")));
    assert_eq!(
        reason(&p, "g4-g1"),
        IllegalMove::CaptureRequired { to: pt("g1") }
    );
    p.play(mv("g4-g1xd7")).unwrap();
    assert_eq!(p.on_board(Player::Second), 4);
}

#[test]
fn errors_name_the_reason() {
    let p = pos(PROTECTED);
    assert_eq!(
        reason(&p, "d2-d3"),
        IllegalMove::NotYourPiece { from: pt("d2") }
    );
    assert_eq!(
        reason(&p, "c3-d3"),
        IllegalMove::NotYourPiece { from: pt("c3") }
    );
    assert_eq!(reason(&p, "a1-d1"), IllegalMove::Occupied { to: pt("d1") });
    assert_eq!(reason(&p, "a1-a1"), IllegalMove::Occupied { to: pt("a1") });
    assert_eq!(
        reason(&p, "a1-g7"),
        IllegalMove::NotAdjacent {
            from: pt("a1"),
            to: pt("g7")
        }
    );
    assert_eq!(
        reason(&p, "d3"),
        IllegalMove::NothingToPlace {
            player: Player::First
        }
    );
    let text = format!("{}", p.clone().play(mv("a1-g7")).unwrap_err());
    assert_eq!(
        text,
        "illegal move a1-g7: g7 is not adjacent to a1: with more than three pieces, a piece slides along a line to a neighbouring point"
    );
    // Malformed notation is a parse error with its own message.
    let err = Position::new().play_text("a1-d4").unwrap_err();
    assert!(matches!(err, InputError::Parse(_)));
    assert!(err.to_string().contains("d4 is not a point"), "{err}");
}

#[test]
fn position_is_small_and_copy() {
    fn copy<T: Copy>() {}
    copy::<Position>();
    assert!(std::mem::size_of::<Position>() <= 32);
    assert_eq!(std::mem::size_of::<Position>(), 24);
    assert_eq!(std::mem::size_of::<Move>(), 3);
}

#[test]
fn start_position_and_phases() {
    let p = Position::new();
    assert_eq!(p.side_to_move(), Player::First);
    for player in Player::ALL {
        assert_eq!(p.in_hand(player), 9);
        assert_eq!(p.on_board(player), 0);
        assert_eq!(p.phase(player), Phase::Placing);
    }
    assert_eq!(p.placement_points(), Points::FULL);
    assert_eq!(legal(&p).len(), 24);
    assert_eq!(p.max_remaining_plies(), None);
}
