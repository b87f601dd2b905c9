//! Replays the recorded tic-tac-toe games of `tests/conformance/` (from an independent
//! implementation): the legal set before every move, then the final status.

use boardgames_core::traces::{check_traces, no_options};
use boardgames_tictactoe::Position;

const TRACES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/tictactoe.jsonl"
));

#[test]
fn recorded_games_agree() {
    let games = check_traces("tictactoe.jsonl", TRACES, no_options(Position::new));
    assert_eq!(games, 200);
}

#[test]
#[should_panic(expected = "legal moves differ")]
fn a_wrong_legal_list_is_caught() {
    let bad =
        r#"{"game":"tictactoe","steps":[{"legal":["a1","b2"],"move":"b2"}],"result":"ongoing"}"#;
    check_traces("bad", bad, no_options(Position::new));
}

#[test]
#[should_panic(expected = "final status")]
fn a_wrong_result_is_caught() {
    let bad = r#"{"game":"tictactoe","steps":[{"move":"b2"}],"result":"first"}"#;
    check_traces("bad", bad, no_options(Position::new));
}

#[test]
#[should_panic(expected = "unexpected options")]
fn options_for_a_game_without_any_are_refused() {
    let bad = r#"{"game":"tictactoe","options":{"size":4},"steps":[],"result":"ongoing"}"#;
    check_traces("bad", bad, no_options(Position::new));
}
