//! The shapes a `SearchPosition` keeps up to date move by move equal the gomoku crate's
//! shapes of the same position, and its evaluation terms, class counts, near points and
//! neighbour counts, and the sums of its point class values (each empty point's class in the
//! group of its colour's stones nearby), equal the ones computed from scratch (renju's
//! black's points that may be forbidden counting none); on random positions of every rule
//! and several board sizes.
//! Moves taken back in place (`Unmake`) restore all of it.

use boardgames_core::{Game, Player, Rng, Unmake};
use boardgames_gomoku::threat::{line_key, shape_table, Threats};
use boardgames_gomoku::{Axis, Point, PointSet, Position, Rule};
use boardgames_players::gomoku::{
    assess, eval_terms, may_be_forbidden, near_group, point_class, Cell, Class, ClassValues,
    SearchPosition, CLASSES, EVAL_TERMS,
};
use proptest::prelude::*;

mod common;
use common::{near_centre, RULES};

/// The raw shapes of a point from the crate's tables (no true-three test for renju's black).
fn raw_threats(pos: &Position, colour: Player, point: Point) -> Threats {
    let (own, opp) = (pos.stones(colour), pos.stones(colour.opponent()));
    let rule = pos.rule();
    let table = shape_table(&rule, colour);
    Threats(Axis::ALL.map(|axis| {
        let key = line_key(own, opp, point, axis, pos.size(), &rule, colour);
        table[key.index()]
    }))
}

/// The empty points within the star neighbourhood of some stone.
fn near_from_scratch(pos: &Position) -> PointSet {
    let stones = pos.stones(Player::First).union(pos.stones(Player::Second));
    pos.empty_points()
        .iter()
        .filter(|p| {
            stones.iter().any(|s| {
                let (dc, dr) = (
                    (p.col() as i32 - s.col() as i32).abs(),
                    (p.row() as i32 - s.row() as i32).abs(),
                );
                dc.max(dr) == 1 || (dc.max(dr) == 2 && (dc == 0 || dr == 0 || dc == dr))
            })
        })
        .collect()
}

/// The stones of `colour` on the star neighbourhood of `point` (the eight neighbours and the
/// points two steps away along the four lines), counted on the board.
fn neighbours_from_scratch(pos: &Position, colour: Player, point: Point) -> u32 {
    pos.stones(colour)
        .iter()
        .filter(|s| {
            let (dc, dr) = (
                (point.col() as i32 - s.col() as i32).abs(),
                (point.row() as i32 - s.row() as i32).abs(),
            );
            dc.max(dr) == 1 || (dc.max(dr) == 2 && (dc == 0 || dr == 0 || dc == dr))
        })
        .count() as u32
}

/// The point class values the tests keep: the rule's own, or standard's for a rule with none.
fn class_values(rule: &Rule) -> &'static ClassValues {
    ClassValues::for_rule(rule)
        .or(ClassValues::for_rule(&Rule::STANDARD))
        .expect("the built-in tables read")
}

/// A tracked position keeping class values, as the tests make them.
fn with_classes(position: Position) -> SearchPosition {
    SearchPosition::new(position).with_class_values(class_values(&position.rule()))
}

fn check(tracked: &SearchPosition) -> Result<(), TestCaseError> {
    let pos = *tracked.position();
    let scratch = with_classes(pos);
    prop_assert_eq!(tracked.near(), &near_from_scratch(&pos), "\n{}", pos);
    prop_assert_eq!(scratch.near(), tracked.near());
    for colour in Player::ALL {
        let mut terms = [0u16; EVAL_TERMS];
        let mut counts = [0u32; CLASSES];
        let values = class_values(&pos.rule());
        let mut class_sums = [0; 2];
        for point in PointSet::board(pos.size()) {
            // An empty point is worth its class's value in the group of the colour's stones
            // near it, counted on the board; a taken point nothing.
            if pos.stone_at(point).is_none() {
                let group = near_group(neighbours_from_scratch(&pos, colour, point));
                let class = point_class(tracked.cell(colour, point));
                let [to_move, waiting] = values.value(class, group);
                class_sums[0] += to_move;
                class_sums[1] += waiting;
            }
            let Some(want) = check_point(tracked, &scratch, colour, point)? else {
                continue;
            };
            let (_, classes) = assess(want);
            for (sum, term) in terms.iter_mut().zip(eval_terms(want)) {
                *sum += u16::from(term);
            }
            for class in Class::ALL {
                counts[class as usize] += u32::from(classes & class.bit() != 0);
            }
        }
        prop_assert_eq!(tracked.terms(colour), terms);
        prop_assert_eq!(scratch.terms(colour), terms);
        prop_assert_eq!(tracked.class_sums(colour), Some(class_sums));
        prop_assert_eq!(scratch.class_sums(colour), Some(class_sums));
        for class in Class::ALL {
            prop_assert_eq!(
                tracked.count(colour, class),
                counts[class as usize],
                "{:?}",
                class
            );
        }
    }
    Ok(())
}

