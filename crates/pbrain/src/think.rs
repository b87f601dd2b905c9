//! Choosing a move: a VCF for the side to move first, then a VCT, then the alpha-beta search
//! of `boardgames-players`' gomoku evaluator for the time left, with its selective pruning;
//! an instant move when there is no time.

use crate::clock::{Clock, INSTANT};
use boardgames_core::{Game, MoveList};
use boardgames_gomoku::{Point, Position};
use boardgames_players::gomoku::{
    vcf, vct, vct_proof_numbers, ClassValues, GomokuEvaluator, SearchPosition, ThreatLimits,
    ThreatOutcome, MAX_WIDTH, SELECTIVITY,
};
use boardgames_search::{Evaluator, Limits, MakeUnmake, Score, Searcher, Selectivity};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The share of the thinking time the VCF search may use.
const VCF_SHARE: u32 = 8;
/// The share of the thinking time the VCT search may use.
const VCT_SHARE: u32 = 12;
/// The share of the time left after the threat searches that the alpha-beta search may use;
/// the rest checks that its move leaves the opponent no VCF and no VCT of up to
/// [`GUARD_THREATS`] threats, and looks for a move that does when it does not. The check of
/// the search's move gets half of it, and it changes the move about once in forty; the
/// time it does not use is lost. The share is high because the check mostly takes a
/// millisecond or two, and a check that changes the move mostly finds the game lost already.
// Measured in match play (`docs/strength.md`): at 88% the time kept in reserve bought
// nothing, the games where the check changed the move being lost already; at 95% the answer
// comes at about 400 ms of a 500 ms turn, not 370.
const SEARCH_SHARE: u32 = 95;
/// The most threats (threes and fours) before the final VCF in the engine's VCT, searched by
/// proof numbers ([`vct_proof_numbers`]), which deepen one threat at a time and within
/// [`VCT_SHARE`] of a 500 ms turn reach four or five threats.
const VCT_THREATS: u32 = 10;
/// The most threats of the opponent's VCT the safety check looks for. The check searches
/// depth first ([`vct`]): the proof-number search settles more positions in the same time and
/// so changes more moves, which played worse.
// Measured in match play on the same openings at 500 ms a move (`docs/strength.md`).
const GUARD_THREATS: u32 = 3;

/// The limits of a threat search given `time`: that time, the nodes the memory limit allows
/// in it ([`Clock::threat_nodes`]), and `stop`.
fn threat_limits(time: Duration, clock: &Clock, stop: &Arc<AtomicBool>) -> ThreatLimits {
    ThreatLimits::default()
        .with_time(time)
        .with_nodes(clock.threat_nodes(time))
        .with_stop_flag(stop.clone())
}

/// A move and a line saying how it was found (for a `MESSAGE`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The move.
    pub point: Point,
    /// The score from the mover's view (alpha-beta units; wins are large).
    pub score: Score,
    /// How it was found.
    pub info: String,
}

/// Which searches run before the alpha-beta search.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Techniques {
    /// Look for a VCF first.
    pub vcf: bool,
    /// Look for a VCT after the VCF.
    pub vct: bool,
    /// Search with the four extension ([`GomokuEvaluator::with_four_extension`]).
    pub four_extension: bool,
    /// Search every near point at the root ([`GomokuEvaluator::with_root_width`]), not only
    /// the best twelve.
    pub wide_root: bool,
    /// Prune near the horizon and reduce late moves ([`SELECTIVITY`]) instead of searching
    /// exactly.
    pub selective: bool,
    /// Value the points by class under the rules with class values
    /// ([`SearchPosition::with_class_values`]) instead of by the evaluation terms.
    pub point_classes: bool,
}

impl Default for Techniques {
    /// Every technique on.
    fn default() -> Self {
        Techniques {
            vcf: true,
            vct: true,
            four_extension: true,
            wide_root: true,
            selective: true,
            point_classes: false,
        }
    }
}

/// The searcher of the engine's evaluator with `techniques`, a table of `bytes` and
/// `threads` search threads (Lazy SMP above one).
fn searcher(
    techniques: Techniques,
    bytes: usize,
    threads: usize,
) -> Searcher<SearchPosition, GomokuEvaluator, MakeUnmake> {
    let evaluator = GomokuEvaluator::new()
        .with_four_extension(techniques.four_extension)
        .with_known_results(true)
        .with_root_width(if techniques.wide_root { MAX_WIDTH } else { 1 });
    let selectivity = if techniques.selective {
        SELECTIVITY
    } else {
        Selectivity::NONE
    };
    let searcher = Searcher::make_unmake(evaluator)
        .with_table_bytes(bytes)
        .with_selectivity(selectivity);
    if threads > 1 {
        searcher.with_threads(threads)
    } else {
        searcher
    }
}

