"""Environment steps per second, observations included, against OpenSpiel and PettingZoo.

Run by hand on one core, e.g. ``taskset -c 0 python bench/steps.py``. Every contender plays
the same policy, the first legal action, and produces an observation tensor at every step:

- ``VectorEnv`` (n = 1024): one ``step()`` plays 1,024 games in Rust and writes their
  observations and masks; the policy is ``masks.argmax(axis=1)`` in NumPy;
- OpenSpiel's C++ games through ``pyspiel``: ``legal_actions()[0]``, ``apply_action``,
  ``observation_tensor()``; its ultimate plays a free choice of board as a ply of its own, so
  its rate is also given in moves (the ratio of moves to plies of the same game), the unit of
  the other rows;
- PettingZoo's own ``tictactoe_v3``: ``last()`` (its observation and mask), ``step``;
- pgx's ``tic_tac_toe`` (JAX, on the CPU), when pgx is installed: the same batch sizes
  batched with ``vmap`` and auto-reset, the policy ``argmax`` of the legal mask, its steps
  compiled into one jitted call in three forms: twenty steps unrolled, 200 steps in a
  ``lax.fori_loop``, 200 in a ``lax.scan`` (run with
  ``XLA_FLAGS=--xla_force_host_platform_device_count=1`` and ``taskset -c 0`` to hold it to
  one core; ``--pgx-only --pgx-batches 256,1024,4096`` runs this comparison alone);
- ``State.apply_action`` from Python: the cost of one call, replaying a recorded game.

Each figure is the best of three runs of about a second (of CPU time with ``--cpu-time``).
"""

import argparse
import time

import numpy as np

import boardgames


#: The clock of every figure: the wall clock, or this process's CPU time (``--cpu-time``: on a
#: loaded machine held to one core, the time it actually ran).
clock = time.perf_counter


def best_rate(run, repeats=3):
    """The best steps per second of `repeats` runs; `run()` returns (steps, seconds)."""
    return max(steps / seconds for steps, seconds in (run() for _ in range(repeats)))


def vector_env(game, n=1024, seconds=1.0):
    env = boardgames.VectorEnv(game, n)
    _, masks = env.reset()

    def run():
        steps, start = 0, clock()
        while clock() - start < seconds:
            for _ in range(20):
                env.step(masks.argmax(axis=1))
            steps += 20 * n
        return steps, clock() - start

    return best_rate(run)


def pyspiel_steps(name, seconds=1.0):
    import pyspiel

    game = pyspiel.load_game(name)

    def run():
        steps, start = 0, clock()
        state = game.new_initial_state()
        while clock() - start < seconds:
            for _ in range(1000):
                if state.is_terminal():
                    state = game.new_initial_state()
                state.apply_action(state.legal_actions()[0])
                player = state.current_player()
                state.observation_tensor(player if player >= 0 else 0)
            steps += 1000
        return steps, clock() - start

    return best_rate(run)


def pyspiel_moves_per_ply(name):
    """Moves per OpenSpiel ply under the first-legal-action policy: OpenSpiel's ultimate plays
    a free choice of board as a ply of its own, so its plies outnumber the moves."""
    import pyspiel

    state = pyspiel.load_game(name).new_initial_state()
    plies = choices = 0
    while not state.is_terminal():
        action = state.legal_actions()[0]
        choices += state.action_to_string(action).startswith("Choose")
        state.apply_action(action)
        plies += 1
    return (plies - choices) / plies


def pettingzoo_tictactoe(seconds=1.0):
    from pettingzoo.classic import tictactoe_v3

    env = tictactoe_v3.env()

    def run():
        steps, start = 0, clock()
        while clock() - start < seconds:
            env.reset()
            for _agent in env.agent_iter():
                obs, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                else:
                    env.step(int(np.argmax(obs["action_mask"])))
                    steps += 1
        return steps, clock() - start

    return best_rate(run)


#: The forms in which pgx's batched step is compiled (see ``pgx_tictactoe``).
PGX_FORMS = ("unrolled", "fori_loop", "scan")


