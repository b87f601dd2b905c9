//! The gomoku evaluator: threat shapes judged under the game's rule, read from a
//! [`SearchPosition`]; moves narrowed to the points near stones and to the forced replies;
//! ordering hints from the shapes a move makes and the ones it blocks.

use super::tracked::SearchPosition;
use super::values::{assess, Class};
use ai_search::{Evaluator, Score};
use board_core::{zobrist, Game, MoveList, Player};
use gomoku::threat::{LineShape, Threats};
use gomoku::Point;

/// The score of a position the side to move wins by force within a few moves (a five to
/// make now); the other decisive patterns score fractions of it. Well inside the heuristic
/// band: the search proves real wins.
pub const WIN_SOON: Score = 50_000;

/// Scores gomoku positions from the threat shapes of both colours, and narrows and orders the
/// moves the search tries.
///
/// - **Evaluation.** Each empty point is worth something to each colour by the shapes a
///   stone there would make (a five to make is a four on the board, a straight four to make an
///   open three...; see [`Class`]). The score is the side to move's sum, with a quarter more
///   for having the move, minus the opponent's; positions decided within a few moves score
///   near [`WIN_SOON`]: a five to make, two fives for the opponent to stop, an open four or a
///   four-three to make against no four.
/// - **Moves** ([`Evaluator::search_moves`]): a five if the side to move has one; else the
///   points that stop the opponent's five; else, against an open three (or any point making
///   two fours), the points that make a four of its own or break the opponent's fours and
///   threes; else every empty point near stones (the centre on an empty board). Under renju
///   black's forbidden points are left out.
/// - **Ordering** ([`Evaluator::order_hint`]): the own five, the block of the opponent's five,
///   an own open four, an own four-three, the block of the opponent's open four or
///   four-three, then the values of the point to both colours.
///
/// Optional seeded noise blurs the evaluation for the weaker levels: a function of the
/// position and the seed, so searches stay deterministic.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GomokuEvaluator {
    seed: u64,
    noise: Score,
    width: usize,
}

/// The default number of quiet moves searched: the best by their ordering hint.
pub const DEFAULT_WIDTH: usize = 12;

impl Default for GomokuEvaluator {
    fn default() -> Self {
        GomokuEvaluator::new()
    }
}

impl GomokuEvaluator {
    /// The evaluator without noise, searching the [`DEFAULT_WIDTH`] best quiet moves.
    pub const fn new() -> GomokuEvaluator {
        GomokuEvaluator {
            seed: 0,
            noise: 0,
            width: DEFAULT_WIDTH,
        }
    }

    /// This evaluator with a noise of at most `amplitude` points, drawn from `seed` and the
    /// position (0 turns it off).
    pub const fn with_noise(self, seed: u64, amplitude: Score) -> GomokuEvaluator {
        GomokuEvaluator {
            seed,
            noise: if amplitude > 0 { amplitude } else { 0 },
            ..self
        }
    }

    /// This evaluator searching at most `width` quiet moves (at least 1): the ones with the
    /// highest ordering hints. Forced replies are never cut.
    pub const fn with_width(self, width: usize) -> GomokuEvaluator {
        GomokuEvaluator {
            width: if width > 0 { width } else { 1 },
            ..self
        }
    }

    /// The score without noise, from the side to move's view.
    pub fn static_score(&self, position: &SearchPosition) -> Score {
        let me = position.side_to_move();
        let opp = me.opponent();
        let n = |colour: Player, class: Class| position.count(colour, class);
        let (mine, theirs) = (position.total(me), position.total(opp));
        let base = mine - theirs;
        if n(me, Class::Five) > 0 {
            return WIN_SOON + base / 8;
        }
        if n(opp, Class::Five) >= 2 {
            return -WIN_SOON + base / 8;
        }
        if n(opp, Class::Five) == 1 {
            // The move goes to the block: no tempo.
            return base;
        }
        if n(me, Class::OpenFour) > 0 {
            return WIN_SOON / 2 + base / 8;
        }
        if n(me, Class::FourThree) > 0 && n(opp, Class::Four) == 0 {
            return WIN_SOON / 4 + base / 8;
        }
        base + mine / 4
    }
}

