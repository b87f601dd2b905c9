//! Threat-space search, part two: VCT, victory by continuous threats (threes and fours).
//!
//! The attacker plays a four or a move making a live three (one that becomes a straight four
//! with one more stone); the defender answers a three with **every** move that leaves the
//! attacker no unstoppable four on the three's lines (tested point by point among the empty
//! points within the shape tables' reach, so every stone that can change the three) and with
//! **any** four of its own anywhere (a counter-four, which the attacker must block before
//! going on). Any other move loses to the unstoppable four at once, so it needs no search.
//! The attacker wins when every defence loses; at each of its turns it first looks for a VCF
//! ([`super::vcf`]), bounded by [`VCF_MOVES_IN_VCT`] moves.
//!
//! The bound [`ThreatLimits::max_moves`] counts the attacker's threats before that VCF; the
//! search deepens one threat at a time, so a win needing fewer threats is found first. Each
//! bound is searched depth first here; [`super::vct_proof_numbers`] searches the same
//! threats and defences best first, and finds long wins far sooner.

use super::budget::{Budget, Line, ThreatLimits, ThreatOutcome, ThreatResult};
use super::points::{all_fours, defences, fives_near, fours_of, line_points, reach, strength};
use super::search::deepen;
use super::vcf::Vcf;
use boardgames_core::{Game, Status};
use boardgames_gomoku::threat::{Shape, ThreatBoard};
use boardgames_gomoku::{Point, PointSet, Position, Setup};
use std::collections::HashMap;

/// The most attacker moves of the VCF tried at each attacker turn of a VCT.
pub const VCF_MOVES_IN_VCT: u32 = 12;

/// Searches a VCT for the side to move of `position` within `limits` (`max_moves`: the most
/// threats before the final VCF). A VCF is a VCT with no threat before it, so this finds
/// those too.
///
/// ```
/// use boardgames_gomoku::Position;
/// use boardgames_players::gomoku::{vcf, vct, ThreatLimits, ThreatOutcome};
///
/// // Two black twos cross at e4: no VCF, but e4 makes two open threes and white, with
/// // nothing of its own, cannot stop both.
/// let game: Position = "freestyle, black to move
///     O . . . . . . . .
///     . . . . . . . . O
///     . . . . . . . . .
///     . . . . X . . . .
///     . . . . X . . . .
///     . . . . . . . . .
///     . . X X . . . . .
///     . . . . . . . . .
///     O . . . . . . . O"
///     .parse()
///     .unwrap();
/// let limits = ThreatLimits::default().with_max_moves(2);
/// assert_eq!(vcf(&game, &limits).outcome, ThreatOutcome::NoWin);
/// let win = vct(&game, &limits);
/// assert_eq!(win.win().unwrap().first_move().to_string(), "e3");
/// ```
pub fn vct(position: &Position, limits: &ThreatLimits) -> ThreatResult {
    let mut budget = Budget::new(limits);
    let mut solver = Vct::default();
    let outcome = solver.solve(position, limits.max_moves, &mut budget);
    budget.result(outcome)
}

/// The VCT solver: its own failures by position and threat bound, and a VCF solver whose
/// failures carry over between the attacker turns.
#[derive(Default)]
struct Vct {
    vcf: Vcf,
    failed: HashMap<u64, u32>,
}

impl Vct {
    fn solve(
        &mut self,
        position: &Position,
        max_threats: u32,
        budget: &mut Budget,
    ) -> ThreatOutcome {
        deepen(
            position,
            0..=max_threats,
            budget,
            |theirs, threats, budget| self.attack(position, theirs, None, threats, budget),
        )
    }

    /// The attacker to move, with no five of its own; `theirs`: the defender's winning
    /// points; `pending`: the attacker's three still standing when the defender answered it
    /// with a four; `threats`: the threats left before the VCF.
    fn attack(
        &mut self,
        position: &Position,
        theirs: &PointSet,
        pending: Option<Point>,
        threats: u32,
        budget: &mut Budget,
    ) -> Option<Line> {
        if theirs.len() > 1 || budget.tick() {
            return None;
        }
        if let Some(block) = theirs.iter().next() {
            return self.block(position, block, pending, threats, budget);
        }
        let me = position.side_to_move();
        let fours = all_fours(position, me);
        if let Some(win) = self
            .vcf
            .attack(position, &fours, theirs, VCF_MOVES_IN_VCT, budget)
        {
            return Some(win);
        }
        let key = position.zobrist();
        if threats == 0 || budget.out || self.failed.get(&key).is_some_and(|&t| t >= threats) {
            return None;
        }
        let board = position.threats(me);
        for (m, _) in threat_moves(position, &board, &fours_of(&board)) {
            let mut after = *position;
            if after.play(m).is_err() {
                continue;
            }
            if let Some((line, plies)) = self.defend(&after, m, m, threats - 1, budget) {
                return Some((prepend(m, line), plies + 1));
            }
            if budget.out {
                return None;
            }
        }
        self.failed.insert(key, threats);
        None
    }

