//! What the checked-in ultimate network costs, in CPU time (so that a loaded machine's waits
//! do not count): per position, the full evaluation (observation, every layer, all 81
//! logits) against the leaf evaluator as MCTS asks it (the value with the incremental first
//! layer, then the priors of the legal moves); per simulation, MCTS with the network, with
//! its priors and random playouts as values (`mix=1`, the ultimate expert), and with random
//! playouts alone, and the last two with decisive playouts (`playout=decisive`, `boards`);
//! and at `mix=1`, per simulation of a search as large as a move's, with a
//! leaf expanded after 1, 2, 4 or 8 visits.
//!
//! ```text
//! cargo run --release --example net_cost
//! ```
//!
//! The CPU time is the thread's own (`/proc/thread-self/schedstat`, Linux); elsewhere the
//! wall clock. Each figure is the best of five runs of about 0.3 s.

use boardgames_core::actions::Observe;
use boardgames_core::{Game, MoveList, Rng};
use boardgames_players::net::NetLeaf;
use boardgames_players::ultimate::learned::{checked_in, GAME};
use boardgames_players::ultimate::DecisivePlayout;
use boardgames_search::{Leaf, Limits, Mcts, RandomPlayout};
use boardgames_ultimate::Position;
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds this thread has run, or since `EPOCH` on the wall clock where unknown.
fn cpu_ns() -> u64 {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let from_proc = std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok());
    from_proc.unwrap_or_else(|| EPOCH.get_or_init(Instant::now).elapsed().as_nanos() as u64)
}

