//! Gomoku wins are found by the shortest way: a five in one, a double four in three, a
//! four-three in five; a four of the opponent's is blocked; and under Caro a five blocked at
//! both ends is no win, so the search does not count it.

use boardgames_core::{Game, MoveList, Player, Status};
use boardgames_gomoku::threat::LineShape;
use boardgames_gomoku::{Axis, Point, PointSet, Rule, Setup};
use boardgames_players::gomoku::{Class, GomokuEvaluator, SearchPosition};
use boardgames_search::{score, Evaluator, Limits, Proof, SearchResult, Searcher};

mod common;
use common::RULES;

fn points(names: &str) -> PointSet {
    names
        .split_whitespace()
        .map(|s| s.parse::<Point>().unwrap())
        .collect()
}

fn setup(size: u32, rule: Rule, black: &str, white: &str) -> SearchPosition {
    let (black, white) = (points(black), points(white));
    let to_move = if black.len() > white.len() {
        Player::Second
    } else {
        Player::First
    };
    let stones = boardgames_core::ByPlayer::new(black, white);
    let position = Setup {
        stones,
        to_move,
        size,
        rule,
    }
    .validate()
    .unwrap_or_else(|e| panic!("bad test position: {e}"));
    SearchPosition::new(position)
}

fn search(position: &SearchPosition, depth: u32) -> SearchResult<Point> {
    Searcher::new(GomokuEvaluator::new())
        .with_table_bytes(1 << 22)
        .search(position, &Limits::depth(depth))
}

fn names(moves: &[Point]) -> Vec<String> {
    moves.iter().map(|p| p.to_string()).collect()
}

/// Black: a four on row 5 (c5-f5) open at both ends; white has three stones on row 4.
const FOUR_BLACK: &str = "c5 d5 e5 f5";
const FOUR_WHITE: &str = "c4 d4 e4 a1";

#[test]
fn a_five_in_one_under_every_rule() {
    for rule in RULES {
        let position = setup(9, rule, FOUR_BLACK, FOUR_WHITE);
        let result = search(&position, 5);
        assert_eq!(result.proof, Some(Proof::Win), "{rule}");
        assert_eq!(result.plies_to_end(), Some(1), "{rule}");
        assert_eq!(result.score, score::win_in(1));
        let best = result.best_move.unwrap().to_string();
        assert!(best == "b5" || best == "g5", "{rule}: {best}");
        assert_eq!(result.depth, 1, "a win in one ends the deepening");
    }
}

#[test]
fn the_opponents_four_must_be_blocked() {
    // Black: a four on row 8 closed by white at d8 (its one completion is i8); white to move,
    // with nothing of its own.
    let position = setup(15, Rule::CARO, "e8 f8 g8 h8 c3", "d8 m12 m3 b13");
    assert_eq!(position.side_to_move(), Player::Second);
    assert_eq!(position.count(Player::First, Class::Five), 1);
    // The evaluator narrows white's moves to the block.
    let mut moves = MoveList::new();
    GomokuEvaluator::new().search_moves(&position, &mut moves);
    assert_eq!(names(&moves), ["i8"]);
    let result = search(&position, 4);
    assert_eq!(result.best_move.unwrap().to_string(), "i8");
    assert_ne!(result.proof, Some(Proof::Loss));
    // Any other move loses at once: black's reply is a five.
    let elsewhere = position.position().parse_move("h9").unwrap();
    let mut child = position.clone();
    child.play(elsewhere).unwrap();
    let reply = search(&child, 3);
    assert_eq!(reply.plies_to_end(), Some(1));
    assert_eq!(reply.proof, Some(Proof::Win));
}

/// Black: a closed three on row 8 (white at d8) and one on column h (white at h4); h8 makes
/// two fours.
const DOUBLE_FOUR_BLACK: &str = "e8 f8 g8 h5 h6 h7";
const DOUBLE_FOUR_WHITE: &str = "d8 h4 a1 c1 n2 b14";