    /// The attacker must block the defender's four at `block`; the block goes on as a threat
    /// if it makes a four, or lets the defender answer the `pending` three again.
    fn block(
        &mut self,
        position: &Position,
        block: Point,
        pending: Option<Point>,
        threats: u32,
        budget: &mut Budget,
    ) -> Option<Line> {
        let mut after = *position;
        after.play(block).ok()?;
        if after.status() == Status::Won(position.side_to_move()) {
            return Some((vec![block], 1));
        }
        if after.status().is_over() {
            return None;
        }
        let me = position.side_to_move();
        let threat = if fives_near(&after, me, block).is_empty() {
            pending.filter(|_| threats > 0)?
        } else {
            block
        };
        let left = if threat == block {
            threats
        } else {
            threats - 1
        };
        let (line, plies) = self.defend(&after, block, threat, left, budget)?;
        Some((prepend(block, line), plies + 1))
    }

    /// The defender to move after the attacker's `last` move, answering the attacker's
    /// threat at `threat` (a four or a three): the win if every defence loses.
    fn defend(
        &mut self,
        position: &Position,
        last: Point,
        threat: Point,
        threats: u32,
        budget: &mut Budget,
    ) -> Option<Line> {
        let defender = position.side_to_move();
        let (replies, pending) = match answers(position, last, threat) {
            Answers::ThreatFails => return None,
            Answers::NoDefence => return Some((Vec::new(), 2)),
            Answers::Replies(replies, pending) => (replies, pending),
        };
        let mut worst: Option<Line> = None;
        for r in replies {
            let mut reply = *position;
            reply.play(r).ok()?;
            let theirs = fives_near(&reply, defender, r);
            let (line, plies) = self.attack(&reply, &theirs, pending, threats, budget)?;
            if worst.as_ref().is_none_or(|w| plies + 1 > w.1) {
                worst = Some((prepend(r, line), plies + 1));
            }
        }
        // No legal reply near the threat proves nothing: stay on the safe side.
        worst
    }
}

/// `line` with `first` in front.
fn prepend(first: Point, line: Vec<Point>) -> Vec<Point> {
    let mut full = Vec::with_capacity(line.len() + 1);
    full.push(first);
    full.extend(line);
    full
}

/// The attacker's threats in `position` (`threats`: its shapes, `fours`: its four points)
/// that can be played and do not end the game, the strongest first, each with whether it
/// is a four.
pub(crate) fn threat_moves(
    position: &Position,
    threats: &ThreatBoard,
    fours: &PointSet,
) -> Vec<(Point, bool)> {
    let mut tries: Vec<(u32, Point)> = threats
        .iter()
        .filter(|(_, t)| t.fours() > 0 || t.live_threes() > 0)
        .map(|(p, t)| (strength(&t), p))
        .collect();
    tries.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    tries
        .into_iter()
        .filter(|&(_, m)| {
            let mut after = *position;
            after.play(m).is_ok() && !after.status().is_over()
        })
        .map(|(_, m)| (m, fours.contains(m)))
        .collect()
}

/// The defender's answers after the attacker's move `last`, which made a four or left the
/// three at `three` standing.
pub(crate) enum Answers {
    /// The threat is none (no real three), or a defence makes a five or ends the game.
    ThreatFails,
    /// The four leaves no block (two winning points, or only forbidden ones).
    NoDefence,
    /// The defences the defender can play (possibly none), and the three still standing
    /// after them.
    Replies(Vec<Point>, Option<Point>),
}

