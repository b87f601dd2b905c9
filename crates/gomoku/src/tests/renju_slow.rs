//! A slow renju judge written from the definitions alone (no shape tables, no row words, no
//! shortcuts), and property tests holding the fast judge to it on dense random boards of
//! every size from 5x5 to 20x20.
//!
//! The definitions, for black (the restricted colour, whose fives must be exact):
//! - a *five* is a run of exactly five black stones; six or more is an *overline*;
//! - a *four* is a set of four black stones on one line that one more stone on an empty point
//!   turns into a five; a *straight four* is a four that two different points complete;
//! - the stone on `p` makes a *three* on an axis when some empty point `q` of that axis makes
//!   a straight four holding both `p` and `q`; the three is *true* when some such `q` makes
//!   no five on any axis and is not forbidden itself (judged with the stone on `p`);
//! - `p` is forbidden when its stone makes no five, and makes an overline, or two fours or
//!   more (fours are counted as distinct sets of stones, so one line can hold two), or true
//!   threes on two axes or more; the kind is the first of these that applies.

use crate::forbidden::{Board, ForbiddenKind};
use crate::{Axis, Point, PointSet, Position, Rule, Setup};
use boardgames_core::{ByPlayer, Player, Rng};
use proptest::prelude::*;

/// A board for the slow judge: black and white stones and the size.
pub(crate) struct RenjuJudge {
    white: PointSet,
    size: u8,
}

impl RenjuJudge {
    /// The points of the whole line through `p` along `axis`, in order.
    fn line(&self, p: Point, axis: Axis) -> Vec<Point> {
        (-20..=20)
            .filter_map(|k| p.step(axis, k, self.size))
            .collect()
    }

    /// The maximal run of `black` stones through `p` along `axis` (empty if `p` has none).
    fn run(&self, black: &PointSet, p: Point, axis: Axis) -> Vec<Point> {
        let line = self.line(p, axis);
        let Some(at) = line.iter().position(|&q| q == p) else {
            return Vec::new();
        };
        if !black.contains(p) {
            return Vec::new();
        }
        let mut lo = at;
        while lo > 0 && black.contains(line[lo - 1]) {
            lo -= 1;
        }
        let mut hi = at;
        while hi + 1 < line.len() && black.contains(line[hi + 1]) {
            hi += 1;
        }
        line[lo..=hi].to_vec()
    }

    fn is_empty(&self, black: &PointSet, q: Point) -> bool {
        !black.contains(q) && !self.white.contains(q)
    }

    /// `true` when the stone on `p` is part of an exact five on some axis.
    fn makes_five(&self, black: &PointSet, p: Point) -> bool {
        Axis::ALL
            .into_iter()
            .any(|a| self.run(black, p, a).len() == 5)
    }

    /// Every four holding `p` along `axis`, as (its four stones, the point completing it),
    /// one entry per completion.
    fn fours(&self, black: &PointSet, p: Point, axis: Axis) -> Vec<(Vec<Point>, Point)> {
        let mut found = Vec::new();
        for q in self.line(p, axis) {
            if !self.is_empty(black, q) {
                continue;
            }
            let mut with = *black;
            with.insert(q);
            let run = self.run(&with, q, axis);
            if run.len() == 5 && run.contains(&p) {
                let stones: Vec<Point> = run.into_iter().filter(|&s| s != q).collect();
                found.push((stones, q));
            }
        }
        found
    }

    /// The number of distinct fours holding `p` along `axis`.
    fn four_count(&self, black: &PointSet, p: Point, axis: Axis) -> usize {
        let mut sets: Vec<Vec<Point>> = self
            .fours(black, p, axis)
            .into_iter()
            .map(|f| f.0)
            .collect();
        sets.sort();
        sets.dedup();
        sets.len()
    }

    /// `true` when some straight four along `axis` holds both `p` and `q`.
    fn straight_four_with(&self, black: &PointSet, p: Point, q: Point, axis: Axis) -> bool {
        let fours = self.fours(black, p, axis);
        fours.iter().any(|(stones, by)| {
            stones.contains(&q)
                && fours
                    .iter()
                    .any(|(other, by2)| other == stones && by2 != by)
        })
    }

    /// Whether the stone on `p` (already in `black`) makes a true three along `axis`.
    pub(crate) fn true_three(&self, black: &PointSet, p: Point, axis: Axis) -> bool {
        self.line(p, axis).into_iter().any(|q| {
            if !self.is_empty(black, q) {
                return false;
            }
            let mut with = *black;
            with.insert(q);
            self.straight_four_with(&with, p, q, axis)
                && !self.makes_five(&with, q)
                && self.forbidden(black, q).is_none()
        })
    }

