"""The games against OpenSpiel's own, and OpenSpiel's algorithms on the registered games.

Random games are replayed side by side with OpenSpiel's C++ games; at every decision the
legal action sets, terminal flags and returns must agree, through the action mapping of
each game (see the README):

- tic-tac-toe: the same 9 ids;
- ultimate: our id ``board * 9 + cell``; OpenSpiel plays ``cell`` when sent to a board, and
  ``board`` then ``cell`` when free to choose;
- morris: our id ``base * 25 + slot``; OpenSpiel plays ``base``, then the capture ``slot - 1``
  as a second decision of the same player when ``slot > 0``;
- gomoku (freestyle, OpenSpiel's rule: any run of five or more wins): the same ``n * n`` ids.
"""

import random

import numpy as np
import pytest

import boardgames

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import boardgames.openspiel  # noqa: E402


def assert_same_end(ours, theirs):
    assert ours.is_terminal() == theirs.is_terminal()
    if ours.is_terminal():
        assert list(ours.returns()) == list(theirs.returns())


def play_tictactoe(seed):
    rng = random.Random(seed)
    ours, theirs = boardgames.new_state("tictactoe"), pyspiel.load_game("tic_tac_toe").new_initial_state()
    while not theirs.is_terminal():
        assert ours.legal_actions() == theirs.legal_actions()
        assert ours.current_player() == theirs.current_player()
        action = rng.choice(ours.legal_actions())
        ours.apply_action(action)
        theirs.apply_action(action)
        assert_same_end(ours, theirs)
    assert ours.is_terminal()


def play_ultimate(seed):
    rng = random.Random(seed)
    ours = boardgames.new_state("ultimate")
    theirs = pyspiel.load_game("ultimate_tic_tac_toe").new_initial_state()
    while not theirs.is_terminal():
        legal = ours.legal_actions()
        assert ours.current_player() == theirs.current_player()
        action = rng.choice(legal)
        board, cell = divmod(action, 9)
        boards = sorted({a // 9 for a in legal})
        if theirs.action_to_string(theirs.legal_actions()[0]).startswith("Choose"):
            assert theirs.legal_actions() == boards
            theirs.apply_action(board)
        else:
            assert boards == [board]
        assert theirs.legal_actions() == [a % 9 for a in legal if a // 9 == board]
        theirs.apply_action(cell)
        ours.apply_action(action)
        assert_same_end(ours, theirs)
    assert ours.is_terminal()


def play_morris(seed):
    rng = random.Random(seed)
    ours = boardgames.new_state("morris")
    theirs = pyspiel.load_game("nine_mens_morris").new_initial_state()
    while not theirs.is_terminal():
        legal = ours.legal_actions()
        assert ours.current_player() == theirs.current_player()
        assert theirs.legal_actions() == sorted({a // 25 for a in legal})
        action = rng.choice(legal)
        base, slot = divmod(action, 25)
        theirs.apply_action(base)
        if slot > 0:
            assert theirs.current_player() == ours.current_player()
            captures = [a % 25 - 1 for a in legal if a // 25 == base]
            assert theirs.legal_actions() == captures
            theirs.apply_action(slot - 1)
        ours.apply_action(action)
        if theirs.is_terminal() and not ours.is_terminal():
            # OpenSpiel ends a game at its turn limit as a draw; ours has no limit by default.
            assert theirs.returns() == [0.0, 0.0]
            assert theirs.move_number() >= pyspiel.load_game("nine_mens_morris").max_game_length() - 40
            return
        assert_same_end(ours, theirs)


def play_gomoku(seed, size):
    rng = random.Random(seed)
    ours = boardgames.new_state("gomoku", size=size, rule="freestyle")
    theirs = pyspiel.load_game("gomoku", {"size": size, "connect": 5}).new_initial_state()
    while not theirs.is_terminal():
        assert ours.legal_actions() == theirs.legal_actions()
        assert ours.current_player() == theirs.current_player()
        action = rng.choice(ours.legal_actions())
        ours.apply_action(action)
        theirs.apply_action(action)
        assert_same_end(ours, theirs)
    assert ours.is_terminal()


@pytest.mark.parametrize("seed", range(100))
def test_tictactoe_agrees_with_openspiel(seed):
    play_tictactoe(seed)


@pytest.mark.parametrize("seed", range(60))
def test_ultimate_agrees_with_openspiel(seed):
    play_ultimate(seed)


@pytest.mark.parametrize("seed", range(30))
def test_morris_agrees_with_openspiel(seed):
    play_morris(seed)


@pytest.mark.parametrize("seed", range(30))
def test_gomoku_freestyle_agrees_with_openspiel(seed):
    play_gomoku(seed, 9 if seed % 2 else 7)


# The registered Python games.


def test_register_names_every_game():
    names = boardgames.openspiel.register()
    assert names == [
        "boardgames_tictactoe",
        "boardgames_ultimate",
        "boardgames_gomoku",
        "boardgames_morris",
    ]
    assert boardgames.openspiel.register() == names  # twice is harmless
    for name in names:
        assert name in pyspiel.registered_names()


def test_registered_games_report_their_shapes():
    boardgames.openspiel.register()
    game = pyspiel.load_game("boardgames_gomoku", {"size": 9, "rule": "freestyle"})
    assert game.num_distinct_actions() == 81
    assert game.observation_tensor_shape() == [5, 9, 9]
    state = game.new_initial_state()
    state.apply_action(40)
    # Plane 0 is the observer's stones, plane 1 the opponent's.
    assert state.observation_tensor(0)[40] == 1.0
    assert state.observation_tensor(1)[81 + 40] == 1.0
    assert state.history() == [40]
    morris = pyspiel.load_game("boardgames_morris", {"threefold": True, "quiet_moves": 50})
    assert morris.num_distinct_actions() == 15000


def test_registered_state_clones_are_independent():
    boardgames.openspiel.register()
    state = pyspiel.load_game("boardgames_ultimate").new_initial_state()
    state.apply_action(40)
    child = state.clone()
    child.apply_action(child.legal_actions()[0])
    assert state.history() == [40] and len(child.history()) == 2
    assert str(state) != str(child)


def mcts_bots(game, simulations, seed):
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    return [mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng) for _ in range(2)], rng


def test_openspiel_mcts_plays_tictactoe_to_the_end():
    boardgames.openspiel.register()
    game = pyspiel.load_game("boardgames_tictactoe")
    bots, rng = mcts_bots(game, 300, 1)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert list(returns) in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0])


def test_openspiel_mcts_plays_gomoku_to_the_end():
    boardgames.openspiel.register()
    game = pyspiel.load_game("boardgames_gomoku", {"size": 9, "rule": "freestyle"})
    bots, rng = mcts_bots(game, 20, 2)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert state.state.is_terminal()
    assert list(state.returns()) in ([0.0, 0.0], [1.0, -1.0], [-1.0, 1.0])
