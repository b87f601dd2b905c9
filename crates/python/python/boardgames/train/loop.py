"""The generations of a training run: self-play, training, gating; checkpoints and resume."""

import dataclasses
import json
import math
import os
import shutil
import tempfile
import time
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .. import selfplay
from .._boardgames import arena_merge, arena_shard, mcts_self_play, new_state
from . import model


@dataclasses.dataclass
class Settings:
    """A run's settings (``PRESETS`` holds each game's)."""

    game: str
    out: str
    seed: int = 1
    generations: int = 20
    widths: Tuple[int, ...] = (128, 64)
    games_per_generation: int = 400
    shards: int = 4
    simulations: int = 200
    first_simulations: int = 400
    exploration: float = 1.0
    sample_plies: int = 8
    mix: float = 0.0
    window: int = 4
    train_steps: int = 2000
    batch: int = 256
    learning_rate: float = 1e-3
    weight_decay: float = 1e-4
    value_target_search: float = 0.5
    gate_games: int = 64
    gate: float = 0.55
    minutes: Optional[float] = None
    address: Optional[str] = None
    progress: bool = True


#: Each game's settings. Tic-tac-toe samples every move of its self-play in proportion to the
#: visits (``sample_plies=9``), so that its positions cover the lines a perfect player must
#: answer, however bad the opponent's moves.
PRESETS: Dict[str, Dict[str, Any]] = {
    "tictactoe": dict(widths=(64,), games_per_generation=400, shards=2, simulations=200,
                      first_simulations=400, sample_plies=9, window=8, train_steps=1000,
                      gate_games=32, gate=0.5, generations=8),
    "ultimate": dict(widths=(128, 64), games_per_generation=800, train_steps=3000),
}


def _write_json(path: str, value: Any) -> None:
    """Writes ``path`` atomically: a reader never sees half a file."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(value, f, indent=1)
    os.replace(tmp, path)


class Run:
    """A run's folder and state: what is finished, the best network, the chained Elo."""

    def __init__(self, settings: Settings):
        self.s = settings
        os.makedirs(os.path.join(settings.out, "selfplay"), exist_ok=True)
        self.state_path = os.path.join(settings.out, "state.json")
        if os.path.exists(self.state_path):
            with open(self.state_path) as f:
                self.state = json.load(f)
        else:
            self.state = {"generation": 0, "best": None, "best_elo": 0.0, "settings": {}}
        self.state["settings"] = dataclasses.asdict(settings)
        probe = new_state(settings.game)
        self.shape = tuple(probe.observation_shape)
        self.actions = probe.num_actions
        self.symmetries = _symmetry_tables(probe)

    def path(self, name: str) -> str:
        return os.path.join(self.s.out, name)

    def save(self) -> None:
        _write_json(self.state_path, self.state)

    def log(self, entry: Dict[str, Any]) -> None:
        with open(self.path("history.jsonl"), "a") as f:
            f.write(json.dumps(entry) + "\n")

    def history(self) -> List[Dict[str, Any]]:
        if not os.path.exists(self.path("history.jsonl")):
            return []
        with open(self.path("history.jsonl")) as f:
            return [json.loads(line) for line in f if line.strip()]


def _symmetry_tables(probe) -> List[Tuple[np.ndarray, np.ndarray]]:
    """For each symmetry: the observation's source index of each value, and the action's
    (``mapped = x[..., table]``)."""
    size = int(np.prod(probe.observation_shape))
    index = np.arange(size, dtype=np.float32).reshape(probe.observation_shape)
    tables = []
    for s in range(probe.symmetry_count):
        obs = np.asarray(probe.map_observation(s, index)).reshape(-1).astype(np.int64)
        act = np.empty(probe.num_actions, np.int64)
        for a in range(probe.num_actions):
            act[probe.map_action(s, a)] = a
        tables.append((obs, act))
    return tables


# --- self-play -------------------------------------------------------------------------------

def _self_play_shard(game, games, simulations, seed, weights, mix, exploration, sample_plies):
    """One shard of self-play; ``weights`` are the network file's bytes (or None), so that a
    worker on another machine needs no shared disk."""
    if weights is None:
        return mcts_self_play(game, games, simulations, seed=seed, exploration=exploration,
                              sample_plies=sample_plies)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "net.bgnn")
        with open(path, "wb") as f:
            f.write(weights)
        return mcts_self_play(game, games, simulations, seed=seed, weights=path, mix=mix,
                              exploration=exploration, sample_plies=sample_plies)


def _shard_seed(seed: int, generation: int, shard: int) -> int:
    return (seed * 1_000_003 + generation * 7919 + shard) % (1 << 63)


