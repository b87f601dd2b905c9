//! Replays the recorded gomoku games of `tests/conformance/` (OpenSpiel freestyle games, an
//! independent checker's caro / caro5 / caro6 / standard / freestyle games on 7x7 to 20x20,
//! and seed 001's rule table): the legal set (or its size) before every move, then the final
//! status.

use boardgames_core::{Game, MoveList};
use boardgames_gomoku::{Position, Rule};
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Deserialize)]
struct Options {
    rule: Option<String>,
    size: Option<u32>,
}

#[derive(Deserialize)]
struct Trace {
    options: Option<Options>,
    rule: Option<String>,
    size: Option<u32>,
    steps: Vec<Step>,
    result: Option<String>,
}

#[derive(Deserialize)]
struct Step {
    legal: Option<Vec<String>>,
    legal_count: Option<usize>,
    #[serde(rename = "move")]
    mv: String,
}

macro_rules! trace_files {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/conformance/", $name)))),*]
    };
}

const FILES: [(&str, &str); 13] = trace_files![
    "gomoku_caro5_15.jsonl",
    "gomoku_caro5_9.jsonl",
    "gomoku_caro6_15.jsonl",
    "gomoku_caro6_9.jsonl",
    "gomoku_caro_11.jsonl",
    "gomoku_caro_15.jsonl",
    "gomoku_caro_7.jsonl",
    "gomoku_freestyle_15.jsonl",
    "gomoku_freestyle_20.jsonl",
    "gomoku_openspiel_15.jsonl",
    "gomoku_seed_cases.jsonl",
    "gomoku_standard_15.jsonl",
    "gomoku_standard_9.jsonl",
];

fn replay(file: &str, n: usize, trace: &Trace) {
    let opts = trace.options.as_ref();
    let rule = opts
        .and_then(|o| o.rule.clone())
        .or_else(|| trace.rule.clone())
        .unwrap_or_else(|| "caro".into());
    let size = opts.and_then(|o| o.size).or(trace.size).unwrap_or(15);
    let rule: Rule = rule.parse().unwrap();
    let mut pos = Position::new(size, rule).unwrap();
    let mut moves = MoveList::new();
    for (ply, step) in trace.steps.iter().enumerate() {
        assert!(
            !pos.status().is_over(),
            "{file}:{n} ply {ply}: game already over"
        );
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), pos.legal_move_count());
        let ours: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
        if let Some(legal) = &step.legal {
            let theirs: BTreeSet<String> = legal.iter().cloned().collect();
            assert_eq!(ours, theirs, "{file}:{n} ply {ply}");
        }
        if let Some(count) = step.legal_count {
            assert_eq!(ours.len(), count, "{file}:{n} ply {ply}");
        }
        let mv = pos.parse_move(&step.mv).unwrap();
        pos.play(mv)
            .unwrap_or_else(|e| panic!("{file}:{n} ply {ply}: {e}"));
    }
    if let Some(result) = &trace.result {
        assert_eq!(pos.status().name(), result, "{file}:{n} result\n{pos}");
    }
    assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
}

#[test]
fn recorded_games_agree() {
    let mut games = 0;
    for (file, text) in FILES {
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let trace: Trace = serde_json::from_str(line).unwrap();
            replay(file, n + 1, &trace);
            games += 1;
        }
    }
    assert_eq!(games, 60 * 11 + 50 + 45);
}
