//! Replays the recorded gomoku games of `tests/conformance/` with the shared replayer
//! (`boardgames_core::traces`): OpenSpiel freestyle games, an independent checker's caro /
//! caro5 / caro6 / standard / freestyle games on 7x7 to 20x20, seed 001's rule table, and the
//! renju games of a checker written from the RIF text. Also checks every verdict of the public
//! renju positions (`renju_positions.jsonl`), loaded as analysis setups.

use boardgames_core::traces::check_traces;
use boardgames_core::{ByPlayer, Player};
use boardgames_gomoku::{Point, PointSet, Position, Rule, Setup};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

macro_rules! trace_files {
    ($($name:literal),* $(,)?) => {
        [$(($name, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/conformance/", $name)))),*]
    };
}

const FILES: [(&str, &str); 14] = trace_files![
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
    "gomoku_renju_15.jsonl",
    "gomoku_seed_cases.jsonl",
    "gomoku_standard_15.jsonl",
    "gomoku_standard_9.jsonl",
];

/// The start position of a trace's options (`rule`, default caro; `size`, default 15).
fn start(options: &Map<String, Value>) -> Result<Position, String> {
    let rule: Rule = match options.get("rule") {
        Some(Value::String(name)) => name.parse().map_err(|e| format!("{e}"))?,
        Some(other) => return Err(format!("rule {other} is not a name")),
        None => Rule::CARO,
    };
    let size = match options.get("size") {
        Some(size) => size
            .as_u64()
            .ok_or(format!("size {size} is not a number"))?,
        None => 15,
    };
    let size = u32::try_from(size).map_err(|e| e.to_string())?;
    Position::new(size, rule).map_err(|e| e.to_string())
}

#[test]
fn recorded_games_agree() {
    let games: usize = FILES
        .iter()
        .map(|(file, text)| check_traces(file, text, start))
        .sum();
    assert_eq!(games, 60 * 12 + 50 + 45);
}

/// One public renju position: the stones, the side to move, and every point forbidden to
/// black with its kind.
#[derive(Deserialize)]
struct RenjuCase {
    size: u32,
    black: Vec<String>,
    white: Vec<String>,
    to_move: String,
    forbidden: BTreeMap<String, String>,
}

fn point_set(names: &[String]) -> PointSet {
    names
        .iter()
        .map(|name| name.parse::<Point>().expect("a point"))
        .collect()
}

#[test]
fn every_verdict_of_the_public_renju_positions() {
    let text = include_str!("../../../tests/conformance/renju_positions.jsonl");
    let mut positions = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let case: RenjuCase = serde_json::from_str(line).expect("a renju position");
        let to_move = match case.to_move.as_str() {
            "first" => Player::First,
            _ => Player::Second,
        };
        let setup = Setup {
            stones: ByPlayer::new(point_set(&case.black), point_set(&case.white)),
            to_move,
            size: case.size,
            rule: Rule::RENJU,
        };
        let position = setup
            .validate()
            .unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert!(position.is_from_setup());
        let ours: BTreeMap<String, String> = position
            .empty_points()
            .iter()
            .filter_map(|p| {
                let why = position.forbidden(Player::First, p)?;
                Some((p.to_string(), why.kind().name().to_owned()))
            })
            .collect();
        assert_eq!(ours, case.forbidden, "line {}\n{position}", n + 1);
        positions += 1;
    }
    assert_eq!(positions, 64);
}
