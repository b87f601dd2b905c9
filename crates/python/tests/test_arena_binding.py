"""arena_shard, arena_merge, MatchReport and self_play_shard: the arena library from Python."""

import json
import re

import numpy as np
import pytest

import boardgames
from boardgames import selfplay

TTT = ("tictactoe", "random", "ab:depth=3")
ULT = ("ultimate", "ab:depth=2", "mcts:sims=30")


def whole(game, a, b, **kw):
    return boardgames.arena_merge([boardgames.arena_shard(game, a, b, **kw)])


def sharded(game, a, b, count, order=None, **kw):
    order = order if order is not None else range(count)
    return boardgames.arena_merge(
        [boardgames.arena_shard(game, a, b, shard=(i, count), **kw) for i in order]
    )


def without_times(record):
    """A record without its move times (and the line breaks their widths move)."""
    return " ".join(re.sub(r"\{\[%emt [^\]]*\]\}", "", record).split())


@pytest.mark.parametrize("clock", ["untimed", 0.002])
@pytest.mark.parametrize("spec", [TTT, ULT], ids=["tictactoe", "ultimate"])
def test_merged_shards_are_the_whole_match_byte_for_byte(spec, clock):
    one = whole(*spec, games=7, seed=5, clock=clock)
    merged = sharded(*spec, 3, order=[2, 0, 1], games=7, seed=5, clock=clock)
    assert str(merged) == str(one) and merged.heading == one.heading
    assert merged.records == one.records and merged.games == one.games
    assert (merged.wins, merged.draws, merged.losses) == (one.wins, one.draws, one.losses)
    assert merged.elo_interval == one.elo_interval


def test_wall_clock_shards_differ_only_in_times():
    one = whole(*ULT, games=4)
    merged = sharded(*ULT, 4, games=4)
    assert (merged.wins, merged.draws, merged.losses) == (one.wins, one.draws, one.losses)
    assert "[%emt" in one.records[0]
    assert [without_times(r) for r in merged.records] == [without_times(r) for r in one.records]


def test_the_report_adds_up_and_replays():
    report = whole(*TTT, games=10, seed=3, clock="untimed")
    assert report.wins + report.draws + report.losses == 10 == len(report.games)
    assert report.points == report.wins + report.draws / 2
    assert report.score == pytest.approx(report.points / 10)
    low, high = report.score_interval
    assert low <= report.score <= high
    first, second = report.by_colour
    assert sum(first) + sum(second) == 10
    assert str(report).startswith(f"A random: {report.wins} wins, {report.draws} draws")
    assert "ab:depth=3" in repr(report) and report.heading.startswith("tictactoe: 10 games")
    for game, record in zip(report.games, report.records):
        state = boardgames.new_state(report.game, **report.options)
        for move in game["moves"]:
            state.apply_move(move)
        assert state.is_terminal()
        winner = {"first": 0, "second": 1, None: None}[game["winner"]]
        assert state.returns()[0] == {0: 1.0, 1: -1.0, None: 0.0}[winner]
        assert " ".join(game["moves"][:2]) in without_times(record)


def test_a_sweep_has_an_infinite_elo():
    report = whole("tictactoe", "ab:depth=9", "random", games=2, openings="none")
    assert report.losses == 0
    if report.wins == 2:
        assert report.elo == float("inf")


def test_write_records(tmp_path):
    report = whole(*TTT, games=3, clock="untimed")
    report.write_records(tmp_path / "records")
    assert (tmp_path / "records" / "001.txt").read_text() == report.records[0]
    lines = (tmp_path / "records" / "games.jsonl").read_text().splitlines()
    assert [json.loads(line)["moves"] for line in lines] == [g["moves"] for g in report.games]
    assert len((tmp_path / "records" / "results.csv").read_text().splitlines()) == 4
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError):
        report.write_records(tmp_path / "file")


def test_openings_and_options():
    report = whole("tictactoe", "random", "random", games=4, openings=["b2", ["a1", "b2"]])
    assert "openings 2 (list)" in report.heading
    openings = [["b2"], ["b2"], ["a1", "b2"], ["a1", "b2"]]  # each twice, colours swapped
    assert [g["moves"][: len(o)] for g, o in zip(report.games, openings)] == openings
    gomoku = whole("gomoku", "random", "random", games=2, options={"size": 9, "rule": "freestyle"})
    assert gomoku.options == {"size": 9, "rule": "freestyle"}
    morris = whole("morris", "random", "random", games=2, max_plies=30, options={"quiet_moves": 5})
    assert morris.options == {"draw_rule": {"threefold": True, "quiet_moves": 5}}
    assert whole(*TTT, games=2, openings="none").games[0]["opening"] is None


