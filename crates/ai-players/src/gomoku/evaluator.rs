//! The gomoku evaluator: threat shapes judged under the game's rule, read from a
//! [`SearchPosition`]; moves narrowed to the points near stones and to the forced replies;
//! ordering hints from the shapes a move makes and the ones it blocks.

use super::tracked::SearchPosition;
use super::values::{Cell, Class, EVAL_TERMS};
use boardgames_core::{Game, MoveList, Player};
use boardgames_gomoku::rule::Ends;
use boardgames_gomoku::threat::LineShape;
use boardgames_gomoku::{Axis, Point, PointSet, Rule};
use boardgames_search::{Evaluator, Proven, Score, Selectivity};

/// The score of a position the side to move wins by force within a few moves (a five to
/// make now); the other decisive patterns score fractions of it. Well inside the heuristic
/// band: the search proves real wins.
pub const WIN_SOON: Score = 50_000;

/// Scores gomoku positions from the threat shapes of both colours, and narrows and orders the
/// moves the search tries.
///
/// - **Evaluation.** Each empty point is worth something to each colour by the shapes a
///   stone there would make (a five to make is a four on the board, a straight four to make an
///   open three...; see [`Class`]), counted as evaluation terms
///   ([`SearchPosition::terms`]). The score is the side to move's terms weighed for the side
///   to move minus the opponent's weighed for the side that waits ([`EvalWeights`]: fitted to
///   game results under standard and renju, then tuned by matches under freestyle,
///   hand-set under Caro). On a position that keeps point class values
///   ([`SearchPosition::with_class_values`]), unless weights are set
///   ([`GomokuEvaluator::with_weights`]), each point is valued by its class instead (the set
///   of its four shapes): the side to move's classes for the side to move minus the
///   opponent's for the side that waits ([`SearchPosition::class_sums`]);
///   positions decided within a few moves score near [`WIN_SOON`]: a
///   five to make, two fives for the opponent to stop, an open four or a four-three to make
///   against no four. With [`GomokuEvaluator::with_known_results`] the search scores the ones
///   the rules decide for sure as the win or loss itself ([`Evaluator::proven`]).
/// - **Moves** ([`Evaluator::search_moves`]): a five if the side to move has one; else the
///   points that stop the opponent's five; else, against an open three (or any point making
///   two fours), the points that make a four of its own and the points after which the
///   opponent has no straight four or two fours to make (under renju, where a white stone
///   may free a forbidden black point, a few more); else the empty points near stones (the
///   centre on an empty board), the best [`DEFAULT_WIDTH`] by hint unless set otherwise; the others are held back
///   ([`Evaluator::held_back_moves`]) for a selective search that widens its lost nodes.
///   With known results under freestyle and standard, against the opponent's four-three
///   points when the side to move has no four to make, the quiet and held-back moves are
///   only the points that stop them all and the points where its stone makes a shape: after
///   any other move the opponent's four-three wins by a known result.
///   Under renju black's forbidden points are left out, and black's points that may be
///   forbidden count for nothing in the evaluation and force no reply ([`Cell::of`]): a
///   double four black cannot play wins nothing.
/// - **Ordering** ([`Evaluator::order_hint`]): the own five, the block of the opponent's five,
///   an own open four, an own four-three, the block of the opponent's open four or
///   four-three, then the point's value to the side to move, weighed three times its value
///   to the opponent, and the stones near it ([`SearchPosition::neighbours`], half a unit of
///   value each, own stones counting double): attacking moves come first.
///
/// The levels blur it with [`crate::Seeded`] noise.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GomokuEvaluator {
    /// The weights set with [`GomokuEvaluator::with_weights`]; `None`: the rule's
    /// ([`EvalWeights::for_rule`]).
    weights: Option<EvalWeights>,
    width: usize,
    /// The quiet moves searched at the root ([`SearchPosition::plies_from_root`] 0), if
    /// more than `width`.
    root_width: usize,
    /// Whether stopping a five is a forced reply that costs no depth ([`Evaluator::forced`]).
    extend_fours: bool,
    /// Whether the wins and losses the threat classes decide are proven without search
    /// ([`Evaluator::proven`]).
    known_results: bool,
}

/// The evaluation term that counts the points where a stone makes two live threes
/// ([`EvalWeights`]).
const DOUBLE_THREE_TERM: usize = 9;

