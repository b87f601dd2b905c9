//! The serde forms (feature `serde`): moves and points as notation, positions as setup data
//! validated again on reading.
#![cfg(feature = "serde")]

use boardgames_core::{Game, Rng};
use boardgames_morris::{DrawRules, Move, Point, Position, Rules};

#[test]
fn moves_and_points_are_notation() {
    let mv: Move = "a4-a1xd2".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), r#""a4-a1xd2""#);
    assert_eq!(serde_json::from_str::<Move>(r#""a4-a1xd2""#).unwrap(), mv);
    assert!(serde_json::from_str::<Move>(r#""a4-d4""#).is_err());
    let p: Point = serde_json::from_str(r#""e5""#).unwrap();
    assert_eq!(p.to_string(), "e5");
}

#[test]
fn positions_round_trip_and_are_validated_on_reading() {
    let mut pos = Position::new();
    let mut rng = Rng::new(11);
    for _ in 0..40 {
        let Some(mv) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play(mv).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.zobrist(), pos.zobrist());
    }
    let start = serde_json::to_value(Position::new()).unwrap();
    assert_eq!(start["in_hand"]["first"], 9);
    assert_eq!(start["to_move"], "first");
    // Ten white pieces: refused, with the problem named.
    let bad = r#"{"white":["a1","d1","g1","a4","g4","a7","d7","g7","b2","d2"],"black":[],
                  "in_hand":{"first":0,"second":0},"to_move":"first"}"#;
    let err = serde_json::from_str::<Position>(bad).unwrap_err();
    assert!(
        err.to_string().contains("white has more than nine"),
        "{err}"
    );
}

#[test]
fn rule_options_are_plain_data() {
    let rules = DrawRules {
        threefold: true,
        quiet_moves: Some(50),
    };
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(serde_json::from_str::<DrawRules>(&json).unwrap(), rules);
    let r: Rules = serde_json::from_str(r#"{"flying":false}"#).unwrap();
    assert!(!r.flying);
}
