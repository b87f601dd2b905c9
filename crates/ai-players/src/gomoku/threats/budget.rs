//! The limits of a threat-space search, what it returns, and the node and time accounting
//! of its solvers.

use boardgames_gomoku::Point;
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

/// A proven win below a node: the line from the node and its length in plies.
pub(crate) type Line = (Vec<Point>, u32);
