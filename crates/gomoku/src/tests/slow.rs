//! Slow, obvious versions of the win check and the shape detector, written from the
//! definitions by walking the board point by point, and property tests comparing the fast
//! code (row words, table lookups) with them on random positions.

use crate::rule::End;
use crate::threat::{line_key, line_key_on_line, LineShape, Pattern};
use crate::{Axis, Point, PointSet, Position, Rule};
use boardgames_core::{Game, Player, Rng, Status};

use proptest::prelude::*;

/// A board seen by the slow code: the stones of the colour asked about, the other colour's,
/// the size and the rule.
struct Slow {
    own: PointSet,
    opp: PointSet,
    size: u8,
    rule: Rule,
    colour: Player,
}

impl Slow {
    fn new(pos: &Position, colour: Player) -> Slow {
        Slow {
            own: *pos.stones(colour),
            opp: *pos.stones(colour.opponent()),
            size: pos.size(),
            rule: pos.rule(),
            colour,
        }
    }

    /// The run through `at` along `axis` as a list of points, and what lies past each end.
    fn run(&self, own: &PointSet, at: Point, axis: Axis) -> (Vec<Point>, End, End) {
        let mut cells = vec![at];
        let end = |steps: i32| match at.step(axis, steps, self.size) {
            None => End::Edge,
            Some(p) if self.opp.contains(p) => End::Stone,
            Some(_) => End::Empty,
        };
        let mut back = 1;
        while let Some(p) = at.step(axis, -back, self.size).filter(|p| own.contains(*p)) {
            cells.insert(0, p);
            back += 1;
        }
        let mut forward = 1;
        while let Some(p) = at
            .step(axis, forward, self.size)
            .filter(|p| own.contains(*p))
        {
            cells.push(p);
            forward += 1;
        }
        (cells, end(-back), end(forward))
    }

    fn wins(&self, own: &PointSet, at: Point, axis: Axis) -> bool {
        let (cells, lo, hi) = self.run(own, at, axis);
        self.rule.run_wins(self.colour, cells.len() as u32, lo, hi)
    }

    /// Every empty point of the whole axis through `p`.
    fn empties(&self, own: &PointSet, p: Point, axis: Axis) -> Vec<Point> {
        (-20..=20)
            .filter_map(|k| p.step(axis, k, self.size))
            .filter(|q| !own.contains(*q) && !self.opp.contains(*q))
            .collect()
    }

    /// Empty points where one more stone makes a winning run through `p`.
    fn completions(&self, own: &PointSet, p: Point, axis: Axis) -> Vec<Point> {
        self.empties(own, p, axis)
            .into_iter()
            .filter(|&q| {
                let mut with = *own;
                with.insert(q);
                let (cells, ..) = self.run(&with, q, axis);
                cells.contains(&p) && self.wins(&with, q, axis)
            })
            .collect()
    }

    fn four_shape(&self, own: &PointSet, p: Point, axis: Axis) -> LineShape {
        let (cells, lo, hi) = self.run(own, p, axis);
        if cells.len() >= 5 {
            return if self.rule.run_wins(self.colour, cells.len() as u32, lo, hi) {
                LineShape::Five
            } else if cells.len() > 5 {
                LineShape::Overline
            } else {
                LineShape::BlockedFive
            };
        }
        let completions = self.completions(own, p, axis);
        let before = cells[0].step(axis, -1, self.size);
        let after = cells[cells.len() - 1].step(axis, 1, self.size);
        let completes = |q: Option<Point>| q.is_some_and(|q| completions.contains(&q));
        if completions.is_empty() {
            LineShape::None
        } else if cells.len() == 4 && completes(before) && completes(after) {
            LineShape::StraightFour
        } else if completions.len() >= 2 {
            LineShape::DoubleFour
        } else {
            LineShape::Four
        }
    }

    /// The shape along `axis` through `p`, by the definitions of [`LineShape`].
    fn shape(&self, p: Point, axis: Axis) -> LineShape {
        if !p.is_on_board(self.size) || self.opp.contains(p) {
            return LineShape::None;
        }
        let mut own = self.own;
        own.insert(p);
        let shape = self.four_shape(&own, p, axis);
        if shape != LineShape::None {
            return shape;
        }
        let (mut open, mut split, mut closed) = (false, false, false);
        for q in self.empties(&own, p, axis) {
            let mut with = own;
            with.insert(q);
            match self.four_shape(&with, p, axis) {
                LineShape::StraightFour => {
                    let (cells, ..) = self.run(&with, p, axis);
                    if q == cells[0] || q == cells[cells.len() - 1] {
                        open = true;
                    } else {
                        split = true;
                    }
                }
                LineShape::Four | LineShape::DoubleFour => closed = true,
                _ => {}
            }
        }
        if open {
            LineShape::OpenThree
        } else if split {
            LineShape::SplitThree
        } else if closed {
            LineShape::ClosedThree
        } else {
            LineShape::None
        }
    }
}

