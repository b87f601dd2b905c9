"""State: actions, masks, observations, undo, text, pickling and typed errors."""

import copy
import pickle
import random

import numpy as np
import pytest

import boardgames
from conftest import random_game


def test_games_are_listed():
    assert boardgames.GAMES == ["tictactoe", "ultimate", "gomoku", "morris"]


def test_tictactoe_start_and_a_first_move():
    state = boardgames.new_state("tictactoe")
    assert state.legal_actions() == list(range(9))
    assert state.current_player() == 0
    assert state.num_actions == 9
    assert state.observation_shape == (3, 3, 3)
    state.apply_action(4)
    assert state.current_player() == 1
    assert 4 not in state.legal_actions()
    assert state.history() == [4]
    obs = state.observation_tensor(0)
    assert obs.dtype == np.float32 and obs.shape == (3, 3, 3)
    own = state.observation_planes.index("own")
    assert obs[own, 1, 1] == 1.0
    assert state.observation_tensor(1)[own, 1, 1] == 0.0


def test_a_won_game_reports_the_winner(game_case):
    game, options = game_case
    for seed in range(20):
        state = random_game(game, options, seed, max_plies=2000)
        if state.is_terminal():
            assert state.current_player() == boardgames.TERMINAL
            assert state.legal_actions() == []
            assert not state.legal_actions_mask().any()
            returns = state.returns()
            assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
            assert state.status == {1.0: "first", -1.0: "second", 0.0: "draw"}[returns[0]]


def test_mask_matches_legal_actions_and_observations_are_in_range(game_case):
    game, options = game_case
    rng = random.Random(7)
    state = boardgames.new_state(game, **options)
    for _ in range(60):
        if state.is_terminal():
            break
        mask = state.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (state.num_actions,)
        assert list(np.flatnonzero(mask)) == state.legal_actions()
        for player in (0, 1):
            obs = state.observation_tensor(player)
            assert obs.shape == state.observation_shape
            assert np.all((obs >= 0.0) & (obs <= 1.0))
        assert len(state.observation_planes) == state.observation_shape[0]
        state.apply_action(rng.choice(state.legal_actions()))


def test_notation_round_trips(game_case):
    game, options = game_case
    state = random_game(game, options, seed=3, max_plies=4)
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert state.string_to_action(text) == action
    action = state.legal_actions()[0]
    text = state.action_to_string(action)
    other = state.clone()
    assert other.apply_move(text) == action
    assert other.history() == state.history() + [action]


def test_undo_restores_every_earlier_state(game_case):
    game, options = game_case
    state = random_game(game, options, seed=11, max_plies=40)
    texts = []
    replay = boardgames.new_state(game, **options)
    for action in state.history():
        texts.append(str(replay))
        replay.apply_action(action)
    for action, text in zip(reversed(state.history()), reversed(texts)):
        assert state.undo() == action
        assert str(state) == text
    assert state.history() == []
    with pytest.raises(boardgames.BoardgamesError, match="nothing to undo"):
        state.undo()


def test_clone_and_copy_are_independent():
    state = boardgames.new_state("ultimate")
    state.apply_action(40)
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        other.apply_action(other.legal_actions()[0])
        assert state.history() == [40]
        assert len(other.history()) == 2


def test_pickle_round_trips(game_case):
    game, options = game_case
    state = random_game(game, options, seed=5, max_plies=30)
    again = pickle.loads(pickle.dumps(state))
    assert again.game == game
    assert again.options == options
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    np.testing.assert_array_equal(again.observation_tensor(), state.observation_tensor())


def test_str_is_the_crates_diagram():
    state = boardgames.new_state("tictactoe")
    state.apply_move("b2")
    assert "X" in str(state)
    assert "tictactoe" in repr(state)


# Bad input: a typed exception with the crate's message, and the state unchanged.


def unchanged(state):
    return (str(state), state.history(), state.legal_actions())


def test_illegal_actions_raise_and_change_nothing(game_case):
    game, options = game_case
    state = random_game(game, options, seed=2, max_plies=6)
    before = unchanged(state)
    illegal = [a for a in range(state.num_actions) if a not in state.legal_actions()][:5]
    for action in illegal + [-1, state.num_actions, 10**12]:
        with pytest.raises(boardgames.IllegalMove):
            state.apply_action(action)
        assert unchanged(state) == before