def self_play(run: Run, generation: int, bar) -> None:
    """Plays the generation's missing shards and writes them (``selfplay/gNNN-sKK.npz``)."""
    s, best = run.s, run.state["best"]
    weights = open(best, "rb").read() if best else None
    sims = s.simulations if best else s.first_simulations
    todo = [k for k in range(s.shards)
            if not os.path.exists(run.path(f"selfplay/g{generation:03}-s{k:02}.npz"))]
    per = [s.games_per_generation // s.shards + (k < s.games_per_generation % s.shards)
           for k in range(s.shards)]
    args = {k: (s.game, per[k], sims, _shard_seed(s.seed, generation, k), weights, s.mix,
                s.exploration, s.sample_plies) for k in todo}
    if s.address is not None:
        import ray

        task = ray.remote(num_cpus=1)(_self_play_shard)
        refs = {k: task.remote(*args[k]) for k in todo}
        results = ((k, ray.get(refs[k])) for k in todo)
    else:
        results = ((k, _self_play_shard(*args[k])) for k in todo)
    for k, arrays in results:
        meta = {"meta_game": np.array(s.game), "meta_generation": np.array(generation),
                "meta_seed": np.array(args[k][3], np.uint64), "meta_simulations": np.array(sims)}
        path = run.path(f"selfplay/g{generation:03}-s{k:02}.npz")
        selfplay.write_npz(path + ".tmp.npz", arrays, meta)
        os.replace(path + ".tmp.npz", path)
        bar.update(1)


def load_window(run: Run, generation: int) -> Dict[str, np.ndarray]:
    """The positions of the last ``window`` generations, observations as bytes (0 or 1)."""
    parts = []
    for g in range(max(0, generation - run.s.window + 1), generation + 1):
        for k in range(run.s.shards):
            path = run.path(f"selfplay/g{g:03}-s{k:02}.npz")
            if os.path.exists(path):
                with np.load(path) as data:
                    parts.append({
                        "x": data["observations"].reshape(len(data["returns"]), -1).astype(np.uint8),
                        "mask": data["masks"], "pi": data["policies"],
                        "z": data["returns"], "q": data["values"],
                    })
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}


# --- training --------------------------------------------------------------------------------

class Trainer:
    """The network being trained and its optimizer, saved to and restored from
    ``checkpoint.npz``."""

    def __init__(self, run: Run):
        import jax
        import optax

        s = run.s
        self.run = run
        inputs = int(np.prod(run.shape))
        self.params = model.init_params(jax.random.PRNGKey(s.seed), inputs, s.widths, run.actions)
        self.optimizer = optax.adamw(s.learning_rate, weight_decay=s.weight_decay)
        self.opt_state = self.optimizer.init(self.params)
        value_weight = 1.0

        def step(params, opt_state, batch):
            grads, parts = jax.grad(model.loss, has_aux=True)(params, batch, value_weight)
            updates, opt_state = self.optimizer.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state, parts

        self.step = jax.jit(step)
        if os.path.exists(run.path("checkpoint.npz")):
            self.restore()

    def save(self) -> None:
        import jax

        leaves = jax.tree_util.tree_leaves((self.params, self.opt_state))
        tmp = self.run.path("checkpoint.tmp.npz")
        np.savez(tmp, *[np.asarray(leaf) for leaf in leaves])
        os.replace(tmp, self.run.path("checkpoint.npz"))

    def restore(self) -> None:
        import jax
        import jax.numpy as jnp

        treedef = jax.tree_util.tree_structure((self.params, self.opt_state))
        with np.load(self.run.path("checkpoint.npz")) as data:
            leaves = [jnp.asarray(data[f"arr_{i}"]) for i in range(len(data.files))]
        self.params, self.opt_state = jax.tree_util.tree_unflatten(treedef, leaves)

    def train(self, data: Dict[str, np.ndarray], generation: int, bar) -> Tuple[float, float]:
        """``train_steps`` minibatches drawn from ``data`` under random symmetries; the mean
        value and policy losses of the last quarter of the steps."""
        s, rng = self.run.s, np.random.default_rng([self.run.s.seed, generation])
        a = s.value_target_search
        target = ((1 - a) * data["z"] + a * data["q"]).astype(np.float32)
        losses = []
        for step in range(s.train_steps):
            rows = rng.integers(0, len(target), s.batch)
            obs_map, act_map = self.run.symmetries[rng.integers(len(self.run.symmetries))]
            batch = {
                "x": data["x"][rows][:, obs_map].astype(np.float32),
                "mask": data["mask"][rows][:, act_map],
                "pi": data["pi"][rows][:, act_map],
                "z": target[rows],
            }
            self.params, self.opt_state, parts = self.step(self.params, self.opt_state, batch)
            if step >= s.train_steps * 3 // 4:
                losses.append([float(p) for p in parts])
            bar.update(1)
        value_loss, policy_loss = np.mean(losses, axis=0)
        return float(value_loss), float(policy_loss)

    def export(self, path: str) -> None:
        data = model.to_bytes(self.params, self.run.s.game, self.run.shape, self.run.actions)
        with open(path + ".tmp", "wb") as f:
            f.write(data)
        os.replace(path + ".tmp", path)


# --- gating ----------------------------------------------------------------------------------

def player_spec(weights: Optional[str], settings: Settings) -> str:
    """The arena spec of MCTS with ``weights`` (random playouts without), its leaves mixed
    with a playout as in self-play."""
    if weights is None:
        return f"mcts:sims={settings.simulations}"
    mix = f",mix={settings.mix}" if settings.mix > 0 else ""
    return f"mcts:sims={settings.simulations},net={weights}{mix}"


