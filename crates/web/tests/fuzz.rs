//! A few thousand random and mutated requests: every answer is JSON with a 2xx, 4xx or 503
//! status, and the server still answers afterwards. The generator is seeded, so a failure
//! repeats.

mod common;

use common::{start, Client};
use hyper::StatusCode;
use serde_json::{json, Map, Value};

/// A small seeded generator (splitmix64).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const PATHS: [&str; 9] = [
    "/api/referee",
    "/api/view",
    "/api/move",
    "/api/hint",
    "/api/draw",
    "/api/record/export",
    "/api/record/import",
    "/api/nope",
    "/api/info",
];

/// A plausible request for `path`, before mutation.
fn template(g: &mut Gen, path: &str) -> Value {
    let game = *g.pick(&["tictactoe", "ultimate", "gomoku", "morris", "chess"]);
    let moves: Vec<&str> = match game {
        "tictactoe" => vec!["b2", "a1", "c3"],
        "ultimate" => vec!["55", "51", "15"],
        "gomoku" => vec!["h8", "h9", "i8"],
        _ => vec!["d1", "d2", "g1"],
    };
    let moves = &moves[..g.below(4)];
    match path {
        "/api/referee" => {
            let op = *g.pick(&[
                "state", "perft", "playouts", "search", "record", "match", "nope",
            ]);
            json!({"op": op, "game": game, "moves": moves, "depth": 1, "count": 3,
                   "millis": 5, "text": "[Game \"tictactoe\"]\n\n1. b2 *", "actions": ["a1"]})
        }
        "/api/move" | "/api/hint" => json!({"game": game, "moves": moves, "level": "beginner"}),
        "/api/draw" => json!({"game": "tictactoe", "moves": ["b2"], "by": "first"}),
        "/api/record/import" => json!({"text": "[Game \"tictactoe\"]\n\n1. b2 a1 *"}),
        _ => json!({"game": game, "moves": moves, "actions": [], "tags": {"First": "A"}}),
    }
}

/// A random JSON value, sometimes a large or odd one.
fn odd_value(g: &mut Gen) -> Value {
    let values = [
        json!(null),
        json!(-1),
        json!(0),
        json!(3),
        json!(1e300),
        json!(u64::MAX),
        json!(2.5),
        json!("x"),
        json!(""),
        json!("h8"),
        json!([]),
        json!({}),
        json!([1, "a"]),
        json!(true),
        json!("renju"),
        json!({"threefold": true}),
        json!("mcts"),
        json!("beginner"),
    ];
    g.pick(&values).clone()
}

/// Mutates a request: drop, add or change fields, or nest odd values.
fn mutate(g: &mut Gen, mut request: Value) -> Value {
    let Some(fields) = request.as_object_mut() else {
        return request;
    };
    for _ in 0..g.below(4) {
        let keys: Vec<String> = fields.keys().cloned().collect();
        match g.below(5) {
            0 if !keys.is_empty() => {
                fields.remove(g.pick(&keys));
            }
            1 => {
                let name = g.pick(&["options", "engine", "threads", "seed", "x", "rule", "size"]);
                fields.insert((*name).to_owned(), odd_value(g));
            }
            2 if !keys.is_empty() => {
                let key = g.pick(&keys).clone();
                fields.insert(key, odd_value(g));
            }
            3 => {
                let mut options = Map::new();
                options.insert(
                    (*g.pick(&["size", "rule", "opening", "draw_rule", "tiebreak"])).into(),
                    odd_value(g),
                );
                fields.insert("options".into(), Value::Object(options));
            }
            _ => {
                fields.insert("moves".into(), json!([odd_value(g), "h8", "zz99"]));
            }
        }
    }
    request
}

/// The bytes of a request, sometimes broken: cut short, a byte changed, junk added.
fn bytes(g: &mut Gen, request: &Value) -> Vec<u8> {
    let mut body = request.to_string().into_bytes();
    match g.below(6) {
        0 if !body.is_empty() => body.truncate(g.below(body.len())),
        1 if !body.is_empty() => {
            let at = g.below(body.len());
            body[at] = (g.next() & 0xFF) as u8;
        }
        2 => body.extend_from_slice(b"}]\"\\"),
        _ => {}
    }
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thousands_of_random_requests_get_json_answers() {
    let addr = start(boardgames_web::Config {
        workers: 2,
        queue: 2,
        ..Default::default()
    })
    .await;
    let tasks: Vec<_> = (0..8u64)
        .map(|task| tokio::spawn(async move { run(addr, task, 400).await }))
        .collect();
    let mut statuses = std::collections::BTreeMap::new();
    for task in tasks {
        for (status, count) in task.await.unwrap() {
            *statuses.entry(status).or_insert(0) += count;
        }
    }
    eprintln!("statuses: {statuses:?}");
    let total: usize = statuses.values().sum();
    assert_eq!(total, 8 * 400);
    // Both kinds of answer happen: the mutations do not only break requests.
    assert!(statuses.keys().any(|s| *s < 300), "{statuses:?}");
    assert!(statuses.keys().any(|s| *s >= 400), "{statuses:?}");
    let mut c = Client::new(addr);
    assert_eq!(c.get("/health").await.status, StatusCode::OK);
}

/// One client's share of the requests: the count of each status.
async fn run(addr: std::net::SocketAddr, seed: u64, count: usize) -> Vec<(u16, usize)> {
    let mut g = Gen(seed * 1_000_003 + 17);
    let mut c = Client::new(addr);
    let mut statuses: Vec<(u16, usize)> = Vec::new();
    for _ in 0..count {
        let path = *g.pick(&PATHS);
        let plain = template(&mut g, path);
        let request = mutate(&mut g, plain);
        let body = bytes(&mut g, &request);
        let reply = if path == "/api/info" || g.below(50) == 0 {
            c.get(path).await
        } else {
            c.post_raw(path, body.clone()).await
        };
        let status = reply.status.as_u16();
        assert!(
            reply.status.is_success() || reply.status.is_client_error() || status == 503,
            "{status} for {path} {}",
            String::from_utf8_lossy(&body)
        );
        let answer = reply.json();
        if !reply.status.is_success() {
            assert!(answer["error"].is_string(), "{answer} for {path}");
        }
        match statuses.iter_mut().find(|(s, _)| *s == status) {
            Some((_, n)) => *n += 1,
            None => statuses.push((status, 1)),
        }
    }
    statuses
}
