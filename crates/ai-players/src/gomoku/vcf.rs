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

use super::lines::Line as BoardLine;
use boardgames_core::{Game, Player, Status};
use boardgames_gomoku::rule::Ends;
use boardgames_gomoku::threat::{
    line_key_on_line, shape_table, LineShape, Shape, ThreatBoard, Threats,
};
use boardgames_gomoku::{Axis, Point, PointSet, Position, Rule, MAX_SIZE};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bounds of one threat-space search: whichever is reached first stops it, and the
/// search then reports [`ThreatOutcome::Unknown`] unless it had already proved a win.
#[derive(Clone, Debug)]
pub struct ThreatLimits {
    /// The most positions to visit.
    pub nodes: u64,
    /// The longest time to search.
    pub time: Option<Duration>,
    /// The most attacker moves in the sequence, the final five included.
    pub max_moves: u32,
    /// A flag another thread sets to stop the search.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for ThreatLimits {
    /// 100,000 nodes, no time limit, sequences of up to 30 attacker moves.
    fn default() -> Self {
        ThreatLimits {
            nodes: 100_000,
            time: None,
            max_moves: 30,
            stop: None,
        }
    }
}

impl ThreatLimits {
    /// These limits with a node budget.
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// These limits with a time limit.
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// These limits with at most `moves` attacker moves (at least 1).
    pub fn with_max_moves(mut self, moves: u32) -> Self {
        self.max_moves = moves.max(1);
        self
    }

    /// These limits with a stop flag.
    pub fn with_stop_flag(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }
}

/// A forced win found by a threat-space search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ThreatWin {
    /// The main line from the position searched: attacker and defender moves alternately,
    /// the attacker first. It ends with the attacker's five, or with the attacker's last
    /// threat when the defender has no legal defence left (two winning points, or a renju
    /// black whose only block is forbidden).
    pub line: Vec<Point>,
    /// The plies until the five is on the board whatever the defender does (1: a five now).
    pub plies: u32,
}

impl ThreatWin {
    /// The first move of the win.
    pub fn first_move(&self) -> Point {
        self.line[0]
    }

    /// The number of attacker moves, the five included.
    pub fn attacker_moves(&self) -> u32 {
        self.plies.div_ceil(2)
    }
}

/// What a threat-space search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ThreatOutcome {
    /// A forced win for the side to move.
    Win(ThreatWin),
    /// No win of this kind exists within the move bound (the search was complete).
    NoWin,
    /// The node or time budget ran out before the answer was known.
    Unknown,
}

/// The outcome of a threat-space search and the work it took.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ThreatResult {
    /// What was found.
    pub outcome: ThreatOutcome,
    /// Positions visited.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl ThreatResult {
    /// The win, if one was found.
    pub fn win(&self) -> Option<&ThreatWin> {
        match &self.outcome {
            ThreatOutcome::Win(win) => Some(win),
            _ => None,
        }
    }
}

/// Searches a VCF for the side to move of `position` within `limits`: the shortest sequence
/// of fours that forces a five. A finished game has none.
pub fn vcf(position: &Position, limits: &ThreatLimits) -> ThreatResult {
    let mut budget = Budget::new(limits);
    let mut solver = Vcf::default();
    let outcome = solver.solve(position, limits.max_moves, &mut budget);
    budget.result(outcome)
}

/// The node and time accounting shared by the VCF and VCT solvers.
pub(crate) struct Budget<'a> {
    limits: &'a ThreatLimits,
    start: Instant,
    pub(crate) nodes: u64,
    pub(crate) out: bool,
}

impl<'a> Budget<'a> {
    pub(crate) fn new(limits: &'a ThreatLimits) -> Self {
        Budget {
            limits,
            start: Instant::now(),
            nodes: 0,
            out: false,
        }
    }

    /// Counts a node; `true` when the search must stop. The clock and the flag are read at
    /// every node: a node can cost a millisecond (whole-board threat scans, and whole lines
    /// under the rules where an overline wins and blocked ends count), far more than reading
    /// the clock, and a deadline must hold to the millisecond.
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.out {
            return true;
        }
        if self.nodes >= self.limits.nodes {
            self.out = true;
        } else {
            let late = self.limits.time.is_some_and(|t| self.start.elapsed() >= t);
            let stopped = self
                .limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
            self.out = late || stopped;
        }
        self.out
    }

    /// The node bound of the limits, which also bounds the positions a search keeps.
    pub(crate) fn max_nodes(&self) -> u64 {
        self.limits.nodes
    }

    pub(crate) fn result(&self, outcome: ThreatOutcome) -> ThreatResult {
        ThreatResult {
            outcome,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
        }
    }
}

