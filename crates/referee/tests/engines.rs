//! The `search` op's engines and threads: `"engine": "alphabeta"`
//! (the default) or `"mcts"`, `"threads"`, and the MCTS answer's `simulations` and `micros`.

use boardgames_referee::answer;
use serde_json::Value;

fn legal(game: &str, options: &str, moves: &str) -> Vec<String> {
    let reply = answer(&format!(
        r#"{{"op":"state","game":"{game}","options":{options},"moves":{moves}}}"#
    ));
    reply["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

fn search(game: &str, options: &str, moves: &str, fields: &str) -> Value {
    answer(&format!(
        r#"{{"op":"search","game":"{game}","options":{options},"moves":{moves},{fields}}}"#
    ))
}

/// MCTS in every game answers a legal move with its simulations and time.
#[test]
fn mcts_in_every_game() {
    let games = [
        ("tictactoe", "{}", r#"["b2"]"#),
        ("ultimate", "{}", r#"["55","51"]"#),
        (
            "gomoku",
            r#"{"size":9,"rule":"freestyle"}"#,
            r#"["e5","e6"]"#,
        ),
        ("morris", "{}", r#"["d2","d6"]"#),
        (
            "morris",
            r#"{"draw_rule":{"threefold":true,"quiet_moves":50}}"#,
            "[]",
        ),
    ];
    for (game, options, moves) in games {
        for threads in [1, 2] {
            let fields = format!(r#""engine":"mcts","simulations":300,"threads":{threads}"#);
            let reply = search(game, options, moves, &fields);
            let mv = reply["move"]
                .as_str()
                .unwrap_or_else(|| panic!("{game}: {reply}"));
            assert!(
                legal(game, options, moves).contains(&mv.to_owned()),
                "{game}: {reply}"
            );
            let simulations = reply["simulations"].as_u64().unwrap();
            assert!((1..=300).contains(&simulations), "{game}: {reply}");
            assert!(reply["micros"].is_u64(), "{reply}");
            assert!(reply["value"].as_f64().unwrap().abs() <= 1.0);
            assert_eq!(reply["pv"][0], reply["move"]);
        }
    }
}

/// The MCTS solver proves a win in one and reports it, as alpha-beta does.
#[test]
fn mcts_proves_a_win() {
    // X: b2, a1; O: c1, a2 ... X to move wins with c3 (a1-b2-c3).
    let moves = r#"["b2","c1","a1","a2"]"#;
    let mcts = search(
        "tictactoe",
        "{}",
        moves,
        r#""engine":"mcts","simulations":5000"#,
    );
    assert_eq!(mcts["move"], "c3", "{mcts}");
    assert_eq!(mcts["result"], "win");
    let ab = search(
        "tictactoe",
        "{}",
        moves,
        r#""engine":"alphabeta","depth":9"#,
    );
    assert_eq!(ab["move"], "c3");
    assert_eq!(ab["result"], "win");
}

/// Alpha-beta with two threads answers as with one (same fields, a legal move, the depth).
#[test]
fn alpha_beta_threads() {
    for threads in [1, 2] {
        let fields = format!(r#""depth":4,"threads":{threads}"#);
        let reply = search("ultimate", "{}", r#"["55"]"#, &fields);
        assert_eq!(reply["depth"], 4, "{reply}");
        let mv = reply["move"].as_str().unwrap().to_owned();
        assert!(legal("ultimate", "{}", r#"["55"]"#).contains(&mv));
        assert!(reply.get("simulations").is_none());
    }
}

/// Bad engine settings are refused with the reason.
#[test]
fn bad_engine_settings() {
    let error = |fields: &str| search("tictactoe", "{}", "[]", fields)["error"].clone();
    assert_eq!(
        error(r#""engine":"minimax""#),
        r#"unknown engine "minimax": the engines are "alphabeta" and "mcts""#
    );
    assert_eq!(
        error(r#""engine":3"#),
        r#""engine" must be a string, got 3"#
    );
    assert_eq!(
        error(r#""threads":0"#),
        r#""threads" must be from 1 to 256"#
    );
    assert_eq!(
        error(r#""threads":1000"#),
        r#""threads" must be from 1 to 256"#
    );
    assert_eq!(
        error(r#""simulations":10"#),
        r#""simulations" is a limit of "engine": "mcts""#
    );
    assert!(error(r#""engine":"mcts","depth":3"#)
        .as_str()
        .unwrap()
        .starts_with(r#""depth" is a limit of "engine": "alphabeta""#));
    let opening = search(
        "gomoku",
        r#"{"opening":"swap"}"#,
        "[]",
        r#""engine":"mcts","simulations":10"#,
    );
    assert!(opening["error"]
        .as_str()
        .unwrap()
        .starts_with("\"search\" starts once the opening is over"));
    assert!(error(r#""engine":"mcts","Threads":2"#)
        .as_str()
        .unwrap()
        .starts_with("unknown field \"Threads\""));
}
