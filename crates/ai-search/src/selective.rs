//! Selective search (pruning and reductions): the searcher's one setting that trades exact
//! values for depth.

use crate::score::{self, Score};

/// The most depths (plies to the horizon) that [`Selectivity::late_moves`] sets a count for.
pub const LATE_MOVE_DEPTHS: usize = 8;

/// `100 * ln(n)`, rounded, for `n` from 0 (taken as 0) to 128: late-move reductions in
/// integers, the same on every machine.
const LN_100: [u32; 129] = [
    0, 0, 69, 110, 139, 161, 179, 195, 208, 220, 230, 240, 248, 256, 264, 271, 277, 283, 289, 294,
    300, 304, 309, 314, 318, 322, 326, 330, 333, 337, 340, 343, 347, 350, 353, 356, 358, 361, 364,
    366, 369, 371, 374, 376, 378, 381, 383, 385, 387, 389, 391, 393, 395, 397, 399, 401, 403, 404,
    406, 408, 409, 411, 413, 414, 416, 417, 419, 420, 422, 423, 425, 426, 428, 429, 430, 432, 433,
    434, 436, 437, 438, 439, 441, 442, 443, 444, 445, 447, 448, 449, 450, 451, 452, 453, 454, 455,
    456, 457, 458, 460, 461, 462, 462, 463, 464, 465, 466, 467, 468, 469, 470, 471, 472, 473, 474,
    474, 475, 476, 477, 478, 479, 480, 480, 481, 482, 483, 484, 484, 485,
];

/// Forward pruning near the horizon and reductions of late moves, off by default
/// ([`Selectivity::NONE`]).
///
/// Every [`crate::Techniques`] combination returns plain [`crate::negamax`]'s value; this does
/// not. It cuts moves and nodes that a null-window search (every node off the principal
/// variation) is unlikely to need, so the same time reaches deeper, at the risk of missing
/// what the cut moves held. Whether that pays is a matter of the game and its evaluation:
/// measure it.
///
/// - **Futility pruning** (static null-move pruning): a null-window node at most
///   `futility_depth` plies from the horizon whose static evaluation beats beta by
///   `futility_margin` per ply left returns that evaluation without searching.
/// - **Late-move pruning**: at a null-window node `d` plies from the horizon, once one move has
///   been searched and does not lose by force, the moves after the first `late_moves[d - 1]`
///   are not searched (0: no limit at that depth; no limit beyond [`LATE_MOVE_DEPTHS`]).
///   The moves come in the searcher's order: table move, killers, countermove, then history
///   and the evaluator's hint.
/// - **Late-move reductions**: at a null-window node `d` plies from the horizon (3 or more),
///   the `i`-th move searched (0-based, from `reduction_from` on, and not a table move,
///   killer or countermove) is searched first `r = ln(d) * ln(i + 1) * reduction_scale / 100`
///   plies shallower (at least one, at most `d - 2`), and again at the full depth when that
///   beats alpha. A move whose reply is forced ([`crate::Evaluator::forced`]) is not reduced.
/// - **More moves where the side to move is improving**: at a node whose static evaluation
///   is higher than at the node two plies up the line (the side to move's previous turn, in a
///   game whose sides alternate), the late-move counts are multiplied by `improving_moves`.
///   A side whose position is getting better is where the good moves are many; one whose
///   position is not can be cut harder.
/// - **Singular extensions**: at a node `d` plies from the horizon (`singular_depth` or more,
///   off the root) whose table entry holds a move and a lower bound `v` searched at least
///   `d - 2` plies deep, every other move is searched `d / 2` plies deep with a null window at
///   `v - singular_margin * d`. When all of them fail low, the table move is the only good
///   one and is searched a ply deeper. When one of them reaches that window and the window is
///   at or above a beta that is not decisive, the node is cut there (multi-cut: two moves beat
///   beta). Lines are never extended past twice the depth of the iteration, nor from inside
///   such a verification.
/// - **Fail-high reductions**: at a null-window node `d` plies from the horizon (3 or more)
///   whose static evaluation beats beta by `fail_high_margin * d`, every move whose reply is
///   not forced is searched a ply shallower, with no re-search at the full depth. Such a
///   node is expected to be cut by its first good move; the ply saved on the way there is
///   what pays.
/// - **Widened losses** (`widen_losses`): a node whose moves all lose by force searches the
///   moves its evaluator held back too ([`crate::Evaluator::held_back_moves`]), and reports
///   the loss only if they lose as well. An evaluator that narrows the quiet moves to the
///   likely ones otherwise proves wins that a defence it did not list refutes, and the search
///   then plays for them. The value is then the one plain negamax gives when it widens the
///   same nodes (the lost ones).
/// - **The first win** (`first_win`): a node stops at its first move that wins by force, the
///   root too. Its other moves could only win faster, and searching them, each with a null
///   window at a win, where nothing is pruned, costs far more than the proof itself (gomoku:
///   ten times the nodes that found a mate in 13). The win reported may then be longer than
///   the fastest; it is still a win. A node that stopped so stores its value in the table as
///   a lower bound.
///
/// The root is never pruned or reduced, neither is a node searching for a forced win or loss
/// (a decisive beta), and futility and multi-cut never return a decisive score. So a win or
/// loss the search reports stays proven, as far as the evaluator's move sets go, and a table
/// entry holding one cuts a node of any depth, not only of its own (the next iteration need
/// not prove it again; an exact search cuts only at the entry's depth): plain negamax
/// finds it too, as fast or faster, at the same depth or (where an extension looked further)
/// at the reported length ([`crate::check_selective`]). A draw is no longer proven by a search
/// that saw every line to its end, since lines were cut.
///
/// ```
/// use boardgames_search::{Limits, NoKnowledge, Searcher, Selectivity};
/// use boardgames_tictactoe::Position;
///
/// let selective = Selectivity {
///     futility_margin: 50,
///     futility_depth: 3,
///     late_moves: [2, 3, 4, 0, 0, 0, 0, 0],
///     reduction_from: 3,
///     reduction_scale: 50,
///     improving_moves: 2,
///     singular_depth: 4,
///     singular_margin: 2,
///     fail_high_margin: 0,
///     widen_losses: false,
///     first_win: true,
/// };
/// let mut searcher = Searcher::new(NoKnowledge).with_selectivity(selective);
/// let result = searcher.search(&"XX./OO./...".parse::<Position>().unwrap(), &Limits::depth(9));
/// assert_eq!(result.best_move.unwrap().to_string(), "c3"); // the win is still found
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selectivity {
    /// The margin of futility pruning per ply to the horizon; 0 or less turns it off.
    pub futility_margin: Score,
    /// The most plies to the horizon at which futility pruning applies (0: nowhere).
    pub futility_depth: u32,
    /// The moves searched at a null-window node `d` plies from the horizon, at index `d - 1`
    /// (0: every move).
    pub late_moves: [u8; LATE_MOVE_DEPTHS],
    /// Late-move reductions: at a null-window node, the moves from this one on (0-based, in
    /// search order; 0: no reductions) are searched first with fewer plies, and again with
    /// all of them when they beat alpha.
    pub reduction_from: u8,
    /// How many plies a late move loses, in hundredths of `ln(depth) * ln(index + 1)`
    /// (rounded down, at least one ply, at most `depth - 2`).
    pub reduction_scale: u16,
    /// The factor of the late-move counts at a node whose static evaluation has risen since
    /// the node two plies up (0 or 1: the counts stay as they are). The search evaluates
    /// every node it expands when this is 2 or more.
    pub improving_moves: u8,
    /// The least plies to the horizon at which a table move may be extended as singular
    /// (0: never).
    pub singular_depth: u8,
    /// The margin under the table's value, per ply to the horizon, that every other move must
    /// fail to reach for the table move to be singular.
    pub singular_margin: Score,
    /// The margin over beta, per ply to the horizon, of a node's static evaluation from which
    /// its unforced moves are searched a ply shallower (fail-high reductions); 0 or less
    /// turns them off.
    pub fail_high_margin: Score,
    /// Whether a node whose moves all lose by force (its value a proven loss) also tries the
    /// moves the evaluator held back ([`crate::Evaluator::held_back_moves`]) before the loss
    /// is believed.
    pub widen_losses: bool,
    /// Whether a node stops at its first move that wins by force instead of searching the
    /// others for a faster win.
    pub first_win: bool,
}

