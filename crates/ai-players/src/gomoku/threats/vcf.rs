//! Threat-space search, part one: VCF, victory by continuous fours.
//!
//! The attacker (the side to move) plays only fours, moves that give it a point where one
//! more stone wins; the defender's replies are then forced: it must take away every winning
//! point (one stone on the point itself, or, under Caro, a stone that blocks the five's open
//! end). The search is exact under every rule of the gomoku crate because it never judges a
//! five itself: a four is a point whose [`LineShape`] (from `boardgames_gomoku::threat`,
//! judged under the rule: blocked fives and overlines are not fives) is a four, and every
//! move is played through the checked [`Game::play`], so a renju forbidden point is neither
//! an attacking four for black nor a defence for black.
//!
//! [`vcf`] deepens one attacker move at a time, so the sequence it returns is a shortest
//! one: the five comes at the fewest plies the defender can force.
//!
//! ```
//! use boardgames_gomoku::Position;
//! use boardgames_players::gomoku::{vcf, ThreatLimits};
//!
//! // Black has three in a row: the straight four wins (white's open three is too slow).
//! let game: Position = "freestyle, black to move
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . X X X . . .
//!     . . . . . . . . .
//!     . . . . O O O . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . ."
//!     .parse()
//!     .unwrap();
//! let win = vcf(&game, &ThreatLimits::default()).win().unwrap().clone();
//! assert!(["c6", "g6"].contains(&win.first_move().to_string().as_str()));
//! assert_eq!(win.plies, 3); // a straight four, any block, a five
//! ```

use super::budget::{Budget, Line, ThreatLimits, ThreatOutcome, ThreatResult};
use super::points::{
    all_fours, defences, fives_near, four_candidates, line_points, reach, strength,
};
use super::search::deepen;
use boardgames_core::{Game, Status};
use boardgames_gomoku::{Point, PointSet, Position};
use std::collections::HashMap;

/// Searches a VCF for the side to move of `position` within `limits`: the shortest sequence
/// of fours that forces a five. A finished game has none.
pub fn vcf(position: &Position, limits: &ThreatLimits) -> ThreatResult {
    let mut budget = Budget::new(limits);
    let mut solver = Vcf::default();
    let outcome = solver.solve(position, limits.max_moves, &mut budget);
    budget.result(outcome)
}

/// The VCF solver: failures are remembered per position with the move bound they failed
/// at (a failure within `d` moves is one within any fewer).
#[derive(Default)]
pub(crate) struct Vcf {
    failed: HashMap<u64, u32>,
}

impl Vcf {
    /// Iterative deepening from one attacker move up to `max_moves`.
    pub(crate) fn solve(
        &mut self,
        position: &Position,
        max_moves: u32,
        budget: &mut Budget,
    ) -> ThreatOutcome {
        let me = position.side_to_move();
        let mut fours = None;
        deepen(
            position,
            2..=max_moves.max(1),
            budget,
            |theirs, moves, budget| {
                let fours = fours.get_or_insert_with(|| all_fours(position, me));
                self.attack(position, fours, theirs, moves, budget)
            },
        )
    }

    /// The attacker to move with no five of its own, the defender's winning points `theirs`,
    /// candidate four points `fours` (a superset of the real ones) and at most `moves` more
    /// attacker moves: the shortest forced five, if one is found.
    pub(crate) fn attack(
        &mut self,
        position: &Position,
        fours: &PointSet,
        theirs: &PointSet,
        moves: u32,
        budget: &mut Budget,
    ) -> Option<Line> {
        if moves < 2 || theirs.len() > 1 || budget.tick() {
            return None;
        }
        let key = position.zobrist();
        if self.failed.get(&key).is_some_and(|&d| d >= moves) {
            return None;
        }
        let me = position.side_to_move();
        let mut tries: Vec<(u32, Point)> = fours
            .iter()
            .filter_map(|p| {
                let t = position.threats_at(me, p);
                (t.fours() > 0).then(|| (strength(&t), p))
            })
            .collect();
        // Every real four point goes down to the children (their candidates must hold all of
        // theirs), but against a four the only four worth trying is on its winning point.
        let real: PointSet = tries.iter().map(|&(_, p)| p).collect();
        if let Some(block) = theirs.iter().next() {
            tries.retain(|&(_, p)| p == block);
        }
        tries.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        for &(_, m) in &tries {
            // Shorter wins were ruled out by the previous iteration, so the first is shortest.
            if let Some(found) = self.four(position, m, &real, moves, budget) {
                return Some(found);
            }
            if budget.out {
                return None;
            }
        }
        self.failed.insert(key, moves);
        None
    }

    /// The attacker plays the four `m`; the win if every defence loses within `moves - 1`
    /// further attacker moves.
    fn four(
        &mut self,
        position: &Position,
        m: Point,
        fours: &PointSet,
        moves: u32,
        budget: &mut Budget,
    ) -> Option<Line> {
        let me = position.side_to_move();
        let mut after = *position;
        after.play(m).ok()?;
        if after.status() == Status::Won(me) {
            return Some((vec![m], 1));
        }
        if after.status().is_over() {
            return None;
        }
        let fives = fives_near(&after, me, m);
        if fives.is_empty() {
            return None;
        }
        let blocks = defences(&after, me, m, &fives);
        if blocks.is_empty() {
            // Two winning points, or a block the defender may not play.
            return Some((vec![m], 3));
        }
        let next_fours = fours.union(&four_candidates(&after, me, m));
        debug_assert!(
            line_points(&after, m, reach(&after.rule()))
                .iter()
                .all(|p| after.threats_at(me, p).fours() == 0 || next_fours.contains(p)),
            "a four near {m} left out of the candidates\n{after}"
        );
        let mut worst: Option<Line> = None;
        for b in blocks {
            let mut reply = after;
            reply.play(b).ok()?;
            if reply.status().is_over() {
                return None;
            }
            let theirs = fives_near(&reply, me.opponent(), b);
            let mut rest_fours = next_fours;
            rest_fours.remove(b);
            rest_fours.remove(m);
            let (line, plies) = self.attack(&reply, &rest_fours, &theirs, moves - 1, budget)?;
            if worst.as_ref().is_none_or(|w| plies + 2 > w.1) {
                let mut full = vec![m, b];
                full.extend(line);
                worst = Some((full, plies + 2));
            }
        }
        worst
    }
}
