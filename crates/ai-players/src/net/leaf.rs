//! The network as MCTS's leaf evaluator: its value at new leaves, its policy as PUCT priors.

use super::{Network, Scratch, WeightsError};
use boardgames_core::actions::{Actions, Observe};
use boardgames_core::{Game, Rng};
use boardgames_search::mcts::softmax;
use boardgames_search::Leaf;
use std::sync::Arc;

/// Slots of the cache of policy logits (a power of two).
const CACHE_SLOTS: usize = 4096;

/// MCTS leaves valued by a [`Network`] (optionally mixed with a random playout), its policy
/// giving the PUCT priors.
///
/// The search values a leaf at its first visit and asks for its priors when it expands it, at
/// a later visit; the policy logits of the last few thousand positions valued are kept (by
/// Zobrist key) so that the expansion reuses them instead of evaluating the network again.
///
/// Leaves are seen from their side to move, so a `to_move` plane is all ones: its weights are
/// folded into the first layer's biases once, and each evaluation skips it.
#[derive(Clone, Debug)]
pub struct NetLeaf<G> {
    net: Arc<Network>,
    /// The inputs of the `to_move` plane, zeroed after each observation (folded into `net`).
    ones: core::ops::Range<usize>,
    scratch: Scratch,
    input: Vec<f32>,
    playout_share: f64,
    keys: Vec<u64>,
    logits: Vec<f32>,
    _game: core::marker::PhantomData<fn() -> G>,
}

impl<G: Game + Actions + Observe> NetLeaf<G> {
    /// A leaf evaluator for positions like `sample` with `net`; an error naming the network's
    /// source `name` if it was made for another game or shape than `game`.
    pub fn new(
        net: Arc<Network>,
        game: &str,
        sample: &G,
        name: &str,
    ) -> Result<Self, WeightsError> {
        let shape = sample.observation_shape();
        let actions = sample.action_count();
        net.check(
            name,
            game,
            [shape.planes, shape.rows, shape.columns],
            actions,
        )?;
        let plane = sample
            .observation_planes()
            .iter()
            .position(|&p| p == "to_move");
        let ones = plane.map_or(0..0, |p| p * shape.plane_len()..(p + 1) * shape.plane_len());
        let net = Arc::new(Network::clone(&net).fold_ones(ones.clone()));
        Ok(NetLeaf {
            ones,
            scratch: net.scratch(),
            input: vec![0.0; shape.len()],
            playout_share: 0.0,
            keys: vec![u64::MAX; CACHE_SLOTS],
            logits: vec![0.0; CACHE_SLOTS * actions],
            net,
            _game: core::marker::PhantomData,
        })
    }

    /// This evaluator valuing leaves by `share` of a random playout's result and `1 - share`
    /// of the network's value (`share` clamped to `0..=1`; 0 by default).
    pub fn with_playout_share(mut self, share: f64) -> Self {
        self.playout_share = if share.is_nan() {
            0.0
        } else {
            share.clamp(0.0, 1.0)
        };
        self
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The network's value of `position` for its side to move; its logits are cached.
    pub fn net_value(&mut self, position: &G) -> f32 {
        let side = position.side_to_move();
        if position.write_observation(side, &mut self.input).is_err() {
            return 0.0;
        }
        self.input[self.ones.clone()].fill(0.0);
        let value = self.net.evaluate(&self.input, &mut self.scratch);
        let key = position.zobrist();
        let slot = key as usize & (CACHE_SLOTS - 1);
        let actions = self.net.actions();
        self.keys[slot] = key;
        self.logits[slot * actions..(slot + 1) * actions].copy_from_slice(&self.scratch.logits);
        value
    }
}

impl<G: Game + Actions + Observe> Leaf<G> for NetLeaf<G> {
    fn value(&mut self, position: &G, rng: &mut Rng) -> f64 {
        let net = f64::from(self.net_value(position));
        if self.playout_share == 0.0 {
            return net;
        }
        let playout = boardgames_search::RandomPlayout::default().value(position, rng);
        (1.0 - self.playout_share) * net + self.playout_share * playout
    }

    fn priors(&mut self, position: &G, moves: &[G::Move], priors: &mut Vec<f32>) -> bool {
        let key = position.zobrist();
        let slot = key as usize & (CACHE_SLOTS - 1);
        if self.keys[slot] != key {
            self.net_value(position);
        }
        let actions = self.net.actions();
        let logits = &self.logits[slot * actions..(slot + 1) * actions];
        priors.clear();
        priors.extend(moves.iter().map(|&mv| {
            let id = position.action_id(mv);
            logits.get(id).copied().unwrap_or(f32::NEG_INFINITY)
        }));
        softmax(priors);
        true
    }
}
