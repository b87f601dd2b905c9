//! The MCTS tree: a flat arena of nodes addressed by index, each node's children in one
//! contiguous block. Selection (UCT or PUCT), expansion, backup with MCTS-Solver proofs, and
//! re-rooting for tree reuse. No allocation per node: the arena grows by doubling.

use super::leaf::Leaf;
use boardgames_core::{Game, MoveList, Player, Rng, Status};

/// A node's proof, from the view of the player who moved into it.
pub(crate) const WIN: i8 = 1;
pub(crate) const DRAW: i8 = 0;
pub(crate) const LOSS: i8 = -1;
pub(crate) const UNPROVEN: i8 = 2;

/// A priority no child reaches: marks "no policy" in [`Node::prior`].
const NO_PRIOR: f32 = -1.0;

/// One position of the tree. Its value is the sum of the rewards (1 win, 0.5 draw, 0 loss)
/// of the player who moved into it, so a parent picks the child best for itself directly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<M> {
    pub(crate) value: f64,
    pub(crate) visits: u32,
    /// Index of the first child; meaningful only when `children > 0`.
    pub(crate) first_child: u32,
    /// 0 until the node is expanded (an ongoing position always has a move).
    pub(crate) children: u16,
    /// [`WIN`], [`DRAW`], [`LOSS`] or [`UNPROVEN`].
    pub(crate) proof: i8,
    /// Plies to the end of a proven result.
    pub(crate) plies: u16,
    /// The policy's prior, or [`NO_PRIOR`].
    pub(crate) prior: f32,
    /// The move into the node (`None` at the root).
    pub(crate) mv: Option<M>,
    /// Whether the move into the node left the same side to move (only in games that do not
    /// always alternate, [`Game::ALTERNATES`]; set when the node is first reached). The mover
    /// into the node is then its side to move, and its value and proof are that side's.
    pub(crate) same_side: bool,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, prior: f32) -> Self {
        Node {
            value: 0.0,
            visits: 0,
            first_child: 0,
            children: 0,
            proof: UNPROVEN,
            plies: 0,
            prior,
            mv,
            same_side: false,
        }
    }

    /// The children's index range.
    #[inline]
    pub(crate) fn child_range(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + self.children as usize
    }

    /// The mean reward of the player who moved into the node, 0.5 if never visited.
    #[inline]
    pub(crate) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.value / f64::from(self.visits)
        }
    }
}

/// The reward of a proof for the player it is from the view of.
#[inline]
fn proof_reward(proof: i8) -> f64 {
    (f64::from(proof) + 1.0) / 2.0
}

/// How a simulation chooses its way down: the exploration constant, the value an unvisited
/// child is given under PUCT, and the visits a leaf needs before it is expanded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Selection {
    pub(crate) exploration: f64,
    /// `None`: an unvisited child counts as a draw (0.5); `Some(r)`: as its parent's value
    /// for the side to move there, less `r` (first-play urgency).
    pub(crate) fpu_reduction: Option<f64>,
    /// A leaf (but the root) is expanded once it has had this many visits (at least 1).
    pub(crate) expand_after: u32,
}

/// The tree of one search thread, with the position at its root.
#[derive(Clone, Debug)]
pub(crate) struct Tree<G: Game> {
    pub(crate) nodes: Vec<Node<G::Move>>,
    root_position: Option<G>,
    /// The node indices of the current simulation, root first.
    path: Vec<u32>,
    priors: Vec<f32>,
    /// The other arena, for re-rooting without a fresh allocation.
    spare: Vec<Node<G::Move>>,
    /// Set when an expansion was refused for lack of room.
    pub(crate) full: bool,
}

impl<G: Game> Tree<G> {
    pub(crate) fn new() -> Self {
        Tree {
            nodes: Vec::new(),
            root_position: None,
            path: Vec::new(),
            priors: Vec::new(),
            spare: Vec::new(),
            full: false,
        }
    }

    pub(crate) fn root(&self) -> &Node<G::Move> {
        &self.nodes[0]
    }

    /// Whether the mover into node `n` is also its side to move (never in a game that always
    /// alternates, where this compiles away).
    #[inline(always)]
    fn keeps_side(&self, n: usize) -> bool {
        !G::ALTERNATES && self.nodes[n].same_side
    }

