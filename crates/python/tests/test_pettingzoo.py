"""The PettingZoo AEC environments: PettingZoo's own API test on every game, and play."""

import numpy as np
import pytest

import boardgames

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

import boardgames.pettingzoo as bpz  # noqa: E402

CASES = [
    ("tictactoe", {}),
    ("ultimate", {}),
    ("gomoku", {"size": 9, "rule": "renju"}),
    ("gomoku", {"size": 15, "opening": "swap2"}),
    ("morris", {"max_steps": 300}),
    ("morris", {"draw_rule": {"threefold": True, "quiet_moves": 40}}),
]


@pytest.mark.parametrize("game,options", CASES, ids=[c[0] + str(i) for i, c in enumerate(CASES)])
def test_pettingzoo_api_test_passes(game, options):
    api_test(bpz.env(game, **options), num_cycles=200, verbose_progress=False)


def play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    env.totals = {"player_0": 0, "player_1": 0}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        env.totals[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return env


def test_rewards_come_at_the_end_and_add_to_zero():
    for seed in range(10):
        env = play_out(bpz.env("tictactoe"), seed)
        state = env.unwrapped.state
        assert state.is_terminal()
        assert [env.totals["player_0"], env.totals["player_1"]] == list(state.returns())


def test_observation_is_from_the_agents_side():
    env = bpz.env("tictactoe")
    env.reset()
    env.step(4)
    mover = env.observe("player_0")
    other = env.observe("player_1")
    assert mover["observation"][0, 1, 1] == 1.0  # player_0's own plane
    assert other["observation"][1, 1, 1] == 1.0  # player_1's opponent plane
    assert not mover["action_mask"].any()  # not player_0's turn
    assert other["action_mask"].sum() == 8
    assert other["action_mask"].dtype == np.int8


def test_an_illegal_action_ends_the_game_with_a_penalty():
    env = bpz.env("tictactoe")
    env.reset()
    env.step(4)
    env.step(4)  # player_1 plays on an occupied cell
    assert env.terminations["player_1"]
    assert env.rewards["player_1"] == -1


def test_raw_env_raises_the_typed_error():
    env = bpz.raw_env("tictactoe")
    env.reset()
    env.step(4)
    with pytest.raises(boardgames.IllegalMove):
        env.step(4)


def test_render_modes(capsys):
    env = bpz.env("ultimate", render_mode="ansi")
    env.reset()
    env.step(40)
    text = env.render()
    assert text == str(env.unwrapped.state)
    human = bpz.env("tictactoe", render_mode="human")
    human.reset()
    human.step(4)
    assert "X" in capsys.readouterr().out
    with pytest.raises(boardgames.InvalidOption):
        bpz.env("tictactoe", render_mode="rgb_array")


def test_morris_truncates_at_max_steps():
    env = play_out(bpz.env("morris", max_steps=30), 0)
    raw = env.unwrapped
    assert raw.steps <= 30
    assert raw.state.is_terminal() or all(raw.truncations.values())