    /// Why black's stone on the empty `p` would be forbidden, if it would.
    pub(crate) fn forbidden(&self, black: &PointSet, p: Point) -> Option<ForbiddenKind> {
        let mut b = *black;
        b.insert(p);
        if self.makes_five(&b, p) {
            return None;
        }
        if Axis::ALL.into_iter().any(|a| self.run(&b, p, a).len() > 5) {
            return Some(ForbiddenKind::Overline);
        }
        let fours: usize = Axis::ALL
            .into_iter()
            .map(|a| self.four_count(&b, p, a))
            .sum();
        if fours >= 2 {
            return Some(ForbiddenKind::DoubleFour);
        }
        let threes = Axis::ALL
            .into_iter()
            .filter(|&a| self.true_three(&b, p, a))
            .count();
        (threes >= 2).then_some(ForbiddenKind::DoubleThree)
    }
}

/// A dense random board: each point of a square of `span` points (centred) black with
/// probability `black` percent, else white with probability `white` percent.
fn dense_stones(size: u8, span: u8, black: u32, white: u32, seed: u64) -> ByPlayer<PointSet> {
    let mut rng = Rng::new(seed);
    let mut stones = ByPlayer::new(PointSet::EMPTY, PointSet::EMPTY);
    let offset = (size - span) / 2;
    for col in offset..offset + span {
        for row in offset..offset + span {
            let p = Point::new(col, row).expect("on the 20x20 board");
            let roll = rng.below(100);
            if roll < black {
                stones.first.insert(p);
            } else if roll < black + white {
                stones.second.insert(p);
            }
        }
    }
    stones
}

/// Checks every empty point of the board: the fast verdict and kind equal the slow ones,
/// the reason's lines pass through the point, and black's live threes are the true threes.
fn check_board(stones: ByPlayer<PointSet>, size: u8) -> Result<(), TestCaseError> {
    let board = Board {
        stones,
        size,
        rule: Rule::RENJU,
    };
    let judge = RenjuJudge {
        white: stones.second,
        size,
    };
    let taken = stones.first.union(&stones.second);
    for p in PointSet::board(size).difference(&taken) {
        let want = judge.forbidden(&stones.first, p);
        let got = board.forbidden(Player::First, p);
        prop_assert_eq!(got, want, "{} on\n{}", p, show(stones, size));
        prop_assert_eq!(board.forbidden(Player::Second, p), None);
        if let Some(kind) = got {
            let why = board.explain(Player::First, p, kind);
            let lines: Vec<_> = why.lines().collect();
            let needed = if kind == ForbiddenKind::Overline {
                1
            } else {
                2
            };
            let enough =
                lines.len() >= needed || (kind == ForbiddenKind::DoubleFour && !lines.is_empty());
            prop_assert!(enough, "{} {:?} {:?}", p, kind, lines);
            for line in lines {
                prop_assert!(line.cells().any(|c| c == p), "{} not on {}", p, line);
            }
        }
    }
    Ok(())
}

/// The board as a bare diagram, for failure messages.
fn show(stones: ByPlayer<PointSet>, size: u8) -> String {
    let setup = Setup {
        stones,
        to_move: Player::First,
        size: size as u32,
        rule: Rule::FREESTYLE,
    };
    match setup.validate() {
        Ok(position) => position.to_string(),
        Err(_) => format!("{stones:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 12 } else { 160 },
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Dense boards (a third to two thirds of the points taken, both colours), every size.
    #[test]
    fn fast_judge_equals_the_definitions_on_dense_boards(
        size in 5u8..=20,
        span in 5u8..=11,
        black in 20u32..45,
        white in 5u32..35,
        seed in any::<u64>(),
    ) {
        let span = span.min(size);
        check_board(dense_stones(size, span, black, white, seed), size)?;
    }

    /// Positions of random renju games (black never plays a forbidden point), crowded near
    /// the centre; and black's threats report exactly the true threes as live.
    #[test]
    fn fast_judge_equals_the_definitions_in_games(
        size in 7u32..=20,
        plies in 10usize..120,
        seed in any::<u64>(),
    ) {
        let start = Position::new(size, Rule::RENJU).unwrap();
        let pos = boardgames_core::random_position(start, plies, &mut Rng::new(seed));
        let stones = ByPlayer::new(*pos.stones(Player::First), *pos.stones(Player::Second));
        check_board(stones, pos.size())?;
        let judge = RenjuJudge { white: stones.second, size: pos.size() };
        for p in pos.empty_points().iter().take(60) {
            let mut b = stones.first;
            b.insert(p);
            let threats = pos.threats_at(Player::First, p);
            for axis in Axis::ALL {
                prop_assert_eq!(threats.line(axis).is_live_three(), judge.true_three(&b, p, axis), "{} {:?}\n{}", p, axis, pos);
            }
        }
    }
}
