//! Replays the recorded morris games of `tests/conformance/` (from OpenSpiel and from an
//! independent mobility-minimising player): the legal set before every move, then the final
//! status. Games OpenSpiel stopped at its turn cap are recorded as `ongoing`.

use board_core::{Game, MoveList};
use morris::{Move, Position};
use serde::Deserialize;
use std::collections::BTreeSet;

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

fn replay(name: &str, text: &str) -> usize {
    let mut games = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let trace: Trace = serde_json::from_str(line).unwrap();
        let mut pos = Position::new();
        let mut moves = MoveList::new();
        for (ply, step) in trace.steps.iter().enumerate() {
            assert!(
                !pos.status().is_over(),
                "{name} game {n} ply {ply}: over early"
            );
            pos.legal_moves(&mut moves);
            let ours: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(
                ours.len(),
                moves.len(),
                "{name} game {n} ply {ply}: duplicates"
            );
            if let Some(legal) = &step.legal {
                let theirs: BTreeSet<String> = legal.iter().cloned().collect();
                assert_eq!(ours, theirs, "{name} game {n} ply {ply}\n{pos}");
            }
            if let Some(count) = step.legal_count {
                assert_eq!(ours.len(), count, "{name} game {n} ply {ply}");
            }
            assert_eq!(pos.legal_move_count(), moves.len());
            let mv: Move = step.mv.parse().unwrap();
            pos.play(mv)
                .unwrap_or_else(|e| panic!("{name} game {n} ply {ply}: {e}"));
        }
        if let Some(result) = &trace.result {
            assert_eq!(pos.status().name(), result, "{name} game {n} result\n{pos}");
        }
        games += 1;
    }
    games
}

#[test]
fn openspiel_random_games_agree() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/conformance/morris.jsonl"
    ));
    assert_eq!(replay("morris.jsonl", text), 200);
}

#[test]
fn blockade_games_agree() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/conformance/morris_blocked.jsonl"
    ));
    assert_eq!(replay("morris_blocked.jsonl", text), 30);
}
