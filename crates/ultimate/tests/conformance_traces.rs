//! Replays the recorded ultimate games of `tests/conformance/` (200 uniformly random games
//! from OpenSpiel 2.0.2, an independent implementation): the legal set before every move, then
//! the final status, through the shared trace reader of board-core.

use boardgames_core::traces::{check_traces, no_options};
use boardgames_core::{Game, MoveList};
use boardgames_ultimate::Position;

const TRACES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ultimate.jsonl"
));

#[test]
fn recorded_games_agree() {
    let games = check_traces("ultimate.jsonl", TRACES, no_options(Position::new));
    assert_eq!(games, 200);
}

#[test]
fn the_legal_move_count_agrees_with_the_list_along_the_recorded_games() {
    // The count is kept incrementally (and perft relies on it): check it on every step.
    let mut moves = MoveList::new();
    for line in TRACES.lines().filter(|l| !l.trim().is_empty()) {
        let trace: serde_json::Value = serde_json::from_str(line).unwrap();
        let mut pos = Position::new();
        for step in trace["steps"].as_array().unwrap() {
            pos.legal_moves(&mut moves);
            assert_eq!(pos.legal_move_count(), moves.len(), "\n{pos}");
            pos.play(pos.parse_move(step["move"].as_str().unwrap()).unwrap())
                .unwrap();
        }
        assert_eq!(pos.legal_move_count(), 0);
    }
}

#[test]
#[should_panic(expected = "legal moves differ")]
fn a_wrong_legal_list_is_caught() {
    let bad = r#"{"game":"ultimate","steps":[{"move":"53"},{"legal":["31","32"],"move":"31"}],"result":"ongoing"}"#;
    check_traces("bad", bad, no_options(Position::new));
}