/// The default number of quiet moves searched: the best by their ordering hint.
pub const DEFAULT_WIDTH: usize = 12;

impl Default for GomokuEvaluator {
    fn default() -> Self {
        GomokuEvaluator::new()
    }
}

impl GomokuEvaluator {
    /// The evaluator searching the [`DEFAULT_WIDTH`] best quiet moves.
    pub const fn new() -> GomokuEvaluator {
        GomokuEvaluator {
            weights: None,
            width: DEFAULT_WIDTH,
            root_width: 1,
            extend_fours: false,
            known_results: false,
        }
    }

    /// This evaluator with (`true`) or without the results the threat classes decide
    /// ([`Evaluator::proven`]): the side to move wins in 1 ply with a five to make; under the
    /// rules where the ends of a run do not matter (freestyle, standard, renju), it loses in 2
    /// against two points of the opponent's five, wins in 3 with a straight four or two fours
    /// to make against no five, and, where no point is forbidden (freestyle, standard), wins
    /// in 5 with a four-three or two live threes at one point to make against no four. The
    /// search scores such a node as the win or loss instead of searching it, so proofs end
    /// plies earlier and a proven node's value holds at any depth. Off by default; the engine turns it on.
    ///
    /// Each is a fact of the rules: under Caro the block of one five can close the other's
    /// run at both ends, and under renju a black point of a four-three may become forbidden,
    /// so those are left to the search.
    ///
    /// Under freestyle and standard it also narrows the quiet moves against the opponent's
    /// four-three points ([`Evaluator::search_moves`]) to the ones after which no known
    /// result decides the game: the others lose, and leaving them out changes no result.
    pub const fn with_known_results(self, on: bool) -> GomokuEvaluator {
        GomokuEvaluator {
            known_results: on,
            ..self
        }
    }

    /// This evaluator with (`true`) or without the four extension: a position where the side
    /// to move must stop the opponent's five is forced ([`Evaluator::forced`]), so a four
    /// costs the search one ply instead of two and sequences of fours are followed past the
    /// horizon. Off by default; the engine and the normal and expert levels turn it on.
    pub const fn with_four_extension(self, on: bool) -> GomokuEvaluator {
        GomokuEvaluator {
            extend_fours: on,
            ..self
        }
    }

    /// This evaluator searching at most `width` quiet moves (1 to [`MAX_WIDTH`]; values
    /// outside are clamped): the ones with the highest ordering hints. Forced replies are
    /// never cut.
    pub const fn with_width(self, width: usize) -> GomokuEvaluator {
        GomokuEvaluator {
            width: clamp_width(width),
            ..self
        }
    }

    /// This evaluator searching at most `width` quiet moves at the root of a search (the
    /// position a [`SearchPosition`] was made from), and never fewer than elsewhere (1 to
    /// [`MAX_WIDTH`]; values outside are clamped). The root's moves are where a narrow
    /// search hurts most: the move played is chosen among them, and a defence the ordering
    /// hints rank low is otherwise never looked at. The engine and the normal and expert
    /// levels search [`MAX_WIDTH`] there.
    pub const fn with_root_width(self, width: usize) -> GomokuEvaluator {
        GomokuEvaluator {
            root_width: clamp_width(width),
            ..self
        }
    }

    /// This evaluator weighing the evaluation terms with `weights` under every rule, instead
    /// of each rule's own ([`EvalWeights::for_rule`]).
    pub const fn with_weights(self, weights: EvalWeights) -> GomokuEvaluator {
        GomokuEvaluator {
            weights: Some(weights),
            ..self
        }
    }

    /// The weights of the evaluation terms under `rule`.
    pub fn weights(&self, rule: &Rule) -> &EvalWeights {
        match &self.weights {
            Some(weights) => weights,
            None => EvalWeights::for_rule(rule),
        }
    }

    /// `true` when [`GomokuEvaluator::static_score`] of `position` is its weighed terms
    /// alone, with no rule of the evaluator deciding it: no five for either side, no open
    /// four for the side to move, and no four-three unless the opponent can make a four. A
    /// fit of [`EvalWeights`] learns from these positions only
    /// (`crates/pbrain/examples/fit_eval.rs`).
    pub fn is_quiet(position: &SearchPosition) -> bool {
        let me = position.side_to_move();
        let opp = me.opponent();
        let n = |colour: Player, class: Class| position.count(colour, class);
        n(me, Class::Five) == 0
            && n(opp, Class::Five) == 0
            && n(me, Class::OpenFour) == 0
            && (n(me, Class::FourThree) == 0 || n(opp, Class::Four) > 0)
    }

