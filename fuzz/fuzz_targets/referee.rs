//! The referee's request handling (`boardgames_referee::answer`) on any line: it answers
//! every line with one JSON object and never panics.
//!
//! Requests for heavy work (perft depth, playout count, search limits) are cut down first, so
//! one input stays fast: the fuzzer looks for panics, not for slow but correct answers.
#![no_main]

use serde_json::Value;

/// The largest work the fuzzer may ask for, per field.
const CAPS: [(&str, u64); 7] = [
    ("depth", 1),
    ("count", 2),
    ("max_plies", 200),
    ("nodes", 200),
    ("millis", 1),
    ("simulations", 200),
    ("threads", 2),
];

/// The line with its work fields capped, or the line itself when it is not a JSON object;
/// `None` for a search the target skips.
fn capped(line: &str) -> Option<String> {
    let Ok(Value::Object(mut request)) = serde_json::from_str::<Value>(line) else {
        return Some(line.to_owned());
    };
    for (field, cap) in CAPS {
        if let Some(value) = request.get_mut(field) {
            if value.as_u64().is_some_and(|n| n > cap) {
                *value = Value::from(cap);
            }
        }
    }
    // A search with no limit gets a second; give it a small node budget instead. The other
    // games' searches allocate tens of MiB of table per request, so only tic-tac-toe's (1 MiB)
    // is fuzzed here; the search's own checks are the ai-search tests.
    if request.get("op").and_then(Value::as_str) == Some("search") {
        if request.get("game").and_then(Value::as_str) != Some("tictactoe") {
            return None;
        }
        request.entry("nodes").or_insert(Value::from(200));
        request.entry("depth").or_insert(Value::from(2));
    }
    Some(Value::Object(request).to_string())
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    let Some(line) = capped(line) else {
        return;
    };
    let reply = boardgames_referee::answer(&line);
    let Value::Object(fields) = &reply else {
        panic!("the answer is not an object: {reply}");
    };
    if let Some(error) = fields.get("error") {
        assert!(error.as_str().is_some_and(|e| !e.is_empty()), "{reply}");
    }
    if let Some(ply) = fields.get("ply") {
        assert!(
            fields.contains_key("error"),
            "ply without an error: {reply}"
        );
        assert!(ply.as_u64().is_some(), "{reply}");
    }
});
