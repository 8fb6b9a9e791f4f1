"""`eldritch sweep`: a grid split into tasks, run on one core, a process pool or a Ray cluster.

    eldritch sweep simulate --out runs/ao --games 10000 --chunk 250 --ancient-one all --players 1,2,4 \\
                            --bots 'heuristic|solver' --workers 2
    eldritch sweep atlas --out runs/atlas --sets core,other --focus 0-2 --spells 0-1 --clues 0-2 --ray local

A sweep is a plan (OUT/plan.json: the tasks, each with an id hashed from what it computes) and one
result file per task (OUT/results/ID.json), written atomically (a temporary file renamed) by the
coordinating process as each task's result arrives, with its task id and a checksum. Running the same
command again resumes: tasks whose result file is there and passes its checks are not run again; a
file that fails them is set aside and its task run again, and the sweep says so in one line
(sweepstore.py). A grid that names a setting twice runs it once (simgames.grid). A plan may grow in
the same folder (more games in whole chunks, more settings: the tasks it had are kept and not run
again); any other plan is refused.
The merged result (the simulate report, or the atlas CSV at OUT/atlas.csv or --output) is built from
the result files in plan order, so it is the same whatever ran the tasks:

- the engine: one core (default), a local process pool (`--workers N`), or Ray (`--ray ADDRESS`,
  `--ray local` to start a cluster on this machine; the extra `eldritch[ray]`);
- the worker count, and the order in which tasks finish;
- interruptions: a killed sweep resumes from what it had finished;
- dead workers: a task whose worker dies is run again (a process pool is rebuilt; Ray retries the
  task itself), up to `--retries` times, and its result is written once (one file per task id).

Files are written by atomic.write_atomic (a reader sees a whole file or none, a power cut included).
Seeds derive from the task, never from the worker: a simulate task is games first..first+n-1 of its
setting, game i seeded `seed + i` (simulate.game_seed).

Elder Sign's solver bot shares its solved value tables between tasks and workers through a store
(eldersign/tablestore.py), OUT/solved by default (`--store DIR` to share one between sweeps, `--store
none` for none): each task starts from what earlier tasks solved and publishes what it solved. The
store changes no result (values are exact integers, and a table is checked before it is used), so
task ids do not depend on it; a worker is told the store's folder beside the task (on Ray, a folder
every node can reach).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time

from eldritch.kernel.errors import KernelError
from eldritch.kernel.numbers import is_count
from eldritch.analysis import atlas as atlas_mod
from eldritch.analysis.outputs import check_writable
from eldritch.analysis.rayconnect import RAY_NICENESS, parse_address as parse_ray_address, ray_session  # noqa: F401
from eldritch.analysis.simgames import Setting, grid, runner as game_runner
from eldritch.analysis import simulate as sim
from eldritch.analysis.sweepstore import PLAN_VERSION, Store, write_atomic  # noqa: F401  (the store's names, as before)
from eldritch.saves.atomic import shown

MAX_WORKERS = 256                      # a process pool forks all its workers at once
TRACE_ENV = "ELDRITCH_SWEEP_TRACE"     # a folder: each task writes its worker's pid there (tests, monitoring)


# ----- tasks ------------------------------------------------------------------------------------

def task_id(spec: dict) -> str:
    """The id of a task: a hash of what it computes (its canonical JSON)."""
    text = json.dumps(spec, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def make_task(spec: dict) -> dict:
    return {"id": task_id(spec), "spec": spec}


def simulate_tasks(settings: list[Setting], games: int, chunk: int, seed: int) -> list[dict]:
    """Each setting's games in blocks of `chunk`: games first..first+n-1, seeds seed+i. A setting
    named twice is one setting (simgames.grid): its tasks would be the same tasks, merged twice."""
    tasks = []
    seen: set = set()
    for s in settings:
        if s in seen:
            continue
        seen.add(s)
        for first in range(0, games, chunk):
            tasks.append(make_task({"kind": "simulate", "setting": s.as_dict(), "seed": seed, "first": first,
                                    "games": min(chunk, games - first)}))
    return tasks


def atlas_tasks(cards: list, dice, focus, spells, clues, terror, per_task: int) -> list[dict]:
    """The atlas in blocks of `per_task` cards (by the library's set and name, which identify a card)."""
    tasks = []
    for k in range(0, len(cards), per_task):
        block = [[a.set, a.name] for a in cards[k:k + per_task]]
        tasks.append(make_task({"kind": "atlas", "cards": block, "dice": [d[0] for d in dice], "focus": focus,
                                "spells": spells, "clues": clues, "terror": terror}))
    return tasks


# ----- running one task (in any process) ---------------------------------------------------------

class Worker:
    """What a worker process keeps between tasks: the backend, the store of solved tables (a
    folder, or None) and each setting's prepared context."""

    def __init__(self, backend_name: str | None = None, store: tuple | None = None):
        from eldritch.backend import get_backend
        self.backend = get_backend(backend_name, notice=False)
        self.store = sim.open_store(*store) if store else None
        self.contexts: dict = {}

    def run(self, task: dict) -> dict:
        """The task's result, with the CPU and wall seconds it took (not part of the merged result)."""
        cpu = time.process_time()
        wall = time.perf_counter()
        result = self._run(task)
        result["cpu_seconds"] = round(time.process_time() - cpu, 4)
        result["wall_seconds"] = round(time.perf_counter() - wall, 4)
        return result

    def _run(self, task: dict) -> dict:
        trace = os.environ.get(TRACE_ENV)
        if trace:
            with open(os.path.join(trace, "%s.%d" % (task["id"], os.getpid())), "w") as f:
                f.write("%d\n" % os.getpid())
        spec = task["spec"]
        if spec["kind"] == "simulate":
            setting = Setting.from_dict(spec["setting"])
            ctx = self.contexts.get(setting)
            if ctx is None:
                r = game_runner(setting.game)
                ctx = r.prepare(setting, self.backend, store=self.store) if self.store is not None and \
                    getattr(r, "uses_store", False) and "solver" in setting.bots else r.prepare(setting, self.backend)
                self.contexts[setting] = ctx
            summary = sim.run_setting(setting, spec["seed"], spec["games"], spec["first"], ctx=ctx)
            return {"id": task["id"], "summary": summary.to_dict()}
        if spec["kind"] == "atlas":
            lib = {(a.set, a.name): a for a in atlas_mod.select_cards([])}
            cards = [lib[(s, n)] for s, n in spec["cards"]]
            dice = [atlas_mod.parse_dice(d) for d in spec["dice"]]
            rows = atlas_mod.atlas_rows(cards, dice, spec["focus"], spec["spells"], spec["clues"], self.backend,
                                        spec["terror"])
            return {"id": task["id"], "rows": rows}
        raise KernelError("sweep", "unknown task kind %r" % spec["kind"])


_WORKERS: dict = {}     # per process, backend and store: its caches, made by the first task that needs them


def run_task(task: dict, backend_name: str | None = None, store: tuple | None = None) -> dict:
    """Run one task in this process (the function every engine calls); `store`: (folder, size limit)
    of the solver bot's store of solved tables, or None."""
    worker = _WORKERS.get((backend_name, store))
    if worker is None:
        worker = _WORKERS[(backend_name, store)] = Worker(backend_name, store)
    return worker.run(task)


# ----- the result store: sweepstore.py (Store, write_atomic, the checks on every result file) -------

# ----- engines ------------------------------------------------------------------------------------

def run_serial(tasks, store, backend_name, progress, retries, solved=None):
    for t in tasks:
        store.put(run_task(t, backend_name, solved))
        progress(t)


def run_pool(tasks, store, backend_name, progress, retries, workers, solved=None):
    """A local process pool; a dead worker breaks the pool: it is rebuilt and the unfinished tasks
    are submitted again (each at most `retries` more times). The workers end with this process
    (parentwatch.py), however it ends."""
    from concurrent.futures import ProcessPoolExecutor, wait, FIRST_COMPLETED
    from concurrent.futures.process import BrokenProcessPool
    import multiprocessing
    from eldritch.analysis.parentwatch import die_with_parent
    tries = {t["id"]: 0 for t in tasks}
    todo = list(tasks)
    while todo:
        ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        broken = False
        with ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=ctx,
                                 initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
            futures = {pool.submit(run_task, t, backend_name, solved): t for t in todo}
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    t = futures[fut]
                    try:
                        result = fut.result()
                    except BrokenProcessPool:
                        broken = True
                        continue
                    store.put(result)
                    progress(t)
                if broken:
                    break
            if broken:
                for fut in pending:
                    fut.cancel()
        todo = [t for t in todo if not store.done(t["id"])]
        for t in todo:
            tries[t["id"]] += 1
            if tries[t["id"]] > retries:
                raise KernelError("sweep", "task %s failed %d times: its worker died each time" % (t["id"], tries[t["id"]]))


def run_ray(tasks, store, backend_name, progress, retries, address, workers, solved=None):
    """Ray tasks (each retried by Ray up to `retries` times when its worker dies); results are
    written here, as they arrive, by the process that called ray. The connection and what Ray
    prints: rayconnect.py."""
    with ray_session(address, workers) as ray:
        remote = ray.remote(max_retries=retries, retry_exceptions=False)(run_task)
        refs = {remote.remote(t, backend_name, solved): t for t in tasks}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                store.put(ray.get(ref))
                progress(refs[ref])


def run_sweep(kind: str, tasks: list[dict], out: str, meta: dict, workers: int = 1, ray_address: str | None = None,
              backend_name: str | None = None, retries: int = 3, progress=None, store: Store | None = None,
              solved: str | None = None, solved_size: int | None = None) -> Store:
    """Run the tasks not yet done; returns the store (every task's result is in it). A store already
    opened for these tasks may be passed (the command opens it first to report what it refused).
    `solved`: the folder of the solver bot's store of solved tables (None: none), `solved_size` its
    size limit."""
    if store is None:
        store = Store(out)
        store.open(kind, tasks, meta)
    todo = [t for t in tasks if not store.done(t["id"])]
    step = progress or (lambda t: None)
    if not todo:
        return store
    if solved:
        os.makedirs(solved, exist_ok=True)
        solved = (os.path.abspath(solved), solved_size)
    if ray_address is not None:
        run_ray(todo, store, backend_name, step, retries, ray_address, workers if workers > 1 else None, solved)
    elif workers > 1:
        run_pool(todo, store, backend_name, step, retries, workers, solved)
    else:
        run_serial(todo, store, backend_name, step, retries, solved)
    if solved:
        # one table file a card for the processes that read the store next (tablestore.compact_all)
        sim.open_store(*solved).compact_all()
    return store


# ----- merging ------------------------------------------------------------------------------------

def merged_simulate(store: Store, tasks: list[dict]) -> list:
    """[(Setting, Summary)] in plan order, each setting's task summaries merged."""
    order: list = []
    by: dict = {}
    for t in tasks:
        s = Setting.from_dict(t["spec"]["setting"])
        if s not in by:
            by[s] = sim.Summary(game_runner(s.game).metrics)
            order.append(s)
        by[s].merge(sim.Summary.from_dict(store.get(t["id"])["summary"]))
    return [(s, by[s]) for s in order]


def merged_atlas(store: Store, tasks: list[dict]) -> list[list]:
    rows = []
    for t in tasks:
        rows.extend(store.get(t["id"])["rows"])
    return rows


# ----- the command --------------------------------------------------------------------------------

EXAMPLES = """examples:
  eldritch sweep simulate --out runs/ao --games 1000 --chunk 100 --ancient-one all --players 1,2,4 --workers 2
  eldritch sweep simulate --out runs/bots --games 400 --bots 'heuristic|solver' --ray local --json
  eldritch sweep atlas --out runs/atlas --sets core,other --focus 0-1 --spells 0-1 --clues 0-1 --workers 2
  eldritch sweep atlas --out runs/other --sets other --ray 127.0.0.1:6379 --output atlas.csv
run the same command again to resume a sweep that was stopped; --ray ADDRESS runs on a cluster
started with `ray start --head` (every node with the same eldritch installed)."""


def _positive(text):
    return sim._positive(text)


def _workers(text):
    n = sim._positive(text)
    if n > MAX_WORKERS:
        raise argparse.ArgumentTypeError("at most %d worker processes, not %d" % (MAX_WORKERS, n))
    return n


def _retries(text):
    if not is_count(text.strip()) or int(text) > 100:
        raise argparse.ArgumentTypeError("expected a number 0 to 100, not %r" % text[:20])
    return int(text)


def _ray(text):
    try:
        parse_ray_address(text)
    except KernelError as exc:
        raise argparse.ArgumentTypeError(exc.detail.replace("--ray: ", "", 1))
    return text


def add_parser(sub):
    p = sub.add_parser("sweep", help="split a grid (simulate, atlas) into tasks: one core, a pool or Ray",
                       description="Split a grid into tasks and run them on one core, a local process pool "
                                   "(--workers) or a Ray cluster (--ray), one result file per task, resumable.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    kinds = p.add_subparsers(dest="sweep_kind", metavar="KIND")
    kinds.required = True
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", required=True, help="the sweep's folder (plan and one result file per task)")
    common.add_argument("--workers", type=_workers, default=1,
                        help="local worker processes, 1-%d (default 1: this one); with --ray local, its CPUs"
                             % MAX_WORKERS)
    common.add_argument("--ray", metavar="ADDRESS", type=_ray,
                        help="run on Ray: a cluster's HOST:PORT (or ray://HOST:PORT), 'auto' for the one this "
                             "machine runs, or 'local' to start one")
    common.add_argument("--retries", type=_retries, default=3, help="times a task is run again when its worker dies "
                        "(0-100, default 3)")
    s = kinds.add_parser("simulate", parents=[common], help="simulate over a grid of settings",
                         description="eldritch simulate over a grid, games split into tasks of --chunk games.",
                         epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--games", "-n", type=_positive, default=100, help="games per setting (default 100)")
    s.add_argument("--chunk", type=_positive, default=50, help="games per task (default 50)")
    sim.add_grid_arguments(s)
    fmt = s.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print one JSON object")
    fmt.add_argument("--csv", action="store_true", help="print CSV, one row per setting")
    s.add_argument("--chart", metavar="FILE.png", help="draw win rate by Ancient One and player count")
    a = kinds.add_parser("atlas", parents=[common], help="odds of every card over a grid of situations",
                         description="The atlas: every card of the sets x dice sets x focus x spells x clues, "
                                     "one CSV row each (schema: README, host/analysis/atlas.py).",
                         epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--sets", default="", help="sets, comma-separated prefixes (default: every set)")
    a.add_argument("--dice", default=",".join(atlas_mod.DEFAULT_DICE), help="dice sets (default the six usual)")
    a.add_argument("--focus", default="0-2", help="focus values, e.g. 0-2 (default)")
    a.add_argument("--spells", default="0-1", help="spells values (default 0-1)")
    a.add_argument("--clues", default="0-2", help="clues values (default 0-2)")
    a.add_argument("--terror", choices=("none", "fail", "discard"), default=None,
                   help="one terror effect for every card (default each card's own)")
    a.add_argument("--cards-per-task", type=_positive, default=4, help="cards per task (default 4)")
    a.add_argument("--output", help="the merged CSV (default OUT/atlas.csv)")
    return p


def build_tasks(args) -> tuple[str, list[dict], dict]:
    if args.sweep_kind == "simulate":
        r = game_runner(args.game)
        settings = grid(r, args)
        return "simulate", simulate_tasks(settings, args.games, args.chunk, args.seed), {"game": r.name}
    from eldritch.kernel.eldersign.situation import MAX_USES
    cards = atlas_mod.select_cards([x for x in args.sets.split(",") if x.strip()])
    dice = atlas_mod.parse_dice_list(args.dice)
    focus = atlas_mod.parse_range(args.focus, "focus", MAX_USES)
    spells = atlas_mod.parse_range(args.spells, "spells", MAX_USES)
    clues = atlas_mod.parse_range(args.clues, "clues", MAX_USES)
    return "atlas", atlas_tasks(cards, dice, focus, spells, clues, args.terror, args.cards_per_task), {}


def run(args, backend) -> int:
    kind, tasks, meta = build_tasks(args)
    # every output is checked before the work, not after it
    chart = getattr(args, "chart", None) if kind == "simulate" else None
    if chart is not None:
        from eldritch.analysis import charts
        charts.require()
        check_writable(chart, "--chart")
    output = None
    if kind == "atlas" and args.output is not None:
        output = args.output
        check_writable(output, "--output")
    store = Store(args.out)
    store.open(kind, tasks, meta)
    report = store.damage_report()
    if report:
        print("eldritch: sweep: %s" % report, file=sys.stderr)
    bar = sim.Progress(len(tasks), label="tasks")
    bar.done = sum(1 for t in tasks if store.done(t["id"]))
    solved, solved_size = None, None
    if kind == "simulate" and args.store != "none":      # only simulate has a store of solved tables
        solved, solved_size = args.store or os.path.join(args.out, "solved"), args.store_size
    run_sweep(kind, tasks, args.out, meta, args.workers, args.ray, backend.name, args.retries,
              progress=lambda t: bar(1), store=store, solved=solved, solved_size=solved_size)
    if kind == "simulate":
        results = merged_simulate(store, tasks)
        r = game_runner(args.game)
        print(sim.render(results, r, args.seed, "json" if args.json else "csv" if args.csv else "text"))
        if chart:
            from eldritch.analysis import charts
            charts.win_rate_chart(results, r, chart)
        return 0
    path = output or os.path.join(args.out, "atlas.csv")
    rows = merged_atlas(store, tasks)
    write_atomic(path, atlas_mod.csv_text(rows))
    print("%d rows in %s (%d tasks)" % (len(rows), shown(path), len(tasks)), file=sys.stderr)
    return 0