    /// The score from the side to move's view (what [`Evaluator::evaluate`] returns).
    pub fn static_score(&self, position: &SearchPosition) -> Score {
        let me = position.side_to_move();
        let opp = me.opponent();
        let n = |colour: Player, class: Class| position.count(colour, class);
        let weights = self.weights(&position.position().rule());
        // [to move, waiting] for the side to move, waiting for the opponent: from the point
        // classes where the position keeps them and no weights are set, else the terms.
        let (mine, theirs) = match (
            self.weights,
            position.class_sums(me),
            position.class_sums(opp),
        ) {
            (None, Some(mine), Some(theirs)) => (mine, theirs[1]),
            _ => {
                let terms = position.terms(me);
                (
                    [dot(&weights.to_move, terms), dot(&weights.waiting, terms)],
                    dot(&weights.waiting, position.terms(opp)),
                )
            }
        };
        // Both sides weighed as waiting: the decided positions' tie-break, where the move
        // goes to the decisive point and brings no tempo. Quiet positions never need it.
        let base = || mine[1] - theirs;
        if n(me, Class::Five) > 0 {
            return WIN_SOON + base() / 8;
        }
        if n(opp, Class::Five) >= 2 {
            return -WIN_SOON + base() / 8;
        }
        if n(opp, Class::Five) == 1 {
            return base();
        }
        if n(me, Class::OpenFour) > 0 {
            return WIN_SOON / 2 + base() / 8;
        }
        if n(me, Class::FourThree) > 0 && n(opp, Class::Four) == 0 {
            return WIN_SOON / 4 + base() / 8;
        }
        mine[0] - theirs
    }
}

/// The weighed sum of `terms`.
#[inline(always)]
fn dot(weights: &[Score; EVAL_TERMS], terms: [u16; EVAL_TERMS]) -> Score {
    weights
        .iter()
        .zip(terms)
        .map(|(&w, t)| w * Score::from(t))
        .sum()
}

/// The weights of the evaluation terms ([`SearchPosition::terms`]): one set for the side to
/// move and one for the side that waits, since a shape is worth more to the side that can use
/// it next.
///
/// The terms of a colour, summed over the empty points: terms 0 to 6 count the axes where a
/// stone of that colour would make each shape from
/// [`LineShape::ClosedThree`](boardgames_gomoku::threat::LineShape::ClosedThree) to
/// [`LineShape::Five`](boardgames_gomoku::threat::LineShape::Five), in declaration order;
/// terms 7, 8 and 9 count the points where it would make two fours, a four and a live three,
/// and two live threes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct EvalWeights {
    /// The weight of each of the side to move's terms.
    pub to_move: [Score; EVAL_TERMS],
    /// The weight of each of the waiting side's terms.
    pub waiting: [Score; EVAL_TERMS],
}

impl EvalWeights {
    /// The weights of `rule`: [`EvalWeights::FREESTYLE`] under freestyle,
    /// [`EvalWeights::FITTED`] under the other rules where the ends of a run do not matter
    /// (standard, renju), the [`EvalWeights::HAND_SET`] ones under the Caro rules.
    pub fn for_rule(rule: &Rule) -> &'static EvalWeights {
        match rule.ends {
            // Freestyle whatever its draw convention.
            Ends::Ignored if rule.with_gomocup_draw(false) == Rule::FREESTYLE => {
                &EvalWeights::FREESTYLE
            }
            Ends::Ignored => &EvalWeights::FITTED,
            Ends::NotBothBlocked { .. } => &EvalWeights::HAND_SET,
        }
    }

    /// The weights fitted to game results: a logistic regression of "the side to move goes
    /// on to win" on both sides' terms over positions of strong engine games under freestyle
    /// and standard, converted to the hand-set weights' units (terms those positions never
    /// show keep the hand-set values). The shapes the side to move can use next are worth up
    /// to three times as much as the waiting side's (an open two: 38 and 13), and a four to
    /// make about the same (60 and 58). The weights of standard and renju.
    pub const FITTED: EvalWeights = EvalWeights {
        to_move: [11, 42, 38, 60, 200, 150, 750, 250, 572, -61],
        waiting: [7, 24, 13, 58, 76, 161, 600, -16, 180, -17],
    };

    /// The weights of freestyle: [`EvalWeights::FITTED`] tuned by freestyle matches, with
    /// threes and fours to make worth less and the four-three more.
    pub const FREESTYLE: EvalWeights = EvalWeights {
        to_move: [11, 38, 21, 41, 200, 150, 750, 250, 636, -72],
        waiting: [8, 14, 9, 46, 50, 138, 614, -39, 201, -29],
    };

    /// The hand-set weights: the same values for both sides, a quarter more for the side to
    /// move. The weights of the Caro rules.
    pub const HAND_SET: EvalWeights = EvalWeights {
        to_move: [7, 25, 30, 50, 200, 150, 750, 250, 187, 100],
        waiting: [6, 20, 24, 40, 160, 120, 600, 200, 150, 80],
    };
}

