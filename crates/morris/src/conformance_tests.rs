//! The board-core conformance harness and property tests (test-only module: the `Conformance`
//! impls must live in this crate).

use crate::geometry::in_mills;
use crate::{DrawRules, Match, Move, Point, Points, Position, Setup};
use boardgames_core::harness::{
    check_actions, check_conformance, ActionConformance, Conformance, HarnessConfig,
};
use boardgames_core::{random_position, Game, MoveList, Rng, Status};
use proptest::prelude::*;
use std::collections::HashSet;

/// Every legal move, and illegal ones around them: every placement, every piece of the mover
/// to every point, each of those with a capture of every point when it is one of the legal
/// moves' destinations, and every legal move with its capture dropped or added.
fn probes(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    out.extend(legal.iter().copied());
    for mv in &legal {
        out.push(mv.without_capture());
        if mv.capture().is_none() {
            out.push(mv.with_capture(Point::ALL[(mv.to().index() as usize + 5) % 24]));
        }
    }
    if let Some(mill_move) = legal.iter().find(|m| m.capture().is_some()) {
        out.extend(Point::ALL.iter().map(|&c| mill_move.with_capture(c)));
    }
    for to in Point::ALL {
        out.push(Move::place(to));
        for from in Point::ALL {
            out.push(Move::slide(from, to));
        }
    }
    out
}

impl Conformance for Position {
    fn probe_moves(&self) -> Vec<Move> {
        probes(self)
    }

    fn text_round_trip(&self) -> Option<Result<Self, String>> {
        boardgames_core::harness::reparse(self)
    }
}

impl ActionConformance for Position {
    /// The position with every piece moved by the symmetry.
    fn symmetric_image(&self, symmetry: usize) -> Option<Position> {
        let mut setup = Setup::from(self);
        for pieces in [&mut setup.pieces.first, &mut setup.pieces.second] {
            *pieces = pieces
                .points()
                .map(|p| crate::actions::map_point(symmetry, p))
                .fold(Points::EMPTY, |set, p| set.with(p.index()));
        }
        Some(
            setup
                .validate()
                .expect("a symmetric image is a valid position"),
        )
    }
}

#[test]
fn action_harness() {
    let config = HarnessConfig {
        cases: 24,
        max_plies: 300,
        probe_every: 9,
    };
    check_actions(&Position::new(), &config);
    check_actions(
        &Position::with_rules(crate::Rules { flying: false }),
        &config,
    );
    // A match under draw rules: no legal id once a rule has drawn the game.
    let rules = DrawRules {
        threefold: true,
        quiet_moves: Some(20),
    };
    check_actions(&Match::new(Position::new(), rules), &config);
}

// `Match` (the generic match over `Position`) gets its `Conformance` from board-core: the
// position's probes, and the match's own undo.

/// The harness from `start` over `cases` games of at most `max_plies` plies, probing illegal
/// moves at every `probe_every`-th position: morris games run long and its probes are many, so
/// each start gets its own budget.
fn harness<G: Conformance>(start: &G, cases: u32, max_plies: usize, probe_every: usize) {
    let config = HarnessConfig {
        cases,
        max_plies,
        probe_every,
    };
    check_conformance(start, &config);
}

#[test]
fn conformance_harness() {
    harness(&Position::new(), 48, 400, 3);
}

#[test]
fn conformance_harness_without_flying() {
    let rules = crate::Rules { flying: false };
    harness(&Position::with_rules(rules), 16, 300, 5);
}

#[test]
fn conformance_harness_with_draw_rules() {
    let rules = DrawRules {
        threefold: true,
        quiet_moves: Some(20),
    };
    harness(&Match::new(Position::new(), rules), 16, 400, 7);
}

/// The position after up to `plies` random moves of the game seeded `seed`.
fn after_random_moves(seed: u64, plies: usize) -> Position {
    random_position(Position::new(), plies, &mut Rng::new(seed))
}

/// The legal moves computed the slow way: every candidate move checked against the rules
/// with plain loops over the mill table.
fn slow_legal_moves(pos: &Position) -> HashSet<Move> {
    let mut out = HashSet::new();
    let me = pos.side_to_move();
    let (own, opp) = (pos.pieces(me), pos.pieces(me.opponent()));
    if pos.in_hand(me) + pos.on_board(me) < 3
        || pos.in_hand(me.opponent()) + pos.on_board(me.opponent()) < 3
    {
        return out;
    }
    let empty = pos.empty_points();
    let free: Points = opp
        .points()
        .filter(|&p| !crate::MILLS.iter().any(|m| m.has(p) && m.is_subset(opp)))
        .collect();
    let targets = if free.is_empty() { opp } else { free };
    let mut candidates = Vec::new();
    if pos.in_hand(me) > 0 {
        candidates.extend(empty.points().map(|t| (None, t)));
    } else {
        for f in own.points() {
            for t in empty.points() {
                if own.count() == 3 || crate::are_adjacent(f, t) {
                    candidates.push((Some(f), t));
                }
            }
        }
    }
    for (from, to) in candidates {
        let after = match from {
            Some(f) => own.without(f.index()).with(to.index()),
            None => own.with(to.index()),
        };
        let mill = crate::MILLS.iter().any(|m| m.has(to) && m.is_subset(after));
        let base = match from {
            Some(f) => Move::slide(f, to),
            None => Move::place(to),
        };
        if mill && !targets.is_empty() {
            out.extend(targets.points().map(|c| base.with_capture(c)));
        } else {
            out.insert(base);
        }
    }
    out
}

