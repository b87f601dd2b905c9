//! Replays the recorded tic-tac-toe games of `tests/conformance/` (from an independent
//! implementation): the legal set before every move, then the final status.

use board_core::{Game, MoveList};
use serde::Deserialize;
use std::collections::BTreeSet;
use tictactoe::Position;

#[derive(Deserialize)]
struct Trace {
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
    "/../../tests/conformance/tictactoe.jsonl"
));

#[test]
fn recorded_games_agree() {
    let mut games = 0;
    for (n, line) in TRACES
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let trace: Trace = serde_json::from_str(line).unwrap();
        let mut pos = Position::new();
        let mut moves = MoveList::new();
        for (ply, step) in trace.steps.iter().enumerate() {
            pos.legal_moves(&mut moves);
            let ours: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
            if let Some(legal) = &step.legal {
                let theirs: BTreeSet<String> = legal.iter().cloned().collect();
                assert_eq!(ours, theirs, "game {n} ply {ply}");
            }
            if let Some(count) = step.legal_count {
                assert_eq!(ours.len(), count, "game {n} ply {ply}");
            }
            let mv = pos.parse_move(&step.mv).unwrap();
            pos.play(mv)
                .unwrap_or_else(|e| panic!("game {n} ply {ply}: {e}"));
        }
        if let Some(result) = &trace.result {
            assert_eq!(pos.status().name(), result, "game {n} result");
        }
        games += 1;
    }
    assert_eq!(games, 200);
}
