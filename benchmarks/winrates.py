"""The solver bot against the heuristic bot: the win-rate table of benchmarks/README.md from sweep
folders (finished tasks only, so a sweep still running can be read).

    python benchmarks/winrates.py build/campaign/h200 build/campaign/yog build/campaign/rest ...
    python benchmarks/winrates.py --chart benchmarks/winrates.png build/campaign/h200 ...

Each folder is an `eldritch sweep simulate` output; settings are matched by Ancient One and player
count; a margin is "outside both intervals" when one bot's 95% Wilson interval lies wholly above
the other's.
"""

import json
import os
import sys

from eldritch.analysis import sweep as sw
from eldritch.analysis.simgames import Setting
from eldritch.analysis.simulate import Summary


def read(folder, seen):
    if not os.path.exists(os.path.join(folder, "plan.json")):
        return {}, [0.0, 0]
    with open(os.path.join(folder, "plan.json")) as f:
        tasks = json.load(f)["tasks"]
    store = sw.Store(folder)
    out = {}
    cpu = [0.0, 0]
    for t in tasks:
        if not store.done(t["id"]) or t["id"] in seen:      # a task in two folders counts once
            continue
        seen.add(t["id"])
        s = Setting.from_dict(t["spec"]["setting"])
        key = (s.option("ancient_one"), s.players, s.bots[0])
        res = store.get(t["id"])
        out.setdefault(key, Summary()).merge(Summary.from_dict(res["summary"]))
        if res.get("cpu_seconds") is not None:
            cpu[0] += res["cpu_seconds"]
            cpu[1] += res["summary"]["games"]
    return out, cpu


def main(folders):
    by = {}
    cpu = {}
    seen = set()
    for folder in folders:
        got, c = read(folder, seen)
        for key, summ in got.items():
            by.setdefault(key, Summary()).merge(summ)
        for (ao, p, bot) in got:
            cpu.setdefault(bot, [0.0, 0])
        if got:
            bot = next(iter(got))[2]
            cpu[bot][0] += c[0]
            cpu[bot][1] += c[1]
    bots = [b for b in ("random", "basic", "heuristic", "solver") if any(k[2] == b for k in by)]
    print("| Ancient One | players | " + " | ".join("%s: wins/games, rate [95%% CI]" % b for b in bots)
          + " | solver above heuristic, outside both intervals |")
    print("|---|---:|" + "---|" * len(bots) + "---|")
    order = ["Yog-Sothoth", "Yig", "Azathoth", "Ithaqua"]
    wins = 0
    for ao in order:
        for p in (1, 2, 4):
            cells = []
            for b in bots:
                x = by.get((ao, p, b))
                if x is None or not x.games:
                    cells.append("-")
                else:
                    lo, hi = x.interval()
                    cells.append("%d/%d, %.1f%% [%.1f, %.1f]" % (x.wins, x.games, 100 * x.win_rate(), 100 * lo, 100 * hi))
            h = by.get((ao, p, "heuristic"))
            s = by.get((ao, p, "solver"))
            sep = ""
            if h and s and h.games and s.games:
                if s.interval()[0] > h.interval()[1]:
                    sep = "**yes**"
                    wins += 1
                elif h.interval()[0] > s.interval()[1]:
                    sep = "no (heuristic better)"
                else:
                    sep = "no (intervals overlap)"
            print("| %s | %d | %s | %s |" % (ao, p, " | ".join(cells), sep))
    print()
    print("settings where the solver bot wins by a margin outside both intervals: %d" % wins)
    for bot, (c, g) in cpu.items():
        if g:
            print("%s: %.3f CPU s per game over %d games with recorded CPU time" % (bot, c / g, g))


def chart(by, path):
    """The table's win rates as a PNG (charts.win_rate_chart), heuristic and solver."""
    from eldritch.analysis import charts
    from eldritch.eldersign.sim import RUNNER
    results = []
    for (ao, p, bot), summ in sorted(by.items()):
        if bot in ("heuristic", "solver"):
            results.append((Setting("eldersign", p, (bot,) * p, (("ancient_one", ao),)), summ))
    charts.win_rate_chart(results, RUNNER, path)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--chart":
        path, folders = args[1], args[2:]
        seen = set()
        merged = {}
        for folder in folders:
            for key, summ in read(folder, seen)[0].items():
                merged.setdefault(key, Summary()).merge(summ)
        chart(merged, path)
    else:
        main(args)
