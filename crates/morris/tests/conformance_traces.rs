//! Replays the recorded morris games of `tests/conformance/` (from OpenSpiel, and from an
//! independent mobility-minimising player whose games mostly end by blockade): the legal set
//! before every move, then the final status. Games OpenSpiel stopped at its turn cap are
//! recorded as `ongoing`.

use boardgames_core::traces::check_traces;
use boardgames_morris::Position;

fn start(options: &serde_json::Map<String, serde_json::Value>) -> Result<Position, String> {
    if options.is_empty() {
        Ok(Position::new())
    } else {
        Err(format!("unexpected options {options:?}"))
    }
}

#[test]
fn openspiel_random_games_agree() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/conformance/morris.jsonl"
    ));
    assert_eq!(check_traces("morris.jsonl", text, start), 200);
}

#[test]
fn blockade_games_agree() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/conformance/morris_blocked.jsonl"
    ));
    assert_eq!(check_traces("morris_blocked.jsonl", text, start), 30);
}

#[test]
#[should_panic(expected = "legal moves differ")]
fn a_wrong_legal_list_is_caught() {
    let bad = r#"{"game":"morris","steps":[{"legal":["a1","d1"],"move":"a1"}],"result":"ongoing"}"#;
    check_traces("bad", bad, start);
}