def gate(run: Run, candidate: str, generation: int) -> Dict[str, Any]:
    """The candidate against the best so far: score, its 95 % interval and the Elo difference."""
    s = run.s
    shard = arena_shard(s.game, player_spec(candidate, s), player_spec(run.state["best"], s),
                        games=s.gate_games, seed=_shard_seed(s.seed, generation, 99),
                        openings="builtin", clock="untimed")
    report = arena_merge([shard])
    low, high = report.score_interval
    elo = report.elo
    if elo is None or not math.isfinite(elo):
        # A clean sweep has no finite Elo estimate: counted as 800 points.
        elo = math.copysign(800.0, report.score - 0.5)
    return {"score": report.score, "score_low": low, "score_high": high, "elo": elo,
            "wins": report.wins, "draws": report.draws, "losses": report.losses}


# --- the run ---------------------------------------------------------------------------------

def _bar(total: int, label: str, on: bool):
    """A tqdm progress bar (or a silent stand-in)."""
    if on:
        from tqdm import tqdm

        return tqdm(total=total, desc=label, leave=False, dynamic_ncols=True)

    class Silent:
        def update(self, n: int = 1) -> None:
            pass

        def close(self) -> None:
            pass

    return Silent()


def _best_name(state: Dict[str, Any]) -> str:
    """What the best player is, for the history: a generation, or random playouts."""
    if state["best"] is None:
        return "random playouts"
    return f"generation {state.get('best_generation', '?')}"


def generation_step(run: Run, trainer: Trainer, g: int) -> Dict[str, Any]:
    """One generation: self-play by the best, training, gating; the history line."""
    s = run.s
    started = time.time()
    bar = _bar(s.shards, f"gen {g} self-play", s.progress)
    self_play(run, g, bar)
    bar.close()
    played = time.time() - started
    data = load_window(run, g)
    bar = _bar(s.train_steps, f"gen {g} training", s.progress)
    value_loss, policy_loss = trainer.train(data, g, bar)
    bar.close()
    candidate = run.path(f"gen-{g:03}.bgnn")
    trainer.export(candidate)
    trainer.save()
    result = gate(run, candidate, g)
    kept = result["score"] >= s.gate
    positions = 0
    for k in range(s.shards):
        with np.load(run.path(f"selfplay/g{g:03}-s{k:02}.npz")) as shard:
            positions += len(shard["returns"])
    entry = dict(generation=g, kept=kept, value_loss=value_loss, policy_loss=policy_loss,
                 positions=positions, games=s.games_per_generation, window_positions=len(data["z"]),
                 self_play_seconds=round(played, 1), seconds=round(time.time() - started, 1),
                 against=_best_name(run.state), **result)
    if kept:
        shutil.copyfile(candidate, run.path("best.bgnn"))
        run.state["best"] = run.path("best.bgnn")
        run.state["best_elo"] += result["elo"]
        run.state["best_generation"] = g
    entry["best_elo"] = run.state["best_elo"]
    return entry


def run(settings: Settings) -> Dict[str, Any]:
    """Runs (or resumes) ``settings.generations`` generations, stopping early once
    ``settings.minutes`` have passed; returns the state (``state.json``)."""
    if settings.address is not None:
        import ray

        if not ray.is_initialized():
            ray.init(address=settings.address or None)
    r = Run(settings)
    trainer = Trainer(r)
    started = time.time()
    while r.state["generation"] < settings.generations:
        if settings.minutes is not None and time.time() - started > 60 * settings.minutes:
            break
        g = r.state["generation"]
        entry = generation_step(r, trainer, g)
        r.log(entry)
        r.state["generation"] = g + 1
        r.save()
        plot(r)
        if settings.progress:
            print(f"generation {g}: {'kept' if entry['kept'] else 'dropped'}, score "
                  f"{entry['score']:.3f} [{entry['score_low']:.3f}, {entry['score_high']:.3f}] "
                  f"against {entry['against']}, losses value "
                  f"{entry['value_loss']:.3f} policy {entry['policy_loss']:.3f}, "
                  f"{entry['seconds']:.0f} s", flush=True)
    r.save()
    return r.state


def plot(r: Run) -> Optional[str]:
    """``progress.png``: the best network's chained Elo and the losses by generation."""
    history = r.history()
    if not history:
        return None
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    gens = [h["generation"] for h in history]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    top.plot(gens, [h["best_elo"] for h in history], marker="o")
    kept = [h for h in history if h["kept"]]
    top.scatter([h["generation"] for h in kept], [h["best_elo"] for h in kept], color="green",
                zorder=3, label="kept")
    top.set_ylabel("Elo of the best (chained)")
    top.set_title(f"{r.s.game}: strength and losses by generation")
    top.legend()
    bottom.plot(gens, [h["value_loss"] for h in history], label="value (MSE)")
    bottom.plot(gens, [h["policy_loss"] for h in history], label="policy (cross-entropy)")
    bottom.set_xlabel("generation")
    bottom.set_ylabel("loss")
    bottom.legend()
    fig.tight_layout()
    path = r.path("progress.png")
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
