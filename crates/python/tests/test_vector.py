"""VectorEnv: checked against single states stepped one by one."""

import numpy as np
import pytest

import boardgames
from conftest import GAME_CASES, case_id


def check_against_states(env, states):
    """The env's buffers say what the single states say."""
    obs, masks = env.observations, env.legal_actions_mask()
    for i, state in enumerate(states):
        player = state.current_player()
        assert env.current_players[i] == player
        np.testing.assert_array_equal(obs[i], state.observation_tensor(player))
        np.testing.assert_array_equal(masks[i], state.legal_actions_mask())


@pytest.mark.parametrize("case", GAME_CASES, ids=[case_id(c) for c in GAME_CASES])
def test_vector_env_matches_single_states(case):
    game, options = case
    n = 16
    env = boardgames.VectorEnv(game, n, seed=3, **options)
    assert env.num_envs == n
    assert env.observations.shape == (n,) + env.observation_shape
    assert env.legal_actions_mask().shape == (n, env.num_actions)
    states = [boardgames.new_state(game, **options) for _ in range(n)]
    check_against_states(env, states)
    finished = 0
    for _ in range(120):
        actions = env.sample_actions().copy()
        obs, masks, rewards, dones = env.step(actions)
        assert obs is not None and rewards.shape == (n, 2) and dones.shape == (n,)
        for i, state in enumerate(states):
            state.apply_action(int(actions[i]))
            assert dones[i] == state.is_terminal()
            np.testing.assert_array_equal(rewards[i], state.returns())
            if state.is_terminal():
                finished += 1
                states[i] = boardgames.new_state(game, **options)
        check_against_states(env, states)
    if game != "morris":
        assert finished > 0


def test_buffers_are_reused_in_place():
    env = boardgames.VectorEnv("ultimate", 8)
    obs, masks = env.reset()
    obs2, masks2, rewards, dones = env.step(env.sample_actions())
    assert np.shares_memory(obs, obs2) and np.shares_memory(masks, masks2)
    assert np.shares_memory(rewards, env.rewards) and np.shares_memory(dones, env.dones)


def test_reset_restarts_every_game():
    env = boardgames.VectorEnv("tictactoe", 4)
    env.step(np.array([0, 1, 2, 3]))
    obs, masks = env.reset()
    assert masks.all()
    assert not obs[:, 0].any()
    assert (env.current_players == 0).all()


def test_same_seed_same_samples():
    a = boardgames.VectorEnv("ultimate", 32, seed=9)
    b = boardgames.VectorEnv("ultimate", 32, seed=9)
    for _ in range(10):
        actions = a.sample_actions().copy()
        np.testing.assert_array_equal(actions, b.sample_actions())
        a.step(actions)
        b.step(actions)


def test_an_illegal_action_changes_no_game():
    env = boardgames.VectorEnv("tictactoe", 3)
    env.step(np.array([4, 4, 4]))
    before = env.observations.copy()
    with pytest.raises(boardgames.IllegalMove, match="game 2"):
        env.step(np.array([0, 1, 4]))
    np.testing.assert_array_equal(env.observations, before)
    with pytest.raises(boardgames.IllegalMove, match="not an action id"):
        env.step(np.array([0, -1, 2]))
    with pytest.raises(boardgames.InvalidOption, match="one action per game"):
        env.step(np.array([0, 1]))
    with pytest.raises(boardgames.IllegalMove, match="integer action ids"):
        env.step(np.array([0.5, 1.0, 2.0]))
    np.testing.assert_array_equal(env.observations, before)
    env.step([0, 1, 2])  # a list of ints is accepted
    assert not np.array_equal(env.observations, before)


def test_bad_sizes_and_games():
    with pytest.raises(boardgames.InvalidOption):
        boardgames.VectorEnv("tictactoe", 0)
    with pytest.raises(boardgames.InvalidOption, match="unknown game"):
        boardgames.VectorEnv("go", 4)
    with pytest.raises(boardgames.InvalidOption, match="tie-break"):
        boardgames.VectorEnv("ultimate", 4, tiebreak="x")


def test_max_plies_truncates_and_restarts():
    env = boardgames.VectorEnv("morris", 4, seed=1, max_plies=10)
    start = env.observations.copy()
    for ply in range(1, 11):
        _, _, rewards, dones = env.step(env.sample_actions())
        assert dones.all() == (ply == 10)
        assert env.truncations.all() == (ply == 10)
        assert not rewards.any()
    np.testing.assert_array_equal(env.observations, start)
    env.step(env.sample_actions())
    assert not env.dones.any() and not env.truncations.any()
    with pytest.raises(boardgames.InvalidOption, match="max_plies"):
        boardgames.VectorEnv("morris", 4, max_plies=0)


def test_a_won_game_is_not_truncated():
    env = boardgames.VectorEnv("tictactoe", 1, max_plies=5)
    for action in [0, 3, 1, 4]:
        env.step([action])
    _, _, rewards, dones = env.step([2])  # X completes the top row on ply 5
    assert dones[0] and not env.truncations[0]
    assert list(rewards[0]) == [1.0, -1.0]