/// `width` within 1 and [`MAX_WIDTH`].
const fn clamp_width(width: usize) -> usize {
    if width < 1 {
        1
    } else if width > MAX_WIDTH {
        MAX_WIDTH
    } else {
        width
    }
}

/// Whether the side to move may play the empty `point` whose cell for it is `mine`: always,
/// unless the rule restricts it (renju's black) and the point is forbidden. Only a dead cell
/// ([`Cell::of`]) may be, and then the position tells.
#[inline(always)]
fn allowed(position: &SearchPosition, restricted: bool, point: Point, mine: Cell) -> bool {
    !restricted
        || !mine.is_dead()
        || position
            .position()
            .forbidden(position.side_to_move(), point)
            .is_none()
}

/// Whether every known result holds under `rule` (a four-three against no four wins): the
/// ends of a run do not matter and no point is forbidden (freestyle, standard).
fn known_results_hold(rule: Rule) -> bool {
    rule.ends == Ends::Ignored && !rule.forbidden_points.first && !rule.forbidden_points.second
}

/// Pushes the forced replies of the side to move, if any: its fives; else the points that
/// stop the opponent's five; else, against an open three (or a double-four point), its fours
/// and the points that stop it ([`push_three_defences`]).
fn push_forced(position: &SearchPosition, moves: &mut MoveList<Point>) {
    let (me, opp) = (position.side_to_move(), position.side_to_move().opponent());
    let five = Class::Five.bit();
    if position.count(me, Class::Five) > 0 {
        push_where(position, moves, |mine, _| mine.classes() & five != 0);
    } else if position.count(opp, Class::Five) > 0 {
        push_where(position, moves, |_, theirs| theirs.classes() & five != 0);
    } else if position.count(opp, Class::OpenFour) > 0 {
        push_three_defences(position, moves);
    }
}

/// The points where a stone of the side to move leaves the opponent no point of the classes
/// `winning` (bits of [`Class::bit`]): on such a point, or on one of its lines where it leaves
/// the point none of them (read from the line words, the board unchanged); the points that
/// take every such point. Empty when no one stone does, or the opponent has none.
fn stops(position: &SearchPosition, winning: u8) -> PointSet {
    let opp = position.side_to_move().opponent();
    let opp_restricted = *position.position().rule().forbidden_points.get(opp);
    // The points that stop every point seen so far; `None` before the first.
    let mut stops: Option<PointSet> = None;
    for target in position.near() {
        let cell = position.cell(opp, target);
        if cell.classes() & winning == 0 {
            continue;
        }
        let mut killers = PointSet::EMPTY;
        killers.insert(target);
        for axis in Axis::ALL {
            if cell.shape(axis.index()) == LineShape::None {
                continue;
            }
            position.shapes_blocked(opp, target, axis, |at, shape| {
                // What the opponent's point is worth once a stone stands at `at`.
                let left = cell.with_shape(axis.index(), shape, opp_restricted);
                if left.classes() & winning == 0 {
                    killers.insert(at);
                }
            });
        }
        stops = Some(stops.map_or(killers, |s| s.intersection(&killers)));
    }
    stops.unwrap_or(PointSet::EMPTY)
}