/// The move chooser: a searcher whose table lives from move to move.
pub struct Thinker {
    searcher: Searcher<SearchPosition, GomokuEvaluator, MakeUnmake>,
    table_bytes: usize,
    threads: usize,
    techniques: Techniques,
    /// Fixed work instead of the clock ([`Thinker::with_fixed_work`]): nodes a millisecond.
    work_rate: Option<u64>,
}

impl Thinker {
    /// A chooser with a table of `table_bytes` and the threat searches on.
    pub fn new(table_bytes: usize) -> Self {
        Thinker {
            searcher: searcher(Techniques::default(), table_bytes, 1),
            table_bytes,
            threads: 1,
            techniques: Techniques::default(),
            work_rate: None,
        }
    }

    /// This chooser doing fixed work instead of reading the clock: each search's share of the
    /// thinking time becomes a node budget of `nodes_per_ms` a millisecond (the threat
    /// searches taking their whole shares), and the safety check is left out, so that what it
    /// finds does not depend on the machine's speed or load (a yardstick for changes to the
    /// searches; `END` still stops it).
    pub fn with_fixed_work(mut self, nodes_per_ms: u64) -> Self {
        self.work_rate = Some(nodes_per_ms.max(1));
        self
    }

    /// The node budget of `time` under fixed work, if the chooser does fixed work.
    fn work(&self, time: Duration) -> Option<u64> {
        self.work_rate
            .map(|rate| rate.saturating_mul(time.as_millis() as u64))
    }

    /// This chooser with other threat searches (a match without them measures what they add).
    pub fn with_techniques(mut self, techniques: Techniques) -> Self {
        self.techniques = techniques;
        self.searcher = searcher(techniques, self.table_bytes, self.threads);
        self
    }

    /// Makes the table `bytes` large (a new, empty table) unless it is already.
    pub fn resize(&mut self, bytes: usize) {
        if bytes != self.table_bytes {
            self.searcher = searcher(self.techniques, bytes, self.threads);
            self.table_bytes = bytes;
        }
    }