impl Slow {
    /// The pattern along `axis` through the empty point `p`, by the definitions of
    /// [`Pattern`]: the shape, or where there is none, the two counted by placing one more
    /// stone on each empty point within four steps and asking the slow shape again.
    fn pattern(&self, p: Point, axis: Axis) -> Pattern {
        let shape = self.shape(p, axis);
        if shape != LineShape::None {
            return Pattern::of_shape(shape);
        }
        let (mut live, mut closed) = (0, 0);
        for steps in (-4..=4).filter(|&s| s != 0) {
            let Some(q) = p.step(axis, steps, self.size) else {
                continue;
            };
            if self.own.contains(q) || self.opp.contains(q) {
                continue;
            }
            let mut own = self.own;
            own.insert(q);
            let more = Slow { own, ..*self };
            match more.shape(p, axis) {
                LineShape::OpenThree | LineShape::SplitThree => live += 1,
                LineShape::ClosedThree => closed += 1,
                _ => {}
            }
        }
        Pattern::two(live, closed)
    }
}

const RULES: [Rule; 5] = [
    Rule::CARO,
    Rule::CARO5,
    Rule::CARO6,
    Rule::STANDARD,
    Rule::FREESTYLE,
];

/// A random position: `plies` random moves (stopping at the end of the game) on a board of
/// `size`: uniform legal moves (`boardgames_core::random_position`), or when `crowd` moves
/// drawn near the centre, so that shapes are many.
fn random_position(size: u32, rule: Rule, plies: usize, seed: u64, crowd: bool) -> Position {
    let mut pos = Position::new(size, rule).unwrap();
    let mut rng = Rng::new(seed);
    if !crowd {
        return boardgames_core::random_position(pos, plies, &mut rng);
    }
    let span = size.min(9);
    let offset = (size - span) / 2;
    for _ in 0..plies {
        if pos.status().is_over() {
            break;
        }
        let p = Point::new(
            (offset + rng.below(span)) as u8,
            (offset + rng.below(span)) as u8,
        )
        .unwrap();
        if pos.is_legal(p) {
            pos.play(p).unwrap();
        }
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 24 } else { 512 },
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The table-driven shape of every point, axis and colour equals the slow one.
    #[test]
    fn fast_shapes_equal_slow_shapes(
        size in 5u32..=20,
        rule in 0usize..5,
        plies in 0usize..120,
        seed in any::<u64>(),
        crowd in any::<bool>(),
    ) {
        let rule = RULES[rule];
        let pos = random_position(size, rule, plies, seed, crowd);
        for colour in Player::ALL {
            // The whole-board query (line words) agrees with the point query (row words).
            let board = pos.threats(colour);
            for p in pos.empty_points() {
                prop_assert_eq!(board.get(p), pos.threats_at(colour, p), "{} {:?}\n{}", p, colour, pos);
            }
            let slow = Slow::new(&pos, colour);
            for p in PointSet::board(size as u8) {
                for axis in Axis::ALL {
                    let fast = pos.line_shape(colour, p, axis);
                    let want = slow.shape(p, axis);
                    prop_assert_eq!(fast, want, "{:?} {} at {} {:?} under {}\n{}", colour, fast as u8, p, axis, rule, pos);
                }
            }
        }
    }

    /// The key read from a whole line's words equals the key read from the board, for
    /// every point, axis and colour (and every rule, renju's white included).
    #[test]
    fn line_word_keys_equal_board_keys(
        size in 5u32..=20,
        rule in 0usize..6,
        plies in 0usize..120,
        seed in any::<u64>(),
        crowd in any::<bool>(),
    ) {
        let rule = [RULES.as_slice(), &[Rule::RENJU]].concat()[rule];
        let pos = random_position(size, rule, plies, seed, crowd);
        for colour in Player::ALL {
            let (own, opp) = (pos.stones(colour), pos.stones(colour.opponent()));
            for p in PointSet::board(size as u8) {
                for axis in Axis::ALL {
                    let mut start = p;
                    while let Some(q) = start.step(axis, -1, pos.size()) {
                        start = q;
                    }
                    let (mut own_word, mut opp_word, mut len, mut at) = (0u32, 0u32, 0, 0);
                    let mut q = Some(start);
                    while let Some(point) = q {
                        own_word |= u32::from(own.contains(point)) << len;
                        opp_word |= u32::from(opp.contains(point)) << len;
                        if point == p {
                            at = len;
                        }
                        len += 1;
                        q = point.step(axis, 1, pos.size());
                    }
                    let want = line_key(own, opp, p, axis, pos.size(), &rule, colour);
                    let got = line_key_on_line(own_word, opp_word, len, at, &rule, colour);
                    prop_assert_eq!(got, want, "{:?} at {} {:?} under {}\n{}", colour, p, axis, rule, pos);
                }
            }
        }
    }

    /// After every move, the incremental status equals a check of the whole board.
    #[test]
    fn incremental_win_check_equals_a_board_scan(
        size in 5u32..=20,
        rule in 0usize..5,
        seed in any::<u64>(),
        crowd in any::<bool>(),
    ) {
        let rule = RULES[rule];
        let mut pos = Position::new(size, rule).unwrap();
        let mut rng = Rng::new(seed);
        let span = if crowd { size.min(8) } else { size };
        let offset = (size - span) / 2;
        while !pos.status().is_over() {
            let p = Point::new((offset + rng.below(span)) as u8, (offset + rng.below(span)) as u8).unwrap();
            let p = if pos.is_legal(p) { p } else { pos.random_move(&mut rng).unwrap() };
            let mover = pos.side_to_move();
            pos.play(p).unwrap();
            let slow = Slow::new(&pos, mover);
            let winning: Vec<Axis> = Axis::ALL.into_iter().filter(|&a| slow.wins(&slow.own, p, a)).collect();
            let expected = if !winning.is_empty() {
                Status::Won(mover)
            } else if pos.empty_points().is_empty() {
                Status::Draw
            } else {
                Status::Ongoing
            };
            prop_assert_eq!(pos.status(), expected, "{} under {}\n{}", p, rule, pos);
            let mut cells = PointSet::EMPTY;
            for &axis in &winning {
                for q in slow.run(&slow.own, p, axis).0 {
                    cells.insert(q);
                }
            }
            prop_assert_eq!(pos.winning_cells(), cells);
            // The shape of the winning stone says five on exactly the winning axes.
            for axis in Axis::ALL {
                prop_assert_eq!(
                    pos.line_shape(mover, p, axis) == LineShape::Five,
                    winning.contains(&axis)
                );
            }
        }
        // The finished board reads back from its diagram with the same status.
        let back: Position = pos.to_string().parse().unwrap();
        prop_assert_eq!(back, pos);
    }
}