/// Pushes the answers to the opponent's open threes (or points of two fours): the side to
/// move's fours, and the points where its stone leaves the opponent no point that makes a
/// straight four or two fours. A stone takes such a point from the opponent by standing on
/// it, or on one of its lines where it leaves the point no straight four or two fours (read
/// from the line words, the board unchanged); the stops are the points that take every such
/// point. A stone of the side to move makes the opponent no new shape, except under renju,
/// where a white stone can free a forbidden black point: there the stops may be a few too
/// many, never too few (`tests/gomoku_evaluator.rs`).
fn push_three_defences(position: &SearchPosition, moves: &mut MoveList<Point>) {
    let me = position.side_to_move();
    let stops = stops(position, Class::OpenFour.bit());
    let four = Class::Four.bit();
    if stops.is_empty() {
        // No one stone stops them all: lost unless a four of its own turns the game. The
        // fours of both sides are the moves that delay the loss longest, and a short list
        // keeps the proof cheap (the near points would all be searched, widened, to prove
        // the same loss).
        push_where(position, moves, |mine, theirs| {
            (mine.classes() | theirs.classes()) & four != 0
        });
        return;
    }
    push_where(position, moves, |mine, _| mine.classes() & four != 0);
    let restricted = *position.position().rule().forbidden_points.get(me);
    for point in stops {
        let mine = position.cell(me, point);
        if mine.classes() & four == 0 && allowed(position, restricted, point, mine) {
            moves.push(point);
        }
    }
}

/// The moves worth searching against the opponent's four-three points when the side to move
/// has no four to make, under a rule where the known results hold
/// ([`GomokuEvaluator::with_known_results`]: the ends of a run do not matter and no point is
/// forbidden): the points that stop every four-three point of the opponent (as
/// [`push_three_defences`] finds them), and the points where a stone of the side to move makes
/// a shape on some axis. After any other move the opponent has a four-three against no four,
/// a known win: leaving those moves out changes no result. `None` when the opponent has no
/// four-three point, the side to move has a four, or no point answers.
fn four_three_answers(position: &SearchPosition) -> Option<PointSet> {
    let me = position.side_to_move();
    let opp = me.opponent();
    if position.count(opp, Class::FourThree) == 0 || position.count(me, Class::Four) > 0 {
        return None;
    }
    let mut answers = stops(position, Class::FourThree.bit() | Class::OpenFour.bit());
    for point in position.near() {
        if position.cell(me, point).shape_bits() != 0 {
            answers.insert(point);
        }
    }
    (!answers.is_empty()).then_some(answers)
}

/// Pushes the allowed near points whose cells for the side to move (`mine`) and the
/// opponent (`theirs`) meet `wanted`.
#[inline]
fn push_where(
    position: &SearchPosition,
    moves: &mut MoveList<Point>,
    wanted: impl Fn(Cell, Cell) -> bool,
) {
    push_in(position, moves, position.near(), wanted);
}

/// Pushes the allowed points of `points` whose cells for the side to move (`mine`) and the
/// opponent (`theirs`) meet `wanted`.
#[inline]
fn push_in(
    position: &SearchPosition,
    moves: &mut MoveList<Point>,
    points: &PointSet,
    wanted: impl Fn(Cell, Cell) -> bool,
) {
    let me = position.side_to_move();
    let restricted = *position.position().rule().forbidden_points.get(me);
    for point in points {
        let (mine, theirs) = (
            position.cell(me, point),
            position.cell(me.opponent(), point),
        );
        if wanted(mine, theirs) && allowed(position, restricted, point, mine) {
            moves.push(point);
        }
    }
}

/// The ordering hint of a point from its cells for the side to move and the opponent: the
/// own five, the block of a five, an own open four, an own four-three, the block of an open
/// four or a four-three, then the values, the side to move's weighed three times the
/// opponent's.
#[inline(always)]
fn hint(mine: Cell, theirs: Cell) -> Score {
    let (attack, defence) = (mine.classes(), theirs.classes());
    let rank = if attack & Class::Five.bit() != 0 {
        6
    } else if defence & Class::Five.bit() != 0 {
        5
    } else if attack & Class::OpenFour.bit() != 0 {
        4
    } else if attack & Class::FourThree.bit() != 0 {
        3
    } else if defence & (Class::OpenFour.bit() | Class::FourThree.bit()) != 0 {
        2
    } else {
        0
    };
    (rank << 26) + (((3 * mine.value() + theirs.value()) / 2).min(4000) << 12)
}