/// The defender to move in `position` (no game over): its answers to the attacker's `last`
/// move, a four (every block) or a three at `three` ([`three_defences`]).
pub(crate) fn answers(position: &Position, last: Point, three: Point) -> Answers {
    let attacker = position.side_to_move().opponent();
    let fives = fives_near(position, attacker, last);
    let (replies, pending) = if fives.is_empty() {
        match three_defences(position, three) {
            Some(replies) => (replies, Some(three)),
            None => return Answers::ThreatFails,
        }
    } else {
        let blocks = defences(position, attacker, last, &fives);
        if blocks.is_empty() {
            return Answers::NoDefence;
        }
        (blocks, None)
    };
    let mut playable = Vec::with_capacity(replies.len());
    for r in replies {
        let mut reply = *position;
        if reply.play(r).is_err() {
            // A defence the defender may not play (renju) defends nothing.
            continue;
        }
        if reply.status().is_over() {
            // The defender's five (or a full board).
            return Answers::ThreatFails;
        }
        playable.push(r);
    }
    Answers::Replies(playable, pending)
}

/// The defender's answers worth searching to the attacker's three at `threat` (the defender
/// to move): the moves that leave the attacker no winning point on the three's lines, then
/// the defender's fours anywhere. `None` when the threat is no real three (the attacker,
/// were it to move again, would have no such point).
///
/// Any other move loses at once: the attacker plays its winning point, and a four of the
/// defender's then comes too late. So the other moves need no search, which is most of a
/// failed VCT's work: the winning points are found once here, and each point near the three
/// is tested against them alone. The one exception is a position where every move loses;
/// then every point near the three is searched, for the length of the longest loss.
pub(crate) fn three_defences(position: &Position, threat: Point) -> Option<Vec<Point>> {
    let defender = position.side_to_move();
    let attacker = defender.opponent();
    let mut setup = Setup::from(position);
    setup.to_move = attacker;
    let again = setup.validate().ok()?;
    let reach = reach(&again.rule());
    let wins: PointSet = line_points(&again, threat, reach)
        .iter()
        .filter(|&s| unstoppable(&again, s))
        .collect();
    if wins.is_empty() {
        return None;
    }
    // A stone of the defender's can make one of the attacker's points no longer forbidden
    // (renju's forbidden points depend on the attacker's live threes), so where the
    // attacker has forbidden points every point near the three is tried again.
    let forbidden = position.rule().forbidden_points;
    let recheck = *forbidden.get(attacker);
    // Under renju a stone off those lines can still change which points are forbidden, and
    // with them which blocks are allowed: there every point is played out.
    let anywhere = recheck || *forbidden.get(defender);
    let near = line_points(position, threat, reach);
    let threats = position.threats(defender);
    let counters = fours_of(&threats);
    let mut replies: Vec<Point> = near
        .iter()
        .filter(|&d| !counters.contains(d))
        // A winning point off the lines through a stone, or beyond reach on them, stays
        // winning (the attacker's five and its blocks lie within reach of it): unless the
        // stone makes the defender's own five, it must be in line with every winning point
        // to defend. Most points near a three are not, and need not be played out.
        .filter(|&d| {
            anywhere
                || wins.iter().all(|s| in_line(d, s, reach))
                || threats.get(d).contains(Shape::Five)
        })
        .filter(|&d| {
            let mut after = *position;
            if after.play(d).is_err() {
                return false;
            }
            let candidates = if recheck {
                line_points(&after, threat, reach)
            } else {
                wins
            };
            after.status().is_over() || !candidates.iter().any(|s| unstoppable(&after, s))
        })
        .collect();
    replies.extend(counters.iter());
    if replies.is_empty() {
        replies.extend(near.iter());
    }
    Some(replies)
}

/// `true` when `a` and `b` lie on one line (a row, a column or a diagonal) at most `reach`
/// points apart.
fn in_line(a: Point, b: Point, reach: i32) -> bool {
    let dx = (i32::from(a.col()) - i32::from(b.col())).abs();
    let dy = (i32::from(a.row()) - i32::from(b.row())).abs();
    (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= reach
}

/// `true` when the side to move of `position` plays `point` and leaves winning points the
/// other side cannot all take away (a straight four, or under Caro a four whose ends cannot
/// both be blocked).
fn unstoppable(position: &Position, point: Point) -> bool {
    let attacker = position.side_to_move();
    let mut after = *position;
    if after.play(point).is_err() || after.status().is_over() {
        return false;
    }
    let fives = fives_near(&after, attacker, point);
    !fives.is_empty() && defences(&after, attacker, point, &fives).is_empty()
}
