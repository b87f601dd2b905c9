"""Type stubs of the Rust extension module ``boardgames._boardgames``.

Everything here is re-exported by ``boardgames``; import it from there.
"""

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

GAMES: List[str]
"""The game names: ``["tictactoe", "ultimate", "gomoku", "morris"]``."""

TERMINAL: int
"""``-4``: what :meth:`State.current_player` returns once the game is over (OpenSpiel's
terminal player id)."""

class BoardgamesError(ValueError):
    """The base of every error the package raises. A subclass of ``ValueError``.

    Raised as itself for failures that are none of the subclasses: ``undo()`` with nothing to
    undo, a VectorEnv buffer locked by another borrow, an internal error (a Rust panic is
    caught and raised as ``BoardgamesError("internal error: ...")``, never crossing into
    Python as a crash).
    """

class IllegalMove(BoardgamesError):
    """An action id that is not legal in the state (occupied cell, game over, wrong small
    board...) or that is no action id of the game (negative, too large). The message is the
    game crate's reason. The state is unchanged."""

class ParseError(BoardgamesError):
    """Text that is not a move in the game's notation (``string_to_action``,
    ``apply_move``). The state is unchanged."""

class InvalidOption(BoardgamesError):
    """An unknown game, an unknown or malformed game option, or a bad argument value (a
    player other than 0 or 1, an unknown search engine, a VectorEnv size of 0)."""

class MergeError(InvalidOption):
    """Shard files that do not merge (:func:`arena_merge`): not a shard file or a damaged
    one, another version, another match, a shard repeated or shards missing. The message
    names the file and what is wrong."""

class State:
    """A game state: the position, the actions played since the start, and undo.

    Create one with :func:`new_state`. Actions are integer ids ``0 <= a < num_actions``; the
    layout of each game is in the package README. States pickle (as the game, its options
    and the actions played), so they cross process boundaries (multiprocessing, Ray).
    """

    @property
    def game(self) -> str:
        """The game's name."""
    @property
    def options(self) -> Dict[str, Any]:
        """The game's options, as given to :func:`new_state`."""
    @property
    def num_actions(self) -> int:
        """The number of distinct action ids of the game (the length of the mask)."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """The shape of :meth:`observation_tensor`: ``(planes, rows, columns)``."""
    @property
    def observation_planes(self) -> List[str]:
        """The names of the observation planes, in order."""
    @property
    def status(self) -> str:
        """``"ongoing"``, ``"first"`` (player 0 won), ``"second"`` (player 1 won) or
        ``"draw"``."""
    def legal_actions(self) -> List[int]:
        """The legal action ids, ascending; empty once the game is over."""
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]:
        """A new bool array of length ``num_actions``, True where the action is legal."""
    def apply_action(self, action: int) -> None:
        """Plays an action id. Raises :class:`IllegalMove` (state unchanged) if it is not
        legal here."""
    def apply_move(self, text: str) -> int:
        """Plays a move in the game's notation (``"b2"``, ``"c3a1"`` ...) and returns its
        action id. Raises :class:`ParseError` or :class:`IllegalMove` (state unchanged)."""
    def undo(self) -> int:
        """Takes back the last action and returns its id. Raises :class:`BoardgamesError`
        when no action was played."""
    def is_terminal(self) -> bool:
        """True once the game is over."""
    def returns(self) -> List[float]:
        """The result by player: ``[1.0, -1.0]`` when player 0 won, ``[-1.0, 1.0]`` when
        player 1 won, ``[0.0, 0.0]`` for a draw or a game still going."""
    def current_player(self) -> int:
        """The player to move, 0 (who moved first) or 1; ``TERMINAL`` (-4, OpenSpiel's
        convention) once the game is over."""
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """A new float32 array shaped ``observation_shape``, from ``player``'s side (default:
        the player to move; the "own" planes are that player's). Raises
        :class:`InvalidOption` for a player other than 0 or 1."""
    @property
    def symmetry_count(self) -> int:
        """The number of board symmetries of the game (8 for the square boards, 16 for morris
        with its ring swap); symmetry 0 is the identity."""
    def map_action(self, symmetry: int, action: int) -> int:
        """The id of the image of ``action`` under ``symmetry``, for data augmentation: a
        legal game maps action by action to a legal game. Raises :class:`InvalidOption` for
        a symmetry out of range and :class:`IllegalMove` for an action id out of range."""
    def map_observation(self, symmetry: int, observation: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The image under ``symmetry`` of a float32 observation shaped
        ``observation_shape``: the observation of the image position (a new array). Raises
        :class:`InvalidOption` for a bad symmetry or shape."""
    def history(self) -> List[int]:
        """The action ids played since the start, in order."""
    def clone(self) -> "State":
        """An independent copy, history included (also ``copy.copy``/``copy.deepcopy``)."""
    def __copy__(self) -> "State": ...
    def __deepcopy__(self, memo: Any) -> "State": ...
    def action_to_string(self, action: int) -> str:
        """The move of a legal action id in the game's notation. Raises
        :class:`IllegalMove` for an id that is not legal here."""
    def string_to_action(self, text: str) -> int:
        """The action id of a move in the game's notation (legal here or not). Raises
        :class:`ParseError`."""
    def __str__(self) -> str:
        """The game crate's text diagram of the position."""
    def __reduce__(self) -> Tuple[Any, Tuple[str, Dict[str, Any], List[int]]]: ...

