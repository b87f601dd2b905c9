"""A self-play training loop (AlphaZero's family) for tic-tac-toe and ultimate tic-tac-toe.

Each generation:

1. **self-play**: the best network so far guides MCTS (its value at the leaves, its policy as
   PUCT priors; the first generation has no network and uses random playouts) in games
   against itself, :func:`boardgames.mcts_self_play` in Rust; the positions, the root's visit
   shares and the results are written as ``.npz`` shards (``selfplay/``). The shards run in
   this process, or as Ray tasks on a cluster (``address=``);
2. **training** in JAX (optax's Adam) on the last generations' positions, each drawn under a
   random symmetry of the board: the value against the game's result mixed with the search's
   value, the policy against the visit shares;
3. **gating**: the new network plays the best one in the arena
   (:func:`boardgames.arena_shard`, the arena's openings, both colours) and becomes the best
   only if it scores at least ``gate``.

The run lives in one folder: ``state.json`` (where it stands), ``checkpoint.npz`` (the
trainer's parameters and optimizer state), ``history.jsonl`` (one line a generation),
``gen-NNN.bgnn`` (every network, the format ``boardgames_players::net`` reads), ``best.bgnn``
and ``progress.png`` (strength and losses by generation). Running the same command again
resumes from the last finished step; a run is reproducible from its seed on one machine.

Command line: ``python -m boardgames.train ultimate --out DIR`` (``--help`` for the options).
"""

from .loop import PRESETS, Settings, run

__all__ = ["PRESETS", "Settings", "run"]
