"""Shared helpers of the test suite."""

import random

import pytest

import boardgames

#: Every game with a small set of options, as (game, options) pairs.
GAME_CASES = [
    ("tictactoe", {}),
    ("ultimate", {}),
    ("gomoku", {"size": 9, "rule": "freestyle"}),
    ("gomoku", {"size": 7, "rule": "renju"}),
    ("gomoku", {"size": 15, "opening": "swap2"}),
    ("gomoku", {"size": 15, "rule": "renju", "opening": "soosorv8"}),
    ("morris", {}),
    ("morris", {"draw_rule": {"threefold": True, "quiet_moves": 30}}),
]


def case_id(case):
    game, options = case
    return "-".join([game] + [str(v) for v in options.values() if not isinstance(v, dict)] + [k for k, v in options.items() if isinstance(v, dict)])


@pytest.fixture(params=GAME_CASES, ids=[case_id(c) for c in GAME_CASES])
def game_case(request):
    return request.param


def random_game(game, options, seed, max_plies=400):
    """Plays random legal actions from the start; returns the state."""
    rng = random.Random(seed)
    state = boardgames.new_state(game, **options)
    while not state.is_terminal() and len(state.history()) < max_plies:
        state.apply_action(rng.choice(state.legal_actions()))
    return state
