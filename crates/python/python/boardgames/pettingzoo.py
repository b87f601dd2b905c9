"""The games as PettingZoo AEC environments, in the style of PettingZoo's classic games.

``boardgames.pettingzoo.env("ultimate")`` is an AEC environment with agents ``"player_0"``
(who moves first) and ``"player_1"``. Each observation is a dict: ``"observation"``, the
game's observation tensor (float32, shaped (planes, rows, columns), from that agent's side)
and ``"action_mask"`` (int8, 1 where the action is legal; all 0 for the agent not to move).
Rewards come at the end: +1 to the winner, -1 to the loser, 0 each for a draw.
``render_mode="ansi"`` makes ``render()`` return the game's text diagram, ``"human"`` prints
it after every step.

As PettingZoo's classic games do, :func:`env` wraps the environment so that an illegal action
ends the game with reward -1 for the agent who played it, an action outside the action space
raises, and the AEC call order is enforced. :class:`raw_env` is the bare environment, where
an illegal action raises :class:`boardgames.IllegalMove`.
"""

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import boardgames

AGENTS = ["player_0", "player_1"]


def env(game: str, render_mode: Optional[str] = None, **options: Any) -> AECEnv:
    """The wrapped environment of ``game`` under ``options`` (as
    :func:`boardgames.new_state`)."""
    environment: AECEnv = raw_env(game, render_mode=render_mode, **options)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped class)
    """The bare AEC environment of one game. ``max_steps`` (default None: no limit)
    truncates a game that lasts longer (morris without draw rules can go on for ever)."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "boardgames_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        render_mode: Optional[str] = None,
        max_steps: Optional[int] = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise boardgames.InvalidOption(
                f"render_mode {render_mode!r}: the modes are 'ansi' and 'human'"
            )
        self.game = game
        self.game_options = options
        self.state = boardgames.new_state(game, **options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.metadata = dict(self.metadata, name=f"boardgames_{game}_v0")
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        shape = self.state.observation_shape
        actions = self.state.num_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in AGENTS}
        self._reset_bookkeeping()

    def _reset_bookkeeping(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = {agent: 0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.steps = 0
        self.agent_selection = AGENTS[self.state.current_player()]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        player = AGENTS.index(agent)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.state.num_actions, dtype=np.int8)
        return {"observation": self.state.observation_tensor(player), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self.state = boardgames.new_state(self.game, **self.game_options)
        self._reset_bookkeeping()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.state.apply_action(int(action))
        self.steps += 1
        if self.state.is_terminal():
            for agent_name, value in zip(AGENTS, self.state.returns()):
                self.rewards[agent_name] = int(value)
                self.terminations[agent_name] = True
        else:
            for agent_name in AGENTS:
                self.rewards[agent_name] = 0
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.truncations = {agent_name: True for agent_name in AGENTS}
            else:
                # The game says who moves next (an opening may give one seat two turns).
                self.agent_selection = AGENTS[self.state.current_player()]
        if self.state.is_terminal() or any(self.truncations.values()):
            # At the end, both agents take a last (dead) step in turn, as PettingZoo expects.
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
