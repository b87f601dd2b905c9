"""The training loop: MCTS self-play with search statistics, the weights file read by Rust,
and a smoke run with checkpoint and resume (boardgames.train)."""

import json
import os

import numpy as np
import pytest

import boardgames

jax = pytest.importorskip("jax")
pytest.importorskip("optax")

from boardgames.train import Settings, check, model, run  # noqa: E402
from boardgames.train.loop import player_spec  # noqa: E402


def tiny(out, **changes):
    """A run of tic-tac-toe small enough for a test."""
    settings = dict(game="tictactoe", out=str(out), generations=2, widths=(16,),
                    games_per_generation=12, shards=2, simulations=20, first_simulations=40,
                    train_steps=40, batch=64, gate_games=8, gate=0.5, progress=False)
    settings.update(changes)
    return Settings(**settings)


def test_self_play_rows_carry_the_search_statistics():
    data = boardgames.mcts_self_play("tictactoe", 3, 50, seed=5)
    rows = len(data["returns"])
    assert data["observations"].shape == (rows, 3, 3, 3)
    assert data["masks"].shape == data["policies"].shape == (rows, 9)
    np.testing.assert_allclose(data["policies"].sum(axis=1), 1.0, atol=1e-5)
    # Visits only on legal actions; returns +-1 or 0, opposite for the two players of a game.
    assert not (data["policies"] * ~data["masks"]).any()
    assert set(np.unique(data["returns"])) <= {-1.0, 0.0, 1.0}
    assert data["game_returns"].shape == (3, 2)
    assert (data["game_returns"].sum(axis=1) == 0).all()
    assert (np.abs(data["values"]) <= 1).all()
    again = boardgames.mcts_self_play("tictactoe", 3, 50, seed=5)
    np.testing.assert_array_equal(again["policies"], data["policies"])


def test_weights_files_round_trip_and_bad_ones_name_the_file(tmp_path):
    params = model.init_params(jax.random.PRNGKey(0), 567, (8,), 81)
    path = tmp_path / "net.bgnn"
    path.write_bytes(model.to_bytes(params, "ultimate", (7, 9, 9), 81))
    game, shape, actions, back = model.from_bytes(path.read_bytes())
    assert (game, shape, actions) == ("ultimate", (7, 9, 9), 81)
    for (w, b), (w2, b2) in zip(params, back):
        np.testing.assert_array_equal(np.asarray(w, np.float32), w2)
    data = boardgames.mcts_self_play("ultimate", 1, 30, weights=str(path), max_plies=6)
    assert len(data["returns"]) == 6
    with pytest.raises(boardgames.InvalidOption, match="net.bgnn: mismatched"):
        boardgames.mcts_self_play("tictactoe", 1, 30, weights=str(path))
    damaged = tmp_path / "damaged.bgnn"
    damaged.write_bytes(path.read_bytes()[:-3])
    with pytest.raises(boardgames.InvalidOption, match="damaged.bgnn: corrupt"):
        boardgames.mcts_self_play("ultimate", 1, 30, weights=str(damaged))
    with pytest.raises(boardgames.InvalidOption, match="nowhere.bgnn: missing"):
        boardgames.mcts_self_play("ultimate", 1, 30, weights=str(tmp_path / "nowhere.bgnn"))
    with pytest.raises(ValueError, match="checksum"):
        model.from_bytes(damaged.read_bytes())
    with pytest.raises(boardgames.InvalidOption, match="tictactoe or ultimate"):
        boardgames.mcts_self_play("morris", 1, 30)


def test_a_smoke_run_resumes_and_repeats_from_its_seed(tmp_path):
    state = run(tiny(tmp_path / "a"))
    assert state["generation"] == 2
    names = set(os.listdir(tmp_path / "a"))
    assert {"state.json", "checkpoint.npz", "history.jsonl", "gen-000.bgnn", "gen-001.bgnn",
            "progress.png"} <= names
    # Resuming runs only the generations not done yet.
    state = run(tiny(tmp_path / "a", generations=3))
    history = [json.loads(line) for line in open(tmp_path / "a" / "history.jsonl")]
    assert [h["generation"] for h in history] == [0, 1, 2]
    assert all(h["positions"] > 0 and h["value_loss"] >= 0 for h in history)
    # The same seed gives the same networks.
    run(tiny(tmp_path / "b"))
    for g in (0, 1):
        name = f"gen-{g:03}.bgnn"
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    tally = check.every_line(str(tmp_path / "a" / "gen-002.bgnn"))
    assert tally["lines"] == tally["wins"] + tally["draws"] + tally["losses"] > 0


def test_the_gate_plays_with_the_playout_mix_of_self_play(tmp_path):
    # The network is used with its priors and random playouts (mix=1): the gate's games play
    # so too, as self-play does, and the arena accepts the spec.
    assert player_spec(None, tiny(tmp_path, mix=1.0)) == "mcts:sims=20"
    assert player_spec("a.bgnn", tiny(tmp_path)) == "mcts:sims=20,net=a.bgnn"
    path = tmp_path / "net.bgnn"
    params = model.init_params(jax.random.PRNGKey(0), 27, (8,), 9)
    path.write_bytes(model.to_bytes(params, "tictactoe", (3, 3, 3), 9))
    spec = player_spec(str(path), tiny(tmp_path, mix=1.0))
    assert spec == f"mcts:sims=20,net={path},mix=1.0"
    report = boardgames.arena_merge([boardgames.arena_shard(
        "tictactoe", spec, "random", games=2, clock="untimed")])
    assert report.wins + report.draws + report.losses == 2
