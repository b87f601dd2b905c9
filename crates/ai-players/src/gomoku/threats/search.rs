//! What the threat searches share around their solvers: the outcome known before any search,
//! and the deepening of the bound one step at a time.

use super::budget::{Budget, Line, ThreatOutcome, ThreatWin};
use super::points::all_fives;
use boardgames_core::{Game, Status};
use boardgames_gomoku::{Point, PointSet, Position};

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

/// Deepens the bound of a search one step at a time over `bounds`, after the outcome known
/// before any search ([`settled`]): `attack` searches the position at one bound, given the
/// defender's winning points, and the first win found is a shortest one.
pub(crate) fn deepen(
    position: &Position,
    bounds: impl IntoIterator<Item = u32>,
    budget: &mut Budget,
    mut attack: impl FnMut(&PointSet, u32, &mut Budget) -> Option<Line>,
) -> ThreatOutcome {
    if let Some(outcome) = settled(position) {
        return outcome;
    }
    let theirs = all_fives(position, position.side_to_move().opponent());
    for bound in bounds {
        if let Some((line, plies)) = attack(&theirs, bound, budget) {
            return ThreatOutcome::Win(ThreatWin { line, plies });
        }
        if budget.out {
            return ThreatOutcome::Unknown;
        }
    }
    ThreatOutcome::NoWin
}

/// `true` when the side to move wins by playing `point`.
pub(crate) fn wins(position: &Position, point: Point) -> bool {
    let me = position.side_to_move();
    let mut after = *position;
    after.play(point).is_ok() && after.status() == Status::Won(me)
}
