//! The friend games' API: create, join, act, watch over a WebSocket, the seats' tokens, the
//! clocks and the sweep, the caps; and the real binary killed with SIGKILL in the middle of
//! a game, restarted on the same database, the game going on with no acknowledged move lost.

mod common;

use boardgames_web::{Config, FriendConfig};
use common::{start, Client, Reply};
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A server whose friend games are swept every 20 ms, with these changes.
async fn server(change: impl FnOnce(&mut FriendConfig)) -> SocketAddr {
    let mut config = Config::default();
    config.friend.sweep = Duration::from_millis(20);
    change(&mut config.friend);
    start(config).await
}

/// Creates a game; answers its id and the creator's token.
async fn create(c: &mut Client, body: Value) -> (String, String) {
    let reply = c.post("/api/friend", &body).await;
    assert_eq!(reply.status, 200, "{:?}", reply.json());
    let answer = reply.json();
    (
        answer["id"].as_str().unwrap().to_owned(),
        answer["token"].as_str().unwrap().to_owned(),
    )
}

/// Takes the free seat; answers it and its token.
async fn join(c: &mut Client, id: &str) -> (String, String) {
    let joined = c
        .post(&format!("/api/friend/{id}/join"), &json!({}))
        .await
        .json();
    let text = |field: &str| joined[field].as_str().expect(field).to_owned();
    (text("seat"), text("token"))
}

async fn act(c: &mut Client, id: &str, body: Value) -> Reply {
    c.post(&format!("/api/friend/{id}/act"), &body).await
}

async fn play(c: &mut Client, id: &str, token: &str, mv: &str) -> Value {
    let reply = act(c, id, json!({"token": token, "move": mv})).await;
    assert_eq!(reply.status, 200, "{mv}: {:?}", reply.json());
    reply.json()
}

async fn watch(addr: SocketAddr, id: &str) -> Socket {
    let url = format!("ws://{addr}/api/friend/{id}/ws");
    tokio_tungstenite::connect_async(url)
        .await
        .expect("the WebSocket")
        .0
}

/// The next state a watcher receives (within 5 s).
async fn next_state(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a state within 5 s")
            .expect("an open socket")
            .expect("a message");
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).expect("JSON");
        }
    }
}

/// The first state a watcher receives in which the game is over.
async fn until_over(socket: &mut Socket) -> Value {
    loop {
        let state = next_state(socket).await;
        if state["view"]["status"] != "ongoing" {
            return state;
        }
    }
}

#[tokio::test]
async fn two_seats_play_to_the_end_and_a_spectator_sees_every_move() {
    let addr = server(|_| {}).await;
    let mut c = Client::new(addr);
    let (id, first) = create(&mut c, json!({"game": "tictactoe"})).await;
    let (seat, second) = join(&mut c, &id).await;
    assert_eq!(seat, "second");
    assert_ne!(first, second);
    assert_eq!(first.len(), 32, "128 bits in hex");
    let full = c.post(&format!("/api/friend/{id}/join"), &json!({})).await;
    assert_eq!(full.status, 409);
    assert!(full.json()["error"].as_str().unwrap().contains("watch"));
    let mut spectator = watch(addr, &id).await;
    let start = next_state(&mut spectator).await;
    assert_eq!(start["view"]["to_move"], "first");
    assert_eq!(start["seats"], json!({"first": true, "second": true}));
    assert!(start.get("tokens").is_none() && !start.to_string().contains(&first));
    for (token, mv) in [
        (&first, "b2"),
        (&second, "a1"),
        (&first, "c3"),
        (&second, "a3"),
    ] {
        let answer = play(&mut c, &id, token, mv).await;
        let seen = next_state(&mut spectator).await;
        assert_eq!(seen, answer, "the watcher gets the state the mover got");
        assert_eq!(seen["view"]["last_move"], mv);
    }
    // Out of turn, a stranger, a spectator's guess, a broken token: refused, nothing changes.
    let out_of_turn = act(&mut c, &id, json!({"token": second, "move": "c1"})).await;
    assert_eq!(
        (
            out_of_turn.status.as_u16(),
            out_of_turn.json()["version"].clone()
        ),
        (409, json!(4))
    );
    for token in [
        "0".repeat(32),
        String::new(),
        format!("{first}0"),
        first[..31].to_owned(),
    ] {
        let stranger = act(&mut c, &id, json!({"token": token, "move": "a2"})).await;
        assert_eq!(stranger.status, 403, "{token:?}");
    }
    let occupied = act(&mut c, &id, json!({"token": first, "move": "a1"})).await;
    assert_eq!(occupied.status, 422);
    assert_eq!(occupied.json()["ply"], 4);
    let stale = act(
        &mut c,
        &id,
        json!({"token": first, "move": "a2", "version": 3}),
    )
    .await;
    assert_eq!(stale.status, 409);
    let won = play(&mut c, &id, &first, "b3").await;
    assert_eq!(next_state(&mut spectator).await["version"], 5);
    let end = play(&mut c, &id, &second, "a2").await;
    assert_eq!(end["view"]["status"], "second");
    assert_eq!(end["view"]["reason"], "line");
    assert_eq!(won["view"]["status"], "ongoing");
    let after = act(&mut c, &id, json!({"token": first, "move": "b1"})).await;
    assert_eq!(after.status, 409);
    assert_eq!(c.get(&format!("/api/friend/{id}")).await.json(), end);
}

