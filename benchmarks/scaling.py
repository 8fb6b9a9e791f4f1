"""Scaling laws of the exact solver: CPU time and peak memory against a question's size, and the
limits' estimate (kernel/eldersign/budget.py) checked against them.

    python benchmarks/scaling.py measure --out benchmarks/scaling.csv          # C core, every point
    python benchmarks/scaling.py measure --backend python --out build/sp.csv   # the fallback's points
    python benchmarks/scaling.py plot benchmarks/scaling.csv --png benchmarks/scaling.png

`measure` asks every question of GRID in a fresh process (`point`: the interpreter and imports
first, then the solve alone is timed with time.process_time and its memory read as the rise of
the process's peak resident set over its resident set just before; the core's own work counters
with it), one at a time, and writes one CSV row per question: the card, its terror effect, the
context, the backend, what was measured, and the work counted. A question the current estimate
puts over --max-est seconds is left out. `plot` fits each axis of the grid (dice, focus, spells,
clues) and the cost model, prints which term dominates, and draws CPU time and peak memory against
the question's size (rolls to weigh and contexts) into a PNG. The grid: every card at the dice from
4G to 8G+Y+R (focus 1), focus 0-4 (8G+Y+R), spells 0-4 (7G+Y, focus 1), clues 0-4 (8G+Y+R, focus 1;
and 7G+Y+R with focus 1 and a spell), and the combined question (both extra dice, focus 2, spells 4;
axis "combined") at 3-8 green dice on the two typed cards.

tests/test_budget_scaling.py reads the CSV and fails if the estimate is more than 2x off any point's
CPU time or below its peak memory; it also re-counts the work of the small points, so a change to
the solver that changes the work makes the test ask for the CSV to be measured again.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# The cards of the grid: (label, notation, terror code). A plain library card (The Curator), an
# ordered three-task card, a card of four unordered tasks (16 states), an unordered typed card,
# and an ordered six-task typed card (954 minimal face sets), the slowest of the combined questions.
CARDS = [
    ("curator", "L L L | L I3", 0),
    ("ordered3", "I3 > P P > L L", 0),
    ("four16", "I4 | L L | P T | T/L I2", 0),
    ("typed8", "T/L L/P | I5 L/P/T | P T/P L", 0),
    ("typed24", "L/P/T I3 L/P > I12 L/P T/L L > I9 T/L I10 I5 T/P > L/P L/P I14 > I6 L/P/T I9 > T/P", 1),
]

DICE = [(4, 0, 0), (5, 0, 0), (6, 0, 0), (7, 0, 0), (8, 0, 0), (8, 1, 0), (8, 1, 1)]


def grid():
    """(axis, card label, (green, yellow, red, focus, spells, clues)) of every question: the dice
    from 4G to 8G+Y+R at focus 1; focus 0-4 at 8G+Y+R; spells 0-4 at 7G+Y with focus 1; clues 0-4
    at 8G+Y+R with focus 1, and with a spell at 7G+Y+R; and the combined question (both extra
    dice, focus 2, spells 4) from 3 to 8 green dice on the typed cards."""
    out = []
    for label, _, _ in CARDS:
        for g, y, r in DICE:
            out.append(("dice", label, (g, y, r, 1, 0, 0)))
        for f in range(5):
            out.append(("focus", label, (8, 1, 1, f, 0, 0)))
        for s in range(5):
            out.append(("spells", label, (7, 1, 0, 1, s, 0)))
        for c in range(5):
            out.append(("clues", label, (8, 1, 1, 1, 0, c)))
        for c in range(5):
            out.append(("spell+clues", label, (7, 1, 1, 1, 1, c)))
    for g in range(3, 9):
        out.append(("combined", "typed24", (g, 1, 1, 2, 4, 0)))
        out.append(("combined", "typed8", (g, 1, 1, 2, 4, 0)))
    return out


FIELDS = ["axis", "card", "terror", "green", "yellow", "red", "focus", "spells", "clues", "backend",
          "cpu_s", "peak_bytes", "pairs", "contexts", "frames", "sweeps", "workspace_bytes"]


def _rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def run_point(spec: dict) -> dict:
    """Solve one question in this process (a fresh one: see module docstring)."""
    import resource
    from eldritch.backend import get_backend
    from eldritch.kernel.eldersign.notation import parse_card
    backend = get_backend(spec["backend"], notice=False)
    solver = backend.make_solver(parse_card(spec["notation"]), spec["terror"])
    g, y, r, f, s, c = spec["ctx"]
    ctx = (g, y, r, (), f, s, c)
    before = _rss_bytes()
    t = time.process_time()
    solver.reserve(ctx)
    solver.values(ctx)
    cpu = time.process_time() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    if hasattr(solver, "work"):
        pairs, contexts, frames, sweeps = solver.work()
    else:
        pairs, contexts, frames, sweeps = solver.pairs, solver.contexts, 0, 0
    return {"cpu_s": round(cpu, 4), "peak_bytes": max(peak, 0), "pairs": pairs, "contexts": contexts,
            "frames": frames, "sweeps": sweeps, "workspace_bytes": getattr(solver, "workspace_bytes", 0)}


_SHAPES: dict = {}


def estimate_of(notation: str, terror: int, ctx: tuple):
    """The budget module's Estimate of a question (a solver's set-up gives the card's Shape: the C
    core's when built, the kernel's otherwise; both give the same)."""
    from eldritch.backend import get_backend
    from eldritch.kernel.eldersign import budget
    from eldritch.kernel.eldersign.notation import parse_card
    g, y, r, f, s, c = ctx
    shape = _SHAPES.get((notation, terror))
    if shape is None:
        shape = _SHAPES[(notation, terror)] = budget.shape_of(
            get_backend(notice=False).make_solver(parse_card(notation), terror))
    return budget.estimate(shape, budget.limits_of(g, y, r, 0, f, s, c), 1, ())


def measure(out: str, backend: str, max_est: float, only: str | None, timeout: int) -> None:
    cards = {label: (text, terror) for label, text, terror in CARDS}
    rows = []
    for axis, label, ctx in grid():
        if only and only not in (axis, label):
            continue
        text, terror = cards[label]
        est = estimate_of(text, terror, ctx)
        if est.milliseconds(backend) > max_est * 1000 or (backend == "c" and est.c_bytes == 0):
            print("skip %-8s %-8s %s: estimated %.1f s" % (axis, label, ctx, est.milliseconds(backend) / 1000),
                  flush=True)
            continue
        spec = {"notation": text, "terror": terror, "ctx": list(ctx), "backend": backend}
        try:
            done = subprocess.run([sys.executable, __file__, "point", json.dumps(spec)], capture_output=True,
                                  text=True, timeout=timeout, check=True)
        except subprocess.TimeoutExpired:
            print("timeout %s %s %s" % (axis, label, ctx), flush=True)
            continue
        got = json.loads(done.stdout)
        row = dict(zip(FIELDS, [axis, label, terror] + list(ctx) + [backend]))
        row.update(got)
        rows.append(row)
        print("%-8s %-8s %-22s cpu %7.3f s  est %7.3f s  peak %6.1f MB  est %6.1f MB" % (
            axis, label, ctx, got["cpu_s"], est.milliseconds(backend) / 1000, got["peak_bytes"] / 2 ** 20,
            est.bytes_for(backend) / 2 ** 20), flush=True)
    with open(out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print("%d points written to %s" % (len(rows), out))


def read_points(path: str) -> list[dict]:
    cards = {label: text for label, text, _ in CARDS}
    out = []
    with open(path) as f:
        for row in csv.DictReader(f):
            p = {k: (v if k in ("axis", "card", "backend") else float(v) if k == "cpu_s" else int(v))
                 for k, v in row.items()}
            p["notation"] = cards[p["card"]]
            p["ctx"] = (p["green"], p["yellow"], p["red"], p["focus"], p["spells"], p["clues"])
            out.append(p)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--out", required=True)
    m.add_argument("--backend", default="c", choices=("c", "python"))
    m.add_argument("--max-est", type=float, default=40.0, help="leave out questions estimated over this (s)")
    m.add_argument("--only", help="one axis or card label")
    m.add_argument("--timeout", type=int, default=300)
    pt = sub.add_parser("point")
    pt.add_argument("spec")
    pl = sub.add_parser("plot")
    pl.add_argument("csv")
    pl.add_argument("--png")
    args = p.parse_args(argv)
    if args.cmd == "point":
        print(json.dumps(run_point(json.loads(args.spec))))
    elif args.cmd == "measure":
        measure(args.out, args.backend, args.max_est, args.only, args.timeout)
    else:
        from scaling_fit import report
        report(read_points(args.csv), args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
