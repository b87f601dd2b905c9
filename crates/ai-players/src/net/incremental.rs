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

/// Outputs summed together in registers: four vectors of [`LANES`].
const BLOCK: usize = 4 * LANES;

/// `out += sum of scale * weights[row]` over `rows` (`(row, scale)` pairs; row `r` is
/// `weights[r * out.len()..]`). The outputs are taken [`BLOCK`] at a time and summed over
/// all the rows in registers before being stored, rather than loaded and stored once a row.
#[inline]
pub(crate) fn add_rows(out: &mut [f32], weights: &[f32], rows: &[(u32, f32)]) {
    let width = out.len();
    let mut blocks = out.chunks_exact_mut(BLOCK);
    for (b, block) in (&mut blocks).enumerate() {
        let mut acc = [0.0f32; BLOCK];
        acc.copy_from_slice(block);
        for &(r, x) in rows {
            let start = r as usize * width + b * BLOCK;
            let row: &[f32; BLOCK] = weights[start..start + BLOCK].try_into().expect("a block");
            for k in 0..BLOCK {
                acc[k] += x * row[k];
            }
        }
        block.copy_from_slice(&acc);
    }
    let done = width - blocks.into_remainder().len();
    for &(r, x) in rows {
        let row = &weights[r as usize * width..(r as usize + 1) * width];
        for (o, w) in out[done..].iter_mut().zip(&row[done..]) {
            *o += x * w;
        }
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
    /// The inputs that changed and by how much, for one update.
    changed: Vec<(u32, f32)>,
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
            add_rows(&mut self.sums, &layer.weights, &self.changed);
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
        let done = input.len() / LANES * LANES;
        let tail = (&input[done..], &self.input[done..]);
        let chunks = input[..done]
            .chunks_exact(LANES)
            .zip(self.input[..done].chunks_exact(LANES))
            .enumerate();
        let blocks = chunks
            .filter(|(_, (new, old))| differs(new, old))
            .map(|(c, pair)| (c * LANES, pair));
        for (first, (new, old)) in blocks.chain([(done, tail)]) {
            for (k, (&n, &o)) in new.iter().zip(old).enumerate() {
                if n != o {
                    if self.changed.len() == limit {
                        return false;
                    }
                    self.changed.push(((first + k) as u32, n - o));
                }
            }
        }
        true
    }
}

/// Whether two chunks of [`LANES`] differ in any bit: one vector comparison, so that the
/// chunks that did not change (most of them) are skipped at once.
#[inline]
fn differs(a: &[f32], b: &[f32]) -> bool {
    let a: &[f32; LANES] = a.try_into().expect("a chunk");
    let b: &[f32; LANES] = b.try_into().expect("a chunk");
    (0..LANES).fold(0, |acc, k| acc | (a[k].to_bits() ^ b[k].to_bits())) != 0
}

/// Whether a chunk of [`LANES`] holds a nonzero value (`-0.0` counts as zero).
#[inline]
pub(crate) fn any_nonzero(x: &[f32]) -> bool {
    let x: &[f32; LANES] = x.try_into().expect("a chunk");
    (0..LANES).fold(0, |acc, k| acc | (x[k].to_bits() & 0x7fff_ffff)) != 0
}
