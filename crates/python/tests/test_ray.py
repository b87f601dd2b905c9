"""boardgames.ray on a local two-CPU Ray cluster: the merged result is the single-process
one, self-play files hold the games, bad specs fail on the driver."""

import os
import sys

import numpy as np
import pytest

import boardgames
from boardgames import selfplay

ray = pytest.importorskip("ray", reason="boardgames.ray is tested with Ray installed")
import boardgames.ray as bray  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    # A local cluster on the loopback interface that reports nothing anywhere.
    os.environ["RAY_USAGE_STATS_ENABLED"] = "0"
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        _node_ip_address="127.0.0.1",
    )
    yield
    ray.shutdown()


def single(game, a, b, **kw):
    return boardgames.arena_merge([boardgames.arena_shard(game, a, b, shard=(0, 1), **kw)])


@pytest.mark.parametrize(
    "spec, shards",
    [
        (("tictactoe", "random", "ab:depth=3"), 3),
        (("ultimate", "ab:depth=2", "mcts:sims=30"), None),
        (("ultimate", "ab:depth=2", "mcts:sims=30"), 8),
    ],
)
def test_run_arena_is_the_single_process_match(cluster, spec, shards):
    kw = dict(games=8, seed=7, clock=0.001)
    report = bray.run_arena(*spec, shards=shards, **kw)
    one = single(*spec, **kw)
    assert str(report) == str(one) and report.records == one.records
    assert (report.wins, report.draws, report.losses) == (one.wins, one.draws, one.losses)


def test_run_arena_with_wall_clock_differs_only_in_times(cluster):
    from test_arena_binding import without_times

    spec = ("ultimate", "ab:depth=2", "mcts:sims=30")
    report = bray.run_arena(*spec, games=4, shards=2, task_options={"num_cpus": 1})
    one = single(*spec, games=4)
    assert report.games == one.games
    assert [without_times(r) for r in report.records] == [without_times(r) for r in one.records]


def test_run_self_play_files_hold_the_games(cluster, tmp_path):
    run = boardgames.self_play_shard("ultimate", "ab:depth=2", 6, seed=3)
    expected = selfplay.to_arrays(run)
    paths = bray.run_self_play("ultimate", "ab:depth=2", 6, tmp_path / "shards", seed=3, shards=4)
    assert [os.path.basename(p) for p in paths] == [f"self-play-00{i}-of-004.npz" for i in range(4)]
    parts = []
    for i, path in enumerate(paths):
        with np.load(path, allow_pickle=False) as saved:
            parts.append({key: saved[key] for key in expected})
            assert list(saved["meta_shard"]) == [i, 4] and str(saved["meta_player"]) == "ab:depth=2"
    joined = selfplay.concatenate(parts)
    [merged] = bray.run_self_play("ultimate", "ab:depth=2", 6, tmp_path / "one", seed=3, merge=True)
    with np.load(merged, allow_pickle=False) as saved:
        assert list(saved["meta_shard"]) == [0, 1]
        for key, value in expected.items():
            np.testing.assert_array_equal(joined[key], value)
            np.testing.assert_array_equal(saved[key], value)
    # The rows are the games replayed: the first game's actions, legal where they were played.
    first = expected["game"] == 0
    assert list(expected["actions"][first]) == run["games"][0]["actions"]
    assert expected["masks"][np.arange(len(expected["actions"])), expected["actions"]].all()


def test_bad_specs_fail_on_the_driver(cluster, tmp_path):
    with pytest.raises(boardgames.InvalidOption, match="player B"):
        bray.run_arena("tictactoe", "random", "grandmaster", games=4)
    with pytest.raises(boardgames.InvalidOption, match="shards"):
        bray.run_arena("tictactoe", "random", "random", games=4, shards=0)
    with pytest.raises(boardgames.InvalidOption, match="from 1 to"):
        bray.run_self_play("tictactoe", "random", 0, tmp_path)
    with pytest.raises(boardgames.InvalidOption, match="takes no options"):
        bray.run_self_play("tictactoe", "random", 2, tmp_path, options={"size": 9})


def test_without_ray_the_error_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(ImportError, match="pip install"):
        bray.run_arena("tictactoe", "random", "random")


def test_training_with_ray_workers_makes_the_single_process_networks(cluster, tmp_path):
    pytest.importorskip("jax")
    pytest.importorskip("optax")
    from boardgames.train import Settings, run

    def tiny(out, address):
        return Settings(game="tictactoe", out=str(out), generations=1, widths=(8,),
                        games_per_generation=6, shards=3, simulations=10, first_simulations=20,
                        train_steps=10, batch=16, gate_games=4, progress=False, address=address)

    run(tiny(tmp_path / "ray", ""))
    run(tiny(tmp_path / "local", None))
    for name in ("gen-000.bgnn", "selfplay/g000-s02.npz"):
        assert (tmp_path / "ray" / name).exists()
    assert (tmp_path / "ray" / "gen-000.bgnn").read_bytes() == (
        tmp_path / "local" / "gen-000.bgnn").read_bytes()