#[tokio::test]
async fn resignations_and_draw_offers_go_through_the_referee() {
    let addr = server(|_| {}).await;
    let mut c = Client::new(addr);
    let (id, first) = create(
        &mut c,
        json!({"game": "morris", "side": "second", "options": {"draw_rule": "none"}}),
    )
    .await;
    let second = first;
    let (seat, first) = join(&mut c, &id).await;
    assert_eq!(seat, "first");
    play(&mut c, &id, &first, "d1").await;
    let offer = act(&mut c, &id, json!({"token": second, "action": "offer"}))
        .await
        .json();
    assert_eq!(offer["view"]["offer"], "second");
    let early = act(&mut c, &id, json!({"token": second, "action": "accept"})).await;
    assert_eq!(early.status, 422, "{:?}", early.json());
    assert!(early.json().get("action").is_some());
    let agreed = act(&mut c, &id, json!({"token": first, "action": "accept"}))
        .await
        .json();
    assert_eq!(
        (
            agreed["view"]["status"].clone(),
            agreed["view"]["reason"].clone()
        ),
        (json!("draw"), json!("agreement"))
    );
    let (id, first) = create(
        &mut c,
        json!({"game": "ultimate", "options": {"tiebreak": "boards_won"}}),
    )
    .await;
    let resigned = act(&mut c, &id, json!({"token": first, "action": "resign"}))
        .await
        .json();
    assert_eq!(resigned["view"]["status"], "second");
    assert!(resigned["view"]["record"]
        .as_str()
        .unwrap()
        .contains("resignation"));
    let bad = act(&mut c, &id, json!({"token": first, "action": "undo"})).await;
    assert_eq!(bad.status, 409, "the game is over first");
}

