"""CPU per game of the solver bot against the heuristic bot in fresh small processes, process start
included: the cost of a sweep's task as a worker that starts cold pays it.

    python benchmarks/bot_fresh.py --store build/solved --warm 40 --games 5 --rounds 3
    python benchmarks/bot_fresh.py --store build/campaign/speed/solved --unseen 41

For each of Yog-Sothoth and Azathoth at 2 and 4 players: `eldritch simulate --games 5` run as a
new process (`--seed` picks the games), its CPU time (user + system, read from getrusage of the
children) divided by the games, for the heuristic bot, for the solver bot with no store, and for
the solver bot with the store of solved tables at --store: on games the store has seen (seeds 1-5)
and, with --unseen S, on games it has not (seeds S..S+4), each run on a fresh copy of the store
(a process publishes what it solved: without the copy its next round would have seen them). With
--warm N the store is first grown by N games of each setting (seeds 1..N). The best of --rounds
per cell is reported (CPU time on a shared machine varies less than wall time, but cache and
frequency effects remain).

With --before PYTHON (another checkout's interpreter, main's say) and --before-store DIR (the store
that checkout's sweep built), each row also measures that checkout's solver bot with its store, in
the same rounds as this one's (the cells of a row alternate), so the two are compared under the
same load:

    python benchmarks/bot_fresh.py --store COPY --unseen 41 --games 5 --rounds 3 \
        --before /work/main/.venv/bin/python --before-store COPY_OF_MAINS
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile

SETTINGS = [("Yog-Sothoth", 2), ("Yog-Sothoth", 4), ("Azathoth", 2), ("Azathoth", 4)]


def eldritch(python: str | None = None) -> list[str]:
    python = python or sys.executable
    exe = os.path.join(os.path.dirname(python), "eldritch")
    return [exe] if os.path.exists(exe) else [python, "-m", "eldritch.cli"]


# A user's Python caches compiled modules; a session that sets PYTHONDONTWRITEBYTECODE (this
# machine's do) would make every fresh process compile every module it imports, about 0.3 s of a
# 0.5 s process and more for the bot that imports more. So the processes measured here may write
# their bytecode (under PYTHONPYCACHEPREFIX when it is set) and the first round pays the compiling.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cpu_of(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=CHILD_ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def simulate(ao: str, players: int, bot: str, games: int, seed: int, store: str | None,
             python: str | None = None) -> list[str]:
    argv = eldritch(python) + ["simulate", "--games", str(games), "--players", str(players), "--ancient-one", ao,
                         "--bots", bot, "--seed", str(seed), "--json"]
    if store:
        argv += ["--store", store]
    return argv


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--store", default="build/solved", help="the store of solved tables")
    p.add_argument("--warm", type=int, default=0, help="grow the store with N games a setting first")
    p.add_argument("--unseen", type=int, default=0, metavar="S", help="also games S..S+4, unseen by the store")
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--before", metavar="PYTHON",
                   help="also measure this interpreter's checkout (its solver bot, with --before-store)")
    p.add_argument("--before-store", metavar="DIR", help="the store of solved tables --before reads")
    args = p.parse_args(argv)
    if bool(args.before) != bool(args.before_store):
        p.error("--before and --before-store go together")
    if args.warm:
        for ao, players in SETTINGS:
            cpu = cpu_of(simulate(ao, players, "solver", args.warm, 1, args.store))
            print("warmed %s %d players: %d games, %.2f CPU s" % (ao, players, args.warm, cpu), flush=True)
    seeds = [1] + ([args.unseen or args.warm + 1] if (args.unseen or args.warm) else [])
    n = len(SETTINGS)
    for seed in seeds:
        seen = seed == 1
        # (bot, store, python): "copy" is a fresh copy of the store for each run (seen games too: a
        # process publishes what it solved, which the next run would otherwise find)
        cells = [("heuristic", None, None), ("solver", None, None), ("solver", "copy", None)]
        head = "| setting | heuristic | solver, no store | solver, store |"
        if args.before:
            cells.append(("solver", "before", args.before))
            head += " before: solver, store | before / heuristic |"
        print("\ngames %d-%d (%s by the store):\n" % (seed, seed + args.games - 1, "seen" if seen else "not seen"))
        print(head + " store / heuristic |")
        print("|---|" + "---:|" * (head.count("|") - 1))
        total = [0.0] * len(cells)
        for ao, players in SETTINGS:
            times = [[] for _ in cells]
            for _ in range(args.rounds):
                for i, (bot, store, python) in enumerate(cells):
                    source = args.before_store if store == "before" else args.store
                    if store in ("copy", "before"):
                        tmp = tempfile.mkdtemp()
                        shutil.copytree(source, os.path.join(tmp, "s"))
                        times[i].append(cpu_of(simulate(ao, players, bot, args.games, seed, os.path.join(tmp, "s"),
                                                        python)))
                        shutil.rmtree(tmp)
                    else:
                        times[i].append(cpu_of(simulate(ao, players, bot, args.games, seed, store, python)))
            row = [min(t) / args.games for t in times]
            for i, v in enumerate(row):
                total[i] += v
            cols = ["%.3f" % v for v in row[:4]] + (["%.2fx" % (row[3] / row[0])] if args.before else [])
            print("| %s, %d players | %s | %.2fx |" % (ao, players, " | ".join(cols), row[2] / row[0]), flush=True)
        cols = ["%.3f" % (v / n) for v in total[:4]] + (["%.2fx" % (total[3] / total[0])] if args.before else [])
        print("| mean | %s | %.2fx |" % (" | ".join(cols), total[2] / total[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
