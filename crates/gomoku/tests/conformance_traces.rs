//! Replays the recorded gomoku games of `tests/conformance/` with the shared replayer
//! (`boardgames_core::traces`): OpenSpiel freestyle games, an independent checker's caro /
//! caro5 / caro6 / standard / freestyle games on 7x7 to 20x20, the rule table "the same line,
//! three results", and the renju games of a checker written from the RIF text. Also checks
//! every verdict of the public renju positions (`renju_positions.jsonl`), loaded as analysis
//! setups.

use boardgames_core::traces::check_traces;
use boardgames_core::{ByPlayer, Game, Player, Status};
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
    // At least the public files' games (a larger set may replace them).
    assert!(games >= 60 * 12 + 50 + 45, "{games} games");
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
    /// Points checked one by one: forbidden or not (with the kind), and whether they win.
    #[serde(default)]
    checks: Vec<Check>,
    /// A game reaching the position (with filler stones), where one was recorded.
    #[serde(default)]
    moves: Vec<String>,
    /// The stones of that game that are not the case's.
    #[serde(default)]
    fillers: Vec<String>,
}

#[derive(Deserialize)]
struct Check {
    point: String,
    colour: String,
    forbidden: bool,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    wins: Option<bool>,
}

fn player(name: &str) -> Player {
    match name {
        "first" => Player::First,
        _ => Player::Second,
    }
}

/// Every point forbidden to black in `position`, with its kind's name.
fn forbidden_map(position: &Position) -> BTreeMap<String, String> {
    position
        .empty_points()
        .iter()
        .filter_map(|p| {
            let why = position.forbidden(Player::First, p)?;
            Some((p.to_string(), why.kind().name().to_owned()))
        })
        .collect()
}

/// The case's point checks, each on the setup with the checked colour to move.
fn check_points(case: &RenjuCase, setup: &Setup, at: &str) {
    for check in &case.checks {
        let colour = player(&check.colour);
        let position = Setup {
            to_move: colour,
            ..*setup
        }
        .validate()
        .unwrap_or_else(|e| panic!("{at} {}: {e}", check.point));
        let point: Point = check.point.parse().expect("a point");
        let why = position.forbidden(colour, point);
        assert_eq!(why.is_some(), check.forbidden, "{at} {}", check.point);
        let kind = why.map(|w| w.kind().name().to_owned());
        if check.kind.is_some() {
            assert_eq!(kind, check.kind, "{at} {}", check.point);
        }
        if let Some(wins) = check.wins {
            let mut after = position;
            after.play(point).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert_eq!(
                after.status() == Status::Won(colour),
                wins,
                "{at} {}",
                check.point
            );
        }
    }
}

/// Plays the case's recorded game from the empty board (every move legal, black's never
/// forbidden), and checks that it reaches the case's stones.
fn replay_moves(case: &RenjuCase, setup: &Setup, at: &str) -> Option<Position> {
    if case.moves.is_empty() {
        return None;
    }
    let mut game = Position::new(case.size, Rule::RENJU).expect("a renju board");
    for mv in &case.moves {
        let point = game.parse_move(mv).expect("a point");
        game.play(point)
            .unwrap_or_else(|e| panic!("{at} {mv}: {e}"));
    }
    // The game holds the case's stones plus the filler stones that balance the counts.
    let (black, white) = (game.stones(Player::First), game.stones(Player::Second));
    assert_eq!(
        black.intersection(&setup.stones.first),
        setup.stones.first,
        "{at}"
    );
    assert_eq!(
        white.intersection(&setup.stones.second),
        setup.stones.second,
        "{at}"
    );
    let fillers = black
        .union(white)
        .difference(&setup.stones.first.union(&setup.stones.second));
    assert_eq!(fillers, point_set(&case.fillers), "{at}");
    Some(game)
}

fn point_set(names: &[String]) -> PointSet {
    names
        .iter()
        .map(|name| name.parse::<Point>().expect("a point"))
        .collect()
}

#[test]
fn every_verdict_of_the_public_renju_positions() {
    let text = include_str!("../../../tests/positions/renju_positions.jsonl");
    let mut positions = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let at = format!("renju_positions.jsonl:{}", n + 1);
        let case: RenjuCase = serde_json::from_str(line).expect("a renju position");
        let setup = Setup {
            stones: ByPlayer::new(point_set(&case.black), point_set(&case.white)),
            to_move: player(&case.to_move),
            size: case.size,
            rule: Rule::RENJU,
        };
        let position = setup.validate().unwrap_or_else(|e| panic!("{at}: {e}"));
        assert!(position.is_from_setup());
        assert_eq!(forbidden_map(&position), case.forbidden, "{at}\n{position}");
        check_points(&case, &setup, &at);
        // The same board reached by play judges the same.
        if let Some(played) = replay_moves(&case, &setup, &at) {
            assert!(!played.is_from_setup());
            assert_eq!(forbidden_map(&played), case.forbidden, "{at} played");
        }
        positions += 1;
    }
    // At least the 64 public positions (a larger set may replace them).
    assert!(positions >= 64, "{positions} positions");
}