#[test]
fn a_double_four_wins_in_three() {
    for rule in [Rule::CARO, Rule::STANDARD, Rule::FREESTYLE, Rule::CARO6] {
        let position = setup(15, rule, DOUBLE_FOUR_BLACK, DOUBLE_FOUR_WHITE);
        let result = search(&position, 7);
        assert_eq!(result.proof, Some(Proof::Win), "{rule}");
        assert_eq!(result.plies_to_end(), Some(3), "{rule}");
        assert_eq!(result.best_move.unwrap().to_string(), "h8", "{rule}");
        assert_eq!(result.pv.len(), 3, "{rule}: {:?}", names(&result.pv));
        // The line is played out: the last move wins.
        let mut line = position.clone();
        for mv in &result.pv {
            line.play(*mv).unwrap();
        }
        assert_eq!(line.status(), Status::Won(Player::First));
        // White, facing the double four, loses in two.
        let mut after = position.clone();
        after.play(result.best_move.unwrap()).unwrap();
        let defence = search(&after, 6);
        assert_eq!(defence.proof, Some(Proof::Loss), "{rule}");
        assert_eq!(defence.score, score::loss_in(2));
    }
}

/// Black: a closed three on row 8 (white at d8) and two stones on column h (h6, h7) with
/// room on both sides: h8 makes a four and an open three.
const FOUR_THREE_BLACK: &str = "e8 f8 g8 h6 h7";
const FOUR_THREE_WHITE: &str = "d8 a1 c1 n2 b14";

#[test]
fn a_four_three_wins_in_five_and_nothing_quicker() {
    // Unoptimised builds search slowly: one rule there, three under the release profile.
    let rules = if cfg!(debug_assertions) {
        &[Rule::CARO][..]
    } else {
        &[Rule::CARO, Rule::STANDARD, Rule::FREESTYLE]
    };
    for &rule in rules {
        let position = setup(15, rule, FOUR_THREE_BLACK, FOUR_THREE_WHITE);
        let result = search(&position, 5);
        assert_eq!(result.proof, Some(Proof::Win), "{rule}");
        assert_eq!(
            result.plies_to_end(),
            Some(5),
            "{rule}: {:?}",
            names(&result.pv)
        );
        assert_eq!(result.best_move.unwrap().to_string(), "h8", "{rule}");
        // Three plies are not enough: a shallower search proves nothing.
        let shallow = search(&position, 4);
        assert_eq!(shallow.proof, None, "{rule}");
    }
}

#[test]
fn under_caro_a_five_blocked_at_both_ends_is_no_win() {
    // Black c5-f5 with white at b5 and h5: g5 makes an exact five blocked at both ends.
    let black = "c5 d5 e5 f5 k10";
    let white = "b5 h5 m2 b12 n14";
    let g5: Point = "g5".parse().unwrap();
    for rule in [Rule::CARO, Rule::CARO5, Rule::CARO6] {
        let position = setup(15, rule, black, white);
        assert_eq!(
            position.threats(Player::First, g5).line(Axis::Horizontal),
            LineShape::BlockedFive
        );
        assert_eq!(position.count(Player::First, Class::Five), 0, "{rule}");
        let result = search(&position, 3);
        assert_ne!(result.proof, Some(Proof::Win), "{rule}");
        assert_eq!(result.plies_to_end(), None, "{rule}");
        let mut child = position.clone();
        child.play(g5).unwrap();
        assert_eq!(child.status(), Status::Ongoing, "{rule}");
    }
    // The same stones under the standard rule: g5 wins at once.
    let position = setup(15, Rule::STANDARD, black, white);
    let result = search(&position, 3);
    assert_eq!(result.best_move, Some(g5));
    assert_eq!(result.plies_to_end(), Some(1));
}

#[test]
fn under_caro_the_edge_blocks_but_not_under_caro5() {
    // Black a1-d1: e1 makes a five between the edge and white's f1.
    let black = "a1 b1 c1 d1 k10";
    let white = "f1 m2 b12 n14 h13";
    let e1: Point = "e1".parse().unwrap();
    let caro = search(&setup(15, Rule::CARO, black, white), 3);
    assert_eq!(caro.plies_to_end(), None);
    let caro5 = search(&setup(15, Rule::CARO5, black, white), 3);
    assert_eq!(caro5.best_move, Some(e1));
    assert_eq!(caro5.plies_to_end(), Some(1));
}
