"""play_game: whole games between random and searching players."""

import pytest

import boardgames


def replay(game, actions, **options):
    state = boardgames.new_state(game, **options)
    for action in actions:
        state.apply_action(action)
    return state


def test_random_games_are_seeded_and_legal():
    a = boardgames.play_game("ultimate", {"engine": "random"}, {"engine": "random"}, seed=3)
    b = boardgames.play_game("ultimate", {"engine": "random"}, {"engine": "random"}, seed=3)
    assert a == b
    state = replay("ultimate", a["actions"])
    assert state.is_terminal() and list(state.returns()) == a["returns"]
    assert a["status"] == state.status


def test_alpha_beta_never_loses_tictactoe_to_random():
    for seed in range(5):
        for first, second, me in [
            ({"engine": "alphabeta", "depth": 9}, {"engine": "random"}, 0),
            ({"engine": "random"}, {"engine": "alphabeta", "depth": 9}, 1),
        ]:
            result = boardgames.play_game("tictactoe", first, second, seed=seed)
            assert result["returns"][me] >= 0.0


def test_mcts_plays_gomoku_to_the_end():
    result = boardgames.play_game(
        "gomoku", {"engine": "mcts", "simulations": 200}, {"engine": "random"}, seed=1, size=9
    )
    state = replay("gomoku", result["actions"], size=9)
    assert state.is_terminal()


def test_max_plies_cuts_a_game():
    result = boardgames.play_game("morris", {"engine": "random"}, {"engine": "random"}, max_plies=20)
    assert len(result["actions"]) == 20 and result["status"] == "ongoing"
    assert result["returns"] == [0.0, 0.0]


def test_bad_player_specs_raise_invalid_option():
    random = {"engine": "random"}
    with pytest.raises(boardgames.InvalidOption, match="unknown engine"):
        boardgames.play_game("tictactoe", {"engine": "oracle"}, random)
    with pytest.raises(boardgames.InvalidOption, match="unknown player key"):
        boardgames.play_game("tictactoe", {"engine": "mcts", "temperature": 1}, random)
    with pytest.raises(boardgames.InvalidOption, match="whole number"):
        boardgames.play_game("tictactoe", {"engine": "alphabeta", "depth": -1}, random)
    with pytest.raises(boardgames.InvalidOption, match="threads"):
        boardgames.play_game("tictactoe", {"engine": "alphabeta", "threads": 0}, random)
    with pytest.raises(boardgames.InvalidOption, match="unknown game"):
        boardgames.play_game("chess", random, random)
