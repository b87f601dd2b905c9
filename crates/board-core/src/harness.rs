//! The conformance harness every game crate runs over random playouts (feature `harness`).
//!
//! [`check_conformance`] plays random games with proptest (so a failure shrinks to a short
//! game) and checks at every position that:
//! - generated moves agree with `is_legal` / `check_move`, with no duplicates, and their count
//!   agrees with `legal_move_count`;
//! - every probed move outside the list is rejected, and a rejected checked `play` leaves the
//!   position unchanged;
//! - a finished game has no legal move and rejects every move with a game-over error;
//! - move notation round-trips through `Display` and `parse_move`;
//! - the incremental hash equals the one computed from scratch;
//! - checked and unchecked play agree, and undo (through [`History`], and the game's own
//!   unplay where it has one) restores the position and its hash;
//! - `random_move` returns a legal move, or `None` exactly when the game is over;
//! - the optional position text round-trips;
//! - games end within the game's maximum length.

use crate::{Game, History, MoveError, MoveList, Rng};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use std::collections::HashSet;

/// The position written with `Display` and read back with `FromStr`: the
/// [`Conformance::text_round_trip`] of every game whose position has a diagram.
pub fn reparse<G: Game + core::fmt::Display + core::str::FromStr>(
    position: &G,
) -> Option<Result<G, String>>
where
    G::Err: core::fmt::Display,
{
    Some(
        position
            .to_string()
            .parse()
            .map_err(|e: G::Err| e.to_string()),
    )
}

/// What a game provides so the harness can probe it.
pub trait Conformance: Game {
    /// Moves to test for legality at this position: every legal move and a good sample of
    /// illegal ones (for a placement game, every cell of the board).
    fn probe_moves(&self) -> Vec<Self::Move>;

    /// Writes the position in the game's text form and reads it back, if the game has one.
    fn text_round_trip(&self) -> Option<Result<Self, String>> {
        None
    }

    /// Takes back `mv` with the game's own undo, if it has one; returns `false` when the game
    /// is copy-make only.
    fn unplay(&mut self, _mv: Self::Move) -> bool {
        false
    }
}

/// How many games the harness plays and how long they may run.
#[derive(Clone, Debug)]
pub struct HarnessConfig {
    /// The number of random games.
    pub cases: u32,
    /// A cap on the plies of one game, for games that can go on forever (the rules'
    /// own bound from `max_remaining_plies` is always checked as well).
    pub max_plies: usize,
    /// Probe illegal moves at every `probe_every`-th position (1 is every position).
    pub probe_every: usize,
}

impl Default for HarnessConfig {
    fn default() -> Self {
        HarnessConfig {
            cases: 64,
            max_plies: 1_000,
            probe_every: 1,
        }
    }
}

