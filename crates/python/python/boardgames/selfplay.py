"""Self-play games as training arrays.

:func:`boardgames.self_play_shard` plays games of one arena player against itself and returns
their moves as action ids. :func:`to_arrays` replays them with :class:`boardgames.State` into
one row per ply (the observation and legal-action mask before the move, the action, the
player to move and the game's final return for that player); :func:`write_npz` saves them
with ``numpy.savez_compressed``.
"""

import json
from typing import Any, Dict, List

import numpy as np

from ._boardgames import new_state

#: The arrays of :func:`to_arrays` with one row per ply (the others have one row per game).
PLY_KEYS = ("observations", "masks", "actions", "players", "returns", "game", "ply", "chosen")
#: The arrays with one row per game.
GAME_KEYS = ("game_index", "game_plies", "game_returns")


def to_arrays(run: Dict[str, Any]) -> Dict[str, np.ndarray]:
    """The games of a self-play run (what :func:`boardgames.self_play_shard` returns) as arrays.

    One row per ply, the plies of each game in order, the games in the run's order:

    - ``observations`` float32 ``(plies, planes, rows, columns)``: from the side of the player
      to move, before the move;
    - ``masks`` bool ``(plies, num_actions)``: the legal actions there;
    - ``actions`` int64: the action played; ``players`` int8: who played it (0 or 1);
    - ``returns`` float32: the game's final result for that player (+1, -1, 0 for a draw or a
      game cut at the ply cap);
    - ``game`` int64 (the game's index in the run), ``ply`` int32 (from 0), ``chosen`` bool
      (False for the opening's moves, which the player did not choose).

    And one row per game: ``game_index``, ``game_plies``, ``game_returns`` float32 ``(games, 2)``.
    """
    game, options, games = run["game"], run["options"], run["games"]
    probe = new_state(game, **options)
    plies = sum(len(g["actions"]) for g in games)
    arrays = {
        "observations": np.zeros((plies, *probe.observation_shape), np.float32),
        "masks": np.zeros((plies, probe.num_actions), bool),
        "actions": np.zeros(plies, np.int64),
        "players": np.zeros(plies, np.int8),
        "returns": np.zeros(plies, np.float32),
        "game": np.zeros(plies, np.int64),
        "ply": np.zeros(plies, np.int32),
        "chosen": np.zeros(plies, bool),
        "game_index": np.array([g["index"] for g in games], np.int64),
        "game_plies": np.array([len(g["actions"]) for g in games], np.int32),
        "game_returns": np.array([g["returns"] for g in games], np.float32).reshape(-1, 2),
    }
    row = 0
    for g in games:
        state = new_state(game, **options)
        for ply, action in enumerate(g["actions"]):
            player = state.current_player()
            arrays["observations"][row] = state.observation_tensor()
            arrays["masks"][row] = state.legal_actions_mask()
            arrays["actions"][row] = action
            arrays["players"][row] = player
            arrays["returns"][row] = g["returns"][player]
            arrays["game"][row] = g["index"]
            arrays["ply"][row] = ply
            arrays["chosen"][row] = ply >= g["opening_plies"]
            state.apply_action(action)
            row += 1
    return arrays


def metadata(run: Dict[str, Any]) -> Dict[str, np.ndarray]:
    """What a run's ``.npz`` says about it besides the arrays: ``game``, ``options`` (JSON),
    ``player``, ``seed`` and ``shard`` (``[index, count]``)."""
    return {
        "meta_game": np.array(run["game"]),
        "meta_options": np.array(json.dumps(run["options"], sort_keys=True)),
        "meta_player": np.array(run["player"]),
        "meta_seed": np.array(run["seed"], np.uint64),
        "meta_shard": np.array(run["shard"], np.int64),
    }


def concatenate(parts: List[Dict[str, np.ndarray]]) -> Dict[str, np.ndarray]:
    """The arrays of several shards of one run (from :func:`to_arrays`), end to end."""
    return {key: np.concatenate([p[key] for p in parts]) for key in PLY_KEYS + GAME_KEYS}


def write_npz(path: str, arrays: Dict[str, np.ndarray], meta: Dict[str, np.ndarray]) -> str:
    """Saves ``arrays`` (from :func:`to_arrays`) and ``meta`` (from :func:`metadata`) to
    ``path`` with ``numpy.savez_compressed``; returns the path. Loading needs no pickle."""
    np.savez_compressed(path, **arrays, **meta)
    return str(path)