    /// The reward for the mover into node `n` of a leaf valued `value` (in -1..=1) from the
    /// view of its side to move.
    #[inline(always)]
    fn leaf_reward(&self, n: usize, value: f64) -> f64 {
        let value = value.clamp(-1.0, 1.0);
        if self.keeps_side(n) {
            (1.0 + value) / 2.0
        } else {
            (1.0 - value) / 2.0
        }
    }

    /// Makes `position` the root. With `reuse`, keeps the subtree of the same position when
    /// it is the old root, a child or a grandchild of it; returns the nodes kept.
    pub(crate) fn set_root(&mut self, position: &G, reuse: bool) -> usize {
        self.full = false;
        let found = match (&self.root_position, reuse) {
            (Some(old), true) if !self.nodes.is_empty() => self.find(old, position),
            _ => None,
        };
        match found {
            Some(0) => {}
            Some(index) => self.reroot(index),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(None, NO_PRIOR));
            }
        }
        self.root_position = Some(position.clone());
        if found.is_some() {
            self.nodes.len()
        } else {
            0
        }
    }

    /// The node of `target` among the root (`old`), its children and its grandchildren.
    fn find(&self, old: &G, target: &G) -> Option<usize> {
        if old == target {
            return Some(0);
        }
        for c in self.nodes[0].child_range() {
            let mut child = old.clone();
            child.play_unchecked(self.nodes[c].mv?);
            if &child == target {
                return Some(c);
            }
            for g in self.nodes[c].child_range() {
                let mut grandchild = child.clone();
                grandchild.play_unchecked(self.nodes[g].mv?);
                if &grandchild == target {
                    return Some(g);
                }
            }
        }
        None
    }

    /// Keeps only the subtree of `index`, copied breadth-first into the spare arena (sibling
    /// blocks stay contiguous), which then becomes the tree.
    fn reroot(&mut self, index: usize) {
        let mut out = core::mem::take(&mut self.spare);
        out.clear();
        out.push(self.nodes[index]);
        out[0].mv = None;
        if out[0].same_side {
            // A root's value and proof are those of the player who is not to move there.
            let root = &mut out[0];
            root.value = f64::from(root.visits) - root.value;
            root.proof = match root.proof {
                WIN => LOSS,
                LOSS => WIN,
                other => other,
            };
            root.same_side = false;
        }
        let mut i = 0;
        while i < out.len() {
            let range = out[i].child_range();
            if !range.is_empty() {
                out[i].first_child = out.len() as u32;
                out.extend_from_slice(&self.nodes[range]);
            }
            i += 1;
        }
        self.spare = core::mem::replace(&mut self.nodes, out);
    }

    /// One simulation from the root `position`: select down the tree, expand or evaluate the
    /// leaf, back the reward up.
    #[inline]
    pub(crate) fn simulate<L: Leaf<G>>(
        &mut self,
        position: &G,
        leaf: &mut L,
        rng: &mut Rng,
        selection: Selection,
        max_nodes: usize,
    ) {
        let mut pos = position.clone();
        self.path.clear();
        self.path.push(0);
        let mut n = 0;
        let mut newly_proven = false;
        let reward = loop {
            let node = self.nodes[n];
            if node.proof != UNPROVEN {
                break proof_reward(node.proof);
            }
            if node.visits == 0 && n != 0 {
                let status = pos.status();
                if status.is_over() {
                    self.set_terminal(n, status, pos.side_to_move());
                    newly_proven = true;
                    break proof_reward(self.nodes[n].proof);
                }
                break self.leaf_reward(n, leaf.value(&pos, rng));
            }
            if node.children == 0 {
                let grow = n == 0 || node.visits >= selection.expand_after;
                if !grow || !self.expand(n, &pos, leaf, max_nodes) {
                    break self.leaf_reward(n, leaf.value(&pos, rng));
                }
            }
            let c = self.select(n, selection);
            if let Some(mv) = self.nodes[c].mv {
                if G::ALTERNATES {
                    pos.play_unchecked(mv);
                } else {
                    self.play_tracking_side(c, &mut pos, mv);
                }
            }
            self.path.push(c as u32);
            n = c;
        };
        self.backup(reward, newly_proven);
    }

    /// Plays `mv` into child `c` in a game that does not always alternate, noting whether it
    /// kept the side to move.
    #[inline(never)]
    fn play_tracking_side(&mut self, c: usize, pos: &mut G, mv: G::Move) {
        let side = pos.side_to_move();
        pos.play_unchecked(mv);
        self.nodes[c].same_side = pos.side_to_move() == side;
    }

    /// Records the result of a finished position whose side to move is `side` (the mover into
    /// it is the other player, unless the move kept the same side to move).
    fn set_terminal(&mut self, n: usize, status: Status, side: Player) {
        let mover = if self.keeps_side(n) {
            side
        } else {
            side.opponent()
        };
        let node = &mut self.nodes[n];
        node.proof = match status {
            Status::Won(p) if p == mover => WIN,
            Status::Won(_) => LOSS,
            _ => DRAW,
        };
        node.plies = 0;
    }

    /// Adds the children of `n`; `false` (and the tree marked full) when they do not fit.
    /// The root's always fit.
    fn expand<L: Leaf<G>>(&mut self, n: usize, pos: &G, leaf: &mut L, max_nodes: usize) -> bool {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || moves.len() > usize::from(u16::MAX) {
            return false;
        }
        // The root's children always fit, so that a search always has a move to give.
        if n != 0 && self.nodes.len() + moves.len() > max_nodes.min(u32::MAX as usize) {
            self.full = true;
            return false;
        }
        let policy = leaf.priors(pos, &moves, &mut self.priors) && self.priors.len() == moves.len();
        let first = self.nodes.len();
        for (i, &mv) in moves.iter().enumerate() {
            let prior = if policy {
                self.priors[i].max(0.0)
            } else {
                NO_PRIOR
            };
            self.nodes.push(Node::new(Some(mv), prior));
        }
        let node = &mut self.nodes[n];
        node.first_child = first as u32;
        node.children = moves.len() as u16;
        true
    }

    /// The child of `parent` to descend into: the UCT rule (first the unvisited children in
    /// move order), or PUCT when the children carry priors (an unvisited child valued as
    /// [`Selection::fpu_reduction`] says). Children proven lost for the mover are never chosen.
    #[inline]
    fn select(&self, parent: usize, selection: Selection) -> usize {
        let exploration = selection.exploration;
        let p = &self.nodes[parent];
        let range = p.child_range();
        let first = range.start;
        let kids = &self.nodes[range];
        let mut best = 0;
        let mut best_score = f64::NEG_INFINITY;
        if kids[0].prior == NO_PRIOR {
            let log_n = f64::from(p.visits.max(1)).ln();
            for (i, k) in kids.iter().enumerate() {
                if k.proof == LOSS {
                    continue;
                }
                if k.visits == 0 {
                    return first + i;
                }
                let n = f64::from(k.visits);
                let score = k.value / n + exploration * (log_n / n).sqrt();
                if score > best_score {
                    best_score = score;
                    best = i;
                }
            }
        } else {
            let sqrt_n = f64::from(p.visits.max(1)).sqrt();
            let unvisited = selection
                .fpu_reduction
                .map_or(0.5, |r| (self.side_to_move_mean(parent) - r).max(0.0));
            for (i, k) in kids.iter().enumerate() {
                if k.proof == LOSS {
                    continue;
                }
                let u = exploration * f64::from(k.prior) * sqrt_n / (1.0 + f64::from(k.visits));
                let mean = if k.visits == 0 { unvisited } else { k.mean() };
                let score = mean + u;
                if score > best_score {
                    best_score = score;
                    best = i;
                }
            }
        }
        first + best
    }

    /// The mean reward of node `n` for its side to move (whose moves its children are).
    #[inline]
    fn side_to_move_mean(&self, n: usize) -> f64 {
        let mean = self.nodes[n].mean();
        if self.keeps_side(n) {
            mean
        } else {
            1.0 - mean
        }
    }

    /// Adds the reward (for the mover into the last node of the path) to every node of the
    /// path, for each node's own mover (the other player one level up, unless a move kept the
    /// side to move), and carries a new proof up as far as it reaches.
    fn backup(&mut self, mut reward: f64, mut proving: bool) {
        for i in (0..self.path.len()).rev() {
            let n = self.path[i] as usize;
            let node = &mut self.nodes[n];
            node.visits = node.visits.saturating_add(1);
            node.value += reward;
            // The reward is the parent's side to move's; the parent's mover is that side
            // only when the move into the parent kept it.
            if i == 0 || !self.keeps_side(self.path[i - 1] as usize) {
                reward = 1.0 - reward;
            }
            if proving && i > 0 {
                proving = self.try_prove(self.path[i - 1] as usize);
            }
        }
    }

    /// MCTS-Solver: `n`'s side to move wins when a child wins for it, loses when every child
    /// is lost, draws when every child is proven and the best draws; the proof is then its
    /// mover's (the other player, unless the move into `n` kept the side to move). Returns
    /// `true` when `n` became proven.
    fn try_prove(&mut self, n: usize) -> bool {
        let node = self.nodes[n];
        if node.proof != UNPROVEN || node.children == 0 {
            return false;
        }
        let mut all = true;
        let mut draw = false;
        let mut fastest_win: Option<u16> = None;
        let mut slowest_loss = 0;
        for k in &self.nodes[node.child_range()] {
            match k.proof {
                WIN => fastest_win = Some(fastest_win.map_or(k.plies, |w| w.min(k.plies))),
                DRAW => draw = true,
                LOSS => slowest_loss = slowest_loss.max(k.plies),
                _ => all = false,
            }
        }
        let (proof, plies) = match fastest_win {
            Some(w) => (WIN, w),
            None if !all => return false,
            None if draw => (DRAW, 0),
            None => (LOSS, slowest_loss),
        };
        let proof = if self.keeps_side(n) { proof } else { -proof };
        let node = &mut self.nodes[n];
        node.proof = proof;
        node.plies = plies.saturating_add(1);
        true
    }

    /// The index of the child of the root to play: a proven win (fastest), else the most
    /// visited child not proven lost, else the slowest loss. `None` before any expansion.
    pub(crate) fn best_child(&self, parent: usize) -> Option<usize> {
        let range = self.nodes[parent].child_range();
        let kids = &self.nodes[range.clone()];
        let index = |i: usize| range.start + i;
        let win = kids
            .iter()
            .enumerate()
            .filter(|(_, k)| k.proof == WIN)
            .min_by_key(|(_, k)| k.plies);
        if let Some((i, _)) = win {
            return Some(index(i));
        }
        let open = kids
            .iter()
            .enumerate()
            .filter(|(_, k)| k.proof != LOSS)
            .max_by(|(_, a), (_, b)| {
                (a.visits, a.mean())
                    .partial_cmp(&(b.visits, b.mean()))
                    .unwrap_or(core::cmp::Ordering::Equal)
            });
        if let Some((i, _)) = open {
            return Some(index(i));
        }
        kids.iter()
            .enumerate()
            .max_by_key(|(_, k)| k.plies)
            .map(|(i, _)| index(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::leaf::RandomPlayout;

    #[test]
    fn a_node_of_a_small_move_takes_32_bytes() {
        // The memory figures of the docs (and the default tree size) assume it.
        assert_eq!(core::mem::size_of::<Node<u8>>(), 32);
        assert_eq!(core::mem::size_of::<Node<u16>>(), 32);
    }

    /// The number of nodes below and including `n`, checking that every block is in range.
    fn subtree(tree: &Tree<boardgames_tictactoe::Position>, n: usize) -> usize {
        let range = tree.nodes[n].child_range();
        assert!(range.end <= tree.nodes.len());
        1 + range.map(|c| subtree(tree, c)).sum::<usize>()
    }

    #[test]
    fn rerooting_keeps_exactly_the_subtree() {
        let start = boardgames_tictactoe::Position::new();
        let mut tree = Tree::new();
        tree.set_root(&start, true);
        let (mut leaf, mut rng) = (RandomPlayout::default(), Rng::new(1));
        for _ in 0..3000 {
            let selection = Selection {
                exploration: 1.0,
                fpu_reduction: None,
                expand_after: 1,
            };
            tree.simulate(&start, &mut leaf, &mut rng, selection, usize::MAX);
        }
        assert_eq!(subtree(&tree, 0), tree.nodes.len());
        let child = tree.best_child(0).unwrap();
        let (kept, visits) = (subtree(&tree, child), tree.nodes[child].visits);
        let mut next = start;
        next.play_unchecked(tree.nodes[child].mv.unwrap());
        assert_eq!(tree.set_root(&next, true), kept);
        assert_eq!(tree.nodes.len(), kept);
        assert_eq!(subtree(&tree, 0), kept);
        assert_eq!((tree.root().visits, tree.root().mv), (visits, None));
    }
}
