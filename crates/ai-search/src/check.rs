//! Checking a game and evaluator: every technique must give plain negamax's value.

use crate::negamax::negamax_widened;
use crate::walk::Walk;
use crate::{negamax, score, Evaluator, Limits, SearchResult, Searcher, Selectivity, Techniques};
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

/// Searches `position` to `depth` with every technique and `selectivity`, and checks what a
/// selective search still promises: a win or loss it reports is one plain [`negamax`] finds at
/// the same depth (or at the reported length, when an extension looked further), as fast or
/// faster (a pruned search may miss the fastest line, or the win itself, never invent one;
/// with [`Selectivity::widen_losses`], negamax widens the lost nodes the same way);
/// it reaches the full depth unless it proved a result; its principal variation starts with
/// its best move and is playable. Returns the first broken
/// promise as text. For property tests of a game, its evaluator and a selectivity.
///
/// ```
/// use boardgames_search::{check_selective, NoKnowledge, Selectivity};
/// let position: boardgames_tictactoe::Position = "X../.O./...".parse().unwrap();
/// let prune = Selectivity {
///     futility_margin: 1,
///     futility_depth: 4,
///     late_moves: [1; 8],
///     reduction_from: 2,
///     reduction_scale: 100,
///     improving_moves: 2,
///     singular_depth: 0,
///     singular_margin: 0,
///     fail_high_margin: 0,
///     widen_losses: false,
///     first_win: false,
/// };
/// assert_eq!(check_selective(&position, 6, &NoKnowledge, prune), Ok(()));
/// ```
pub fn check_selective<G, E>(
    position: &G,
    depth: u32,
    evaluator: &E,
    selectivity: Selectivity,
) -> Result<(), String>
where
    G: Game + core::fmt::Display,
    E: Evaluator<G> + Clone,
{
    let mut searcher = Searcher::new(evaluator.clone())
        .with_table_bytes(1 << 16)
        .with_selectivity(selectivity);
    let result = searcher.search(position, &Limits::depth(depth));
    if let Some(plies) = score::plies_to_end(result.score) {
        // A singular extension may have seen a win past the nominal depth: negamax then
        // looks as far as the win reported.
        let depth = depth.max(plies as u32);
        let exact = if selectivity.widen_losses {
            negamax_widened(position, depth, evaluator)
        } else {
            negamax(position, depth, evaluator)
        };
        let sound = score::plies_to_end(exact)
            .is_some_and(|fastest| fastest <= plies && (exact > 0) == (result.score > 0));
        if !sound {
            return Err(format!(
                "selective search at depth {depth}: {} (decided in {plies} plies) where negamax \
                 gives {exact}, on\n{position}",
                result.score
            ));
        }
    }
    check_line(position, depth, "selective", &result)
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
    check_line(position, depth, name, &result)?;
    Ok(result)
}

/// Checks that a search of `position` to `depth` (named `name`) reached the depth unless it
/// proved a result or saw every line's end, and that its principal variation starts with its
/// best move and plays.
fn check_line<G: Game + core::fmt::Display>(
    position: &G,
    depth: u32,
    name: &str,
    result: &SearchResult<G::Move>,
) -> Result<(), String> {
    let complete = position
        .max_remaining_plies()
        .is_some_and(|r| result.depth as usize >= r);
    if result.proof.is_none() && result.depth != depth && !complete {
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
    Ok(())
}