@pytest.mark.parametrize(
    "change, message",
    [
        ({"game": "chess"}, "unknown game"),
        ({"player_b": "grandmaster"}, "player B"),
        ({"games": 0}, "from 1 to"),
        ({"games": -2}, "negative"),
        ({"shard": (3, 3)}, "below the count"),
        ({"shard": (0, 0)}, "at least 1"),
        ({"shard": (-1, 2)}, "negative"),
        ({"max_plies": -1}, "negative"),
        ({"options": {"size": 3}}, "takes no options"),
        ({"game": "gomoku", "options": {"size": 99}}, "size"),
        ({"game": "gomoku", "options": {"opening": "swap2"}}, "not \"opening\""),
        ({"game": "morris", "options": {"quiet_moves": 0}}, "at least 1"),
        ({"openings": "some"}, "openings"),
        ({"openings": ["z9"]}, "line 1"),
        ({"openings": [3]}, "openings must be"),
        ({"clock": -1.0}, "at least 0"),
        ({"clock": "sundial"}, "clock"),
    ],
)
def test_bad_specs_raise_invalid_option(change, message):
    kw = {"game": "tictactoe", "player_a": "random", "player_b": "random"}
    kw.update(change)
    with pytest.raises(boardgames.InvalidOption, match=message):
        boardgames.arena_shard(kw.pop("game"), kw.pop("player_a"), kw.pop("player_b"), **kw)


def test_shards_that_do_not_merge_raise_merge_error():
    parts = [boardgames.arena_shard(*TTT, games=4, shard=(i, 2)) for i in range(2)]
    other = boardgames.arena_shard(*TTT, games=4, seed=9, shard=(1, 2))
    assert issubclass(boardgames.MergeError, boardgames.InvalidOption)
    cases = [
        ([], "no shard file"),
        (["not json"], "not an arena shard file"),
        ([parts[0]], "missing"),
        ([parts[0], parts[0]], "again"),
        ([parts[0], other], "not the match"),
        ([parts[0], parts[1].replace('"version": 1', '"version": 7')], "version 7"),
    ]
    for texts, message in cases:
        with pytest.raises(boardgames.MergeError, match=message):
            boardgames.arena_merge(texts)
    assert len(boardgames.arena_merge(parts[::-1]).games) == 4


def test_self_play_games_replay_and_shard():
    run = boardgames.self_play_shard("ultimate", "ab:depth=2", 5, seed=2)
    assert run["game"] == "ultimate" and run["shard"] == (0, 1) and len(run["games"]) == 5
    for game in run["games"]:
        state = boardgames.new_state(run["game"], **run["options"])
        for action, move in zip(game["actions"], game["moves"]):
            assert state.action_to_string(action) == move
            state.apply_action(action)
        assert state.is_terminal() and list(state.returns()) == game["returns"]
        assert game["opening_plies"] == 2 and game["result"]["end"] == "rules"
        assert "[%emt" not in game["record"]
    parts = [boardgames.self_play_shard("ultimate", "ab:depth=2", 5, seed=2, shard=(i, 2)) for i in range(2)]
    assert [g for p in parts for g in p["games"]] == run["games"]
    with pytest.raises(boardgames.InvalidOption, match="player A"):
        boardgames.self_play_shard("ultimate", "ab:depth=x", 5)


def test_self_play_arrays_match_the_games(tmp_path):
    run = boardgames.self_play_shard("tictactoe", "random", 6, seed=4)
    arrays = selfplay.to_arrays(run)
    plies = sum(len(g["actions"]) for g in run["games"])
    assert arrays["observations"].shape == (plies, 3, 3, 3)
    assert arrays["masks"].shape == (plies, 9) and arrays["game_returns"].shape == (6, 2)
    assert arrays["masks"][np.arange(plies), arrays["actions"]].all()
    assert list(arrays["game_plies"]) == [len(g["actions"]) for g in run["games"]]
    row = 0
    for g in run["games"]:
        state = boardgames.new_state("tictactoe")
        for ply, action in enumerate(g["actions"]):
            np.testing.assert_array_equal(arrays["observations"][row], state.observation_tensor())
            assert arrays["players"][row] == state.current_player()
            assert arrays["returns"][row] == g["returns"][state.current_player()]
            assert arrays["chosen"][row] == (ply >= g["opening_plies"])
            state.apply_action(action)
            row += 1
    path = selfplay.write_npz(tmp_path / "run.npz", arrays, selfplay.metadata(run))
    with np.load(path, allow_pickle=False) as saved:
        for key, value in arrays.items():
            np.testing.assert_array_equal(saved[key], value)
        assert str(saved["meta_game"]) == "tictactoe" and json.loads(str(saved["meta_options"])) == {}
        assert list(saved["meta_shard"]) == [0, 1]


def test_ctrl_c_stops_a_shard_between_games():
    import os
    import signal
    import threading

    # Uninterrupted, this shard would play for several seconds; SIGINT stops it at the next game.
    threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        boardgames.arena_shard("tictactoe", "random", "random", games=1_000_000)


def test_empty_shards_merge():
    texts = [boardgames.arena_shard(*TTT, games=2, shard=(i, 5), clock="untimed") for i in range(5)]
    assert boardgames.arena_merge(texts).games == whole(*TTT, games=2, clock="untimed").games
