//! The network as MCTS's leaf evaluator: its value at new leaves, its policy as PUCT priors.

use super::incremental::{self, Accumulator};
use super::{Network, Scratch, WeightsError};
use boardgames_core::actions::{Actions, Observe};
use boardgames_core::{Game, Rng};
use boardgames_search::mcts::softmax;
use boardgames_search::{Leaf, RandomPlayout};
use std::sync::Arc;

/// The prior temperature given was not a finite number above 0.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("prior temperature {0} is not a finite number above 0")]
pub struct InvalidPriorTemperature(pub f64);

/// Slots of the cache of last hidden layers (a power of two).
const CACHE_SLOTS: usize = 4096;

/// MCTS leaves valued by a [`Network`] (optionally mixed with a playout, uniformly random
/// unless another playout `P` is given, [`NetLeaf::with_playout`]), its policy giving the
/// PUCT priors.
///
/// Made for the order in which a search asks: a leaf's value at its first visit, its priors
/// when it is expanded, at a later visit, and each leaf close to the one before.
///
/// - The first layer is updated by the inputs that changed since the last leaf with the same
///   side to move (NNUE-style), rather than computed from every nonzero input.
/// - The value needs no policy: the last hidden layer of the last few thousand positions
///   valued is kept (by Zobrist key), and the expansion computes from it the logits of the
///   legal moves only, a dot product each, rather than one per action id.
/// - Leaves are seen from their side to move, so a `to_move` plane is all ones: its weights
///   are folded into the first layer's biases once, and its inputs are left at zero.
#[derive(Clone, Debug)]
pub struct NetLeaf<G, P = RandomPlayout> {
    net: Arc<Network>,
    /// The inputs of the `to_move` plane, zeroed after each observation (folded into `net`).
    ones: core::ops::Range<usize>,
    scratch: Scratch,
    input: Vec<f32>,
    /// The first layer's pre-activations of the last leaf of each side to move.
    first: [Accumulator; 2],
    /// The policy head's weights, one row of the last hidden layer's width per action id.
    policy_rows: Vec<f32>,
    playout_share: f64,
    /// The playout of the leaf values' playout share.
    playout: P,
    /// The softmax temperature of the priors (1: the network's own policy).
    prior_temperature: f32,
    keys: Vec<u64>,
    /// The last hidden layer of each cached position.
    hidden: Vec<f32>,
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
        let width = net.policy.inputs;
        let mut policy_rows = vec![0.0; actions * width];
        for (i, row) in net.policy.weights.chunks_exact(actions).enumerate() {
            for (a, &w) in row.iter().enumerate() {
                policy_rows[a * width + i] = w;
            }
        }
        let accumulator = Accumulator::new(&net.hidden[0]);
        Ok(NetLeaf {
            ones,
            scratch: net.scratch(),
            input: vec![0.0; shape.len()],
            first: [accumulator.clone(), accumulator],
            policy_rows,
            playout_share: 0.0,
            playout: RandomPlayout::default(),
            prior_temperature: 1.0,
            keys: vec![u64::MAX; CACHE_SLOTS],
            hidden: vec![0.0; CACHE_SLOTS * width],
            net,
            _game: core::marker::PhantomData,
        })
    }

    /// This evaluator with `playout` for the playout share of its leaf values (a uniformly
    /// random playout by default).
    pub fn with_playout<Q: Leaf<G>>(self, playout: Q) -> NetLeaf<G, Q> {
        NetLeaf {
            net: self.net,
            ones: self.ones,
            scratch: self.scratch,
            input: self.input,
            first: self.first,
            policy_rows: self.policy_rows,
            playout_share: self.playout_share,
            playout,
            prior_temperature: self.prior_temperature,
            keys: self.keys,
            hidden: self.hidden,
            _game: self._game,
        }
    }
}

impl<G: Game + Actions + Observe, P: Leaf<G>> NetLeaf<G, P> {
    /// This evaluator valuing leaves by `share` of a playout's result and `1 - share`
    /// of the network's value (`share` clamped to `0..=1`; 0 by default). At 1 the network
    /// is evaluated only for the priors of the positions the search expands.
    pub fn with_playout_share(mut self, share: f64) -> Self {
        self.playout_share = if share.is_nan() {
            0.0
        } else {
            share.clamp(0.0, 1.0)
        };
        self
    }

    /// This evaluator giving priors `softmax(logits / t)` rather than the network's policy
    /// (`t` = 1, the default): above 1 flatter, below 1 sharper. An error unless `t` is a
    /// finite number above 0.
    pub fn with_prior_temperature(mut self, t: f64) -> Result<Self, InvalidPriorTemperature> {
        // Checked as the f32 it is kept as: neither 0 nor infinite there either.
        let kept = t as f32;
        if !(kept.is_finite() && kept > 0.0) {
            return Err(InvalidPriorTemperature(t));
        }
        self.prior_temperature = kept;
        Ok(self)
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The network's value of `position` for its side to move; its last hidden layer is
    /// cached for [`Leaf::priors`].
    pub fn net_value(&mut self, position: &G) -> f32 {
        let side = position.side_to_move();
        if position.write_observation(side, &mut self.input).is_err() {
            return 0.0;
        }
        self.input[self.ones.clone()].fill(0.0);
        let sums = self.first[side.index()].update(&self.net.hidden[0], &mut self.input);
        self.scratch.layers[0].copy_from_slice(sums);
        let value = self.net.value_from_first(&mut self.scratch.layers);
        let last = &self.scratch.layers[self.scratch.layers.len() - 1];
        let key = position.zobrist();
        let slot = key as usize & (CACHE_SLOTS - 1);
        self.keys[slot] = key;
        self.hidden[slot * last.len()..(slot + 1) * last.len()].copy_from_slice(last);
        value
    }
}

impl<G: Game + Actions + Observe, P: Leaf<G>> Leaf<G> for NetLeaf<G, P> {
    fn value(&mut self, position: &G, rng: &mut Rng) -> f64 {
        if self.playout_share >= 1.0 {
            // The network only gives priors: it runs at expansions, not at every leaf.
            return self.playout.value(position, rng);
        }
        let net = f64::from(self.net_value(position));
        if self.playout_share == 0.0 {
            return net;
        }
        let playout = self.playout.value(position, rng);
        (1.0 - self.playout_share) * net + self.playout_share * playout
    }

    fn priors(&mut self, position: &G, moves: &[G::Move], priors: &mut Vec<f32>) -> bool {
        let key = position.zobrist();
        let slot = key as usize & (CACHE_SLOTS - 1);
        if self.keys[slot] != key {
            self.net_value(position);
        }
        let width = self.net.policy.inputs;
        let hidden = &self.hidden[slot * width..(slot + 1) * width];
        let biases = &self.net.policy.biases;
        let scale = self.prior_temperature.recip();
        priors.clear();
        priors.extend(moves.iter().map(|&mv| {
            let id = position.action_id(mv);
            match self.policy_rows.get(id * width..(id + 1) * width) {
                Some(row) => (incremental::dot(row, hidden) + biases[id]) * scale,
                None => f32::NEG_INFINITY,
            }
        }));
        softmax(priors);
        true
    }
}