/// Runs the conformance checks on random games from `start`; panics with the first failure
/// (shrunk to a short game) so it can be called from a `#[test]`.
pub fn check_conformance<G: Conformance>(start: &G, config: &HarnessConfig) {
    let mut runner = TestRunner::new(Config {
        cases: config.cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (any::<u64>(), proptest::collection::vec(any::<u32>(), 0..64));
    let result = runner.run(&strategy, |(seed, prefix)| {
        play_and_check(start, config, seed, &prefix)
    });
    if let Err(e) = result {
        panic!("conformance failure: {e}");
    }
}

fn play_and_check<G: Conformance>(
    start: &G,
    config: &HarnessConfig,
    seed: u64,
    prefix: &[u32],
) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let mut history = History::new(start.clone());
    let bound = start.max_remaining_plies();
    let mut moves = MoveList::new();
    for ply in 0..=config.max_plies {
        let pos = history.position().clone();
        check_position(&pos, ply % config.probe_every.max(1) == 0)?;
        if let Some(bound) = bound {
            prop_assert!(ply <= bound, "game longer than its bound {bound}");
        }
        pos.legal_moves(&mut moves);
        if moves.is_empty() || ply == config.max_plies {
            break;
        }
        let index = match prefix.get(ply) {
            Some(&choice) => choice as usize % moves.len(),
            None => rng.below(moves.len() as u32) as usize,
        };
        let mv = moves[index];
        let mut unchecked = pos.clone();
        unchecked.play_unchecked(mv);
        history
            .play(mv)
            .map_err(|e| TestCaseError::fail(format!("generated move {mv} rejected: {e}")))?;
        let after = history.position().clone();
        prop_assert_eq!(
            &unchecked,
            &after,
            "checked and unchecked play differ on {}",
            mv
        );
        prop_assert_eq!(
            after.zobrist(),
            after.zobrist_from_scratch(),
            "hash after {}",
            mv
        );
        let mut own_undo = after.clone();
        if own_undo.unplay(mv) {
            prop_assert_eq!(&own_undo, &pos, "the game's undo of {} differs", mv);
            prop_assert_eq!(own_undo.zobrist(), pos.zobrist());
        }
        history.undo();
        prop_assert_eq!(history.position(), &pos, "undo of {}", mv);
        prop_assert_eq!(history.position().zobrist(), pos.zobrist());
        history.play(mv).ok();
    }
    Ok(())
}

fn check_position<G: Conformance>(pos: &G, probe: bool) -> Result<(), TestCaseError> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let status = pos.status();
    prop_assert_eq!(
        pos.zobrist(),
        pos.zobrist_from_scratch(),
        "hash of {:?}",
        pos
    );
    prop_assert_eq!(moves.len(), pos.legal_move_count(), "legal_move_count");
    prop_assert_eq!(
        status.is_over(),
        moves.is_empty(),
        "status {} vs moves",
        status
    );
    let set: HashSet<G::Move> = moves.iter().copied().collect();
    prop_assert_eq!(set.len(), moves.len(), "duplicate legal moves");
    for &mv in &moves {
        if let Err(e) = pos.check_move(mv) {
            return Err(TestCaseError::fail(format!(
                "generated {mv} fails check: {e}"
            )));
        }
        let text = mv.to_string();
        match pos.parse_move(&text) {
            Ok(back) => prop_assert_eq!(back, mv, "notation {} reads back wrong", text),
            Err(e) => return Err(TestCaseError::fail(format!("{text} does not parse: {e}"))),
        }
    }
    let mut rng = Rng::new(pos.zobrist());
    match pos.random_move(&mut rng) {
        Some(mv) => prop_assert!(set.contains(&mv), "random_move {} is not legal", mv),
        None => prop_assert!(status.is_over(), "random_move gave nothing in a live game"),
    }
    if probe {
        check_probes(pos, &set)?;
    }
    if let Some(back) = pos.text_round_trip() {
        match back {
            Ok(back) => {
                prop_assert_eq!(&back, pos, "position text round trip");
                prop_assert_eq!(back.zobrist(), pos.zobrist());
            }
            Err(e) => return Err(TestCaseError::fail(format!("text does not read back: {e}"))),
        }
    }
    Ok(())
}

/// Checks every probe move of `pos` ([`Conformance::probe_moves`]) against its `generated`
/// legal moves: `is_legal` agrees with the generator, and `play` rejects an illegal one with
/// its move and the right reason, leaving the position unchanged.
fn check_probes<G: Conformance>(
    pos: &G,
    generated: &HashSet<G::Move>,
) -> Result<(), TestCaseError> {
    let status = pos.status();
    for mv in pos.probe_moves() {
        let legal = pos.is_legal(mv);
        prop_assert_eq!(
            legal,
            generated.contains(&mv),
            "is_legal({}) vs generator",
            mv
        );
        if !legal {
            let mut copy = pos.clone();
            let err = match copy.play(mv) {
                Ok(()) => return Err(TestCaseError::fail(format!("play({mv}) accepted"))),
                Err(e) => e,
            };
            prop_assert_eq!(&copy, pos, "rejected {} changed the position", mv);
            prop_assert_eq!(err.mv, mv);
            if status.is_over() {
                prop_assert!(err.reason.is_game_over(), "{} over: {}", mv, err.reason);
            } else {
                prop_assert!(!err.reason.is_game_over(), "{} live: {}", mv, err.reason);
            }
        }
    }
    Ok(())
}
