//! Plain negamax: no pruning, no table. The oracle every faster search is tested against.

use crate::evaluator::{proven_score, terminal_score, Evaluator};
use crate::score::{clamp_eval, is_decisive, Score, INFINITY, MAX_PLY};
use boardgames_core::{Game, MoveList};

/// The negamax value of `position` searched `depth` plies deep with `evaluator`, from the side
/// to move's view. Exponential: for tests and small depths.
pub fn negamax<G: Game, E: Evaluator<G>>(position: &G, depth: u32, evaluator: &E) -> Score {
    negamax_at(position, depth.min(MAX_PLY as u32 - 1), 0, evaluator, false)
}

/// [`negamax`] where a node whose moves all lose by force tries the moves the evaluator held
/// back too ([`Evaluator::held_back_moves`]): the oracle of a selective search that widens
/// its losses ([`crate::Selectivity::widen_losses`]).
pub(crate) fn negamax_widened<G: Game, E: Evaluator<G>>(
    position: &G,
    depth: u32,
    evaluator: &E,
) -> Score {
    negamax_at(position, depth.min(MAX_PLY as u32 - 1), 0, evaluator, true)
}

fn negamax_at<G: Game, E: Evaluator<G>>(
    position: &G,
    depth: u32,
    ply: usize,
    evaluator: &E,
    widen: bool,
) -> Score {
    if let Some(score) = terminal_score(position.status(), position.side_to_move(), ply) {
        return score;
    }
    if let Some(score) = proven_score(evaluator, position, ply) {
        return score;
    }
    if depth == 0 {
        return clamp_eval(evaluator.evaluate(position));
    }
    let mut moves = MoveList::new();
    evaluator.search_moves(position, &mut moves);
    if moves.is_empty() {
        return clamp_eval(evaluator.evaluate(position));
    }
    let listed = moves.len();
    let mut best = best_of(position, &moves, depth, ply, evaluator, widen);
    if widen && best < 0 && is_decisive(best) {
        evaluator.held_back_moves(position, &mut moves);
        best = best.max(best_of(
            position,
            &moves[listed..],
            depth,
            ply,
            evaluator,
            widen,
        ));
    }
    best
}

/// The best value of `moves` at a node of `position`, `depth` plies from the horizon.
fn best_of<G: Game, E: Evaluator<G>>(
    position: &G,
    moves: &[G::Move],
    depth: u32,
    ply: usize,
    evaluator: &E,
    widen: bool,
) -> Score {
    let mut best = -INFINITY;
    for &mv in moves {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let extension = u32::from(evaluator.forced(&child));
        let value = negamax_at(&child, depth - 1 + extension, ply + 1, evaluator, widen);
        // A game that does not always alternate may leave the same side to move: its value is
        // then already this side's.
        let same_side = !G::ALTERNATES && child.side_to_move() == position.side_to_move();
        best = best.max(if same_side { value } else { -value });
    }
    best
}
