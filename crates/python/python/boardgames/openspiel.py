"""The games as OpenSpiel Python games, so that OpenSpiel's algorithms run on them.

Call :func:`register` once; then ``pyspiel.load_game("boardgames_ultimate")`` (or
``boardgames_tictactoe``, ``boardgames_gomoku``, ``boardgames_morris``) gives a
``pyspiel.Game`` whose states are these crates' rules behind OpenSpiel's API: OpenSpiel's MCTS
bot, ``evaluate_bots``, random play and the tensor observers work on them.

Action ids are this package's (see the README for each game's layout). Game parameters are
the options of :func:`boardgames.new_state`, flattened to OpenSpiel's scalar parameters:

- ``boardgames_ultimate``: ``tiebreak`` (``"none"`` or ``"boards_won"``);
- ``boardgames_gomoku``: ``size`` (default 15), ``rule`` (default ``"caro"``), ``opening``
  (default ``""``: none);
- ``boardgames_morris``: ``threefold`` (bool) and ``quiet_moves`` (int, 0 for none), the draw
  rules; ``max_game_length`` (default 1000), the bound OpenSpiel's game info reports (a game
  without draw rules has no bound of its own).
"""

from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import boardgames

#: Every registered game: OpenSpiel short name -> (boardgames name, default parameters).
GAMES: Dict[str, Any] = {
    "boardgames_tictactoe": ("tictactoe", {}),
    "boardgames_ultimate": ("ultimate", {"tiebreak": "none"}),
    "boardgames_gomoku": ("gomoku", {"size": 15, "rule": "caro", "opening": ""}),
    "boardgames_morris": (
        "morris",
        {"threefold": False, "quiet_moves": 0, "max_game_length": 1000},
    ),
}


def _options(name: str, params: Dict[str, Any]) -> Dict[str, Any]:
    """OpenSpiel's scalar parameters as :func:`boardgames.new_state` options."""
    options = dict(params)
    if name == "gomoku" and not options.get("opening"):
        options.pop("opening", None)
    if name == "morris":
        threefold = bool(options.pop("threefold", False))
        quiet = int(options.pop("quiet_moves", 0))
        options.pop("max_game_length", None)
        rule: Dict[str, Any] = {}
        if threefold:
            rule["threefold"] = True
        if quiet > 0:
            rule["quiet_moves"] = quiet
        options["draw_rule"] = rule if rule else "none"
    return options


def _max_game_length(name: str, params: Dict[str, Any], state: boardgames.State) -> int:
    if name == "tictactoe":
        return 9
    if name == "ultimate":
        return 81
    if name == "gomoku":
        # Every stone, plus the opening's few non-stone actions (colour choices, offers).
        return state.num_actions
    return int(params.get("max_game_length", 1000))


def _game_type(short_name: str, defaults: Dict[str, Any]) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name=short_name,
        long_name="boardgames " + GAMES[short_name][0],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


class BoardgamesGame(pyspiel.Game):
    """One of the games as a ``pyspiel.Game`` (made by ``pyspiel.load_game``)."""

    short_name = ""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        name, defaults = GAMES[self.short_name]
        merged = dict(defaults)
        merged.update(params or {})
        self.boardgames_name = name
        self.boardgames_options = _options(name, merged)
        prototype = boardgames.new_state(name, **self.boardgames_options)
        self.prototype = prototype
        info = pyspiel.GameInfo(
            num_distinct_actions=prototype.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=_max_game_length(name, merged, prototype),
        )
        super().__init__(_game_type(self.short_name, defaults), info, params or {})

    def new_initial_state(self) -> "BoardgamesState":
        """A state at the start of the game."""
        return BoardgamesState(self, self.prototype.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[Dict[str, Any]] = None
    ) -> Any:
        """The observation tensor of the game (public information: the whole board)."""
        if iig_obs_type is None or (
            iig_obs_type.public_info and not iig_obs_type.perfect_recall
        ):
            return BoardObserver(self.prototype, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class BoardgamesState(pyspiel.State):
    """A game state; ``self.state`` is the :class:`boardgames.State` behind it."""

    def __init__(self, game: BoardgamesGame, state: boardgames.State) -> None:
        super().__init__(game)
        self.state = state

    def current_player(self) -> int:
        """The player to move, or ``pyspiel.PlayerId.TERMINAL``."""
        if self.state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.state.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        return self.state.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.state.action_to_string(action)
        except boardgames.IllegalMove:
            return str(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.state.is_terminal()

    def returns(self) -> List[float]:
        """+1 / -1 / 0 by player at the end, 0 before."""
        return list(self.state.returns())

    def __str__(self) -> str:
        return str(self.state)


class BoardObserver:
    """OpenSpiel's observer protocol over :meth:`boardgames.State.observation_tensor`."""

    def __init__(self, prototype: boardgames.State, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        shape = prototype.observation_shape
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: BoardgamesState, player: int) -> None:
        """Writes the observation of ``state`` from ``player``'s side."""
        self.tensor[:] = state.state.observation_tensor(player).ravel()

    def string_from(self, state: BoardgamesState, player: int) -> str:
        """The text diagram of the position (the same for both players)."""
        return str(state.state)


_registered = False


def register() -> List[str]:
    """Registers every game with pyspiel (once; later calls do nothing) and returns the short
    names: ``boardgames_tictactoe``, ``boardgames_ultimate``, ``boardgames_gomoku``,
    ``boardgames_morris``."""
    global _registered
    if not _registered:
        for short_name, (_, defaults) in GAMES.items():
            game_class = type(
                "BoardgamesGame_" + short_name.split("_", 1)[1],
                (BoardgamesGame,),
                {"short_name": short_name},
            )
            pyspiel.register_game(_game_type(short_name, defaults), game_class)
        _registered = True
    return list(GAMES)
