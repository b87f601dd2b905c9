//! The JSON API over HTTP: every endpoint and referee op, every error class, the caps and the
//! pool's `503`.

mod common;

use common::{client, start, Client};
use hyper::StatusCode;
use serde_json::{json, Value};

/// Posts and expects `status`; answers the JSON body.
async fn expect(c: &mut Client, path: &str, body: Value, status: StatusCode) -> Value {
    let reply = c.post(path, &body).await;
    let json = reply.json();
    assert_eq!(reply.status, status, "{path} {body} -> {json}");
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    json
}

async fn ok(c: &mut Client, path: &str, body: Value) -> Value {
    expect(c, path, body, StatusCode::OK).await
}

async fn invalid(c: &mut Client, path: &str, body: Value) -> Value {
    let answer = expect(c, path, body, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert!(answer["error"].is_string(), "{answer}");
    answer
}

#[tokio::test]
async fn every_referee_op_answers() {
    let mut c = client().await;
    let state = ok(
        &mut c,
        "/api/referee",
        json!({"game":"tictactoe","moves":["b2","a1"]}),
    )
    .await;
    assert_eq!(state["to_move"], "first");
    assert_eq!(state["legal"].as_array().unwrap().len(), 7);
    // A first move in board b's cell c sends the reply to board c: 8 cells free when c == b.
    let perft = ok(
        &mut c,
        "/api/referee",
        json!({"op":"perft","game":"ultimate","depth":2}),
    )
    .await;
    assert_eq!(perft["nodes"], 9 * (8 + 8 * 9));
    // The games of tic-tac-toe that last all nine moves.
    let perft = ok(
        &mut c,
        "/api/referee",
        json!({"op":"perft","game":"tictactoe","depth":9}),
    )
    .await;
    assert_eq!(perft["nodes"], 127_872);
    let playouts = ok(
        &mut c,
        "/api/referee",
        json!({"op":"playouts","game":"morris","count":20,"seed":3}),
    )
    .await;
    let total = ["first", "second", "draw", "ongoing"]
        .iter()
        .map(|k| playouts[k].as_u64().unwrap_or(0))
        .sum::<u64>();
    assert_eq!(total, 20);
    let search = ok(
        &mut c,
        "/api/referee",
        json!({"op":"search","game":"tictactoe","depth":9}),
    )
    .await;
    assert_eq!(search["result"], "draw");
    assert!(search.get("clamped").is_none(), "{search}");
    let mcts = ok(
        &mut c,
        "/api/referee",
        json!({"op":"search","game":"gomoku","engine":"mcts","simulations":200}),
    )
    .await;
    assert!(mcts["simulations"].as_u64().unwrap() <= 200);
    let record = "[Game \"tictactoe\"]\n\n1. b2 a1 *";
    let replayed = ok(
        &mut c,
        "/api/referee",
        json!({"op":"record","game":"tictactoe","text":record}),
    )
    .await;
    assert_eq!(replayed["moves"], 2);
    let played = ok(
        &mut c,
        "/api/referee",
        json!({"op":"match","game":"tictactoe","actions":["b2",{"resign":"second"}]}),
    )
    .await;
    assert_eq!(
        (played["status"].as_str(), played["reason"].as_str()),
        (Some("first"), Some("resignation"))
    );
}

#[tokio::test]
async fn referee_errors_are_422_with_the_referees_json() {
    let mut c = client().await;
    let bad = invalid(
        &mut c,
        "/api/referee",
        json!({"game":"tictactoe","moves":["b2","a1","b2"]}),
    )
    .await;
    assert_eq!(bad["ply"], 2);
    assert!(
        bad["error"]
            .as_str()
            .unwrap()
            .contains("already has a mark"),
        "{bad}"
    );
    let op = invalid(
        &mut c,
        "/api/referee",
        json!({"op":"fly","game":"tictactoe"}),
    )
    .await;
    assert!(op["error"].as_str().unwrap().contains("unknown op"), "{op}");
    let game = invalid(&mut c, "/api/referee", json!({"game":"chess"})).await;
    assert!(game["error"].as_str().unwrap().contains("unknown game"));
    let field = invalid(
        &mut c,
        "/api/referee",
        json!({"op":"search","game":"tictactoe","Depth":3}),
    )
    .await;
    assert!(field["error"].as_str().unwrap().contains("Depth"));
    let limit = invalid(
        &mut c,
        "/api/referee",
        json!({"op":"search","game":"tictactoe","millis":-5}),
    )
    .await;
    assert!(
        limit["error"].as_str().unwrap().contains("millis"),
        "{limit}"
    );
    let not_object = invalid(&mut c, "/api/referee", json!([1, 2])).await;
    assert!(
        not_object["error"].as_str().unwrap().contains("map")
            || not_object["error"].as_str().unwrap().contains("object"),
        "{not_object}"
    );
}

#[tokio::test]
async fn malformed_json_is_400_and_a_missing_content_type_415() {
    let mut c = client().await;
    let reply = c.post_raw("/api/view", b"{\"game\": ".to_vec()).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .starts_with("malformed JSON"));
    let reply = c
        .send(hyper::Method::POST, "/api/view", &[], b"{}".to_vec())
        .await
        .unwrap();
    assert_eq!(reply.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(reply.json()["error"].is_string());
}

#[tokio::test]
async fn an_oversized_body_is_413_json() {
    let mut c = client().await;
    let moves: Vec<String> = (0..20_000).map(|_| "a1".to_owned()).collect();
    let body = json!({"game":"gomoku","moves":moves})
        .to_string()
        .into_bytes();
    assert!(body.len() > boardgames_web::BODY_LIMIT);
    let reply = c.post_raw("/api/view", body).await;
    assert_eq!(reply.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(reply.json()["error"].as_str().unwrap().contains("limit"));
    // The server goes on serving.
    assert_eq!(c.get("/health").await.status, StatusCode::OK);
}

#[tokio::test]
async fn absurd_search_limits_are_clamped_and_said_so() {
    let mut c = client().await;
    let body = json!({"op":"search","game":"ultimate","millis":1_000_000_000u64,"threads":64,"depth":1000,"nodes":20_000});
    let answer = ok(&mut c, "/api/referee", body).await;
    let clamped: Vec<&str> = answer["clamped"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for field in ["millis", "threads", "depth"] {
        assert!(clamped.contains(&field), "{answer}");
    }
    assert!(answer["nodes"].as_u64().unwrap() < 40_000, "{answer}");
    let zero_threads = ok(
        &mut c,
        "/api/referee",
        json!({"op":"search","game":"tictactoe","depth":2,"threads":0}),
    )
    .await;
    assert_eq!(zero_threads["clamped"], json!(["threads"]));
    let deep = invalid(
        &mut c,
        "/api/referee",
        json!({"op":"perft","game":"gomoku","depth":4}),
    )
    .await;
    assert!(
        deep["error"].as_str().unwrap().contains("at most 3"),
        "{deep}"
    );
    let many = invalid(
        &mut c,
        "/api/referee",
        json!({"op":"playouts","game":"gomoku","count":1_000_000}),
    )
    .await;
    assert!(many["error"].as_str().unwrap().contains("2000"), "{many}");
    let long = ok(
        &mut c,
        "/api/referee",
        json!({"op":"playouts","game":"tictactoe","count":2,"max_plies":1_000_000}),
    )
    .await;
    assert_eq!(long["clamped"], json!(["max_plies"]));
}

/// Plays each game to its end through `/api/view`, always the `k`-th legal move, checking
/// the view at every step against itself.
#[tokio::test]
async fn views_stay_consistent_through_whole_games() {
    let mut c = client().await;
    let games = [
        ("tictactoe", json!({})),
        ("ultimate", json!({})),
        ("morris", json!({"draw_rule": {"quiet_moves": 30}})),
        ("gomoku", json!({"size": 9, "rule": "freestyle"})),
    ];
    for (game, options) in games {
        let mut moves: Vec<String> = Vec::new();
        loop {
            let view = ok(
                &mut c,
                "/api/view",
                json!({"game":game,"options":options,"moves":moves}),
            )
            .await;
            check_view(game, &view, &moves);
            let legal = view["legal"].as_array().unwrap();
            if view["status"] != "ongoing" {
                assert!(legal.is_empty());
                break;
            }
            let pick = (moves.len() * 7 + 3) % legal.len();
            moves.push(legal[pick].as_str().unwrap().to_owned());
            assert!(moves.len() < 400, "{game} never ends");
        }
    }
}

fn check_view(game: &str, view: &Value, moves: &[String]) {
    assert_eq!(view["ply"], moves.len());
    assert_eq!(view["last_move"].as_str(), moves.last().map(String::as_str));
    let cells = view["cells"].as_object().unwrap();
    if matches!(game, "tictactoe" | "gomoku" | "ultimate") {
        assert_eq!(cells.len(), moves.len(), "{view}");
    }
    let ongoing = view["status"] == "ongoing";
    assert_eq!(view["to_move"].is_null(), !ongoing);
    for line in view["lines"].as_array().unwrap() {
        assert!(!ongoing);
        let owners: Vec<&Value> = line
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                if game == "ultimate" {
                    &view["boards"][c.as_str().unwrap().parse::<usize>().unwrap() - 1]["result"]
                } else {
                    &cells[c.as_str().unwrap()]
                }
            })
            .collect();
        assert!(owners.iter().all(|o| **o == view["status"]), "{view}");
    }
    if view["reason"] == "line" || view["reason"] == "five" {
        assert!(!view["lines"].as_array().unwrap().is_empty(), "{view}");
    }
    if game == "ultimate" {
        for board in view["boards"].as_array().unwrap() {
            if let Some(line) = board["line"].as_array() {
                assert!(
                    line.iter()
                        .all(|c| cells[c.as_str().unwrap()] == board["result"]),
                    "{board}"
                );
            }
        }
    }
    if game == "morris" {
        for side in ["first", "second"] {
            let placed = 9 - view["in_hand"][side].as_u64().unwrap();
            let on_board = view["on_board"][side].as_u64().unwrap();
            assert_eq!(placed, on_board + view["captured"][side].as_u64().unwrap());
        }
    }
}

#[tokio::test]
async fn views_of_each_game() {
    let mut c = client().await;
    let ttt = ok(
        &mut c,
        "/api/view",
        json!({"game":"tictactoe","moves":["a1","b1","b2","c1","c3"]}),
    )
    .await;
    assert_eq!(
        (ttt["status"].as_str(), ttt["reason"].as_str()),
        (Some("first"), Some("line"))
    );
    let mut line: Vec<&str> = ttt["lines"][0]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    line.sort();
    assert_eq!(line, ["a1", "b2", "c3"]);
    let ultimate = ok(
        &mut c,
        "/api/view",
        json!({"game":"ultimate","moves":["55","51"]}),
    )
    .await;
    assert_eq!(ultimate["forced_board"], 1);
    assert_eq!(ultimate["boards"][0]["playable"], true);
    assert_eq!(ultimate["boards"][4]["playable"], false);
    let morris = ok(
        &mut c,
        "/api/view",
        json!({"game":"morris","moves":["a1","b2","d1","d2","g1xb2"]}),
    )
    .await;
    assert_eq!(morris["mills"]["first"].as_array().unwrap().len(), 3);
    assert_eq!(morris["captured"]["second"], 1);
    assert_eq!(morris["phase"]["first"], "placing");
    let swap2 = ok(
        &mut c,
        "/api/view",
        json!({"game":"gomoku","options":{"opening":"swap2"},"moves":["h8","a1","i8"]}),
    )
    .await;
    assert_eq!(swap2["step"], "choose_colour_or_place2");
    assert_eq!(swap2["colours"]["black"], Value::Null);
    assert_eq!(swap2["legal"], json!(["black", "white", "place2"]));
    assert!(swap2["step_text"].as_str().unwrap().contains("place2"));
}

#[tokio::test]
async fn renju_views_give_blacks_forbidden_points_with_the_crates_reasons() {
    let mut c = client().await;
    let moves = ["d6", "k10", "d5", "k12", "b4", "m10", "e4", "m12"];
    let view = ok(
        &mut c,
        "/api/view",
        json!({"game":"gomoku","options":{"rule":"renju"},"moves":moves}),
    )
    .await;
    let forbidden = view["forbidden"].as_array().unwrap();
    let d4 = forbidden
        .iter()
        .find(|f| f["point"] == "d4")
        .expect("d4 is forbidden");
    assert_eq!(d4["kind"], "double_three");
    assert_eq!(d4["reason"], "a double three on b4-e4 and d4-d6");
    assert_eq!(d4["lines"], json!(["b4-e4", "d4-d6"]));
    assert!(!view["legal"].as_array().unwrap().contains(&json!("d4")));
    assert_eq!(view["forbidden_for"], "first");
    let caro = ok(&mut c, "/api/view", json!({"game":"gomoku","moves":moves})).await;
    assert_eq!(caro["forbidden"], json!([]));
}

#[tokio::test]
async fn view_errors_name_the_bad_move_action_or_field() {
    let mut c = client().await;
    let bad = invalid(
        &mut c,
        "/api/view",
        json!({"game":"ultimate","moves":["55","11"]}),
    )
    .await;
    assert_eq!(bad["ply"], 1);
    let action = invalid(
        &mut c,
        "/api/view",
        json!({"game":"tictactoe","moves":["b2"],"actions":[{"accept":"first"}]}),
    )
    .await;
    assert_eq!(action["action"], 0);
    let field = invalid(&mut c, "/api/view", json!({"game":"tictactoe","mvoes":[]})).await;
    assert!(field["error"].as_str().unwrap().contains("mvoes"));
    let option = invalid(
        &mut c,
        "/api/view",
        json!({"game":"gomoku","options":{"size":99}}),
    )
    .await;
    assert!(
        option["error"].as_str().unwrap().contains("size"),
        "{option}"
    );
}

#[tokio::test]
async fn computer_moves_at_every_level_and_engine() {
    let mut c = client().await;
    let games = [
        ("tictactoe", json!({}), vec!["b2"]),
        ("ultimate", json!({}), vec!["55"]),
        ("morris", json!({}), vec!["d1"]),
        ("gomoku", json!({}), vec!["h8"]),
        ("gomoku", json!({"opening":"swap2"}), vec!["h8", "a1", "i8"]),
    ];
    for (game, options, moves) in games {
        for level in ["beginner", "normal", "expert"] {
            let body = json!({"game":game,"options":options,"moves":moves,"level":level,"seed":5});
            let answer = ok(&mut c, "/api/move", body.clone()).await;
            let again = ok(&mut c, "/api/move", body).await;
            assert_eq!(
                answer["move"], again["move"],
                "a seeded level repeats its move"
            );
            let mut after = moves.clone();
            after.push(answer["move"].as_str().unwrap());
            ok(
                &mut c,
                "/api/view",
                json!({"game":game,"options":options,"moves":after}),
            )
            .await;
        }
    }
    let ab = ok(
        &mut c,
        "/api/move",
        json!({"game":"ultimate","engine":"alphabeta","millis":100}),
    )
    .await;
    assert!(ab["score"].is_number() && ab["move"].is_string(), "{ab}");
    let mcts = ok(
        &mut c,
        "/api/move",
        json!({"game":"morris","engine":"mcts","millis":100,"threads":9}),
    )
    .await;
    assert!(mcts["value"].is_number());
    assert_eq!(mcts["clamped"], json!(["threads"]));
    let hint = ok(
        &mut c,
        "/api/hint",
        json!({"game":"tictactoe","moves":["a1","b1","b2"]}),
    )
    .await;
    assert_eq!(hint["move"], "c3", "the hint blocks the diagonal");
}

#[tokio::test]
async fn computer_move_errors() {
    let mut c = client().await;
    let over = invalid(
        &mut c,
        "/api/move",
        json!({"game":"tictactoe","moves":["a1","b1","b2","c1","c3"]}),
    )
    .await;
    assert!(over["error"].as_str().unwrap().contains("over"));
    invalid(
        &mut c,
        "/api/move",
        json!({"game":"tictactoe","level":"normal","engine":"mcts"}),
    )
    .await;
    let level = invalid(
        &mut c,
        "/api/move",
        json!({"game":"tictactoe","level":"grandmaster"}),
    )
    .await;
    assert!(level["error"].as_str().unwrap().contains("grandmaster"));
    let engine = invalid(
        &mut c,
        "/api/move",
        json!({"game":"tictactoe","engine":"deep-blue"}),
    )
    .await;
    assert!(engine["error"].as_str().unwrap().contains("deep-blue"));
    invalid(
        &mut c,
        "/api/move",
        json!({"game":"tictactoe","level":"normal","millis":5}),
    )
    .await;
    let bad = invalid(
        &mut c,
        "/api/move",
        json!({"game":"morris","moves":["d1","d1"]}),
    )
    .await;
    assert_eq!(bad["ply"], 1);
    invalid(
        &mut c,
        "/api/move",
        json!({"game":"gomoku","options":{"opening":"swap2"},"engine":"alphabeta"}),
    )
    .await;
}

#[tokio::test]
async fn the_computer_accepts_a_level_draw_and_declines_a_won_game() {
    let mut c = client().await;
    let level = ok(
        &mut c,
        "/api/draw",
        json!({"game":"tictactoe","moves":["b2"],"by":"second"}),
    )
    .await;
    assert_eq!(level["accept"], true, "{level}");
    assert_eq!(
        level["actions"],
        json!([{"offer":"second"},{"accept":"first"}])
    );
    let agreed = ok(
        &mut c,
        "/api/view",
        json!({"game":"tictactoe","moves":["b2"],"actions":level["actions"]}),
    )
    .await;
    assert_eq!(
        (agreed["status"].as_str(), agreed["reason"].as_str()),
        (Some("draw"), Some("agreement"))
    );
    // X (the computer) has a double threat.
    let won = ok(
        &mut c,
        "/api/draw",
        json!({"game":"tictactoe","moves":["a1","b1","b2","c3","a3"],"by":"second"}),
    )
    .await;
    assert_eq!(won["accept"], false, "{won}");
    assert_eq!(won["actions"][1], json!({"decline":"first"}));
    invalid(
        &mut c,
        "/api/draw",
        json!({"game":"tictactoe","moves":["b2"],"by":"third"}),
    )
    .await;
    invalid(
        &mut c,
        "/api/draw",
        json!({"game":"tictactoe","moves":["a1","b1","b2","c1","c3"],"by":"second"}),
    )
    .await;
}

#[tokio::test]
async fn records_export_and_import_round_trip() {
    let mut c = client().await;
    let games = [
        (
            "tictactoe",
            json!({}),
            json!(["b2", "a1"]),
            json!([{"resign":"second"}]),
        ),
        (
            "ultimate",
            json!({"tiebreak":"boards_won"}),
            json!(["55", "51"]),
            json!([]),
        ),
        (
            "morris",
            json!({"draw_rule":{"threefold":true,"quiet_moves":40}}),
            json!(["d1", "d2"]),
            json!([{"offer":"first"},{"accept":"second"}]),
        ),
        (
            "gomoku",
            json!({"size":15,"rule":"renju"}),
            json!(["h8", "h9", "i8"]),
            json!([]),
        ),
        (
            "gomoku",
            json!({"size":15,"rule":"caro","opening":"swap2"}),
            json!(["h8", "a1", "i8", "white"]),
            json!([]),
        ),
    ];
    for (game, options, moves, actions) in games {
        let body = json!({"game":game,"options":options,"moves":moves,"actions":actions,"tags":{"First":"Ann","Date":"2026.12.05"}});
        let exported = ok(&mut c, "/api/record/export", body).await;
        let text = exported["record"].as_str().unwrap();
        assert!(text.contains("[First \"Ann\"]"), "{text}");
        assert_eq!(
            exported["psq"].is_string(),
            game == "gomoku" && options.get("opening").is_none()
        );
        let imported = ok(&mut c, "/api/record/import", json!({"text":text})).await;
        assert_eq!(imported["game"], game);
        assert_eq!(imported["moves"], moves);
        assert_eq!(imported["actions"], actions, "{imported}");
        for (key, value) in options.as_object().unwrap() {
            assert_eq!(&imported["options"][key], value, "{imported}");
        }
    }
}

#[tokio::test]
async fn psq_files_export_and_import() {
    let mut c = client().await;
    let exported = ok(
        &mut c,
        "/api/record/export",
        json!({"game":"gomoku","moves":["h8","h9","i8"]}),
    )
    .await;
    let psq = exported["psq"].as_str().unwrap();
    assert!(psq.starts_with("Piskvorky 15x15"), "{psq}");
    let imported = ok(
        &mut c,
        "/api/record/import",
        json!({"text":psq,"rule":"standard"}),
    )
    .await;
    assert_eq!(imported["moves"], json!(["h8", "h9", "i8"]));
    assert_eq!(imported["options"]["rule"], "standard");
    let off = invalid(
        &mut c,
        "/api/record/import",
        json!({"text":"Piskvorky 15x15, 11:11, 0\n8,8,0\n99,1,0\n-1\n"}),
    )
    .await;
    assert_eq!(off["line"], 3, "{off}");
}

#[tokio::test]
async fn bad_records_name_the_move_or_line() {
    let mut c = client().await;
    let bad_move = invalid(
        &mut c,
        "/api/record/import",
        json!({"text":"[Game \"tictactoe\"]\n\n1. b2 b2 *"}),
    )
    .await;
    assert_eq!(bad_move["ply"], 1, "{bad_move}");
    let syntax = invalid(
        &mut c,
        "/api/record/import",
        json!({"text":"[Game \"tictactoe\"]\n[Broken\n\n1. b2 *"}),
    )
    .await;
    assert_eq!(syntax["line"], 2, "{syntax}");
    let no_game = invalid(&mut c, "/api/record/import", json!({"text":"1. b2 *"})).await;
    assert!(no_game["error"].as_str().unwrap().contains("Game"));
    invalid(
        &mut c,
        "/api/record/export",
        json!({"game":"tictactoe","tags":{"Result":"1-0"}}),
    )
    .await;
}

/// With one worker and no queue, a second search while the first runs is refused at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_answers_503_with_retry_after() {
    let addr = start(boardgames_web::Config {
        workers: 1,
        queue: 0,
        ..Default::default()
    })
    .await;
    let slow = json!({"op":"search","game":"gomoku","millis":1500});
    let first = tokio::spawn(async move {
        let mut c = Client::new(addr);
        c.post("/api/referee", &slow).await
    });
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut c = Client::new(addr);
    let busy = c
        .post(
            "/api/move",
            &json!({"game":"gomoku","engine":"alphabeta","millis":1500}),
        )
        .await;
    assert_eq!(busy.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert!(busy.json()["error"].as_str().unwrap().contains("busy"));
    // Views do not need the pool.
    let view = c.post("/api/view", &json!({"game":"gomoku"})).await;
    assert_eq!(view.status, StatusCode::OK);
    assert_eq!(first.await.unwrap().status, StatusCode::OK);
    // Once the worker is free, searches are served again.
    let after = c
        .post("/api/move", &json!({"game":"tictactoe","level":"beginner"}))
        .await;
    assert_eq!(after.status, StatusCode::OK);
}

#[tokio::test]
async fn a_fallen_flag_loses_on_time_in_views_records_and_imports() {
    let mut c = client().await;
    let game = json!({"game":"gomoku","moves":["h8","h9"],"actions":["i8",{"flag":"second"}]});
    let view = ok(&mut c, "/api/view", game.clone()).await;
    assert_eq!(
        (view["status"].as_str(), view["reason"].as_str()),
        (Some("first"), Some("time"))
    );
    assert_eq!(view["legal"], json!([]));
    assert_eq!(view["to_move"], Value::Null);
    let exported = ok(&mut c, "/api/record/export", game).await;
    let text = exported["record"].as_str().unwrap();
    assert!(
        text.contains("[Reason \"time\"]") && text.contains("1-0"),
        "{text}"
    );
    let imported = ok(&mut c, "/api/record/import", json!({"text":text})).await;
    assert_eq!(imported["moves"], json!(["h8", "h9", "i8"]));
    assert_eq!(imported["actions"], json!([{"flag":"second"}]));
    assert_eq!(imported["reason"], "time");
    // Only the side to move's clock runs; a flag ends the game, so it comes last.
    let not_running = invalid(
        &mut c,
        "/api/view",
        json!({"game":"tictactoe","moves":["b2"],"actions":[{"flag":"first"}]}),
    )
    .await;
    assert_eq!(not_running["action"], 0);
    let not_last = invalid(
        &mut c,
        "/api/view",
        json!({"game":"tictactoe","actions":[{"flag":"first"},"b2"]}),
    )
    .await;
    assert_eq!(not_last["action"], 0);
    let over = invalid(
        &mut c,
        "/api/view",
        json!({"game":"tictactoe","moves":["b2"],"actions":[{"resign":"first"},{"flag":"second"}]}),
    )
    .await;
    assert_eq!(over["action"], 1);
}

#[tokio::test]
async fn computer_moves_follow_the_actions() {
    let mut c = client().await;
    let declined = json!([{"offer":"second"},{"decline":"first"},"a1"]);
    let body = json!({"game":"tictactoe","moves":["b2"],"actions":declined,"level":"expert"});
    let answer = ok(&mut c, "/api/move", body).await;
    let mv = answer["move"].as_str().unwrap();
    assert!(!["b2", "a1"].contains(&mv), "{answer}");
    let resigned = json!({"game":"tictactoe","moves":["b2"],"actions":[{"resign":"second"}],"level":"beginner"});
    let over = invalid(&mut c, "/api/move", resigned).await;
    assert!(over["error"].as_str().unwrap().contains("over"), "{over}");
    let engine = json!({"game":"tictactoe","moves":["b2"],"actions":["a1","c3"],"engine":"alphabeta","millis":50});
    let answer = ok(&mut c, "/api/move", engine).await;
    // X's b2 and c3 fork at a3 or c1 next: O must take one of them.
    assert!(
        ["a3", "c1"].contains(&answer["move"].as_str().unwrap()),
        "{answer}"
    );
}