/// How far along a line a stone can change a shape: five points, or the whole line where an
/// overline wins and blocked ends count (the end of a long run can lie anywhere on it).
pub(crate) fn reach(rule: &Rule) -> i32 {
    let overline =
        *rule.overline_wins.get(Player::First) || *rule.overline_wins.get(Player::Second);
    if overline && matches!(rule.ends, Ends::NotBothBlocked { .. }) {
        i32::from(MAX_SIZE)
    } else {
        5
    }
}

/// The empty points within `reach` of `point` on its four lines.
pub(crate) fn line_points(position: &Position, point: Point, reach: i32) -> PointSet {
    let size = position.size();
    let mut set = PointSet::EMPTY;
    for axis in Axis::ALL {
        for sign in [-1, 1] {
            for d in 1..=reach {
                match point.step(axis, sign * d, size) {
                    Some(p) => {
                        if position.stone_at(p).is_none() {
                            set.insert(p);
                        }
                    }
                    None => break,
                }
            }
        }
    }
    set
}

/// The points where `colour` makes a five along a line through `near` (the new winning
/// points a stone on `near` can create), within the rule's reach.
///
/// Each of the four lines through `near` is read once into words, and each point's key
/// comes from them with shifts ([`line_key_on_line`]): reading an eleven-point window from
/// the board for each point, as [`boardgames_gomoku::threat::line_key`] does, took 44% of a
/// VCT's time in a profile.
pub(crate) fn fives_near(position: &Position, colour: Player, near: Point) -> PointSet {
    let rule = position.rule();
    let table = shape_table(&rule, colour);
    let mut fives = PointSet::EMPTY;
    // A five through a point holds a window of five points with it and four stones of
    // `colour`: only the points of such windows are read.
    window_points(
        position,
        colour,
        near,
        4,
        |point, line, (mine, theirs), i| {
            let key = line_key_on_line(mine, theirs, line.len, i, &rule, colour);
            if table.get(key.index()) == Some(&LineShape::Five) {
                fives.insert(point);
            }
        },
    );
    fives
}

/// The empty points within the rule's reach of `stone` on its four lines where `colour` may
/// make a four along that line: a window of five points on it holds the point, three of
/// `colour`'s stones and none of the other colour's. A four's completion makes a winning run
/// with the point, and such a run holds a window like that. So after `colour`'s stone on
/// `stone`, every point where it made a new four is among these: a point off the stone's
/// lines, or beyond reach on them, gains no four from it. Reading the line's words once spares
/// testing every point near the stone: in the VCF that test took a quarter of the time.
pub(crate) fn four_candidates(position: &Position, colour: Player, stone: Point) -> PointSet {
    let mut found = PointSet::EMPTY;
    window_points(position, colour, stone, 3, |point, _, _, _| {
        found.insert(point)
    });
    found
}

/// Calls `visit` with each empty point other than `at` within the rule's reach on the four
/// lines through `at` that lies in a window of five points of that line holding exactly
/// `stones` of `colour`'s stones and none of the other colour's; with the line, its words of
/// `colour`'s and the other colour's stones, and the point's place on it.
#[inline]
fn window_points(
    position: &Position,
    colour: Player,
    at: Point,
    stones: u32,
    mut visit: impl FnMut(Point, &BoardLine, (u32, u32), u32),
) {
    let size = position.size();
    if !at.is_on_board(size) {
        return;
    }
    let (own, opp) = (position.stones(colour), position.stones(colour.opponent()));
    let reach = reach(&position.rule()).unsigned_abs();
    for axis in Axis::ALL {
        let line = BoardLine::through(u32::from(at.col()), u32::from(at.row()), axis, size);
        let (mine, theirs) = (line.word(own), line.word(opp));
        let windows = windows_holding(mine, theirs, line.len, stones);
        if windows == 0 {
            continue;
        }
        let (first, last) = (
            line.at.saturating_sub(reach),
            (line.at + reach).min(line.len - 1),
        );
        for i in (first..=last).filter(|&i| {
            i != line.at && (mine | theirs) >> i & 1 == 0 && windows & window_starts(i) != 0
        }) {
            let (col, row) = line.cell(i);
            if let Some(point) = Point::new(col as u8, row as u8) {
                visit(point, &line, (mine, theirs), i);
            }
        }
    }
}

