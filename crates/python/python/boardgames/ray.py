"""Arena matches and self-play spread over a Ray cluster.

Each shard of a match is one Ray task calling :func:`boardgames.arena_shard`; the driver
merges the shard files with :func:`boardgames.arena_merge`. Shards are independent and a
game depends only on its number and the settings, so the merged report holds the same games
as the match played in one process (with a deterministic clock, the same records byte for
byte). Ray is imported when a function is called; without it they raise ``ImportError``.

A Ray task that fails is retried by Ray; a shard played again gives the same games.
"""

import os
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

from . import selfplay
from ._boardgames import InvalidOption, MatchReport, arena_merge, arena_shard, self_play_shard

__all__ = ["run_arena", "run_self_play"]

#: The Ray remote functions, made on first use (importing Ray is slow and optional).
_remote: Dict[str, Any] = {}


def _ray():
    """The ``ray`` module, or an ``ImportError`` that says how to install it."""
    try:
        import ray
    except ImportError as error:
        raise ImportError(
            "boardgames.ray needs Ray: pip install 'ray>=2.9' (on every node of the cluster)"
        ) from error
    if not ray.is_initialized():
        # Connects to the cluster RAY_ADDRESS names, or starts a local one.
        ray.init()
    return ray


def _arena_task(game, player_a, player_b, games, seed, shard, options, max_plies, openings, clock):
    return arena_shard(
        game, player_a, player_b, games=games, seed=seed, shard=shard, options=options,
        max_plies=max_plies, openings=openings, clock=clock,
    )


def _self_play_task(game, player, games, seed, shard, options, max_plies, openings):
    run = self_play_shard(
        game, player, games, seed=seed, shard=shard, options=options, max_plies=max_plies,
        openings=openings,
    )
    return selfplay.to_arrays(run), selfplay.metadata(run)


def _task(ray, name: str, task_options: Optional[Dict[str, Any]]):
    """The remote function `name`, with Ray's task options (``num_cpus``, ``resources``...)."""
    if name not in _remote:
        function = {"arena": _arena_task, "self_play": _self_play_task}[name]
        _remote[name] = ray.remote(num_cpus=1)(function)
    return _remote[name].options(**task_options) if task_options else _remote[name]


def _shard_count(ray, shards: Optional[int], games: int) -> int:
    """`shards`, checked; by default one per CPU of the cluster (at most one per game)."""
    if shards is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        return max(1, min(games, cpus))
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise InvalidOption(f"shards must be a whole number of at least 1, not {shards!r}")
    return shards


def run_arena(
    game: str,
    player_a: str,
    player_b: str,
    games: int = 20,
    seed: int = 1,
    shards: Optional[int] = None,
    *,
    options: Optional[Dict[str, Any]] = None,
    max_plies: int = 1000,
    openings: Union[None, str, Sequence[Union[str, Sequence[str]]]] = None,
    clock: Union[str, float] = "wall",
    task_options: Optional[Dict[str, Any]] = None,
) -> MatchReport:
    """Plays a match of :func:`boardgames.arena_shard` as ``shards`` Ray tasks (by default
    one per CPU of the cluster) and merges them into its :class:`boardgames.MatchReport`.

    The arguments are :func:`boardgames.arena_shard`'s; ``task_options`` go to Ray's
    ``.options()`` (``num_cpus`` for players with ``threads=``, ``resources``, ...). A bad
    match raises :class:`boardgames.InvalidOption` on the driver, before any task starts.
    """
    ray = _ray()
    spec = (game, player_a, player_b, games, seed)
    settings = (options, max_plies, openings, clock)
    # Checks the match here, at no cost: shard 0 of games + 1 is empty (the check comes first).
    arena_shard(*spec[:3], games=games, seed=seed, shard=(0, max(games, 0) + 1),
                options=options, max_plies=max_plies, openings=openings, clock=clock)
    count = _shard_count(ray, shards, games)
    task = _task(ray, "arena", task_options)
    refs = [task.remote(*spec, (i, count), *settings) for i in range(count)]
    return arena_merge(ray.get(refs))


def run_self_play(
    game: str,
    player: str,
    games: int,
    out_dir: Union[str, "os.PathLike[str]"],
    seed: int = 1,
    shards: Optional[int] = None,
    merge: bool = False,
    *,
    options: Optional[Dict[str, Any]] = None,
    max_plies: int = 1000,
    openings: Union[None, str, Sequence[Union[str, Sequence[str]]]] = None,
    task_options: Optional[Dict[str, Any]] = None,
) -> List[str]:
    """Plays a self-play run of :func:`boardgames.self_play_shard` as ``shards`` Ray tasks
    and writes its training arrays (:func:`boardgames.selfplay.to_arrays`) as ``.npz`` files
    in ``out_dir`` on the driver (the workers need no shared disk): one a shard,
    ``self-play-III-of-NNN.npz``, or with ``merge=True`` one ``self-play.npz`` with every
    game. Returns the paths, in the shards' order. The tasks build the arrays (replaying the
    games), so the driver only writes them.
    """
    ray = _ray()
    # Checks the run here: shard 0 of games + 1 plays no game.
    self_play_shard(game, player, games, seed=seed, shard=(0, max(games, 0) + 1),
                    options=options, max_plies=max_plies, openings=openings)
    count = _shard_count(ray, shards, games)
    task = _task(ray, "self_play", task_options)
    refs = [task.remote(game, player, games, seed, (i, count), options, max_plies, openings)
            for i in range(count)]
    os.makedirs(out_dir, exist_ok=True)
    if merge:
        parts = ray.get(refs)
        meta = dict(parts[0][1], meta_shard=np.array((0, 1), np.int64))
        path = os.path.join(out_dir, "self-play.npz")
        return [selfplay.write_npz(path, selfplay.concatenate([p[0] for p in parts]), meta)]
    paths = []
    for i, ref in enumerate(refs):
        arrays, meta = ray.get(ref)  # one shard in memory at a time
        path = os.path.join(out_dir, f"self-play-{i:03}-of-{count:03}.npz")
        paths.append(selfplay.write_npz(path, arrays, meta))
    return paths
