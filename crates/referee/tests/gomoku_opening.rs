//! The referee answering gomoku games under an opening rule: seats and colours in `state`,
//! the non-stone moves in `moves` and `legal`, errors for openings that do not fit, perft,
//! playouts and search.

use boardgames_referee::answer;
use serde_json::{json, Value};

fn ask(request: Value) -> Value {
    answer(&request.to_string())
}

fn state(opening: &str, rule: &str, moves: &[&str]) -> Value {
    ask(json!({
        "op": "state", "game": "gomoku",
        "options": {"rule": rule, "size": 15, "opening": opening},
        "moves": moves,
    }))
}

#[test]
fn swap2_state_reports_seats_colours_and_the_choice() {
    let reply = state("swap2", "standard", &["h8", "h9", "i9"]);
    assert_eq!(reply["to_move"], "second");
    assert_eq!(reply["step"], "choose_colour_or_place2");
    assert_eq!(reply["colours"], json!({"black": null, "white": null}));
    assert_eq!(reply["legal"], json!(["black", "white", "place2"]));
    let reply = state("swap2", "standard", &["h8", "h9", "i9", "black"]);
    // The second seat took black, so the first seat is white and plays move 4.
    assert_eq!(
        reply["colours"],
        json!({"black": "second", "white": "first"})
    );
    assert_eq!(reply["to_move"], "first");
    assert_eq!(reply["step"], "play");
    assert_eq!(reply["legal"].as_array().unwrap().len(), 222);
}

#[test]
fn a_win_under_an_opening_names_the_seat() {
    let moves = [
        "a1", "b1", "a15", "black", "h8", "o1", "h9", "o2", "h10", "o3", "h11", "o4", "h12",
    ];
    let reply = state("swap2", "freestyle", &moves);
    // White made five, and white is the first seat.
    assert_eq!(reply["status"], "first");
    assert_eq!(reply["to_move"], Value::Null);
    assert_eq!(reply["colours"]["white"], "first");
}

#[test]
fn soosorv8_offers_appear_in_state_and_bad_actions_get_a_ply() {
    let moves = [
        "h8",
        "h9",
        "j10",
        "white",
        "g9",
        "declare:2",
        "white",
        "offer:k11",
    ];
    let reply = state("soosorv8", "renju", &moves);
    assert_eq!(reply["step"], "offer");
    assert_eq!(reply["offers"], json!(["k11"]));
    // The first seat (black) chose white at the second swap: the second seat offers.
    assert_eq!(reply["to_move"], "second");
    assert_eq!(reply["colours"]["black"], "second");
    let reply = state(
        "soosorv8",
        "renju",
        &["h8", "h9", "j10", "white", "g9", "declare:9"],
    );
    assert_eq!(reply["ply"], 5);
    assert!(
        reply["error"].as_str().unwrap().contains("1 to 8"),
        "{reply}"
    );
    let reply = state("soosorv8", "renju", &["h8", "h9", "a1"]);
    assert_eq!(reply["ply"], 2);
    assert!(
        reply["error"].as_str().unwrap().contains("central 5x5"),
        "{reply}"
    );
    let reply = state("taraguchi10", "renju", &["h8", "swap"]);
    assert_eq!(reply["ply"], 1);
    assert!(
        reply["error"].as_str().unwrap().contains("unknown action"),
        "{reply}"
    );
}

#[test]
fn every_opening_answers_and_bad_options_are_refused() {
    for opening in [
        "pro",
        "long_pro",
        "swap",
        "swap2",
        "soosorv8",
        "taraguchi10",
    ] {
        let reply = state(opening, "renju", &[]);
        assert_eq!(reply["status"], "ongoing", "{opening}: {reply}");
        assert_eq!(reply["to_move"], "first");
        let reply = ask(json!({
            "op": "playouts", "game": "gomoku",
            "options": {"opening": opening}, "moves": [], "count": 20, "seed": 1,
        }));
        assert_eq!(reply["count"], 20, "{opening}: {reply}");
    }
    let reply =
        ask(json!({"game": "gomoku", "options": {"size": 7, "opening": "pro"}, "moves": []}));
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("does not fit a 7x7"),
        "{reply}"
    );
    let reply = ask(json!({"game": "gomoku", "options": {"opening": "yamaguchi"}, "moves": []}));
    assert!(
        reply["error"].as_str().unwrap().contains("unknown opening"),
        "{reply}"
    );
    let reply = ask(json!({"game": "gomoku", "options": {"opening": 3}, "moves": []}));
    assert!(
        reply["error"]
            .as_str()
            .unwrap()
            .contains("\"opening\" must be"),
        "{reply}"
    );
    let reply =
        ask(json!({"game": "gomoku", "options": {"opening": "swap", "colour": 1}, "moves": []}));
    assert!(
        reply["error"].as_str().unwrap().contains("\"opening\""),
        "{reply}"
    );
    // Without the option the answer is the plain game's, with no colours.
    let reply = ask(json!({"game": "gomoku", "moves": ["h8"]}));
    assert!(reply.get("colours").is_none());
}

#[test]
fn perft_and_search_run_on_an_opening_game() {
    let reply = ask(json!({
        "op": "perft", "game": "gomoku", "options": {"opening": "taraguchi10", "rule": "renju"},
        "moves": [], "depth": 3,
    }));
    assert_eq!(reply["nodes"], 16);
    let reply = ask(json!({
        "op": "search", "game": "gomoku", "options": {"opening": "swap"},
        "moves": ["h8", "h9", "i8", "white"], "depth": 2,
    }));
    assert!(reply["move"].is_string(), "{reply}");
    let reply = ask(json!({
        "op": "search", "game": "gomoku", "options": {"opening": "swap"},
        "moves": ["h8"], "depth": 2,
    }));
    assert!(
        reply["error"].as_str().unwrap().contains("opening is over"),
        "{reply}"
    );
}