/// The part of the ordering hint for the stones near a point ([`SearchPosition::neighbours`]),
/// own ones counting double: half a unit of the points' values each (their values count in
/// units of `1 << 12`). Most quiet points make no shape for either colour and have no
/// value: without this, the `width` quiet moves kept were the first points by index among
/// them.
#[inline(always)]
fn near_hint(position: &SearchPosition, me: Player, point: Point) -> Score {
    let near = 2 * position.neighbours(me, point) + position.neighbours(me.opponent(), point);
    near as Score * (1 << 11)
}

impl GomokuEvaluator {
    /// The moves worth searching where the side to move has no forced reply: with known
    /// results, against the opponent's four-three points, [`four_three_answers`]; else `None`
    /// (every near point).
    fn worth_searching(&self, position: &SearchPosition) -> Option<PointSet> {
        let rule = position.position().rule();
        (self.known_results && known_results_hold(rule))
            .then(|| four_three_answers(position))
            .flatten()
    }

    /// Pushes the allowed near points with the highest ordering hints, at most `width` of
    /// them (ties by point index), best first; every allowed near point when they are no
    /// more than `width`.
    fn push_quiet(&self, position: &SearchPosition, moves: &mut MoveList<Point>) {
        let me = position.side_to_move();
        let restricted = *position.position().rule().forbidden_points.get(me);
        let width = if position.plies_from_root() == 0 {
            self.width.max(self.root_width)
        } else {
            self.width
        };
        let candidates = self.worth_searching(position);
        let candidates = candidates.as_ref().unwrap_or(position.near());
        if candidates.len() <= width {
            push_in(position, moves, candidates, |_, _| true);
            return;
        }
        // The best `width` so far, best first, as keys: the hint above 16 bits, then the
        // index's complement, so a higher key is a higher hint then a lower index and one
        // comparison orders two points (hints are below 2^31).
        let mut kept = [0i64; MAX_WIDTH];
        let mut n = 0;
        for point in candidates.iter() {
            let (mine, theirs) = (
                position.cell(me, point),
                position.cell(me.opponent(), point),
            );
            let hint = hint(mine, theirs) + near_hint(position, me, point);
            let key = i64::from(hint) << 16 | i64::from(0xFFFF - point.index() as u16);
            if n == width && key <= kept[n - 1] {
                continue;
            }
            if !allowed(position, restricted, point, mine) {
                continue;
            }
            let mut at = n.min(width - 1);
            while at > 0 && key > kept[at - 1] {
                kept[at] = kept[at - 1];
                at -= 1;
            }
            kept[at] = key;
            n = (n + 1).min(width);
        }
        moves.extend(
            kept[..n]
                .iter()
                .filter_map(|&key| Point::from_index(0xFFFF - (key & 0xFFFF) as usize)),
        );
    }
}

/// The selective pruning to search this evaluator with
/// ([`boardgames_search::Searcher::with_selectivity`]; the Gomocup engine `pbrain-boardgames`
/// does). It gives up exact values for depth: at a given time it searches several plies
/// deeper than the exact search.
///
/// - Futility pruning up to four plies from the horizon, with a margin of 50 a ply (about an
///   open two for the side to move).
/// - Off the principal variation, only the first 1, 1, 2, 3, 4, 5, 7 and 8 moves at 1 to 8
///   plies from the horizon, twice as many where the side to move's static value has risen
///   since its previous turn (`improving_moves`).
/// - Late-move reductions from the fourth move on, by half of `ln(depth) * ln(index + 1)`
///   plies (7 plies from the horizon: one ply for the fourth to seventh moves, two from the
///   eighth).
/// - From 6 plies from the horizon on, a table move whose siblings, searched half as deep,
///   all fail 2 a ply below its stored value is searched a ply deeper (`singular_depth`,
///   `singular_margin`: singular extensions).
/// - From 3 plies from the horizon on, a node whose static value beats beta by 12 a ply
///   searches its unforced moves a ply shallower (`fail_high_margin`: fail-high reductions).
/// - A node whose moves all lose by force searches the near points the width left out too
///   (`widen_losses`; [`GomokuEvaluator`]'s held-back moves), so that a win the search
///   reports holds against every defence near the stones, not only the best by hint.
/// - A node stops at its first move that wins by force (`first_win`), instead of searching
///   its other moves for a faster win with nothing pruned; with the table's proven entries
///   cutting at any depth, long forced wins are proved in far fewer nodes.
///
/// The levels keep the exact search, so that their node budgets keep their meaning.
pub const SELECTIVITY: Selectivity = Selectivity {
    futility_margin: 50,
    futility_depth: 4,
    late_moves: [1, 1, 2, 3, 4, 5, 7, 8],
    reduction_from: 3,
    reduction_scale: 50,
    improving_moves: 2,
    singular_depth: 6,
    singular_margin: 2,
    fail_high_margin: 12,
    widen_losses: true,
    first_win: true,
};

