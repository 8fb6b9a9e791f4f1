"""Simulation at scale (pytest-benchmark; `make bench`, or `-k sim`): whole games per second by bot
and backend, atlas rows per second, and a sweep's speed-up from 1 to 2 workers on a local process
pool and on a local Ray cluster. The figures and what they imply for a cluster are in
benchmarks/README.md ("Simulation at scale").

    .venv/bin/python -m pytest benchmarks/test_sim_bench.py --benchmark-only -q \\
        --benchmark-columns=min,mean,rounds
"""

import os
import time
import types

import pytest

from eldritch.analysis import atlas

from eldritch.analysis import sweep as sw

from eldritch.analysis import simulate as sim
from eldritch.backend import get_backend, available
from eldritch.eldersign.sim import RUNNER


def settings_for(bots, ao="Yig", players=1):
    args = types.SimpleNamespace(ancient_one=ao, sets="", investigators="", weights="", players=[players], bots=bots)
    return RUNNER.settings(args)[0]


@pytest.mark.parametrize("bots", ["random", "basic", "heuristic"])
def test_sim_games_per_second_portable_bots(benchmark, bots):
    """20 games of Yig at 1 player (the portable bots ask no backend: C and fallback are the same)."""
    setting = settings_for(bots)
    summary = benchmark.pedantic(sim.run_setting, args=(setting, 1, 20), rounds=3, iterations=1)
    benchmark.extra_info["games_per_second"] = 20 / benchmark.stats.stats.min
    assert summary.games == 20


@pytest.mark.parametrize("backend_name", ["c", "python"])
def test_sim_games_per_second_solver_bot(benchmark, backend_name):
    """The solver bot, cold (a fresh solver cache): 4 games of Yig at 1 player on C, 1 on the fallback;
    and warm on C (the same games again with the cache of the first run)."""
    if backend_name not in available():
        pytest.skip("C core not built")
    backend = get_backend(backend_name)
    setting = settings_for("solver")
    games = 4 if backend_name == "c" else 1

    def cold():
        ctx = RUNNER.prepare(setting, backend)
        return sim.run_setting(setting, 1, games, ctx=ctx), ctx

    (summary, ctx) = benchmark.pedantic(cold, rounds=1, iterations=1)
    benchmark.extra_info["games_per_second_cold"] = games / benchmark.stats.stats.min
    if backend_name == "c":
        t = time.perf_counter()
        sim.run_setting(setting, 1, games, ctx=ctx)
        benchmark.extra_info["games_per_second_warm"] = games / (time.perf_counter() - t)
    assert summary.games == games


def test_sim_atlas_rows_per_second(benchmark):
    """Four Core cards over focus 0-2, spells 0-1, clues 0-2 at the six dice sets (144 rows a card)."""
    cards = atlas.select_cards(["core"])[:4]
    dice = atlas.parse_dice_list(",".join(atlas.DEFAULT_DICE))
    rows = benchmark.pedantic(atlas.atlas_rows, args=(cards, dice, [0, 1, 2], [0, 1], [0, 1, 2], get_backend("c")),
                              rounds=1, iterations=1)
    benchmark.extra_info["rows_per_second"] = len(rows) / benchmark.stats.stats.min
    assert len(rows) == 4 * 6 * 3 * 2 * 3


def _sweep_tasks():
    setting = settings_for("heuristic", "Ithaqua", 2)
    return sw.simulate_tasks([setting], 64, 8, 1)


@pytest.mark.parametrize("engine", ["serial", "pool2", "ray2"])
def test_sim_sweep_speedup(benchmark, engine, tmp_path):
    """8 tasks of 8 heuristic games each (Ithaqua, 2 players): one core, a 2-process pool, and a local
    Ray cluster of 2 CPUs (started before the timing; its start-up is extra_info)."""
    tasks = _sweep_tasks()
    kw = {"serial": {}, "pool2": {"workers": 2}, "ray2": {"ray_address": "auto"}}[engine]
    if engine == "ray2":
        ray = pytest.importorskip("ray")
        os.environ.setdefault(sw.RAY_NICENESS, "0")
        t = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
        benchmark.extra_info["ray_start_seconds"] = time.perf_counter() - t
    runs = iter(range(100))
    try:
        store = benchmark.pedantic(lambda: sw.run_sweep("simulate", tasks, str(tmp_path / str(next(runs))), {}, **kw),
                                   rounds=2, iterations=1)
    finally:
        if engine == "ray2":
            ray.shutdown()
    benchmark.extra_info["cpu_seconds_per_task"] = sum(store.get(t["id"])["cpu_seconds"] for t in tasks) / len(tasks)
    assert len(sw.merged_simulate(store, tasks)[0][1].tallies) > 0
