//! Replaying recorded games (conformance traces) against a game (feature `harness`).
//!
//! A trace file holds one game per line, recorded from an independent implementation:
//! `{"game": G, "options": {...}?, "rule": R?, "size": N?, "steps": [{"legal": [...]?,
//! "legal_count": N?, "move": M}, ...], "result": "first"|"second"|"draw"|"ongoing"|null}`.
//! Each step is the position before its move. [`check_traces`] compares the legal set (or its
//! size) at every step, plays the move with checked play, and compares the final status.

use crate::{Game, MoveList};
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// One recorded game.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Trace {
    /// The game's name.
    pub game: String,
    /// The options the game was played with (`rule` and `size` given at the top level are
    /// merged in, as the shared checker does).
    #[serde(default)]
    pub options: Map<String, Value>,
    /// A rule name given at the top level.
    #[serde(default)]
    pub rule: Option<String>,
    /// A board size given at the top level.
    #[serde(default)]
    pub size: Option<u64>,
    /// The moves, each with what was legal before it.
    pub steps: Vec<TraceStep>,
    /// The status after the last move, if recorded.
    #[serde(default)]
    pub result: Option<String>,
}

/// One move of a recorded game, with the legal moves before it.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct TraceStep {
    /// Every legal move before this one, in any order.
    #[serde(default)]
    pub legal: Option<Vec<String>>,
    /// Only the number of legal moves, where the list was not recorded.
    #[serde(default)]
    pub legal_count: Option<usize>,
    /// The move played.
    #[serde(rename = "move")]
    pub mv: String,
}

impl Trace {
    /// The options with the top-level `rule` and `size` merged in (explicit options win).
    pub fn merged_options(&self) -> Map<String, Value> {
        let mut options = self.options.clone();
        if let Some(rule) = &self.rule {
            options
                .entry("rule")
                .or_insert_with(|| Value::from(rule.clone()));
        }
        if let Some(size) = self.size {
            options.entry("size").or_insert_with(|| Value::from(size));
        }
        options
    }
}

/// Replays every game of a JSON-lines `text` from the start position `start` builds from the
/// game's options, and returns the number of games checked. Panics with the file label, line,
/// ply and the difference at the first disagreement, so it can be called from a `#[test]`.
pub fn check_traces<G: Game>(
    label: &str,
    text: &str,
    start: impl Fn(&Map<String, Value>) -> Result<G, String>,
) -> usize {
    let mut games = 0;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{label}:{}", n + 1);
        let trace: Trace =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{at}: unreadable trace: {e}"));
        let mut position =
            start(&trace.merged_options()).unwrap_or_else(|e| panic!("{at}: bad options: {e}"));
        check_one(&at, &trace, &mut position);
        games += 1;
    }
    games
}

/// The start for [`check_traces`] of a game that has no options: `new()`, and an error
/// naming them for a trace that sets any.
pub fn no_options<G>(new: impl Fn() -> G) -> impl Fn(&Map<String, Value>) -> Result<G, String> {
    move |options| {
        if options.is_empty() {
            Ok(new())
        } else {
            Err(format!("unexpected options {options:?}"))
        }
    }
}

fn check_one<G: Game>(at: &str, trace: &Trace, position: &mut G) {
    let mut moves = MoveList::new();
    for (ply, step) in trace.steps.iter().enumerate() {
        assert!(
            !position.status().is_over(),
            "{at} ply {ply}: the game is already over ({})",
            position.status()
        );
        position.legal_moves(&mut moves);
        let ours: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(
            ours.len(),
            moves.len(),
            "{at} ply {ply}: duplicate legal moves"
        );
        if let Some(legal) = &step.legal {
            let theirs: BTreeSet<String> = legal.iter().cloned().collect();
            if ours != theirs {
                let missing: Vec<_> = theirs.difference(&ours).take(5).collect();
                let extra: Vec<_> = ours.difference(&theirs).take(5).collect();
                panic!("{at} ply {ply}: legal moves differ; missing {missing:?}, extra {extra:?}");
            }
        }
        if let Some(count) = step.legal_count {
            assert_eq!(ours.len(), count, "{at} ply {ply}: number of legal moves");
        }
        let mv = position
            .parse_move(&step.mv)
            .unwrap_or_else(|e| panic!("{at} ply {ply}: move {:?} unreadable: {e}", step.mv));
        position
            .play(mv)
            .unwrap_or_else(|e| panic!("{at} ply {ply}: {e}"));
    }
    if let Some(result) = &trace.result {
        assert_eq!(position.status().name(), result, "{at}: final status");
        if result != "ongoing" {
            assert_eq!(position.legal_move_count(), 0, "{at}: moves after the end");
        }
    }
}
