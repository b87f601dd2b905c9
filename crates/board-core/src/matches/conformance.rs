//! The conformance harness over a match of any game (a [`Match`] probes the same moves as its
//! position and undoes with its own history), and the record round trip every game's tests
//! run.

use super::{Match, MatchRules};
use crate::harness::Conformance;

impl<G: MatchRules + Conformance> Conformance for Match<G> {
    fn probe_moves(&self) -> Vec<G::Move> {
        self.position().probe_moves()
    }

    fn unplay(&mut self, _mv: G::Move) -> bool {
        self.undo().is_some()
    }
}

use super::record::{Record, RecordGame};
use super::{DrawRules, ManualTime, TimeControl};
use crate::{Player, Rng};
use core::time::Duration;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::sync::Arc;

/// Plays random matches of `start`'s game (random legal moves with random thinking times, and
/// now and then a comment, a tag, a draw offer, an answer to one, an undo or a resignation,
/// under a random time control or none) and checks that writing each as a record and
/// reading it back gives an equal match that writes the same text. Panics with the first
/// failure, shrunk, so it can be called from a `#[test]`.
pub fn check_record_round_trip<G: RecordGame>(start: &G, rules: DrawRules, cases: u32) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (any::<u64>(), 0usize..4, 0usize..120);
    let result = runner.run(&strategy, |(seed, control, plies)| {
        round_trip(start, rules, seed, control, plies)
    });
    if let Err(e) = result {
        panic!("record round trip failure: {e}");
    }
}

fn round_trip<G: RecordGame>(
    start: &G,
    rules: DrawRules,
    seed: u64,
    control: usize,
    plies: usize,
) -> Result<(), TestCaseError> {
    let time = ManualTime::new();
    let mut game = super::Match::new(start.clone(), rules);
    let control = [None, Some("60"), Some("30+2"), Some("5/move")][control];
    if let Some(control) = control {
        let control: TimeControl = control.parse().expect("a valid control");
        game = game.with_clock(control, Arc::new(time.clone()));
    }
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        random_action(&mut game, &time, &mut rng);
    }
    let text = game.to_record().to_string();
    let record: Record = text
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let back = record
        .to_match_with_time::<G>(Arc::new(ManualTime::new()))
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert!(back == game, "read back differs:\n{}", text);
    prop_assert_eq!(back.to_record().to_string(), text);
    Ok(())
}

/// One random action; refused ones (an answer with no offer...) change nothing.
fn random_action<G: RecordGame>(game: &mut super::Match<G>, time: &ManualTime, rng: &mut Rng) {
    let side = if rng.below(2) == 0 {
        Player::First
    } else {
        Player::Second
    };
    let _ = match rng.below(40) {
        0 => game.resign(side).map(drop),
        1..=2 => game.offer_draw(side),
        3 => game.accept_draw(side).map(drop),
        4 => game.decline_draw(side),
        5 => game.undo().map_or(Ok(()), |_| Ok(())),
        6 => game.comment(["good", "a mistake", "only move"][rng.below(3) as usize]),
        7 => game.set_tag(["First", "Second", "Date"][rng.below(3) as usize], "x y"),
        _ => {
            time.advance(Duration::from_millis(u64::from(rng.below(4_000))));
            match game.position().random_move(rng) {
                Some(mv) => game.play_move(mv),
                None => Ok(()),
            }
        }
    };
}
