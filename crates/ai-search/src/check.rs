//! Checking a game and evaluator: every technique must give plain negamax's value.

use crate::{negamax, Evaluator, Limits, Searcher, Techniques};
use boardgames_core::Game;

/// Searches `position` to `depth` with each combination of [`Techniques::CHECKS`] and compares
/// it with plain [`negamax`]: the same value; the full depth unless a result was proven; a
/// principal variation that starts with the best move and is playable. Returns the first
/// disagreement as text. For property tests of a game and its evaluator.
///
/// ```
/// use boardgames_search::{check_techniques, NoKnowledge};
/// let position: boardgames_tictactoe::Position = "X../.O./...".parse().unwrap();
/// assert_eq!(check_techniques(&position, 4, &NoKnowledge), Ok(()));
/// ```
pub fn check_techniques<G, E>(position: &G, depth: u32, evaluator: &E) -> Result<(), String>
where
    G: Game + core::fmt::Display,
    E: Evaluator<G> + Clone,
{
    let want = negamax(position, depth, evaluator);
    for (name, techniques) in Techniques::CHECKS {
        let mut searcher = Searcher::new(evaluator.clone())
            .with_table_bytes(1 << 16)
            .with_techniques(techniques);
        let result = searcher.search(position, &Limits::depth(depth));
        if result.score != want {
            return Err(format!(
                "{name} at depth {depth}: {} instead of negamax's {want} on\n{position}",
                result.score
            ));
        }
        if result.proof.is_none() && result.depth != depth {
            return Err(format!(
                "{name}: stopped at depth {} of {depth}",
                result.depth
            ));
        }
        if result.pv.first().copied() != result.best_move {
            return Err(format!(
                "{name}: the principal variation does not start with the best move"
            ));
        }
        let mut line = position.clone();
        for &mv in &result.pv {
            if line.play(mv).is_err() {
                return Err(format!(
                    "{name}: principal variation {:?} is not playable",
                    result.pv
                ));
            }
        }
    }
    Ok(())
}
