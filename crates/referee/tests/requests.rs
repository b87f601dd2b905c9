//! The referee's request handling, called directly: the answers of good requests and the
//! errors of bad ones (malformed JSON, unknown op, game, field or option, bad moves with `ply`).

use boardgames_referee::answer;
use serde_json::Value;

/// The error text of an answer, failing the test when the answer is not an error.
fn error_of(reply: &Value) -> &str {
    reply["error"]
        .as_str()
        .unwrap_or_else(|| panic!("expected an error, got {reply}"))
}

#[test]
fn state_lists_the_legal_moves_and_the_side_to_move() {
    let reply = answer(r#"{"op":"state","game":"tictactoe","moves":["b2","a1"]}"#);
    assert_eq!(reply["status"], "ongoing");
    assert_eq!(reply["to_move"], "first");
    let legal = reply["legal"].as_array().expect("a legal list");
    assert_eq!(legal.len(), 7);
    assert!(!legal.contains(&Value::from("b2")));
}

#[test]
fn op_defaults_to_state() {
    let with = answer(r#"{"op":"state","game":"morris","moves":["d1"]}"#);
    let without = answer(r#"{"game":"morris","moves":["d1"]}"#);
    assert_eq!(with, without);
    assert_eq!(with["to_move"], "second");
}

#[test]
fn perft_counts_the_sequences() {
    let reply = answer(r#"{"op":"perft","game":"tictactoe","moves":[],"depth":2}"#);
    assert_eq!(reply["nodes"], 72);
}

#[test]
fn malformed_json_is_an_error() {
    for line in [r#"{"op":"state","game":"#, "not json", "{}}", ""] {
        let reply = answer(line);
        assert!(
            error_of(&reply).starts_with("malformed JSON"),
            "{line:?}: {reply}"
        );
    }
}

#[test]
fn a_request_must_be_an_object_with_a_game() {
    assert_eq!(
        error_of(&answer("[1,2]")),
        "a request must be a JSON object"
    );
    assert_eq!(error_of(&answer(r#"{"op":"state"}"#)), "missing \"game\"");
    assert!(error_of(&answer(r#"{"game":3}"#)).contains("\"game\" must be a string"));
    assert!(error_of(&answer(r#"{"game":"gomoku","options":[]}"#)).contains("must be an object"));
    assert!(error_of(&answer(r#"{"game":"gomoku","moves":"h8"}"#)).contains("must be an array"));
}

#[test]
fn unknown_op_and_game_are_named() {
    let reply = answer(r#"{"op":"stat","game":"tictactoe"}"#);
    assert!(error_of(&reply).contains("unknown op \"stat\""), "{reply}");
    let reply = answer(r#"{"op":"state","game":"chess"}"#);
    assert!(
        error_of(&reply).contains("unknown game \"chess\""),
        "{reply}"
    );
}

#[test]
fn unknown_top_level_fields_are_named() {
    // The typo of the protocol's "Additions": a capital D must not silently do nothing.
    let reply = answer(r#"{"op":"perft","game":"tictactoe","moves":[],"Depth":3}"#);
    assert!(
        error_of(&reply).contains("unknown field \"Depth\""),
        "{reply}"
    );
    // A field of another operation is unknown to this one.
    let reply = answer(r#"{"op":"state","game":"tictactoe","depth":3}"#);
    assert!(
        error_of(&reply).contains("unknown field \"depth\""),
        "{reply}"
    );
    let reply = answer(r#"{"op":"playouts","game":"morris","count":1,"sed":4}"#);
    assert!(
        error_of(&reply).contains("unknown field \"sed\""),
        "{reply}"
    );
    // Every field of the operation is accepted.
    let reply = answer(r#"{"op":"playouts","game":"morris","count":2,"seed":4,"max_plies":10}"#);
    assert_eq!(reply["count"], 2, "{reply}");
}

#[test]
fn unknown_options_are_named_in_every_game() {
    let cases = [
        (r#"{"game":"tictactoe","options":{"size":3}}"#, "\"size\""),
        (
            r#"{"game":"ultimate","options":{"tie_break":"none"}}"#,
            "\"tie_break\"",
        ),
        (r#"{"game":"gomoku","options":{"Size":15}}"#, "\"Size\""),
        (r#"{"game":"morris","options":{"draw":"none"}}"#, "\"draw\""),
        (
            r#"{"game":"morris","options":{"draw_rule":{"threefld":true}}}"#,
            "\"threefld\"",
        ),
    ];
    for (line, field) in cases {
        let reply = answer(line);
        let message = error_of(&reply);
        assert!(message.contains(field), "{line}: {message}");
        assert!(message.contains("unknown"), "{line}: {message}");
    }
}

#[test]
fn bad_option_values_are_errors() {
    let reply = answer(r#"{"game":"gomoku","options":{"size":4}}"#);
    assert!(reply.get("error").is_some(), "{reply}");
    let reply = answer(r#"{"game":"gomoku","options":{"rule":"chess"}}"#);
    assert!(reply.get("error").is_some(), "{reply}");
    let reply = answer(r#"{"game":"morris","options":{"draw_rule":{"quiet_moves":0}}}"#);
    assert!(error_of(&reply).contains("quiet_moves"), "{reply}");
}

#[test]
fn an_illegal_move_names_its_ply() {
    let reply = answer(r#"{"game":"tictactoe","moves":["b2","a1","b2"]}"#);
    assert_eq!(reply["ply"], 2, "{reply}");
    assert!(error_of(&reply).contains("b2"), "{reply}");
    let reply = answer(r#"{"game":"ultimate","moves":["55","11"]}"#);
    assert_eq!(reply["ply"], 1, "{reply}");
    let reply = answer(r#"{"game":"morris","moves":["d1","d1"]}"#);
    assert_eq!(reply["ply"], 1, "{reply}");
}

#[test]
fn a_malformed_move_names_its_ply() {
    let reply = answer(r#"{"game":"gomoku","moves":["h8","z99"]}"#);
    assert_eq!(reply["ply"], 1, "{reply}");
    let reply = answer(r#"{"game":"tictactoe","moves":[""]}"#);
    assert_eq!(reply["ply"], 0, "{reply}");
    // A move that is not even a string.
    let reply = answer(r#"{"game":"tictactoe","moves":["b2",7]}"#);
    assert_eq!(reply["ply"], 1, "{reply}");
    assert!(error_of(&reply).contains("must be a string"), "{reply}");
}

#[test]
fn a_move_after_the_end_is_refused_with_its_ply() {
    let reply = answer(r#"{"game":"tictactoe","moves":["a1","a2","b1","b2","c1","c2"]}"#);
    assert_eq!(reply["ply"], 5, "{reply}");
}

#[test]
fn numeric_fields_must_be_non_negative_integers() {
    let reply = answer(r#"{"op":"perft","game":"tictactoe","depth":-1}"#);
    assert!(error_of(&reply).contains("\"depth\""), "{reply}");
    let reply = answer(r#"{"op":"perft","game":"tictactoe"}"#);
    assert!(error_of(&reply).contains("needs \"depth\""), "{reply}");
    let reply = answer(r#"{"op":"playouts","game":"tictactoe","count":"9"}"#);
    assert!(error_of(&reply).contains("\"count\""), "{reply}");
}
