//! serde forms: a cell is its notation, a position its diagram, validated again on load.
#![cfg(feature = "serde")]

use boardgames_tictactoe::{Cell, Position};

#[test]
fn cell_is_its_notation() {
    let cell: Cell = "b2".parse().unwrap();
    assert_eq!(serde_json::to_string(&cell).unwrap(), "\"b2\"");
    assert_eq!(
        serde_json::from_str::<Cell>("\"c1\"").unwrap().to_string(),
        "c1"
    );
    assert!(serde_json::from_str::<Cell>("\"d4\"").is_err());
    assert!(serde_json::from_str::<Cell>("7").is_err());
}

#[test]
fn position_is_its_validated_diagram() {
    let pos: Position = "XO./.X./..O".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"XO./.X./..O\"");
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let err = serde_json::from_str::<Position>("\"OOO/.../...\"").unwrap_err();
    assert!(err.to_string().contains("O has more marks than X"), "{err}");
}
