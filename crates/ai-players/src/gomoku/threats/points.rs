//! Where the fives and fours of a colour are, and the points that change them: the geometry
//! the threat searches share.

use crate::gomoku::lines::Line as BoardLine;
use boardgames_core::{Game, Player};
use boardgames_gomoku::rule::Ends;
use boardgames_gomoku::threat::{
    line_key_on_line, shape_table, LineShape, Shape, ThreatBoard, Threats,
};
use boardgames_gomoku::{Axis, Point, PointSet, Position, Rule, MAX_SIZE};

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
        let line = BoardLine::through(at, axis, size);
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
