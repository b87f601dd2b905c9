//! The first layer kept up to date by the inputs that changed, NNUE-style, and the vector
//! loops every layer shares.
//!
//! Consecutive leaves of a search differ in a few cells (the moves below their common
//! ancestor), so the first layer's pre-activations of the last observation are kept, and the
//! next one costs only the rows of the inputs that changed, not the rows of all its nonzero
//! inputs. One accumulator is kept for each side to move: the observation is seen from the
//! side to move, so a leaf one ply deeper than the last one swaps the players' planes and
//! differs everywhere; against the last leaf of the same side to move it differs little.

use super::Dense;

/// The lanes of the loops over a layer's outputs: arrays of this many `f32` the compiler
/// turns into vector instructions (two SSE registers, or one AVX register).
pub(crate) const LANES: usize = 8;

/// Incremental updates between two full computations: the additions and subtractions of
/// rows round differently from one sum, so the sums are rebuilt now and then to keep them
/// within a few ulps of the full evaluation.
const REFRESH: u32 = 64;

/// `out += x * row`, in chunks of [`LANES`].
#[inline]
pub(crate) fn add_scaled(out: &mut [f32], x: f32, row: &[f32]) {
    let mut outs = out.chunks_exact_mut(LANES);
    let mut rows = row.chunks_exact(LANES);
    for (o, r) in (&mut outs).zip(&mut rows) {
        for k in 0..LANES {
            o[k] += x * r[k];
        }
    }
    for (o, r) in outs.into_remainder().iter_mut().zip(rows.remainder()) {
        *o += x * r;
    }
}

/// The dot product of `a` and `b`, summed in [`LANES`] partial sums.
#[inline]
pub(crate) fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut sums = [0.0f32; LANES];
    let mut xs = a.chunks_exact(LANES);
    let mut ys = b.chunks_exact(LANES);
    for (x, y) in (&mut xs).zip(&mut ys) {
        for k in 0..LANES {
            sums[k] += x[k] * y[k];
        }
    }
    let tail: f32 = xs
        .remainder()
        .iter()
        .zip(ys.remainder())
        .map(|(x, y)| x * y)
        .sum();
    sums.iter().sum::<f32>() + tail
}

/// The first layer's pre-activations (before the ReLU) of the last observation given.
#[derive(Clone, Debug)]
pub(crate) struct Accumulator {
    /// The last observation.
    input: Vec<f32>,
    /// `biases + input * weights` of the first layer.
    sums: Vec<f32>,
    /// Whether `input` and `sums` hold an observation yet.
    ready: bool,
    /// Incremental updates since the last full computation.
    updates: u32,
    /// The inputs that changed, for one update.
    changed: Vec<u32>,
}

impl Accumulator {
    pub(crate) fn new(layer: &Dense) -> Accumulator {
        Accumulator {
            input: vec![0.0; layer.inputs],
            sums: layer.biases.clone(),
            ready: false,
            updates: 0,
            changed: Vec::with_capacity(layer.inputs),
        }
    }

    /// The pre-activations of `input` (the layer's input length), updated from the last
    /// ones by the inputs that changed, or computed afresh when too many did (more than the
    /// nonzero inputs a full computation would add) or after [`REFRESH`] updates. `input`
    /// is left holding the previous observation (the buffers are swapped).
    pub(crate) fn update(&mut self, layer: &Dense, input: &mut Vec<f32>) -> &[f32] {
        let nonzero = input.iter().filter(|&&x| x != 0.0).count();
        if self.ready && self.updates < REFRESH && self.diff(input, nonzero) {
            for &i in &self.changed {
                let i = i as usize;
                let row = &layer.weights[i * layer.outputs..(i + 1) * layer.outputs];
                add_scaled(&mut self.sums, input[i] - self.input[i], row);
            }
            self.updates += 1;
        } else {
            layer.apply(input, &mut self.sums);
            self.ready = true;
            self.updates = 0;
        }
        core::mem::swap(&mut self.input, input);
        &self.sums
    }

    /// Lists the inputs where `input` differs from the last observation; `false` (a full
    /// computation is cheaper) when more than `limit` do.
    fn diff(&mut self, input: &[f32], limit: usize) -> bool {
        self.changed.clear();
        for (i, (new, old)) in input.iter().zip(&self.input).enumerate() {
            if new != old {
                if self.changed.len() == limit {
                    return false;
                }
                self.changed.push(i as u32);
            }
        }
        true
    }
}
