"""CPU per game of the solver bot against the heuristic bot in fresh small processes, process start
included: the cost of a sweep's task as a worker that starts cold pays it (issue 29.1).

    python benchmarks/bot_fresh.py --store build/solved --warm 40 --games 5 --rounds 3

For each of Yog-Sothoth and Azathoth at 2 and 4 players: `eldritch simulate --games 5` run as a
new process (`--first` picks the games: --seed), its CPU time (user + system, read from
getrusage of the children) divided by the games, for the heuristic bot, for the solver bot with no
store, and for the solver bot with the store of solved tables at --store. With --warm N the store
is first grown by N games of each setting (seeds 1..N) in one sweep-like pass, so the fresh
processes then run games the store has seen (seeds 1-5) and games it has not (seeds N+1..N+5).
The best of --rounds per cell is reported (CPU time on a shared machine varies less than wall
time, but page-cache and frequency effects remain).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

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
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args(argv)
    if args.warm:
        for ao, players in SETTINGS:
            cpu = cpu_of(simulate(ao, players, "solver", args.warm, 1, args.store))
            print("warmed %s %d players: %d games, %.2f CPU s" % (ao, players, args.warm, cpu), flush=True)
    cells = [("heuristic", 1, None), ("solver", 1, None), ("solver", 1, args.store)]
    if args.warm:
        cells.append(("solver", args.warm + 1, args.store))
    names = {0: "heuristic", 1: "solver, no store", 2: "solver, store (seen games)",
             3: "solver, store (unseen games)"}
    print("| setting | " + " | ".join(names[i] for i in range(len(cells))) + " | solver with store / heuristic |")
    print("|---|" + "---:|" * (len(cells) + 1))
    total = [0.0] * len(cells)
    for ao, players in SETTINGS:
        row = []
        for bot, seed, store in cells:
            best = min(cpu_of(simulate(ao, players, bot, args.games, seed, store)) for _ in range(args.rounds))
            row.append(best / args.games)
        for i, v in enumerate(row):
            total[i] += v
        ratio = " / ".join("%.2fx" % (v / row[0]) for v in row[2:])
        print("| %s, %d players | %s | %s |" % (ao, players, " | ".join("%.3f" % v for v in row), ratio), flush=True)
    n = len(SETTINGS)
    print("| mean | %s | %s |" % (" | ".join("%.3f" % (v / n) for v in total),
                                   " / ".join("%.2fx" % (v / total[0]) for v in total[2:])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
