"""CPU seconds per whole game, by bot and backend (the "Games per second, one core" table of
benchmarks/README.md). CPU time (time.process_time), not wall time: it does not depend on the load of
a shared machine.

    python benchmarks/bot_cpu.py portable 10     # random, basic, heuristic: 10 games a setting, 12 settings
    python benchmarks/bot_cpu.py cold 4          # the solver bot, a fresh cache: 4 games of Yig at 1 player, C
    python benchmarks/bot_cpu.py fallback 2      # the same, the pure-Python fallback (and C on the same games)

The solver bot's warm figure (caches shared by the games of a worker) is the campaign's own: the
cpu_seconds every sweep task records, summed by benchmarks/winrates.py.
"""

import sys
import time
import types

from eldritch.analysis import simulate as sim
from eldritch.backend import get_backend
from eldritch.eldersign.sim import RUNNER

AOS = ("Yog-Sothoth", "Yig", "Azathoth", "Ithaqua")


def setting(bots, ao, players):
    args = types.SimpleNamespace(ancient_one=ao, sets="", investigators="", weights="", players=[players], bots=bots)
    return RUNNER.settings(args)[0]


def cpu_of(s, games, backend=None):
    """CPU seconds and steps of games 1..games of setting s with a fresh context (cold caches)."""
    ctx = RUNNER.prepare(s, backend)
    t = time.process_time()
    summary = sim.run_setting(s, 1, games, ctx=ctx)
    return time.process_time() - t, summary


def main(what, games):
    if what == "portable":
        for bot in ("random", "basic", "heuristic"):
            cpu = 0.0
            n = 0
            for ao in AOS:
                for p in (1, 2, 4):
                    c, summ = cpu_of(setting(bot, ao, p), games)
                    cpu += c
                    n += summ.games
            print("%-10s %d games  %.4f CPU s a game  %.1f games per CPU s" % (bot, n, cpu / n, n / cpu))
    else:
        backends = ["c"] if what == "cold" else ["c", "python"]
        for b in backends:
            s = setting("solver", "Yig", 1)
            c, summ = cpu_of(s, games, get_backend(b))
            print("solver %-6s cold, %d games of Yig at 1 player: %.3f CPU s a game (%d steps in all)"
                  % (b, games, c / games, summ.mean("steps") * games))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
