"""The value and policy network of the training loop, in JAX: a multilayer perceptron over the
observation planes, its loss, and the weights file the Rust players read.

The network is the one ``boardgames_players::net::Network`` evaluates: hidden ReLU layers,
a tanh value head (the value for the side to move) and a policy head (one logit per action
id). Parameters are a list of ``(weights, biases)`` pairs, weights ``inputs x outputs``: the
hidden layers, then the value head, then the policy head.

The weights file (version 1, little-endian): ``BGNN``, u32 version, u32 length and the game's
name, u32 planes, rows, columns, actions, u32 hidden layer count and widths, then every
layer's weights and biases as f32, then the FNV-1a 64-bit checksum of every byte before it.
"""

import struct
from typing import List, Sequence, Tuple

import numpy as np

MAGIC = b"BGNN"
FORMAT_VERSION = 1

Params = List[Tuple["np.ndarray", "np.ndarray"]]


def init_params(key, inputs: int, widths: Sequence[int], actions: int) -> Params:
    """He-initialised hidden layers; small value and policy heads (a near-uniform policy and a
    value near 0 at the start)."""
    import jax
    import jax.numpy as jnp

    params = []
    sizes = [inputs, *widths]
    keys = jax.random.split(key, len(widths) + 2)
    for k, (a, b) in zip(keys, zip(sizes, sizes[1:])):
        params.append((jax.random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), jnp.zeros(b)))
    last = sizes[-1]
    for k, outputs in zip(keys[-2:], (1, actions)):
        params.append((jax.random.normal(k, (last, outputs)) * 0.01, jnp.zeros(outputs)))
    return params


def forward(params: Params, x):
    """The values ``(batch,)`` and policy logits ``(batch, actions)`` of a batch of flattened
    observations ``(batch, inputs)``."""
    import jax.numpy as jnp

    for w, b in params[:-2]:
        x = jnp.maximum(x @ w + b, 0.0)
    (vw, vb), (pw, pb) = params[-2:]
    return jnp.tanh(x @ vw + vb)[:, 0], x @ pw + pb


def loss(params: Params, batch, value_weight: float = 1.0):
    """The mean squared error of the value plus the cross-entropy of the policy (over the
    legal actions) against the search's visit shares. Returns ``(total, (value, policy))``."""
    import jax
    import jax.numpy as jnp

    values, logits = forward(params, batch["x"])
    value_loss = jnp.mean((values - batch["z"]) ** 2)
    logits = jnp.where(batch["mask"], logits, -1e9)
    log_p = jax.nn.log_softmax(logits)
    policy_loss = -jnp.mean(jnp.sum(batch["pi"] * jnp.where(batch["mask"], log_p, 0.0), axis=1))
    return value_weight * value_loss + policy_loss, (value_loss, policy_loss)


def forward_numpy(params: Params, x: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """:func:`forward` in NumPy, on parameters read back from a weights file."""
    for w, b in params[:-2]:
        x = np.maximum(x @ w + b, 0.0)
    (vw, vb), (pw, pb) = params[-2:]
    return np.tanh(x @ vw + vb)[:, 0], x @ pw + pb


def _fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    # A byte at a time is slow in Python; the files are a few hundred kB at most.
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def to_bytes(params: Params, game: str, shape: Sequence[int], actions: int) -> bytes:
    """The weights file's bytes for ``params`` of ``game`` (observation ``shape``)."""
    widths = [int(np.shape(w)[1]) for w, _ in params[:-2]]
    name = game.encode()
    head = MAGIC + struct.pack("<II", FORMAT_VERSION, len(name)) + name
    head += struct.pack("<4I", *shape, actions) + struct.pack(f"<{1 + len(widths)}I", len(widths), *widths)
    body = b"".join(
        np.asarray(a, "<f4").tobytes() for w, b in params for a in (w, b)
    )
    data = head + body
    return data + struct.pack("<Q", _fnv1a(data))


def from_bytes(data: bytes) -> Tuple[str, Tuple[int, int, int], int, Params]:
    """``(game, shape, actions, params)`` of a weights file's bytes; ``ValueError`` saying
    what is wrong with a damaged one."""
    if len(data) < 16 or data[:4] != MAGIC:
        raise ValueError("not a weights file (no BGNN magic)")
    if struct.unpack_from("<Q", data, len(data) - 8)[0] != _fnv1a(data[:-8]):
        raise ValueError("checksum mismatch (the file is damaged or cut short)")
    version, length = struct.unpack_from("<II", data, 4)
    if version != FORMAT_VERSION:
        raise ValueError(f"format version {version}, this package reads {FORMAT_VERSION}")
    at = 12 + length
    game = data[12:at].decode()
    planes, rows, columns, actions, count = struct.unpack_from("<5I", data, at)
    at += 20
    widths = list(struct.unpack_from(f"<{count}I", data, at))
    at += 4 * count
    sizes = [planes * rows * columns, *widths]
    shapes = list(zip(sizes, sizes[1:])) + [(sizes[-1], 1), (sizes[-1], actions)]
    params = []
    for inputs, outputs in shapes:
        w = np.frombuffer(data, "<f4", inputs * outputs, at).reshape(inputs, outputs)
        at += 4 * inputs * outputs
        b = np.frombuffer(data, "<f4", outputs, at)
        at += 4 * outputs
        params.append((w.astype(np.float32), b.astype(np.float32)))
    if at != len(data) - 8:
        raise ValueError(f"{len(data) - 8 - at} bytes after the last layer")
    return game, (planes, rows, columns), actions, params
