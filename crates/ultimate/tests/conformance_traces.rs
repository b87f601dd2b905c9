//! Replays the recorded ultimate games of `tests/conformance/` (200 uniformly random games
//! from OpenSpiel 2.0.2, an independent implementation): the legal set before every move, then
//! the final status.

use board_core::{Game, MoveList, Status};
use serde::Deserialize;
use std::collections::BTreeSet;
use ultimate::Position;

#[derive(Deserialize)]
struct Trace {
    game: String,
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

const TRACES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ultimate.jsonl"
));

#[test]
fn recorded_games_agree() {
    let mut games = 0;
    let mut results = [0usize; 3];
    for (n, line) in TRACES
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let trace: Trace = serde_json::from_str(line).unwrap();
        assert_eq!(trace.game, "ultimate", "line {n}");
        let mut pos = Position::new();
        let mut moves = MoveList::new();
        for (ply, step) in trace.steps.iter().enumerate() {
            assert_eq!(pos.status(), Status::Ongoing, "game {n} ply {ply}");
            pos.legal_moves(&mut moves);
            let ours: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
            if let Some(legal) = &step.legal {
                let theirs: BTreeSet<String> = legal.iter().cloned().collect();
                assert_eq!(ours, theirs, "game {n} ply {ply}");
            }
            if let Some(count) = step.legal_count {
                assert_eq!(ours.len(), count, "game {n} ply {ply}");
            }
            assert_eq!(pos.legal_move_count(), ours.len(), "game {n} ply {ply}");
            let mv = pos.parse_move(&step.mv).unwrap();
            pos.play(mv)
                .unwrap_or_else(|e| panic!("game {n} ply {ply}: {e}"));
        }
        if let Some(result) = &trace.result {
            assert_eq!(pos.status().name(), result, "game {n} result");
            if result != "ongoing" {
                assert_eq!(pos.legal_move_count(), 0, "game {n}: over but moves left");
            }
        }
        match pos.status() {
            Status::Won(p) => results[p.index()] += 1,
            _ => results[2] += 1,
        }
        games += 1;
    }
    assert_eq!(games, 200);
    // The traces hold wins for both sides and draws, so every ending is exercised.
    assert!(results.iter().all(|&r| r > 0), "{results:?}");
}
