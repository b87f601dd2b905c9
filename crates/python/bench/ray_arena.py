"""Arena games per second on a local Ray cluster with 1 and with 2 worker CPUs.

    python bench/ray_arena.py [--games 512] [--shards 16]

Plays one fixed match (ultimate, ab:depth=3 against mcts:sims=200, untimed) through
boardgames.ray.run_arena with ray.init(num_cpus=1), then num_cpus=2, and prints the games per
second, the ratio, the cost of one Ray task doing no work (per-task overhead) and what a larger
cluster gives on paper. The first run of each cluster warms the workers up and is not timed.
The cluster listens on 127.0.0.1 only and reports no usage statistics.
"""

import argparse
import os
import time

os.environ["RAY_USAGE_STATS_ENABLED"] = "0"

import ray  # noqa: E402

import boardgames  # noqa: E402
import boardgames.ray as bray  # noqa: E402

MATCH = ("ultimate", "ab:depth=3", "mcts:sims=200")


def noop():
    return None


def measure(cpus: int, games: int, shards: int):
    """Games per second with `cpus` worker CPUs, and the seconds of one empty task."""
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
             _node_ip_address="127.0.0.1")
    try:
        bray.run_arena(*MATCH, games=shards, shards=shards, clock="untimed")  # warm-up
        start = time.perf_counter()
        report = bray.run_arena(*MATCH, games=games, shards=shards, clock="untimed")
        seconds = time.perf_counter() - start
        empty = ray.remote(num_cpus=1)(noop)
        ray.get([empty.remote() for _ in range(20)])
        start = time.perf_counter()
        ray.get([empty.remote() for _ in range(200)])
        overhead = (time.perf_counter() - start) / 200
    finally:
        ray.shutdown()
    return games / seconds, overhead, report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=512)
    parser.add_argument("--shards", type=int, default=16)
    args = parser.parse_args()
    start = time.perf_counter()
    single = boardgames.arena_merge(
        [boardgames.arena_shard(*MATCH, games=args.games, clock="untimed")]
    )
    local = args.games / (time.perf_counter() - start)
    one, overhead1, report1 = measure(1, args.games, args.shards)
    two, overhead2, report2 = measure(2, args.games, args.shards)
    assert str(report1) == str(report2) == str(single), "the merged reports differ"
    per_game = 1 / local
    print(f"match: {MATCH[0]} {MATCH[1]} vs {MATCH[2]}, {args.games} games, "
          f"{args.shards} shards, untimed")
    print(f"one process, no Ray:   {local:8.1f} games/s ({per_game * 1e3:.1f} ms a game)")
    print(f"Ray, 1 CPU:            {one:8.1f} games/s")
    print(f"Ray, 2 CPUs:           {two:8.1f} games/s  (x{two / one:.2f} over 1 CPU)")
    print(f"per-task overhead:     {overhead1 * 1e3:.2f} ms (1 CPU), {overhead2 * 1e3:.2f} ms "
          f"(2 CPUs), empty tasks in a batch of 200")
    # On paper: n CPUs play the shards in parallel; each task adds the overhead, and the
    # driver merges the shard files (measured with the single process's JSON below).
    texts = [boardgames.arena_shard(*MATCH, games=args.games, clock="untimed")]
    start = time.perf_counter()
    boardgames.arena_merge(texts)
    merge_per_game = (time.perf_counter() - start) / args.games
    print(f"merge on the driver:   {merge_per_game * 1e6:.1f} us a game")
    print(f"on paper, n CPUs: n x {local:.1f} games/s while a shard's games take much longer "
          f"than {overhead2 * 1e3:.1f} ms; the merge caps the rate at "
          f"{1 / merge_per_game:,.0f} games/s")


if __name__ == "__main__":
    main()
