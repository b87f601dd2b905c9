"""A Gymnasium single-agent environment: the agent plays one seat against an opponent.

``boardgames.gymnasium.SingleAgentEnv("ultimate")`` lets the agent play player 0 (``player=1``
for the second seat) against a uniformly random opponent (or any ``opponent(state) ->
action`` callable). Observations are dicts as in :mod:`boardgames.pettingzoo`:
``"observation"`` (float32 planes from the agent's side) and ``"action_mask"`` (int8). The
reward is +1 / -1 / 0 from the agent's side when the game ends, 0 before.

An illegal action, with ``illegal_action="lose"`` (the default, as PettingZoo's classic
games do), ends the episode with reward -1 and ``info["illegal_action"]`` holding the
crate's reason; with ``illegal_action="raise"`` it raises :class:`boardgames.IllegalMove`.
Either way the game is left unchanged.
"""

from typing import Any, Callable, Dict, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import boardgames

Opponent = Callable[[boardgames.State], int]


class SingleAgentEnv(gymnasium.Env):
    """One game against an opponent; see the module documentation."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        player: int = 0,
        opponent: Union[str, Opponent] = "random",
        render_mode: Optional[str] = None,
        illegal_action: str = "lose",
        **options: Any,
    ) -> None:
        if illegal_action not in ("lose", "raise"):
            raise boardgames.InvalidOption(
                f"illegal_action {illegal_action!r}: the choices are 'lose' and 'raise'"
            )
        self.illegal_action = illegal_action
        self.lost_by_illegal_action = False
        if player not in (0, 1):
            raise boardgames.InvalidOption(f"player {player}: the players are 0 and 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise boardgames.InvalidOption(
                f"render_mode {render_mode!r}: the modes are 'ansi' and 'human'"
            )
        if opponent != "random" and not callable(opponent):
            raise boardgames.InvalidOption("opponent must be 'random' or a callable(state)")
        self.game, self.game_options = game, options
        self.player, self.opponent, self.render_mode = player, opponent, render_mode
        self.state = boardgames.new_state(game, **options)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, 1.0, shape=self.state.observation_shape, dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.state.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.state.num_actions)

    def _observation(self) -> Dict[str, np.ndarray]:
        if self.state.current_player() == self.player:
            mask = self.state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.state.num_actions, dtype=np.int8)
        return {"observation": self.state.observation_tensor(self.player), "action_mask": mask}

    def _opponent_moves(self) -> None:
        """Plays the opponent until it is the agent's turn or the game is over."""
        while not self.state.is_terminal() and self.state.current_player() != self.player:
            if self.opponent == "random":
                action = int(self.np_random.choice(self.state.legal_actions()))
            else:
                action = int(self.opponent(self.state.clone()))
            self.state.apply_action(action)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[Dict[str, np.ndarray], Dict[str, Any]]:
        super().reset(seed=seed)
        self.state = boardgames.new_state(self.game, **self.game_options)
        self.lost_by_illegal_action = False
        self._opponent_moves()
        return self._observation(), {}

    def step(self, action: Any) -> Tuple[Dict[str, np.ndarray], float, bool, bool, Dict[str, Any]]:
        if self.state.is_terminal() or self.lost_by_illegal_action:
            raise boardgames.BoardgamesError("the episode is over: call reset()")
        try:
            self.state.apply_action(int(action))
        except boardgames.IllegalMove as error:
            if self.illegal_action == "raise":
                raise
            self.lost_by_illegal_action = True
            return self._observation(), -1.0, True, False, {"illegal_action": str(error)}
        self._opponent_moves()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.player]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, {}

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.state)
        if self.render_mode == "human":
            print(self.state)
        return None