proptest! {
    // The slow patterns place a stone on every point of every line: fewer cases.
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 4 } else { 48 },
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The pattern table's entry for every empty point, axis and colour equals the slow
    /// pattern, under every rule; and under renju, a black point whose pattern on some axis
    /// is an overline or two fours, and none a five, is forbidden by the position's judge.
    #[test]
    fn table_patterns_equal_slow_patterns(
        size in 5u32..=20,
        rule in 0usize..6,
        plies in 0usize..120,
        seed in any::<u64>(),
        crowd in any::<bool>(),
    ) {
        let rule = [RULES.as_slice(), &[Rule::RENJU]].concat()[rule];
        let pos = random_position(size, rule, plies, seed, crowd);
        if pos.status().is_over() {
            return Ok(());
        }
        for colour in Player::ALL {
            let (own, opp) = (pos.stones(colour), pos.stones(colour.opponent()));
            let slow = Slow::new(&pos, colour);
            for p in pos.empty_points() {
                let patterns = Axis::ALL.map(|axis| {
                    line_key(own, opp, p, axis, pos.size(), &rule, colour).pattern(&rule, colour)
                });
                for (axis, &got) in Axis::ALL.into_iter().zip(&patterns) {
                    let want = slow.pattern(p, axis);
                    prop_assert_eq!(got, want, "{:?} at {} {:?} under {}\n{}", colour, p, axis, rule, pos);
                }
                let forbidden_shape = patterns.iter().any(|&t| matches!(t, Pattern::Overline | Pattern::DoubleFour));
                if *rule.forbidden_points.get(colour) && forbidden_shape && !patterns.contains(&Pattern::Five) {
                    prop_assert!(pos.forbidden(colour, p).is_some(), "{} under {}\n{}", p, rule, pos);
                }
            }
        }
    }
}