def new_state(game: str, **options: Any) -> State:
    """A new game at its start position.

    ``game`` is one of :data:`GAMES`. Options:

    - ``tictactoe``: none.
    - ``ultimate``: ``tiebreak="none"`` (default) or ``"boards_won"``.
    - ``gomoku``: ``size`` (5 to 20, default 15), ``rule`` (``"caro"`` default, ``"caro5"``,
      ``"caro6"``, ``"standard"``, ``"freestyle"``, ``"renju"``, each optionally followed by
      ``"+gomocup_draw"``), ``opening`` (``"pro"``, ``"long_pro"``, ``"swap"``, ``"swap2"``,
      ``"soosorv8"``, ``"taraguchi10"``).
    - ``morris``: ``draw_rule="none"`` (default) or a dict such as
      ``{"threefold": True, "quiet_moves": 50}``.

    Raises :class:`InvalidOption` naming what is wrong.
    """

class SearchResult:
    """What :func:`search` found."""

    action: int
    """The best action id."""
    move: str
    """Its move in the game's notation."""
    engine: str
    """``"alphabeta"`` or ``"mcts"``."""
    score: Optional[int]
    """Alpha-beta's score for the player to move (wins near +1,000,000, losses near
    -1,000,000); None for MCTS."""
    value: Optional[float]
    """MCTS's mean value of the move for the player to move, -1 to 1; None for alpha-beta."""
    depth: int
    """The depth completed by alpha-beta (0 for MCTS)."""
    nodes: int
    """Nodes visited (alpha-beta) or kept in the tree (MCTS)."""
    simulations: int
    """Simulations run (MCTS; 0 for alpha-beta)."""
    seconds: float
    """Time spent."""
    pv: List[int]
    """The principal variation, as action ids from the searched state."""
    result: Optional[str]
    """``"win"``, ``"loss"`` or ``"draw"`` for the player to move when the search proved the
    result, else None."""

def search(
    state: State,
    *,
    depth: Optional[int] = None,
    millis: Optional[int] = None,
    nodes: Optional[int] = None,
    simulations: Optional[int] = None,
    engine: str = "alphabeta",
    threads: int = 1,
) -> SearchResult:
    """Searches ``state`` for a best action, with the GIL released.

    ``engine="alphabeta"``: negamax with the game's evaluator, limits ``depth``, ``nodes``,
    ``millis``; ``engine="mcts"``: Monte Carlo tree search with random playouts, limits
    ``simulations``, ``nodes``, ``millis``. With no limit the search gets one second.
    ``threads`` (1 to 256): Lazy SMP (alpha-beta) or root-parallel trees (MCTS). Raises
    :class:`IllegalMove` on a finished game and :class:`InvalidOption` for a bad engine,
    thread count or a limit the engine does not take.
    """

