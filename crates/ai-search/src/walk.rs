//! How a search goes from a node to its children: a copy per child, or one position changed
//! in place and restored.

use boardgames_core::{Game, Unmake};

/// How the [`crate::Searcher`] reaches a child position: [`CopyMake`] (the default) or
/// [`MakeUnmake`].
///
/// Both search the same tree: the same values, best moves, principal variations and node
/// counts (the tests compare them, see [`crate::check_techniques_make_unmake`]). They differ
/// only in cost.
pub trait Walk<G: Game> {
    /// Calls `visit` with the position after `mv` in `position`, and returns its result with
    /// `position` as it was before.
    fn child<R>(position: &mut G, mv: G::Move, visit: impl FnOnce(&mut G) -> R) -> R;
}

/// Copy-make: each child is a copy of its parent with the move played. The cheapest for
/// small positions (every rules crate's `Position`), and needs nothing more than [`Game`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CopyMake;

impl<G: Game> Walk<G> for CopyMake {
    #[inline(always)]
    fn child<R>(position: &mut G, mv: G::Move, visit: impl FnOnce(&mut G) -> R) -> R {
        let mut child = position.clone();
        child.play_unchecked(mv);
        visit(&mut child)
    }
}

/// Make/unmake: one position per search thread, changed by [`Unmake::make`] on the way down
/// and restored by [`Unmake::unmake`] on the way up. For positions that carry large
/// incremental state (an evaluator's tables kept move by move), which a copy per node would
/// spend its time copying.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MakeUnmake;

impl<G: Unmake> Walk<G> for MakeUnmake {
    #[inline(always)]
    fn child<R>(position: &mut G, mv: G::Move, visit: impl FnOnce(&mut G) -> R) -> R {
        let undo = position.make(mv);
        let result = visit(position);
        position.unmake(undo);
        result
    }
}