    /// Makes the alpha-beta search run `threads` threads (at least one; a new, empty table)
    /// unless it already does. The threat searches stay on one thread.
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        if threads != self.threads {
            self.searcher = searcher(self.techniques, self.table_bytes, threads);
            self.threads = threads;
        }
    }

    /// Forgets what the table learnt (a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }

    /// The move for the side to move of `position`, thinking at most `budget`; `None` when
    /// the game is over.
    pub fn choose(
        &mut self,
        position: &Position,
        budget: Duration,
        clock: &Clock,
        stop: &Arc<AtomicBool>,
    ) -> Option<Choice> {
        if position.status().is_over() || position.legal_move_count() == 0 {
            return None;
        }
        let start = Instant::now();
        let left = |start: Instant| budget.saturating_sub(start.elapsed());
        let middle = position.size() / 2;
        let centre = Point::new(middle, middle).filter(|_| position.stone_count() == 0);
        let choice = if let Some(point) = centre {
            // The first stone: the centre, nothing to think about.
            Some(Choice {
                point,
                score: 0,
                info: "centre".into(),
            })
        } else if budget < INSTANT {
            self.instant(position)
        } else if let Some(win) = self.threats(position, budget, clock, stop) {
            Some(win)
        } else if self.work_rate.is_some() {
            let threats = budget * (VCF_SHARE + VCT_SHARE) / 100;
            self.search(position, (budget - threats) * SEARCH_SHARE / 100, stop)
        } else {
            let found = self.search(position, left(start) * SEARCH_SHARE / 100, stop);
            found.map(|c| self.safe(position, c, left(start), clock, stop))
        };
        choice.filter(|c| position.is_legal(c.point)).or_else(|| {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            moves.first().map(|&point| Choice {
                point,
                score: 0,
                info: "first legal move".into(),
            })
        })
    }

    /// The tracked position of a search from `position`, with the point class values of its
    /// rule where the techniques ask for them.
    fn root(&self, position: &Position) -> SearchPosition {
        let tracked = SearchPosition::new(*position);
        match ClassValues::for_rule(&position.rule()) {
            Some(values) if self.techniques.point_classes => tracked.with_class_values(values),
            _ => tracked,
        }
    }

    /// With no time: a shallow search of a few thousand nodes (a five, a block of a five,
    /// the best-looking point), a few milliseconds.
    fn instant(&mut self, position: &Position) -> Option<Choice> {
        let limits = Limits::depth(2).with_nodes(3_000);
        let result = self.searcher.search(&self.root(position), &limits);
        Some(Choice {
            point: result.best_move?,
            score: result.score,
            info: format!("instant depth {} nodes {}", result.depth, result.nodes),
        })
    }

    /// A VCF, then a VCT, within their shares of `budget`.
    fn threats(
        &mut self,
        position: &Position,
        budget: Duration,
        clock: &Clock,
        stop: &Arc<AtomicBool>,
    ) -> Option<Choice> {
        let limits = |share: u32| {
            let time = budget * share / 100;
            match self.work(time) {
                Some(nodes) => ThreatLimits::default()
                    .with_nodes(nodes)
                    .with_stop_flag(stop.clone()),
                None => threat_limits(time, clock, stop),
            }
        };
        let found = |kind: &str, result: boardgames_players::gomoku::ThreatResult| {
            let ThreatOutcome::Win(win) = result.outcome else {
                return None;
            };
            let line: Vec<String> = win.line.iter().map(|p| p.to_string()).collect();
            Some(Choice {
                point: win.first_move(),
                score: boardgames_search::WIN - win.plies as Score,
                info: format!(
                    "{kind} win in {} plies ({} nodes): {}",
                    win.plies,
                    result.nodes,
                    line.join(" ")
                ),
            })
        };
        if self.techniques.vcf {
            if let Some(choice) = found("vcf", vcf(position, &limits(VCF_SHARE))) {
                return Some(choice);
            }
        }
        if self.techniques.vct {
            let limits = limits(VCT_SHARE).with_max_moves(VCT_THREATS);
            return found("vct", vct_proof_numbers(position, &limits));
        }
        None
    }

    /// The search's choice, unless the opponent has a VCF or a VCT after it: then the first
    /// move (in the evaluator's order, near the stones) after which both searches prove the
    /// opponent has none, if one is found within `time`; else the search's choice.
    fn safe(
        &self,
        position: &Position,
        choice: Choice,
        time: Duration,
        clock: &Clock,
        stop: &Arc<AtomicBool>,
    ) -> Choice {
        let start = Instant::now();
        if !self.techniques.vcf || time.is_zero() {
            return choice;
        }
        let opponent =
            |mv: Point, time: Duration| self.opponent_threats(position, mv, time, clock, stop);
        if !matches!(opponent(choice.point, time / 2), ThreatOutcome::Win(_)) {
            return choice;
        }
        let tracked = self.root(position);
        let evaluator = GomokuEvaluator::new();
        let mut moves: Vec<(Score, Point)> = tracked
            .near()
            .iter()
            .filter(|&p| position.is_legal(p))
            .map(|p| (evaluator.order_hint(&tracked, p), p))
            .collect();
        moves.sort_unstable_by(|a, b| b.cmp(a));
        for (_, mv) in moves.into_iter().filter(|&(_, mv)| mv != choice.point) {
            let left = time.saturating_sub(start.elapsed());
            if left.is_zero() {
                break;
            }
            if opponent(mv, left / 6) == ThreatOutcome::NoWin {
                return Choice {
                    point: mv,
                    score: choice.score,
                    info: format!(
                        "{} (stops a VCF or VCT after {})",
                        choice.info, choice.point
                    ),
                };
            }
        }
        choice
    }

    /// The opponent's threat searches after `mv` within `time`: `Win` if its VCF or its VCT
    /// (of up to [`GUARD_THREATS`] threats) finds a win, `NoWin` if both prove there is
    /// none, else `Unknown`.
    fn opponent_threats(
        &self,
        position: &Position,
        mv: Point,
        time: Duration,
        clock: &Clock,
        stop: &Arc<AtomicBool>,
    ) -> ThreatOutcome {
        let begun = Instant::now();
        let mut after = *position;
        if after.play(mv).is_err() {
            return ThreatOutcome::Unknown;
        }
        let limits = ThreatLimits::default()
            .with_time(time / 3)
            .with_nodes(20_000)
            .with_stop_flag(stop.clone());
        let by_fours = vcf(&after, &limits).outcome;
        if !self.techniques.vct || matches!(by_fours, ThreatOutcome::Win(_)) {
            return by_fours;
        }
        let rest = time.saturating_sub(begun.elapsed());
        let limits = threat_limits(rest, clock, stop).with_max_moves(GUARD_THREATS);
        match (by_fours, vct(&after, &limits).outcome) {
            (_, ThreatOutcome::Win(win)) => ThreatOutcome::Win(win),
            (ThreatOutcome::NoWin, ThreatOutcome::NoWin) => ThreatOutcome::NoWin,
            _ => ThreatOutcome::Unknown,
        }
    }

    /// The alpha-beta search for `time`, stopped early by `stop`.
    fn search(
        &mut self,
        position: &Position,
        time: Duration,
        stop: &Arc<AtomicBool>,
    ) -> Option<Choice> {
        let limits = match self.work(time) {
            Some(nodes) => Limits::none().with_nodes(nodes),
            None => Limits::time(time),
        }
        .with_stop_flag(stop.clone());
        let result = self.searcher.search(&self.root(position), &limits);
        Some(Choice {
            point: result.best_move?,
            score: result.score,
            info: format!(
                "depth {} score {} nodes {} nps {} ms {}{}",
                result.depth,
                result.score,
                result.nodes,
                result.nodes_per_second(),
                result.elapsed.as_millis(),
                if self.threads > 1 {
                    format!(" threads {}", self.threads)
                } else {
                    String::new()
                }
            ),
        })
    }
}