impl Default for Selectivity {
    /// No pruning ([`Selectivity::NONE`]).
    fn default() -> Self {
        Selectivity::NONE
    }
}

impl Selectivity {
    /// No pruning: the search returns negamax's value (the default).
    pub const NONE: Selectivity = Selectivity {
        futility_margin: 0,
        futility_depth: 0,
        late_moves: [0; LATE_MOVE_DEPTHS],
        reduction_from: 0,
        reduction_scale: 0,
        improving_moves: 0,
        singular_depth: 0,
        singular_margin: 0,
        fail_high_margin: 0,
        widen_losses: false,
        first_win: false,
    };

    /// `true` when nothing is pruned, reduced or extended.
    pub fn is_none(&self) -> bool {
        let futility = self.futility_margin > 0 && self.futility_depth > 0;
        !futility
            && self.late_moves.iter().all(|&n| n == 0)
            && self.reduction_from == 0
            && self.singular_depth == 0
            && self.fail_high_margin <= 0
            && !self.widen_losses
            && !self.first_win
    }

    /// Whether a node whose best move so far scores `best` stops searching
    /// ([`Selectivity::first_win`]): `best` is a win by force.
    #[inline(always)]
    pub(crate) fn stops_at(&self, best: Score) -> bool {
        self.first_win && best > 0 && score::is_decisive(best)
    }

    /// Whether a node `depth` plies from the horizon may have its table move extended as
    /// singular (before its table entry is looked at).
    #[inline(always)]
    pub(crate) fn extends_at(&self, depth: u32) -> bool {
        self.singular_depth > 0 && depth >= u32::from(self.singular_depth)
    }

