"""Whether a tic-tac-toe network plays perfectly: it never loses, whatever the opponent does.

The network plays by its policy alone (the legal action of the highest logit, no search);
the opponent tries every legal move at each of its turns, so every line of the game tree
reachable against the network is played out, with the network first and second.
"""

import sys
from typing import Dict

import numpy as np

from .._boardgames import new_state
from . import model


def _choose(params, state) -> int:
    obs = np.asarray(state.observation_tensor(), np.float32).reshape(1, -1)
    _, logits = model.forward_numpy(params, obs)
    mask = np.asarray(state.legal_actions_mask())
    return int(np.argmax(np.where(mask, logits[0], -np.inf)))


def every_line(weights_path: str, game: str = "tictactoe") -> Dict[str, int]:
    """Plays the network (policy only) against every line of replies, as each player; returns
    the count of ``lines`` and of the network's ``wins``, ``draws`` and ``losses``."""
    with open(weights_path, "rb") as f:
        file_game, _, _, params = model.from_bytes(f.read())
    if file_game != game:
        raise ValueError(f"{weights_path}: a network for {file_game}, not {game}")
    tally = {"lines": 0, "wins": 0, "draws": 0, "losses": 0}

    def walk(state, me: int) -> None:
        if state.is_terminal():
            result = state.returns()[me]
            tally["lines"] += 1
            tally["wins" if result > 0 else "losses" if result < 0 else "draws"] += 1
            return
        if state.current_player() == me:
            state.apply_action(_choose(params, state))
            walk(state, me)
            state.undo()
            return
        for action in state.legal_actions():
            state.apply_action(action)
            walk(state, me)
            state.undo()

    for me in (0, 1):
        walk(new_state(game), me)
    return tally


def main(argv=None) -> int:
    """``python -m boardgames.train.check FILE``: prints the tally; exit status 1 on a loss."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m boardgames.train.check WEIGHTS.bgnn", file=sys.stderr)
        return 2
    tally = every_line(args[0])
    print(tally)
    return 1 if tally["losses"] else 0


if __name__ == "__main__":
    sys.exit(main())
