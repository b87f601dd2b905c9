"""``python -m boardgames.train GAME --out DIR``: runs or resumes a training run."""

import argparse
import dataclasses
import sys

from .loop import PRESETS, Settings, run


def parse(argv=None) -> Settings:
    parser = argparse.ArgumentParser(
        prog="python -m boardgames.train",
        description="Self-play training (MCTS guided by a network, JAX training, arena "
        "gating) for tictactoe or ultimate. Running it again on the same folder resumes.",
    )
    parser.add_argument("game", choices=sorted(PRESETS))
    parser.add_argument("--out", required=True, help="the run's folder (created, or resumed)")
    parser.add_argument("--address", default=None,
                        help="a Ray cluster's address ('auto', 'host:6379'): self-play shards "
                        "run as Ray tasks there; without it, in this process")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    defaults = Settings(game="", out="")
    for field in dataclasses.fields(Settings):
        if field.name in ("game", "out", "address", "progress"):
            continue
        default = getattr(defaults, field.name)
        kind = {tuple: lambda t: tuple(int(w) for w in t.split(",")), type(None): float}.get(
            type(default), type(default))
        parser.add_argument("--" + field.name.replace("_", "-"), type=kind, default=None,
                            help=f"(default {default}, or the game's preset)")
    args = parser.parse_args(argv)
    values = dict(PRESETS[args.game])
    for field in dataclasses.fields(Settings):
        given = getattr(args, field.name, None)
        if given is not None and field.name not in ("game", "out", "address"):
            values[field.name] = given
    return Settings(game=args.game, out=args.out, address=args.address,
                    progress=not args.no_progress,
                    **{k: v for k, v in values.items() if k != "progress"})


def main(argv=None) -> int:
    state = run(parse(argv))
    print(f"{state['generation']} generations done; best: {state['best']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
