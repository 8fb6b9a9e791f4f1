"""CPU per game of the solver bot against the heuristic bot in fresh small processes, process start
included: the cost of a sweep's task as a worker that starts cold pays it (issue 29.1).

    python benchmarks/bot_fresh.py --store build/solved --warm 40 --games 5 --rounds 3
    python benchmarks/bot_fresh.py --store build/campaign/speed/solved --unseen 41

For each of Yog-Sothoth and Azathoth at 2 and 4 players: `eldritch simulate --games 5` run as a
new process (`--seed` picks the games), its CPU time (user + system, read from getrusage of the
children) divided by the games, for the heuristic bot, for the solver bot with no store, and for
the solver bot with the store of solved tables at --store: on games the store has seen (seeds 1-5)
and, with --unseen S, on games it has not (seeds S..S+4), each round on a fresh copy of the store
(a process publishes what it solved: without the copy its next round would have seen them). With
--warm N the store is first grown by N games of each setting (seeds 1..N). The best of --rounds
per cell is reported (CPU time on a shared machine varies less than wall time, but cache and
frequency effects remain).
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


def eldritch() -> list[str]:
    exe = os.path.join(os.path.dirname(sys.executable), "eldritch")
    return [exe] if os.path.exists(exe) else [sys.executable, "-m", "eldritch.cli"]


def cpu_of(argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def simulate(ao: str, players: int, bot: str, games: int, seed: int, store: str | None) -> list[str]:
    argv = eldritch() + ["simulate", "--games", str(games), "--players", str(players), "--ancient-one", ao,
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
    args = p.parse_args(argv)
    if args.warm:
        for ao, players in SETTINGS:
            cpu = cpu_of(simulate(ao, players, "solver", args.warm, 1, args.store))
            print("warmed %s %d players: %d games, %.2f CPU s" % (ao, players, args.warm, cpu), flush=True)
    seeds = [1] + ([args.unseen or args.warm + 1] if (args.unseen or args.warm) else [])
    n = len(SETTINGS)
    for seed in seeds:
        seen = seed == 1
        cells = [("heuristic", None), ("solver", None), ("solver", args.store if seen else "copy")]
        print("\ngames %d-%d (%s by the store):\n" % (seed, seed + args.games - 1, "seen" if seen else "not seen"))
        print("| setting | heuristic | solver, no store | solver, store | store / heuristic |")
        print("|---|---:|---:|---:|---:|")
        total = [0.0] * len(cells)
        for ao, players in SETTINGS:
            row = []
            for bot, store in cells:
                times = []
                for _ in range(args.rounds):
                    if store == "copy":
                        tmp = tempfile.mkdtemp()
                        shutil.copytree(args.store, os.path.join(tmp, "s"))
                        times.append(cpu_of(simulate(ao, players, bot, args.games, seed, os.path.join(tmp, "s"))))
                        shutil.rmtree(tmp)
                    else:
                        times.append(cpu_of(simulate(ao, players, bot, args.games, seed, store)))
                row.append(min(times) / args.games)
            for i, v in enumerate(row):
                total[i] += v
            print("| %s, %d players | %s | %.2fx |" % (ao, players, " | ".join("%.3f" % v for v in row), row[2] / row[0]),
                  flush=True)
        print("| mean | %s | %.2fx |" % (" | ".join("%.3f" % (v / n) for v in total), total[2] / total[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