/// Checks the shapes, cell and neighbour counts of `colour` at `point` in `tracked` (and in
/// `scratch`, the same position made from scratch) against a direct reading of the board;
/// returns the shapes, or `None` on a dead point (counted in no term and no class).
fn check_point(
    tracked: &SearchPosition,
    scratch: &SearchPosition,
    colour: Player,
    point: Point,
) -> Result<Option<Threats>, TestCaseError> {
    let pos = *tracked.position();
    let want = if pos.stone_at(point).is_some() {
        Threats::NONE
    } else {
        raw_threats(&pos, colour, point)
    };
    // Where the rule does not restrict the colour, the crate's own query agrees.
    if !*pos.rule().forbidden_points.get(colour) && pos.stone_at(point).is_none() {
        prop_assert_eq!(want, pos.threats_at(colour, point));
    }
    prop_assert_eq!(
        tracked.threats(colour, point),
        want,
        "{:?} at {}\n{}",
        colour,
        point,
        pos
    );
    prop_assert_eq!(scratch.threats(colour, point), want);
    let neighbours = neighbours_from_scratch(&pos, colour, point);
    prop_assert_eq!(
        tracked.neighbours(colour, point),
        neighbours,
        "{:?} at {}",
        colour,
        point
    );
    prop_assert_eq!(scratch.neighbours(colour, point), neighbours);
    // Renju's black: the points that may be forbidden are dead, with no class and
    // no term.
    let restricted = *pos.rule().forbidden_points.get(colour);
    let dead = restricted && may_be_forbidden(want);
    prop_assert_eq!(tracked.cell(colour, point), Cell::of(want, restricted));
    prop_assert_eq!(tracked.cell(colour, point).is_dead(), dead);
    Ok((!dead).then_some(want))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 24 } else { 256 },
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Stones played one by one through the tracked position keep it equal to a fresh one.
    #[test]
    fn shapes_kept_move_by_move_equal_fresh_ones(
        size in prop::sample::select(vec![7u32, 9, 11, 15, 20]),
        rule in 0usize..6,
        plies in 0usize..60,
        seed in any::<u64>(),
    ) {
        let rule = RULES[rule];
        let mut tracked = with_classes(Position::new(size, rule).unwrap());
        let mut rng = Rng::new(seed);
        for _ in 0..plies {
            let p = near_centre(&mut rng, size, 9);
            if !tracked.is_legal(p) {
                continue;
            }
            tracked.play(p).unwrap();
            // Once the game is over the shapes are no longer kept.
            if tracked.status().is_over() {
                break;
            }
            check(&tracked)?;
        }
        prop_assert_eq!(tracked.zobrist(), tracked.position().zobrist_from_scratch());
    }

    /// A random walk of moves made and taken back in place: after every step the shapes,
    /// totals, counts and near points equal fresh ones, and each move taken back restores the
    /// position (hash included) from before it; moves made after a take-back see the restored
    /// line words.
    #[test]
    fn moves_taken_back_in_place_restore_everything(
        size in prop::sample::select(vec![7u32, 9, 11, 15, 20]),
        rule in 0usize..6,
        steps in 0usize..80,
        seed in any::<u64>(),
    ) {
        let rule = RULES[rule];
        let mut tracked = with_classes(Position::new(size, rule).unwrap());
        let mut rng = Rng::new(seed);
        let mut undos = Vec::new();
        for _ in 0..steps {
            // Take back one time in three (always once the game is over).
            if !undos.is_empty() && (tracked.status().is_over() || rng.below(3) == 0) {
                let (before, undo) = undos.pop().unwrap();
                tracked.unmake(undo);
                prop_assert_eq!(*tracked.position(), before);
                prop_assert_eq!(tracked.zobrist(), before.zobrist_from_scratch());
            } else {
                let p = near_centre(&mut rng, size, 9);
                if tracked.status().is_over() || !tracked.is_legal(p) {
                    continue;
                }
                let before = *tracked.position();
                let undo = tracked.make(p);
                undos.push((before, undo));
            }
            // Once the game is over the shapes are no longer kept.
            if !tracked.status().is_over() {
                check(&tracked)?;
            }
        }
    }
}