/// The windows of five points on a line of `len` points that hold exactly `stones` of the
/// stones `mine` and none of `theirs`: bit `s` for the window of points `s` to `s + 4`.
#[inline]
fn windows_holding(mine: u32, theirs: u32, len: u32, stones: u32) -> u32 {
    let mut windows = 0;
    for start in 0..(len + 1).saturating_sub(5) {
        let window = 0b11111 << start;
        if theirs & window == 0 && (mine & window).count_ones() == stones {
            windows |= 1 << start;
        }
    }
    windows
}

/// The windows of five points that hold point `i` of a line: bits `i - 4` to `i`.
#[inline]
fn window_starts(i: u32) -> u32 {
    (0b11111u32 << i) >> 4
}

/// Every point where `colour` makes a five now.
pub(crate) fn all_fives(position: &Position, colour: Player) -> PointSet {
    position.threats(colour).points_with(Shape::Five)
}

/// Every point where `colour` makes at least one four (and no five).
pub(crate) fn all_fours(position: &Position, colour: Player) -> PointSet {
    fours_of(&position.threats(colour))
}

/// The points of a colour's `threats` that make at least one four (and no five).
pub(crate) fn fours_of(threats: &ThreatBoard) -> PointSet {
    threats
        .iter()
        .filter(|(_, t)| t.fours() > 0 && !t.contains(Shape::Five))
        .map(|(p, _)| p)
        .collect()
}

/// An ordering key for an attacking move: double fours and four-threes first, then fours
/// with more threes around them.
pub(crate) fn strength(threats: &Threats) -> u32 {
    let closed = threats
        .0
        .iter()
        .filter(|s| **s == LineShape::ClosedThree)
        .count() as u32;
    threats.fours() * 16 + threats.live_threes() * 6 + closed
}

/// The defender's legal moves that leave the attacker no winning point of `fives` (the
/// attacker's winning points after its move `threat`). Outside Caro only a stone on the
/// single point does; under Caro a stone that blocks the five's far end does too.
pub(crate) fn defences(
    position: &Position,
    attacker: Player,
    threat: Point,
    fives: &PointSet,
) -> Vec<Point> {
    let candidates = if matches!(position.rule().ends, Ends::Ignored) {
        if fives.len() > 1 {
            return Vec::new();
        }
        *fives
    } else {
        line_points(position, threat, reach(&position.rule())).union(fives)
    };
    candidates
        .iter()
        .filter(|&b| {
            let mut after = *position;
            after.play(b).is_ok()
                && !fives
                    .iter()
                    .any(|f| f != b && still_five(&after, attacker, f))
        })
        .collect()
}

/// `true` when `colour` still makes a five on `point` (on any line).
fn still_five(position: &Position, colour: Player, point: Point) -> bool {
    position.threats_at(colour, point).contains(Shape::Five)
}

/// A proven win below a node: the line from the node and its length in plies.
pub(crate) type Line = (Vec<Point>, u32);

/// The VCF solver: failures are remembered per position with the move bound they failed
/// at (a failure within `d` moves is one within any fewer).
#[derive(Default)]
pub(crate) struct Vcf {
    failed: HashMap<u64, u32>,
}

/// The outcome known before any search: a finished game has no win to find, and a five the
/// side to move completes at once wins in one move.
pub(crate) fn settled(position: &Position) -> Option<ThreatOutcome> {
    if position.status().is_over() {
        return Some(ThreatOutcome::NoWin);
    }
    let me = position.side_to_move();
    let five = all_fives(position, me)
        .iter()
        .find(|&f| wins(position, f))?;
    Some(ThreatOutcome::Win(ThreatWin {
        line: vec![five],
        plies: 1,
    }))
}

