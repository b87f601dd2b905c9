//! Small neural networks for play: a value and policy network read from a versioned weights
//! file, evaluated on the CPU without allocation, and an MCTS leaf evaluator built on it
//! ([`NetLeaf`]).
//!
//! The network is a multilayer perceptron over a game's observation planes
//! ([`boardgames_core::actions::Observe`], from the side to move): hidden layers with ReLU,
//! then two heads, a value in `-1..=1` (tanh) for the side to move and one policy logit per
//! action id ([`boardgames_core::actions::Actions`]). The training loop of the Python package
//! (`boardgames.train`) writes the files; [`Network::to_bytes`] writes the same format.
//!
//! # The weights file (version 1)
//!
//! All numbers little-endian:
//!
//! | field | type | value |
//! |---|---|---|
//! | magic | 4 bytes | `BGNN` |
//! | version | u32 | 1 |
//! | game name length, game name | u32, UTF-8 bytes | `ultimate`, `tictactoe`, ... |
//! | planes, rows, columns | 3 x u32 | the observation's shape |
//! | actions | u32 | the number of action ids |
//! | hidden layer count `L`, widths | u32, `L` x u32 | 1 to 8 layers |
//! | weights | f32 | per hidden layer, then the value head (1 output), then the policy head (`actions` outputs): the matrix `inputs x outputs` (one row per input), then the `outputs` biases |
//! | checksum | u64 | FNV-1a (64 bits) of every byte before it |
//!
//! A file that cannot be read, is cut short, has a bad magic, version, checksum or a
//! non-finite weight, or was made for another game or shape, is a [`WeightsError`] naming it.
//!
//! ```
//! use boardgames_players::net::{Network, WeightsErrorKind};
//!
//! // A network for tic-tac-toe (27 inputs, 9 actions) with one hidden layer of 8, all zero.
//! let net = Network::zeros("tictactoe", [3, 3, 3], 9, &[8]).unwrap();
//! let bytes = net.to_bytes();
//! let back = Network::from_bytes(&bytes, "in memory").unwrap();
//! assert_eq!(back, net);
//! let mut cut = bytes.clone();
//! cut.pop();
//! let error = Network::from_bytes(&cut, "cut.bgnn").unwrap_err();
//! assert!(matches!(error.kind, WeightsErrorKind::Corrupt(_)));
//! assert!(error.to_string().starts_with("weights file cut.bgnn:"));
//! ```

mod format;
mod incremental;
mod leaf;

pub use format::{WeightsError, WeightsErrorKind, FORMAT_VERSION, MAGIC};
pub use leaf::{InvalidPriorTemperature, NetLeaf};

use std::path::Path;

/// The most hidden layers a file may declare.
pub const MAX_LAYERS: usize = 8;
/// The widest layer (and the most inputs or actions) a file may declare.
pub const MAX_WIDTH: usize = 1 << 16;
/// The most weights a file may hold (64 MB of `f32`).
pub const MAX_PARAMETERS: usize = 1 << 24;

/// One fully connected layer: `inputs x outputs` weights, one row per input, and the biases.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Dense {
    pub(crate) inputs: usize,
    pub(crate) outputs: usize,
    /// Row `i` (`outputs` values) holds input `i`'s weights.
    pub(crate) weights: Vec<f32>,
    pub(crate) biases: Vec<f32>,
}

impl Dense {
    fn zeros(inputs: usize, outputs: usize) -> Dense {
        Dense {
            inputs,
            outputs,
            weights: vec![0.0; inputs * outputs],
            biases: vec![0.0; outputs],
        }
    }

    /// `out = biases + x * weights`, skipping the zero inputs (most of an observation's and
    /// about half of a ReLU layer's): the cost is the nonzero inputs times the width. The
    /// nonzero inputs are gathered a batch at a time on the stack, so nothing is allocated.
    #[inline]
    fn apply(&self, x: &[f32], out: &mut [f32]) {
        out.copy_from_slice(&self.biases);
        // Room for a whole chunk past the batch's limit: every input is written and only the
        // nonzero ones kept (no branch to mispredict on a ReLU layer's half-zero inputs).
        const LIMIT: usize = 128;
        let mut batch = [(0u32, 0.0f32); LIMIT + incremental::LANES];
        let mut len = 0;
        let mut chunks = x.chunks_exact(incremental::LANES);
        let tail = chunks.remainder();
        let blocks = chunks
            .by_ref()
            .enumerate()
            .filter(|(_, chunk)| incremental::any_nonzero(chunk))
            .map(|(c, chunk)| (c * incremental::LANES, chunk));
        for (first, chunk) in blocks.chain([(x.len() - tail.len(), tail)]) {
            for (k, &xi) in chunk.iter().enumerate() {
                batch[len] = ((first + k) as u32, xi);
                len += usize::from(xi != 0.0);
            }
            if len >= LIMIT {
                incremental::add_rows(out, &self.weights, &batch[..len]);
                len = 0;
            }
        }
        incremental::add_rows(out, &self.weights, &batch[..len]);
    }
}

/// A value and policy network: hidden ReLU layers, a tanh value head and a policy head.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    game: String,
    shape: [usize; 3],
    actions: usize,
    hidden: Vec<Dense>,
    value: Dense,
    policy: Dense,
}

/// The buffers of one evaluation, reused from call to call ([`Network::scratch`]).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    layers: Vec<Vec<f32>>,
    /// The policy logits of the last evaluation, one per action id.
    pub logits: Vec<f32>,
}