#[tokio::test]
async fn bad_requests_get_typed_errors() {
    let addr = server(|config| config.games_per_client = 2).await;
    let mut c = Client::new(addr);
    let cases = [
        (json!({"game": "chess"}), 422),
        (json!({"game": "gomoku", "options": {"size": 30}}), 422),
        (
            json!({"game": "gomoku", "options": {"rule": "renju", "opening": "swap2"}, "shape": 1}),
            422,
        ),
        (json!({"game": "tictactoe", "side": "middle"}), 422),
        (
            json!({"game": "tictactoe", "time": {"kind": "sudden", "initial": 5}}),
            422,
        ),
        (
            json!({"game": "tictactoe", "time": {"kind": "per_move", "initial": 5000, "increment": 1}}),
            422,
        ),
        (
            json!({"game": "tictactoe", "time": {"kind": "hourglass", "initial": 5000}}),
            422,
        ),
        (json!([1, 2]), 422),
    ];
    for (body, status) in cases {
        let reply = c.post("/api/friend", &body).await;
        assert_eq!(reply.status, status, "{body}: {:?}", reply.json());
        assert!(reply.json()["error"].is_string());
    }
    assert_eq!(c.post_raw("/api/friend", b"{".to_vec()).await.status, 400);
    let huge = json!({"game": "tictactoe", "options": {"x": "y".repeat(100_000)}});
    assert_eq!(c.post("/api/friend", &huge).await.status, 413);
    for path in [
        "/api/friend/0123456789abcdef",
        "/api/friend/nope",
        "/api/friend/..%2f",
    ] {
        let reply = c.get(path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert!(reply.json()["error"].is_string());
    }
    let (id, token) = create(
        &mut c,
        json!({"game": "gomoku", "options": {"rule": "renju", "opening": "swap2"}}),
    )
    .await;
    let both = act(
        &mut c,
        &id,
        json!({"token": token, "move": "h8", "action": "resign"}),
    )
    .await;
    assert_eq!(both.status, 422);
    let not_ws = c.get(&format!("/api/friend/{id}/ws")).await;
    assert!(not_ws.status.is_client_error());
    assert!(not_ws.json()["error"].is_string());
    // The cap on open games per client: the third is refused until one ends.
    create(&mut c, json!({"game": "tictactoe"})).await;
    let third = c.post("/api/friend", &json!({"game": "tictactoe"})).await;
    assert_eq!(third.status, 429);
    act(&mut c, &id, json!({"token": token, "action": "resign"})).await;
    create(&mut c, json!({"game": "tictactoe"})).await;
}

#[tokio::test]
async fn a_flag_falls_on_the_server_and_the_game_ends_on_time() {
    let addr = server(|_| {}).await;
    let mut c = Client::new(addr);
    let time = json!({"kind": "sudden", "initial": 1000});
    let (id, first) = create(&mut c, json!({"game": "tictactoe", "time": time})).await;
    let (_, second) = join(&mut c, &id).await;
    // The first moves are free: no clock runs before each side has moved once.
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let one = play(&mut c, &id, &first, "b2").await;
    assert_eq!(
        one["clocks"],
        json!({"first": 1000, "second": 1000, "running": null})
    );
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let two = play(&mut c, &id, &second, "a1").await;
    assert_eq!(two["clocks"]["running"], "first");
    let mut spectator = watch(addr, &id).await;
    let ended = until_over(&mut spectator).await;
    assert_eq!(ended["view"]["status"], "second");
    assert_eq!(ended["view"]["reason"], "time");
    assert_eq!(
        ended["actions"].as_array().unwrap().last().unwrap(),
        &json!({"flag": "first"})
    );
    assert_eq!(ended["clocks"]["first"], 0);
    let late = act(&mut c, &id, json!({"token": first, "move": "c3"})).await;
    assert_eq!(late.status, 409);
}

#[tokio::test]
async fn abandoned_games_end_by_time_and_are_deleted() {
    let addr = server(|config| {
        config.idle = Duration::from_millis(300);
        config.keep = Duration::from_millis(300);
    })
    .await;
    let mut c = Client::new(addr);
    let (id, first) = create(&mut c, json!({"game": "gomoku", "options": {"size": 9}})).await;
    play(&mut c, &id, &first, "e5").await;
    let mut spectator = watch(addr, &id).await;
    let ended = until_over(&mut spectator).await;
    assert_eq!(
        (
            ended["view"]["status"].clone(),
            ended["view"]["reason"].clone()
        ),
        (json!("first"), json!("time"))
    );
    drop(spectator);
    let mut gone = false;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        if c.get(&format!("/api/friend/{id}")).await.status == 404 {
            gone = true;
            break;
        }
    }
    assert!(gone, "a finished game is deleted after its keeping time");
}

/// Swap2: the first seat places three stones in a row of its own turns, then the second
/// chooses; the seat to move is the referee's, not an alternation.
#[tokio::test]
async fn a_gomoku_opening_gives_the_turn_to_the_seat_the_rules_name() {
    let addr = server(|_| {}).await;
    let mut c = Client::new(addr);
    let options = json!({"rule": "renju", "opening": "swap2"});
    let (id, first) = create(&mut c, json!({"game": "gomoku", "options": options})).await;
    let (_, second) = join(&mut c, &id).await;
    let token = |seat: &Value| if seat == "first" { &first } else { &second };
    let mut state = c.get(&format!("/api/friend/{id}")).await.json();
    let mut movers = Vec::new();
    while movers.len() < 4 {
        let view = &state["view"];
        let seat = view["to_move"].clone();
        let legal: Vec<String> = serde_json::from_value(view["legal"].clone()).unwrap();
        let mv = legal
            .iter()
            .find(|m| *m == "white")
            .unwrap_or(&legal[0])
            .clone();
        let idle = if seat == "first" { &second } else { &first };
        let refused = act(&mut c, &id, json!({"token": idle, "move": mv})).await;
        assert_eq!(refused.status, 409, "{seat} is to move, not the other seat");
        state = play(&mut c, &id, token(&seat), &mv).await;
        movers.push((seat, mv));
    }
    let seats: Vec<_> = movers.iter().map(|(s, _)| s.as_str().unwrap()).collect();
    assert_eq!(seats, ["first", "first", "first", "second"]);
    assert_eq!(movers[3].1, "white", "the second seat chose its colour");
    assert_eq!(state["view"]["colours"]["white"], "second");
}

