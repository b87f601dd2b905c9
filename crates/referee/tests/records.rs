//! The `record` and `match` operations: records replayed with their errors named, and match
//! actions (resign, draw offers) checked.

use boardgames_referee::answer;
use serde_json::{json, Value};

fn record(game: &str, text: &str) -> Value {
    answer(&json!({ "op": "record", "game": game, "text": text }).to_string())
}

#[test]
fn a_record_answers_its_final_state() {
    let reply = record("tictactoe", "[Game \"tictactoe\"]\n\n1. b2 a1 2. c3 *");
    assert_eq!(reply["status"], "ongoing");
    assert_eq!(reply["to_move"], "second");
    assert_eq!(reply["moves"], 3);
    assert_eq!(reply["legal"].as_array().unwrap().len(), 6);
    let won = "[Game \"gomoku\"]\n[Size \"9\"]\n[Rule \"freestyle\"]\n[Result \"1-0\"]\n[Reason \"five\"]\n\n\
               1. a1 a9 2. b1 b9 3. c1 c9 4. d1 d9 5. e1 1-0";
    let reply = record("gomoku", won);
    assert_eq!(reply["status"], "first");
    assert_eq!(reply["reason"], "five");
    assert_eq!(reply["to_move"], Value::Null);
    let resigned = "[Game \"morris\"]\n[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. a1 0-1";
    let reply = record("morris", resigned);
    assert_eq!(
        (reply["status"].as_str(), reply["reason"].as_str()),
        (Some("second"), Some("resignation"))
    );
    let reply = record(
        "ultimate",
        "[Game \"ultimate\"]\n[TieBreak \"boards_won\"]\n\n1. 55 *",
    );
    assert_eq!(reply["to_move"], "second");
}

#[test]
fn a_bad_record_names_the_ply_or_the_header() {
    let reply = record("tictactoe", "[Game \"tictactoe\"]\n\n1. b2 b2 *");
    assert_eq!(reply["ply"], 1);
    assert!(reply["error"].as_str().unwrap().contains("b2"), "{reply}");
    let reply = record("tictactoe", "[Game \"gomoku\"]\n\n*");
    assert!(reply.get("ply").is_none());
    assert!(
        reply["error"].as_str().unwrap().starts_with("tag Game"),
        "{reply}"
    );
    let reply = record("tictactoe", "[Game tictactoe]\n\n*");
    assert!(
        reply["error"].as_str().unwrap().starts_with("line 1"),
        "{reply}"
    );
    let reply = record("morris", "");
    assert!(
        reply["error"].as_str().unwrap().contains("needs \"text\""),
        "{reply}"
    );
    let reply = answer(r#"{"op":"record","game":"tictactoe","text":"*","moves":["b2"]}"#);
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("from the record's text"),
        "{reply}"
    );
    let reply = answer(r#"{"op":"record","game":"tictactoe","txt":"*"}"#);
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("unknown field \"txt\""),
        "{reply}"
    );
    let reply = record("chess", "*");
    assert!(
        reply["error"].as_str().unwrap().starts_with("unknown game"),
        "{reply}"
    );
}

fn play(game: &str, actions: Value) -> Value {
    answer(&json!({ "op": "match", "game": game, "actions": actions }).to_string())
}

#[test]
fn match_actions_draw_resign_and_refuse() {
    let reply = play(
        "tictactoe",
        json!(["b2", "a1", {"offer": "first"}, {"accept": "second"}]),
    );
    assert_eq!(
        (reply["status"].as_str(), reply["reason"].as_str()),
        (Some("draw"), Some("agreement"))
    );
    assert_eq!(reply["legal"], json!([]));
    // The record it answers replays to the same end.
    let again = record("tictactoe", reply["record"].as_str().unwrap());
    assert_eq!(
        (again["status"].as_str(), again["reason"].as_str()),
        (Some("draw"), Some("agreement"))
    );

    let reply = play("gomoku", json!(["h8", {"offer": "second"}]));
    assert_eq!(reply["offer"], "second");
    let reply = play("morris", json!(["a1", {"resign": "second"}, "d1"]));
    assert_eq!(reply["action"], 2);
    assert_eq!(reply["ply"], 1);
    assert!(reply["error"].as_str().unwrap().contains("over"), "{reply}");
    let reply = play("ultimate", json!([{"accept": "first"}]));
    assert_eq!(reply["action"], 0);
    assert!(reply.get("ply").is_none());
    assert!(
        reply["error"].as_str().unwrap().contains("no draw offer"),
        "{reply}"
    );
    let reply = play("tictactoe", json!([{"shrug": "first"}]));
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .starts_with("unknown action"),
        "{reply}"
    );
    let reply = play("tictactoe", json!([{"resign": "third"}]));
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("\"first\" or \"second\""),
        "{reply}"
    );
    let reply = play("tictactoe", json!("b2"));
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("must be an array"),
        "{reply}"
    );
}

#[test]
fn match_keeps_the_options_and_the_moves_before_the_actions() {
    let request = json!({
        "op": "match", "game": "morris",
        "options": {"draw_rule": {"threefold": true}},
        "moves": ["a1", "a4"],
        "actions": [{"resign": "first"}],
    });
    let reply = answer(&request.to_string());
    assert_eq!(reply["moves"], 2);
    assert_eq!(reply["status"], "second");
    assert!(
        reply["record"]
            .as_str()
            .unwrap()
            .contains("[Threefold \"yes\"]"),
        "{reply}"
    );
    // Under an opening rule the opening's actions are moves, in records too.
    let request = json!({"op": "match", "game": "gomoku", "options": {"opening": "swap"},
        "actions": ["h8", "h9", "j10", "white", {"resign": "second"}]});
    let reply = answer(&request.to_string());
    assert_eq!(reply["status"], "first", "{reply}");
    let again = record("gomoku", reply["record"].as_str().unwrap());
    assert_eq!(
        (again["status"].as_str(), again["moves"].as_u64()),
        (Some("first"), Some(4))
    );
    let request = json!({"op": "match", "game": "tictactoe", "moves": ["b2", "b2"]});
    assert_eq!(answer(&request.to_string())["ply"], 1);
}