def perft(state: State, depth: int) -> int:
    """The number of leaf positions ``depth`` plies from ``state`` (GIL released)."""

def playouts(state: State, count: int, seed: int = 0, max_plies: int = 10000) -> Dict[str, int]:
    """Plays ``count`` uniformly random games from ``state`` (GIL released), each stopped
    after ``max_plies`` plies. Returns ``{"first", "second", "draws", "unfinished",
    "plies"}``: wins of player 0 and player 1, draws, games stopped unfinished, and the plies
    played in all. The same seed gives the same games."""

def play_game(
    game: str,
    first: Dict[str, Any],
    second: Dict[str, Any],
    seed: int = 0,
    max_plies: int = 10000,
    **options: Any,
) -> Dict[str, Any]:
    """Plays one game of ``game`` (under ``options``, as :func:`new_state`) between ``first``
    (player 0) and ``second``, in Rust with the GIL released: the unit of work of an arena
    spread over processes or Ray workers.

    A player is ``{"engine": "random"}`` (uniform legal actions, seeded by ``seed``) or
    ``{"engine": "alphabeta" | "mcts"}`` with the limits of :func:`search` (``depth``,
    ``millis``, ``nodes``, ``simulations``) and ``threads``. Returns ``{"returns": [r0, r1],
    "status": "first" | "second" | "draw" | "ongoing", "actions": [...]}`` ("ongoing" when
    cut at ``max_plies``). Raises :class:`InvalidOption` for a bad game, option or player
    spec. The searches play only once a gomoku opening is over: use random players there.
    """

Openings = Union[None, str, Sequence[Union[str, Sequence[str]]]]
"""``None`` or ``"builtin"`` (the game's set), ``"none"`` (every game from the start), or a
list of openings, each a string of moves in the game's notation (separated by spaces or
commas) or a list of moves. Game 1 gives A the first move, game 2 the same opening with B
first, and so on through the openings."""

def arena_shard(
    game: str,
    player_a: str,
    player_b: str,
    games: int = 20,
    seed: int = 1,
    shard: Tuple[int, int] = (0, 1),
    options: Optional[Dict[str, Any]] = None,
    max_plies: int = 1000,
    openings: Openings = None,
    clock: Union[str, float, None] = "wall",
) -> str:
    """Plays shard ``shard`` = ``(index, count)`` (indices from 0; ``(0, 1)`` is the whole
    match) of a match of ``games`` games between ``player_a`` and ``player_b``, with the GIL
    released, and returns its shard file's JSON text (for :func:`arena_merge`).

    Players are the arena's specs: ``"random"``, ``"beginner"``, ``"normal"``, ``"expert"``,
    ``"ab:depth=6"``, ``"ab:nodes=N"``, ``"ab:time=200ms"``, ``"mcts:sims=N"``,
    ``"mcts:time=200ms"``, each with ``threads=``. ``options``: gomoku ``size`` (15) and
    ``rule`` (``"caro"``, ``"caro5"``, ``"caro6"``, ``"standard"``, ``"freestyle"``,
    ``"renju"``); morris ``quiet_moves`` (50, with threefold repetition); none for the
    others. A game still going after ``max_plies`` is a draw. ``clock``: ``"wall"`` (measured
    move times), ``"untimed"`` (none) or seconds every move counts (records reproducible byte
    for byte).

    Shard ``i`` plays games ``floor(i * games / count)`` to ``floor((i + 1) * games / count) -
    1``, each the game the whole match plays (its players seeded from ``seed`` and its
    number): the merged shards give the whole match's games. Raises :class:`InvalidOption`
    for a bad game, option, player, openings, count, shard or clock; ``KeyboardInterrupt``
    (Ctrl-C) stops it between games.
    """

