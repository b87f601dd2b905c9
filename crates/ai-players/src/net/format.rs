//! The weights file: reading with every check, writing, and its errors.

use super::{Dense, Network, MAX_LAYERS, MAX_PARAMETERS, MAX_WIDTH};

/// The first four bytes of a weights file.
pub const MAGIC: [u8; 4] = *b"BGNN";
/// The version of the format this crate reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// A weights file that could not be used, and which one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("weights file {name}: {kind}")]
pub struct WeightsError {
    /// The file's path, or the name it was given.
    pub name: String,
    /// What was wrong.
    pub kind: WeightsErrorKind,
}

/// What was wrong with a weights file ([`WeightsError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsErrorKind {
    /// No file at that path.
    #[error("missing")]
    Missing,
    /// The file could not be read.
    #[error("cannot be read: {0}")]
    Io(String),
    /// The bytes are not a weights file of this version.
    #[error("corrupt: {0}")]
    Corrupt(String),
    /// A sound file made for another game or observation shape.
    #[error("mismatched: {0}")]
    Mismatch(String),
}

impl WeightsError {
    pub(crate) fn new(name: &str, kind: WeightsErrorKind) -> WeightsError {
        WeightsError {
            name: name.to_owned(),
            kind,
        }
    }
}

/// FNV-1a, 64 bits: enough to tell a damaged file from a sound one.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// An error unless the sizes are within the format's bounds.
pub(super) fn check_sizes(
    name: &str,
    shape: [usize; 3],
    actions: usize,
    widths: &[usize],
) -> Result<(), WeightsError> {
    let corrupt = |what: String| Err(WeightsError::new(name, WeightsErrorKind::Corrupt(what)));
    let inputs = shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
    let Some(inputs) = inputs.filter(|&n| (1..=MAX_WIDTH).contains(&n)) else {
        return corrupt(format!("observation shape {shape:?} out of bounds"));
    };
    if !(1..=MAX_WIDTH).contains(&actions) {
        return corrupt(format!("{actions} actions, out of 1..={MAX_WIDTH}"));
    }
    if !(1..=MAX_LAYERS).contains(&widths.len()) {
        return corrupt(format!(
            "{} hidden layers, out of 1..={MAX_LAYERS}",
            widths.len()
        ));
    }
    let mut parameters = 0;
    let mut from = inputs;
    for &width in widths.iter().chain(&[1, actions]) {
        if !(1..=MAX_WIDTH).contains(&width) {
            return corrupt(format!("a layer of width {width}, out of 1..={MAX_WIDTH}"));
        }
        parameters += (from + 1) * width;
        from = width;
    }
    if parameters > MAX_PARAMETERS {
        return corrupt(format!(
            "{parameters} parameters, more than {MAX_PARAMETERS}"
        ));
    }
    Ok(())
}

/// A reader over the file's bytes that names the file in its errors.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    name: &'a str,
}

impl Reader<'_> {
    fn corrupt<T>(&self, what: impl Into<String>) -> Result<T, WeightsError> {
        Err(WeightsError::new(
            self.name,
            WeightsErrorKind::Corrupt(what.into()),
        ))
    }

    fn take(&mut self, n: usize) -> Result<&[u8], WeightsError> {
        match self.bytes.get(self.at..self.at.saturating_add(n)) {
            Some(slice) => {
                self.at += n;
                Ok(slice)
            }
            None => self.corrupt(format!("cut short at byte {}", self.bytes.len())),
        }
    }

    fn u32(&mut self) -> Result<usize, WeightsError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }

    fn floats(&mut self, n: usize) -> Result<Vec<f32>, WeightsError> {
        let bytes = self.take(n * 4)?;
        let values: Vec<f32> = bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if values.iter().any(|v| !v.is_finite()) {
            return self.corrupt("a weight that is not a finite number");
        }
        Ok(values)
    }

    fn dense(&mut self, inputs: usize, outputs: usize) -> Result<Dense, WeightsError> {
        Ok(Dense {
            inputs,
            outputs,
            weights: self.floats(inputs * outputs)?,
            biases: self.floats(outputs)?,
        })
    }
}

/// The header and checksum checks, then the layers.
pub(super) fn read(bytes: &[u8], name: &str) -> Result<Network, WeightsError> {
    let mut r = Reader { bytes, at: 0, name };
    if bytes.len() < 16 || r.take(4)? != MAGIC {
        return r.corrupt("not a weights file (no BGNN magic)");
    }
    let version = r.u32()?;
    if version != FORMAT_VERSION as usize {
        return r.corrupt(format!(
            "format version {version}, this build reads {FORMAT_VERSION}"
        ));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let mut stored = [0; 8];
    stored.copy_from_slice(sum);
    if fnv1a(body) != u64::from_le_bytes(stored) {
        return r.corrupt("checksum mismatch (the file is damaged or cut short)");
    }
    r.bytes = body;
    let game_len = r.u32()?;
    if game_len > 64 {
        return r.corrupt(format!("a game name of {game_len} bytes"));
    }
    let Ok(game) = std::str::from_utf8(r.take(game_len)?).map(str::to_owned) else {
        return r.corrupt("the game name is not UTF-8");
    };
    let shape = [r.u32()?, r.u32()?, r.u32()?];
    let actions = r.u32()?;
    let count = r.u32()?.min(MAX_LAYERS + 1);
    let widths = (0..count).map(|_| r.u32()).collect::<Result<Vec<_>, _>>()?;
    check_sizes(name, shape, actions, &widths)?;
    let mut net = Network::zeros(&game, shape, actions, &widths)?;
    for layer in net.hidden.iter_mut() {
        *layer = r.dense(layer.inputs, layer.outputs)?;
    }
    net.value = r.dense(net.value.inputs, 1)?;
    net.policy = r.dense(net.policy.inputs, actions)?;
    if r.at != body.len() {
        return r.corrupt(format!("{} bytes after the last layer", body.len() - r.at));
    }
    Ok(net)
}

/// The file's bytes.
pub(super) fn write(net: &Network) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + 4 * net.parameters());
    let u32s = |out: &mut Vec<u8>, values: &[usize]| {
        for &v in values {
            out.extend_from_slice(&(v as u32).to_le_bytes());
        }
    };
    out.extend_from_slice(&MAGIC);
    u32s(&mut out, &[FORMAT_VERSION as usize, net.game.len()]);
    out.extend_from_slice(net.game.as_bytes());
    u32s(&mut out, &net.shape);
    u32s(&mut out, &[net.actions, net.hidden.len()]);
    u32s(&mut out, &net.widths());
    for layer in net.layers() {
        for v in layer.weights.iter().chain(&layer.biases) {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}
