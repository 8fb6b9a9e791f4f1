"""Each game's strongest bot in one table (benchmarks/README.md, "The strongest bot of every game"),
from `eldritch sweep simulate` folders (finished tasks only, so a sweep still running can be read).

    .venv/bin/python benchmarks/strongest.py build/strongest/arkham build/strongest/stayaway ...

One row per setting: the game's row label (runner.group: the board, the story, the Ancient One),
the player count, the bots, games, wins with the 95% Wilson interval, what the win counts (the
investigators' side, The Thing's side...) and the CPU seconds per game (the tasks' own cpu_seconds,
summed over the setting's games: CPU time, so it does not depend on the load of a shared machine).
Mansions rows add the keeper's wins and the games nobody won; Stay Away! rows the Humans' wins.
"""

from __future__ import annotations

import json
import os
import sys

from eldritch.analysis import sweep as sw
from eldritch.analysis.simgames import Setting, runner
from eldritch.analysis.simulate import Summary

# whose win a game's win rate counts: the investigators', but where a game says otherwise
WHAT = {"stayaway": "The Thing's side"}


def read(folder, by, cpu, seen):
    plan = os.path.join(folder, "plan.json")
    if not os.path.exists(plan):
        return
    with open(plan) as f:
        tasks = json.load(f)["tasks"]
    store = sw.Store(folder)
    for t in tasks:
        if not store.done(t["id"]) or t["id"] in seen:
            continue
        seen.add(t["id"])
        s = Setting.from_dict(t["spec"]["setting"])
        res = store.get(t["id"])
        by.setdefault(s, Summary()).merge(Summary.from_dict(res["summary"]))
        c = cpu.setdefault(s, [0.0, 0])
        if res.get("cpu_seconds") is not None:
            c[0] += res["cpu_seconds"]
            c[1] += res["summary"]["games"]


def rows(by, cpu):
    out = []
    for s in sorted(by, key=lambda s: (s.game, str(runner(s.game).group(s)[0]), s.players, s.bots)):
        m = by[s]
        lo, hi = m.interval()
        label = runner(s.game).group(s)[0]
        bots = s.bots[0] if len(set(s.bots)) == 1 else ",".join(s.bots)
        extra = ""
        if s.game == "mansions":
            extra = "keeper %d, nobody %d" % (m.metrics["keeper_wins"][0], m.metrics["nobody_wins"][0])
        elif s.game == "stayaway":
            extra = "Humans %d" % m.metrics["human_wins"][0]
        c = cpu.get(s, [0.0, 0])
        per = "%.2f" % (c[0] / c[1]) if c[1] else "-"
        out.append("| %s | %s | %d | %s | %d/%d = %.1f%% [%.1f, %.1f] | %s | %s | %s |" % (
            s.game, label, s.players, bots, m.wins, m.games, 100 * m.win_rate(), 100 * lo, 100 * hi,
            WHAT.get(s.game, "investigators"), extra, per))
    return out


def main(folders) -> int:
    by: dict = {}
    cpu: dict = {}
    seen: set = set()
    for folder in folders:
        read(folder, by, cpu, seen)
    print("| game | board, story or Ancient One | players | bots | wins/games, rate [95% CI] | a win is | "
          "also | CPU s/game |")
    print("|---|---|---:|---|---|---|---|---:|")
    for line in rows(by, cpu):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
