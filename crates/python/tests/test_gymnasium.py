"""The Gymnasium single-agent environment against a random opponent."""

import numpy as np
import pytest

import boardgames

pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from boardgames.gymnasium import SingleAgentEnv  # noqa: E402


@pytest.mark.parametrize("game,options", [("tictactoe", {}), ("ultimate", {}), ("gomoku", {"size": 9})])
def test_gymnasium_env_checker_passes(game, options):
    check_env(SingleAgentEnv(game, **options), skip_render_check=True)


@pytest.mark.parametrize("player", [0, 1])
def test_games_end_with_the_agents_result(player):
    env = SingleAgentEnv("tictactoe", player=player)
    for seed in range(20):
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        terminated, reward = False, 0.0
        while not terminated:
            assert obs["action_mask"].any()
            obs, reward, terminated, truncated, _ = env.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            assert not truncated
        assert reward == env.state.returns()[player]


def test_the_same_seed_gives_the_same_opponent():
    a, b = SingleAgentEnv("ultimate", player=1), SingleAgentEnv("ultimate", player=1)
    a.reset(seed=4)
    b.reset(seed=4)
    assert a.state.history() == b.state.history() and len(a.state.history()) == 1


def test_an_illegal_action_loses_or_raises():
    env = SingleAgentEnv("tictactoe")
    env.reset(seed=0)
    env.step(4)
    before = env.state.history()
    _, reward, terminated, _, info = env.step(4)
    assert (reward, terminated) == (-1.0, True)
    assert "already has a mark" in info["illegal_action"]
    assert env.state.history() == before
    with pytest.raises(boardgames.BoardgamesError, match="call reset"):
        env.step(0)
    strict = SingleAgentEnv("tictactoe", illegal_action="raise")
    strict.reset(seed=0)
    strict.step(4)
    before = strict.state.history()
    with pytest.raises(boardgames.IllegalMove):
        strict.step(4)
    assert strict.state.history() == before


def test_bad_arguments_raise_invalid_option():
    with pytest.raises(boardgames.InvalidOption):
        SingleAgentEnv("tictactoe", player=2)
    with pytest.raises(boardgames.InvalidOption):
        SingleAgentEnv("tictactoe", opponent="perfect")
    with pytest.raises(boardgames.InvalidOption):
        SingleAgentEnv("tictactoe", illegal_action="ignore")
