//! The serde forms (feature `serde`): moves and points as notation, positions as their diagram
//! validated again on reading, setups and rules as plain data.
#![cfg(feature = "serde")]

use boardgames_core::{random_position, Game, Player, Rng};
use boardgames_morris::{DrawRules, Move, Point, Position, Rules, Setup, SetupProblems};

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
fn positions_are_validated_diagrams() {
    let mut pos = Position::new();
    let mut rng = Rng::new(11);
    for _ in 0..40 {
        let Some(mv) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play(mv).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(
            serde_json::from_str::<String>(&json).unwrap(),
            pos.to_string()
        );
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.zobrist(), pos.zobrist());
    }
    // Three white pieces more on the board than nine in hand allow: refused, the problem named.
    let text = Position::new()
        .to_string()
        .replace("1 .-----------.", "1 W-----------W");
    let err = serde_json::from_str::<Position>(&serde_json::to_string(&text).unwrap()).unwrap_err();
    assert!(
        err.to_string().contains("white has more than nine"),
        "{err}"
    );
}

#[test]
fn setups_are_plain_data_validated_by_the_caller() {
    let pos = random_position(Position::new(), 25, &mut Rng::new(4));
    let setup = Setup::from(&pos);
    let json = serde_json::to_value(setup).unwrap();
    assert_eq!(json["in_hand"]["first"], pos.in_hand(Player::First));
    assert_eq!(json["side_to_move"], "second");
    assert_eq!(serde_json::from_value::<Setup>(json).unwrap(), setup);
    // Ten white pieces read as a setup, and refused by its validation with the problem named.
    let bad = r#"{"white":["a1","d1","g1","a4","g4","a7","d7","g7","b2","d2"],"black":[],
                  "in_hand":{"first":0,"second":0},"side_to_move":"first"}"#;
    let err = serde_json::from_str::<Setup>(bad)
        .unwrap()
        .validate()
        .unwrap_err();
    assert!(
        err.problems().contains(SetupProblems::TOO_MANY_WHITE),
        "{err}"
    );
    assert!(serde_json::from_str::<Setup>(r#"{"to_move":"first"}"#).is_err());
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
