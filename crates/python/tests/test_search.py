"""search, perft and playouts from Python."""

import pytest

import boardgames


def test_perft_counts_tictactoe():
    state = boardgames.new_state("tictactoe")
    assert [boardgames.perft(state, d) for d in range(5)] == [1, 9, 72, 504, 3024]
    # Leaves exactly nine plies deep: games that end earlier are not counted.
    assert boardgames.perft(state, 9) == 127872


def test_perft_ultimate_start():
    state = boardgames.new_state("ultimate")
    assert boardgames.perft(state, 1) == 81
    assert boardgames.perft(state, 2) == 720


def test_alpha_beta_finds_the_winning_move():
    state = boardgames.new_state("tictactoe")
    for move in ["a1", "b1", "a2", "b2"]:
        state.apply_move(move)
    found = boardgames.search(state, depth=3)
    assert found.engine == "alphabeta"
    assert found.move == "a3"
    assert found.action == state.string_to_action("a3")
    assert found.result == "win"
    assert found.pv[0] == found.action


def test_mcts_plays_a_legal_move_within_its_simulations():
    state = boardgames.new_state("ultimate")
    found = boardgames.search(state, engine="mcts", simulations=300)
    assert found.action in state.legal_actions()
    assert found.simulations >= 300
    assert -1.0 <= found.value <= 1.0 and found.score is None


def test_search_rejects_bad_arguments():
    state = boardgames.new_state("tictactoe")
    with pytest.raises(boardgames.InvalidOption, match="unknown engine"):
        boardgames.search(state, engine="minimax")
    with pytest.raises(boardgames.InvalidOption, match="threads"):
        boardgames.search(state, depth=2, threads=0)
    with pytest.raises(boardgames.InvalidOption, match="depth"):
        boardgames.search(state, engine="mcts", depth=2)
    with pytest.raises(boardgames.InvalidOption, match="simulations"):
        boardgames.search(state, simulations=10)
    for action in [0, 3, 1, 4, 2]:
        state.apply_action(action)
    with pytest.raises(boardgames.IllegalMove, match="game is over"):
        boardgames.search(state, depth=2)


def test_playouts_are_seeded_and_add_up():
    state = boardgames.new_state("ultimate")
    a = boardgames.playouts(state, 200, seed=1)
    assert a == boardgames.playouts(state, 200, seed=1)
    assert a["first"] + a["second"] + a["draws"] + a["unfinished"] == 200
    assert a["plies"] >= 200 * 17
    morris = boardgames.playouts(boardgames.new_state("morris"), 5, seed=2, max_plies=50)
    assert morris["plies"] <= 250