def arena_merge(shard_jsons: List[str]) -> MatchReport:
    """Puts the shard files (texts from :func:`arena_shard`, in any order) of one match
    together into its report, the games in the whole match's order. Raises
    :class:`MergeError` unless they are every shard of one match, split one way."""

class MatchReport:
    """A match's result from A's side; ``str(report)`` is the arena's text report (W-D-L,
    Elo and score with their 95 % intervals, results by colour, each player's moves, time
    and depth or simulations)."""

    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int:
        """Draws, games drawn at the ply cap included."""
    @property
    def losses(self) -> int: ...
    @property
    def by_colour(self) -> Tuple[Tuple[int, int, int], Tuple[int, int, int]]:
        """``((wins, draws, losses) with A first, (wins, draws, losses) with A second)``."""
    @property
    def capped(self) -> int:
        """Games drawn at the ply cap."""
    @property
    def forfeits(self) -> int:
        """Games lost by forfeit (no move, or an illegal one)."""
    @property
    def points(self) -> float:
        """A's wins plus half the draws."""
    @property
    def score(self) -> Optional[float]:
        """A's mean score, 0 to 1."""
    @property
    def score_interval(self) -> Optional[Tuple[float, float]]:
        """The score's 95 % interval."""
    @property
    def elo(self) -> Optional[float]:
        """The Elo difference A - B (infinite after a sweep)."""
    @property
    def elo_interval(self) -> Optional[Tuple[float, float]]:
        """The Elo difference's 95 % interval."""
    @property
    def heading(self) -> str:
        """The match: game, players, openings, seed."""
    @property
    def game(self) -> str: ...
    @property
    def options(self) -> Dict[str, Any]:
        """The game's options as :func:`new_state` takes them: the games replay with them."""
    @property
    def player_a(self) -> str: ...
    @property
    def player_b(self) -> str: ...
    @property
    def records(self) -> List[str]:
        """The games' record texts, in the match's order."""
    @property
    def games(self) -> List[Dict[str, Any]]:
        """The games in order: ``index`` (from 0), ``a_first``, ``opening`` (from 0, or
        None), ``winner`` (``"first"``, ``"second"`` or None), ``result`` (in words),
        ``moves`` (in the game's notation)."""
    def write_records(self, dir: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the records folder as ``arena merge --records`` does: ``001.txt``, ...,
        ``games.jsonl`` and ``results.csv``; ``OSError`` if it cannot."""

def self_play_shard(
    game: str,
    player: str,
    games: int,
    seed: int = 1,
    shard: Tuple[int, int] = (0, 1),
    options: Optional[Dict[str, Any]] = None,
    max_plies: int = 1000,
    openings: Openings = None,
) -> Dict[str, Any]:
    """Plays shard ``shard`` of a self-play run: ``games`` games of ``player`` (an arena
    player spec) against itself, untimed, with the GIL released. Game ``k`` plays opening
    ``k // 2`` with both sides seeded from ``seed`` and ``k``: the shards give the whole
    run's games. Arguments as :func:`arena_shard`.

    Returns ``{"game", "options" (as new_state takes them), "player", "seed", "shard",
    "games"}``, each game a dict: ``index``, ``opening``, ``opening_plies`` (the opening's
    moves, not chosen by the player), ``actions`` (action ids), ``moves`` (notation),
    ``winner`` (0, 1 or None), ``returns`` (by player), ``result`` (``{"end": "rules" |
    "ply_cap" | "forfeit", ...}``) and ``record``. ``boardgames.selfplay.to_arrays`` turns
    it into training arrays.
    """

def mcts_self_play(
    game: str,
    games: int,
    simulations: int,
    seed: int = 1,
    weights: Optional[str] = None,
    mix: float = 0.0,
    exploration: Optional[float] = None,
    sample_plies: int = 8,
    max_plies: int = 1000,
) -> Dict[str, "np.ndarray"]:
    """Plays ``games`` games of MCTS against itself in ``game`` (``"tictactoe"`` or
    ``"ultimate"``), ``simulations`` a move, the GIL released, and returns one row per ply
    with the search's statistics, as NumPy arrays: ``observations`` (from the side to move),
    ``masks``, ``policies`` (the root's visit shares by action id; the winning move alone
    when the search proved a win), ``values`` (the search's value for the side to move),
    ``returns`` (the game's result for the side to move), ``players``, ``game``, ``ply``, and
    ``game_returns`` ``(games, 2)``.

    Leaves are valued by random playouts, or by the network of the weights file ``weights``
    (``mix`` the share of a random playout mixed in), whose policy gives PUCT priors. The
    first ``sample_plies`` moves of a game are drawn in proportion to the root's visits, the
    later ones are the search's choice; game ``k`` is seeded from ``seed`` and ``k`` alone.
    A missing, corrupt or mismatched weights file raises :class:`InvalidOption` naming it.
    """

class VectorEnv:
    """``num_envs`` games of one kind, stepped together in Rust with the GIL released.

    The arrays returned are buffers the environment owns and rewrites in place at every
    ``reset()``/``step()`` (no allocation per step): copy them to keep a step's values.
    A game that ends in a step is restarted at once; that step's ``rewards`` and ``dones``
    report the end, and its observation and mask rows are already those of the new game.
    """

    def __init__(
        self, game: str, n: int, seed: int = 0, max_plies: Optional[int] = None, **options: Any
    ) -> None:
        """``n`` (1 to 1,048,576) games of ``game`` under ``options`` (as :func:`new_state`),
        all at the start. ``seed`` seeds :meth:`sample_actions`. A game reaching
        ``max_plies`` plies (default: no limit) is cut and restarted: ``dones`` and
        ``truncations`` are set for it, with rewards 0 (morris without a draw rule can go on
        for ever)."""
    @property
    def game(self) -> str:
        """The game's name."""
    @property
    def options(self) -> Dict[str, Any]:
        """The game's options."""
    @property
    def num_envs(self) -> int:
        """The number of games."""
    @property
    def num_actions(self) -> int:
        """The number of distinct action ids of the game."""
    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """One game's observation shape: ``(planes, rows, columns)``."""
    @property
    def observations(self) -> npt.NDArray[np.float32]:
        """The observation buffer ``(n, planes, rows, columns)``, each game from the view of
        its player to move."""
    @property
    def current_players(self) -> npt.NDArray[np.int8]:
        """The player to move in each game, ``(n,)`` int8, 0 or 1."""
    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """The last step's rewards, ``(n, 2)`` float32 indexed by player: +1/-1 in the step
        that wins, 0 otherwise (and for a draw)."""
    @property
    def dones(self) -> npt.NDArray[np.bool_]:
        """The last step's flags, ``(n,)`` bool: the game ended in that step (and was
        restarted)."""
    @property
    def truncations(self) -> npt.NDArray[np.bool_]:
        """The last step's flags, ``(n,)`` bool: the game was cut at ``max_plies`` (its
        ``dones`` flag is set too)."""
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]:
        """The legal-action masks, ``(n, num_actions)`` bool."""
    def reset(self) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Restarts every game; returns ``(observations, masks)``."""
    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Plays ``actions[i]`` in game ``i`` (a one-dimensional integer array of ``n`` legal
        action ids) and returns ``(observations, masks, rewards, dones)``. Every action is
        checked first: if one is not legal, raises :class:`IllegalMove` naming the game and
        changes no game."""
    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action for every game, ``(n,)`` int64 (a buffer reused
        between calls), from the generator seeded by ``seed``."""