/// `true` when `threats` of the restricted colour might make `point` forbidden (an overline,
/// two fours, two live threes) and no five makes it allowed.
#[inline]
fn may_be_forbidden(threats: Threats) -> bool {
    let shapes = threats.0;
    !shapes.contains(&LineShape::Five)
        && (shapes.contains(&LineShape::Overline)
            || threats.fours() >= 2
            || threats.live_threes() >= 2)
}

/// Whether the side to move may play `point` (renju's black: not a forbidden point).
#[inline]
fn allowed(position: &SearchPosition, point: Point) -> bool {
    let me = position.side_to_move();
    let pos = position.position();
    if !*pos.rule().forbidden_points.get(me) || !may_be_forbidden(position.threats(me, point)) {
        return true;
    }
    pos.forbidden(me, point).is_none()
}

/// Pushes the near points whose classes for the side to move (`mine`) or the opponent
/// (`theirs`) meet `wanted`, and are allowed.
#[inline]
fn push_where(
    position: &SearchPosition,
    moves: &mut MoveList<Point>,
    wanted: impl Fn(u8, u8) -> bool,
) {
    let me = position.side_to_move();
    for point in position.near() {
        let mine = assess(position.threats(me, point)).1;
        let theirs = assess(position.threats(me.opponent(), point)).1;
        if wanted(mine, theirs) && allowed(position, point) {
            moves.push(point);
        }
    }
}

impl GomokuEvaluator {
    /// Pushes the allowed near points with the highest ordering hints, at most `width` of
    /// them (ties by point index), best first.
    fn push_quiet(&self, position: &SearchPosition, moves: &mut MoveList<Point>) {
        let mut ranked = [(0, 0u16); POINTS];
        let mut n = 0;
        for point in position.near() {
            if allowed(position, point) {
                ranked[n] = (-self.order_hint(position, point), point.index() as u16);
                n += 1;
            }
        }
        let ranked = &mut ranked[..n];
        if n > self.width {
            ranked.select_nth_unstable(self.width);
        }
        let kept = &mut ranked[..n.min(self.width)];
        kept.sort_unstable();
        moves.extend(
            kept.iter()
                .filter_map(|&(_, i)| Point::from_index(i as usize)),
        );
    }
}

/// The number of point indices of the largest board.
const POINTS: usize = gomoku::MAX_SIZE as usize * gomoku::MAX_SIZE as usize;

impl Evaluator<SearchPosition> for GomokuEvaluator {
    #[inline]
    fn evaluate(&self, position: &SearchPosition) -> Score {
        let score = self.static_score(position);
        if self.noise == 0 {
            return score;
        }
        let span = 2 * self.noise as u64 + 1;
        let noise = zobrist::mix64(position.zobrist() ^ self.seed) % span;
        score + noise as Score - self.noise
    }

    fn search_moves(&self, position: &SearchPosition, moves: &mut MoveList<Point>) {
        moves.clear();
        let pos = position.position();
        if pos.status().is_over() {
            return;
        }
        let me = position.side_to_move();
        let opp = me.opponent();
        if position.near().is_empty() {
            // No stone yet: the centre.
            let middle = pos.size() / 2;
            if let Some(centre) = Point::new(middle, middle).filter(|&p| pos.is_legal(p)) {
                moves.push(centre);
                return;
            }
        }
        let five = Class::Five.bit();
        let four = Class::Four.bit();
        if position.count(me, Class::Five) > 0 {
            push_where(position, moves, |mine, _| mine & five != 0);
        } else if position.count(opp, Class::Five) > 0 {
            push_where(position, moves, |_, theirs| theirs & five != 0);
        } else if position.count(opp, Class::OpenFour) > 0 {
            // An open three (or a double-four point) against us: our fours, or a stone on
            // one of the points where the opponent would make a four.
            push_where(position, moves, |mine, theirs| (mine | theirs) & four != 0);
        }
        if moves.is_empty() {
            self.push_quiet(position, moves);
        }
        if moves.is_empty() {
            pos.legal_moves(moves);
        }
    }

    #[inline]
    fn order_hint(&self, position: &SearchPosition, mv: Point) -> Score {
        let me = position.side_to_move();
        let (mine, attack) = assess(position.threats(me, mv));
        let (theirs, defence) = assess(position.threats(me.opponent(), mv));
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
        (rank << 26) + ((mine + theirs).min(4000) << 12)
    }
}