/// The most quiet moves an evaluator searches ([`GomokuEvaluator::with_width`]).
pub const MAX_WIDTH: usize = 64;

impl Evaluator<SearchPosition> for GomokuEvaluator {
    #[inline]
    fn evaluate(&self, position: &SearchPosition) -> Score {
        self.static_score(position)
    }

    fn search_moves(&self, position: &SearchPosition, moves: &mut MoveList<Point>) {
        moves.clear();
        let pos = position.position();
        if pos.status().is_over() {
            return;
        }
        if position.near().is_empty() {
            // No stone yet: the centre.
            let middle = pos.size() / 2;
            if let Some(centre) = Point::new(middle, middle).filter(|&p| pos.is_legal(p)) {
                moves.push(centre);
                return;
            }
        }
        push_forced(position, moves);
        if moves.is_empty() {
            self.push_quiet(position, moves);
        }
        if moves.is_empty() {
            pos.legal_moves(moves);
        }
    }

    /// The near points the width left out of the quiet moves
    /// ([`GomokuEvaluator::with_width`]), in board order; nothing where the replies are forced
    /// (a five to make or to stop, an open three or, with known results, a four-three to
    /// answer): those sets are whole.
    fn held_back_moves(&self, position: &SearchPosition, moves: &mut MoveList<Point>) {
        if position.position().status().is_over() || moves.len() >= position.near().len() {
            return;
        }
        let mut forced = MoveList::new();
        push_forced(position, &mut forced);
        if !forced.is_empty() {
            return;
        }
        let candidates = self.worth_searching(position);
        let candidates = candidates.as_ref().unwrap_or(position.near());
        let mut listed = PointSet::EMPTY;
        for &point in moves.iter() {
            listed.insert(point);
        }
        let me = position.side_to_move();
        let restricted = *position.position().rule().forbidden_points.get(me);
        for point in candidates {
            if !listed.contains(point)
                && allowed(position, restricted, point, position.cell(me, point))
            {
                moves.push(point);
            }
        }
    }

    /// With [`GomokuEvaluator::with_known_results`], the results the threat classes decide.
    #[inline]
    fn proven(&self, position: &SearchPosition) -> Option<Proven> {
        if !self.known_results {
            return None;
        }
        let me = position.side_to_move();
        let opp = me.opponent();
        let n = |colour: Player, class: Class| position.count(colour, class);
        if n(me, Class::Five) > 0 {
            return Some(Proven::Win(1));
        }
        let rule = position.position().rule();
        if rule.ends != Ends::Ignored {
            return None;
        }
        match n(opp, Class::Five) {
            0 => {}
            1 => return None,
            _ => return Some(Proven::Loss(2)),
        }
        // A restricted colour's points that may be forbidden are dead and in no class, so its
        // straight fours to make are playable; a five to make is never forbidden.
        if n(me, Class::OpenFour) > 0 {
            return Some(Proven::Win(3));
        }
        // A four-three, or two live threes at one point, against no four: the opponent can
        // stop the four (or one three) but not the straight four that follows, and makes no
        // five meanwhile.
        let wins_in_5 = n(opp, Class::Four) == 0
            && (n(me, Class::FourThree) > 0 || position.terms(me)[DOUBLE_THREE_TERM] > 0);
        (known_results_hold(rule) && wins_in_5).then_some(Proven::Win(5))
    }

    /// With the four extension: the side to move has no five of its own and must stop one.
    #[inline]
    fn forced(&self, position: &SearchPosition) -> bool {
        let me = position.side_to_move();
        self.extend_fours
            && position.count(me.opponent(), Class::Five) > 0
            && position.count(me, Class::Five) == 0
    }

    #[inline]
    fn order_hint(&self, position: &SearchPosition, mv: Point) -> Score {
        let me = position.side_to_move();
        hint(position.cell(me, mv), position.cell(me.opponent(), mv)) + near_hint(position, me, mv)
    }
}