impl Vcf {
    /// Iterative deepening from one attacker move up to `max_moves`.
    pub(crate) fn solve(
        &mut self,
        position: &Position,
        max_moves: u32,
        budget: &mut Budget,
    ) -> ThreatOutcome {
        if let Some(outcome) = settled(position) {
            return outcome;
        }
        let me = position.side_to_move();
        let theirs = all_fives(position, me.opponent());
        let fours = all_fours(position, me);
        for moves in 2..=max_moves.max(1) {
            if let Some((line, plies)) = self.attack(position, &fours, &theirs, moves, budget) {
                return ThreatOutcome::Win(ThreatWin { line, plies });
            }
            if budget.out {
                return ThreatOutcome::Unknown;
            }
        }
        ThreatOutcome::NoWin
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

/// `true` when the side to move wins by playing `point`.
pub(crate) fn wins(position: &Position, point: Point) -> bool {
    let me = position.side_to_move();
    let mut after = *position;
    after.play(point).is_ok() && after.status() == Status::Won(me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardgames_core::Rng;

    /// `fives_near` as defined point by point: the empty points within reach on the four
    /// lines through `near` where a stone makes a five along that line.
    fn fives_near_by_points(position: &Position, colour: Player, near: Point) -> PointSet {
        let reach = reach(&position.rule());
        let mut fives = PointSet::EMPTY;
        for axis in Axis::ALL {
            for sign in [-1, 1] {
                for d in 1..=reach {
                    let Some(p) = near.step(axis, sign * d, position.size()) else {
                        break;
                    };
                    if position.stone_at(p).is_none()
                        && position.threats_at(colour, p).line(axis) == LineShape::Five
                    {
                        fives.insert(p);
                    }
                }
            }
        }
        fives
    }

    /// Calls `check` on twelve positions for each named rule and each of a small, the
    /// standard and the largest board: random stones on a third of the points, none ending
    /// the game.
    fn for_crowded_positions(rng: &mut Rng, mut check: impl FnMut(&Position, &mut Rng)) {
        for (_, rule) in Rule::NAMED {
            for size in [7u32, 15, u32::from(MAX_SIZE)] {
                for _ in 0..12 {
                    let mut position = Position::new(size, rule).unwrap();
                    for _ in 0..(size * size / 3) {
                        let p = Point::new(rng.below(size) as u8, rng.below(size) as u8).unwrap();
                        let mut next = position;
                        if next.play(p).is_ok() && !next.status().is_over() {
                            position = next;
                        }
                    }
                    check(&position, rng);
                }
            }
        }
    }

    /// The line words give the same points as reading the board point by point, under every
    /// rule, on small, standard and the largest boards, near the edges too.
    #[test]
    fn fives_near_from_line_words_matches_the_points() {
        let mut rng = Rng::new(2026);
        let mut found = 0;
        for_crowded_positions(&mut rng, |position, rng| {
            let (rule, size) = (position.rule(), u32::from(position.size()));
            for _ in 0..20 {
                let near = Point::new(rng.below(size) as u8, rng.below(size) as u8).unwrap();
                for colour in [Player::First, Player::Second] {
                    let expected = fives_near_by_points(position, colour, near);
                    assert_eq!(
                        fives_near(position, colour, near),
                        expected,
                        "{rule:?}, near {near}, {colour:?}:\n{position}"
                    );
                    found += expected.len();
                }
            }
        });
        assert!(found > 100, "only {found} winning points were compared");
    }

    /// Every point within reach of a stone on its lines where its colour makes a four along
    /// that line is a four candidate, under every rule and near the edges; and the candidates
    /// are far fewer than the points tested.
    #[test]
    fn four_candidates_hold_every_four_on_the_stones_lines() {
        let mut rng = Rng::new(77);
        let (mut fours, mut candidates, mut points) = (0, 0, 0);
        for_crowded_positions(&mut rng, |position, _| {
            let rule = position.rule();
            for colour in [Player::First, Player::Second] {
                for stone in position.stones(colour).iter() {
                    let found = four_candidates(position, colour, stone);
                    candidates += found.len();
                    let reach = reach(&rule);
                    for axis in Axis::ALL {
                        for sign in [-1, 1] {
                            for d in 1..=reach {
                                let Some(p) = stone.step(axis, sign * d, position.size()) else {
                                    break;
                                };
                                if position.stone_at(p).is_some() {
                                    continue;
                                }
                                points += 1;
                                if position.threats_at(colour, p).line(axis).fours() > 0 {
                                    fours += 1;
                                    assert!(
                                        found.contains(p),
                                        "{rule:?}: {colour:?}'s four at {p} on a line of \
                                         {stone} left out\n{position}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        });
        assert!(fours > 100, "only {fours} fours were compared");
        assert!(
            candidates * 3 < points,
            "{candidates} candidates of {points} points"
        );
    }
}