def pgx_tictactoe(n=1024, form="fori_loop", seconds=1.0, unrolled=20, looped=200):
    """pgx (JAX) tic-tac-toe on the CPU, n games batched with ``vmap`` and auto-reset; its
    state carries the observation, so every step makes one. ``form`` is how the steps are
    compiled into one jitted call: ``unrolled`` (``unrolled`` steps written out),
    ``fori_loop`` or ``scan`` (``looped`` steps in a ``lax.fori_loop`` or ``lax.scan``).
    None when pgx is not installed."""
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None
    env = pgx.make("tic_tac_toe")
    init = jax.jit(jax.vmap(env.init))
    step = jax.vmap(auto_reset(env.step, env.init))
    keys = jax.random.split(jax.random.PRNGKey(0), n)
    state = init(keys)

    def one(state):
        return step(state, jnp.argmax(state.legal_action_mask, axis=1), keys)

    if form == "unrolled":
        count = unrolled

        def steps(state):
            for _ in range(count):
                state = one(state)
            return state
    elif form == "fori_loop":
        count = looped

        def steps(state):
            return jax.lax.fori_loop(0, count, lambda _, s: one(s), state)
    else:
        count = looped

        def steps(state):
            return jax.lax.scan(lambda s, _: (one(s), None), state, None, length=count)[0]

    steps = jax.jit(steps)
    state = steps(state)
    state.observation.block_until_ready()

    def run():
        nonlocal state
        done, start = 0, clock()
        while clock() - start < seconds:
            state = steps(state)
            state.observation.block_until_ready()
            done += count * n
        return done, clock() - start

    return best_rate(run)


def pgx_rows(batches):
    """VectorEnv against pgx in each form, for each batch size: (name, steps/s) rows."""
    rows = []
    for n in batches:
        ours = vector_env("tictactoe", n)
        rows.append((f"VectorEnv n={n}, tictactoe", ours))
        for form in PGX_FORMS:
            theirs = pgx_tictactoe(n, form)
            if theirs is None:
                print("pgx is not installed: its rows are left out")
                return rows
            rows.append((f"pgx tic_tac_toe n={n}, {form}", theirs))
            rows.append((f"  VectorEnv / pgx {form}, n={n}", ours / theirs))
    return rows


def apply_action_cost(game, games=2000):
    """Seconds per State.apply_action call, replaying the first-legal-action game."""
    state = boardgames.new_state(game)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    actions = state.history()

    def run():
        states = [boardgames.new_state(game) for _ in range(games)]
        start = clock()
        for s in states:
            for action in actions:
                s.apply_action(action)
        return games * len(actions), clock() - start

    return 1.0 / best_rate(run)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-peers", action="store_true", help="only this package's figures")
    parser.add_argument("--pgx-only", action="store_true",
                        help="only VectorEnv against pgx's forms (tic-tac-toe)")
    parser.add_argument("--pgx-batches", type=lambda t: [int(b) for b in t.split(",")],
                        default=[1024], help="batch sizes of the pgx comparison (1024)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time by this process's CPU time rather than the wall clock")
    args = parser.parse_args()
    if args.cpu_time:
        global clock
        clock = time.process_time
    rows = []
    if args.pgx_only:
        for name, value in pgx_rows(args.pgx_batches):
            print(f"{name:<40} {value:>12,.1f}{'x' if name.startswith('  ') else ' steps/s'}")
        return
    for game, peer in [("tictactoe", "tic_tac_toe"), ("ultimate", "ultimate_tic_tac_toe")]:
        ours = vector_env(game)
        rows.append((f"VectorEnv n=1024, {game}", ours))
        if not args.skip_peers:
            theirs = pyspiel_steps(peer)
            rows.append((f"pyspiel {peer} (plies)", theirs))
            if game == "ultimate":
                theirs *= pyspiel_moves_per_ply(peer)
                rows.append((f"pyspiel {peer} (moves)", theirs))
            rows.append((f"  VectorEnv / pyspiel on {game}", ours / theirs))
    if not args.skip_peers:
        rows.append(("PettingZoo tictactoe_v3", pettingzoo_tictactoe()))
        rows += pgx_rows(args.pgx_batches)
    for name, value in rows:
        if name.startswith("  "):
            print(f"{name:<40} {value:>12.1f}x")
        else:
            print(f"{name:<40} {value:>12,.0f} steps/s")
    for game in ["tictactoe", "ultimate"]:
        cost = apply_action_cost(game)
        print(f"{'State.apply_action, ' + game:<40} {cost * 1e9:>12.0f} ns/call")


if __name__ == "__main__":
    main()
