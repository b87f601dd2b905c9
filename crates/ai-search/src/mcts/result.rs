//! What an MCTS search returns: the move, the proof if any, and the statistics.

use super::tree::{self, Node, Tree};
use crate::Proof;
use boardgames_core::{Game, Status};
use std::time::Duration;

/// One move of the root or of the best line, with its statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Simulations through it.
    pub visits: u64,
    /// Its mean value for the player making it, in `-1.0..=1.0` (0 when never visited).
    pub value: f64,
    /// Its proven result for the player making it.
    pub proof: Option<Proof>,
}

/// The move an MCTS search chose and its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The move to play; `None` only when the game is already over.
    pub best_move: Option<M>,
    /// The best move's mean value for the side to move, in `-1.0..=1.0`; a proven result's
    /// value (1, 0 or -1) when there is one.
    pub value: f64,
    /// A result the solver proved for the side to move.
    pub proof: Option<Proof>,
    /// Plies to the end of a proven win or loss (along the proving line).
    pub plies_to_end: Option<usize>,
    /// Simulations run by this search, all threads together.
    pub simulations: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Nodes in the trees at the end, all threads together (the memory used is about 32 bytes
    /// a node).
    pub tree_nodes: usize,
    /// Nodes kept from earlier searches (tree reuse), all threads together.
    pub reused_nodes: usize,
    /// The root's children (merged over threads), in move-generation order.
    pub root_moves: Vec<MoveStats<M>>,
    /// The best line: the chosen move, then the most visited reply and so on (in the first
    /// thread's tree below the root), each with its statistics.
    pub pv: Vec<MoveStats<M>>,
}

/// A node's proof from the view of the player who moved into it, as a [`Proof`].
fn proof_of(proof: i8) -> Option<Proof> {
    match proof {
        tree::WIN => Some(Proof::Win),
        tree::LOSS => Some(Proof::Loss),
        tree::DRAW => Some(Proof::Draw),
        _ => None,
    }
}

fn flip(proof: Option<Proof>) -> Option<Proof> {
    proof.map(|p| match p {
        Proof::Win => Proof::Loss,
        Proof::Loss => Proof::Win,
        Proof::Draw => Proof::Draw,
    })
}

fn stats<M: Copy>(node: &Node<M>) -> Option<MoveStats<M>> {
    Some(MoveStats {
        mv: node.mv?,
        visits: u64::from(node.visits),
        value: if node.visits == 0 {
            0.0
        } else {
            node.mean() * 2.0 - 1.0
        },
        proof: proof_of(node.proof),
    })
}

impl<M: Copy + PartialEq> MctsResult<M> {
    /// Simulations per second over the whole search.
    pub fn simulations_per_second(&self) -> u64 {
        rate(self.simulations, self.elapsed)
    }

    fn empty() -> Self {
        MctsResult {
            best_move: None,
            value: 0.0,
            proof: None,
            plies_to_end: None,
            simulations: 0,
            elapsed: Duration::ZERO,
            tree_nodes: 0,
            reused_nodes: 0,
            root_moves: Vec::new(),
            pv: Vec::new(),
        }
    }

    /// The result of a position where the game is over; `None` while it goes on.
    pub(crate) fn finished<G: Game<Move = M>>(position: &G) -> Option<Self> {
        let (proof, value) = match position.status() {
            Status::Ongoing => return None,
            Status::Draw => (Proof::Draw, 0.0),
            Status::Won(p) if p == position.side_to_move() => (Proof::Win, 1.0),
            Status::Won(_) => (Proof::Loss, -1.0),
        };
        Some(MctsResult {
            proof: Some(proof),
            value,
            plies_to_end: (proof != Proof::Draw).then_some(0),
            ..MctsResult::empty()
        })
    }

    /// The result of one or more trees of the same root: root children merged by index (the
    /// trees expanded the same position, so their children come in the same order).
    pub(crate) fn from_trees<G: Game<Move = M>>(
        trees: &[&Tree<G>],
        simulations: u64,
        reused_nodes: usize,
        elapsed: Duration,
    ) -> Self {
        let mut merged = Tree::<G>::new();
        merged.nodes = merge_roots(trees);
        let mut result = MctsResult {
            simulations,
            reused_nodes,
            elapsed,
            tree_nodes: trees.iter().map(|t| t.nodes.len()).sum(),
            ..MctsResult::empty()
        };
        result.root_moves = merged.nodes[1..].iter().filter_map(stats).collect();
        let root_proof = trees
            .iter()
            .map(|t| t.root())
            .find(|r| r.proof != tree::UNPROVEN);
        if let Some(root) = root_proof {
            result.proof = flip(proof_of(root.proof));
            if root.proof != tree::DRAW {
                result.plies_to_end = Some(usize::from(root.plies));
            }
        }
        let Some(best) = merged.best_child(0) else {
            return result;
        };
        let chosen = stats(&merged.nodes[best]);
        result.best_move = chosen.map(|s| s.mv);
        result.value = match result.proof {
            Some(Proof::Win) => 1.0,
            Some(Proof::Loss) => -1.0,
            Some(Proof::Draw) => 0.0,
            None => chosen.map_or(0.0, |s| s.value),
        };
        result.pv = best_line(trees[0], best - 1);
        if result.pv.first().map(|s| s.mv) != result.best_move {
            result.pv = chosen.into_iter().collect();
        }
        result
    }
}

/// The root and its children, summed over the trees: node 0 the root, 1.. the children.
fn merge_roots<G: Game>(trees: &[&Tree<G>]) -> Vec<Node<G::Move>> {
    let first = trees[0];
    let mut nodes = vec![*first.root()];
    nodes.extend_from_slice(&first.nodes[first.root().child_range()]);
    let count = nodes.len() - 1;
    nodes[0].first_child = 1;
    for t in &trees[1..] {
        let range = t.root().child_range();
        if range.len() != count {
            // An unexpanded tree (a thread with no simulations) adds nothing.
            continue;
        }
        for (sum, k) in nodes[1..].iter_mut().zip(&t.nodes[range]) {
            if sum.mv != k.mv {
                continue;
            }
            sum.visits = sum.visits.saturating_add(k.visits);
            sum.value += k.value;
            if sum.proof == tree::UNPROVEN {
                sum.proof = k.proof;
                sum.plies = k.plies;
            }
        }
    }
    if count == 0 {
        // The first tree is unexpanded: take the first expanded one instead.
        if let Some(t) = trees.iter().find(|t| t.root().children > 0) {
            return merge_roots(&[t]);
        }
    }
    nodes
}

/// The line from the root's child `child` (its index among the children) down the most
/// visited nodes of `tree`.
fn best_line<G: Game>(tree: &Tree<G>, child: usize) -> Vec<MoveStats<G::Move>> {
    let mut line = Vec::new();
    let range = tree.root().child_range();
    if child >= range.len() {
        return line;
    }
    let mut n = range.start + child;
    loop {
        let node = &tree.nodes[n];
        match stats(node) {
            Some(s) if node.visits > 0 => line.push(s),
            _ => break,
        }
        let next = tree.nodes[node.child_range()]
            .iter()
            .enumerate()
            .max_by_key(|(_, k)| k.visits)
            .map(|(i, _)| node.first_child as usize + i);
        match next {
            Some(c) if line.len() < crate::MAX_PLY => n = c,
            _ => break,
        }
    }
    line
}

/// `count` per second of `elapsed` (0 for no time), for [`MctsResult`]'s rates.
fn rate(count: u64, elapsed: Duration) -> u64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        (count as f64 / secs) as u64
    } else {
        0
    }
}
