//! Checking a game and evaluator: every technique must give plain negamax's value.

use crate::walk::Walk;
use crate::{negamax, Evaluator, Limits, SearchResult, Searcher, Techniques};
use boardgames_core::{Game, Unmake};

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
        check_result(position, depth, want, name, &mut searcher)?;
    }
    Ok(())
}

/// [`check_techniques`] for a game that takes moves back in place: each combination of
/// techniques is searched twice, by [`Searcher::new`] (copy-make) and by
/// [`Searcher::make_unmake`], and both must pass the checks against [`negamax`] and agree
/// with each other on the score, best move, principal variation and node count (they walk the
/// same tree).
pub fn check_techniques_make_unmake<G, E>(
    position: &G,
    depth: u32,
    evaluator: &E,
) -> Result<(), String>
where
    G: Unmake + core::fmt::Display,
    E: Evaluator<G> + Clone,
{
    let want = negamax(position, depth, evaluator);
    for (name, techniques) in Techniques::CHECKS {
        let mut copying = Searcher::new(evaluator.clone())
            .with_table_bytes(1 << 16)
            .with_techniques(techniques);
        let mut in_place = Searcher::make_unmake(evaluator.clone())
            .with_table_bytes(1 << 16)
            .with_techniques(techniques);
        let a = check_result(position, depth, want, name, &mut copying)?;
        let b = check_result(position, depth, want, name, &mut in_place)?;
        if (a.score, a.best_move, &a.pv, a.nodes) != (b.score, b.best_move, &b.pv, b.nodes) {
            return Err(format!(
                "{name}: make/unmake found {} {:?} in {} nodes, copy-make {} {:?} in {} nodes, on\n{position}",
                b.score, b.pv, b.nodes, a.score, a.pv, a.nodes
            ));
        }
    }
    Ok(())
}

/// Searches `position` to `depth` and checks the result against negamax's value `want`.
fn check_result<G, E, W>(
    position: &G,
    depth: u32,
    want: crate::Score,
    name: &str,
    searcher: &mut Searcher<G, E, W>,
) -> Result<SearchResult<G::Move>, String>
where
    G: Game + core::fmt::Display,
    E: Evaluator<G>,
    W: Walk<G>,
{
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
    Ok(result)
}