/// Random moves are uniform over full moves, capture choices included: on positions with
/// mills to close, every (move, capture) is drawn about equally often.
#[test]
fn random_moves_are_uniform_over_move_and_capture() {
    let mut checked = 0;
    let mut seed = 0;
    while checked < 5 {
        seed += 1;
        let pos = after_random_moves(seed, 30 + (seed as usize % 40));
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if !moves.iter().any(|m| m.capture().is_some()) || moves.len() > 60 {
            continue;
        }
        let draws = 4_000 * moves.len();
        let mut counts = std::collections::HashMap::new();
        let mut rng = Rng::new(seed);
        for _ in 0..draws {
            *counts
                .entry(pos.random_move(&mut rng).unwrap())
                .or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), moves.len(), "{pos}");
        for (mv, n) in counts {
            assert!(
                (3_400..4_600).contains(&n),
                "{mv} drawn {n} times of {draws} in\n{pos}"
            );
        }
        checked += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn generator_agrees_with_a_slow_reading_of_the_rules(seed in any::<u64>(), plies in 0usize..200) {
        let pos = after_random_moves(seed, plies);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let fast: HashSet<Move> = moves.iter().copied().collect();
        prop_assert_eq!(fast.len(), moves.len());
        prop_assert_eq!(&fast, &slow_legal_moves(&pos), "{}", pos);
        prop_assert_eq!(pos.status().is_over(), fast.is_empty());
    }

    #[test]
    fn ui_queries_agree_with_the_move_list(seed in any::<u64>(), plies in 0usize..200) {
        let pos = after_random_moves(seed, plies);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let placements: Points = moves.iter().filter(|m| m.is_placement()).map(|m| m.to()).collect();
        prop_assert_eq!(pos.placement_points(), placements);
        let movable: Points = moves.iter().filter_map(|m| m.from()).collect();
        prop_assert_eq!(pos.movable_pieces(), movable);
        for from in Point::ALL {
            let dests: Points = moves.iter().filter(|m| m.from() == Some(from)).map(|m| m.to()).collect();
            prop_assert_eq!(pos.destinations(from), dests);
        }
        for mv in &moves {
            prop_assert_eq!(pos.forms_mill(mv.from(), mv.to()), mv.capture().is_some());
            if let Some(c) = mv.capture() {
                prop_assert!(pos.capture_targets().has(c));
            }
        }
    }

    #[test]
    fn random_moves_are_uniform_enough_to_reach_every_move(seed in any::<u64>(), plies in 0usize..60) {
        let pos = after_random_moves(seed, plies);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        prop_assume!(!moves.is_empty() && moves.len() <= 40);
        let mut seen = HashSet::new();
        let mut rng = Rng::new(seed ^ 0xABCD);
        for _ in 0..moves.len() * 60 {
            seen.insert(pos.random_move(&mut rng).unwrap());
        }
        prop_assert_eq!(seen.len(), moves.len());
    }

    #[test]
    fn playouts_end_in_a_finished_valid_position(seed in any::<u64>(), plies in 0usize..30) {
        let mut pos = after_random_moves(seed, plies);
        let (status, _) = pos.random_playout(&mut Rng::new(seed ^ 1), usize::MAX);
        prop_assert!(status.is_over());
        prop_assert_ne!(status, Status::Draw);
        prop_assert_eq!(status, pos.status());
        prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        prop_assert!(Setup::from(&pos).problems().is_empty(), "{}", pos);
    }

    #[test]
    fn reachable_positions_validate_and_round_trip(seed in any::<u64>(), plies in 0usize..300) {
        let pos = after_random_moves(seed, plies);
        prop_assert_eq!(Setup::from(&pos).validate(), Ok(pos));
        prop_assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
        // The side to move is part of the text: flipping it changes the position or fails.
        let flipped = pos.to_string().replace(
            &format!("to move: {}", crate::colour(pos.side_to_move())),
            &format!("to move: {}", crate::colour(pos.side_to_move().opponent())),
        );
        prop_assert_ne!(flipped.parse::<Position>().ok(), Some(pos));
    }

    #[test]
    fn capture_targets_follow_the_protection_rule(seed in any::<u64>(), plies in 0usize..200) {
        let pos = after_random_moves(seed, plies);
        let opp = pos.pieces(pos.side_to_move().opponent());
        let in_mill = Points(in_mills(opp.0));
        let targets = pos.capture_targets();
        if in_mill == opp {
            prop_assert_eq!(targets, opp);
        } else {
            prop_assert_eq!(targets, opp - in_mill);
        }
    }

    #[test]
    fn diagram_parser_never_panics(text in "[WB.\\-| 0-9a-g:\n]{0,80}") {
        let _ = text.parse::<Position>();
    }

    #[test]
    fn a_match_without_rules_follows_its_position(seed in any::<u64>(), plies in 0usize..200) {
        let mut game = Match::new(Position::new(), DrawRules::NONE);
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let Some(mv) = game.random_move(&mut rng) else { break };
            game.play(mv).unwrap();
        }
        prop_assert_eq!(game.status(), game.position().status());
        while game.undo().is_some() {}
        prop_assert_eq!(game.position(), &Position::new());
    }
}