impl Network {
    /// A network of zero weights (a value of 0 and a uniform policy everywhere), for `game`
    /// with observations of `shape` (planes, rows, columns), `actions` action ids and hidden
    /// layers of `widths`. An error if the sizes are out of the file format's bounds.
    pub fn zeros(
        game: &str,
        shape: [usize; 3],
        actions: usize,
        widths: &[usize],
    ) -> Result<Network, WeightsError> {
        format::check_sizes("zeros", shape, actions, widths)?;
        let mut inputs = shape.iter().product();
        let mut hidden = Vec::with_capacity(widths.len());
        for &width in widths {
            hidden.push(Dense::zeros(inputs, width));
            inputs = width;
        }
        Ok(Network {
            game: game.to_owned(),
            shape,
            actions,
            hidden,
            value: Dense::zeros(inputs, 1),
            policy: Dense::zeros(inputs, actions),
        })
    }

    /// Reads a weights file.
    pub fn load(path: impl AsRef<Path>) -> Result<Network, WeightsError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        match std::fs::read(path) {
            Ok(bytes) => Network::from_bytes(&bytes, &name),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(WeightsError::new(&name, WeightsErrorKind::Missing))
            }
            Err(e) => Err(WeightsError::new(
                &name,
                WeightsErrorKind::Io(e.to_string()),
            )),
        }
    }

    /// Reads a weights file's bytes; `name` names it in errors.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Network, WeightsError> {
        format::read(bytes, name)
    }

    /// The file's bytes (the format of the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        format::write(self)
    }

    /// The game the network was trained for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The observation shape it reads: planes, rows, columns.
    pub fn shape(&self) -> [usize; 3] {
        self.shape
    }

    /// The number of action ids of its policy.
    pub fn actions(&self) -> usize {
        self.actions
    }

    /// The widths of its hidden layers.
    pub fn widths(&self) -> Vec<usize> {
        self.hidden.iter().map(|d| d.outputs).collect()
    }

    /// The number of weights and biases.
    pub fn parameters(&self) -> usize {
        self.layers()
            .map(|d| d.weights.len() + d.biases.len())
            .sum()
    }

    /// An error unless the network was made for `game`, `shape` and `actions`.
    pub fn check(
        &self,
        name: &str,
        game: &str,
        shape: [usize; 3],
        actions: usize,
    ) -> Result<(), WeightsError> {
        if self.game != game || self.shape != shape || self.actions != actions {
            let found = format!(
                "made for {} (observation {:?}, {} actions), not {game} (observation {shape:?}, {actions} actions)",
                self.game, self.shape, self.actions
            );
            return Err(WeightsError::new(name, WeightsErrorKind::Mismatch(found)));
        }
        Ok(())
    }

    /// Buffers for [`Network::evaluate`].
    pub fn scratch(&self) -> Scratch {
        Scratch {
            layers: self.hidden.iter().map(|d| vec![0.0; d.outputs]).collect(),
            logits: vec![0.0; self.actions],
        }
    }

    /// The value (for the side to move, in `-1..=1`) of the observation `input`; the policy
    /// logits are left in `scratch.logits`. `input` must have the shape's length and
    /// `scratch` come from this network ([`Network::scratch`]).
    pub fn evaluate(&self, input: &[f32], scratch: &mut Scratch) -> f32 {
        self.hidden[0].apply(input, &mut scratch.layers[0]);
        let value = self.value_from_first(&mut scratch.layers);
        let last = scratch.layers.last().map_or(input, Vec::as_slice);
        self.policy.apply(last, &mut scratch.logits);
        value
    }

    /// The value, from `layers[0]` holding the first layer's pre-activations: every hidden
    /// layer's activations are left in `layers` (the last one feeds the heads).
    pub(crate) fn value_from_first(&self, layers: &mut [Vec<f32>]) -> f32 {
        relu(&mut layers[0]);
        for (k, layer) in self.hidden.iter().enumerate().skip(1) {
            let (done, rest) = layers.split_at_mut(k);
            layer.apply(&done[k - 1], &mut rest[0]);
            relu(&mut rest[0]);
        }
        let last = &layers[layers.len() - 1];
        (incremental::dot(last, &self.value.weights) + self.value.biases[0]).tanh()
    }

    /// This network with inputs `range` taken as always 1: their first-layer weights are
    /// added to the biases and zeroed, so the caller zeroes those inputs and the evaluation
    /// skips them (the `to_move` plane seen from the side to move is all ones).
    pub(crate) fn fold_ones(mut self, range: core::ops::Range<usize>) -> Network {
        let layer = &mut self.hidden[0];
        for i in range.filter(|&i| i < layer.inputs) {
            let row = &mut layer.weights[i * layer.outputs..(i + 1) * layer.outputs];
            for (b, w) in layer.biases.iter_mut().zip(row.iter_mut()) {
                *b += *w;
                *w = 0.0;
            }
        }
        self
    }

    /// Every layer in file order: the hidden ones, the value head, the policy head.
    pub(crate) fn layers(&self) -> impl Iterator<Item = &Dense> {
        self.hidden.iter().chain([&self.value, &self.policy])
    }
}

/// `x = max(x, 0)` in place.
#[inline]
fn relu(x: &mut [f32]) {
    for v in x {
        *v = v.max(0.0);
    }
}

#[cfg(test)]
mod tests;