/// Random and broken requests to every friend route: each gets JSON, an error says what is
/// wrong, none is a server error, and the game's state afterwards holds exactly the actions
/// that were answered 200.
#[tokio::test]
async fn random_requests_to_the_friend_routes_get_typed_answers() {
    let addr = server(|config| config.games_per_client = 1_000).await;
    let mut c = Client::new(addr);
    let (id, first) = create(&mut c, json!({"game": "gomoku", "options": {"size": 9}})).await;
    let (_, second) = join(&mut c, &id).await;
    let mut seed = 7u64;
    let mut next = move |n: usize| {
        seed = boardgames_core::zobrist::splitmix64(seed);
        (seed % n as u64) as usize
    };
    let zeros = "0".repeat(32);
    let tokens = [&first, &second, &first, &second, "", "zz", &zeros];
    let values = [
        json!("e5"),
        json!("a1"),
        json!("z9"),
        json!(3),
        json!(null),
        json!(["e5"]),
    ];
    // No resignation, no offer (two offers are an agreement): the game lasts the requests.
    let actions = [json!("decline"), json!("accept"), json!("undo"), json!(1)];
    let paths = ["act", "act", "act", "seat", "join", "nope"];
    let mut acknowledged = 0;
    for _ in 0..600 {
        let mut body = json!({"token": tokens[next(tokens.len())]});
        match next(4) {
            0 => body["move"] = values[next(values.len())].clone(),
            1 => body["action"] = actions[next(actions.len())].clone(),
            2 => body["version"] = json!(next(4)),
            _ => body["extra"] = json!(true),
        }
        if next(3) == 0 {
            body["move"] = json!(format!(
                "{}{}",
                char::from(b'a' + next(9) as u8),
                next(9) + 1
            ));
        }
        let path = format!("/api/friend/{id}/{}", paths[next(paths.len())]);
        let mut bytes = body.to_string().into_bytes();
        if next(8) == 0 {
            bytes.truncate(next(bytes.len()));
        }
        let reply = c.post_raw(&path, bytes).await;
        assert!(
            reply.status.is_success() || reply.status.is_client_error(),
            "{}",
            reply.status
        );
        let answer = reply.json();
        if reply.status.is_success() {
            acknowledged += usize::from(path.ends_with("/act"));
        } else {
            assert!(answer["error"].is_string(), "{answer}");
        }
    }
    let state = c.get(&format!("/api/friend/{id}")).await.json();
    assert_eq!(state["version"], acknowledged);
    assert!(
        acknowledged >= 3,
        "some requests were good ones: {acknowledged}"
    );
}

/// A watcher that sends more than a small message is cut off; a game takes at most 64
/// watchers (a `503` for the next); the others go on receiving the states.
#[tokio::test]
async fn watchers_are_capped_in_number_and_in_what_they_send() {
    use futures_util::SinkExt;
    let addr = server(|_| {}).await;
    let mut c = Client::new(addr);
    let (loud_game, _) = create(&mut c, json!({"game": "tictactoe"})).await;
    let mut loud = watch(addr, &loud_game).await;
    next_state(&mut loud).await;
    loud.send(Message::text("x".repeat(4096))).await.unwrap();
    let cut = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match loud.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(
        cut.is_ok(),
        "a 4 KiB message from a watcher closes its socket"
    );
    let (id, token) = create(&mut c, json!({"game": "tictactoe"})).await;
    let mut watchers = Vec::new();
    for _ in 0..64 {
        let mut socket = watch(addr, &id).await;
        next_state(&mut socket).await;
        watchers.push(socket);
    }
    let url = format!("ws://{addr}/api/friend/{id}/ws");
    let refused = tokio_tungstenite::connect_async(url).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(response)) = refused else {
        panic!("a 65th watcher was let in");
    };
    assert_eq!(response.status(), 503);
    play(&mut c, &id, &token, "b2").await;
    for socket in &mut watchers {
        assert_eq!(next_state(socket).await["version"], 1);
    }
}
