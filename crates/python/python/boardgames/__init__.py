"""Fast rules for tic-tac-toe, ultimate tic-tac-toe, gomoku and nine men's morris, for
learning agents.

The games run in Rust. From Python each game is a :class:`State` with integer action ids,
a legal-action mask and an observation tensor; :class:`VectorEnv` steps many games at once
with the GIL released; :func:`search`, :func:`perft`, :func:`playouts` and
:func:`play_game` run the Rust engines; :func:`arena_shard`, :func:`arena_merge` and
:func:`self_play_shard` the arena's matches in shards (``boardgames.ray`` spreads them over a
Ray cluster). ``boardgames.openspiel`` registers the games with OpenSpiel and
``boardgames.pettingzoo`` wraps them as PettingZoo AEC environments.
"""

from typing import Any, Dict, List

from ._boardgames import (
    GAMES,
    TERMINAL,
    BoardgamesError,
    IllegalMove,
    InvalidOption,
    MatchReport,
    MergeError,
    ParseError,
    SearchResult,
    State,
    VectorEnv,
    arena_merge,
    arena_shard,
    mcts_self_play,
    new_state,
    perft,
    play_game,
    playouts,
    search,
    self_play_shard,
)

__all__ = [
    "GAMES",
    "TERMINAL",
    "BoardgamesError",
    "IllegalMove",
    "InvalidOption",
    "MatchReport",
    "MergeError",
    "ParseError",
    "SearchResult",
    "State",
    "VectorEnv",
    "arena_merge",
    "arena_shard",
    "mcts_self_play",
    "new_state",
    "perft",
    "play_game",
    "playouts",
    "search",
    "self_play_shard",
]


def _restore_state(game: str, options: Dict[str, Any], actions: List[int]) -> State:
    """Rebuilds a pickled :class:`State`: the game, its options, the actions played."""
    state = new_state(game, **options)
    for action in actions:
        state.apply_action(action)
    return state
