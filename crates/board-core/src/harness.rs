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
//!
//! [`check_actions`] checks a game's learning-agent view ([`crate::actions`]) over random
//! playouts the same way: the legal-action mask and the legal moves agree both ways, ids
//! round-trip, bad ids and buffers get typed errors, observations stay finite and in `[0, 1]`,
//! and every symmetry is a permutation of the ids whose images agree with the image position.

use crate::actions::{ActionErrorReason, Symmetries, SymmetryError};
use crate::{Game, History, MoveError, MoveList, Player, Rng};
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

/// What a game provides so [`check_actions`] can check its symmetries against real positions.
pub trait ActionConformance: Symmetries {
    /// The position's image under `symmetry`, when the game can build it. The harness then
    /// checks that the image's mask and observations are the mapped mask and observations.
    fn symmetric_image(&self, _symmetry: usize) -> Option<Self> {
        None
    }
}

/// A match has no image: its history would have to be mapped too.
impl<G: ActionConformance + crate::matches::MatchRules> ActionConformance
    for crate::matches::Match<G>
{
}

/// Runs the checks of the learning-agent view ([`crate::actions`]) on random games from
/// `start`; panics with the first failure (shrunk to a short game) so it can be called from a
/// `#[test]`. Heavy checks (every illegal id, every symmetry) run at every
/// `config.probe_every`-th position.
pub fn check_actions<G: ActionConformance>(start: &G, config: &HarnessConfig) {
    if let Err(e) = check_symmetry_permutations(start) {
        panic!("action conformance failure at the start: {e}");
    }
    let mut runner = TestRunner::new(Config {
        cases: config.cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (any::<u64>(), proptest::collection::vec(any::<u32>(), 0..64));
    let result = runner.run(&strategy, |(seed, prefix)| {
        let mut rng = Rng::new(seed);
        let mut pos = start.clone();
        let mut moves = MoveList::new();
        for ply in 0..=config.max_plies {
            check_action_position(start, &pos, ply % config.probe_every.max(1) == 0)?;
            pos.legal_moves(&mut moves);
            if moves.is_empty() || ply == config.max_plies {
                break;
            }
            let index = match prefix.get(ply) {
                Some(&choice) => choice as usize % moves.len(),
                None => rng.below(moves.len() as u32) as usize,
            };
            // Step through the id of the move, as an agent does.
            let id = pos.action_id(moves[index]);
            let played = pos
                .play_action(id)
                .map_err(|e| TestCaseError::fail(format!("legal id rejected: {e}")))?;
            prop_assert_eq!(played, moves[index]);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("action conformance failure: {e}");
    }
}

/// Every symmetry maps the ids one-to-one onto the ids, its inverse undoes it, symmetry 0 is
/// the identity, and bad indices get typed errors.
fn check_symmetry_permutations<G: Symmetries>(pos: &G) -> Result<(), TestCaseError> {
    let (n, count) = (pos.action_count(), pos.symmetry_count());
    prop_assert!(count >= 1, "no identity symmetry");
    for s in 0..count {
        let inverse = pos
            .inverse_symmetry(s)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut seen = vec![false; n];
        for a in 0..n {
            let image = pos
                .map_action(s, a)
                .map_err(|e| TestCaseError::fail(format!("symmetry {s} of action {a}: {e}")))?;
            prop_assert!(
                image < n && !seen[image],
                "symmetry {} not a permutation",
                s
            );
            seen[image] = true;
            prop_assert_eq!(pos.map_action(inverse, image), Ok(a), "inverse of {}", s);
            if s == 0 {
                prop_assert_eq!(image, a, "symmetry 0 is not the identity");
            }
        }
        prop_assert_eq!(
            pos.map_action(s, n),
            Err(SymmetryError::Action {
                action: n,
                count: n
            })
        );
    }
    let bad = Err(SymmetryError::Symmetry {
        symmetry: count,
        count,
    });
    prop_assert_eq!(pos.map_action(count, 0), bad);
    prop_assert_eq!(pos.inverse_symmetry(count), bad);
    Ok(())
}

/// The mask of `pos`, checked against its legal moves both ways, with every legal id
/// round-tripping through `action_move`.
fn checked_mask<G: Symmetries>(pos: &G) -> Result<Vec<bool>, TestCaseError> {
    let n = pos.action_count();
    let mut mask = vec![true; n];
    pos.legal_action_mask(&mut mask)
        .map_err(|e| TestCaseError::fail(format!("mask: {e}")))?;
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    prop_assert_eq!(
        mask.iter().filter(|&&legal| legal).count(),
        moves.len(),
        "mask and legal moves differ in size"
    );
    for &mv in &moves {
        let id = pos.action_id(mv);
        prop_assert!(
            id < n && mask[id],
            "legal {} (id {}) not in the mask",
            mv,
            id
        );
        prop_assert_eq!(pos.action_move(id), Ok(mv), "id {} does not round-trip", id);
    }
    let mut short = vec![false; n + 1];
    prop_assert_eq!(
        pos.legal_action_mask(&mut short),
        Err(crate::actions::BufferSizeError {
            expected: n,
            found: n + 1
        })
    );
    prop_assert!(!short.iter().any(|&b| b), "a rejected buffer was written");
    Ok(mask)
}

/// Illegal ids (all of them, or a spread sample on games with many) are rejected with their
/// id and the right reason, and ids past the last are out of range.
fn check_illegal_ids<G: Symmetries>(pos: &G, mask: &[bool]) -> Result<(), TestCaseError> {
    let n = mask.len();
    let step = (n / 1024).max(1);
    let offset = (pos.zobrist() as usize) % step;
    for id in (offset..n).step_by(step).filter(|&id| !mask[id]) {
        match pos.action_move(id) {
            Ok(mv) => return Err(TestCaseError::fail(format!("illegal id {id} gave {mv}"))),
            Err(e) => {
                prop_assert_eq!(e.action, id);
                prop_assert!(
                    matches!(e.reason, ActionErrorReason::Illegal { .. }),
                    "{}",
                    e
                );
            }
        }
        let mut copy = pos.clone();
        prop_assert!(
            copy.play_action(id).is_err(),
            "play_action({}) accepted",
            id
        );
        prop_assert_eq!(&copy, pos, "rejected id {} changed the position", id);
    }
    for id in [n, n + 1, usize::MAX] {
        let e = pos.action_move(id).err();
        prop_assert_eq!(
            e.map(|e| (e.action, e.reason)),
            Some((id, ActionErrorReason::OutOfRange { count: n }))
        );
    }
    Ok(())
}

/// The observations of `pos` from both sides: the right length, finite values in `[0, 1]`, and
/// the "own" and "opponent" planes (where the game has them) swapping with the perspective.
fn checked_observations<G: Symmetries>(pos: &G) -> Result<[Vec<f32>; 2], TestCaseError> {
    let shape = pos.observation_shape();
    let names = pos.observation_planes();
    prop_assert_eq!(names.len(), shape.planes, "plane names vs shape");
    // NaN shows any value the writer leaves unwritten.
    let mut views = [vec![f32::NAN; shape.len()], vec![f32::NAN; shape.len()]];
    for (view, player) in views.iter_mut().zip([Player::First, Player::Second]) {
        pos.write_observation(player, view)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        if let Some(bad) = view.iter().position(|v| !(0.0..=1.0).contains(v)) {
            let plane = names[bad / shape.plane_len()];
            return Err(TestCaseError::fail(format!(
                "observation value {} in plane {plane} for {player}",
                view[bad]
            )));
        }
    }
    let mut long = vec![0.0; shape.len() + 1];
    prop_assert!(pos.write_observation(Player::First, &mut long).is_err());
    let plane = |view: &[f32], name: &str| {
        let p = names.iter().position(|&n| n == name)?;
        Some(view[p * shape.plane_len()..(p + 1) * shape.plane_len()].to_vec())
    };
    if plane(&views[0], "own").is_some() && plane(&views[0], "opponent").is_some() {
        prop_assert_eq!(plane(&views[0], "own"), plane(&views[1], "opponent"));
        prop_assert_eq!(plane(&views[0], "opponent"), plane(&views[1], "own"));
    }
    Ok(views)
}

fn check_action_position<G: ActionConformance>(
    start: &G,
    pos: &G,
    heavy: bool,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(pos.action_count(), start.action_count(), "action count");
    prop_assert_eq!(pos.observation_shape(), start.observation_shape());
    prop_assert_eq!(pos.symmetry_count(), start.symmetry_count());
    let mask = checked_mask(pos)?;
    let views = checked_observations(pos)?;
    if heavy {
        check_illegal_ids(pos, &mask)?;
        for s in 0..pos.symmetry_count() {
            check_symmetry(pos, s, &mask, &views)?;
        }
    }
    Ok(())
}

/// Symmetry `s` on `pos`: the mapped observation maps back, and where the game builds the
/// image position, its mask and observations are the mapped ones.
fn check_symmetry<G: ActionConformance>(
    pos: &G,
    s: usize,
    mask: &[bool],
    views: &[Vec<f32>; 2],
) -> Result<(), TestCaseError> {
    let fail = |e: SymmetryError| TestCaseError::fail(format!("symmetry {s}: {e}"));
    let mut mapped_mask = vec![false; mask.len()];
    for (a, &legal) in mask.iter().enumerate() {
        mapped_mask[pos.map_action(s, a).map_err(fail)?] = legal;
    }
    let inverse = pos.inverse_symmetry(s).map_err(fail)?;
    let mut mapped = [
        vec![f32::NAN; views[0].len()],
        vec![f32::NAN; views[0].len()],
    ];
    for (view, out) in views.iter().zip(mapped.iter_mut()) {
        pos.map_observation(s, view, out).map_err(fail)?;
        let mut back = vec![f32::NAN; view.len()];
        pos.map_observation(inverse, out, &mut back).map_err(fail)?;
        prop_assert_eq!(&back, view, "symmetry {} then its inverse", s);
    }
    prop_assert!(pos
        .map_observation(s, &views[0], &mut vec![0.0; views[0].len() + 1])
        .is_err());
    if let Some(image) = pos.symmetric_image(s) {
        prop_assert_eq!(checked_mask(&image)?, mapped_mask, "mask of image {}", s);
        let image_views = checked_observations(&image)?;
        prop_assert_eq!(&image_views, &mapped, "observation of image {}", s);
        prop_assert_eq!(image.status(), pos.status());
    }
    Ok(())
}