def test_occupied_cell_names_the_reason():
    state = boardgames.new_state("tictactoe")
    state.apply_action(4)
    with pytest.raises(boardgames.IllegalMove, match="already has a mark"):
        state.apply_action(4)
    with pytest.raises(boardgames.IllegalMove, match="out of range"):
        state.apply_action(9)


def test_finished_game_takes_no_action():
    state = boardgames.new_state("tictactoe")
    for action in [0, 3, 1, 4, 2]:
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    with pytest.raises(boardgames.IllegalMove):
        state.apply_action(5)
    assert state.history() == [0, 3, 1, 4, 2]


def test_bad_text_raises_parse_error():
    state = boardgames.new_state("ultimate")
    for text in ["", "zz", "a0", "1", "100"]:
        with pytest.raises(boardgames.ParseError):
            state.string_to_action(text)
        with pytest.raises(boardgames.ParseError):
            state.apply_move(text)
    assert state.history() == []


def test_bad_games_and_options_raise_invalid_option():
    with pytest.raises(boardgames.InvalidOption, match="unknown game"):
        boardgames.new_state("chess")
    with pytest.raises(boardgames.InvalidOption, match="takes no options"):
        boardgames.new_state("tictactoe", size=3)
    with pytest.raises(boardgames.InvalidOption, match="tie-break"):
        boardgames.new_state("ultimate", tiebreak="coin")
    with pytest.raises(boardgames.InvalidOption, match="draw_rule"):
        boardgames.new_state("morris", draw_rule=42)
    with pytest.raises(boardgames.InvalidOption, match="quiet_moves"):
        boardgames.new_state("morris", draw_rule={"quiet_moves": -1})
    with pytest.raises(boardgames.InvalidOption, match="not an option value"):
        boardgames.new_state("ultimate", tiebreak=object())


def test_bad_player_raises_invalid_option():
    state = boardgames.new_state("tictactoe")
    with pytest.raises(boardgames.InvalidOption, match="players are 0 and 1"):
        state.observation_tensor(2)


def test_exceptions_form_a_hierarchy():
    for error in (boardgames.IllegalMove, boardgames.ParseError, boardgames.InvalidOption):
        assert issubclass(error, boardgames.BoardgamesError)
    assert issubclass(boardgames.BoardgamesError, ValueError)


def test_symmetries_map_games_to_games(game_case):
    """The image of a legal game under a symmetry is a legal game, whose observations are
    the mapped observations."""
    game, options = game_case
    state = random_game(game, options, seed=9, max_plies=12)
    assert state.symmetry_count >= 1
    for symmetry in range(state.symmetry_count):
        image = boardgames.new_state(game, **options)
        replay = boardgames.new_state(game, **options)
        for action in state.history():
            image.apply_action(state.map_action(symmetry, action))
            replay.apply_action(action)
            for player in (0, 1):
                mapped = replay.map_observation(symmetry, replay.observation_tensor(player))
                np.testing.assert_array_equal(mapped, image.observation_tensor(player))
        ids = [state.map_action(symmetry, a) for a in range(min(state.num_actions, 400))]
        assert len(set(ids)) == len(ids)
    assert [state.map_action(0, a) for a in state.legal_actions()] == state.legal_actions()


def test_bad_symmetry_arguments_raise():
    state = boardgames.new_state("tictactoe")
    with pytest.raises(boardgames.InvalidOption, match="symmetry 8 out of range"):
        state.map_action(8, 0)
    with pytest.raises(boardgames.InvalidOption):
        state.map_action(-1, 0)
    with pytest.raises(boardgames.IllegalMove, match="out of range"):
        state.map_action(1, 9)
    with pytest.raises(boardgames.InvalidOption, match="shape"):
        state.map_observation(1, np.zeros((3, 3, 2), dtype=np.float32))


def _finish_game(state):
    """Plays the first legal action until the end; returns the finished state."""
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return state


def test_states_cross_process_boundaries():
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    states = [random_game("ultimate", {}, seed, max_plies=10) for seed in range(4)]
    # Spawned, not forked: the training tests import JAX, whose threads a fork may copy
    # mid-lock (a hang); a spawned worker also unpickles the states in a fresh interpreter.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        finished = list(pool.map(_finish_game, states))
    for start, end in zip(states, finished):
        assert end.is_terminal()
        assert end.history()[: len(start.history())] == start.history()
        assert end.history() == _finish_game(start.clone()).history()