    /// The null window under which every move but the table move must fail for it to be
    /// extended, at a node `depth` plies from the horizon whose table entry is a lower bound
    /// (or exact) `value` of `entry_depth` plies; `None` when the node does not qualify.
    #[inline(always)]
    pub(crate) fn singular_beta(
        &self,
        depth: u32,
        (value, entry_depth, lower): (Score, u32, bool),
    ) -> Option<Score> {
        if !self.extends_at(depth) || !lower || entry_depth + 2 < depth || score::is_decisive(value)
        {
            return None;
        }
        let singular = value.saturating_sub(self.singular_margin.saturating_mul(depth as Score));
        (!score::is_decisive(singular)).then_some(singular)
    }

    /// The plies a null-window node `depth` plies from the horizon, searched with `beta`,
    /// takes off its `index`-th move (0-based) before the re-search; 0 for none.
    #[inline(always)]
    pub(crate) fn reduction(&self, depth: u32, index: usize, beta: Score) -> u32 {
        if self.reduction_from == 0
            || index < usize::from(self.reduction_from)
            || depth < 3
            || score::is_decisive(beta)
        {
            return 0;
        }
        let ln = |n: usize| u64::from(LN_100[n.min(LN_100.len() - 1)]);
        let r = ln(depth as usize) * ln(index + 1) * u64::from(self.reduction_scale) / 1_000_000;
        (r.min(u64::from(depth)) as u32).clamp(1, depth - 2)
    }

    /// Whether a null-window node `depth` plies from the horizon, searched with `beta`,
    /// searches its unforced moves a ply shallower: its static evaluation `eval` beats beta by
    /// [`Selectivity::fail_high_margin`] a ply.
    #[inline(always)]
    pub(crate) fn fail_high(&self, depth: u32, beta: Score, eval: impl FnOnce() -> Score) -> bool {
        if self.fail_high_margin <= 0 || depth < 3 || score::is_decisive(beta) {
            return false;
        }
        let eval = eval();
        let margin = self.fail_high_margin.saturating_mul(depth as Score);
        !score::is_decisive(eval) && eval.saturating_sub(margin) >= beta
    }

    /// The value of a null-window node `depth` plies from the horizon, searched with `beta`,
    /// when futility pruning cuts it: its static evaluation (`eval`, computed only when the
    /// node may be cut) if that beats beta by the margin.
    #[inline(always)]
    pub(crate) fn futility_cut(
        &self,
        depth: u32,
        beta: Score,
        eval: impl FnOnce() -> Score,
    ) -> Option<Score> {
        if self.futility_margin <= 0 || depth > self.futility_depth || score::is_decisive(beta) {
            return None;
        }
        let eval = eval();
        let margin = self.futility_margin.saturating_mul(depth as Score);
        (!score::is_decisive(eval) && eval.saturating_sub(margin) >= beta).then_some(eval)
    }

    /// `true` when [`Selectivity::improving_moves`] changes the late-move counts: the search
    /// then keeps the static evaluation of the nodes along its line.
    #[inline(always)]
    pub(crate) fn tracks_improving(&self) -> bool {
        self.improving_moves > 1
    }

    /// The moves a null-window node `depth` plies from the horizon searches (`usize::MAX`: no
    /// limit), more where the side to move is `improving` (only ever `true` when
    /// [`Selectivity::tracks_improving`]).
    #[inline(always)]
    pub(crate) fn move_limit(&self, depth: u32, improving: bool) -> usize {
        match self.late_moves.get((depth as usize).wrapping_sub(1)) {
            Some(&n) if n > 0 && improving => usize::from(n) * usize::from(self.improving_moves),
            Some(&n) if n > 0 => usize::from(n),
            _ => usize::MAX,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::win_in;

    const SINGULAR: Selectivity = Selectivity {
        singular_depth: 6,
        singular_margin: 3,
        ..Selectivity::NONE
    };

    #[test]
    fn the_singular_window_is_the_value_less_the_margin() {
        // A lower bound of 100 from 6 plies, at a node 8 plies from the horizon.
        assert_eq!(SINGULAR.singular_beta(8, (100, 6, true)), Some(100 - 3 * 8));
        assert_eq!(SINGULAR.singular_beta(6, (-40, 9, true)), Some(-40 - 3 * 6));
    }

    #[test]
    fn only_deep_nodes_with_a_deep_lower_bound_qualify() {
        let ok = (100, 6, true);
        assert_eq!(SINGULAR.singular_beta(5, ok), None, "too near the horizon");
        assert_eq!(
            SINGULAR.singular_beta(9, ok),
            None,
            "entry three plies short"
        );
        assert_eq!(
            SINGULAR.singular_beta(8, (100, 6, false)),
            None,
            "upper bound"
        );
        assert_eq!(
            SINGULAR.singular_beta(8, (win_in(9), 6, true)),
            None,
            "decisive"
        );
        assert_eq!(Selectivity::NONE.singular_beta(8, ok), None, "off");
    }
}