/// The best of five runs of `f` (each about 0.3 s of CPU), in nanoseconds per unit; `f`
/// returns the units it did.
fn best_ns(mut f: impl FnMut() -> u64) -> f64 {
    (0..5)
        .map(|_| {
            let start = cpu_ns();
            let mut units = 0;
            while cpu_ns() - start < 300_000_000 {
                units += f();
            }
            (cpu_ns() - start) as f64 / units as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Every ply of seeded random games, until `count` positions.
fn positions(count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    let mut rng = Rng::new(2024);
    while out.len() < count {
        let mut pos = Position::new();
        while let Some(mv) = pos.random_move(&mut rng) {
            out.push(pos);
            pos.play_unchecked(mv);
        }
    }
    out.truncate(count);
    out
}

fn main() {
    let net = checked_in().expect("the checked-in network");
    let list = positions(256);
    let (mut scratch, mut input) = (net.scratch(), vec![0.0; 567]);
    let full = best_ns(|| {
        for pos in &list {
            pos.write_observation(pos.side_to_move(), &mut input).ok();
            black_box(net.evaluate(&input, &mut scratch));
        }
        list.len() as u64
    });
    let mut leaf = NetLeaf::new(net.clone(), GAME, &Position::new(), "net").unwrap();
    let (mut moves, mut priors) = (MoveList::new(), Vec::new());
    let as_mcts = best_ns(|| {
        for pos in &list {
            black_box(leaf.net_value(pos));
            pos.legal_moves(&mut moves);
            leaf.priors(pos, &moves, &mut priors);
        }
        list.len() as u64
    });
    println!("per position (256 plies of random games, in game order):");
    println!("  full evaluation, all 81 logits   {full:>8.0} ns");
    println!("  leaf value + legal priors        {as_mcts:>8.0} ns");
    let roots: Vec<Position> = list.iter().step_by(32).copied().collect();
    let fresh = NetLeaf::new(net.clone(), GAME, &Position::new(), "net").unwrap();
    let with_net = best_ns(|| simulations(Mcts::new(fresh.clone()), &roots));
    let priors_only = fresh.clone().with_playout_share(1.0);
    let with_priors = best_ns(|| simulations(Mcts::new(priors_only.clone()), &roots));
    let old = FullLeaf {
        scratch: net.scratch(),
        input: vec![0.0; 567],
        keys: vec![u64::MAX; 4096],
        logits: vec![0.0; 4096 * 81],
        net,
    };
    let with_full = best_ns(|| simulations(Mcts::new(old.clone()), &roots));
    let playouts = best_ns(|| simulations(Mcts::new(RandomPlayout::default()), &roots));
    let decisive = DecisivePlayout::new(false);
    let with_decisive = priors_only.clone().with_playout(decisive);
    let priors_decisive = best_ns(|| simulations(Mcts::new(with_decisive.clone()), &roots));
    let decisive_alone = best_ns(|| simulations(Mcts::new(decisive), &roots));
    let boards = DecisivePlayout::new(true);
    let with_boards = priors_only.clone().with_playout(boards);
    let priors_boards = best_ns(|| simulations(Mcts::new(with_boards.clone()), &roots));
    let boards_alone = best_ns(|| simulations(Mcts::new(boards), &roots));
    println!("per MCTS simulation (1000 from each of 8 positions):");
    println!("  with the network                 {with_net:>8.0} ns");
    println!("  with its priors and playouts     {with_priors:>8.0} ns");
    println!("  with the full evaluation         {with_full:>8.0} ns");
    println!("  with random playouts             {playouts:>8.0} ns");
    println!("  with its priors, decisive ones   {priors_decisive:>8.0} ns");
    println!("  with decisive playouts           {decisive_alone:>8.0} ns");
    println!("  with its priors, board-winning   {priors_boards:>8.0} ns");
    println!("  with board-winning playouts      {boards_alone:>8.0} ns");
    println!("per simulation with priors and playouts, 50,000 from the start (one move's tree):");
    for visits in [1, 2, 4, 8] {
        let mcts = Mcts::new(priors_only.clone()).with_expand_after(visits);
        let (ns, nodes) = large_tree(mcts);
        println!("  a leaf expanded after {visits} visits   {ns:>8.0} ns, {nodes:>7} nodes");
    }
}

/// The CPU time of a simulation in a search of 50,000 from the start (the best of five
/// searches, each in a fresh tree), and the nodes of its tree.
fn large_tree<L: Leaf<Position>>(mut mcts: Mcts<Position, L>) -> (f64, usize) {
    const SIMULATIONS: u64 = 50_000;
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        mcts.clear();
        let start = cpu_ns();
        mcts.search(&Position::new(), &Limits::simulations(SIMULATIONS));
        best = best.min((cpu_ns() - start) as f64 / SIMULATIONS as f64);
    }
    (best, mcts.tree_nodes())
}

/// The leaf evaluator as it was before the incremental first layer: the full evaluation at
/// every leaf, all 81 logits kept for the expansion.
#[derive(Clone)]
struct FullLeaf {
    net: std::sync::Arc<boardgames_players::net::Network>,
    scratch: boardgames_players::net::Scratch,
    input: Vec<f32>,
    keys: Vec<u64>,
    logits: Vec<f32>,
}

impl FullLeaf {
    fn slot(&mut self, pos: &Position) -> usize {
        let key = pos.zobrist();
        let slot = key as usize & 4095;
        if self.keys[slot] != key {
            self.value(pos, &mut Rng::new(0));
        }
        slot
    }
}

impl Leaf<Position> for FullLeaf {
    fn value(&mut self, pos: &Position, _: &mut Rng) -> f64 {
        pos.write_observation(pos.side_to_move(), &mut self.input)
            .ok();
        let value = self.net.evaluate(&self.input, &mut self.scratch);
        let slot = pos.zobrist() as usize & 4095;
        self.keys[slot] = pos.zobrist();
        self.logits[slot * 81..(slot + 1) * 81].copy_from_slice(&self.scratch.logits);
        f64::from(value)
    }

    fn priors(
        &mut self,
        pos: &Position,
        moves: &[<Position as Game>::Move],
        out: &mut Vec<f32>,
    ) -> bool {
        use boardgames_core::actions::Actions;
        let slot = self.slot(pos);
        out.clear();
        out.extend(
            moves
                .iter()
                .map(|&mv| self.logits[slot * 81 + pos.action_id(mv)]),
        );
        boardgames_search::mcts::softmax(out);
        true
    }
}

fn simulations<L: Leaf<Position>>(mut mcts: Mcts<Position, L>, roots: &[Position]) -> u64 {
    roots
        .iter()
        .map(|root| mcts.search(root, &Limits::simulations(1000)).simulations)
        .sum()
}
