//! The serde forms (feature `serde`): moves as `BC` strings, positions as their diagram text
//! (validated again on load), rules as plain data.
#![cfg(feature = "serde")]

use boardgames_core::{random_position, Rng};
use boardgames_ultimate::{Move, Position, Rules, TieBreak};

#[test]
fn moves_are_notation_strings() {
    let mv: Move = "53".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"53\"");
    assert_eq!(serde_json::from_str::<Move>("\"53\"").unwrap(), mv);
    let err = serde_json::from_str::<Move>("\"50\"").unwrap_err();
    assert!(
        err.to_string().contains("cell '0' is not a digit 1-9"),
        "{err}"
    );
}

#[test]
fn positions_are_validated_diagrams() {
    let start = Position::with_rules(Rules::default().with_tie_break(TieBreak::BoardsWon));
    let pos = random_position(start, 30, &mut Rng::new(8));
    assert_eq!(pos.occupied().count(), 30);
    let json = serde_json::to_string(&pos).unwrap();
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    // An edited diagram with an extra X is rejected on load.
    let edited = json.replacen('.', "X", 1);
    let err = serde_json::from_str::<Position>(&edited).unwrap_err();
    assert!(err.to_string().contains("impossible position"), "{err}");
}

#[test]
fn rules_are_plain_data_with_the_seed_default() {
    let rules = Rules::default().with_tie_break(TieBreak::BoardsWon);
    let json = serde_json::to_string(&rules).unwrap();
    assert_eq!(json, r#"{"tie_break":"boards_won"}"#);
    assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
    assert_eq!(
        serde_json::from_str::<Rules>("{}").unwrap(),
        Rules::STANDARD
    );
    assert!(serde_json::from_str::<Rules>(r#"{"tiebreak":"none"}"#).is_err());
}

#[test]
fn tie_breaks_are_their_names() {
    for t in TieBreak::ALL {
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, format!("\"{}\"", t.name()));
        assert_eq!(serde_json::from_str::<TieBreak>(&json).unwrap(), t);
    }
    let err = serde_json::from_str::<TieBreak>(r#""most""#).unwrap_err();
    assert!(err.to_string().contains("unknown tie-break"), "{err}");
}
