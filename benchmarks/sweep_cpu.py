"""CPU seconds per game of a simulate sweep, from its result files (each task records the CPU time
it took, `cpu_seconds`, beside its summary): the whole sweep and each setting.

    python benchmarks/sweep_cpu.py OUT [OUT ...]
"""

import json
import os
import sys


def main(folders):
    for out in folders:
        plan = json.load(open(os.path.join(out, "plan.json")))
        by, cpu, games = {}, 0.0, 0
        for t in plan["tasks"]:
            r = json.load(open(os.path.join(out, "results", t["id"] + ".json")))
            s = t["spec"]["setting"]
            key = "%s %d" % (s["options"].get("ancient_one", s["game"]), s["players"])
            c = by.setdefault(key, [0.0, 0])
            c[0] += r["cpu_seconds"]
            c[1] += r["summary"]["games"]
            cpu += r["cpu_seconds"]
            games += r["summary"]["games"]
        print("%s: %d games, %.1f CPU s, %.4f CPU s a game" % (out, games, cpu, cpu / max(games, 1)))
        for key, (c, g) in by.items():
            print("  %-16s %.3f" % (key, c / max(g, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