/// A search's root is where the position was made (or last marked): the plies count from
/// there through play, make and take-back.
#[test]
fn plies_count_from_the_root() {
    let start = Position::new(15, Rule::STANDARD).unwrap();
    let mut tracked = SearchPosition::new(start);
    assert_eq!(tracked.plies_from_root(), 0);
    tracked.play("h8".parse().unwrap()).unwrap();
    assert_eq!(tracked.plies_from_root(), 1);
    let undo = tracked.make("j9".parse().unwrap());
    assert_eq!(tracked.plies_from_root(), 2);
    tracked.unmake(undo);
    assert_eq!(tracked.plies_from_root(), 1);
    tracked.mark_root();
    assert_eq!(tracked.plies_from_root(), 0);
    assert_eq!(
        SearchPosition::new(*tracked.position()).plies_from_root(),
        0
    );
}

/// The root width widens the root's quiet moves only: every near point there, the best
/// twelve one ply down.
#[test]
fn the_root_width_applies_at_the_root_only() {
    use boardgames_core::MoveList;
    use boardgames_players::gomoku::{GomokuEvaluator, DEFAULT_WIDTH, MAX_WIDTH};
    use boardgames_search::Evaluator;
    let mut position = Position::new(15, Rule::FREESTYLE).unwrap();
    for mv in ["h8", "j9", "f6", "k12", "c3"] {
        position.play(mv.parse().unwrap()).unwrap();
    }
    let root = SearchPosition::new(position);
    let near = root.near().len();
    assert!(near > DEFAULT_WIDTH, "{near} near points");
    let wide = GomokuEvaluator::new().with_root_width(MAX_WIDTH);
    let narrow = GomokuEvaluator::new();
    let moves = |evaluator: &GomokuEvaluator, position: &SearchPosition| {
        let mut moves = MoveList::new();
        evaluator.search_moves(position, &mut moves);
        moves.len()
    };
    assert_eq!(moves(&wide, &root), near.min(MAX_WIDTH));
    assert_eq!(moves(&narrow, &root), DEFAULT_WIDTH);
    let mut child = root.clone();
    child.play("e5".parse().unwrap()).unwrap();
    assert_eq!(moves(&wide, &child), DEFAULT_WIDTH);
    // A narrower root than elsewhere is no narrower than elsewhere.
    assert_eq!(moves(&narrow.with_root_width(3), &root), DEFAULT_WIDTH);
}

/// Black's double four at h8 (e8 f8 g8 across, h5 h6 h7 down) wins under standard rules, and
/// is forbidden to black under renju: there the point is dead, with no class and no term.
#[test]
fn blacks_double_four_point_is_dead_under_renju() {
    let moves = [
        "e8", "a1", "f8", "a3", "g8", "a5", "h5", "a7", "h6", "a9", "h7", "a11",
    ];
    let at = |rule: Rule| {
        let mut game = SearchPosition::new(Position::new(15, rule).unwrap());
        for mv in moves {
            game.play(game.parse_move(mv).unwrap()).unwrap();
        }
        let h8 = game.parse_move("h8").unwrap();
        (game.cell(Player::First, h8), game.terms(Player::First))
    };
    let (standard, standard_terms) = at(Rule::STANDARD);
    assert!(!standard.is_dead());
    assert_ne!(standard.classes() & Class::OpenFour.bit(), 0);
    let (renju, renju_terms) = at(Rule::RENJU);
    assert!(renju.is_dead());
    assert_eq!(renju.classes(), 0);
    assert_eq!(renju.threats(), standard.threats());
    // The double-four term (7) is the dead point's alone.
    assert_eq!(standard_terms[7], 1);
    assert_eq!(renju_terms[7], 0);
}
