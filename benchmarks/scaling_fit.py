"""Fits of benchmarks/scaling.py's points: the growth along each axis, the cost model's weights, which
of its terms dominates, and the figure (CPU time against rolls to weigh, peak memory against
contexts). Imported by `scaling.py plot`; numpy and matplotlib (the `charts` extra).
"""

from __future__ import annotations

import math

FLOOR = 0.002       # seconds: CPU times below this are timer noise


def features(p: dict, counts: str) -> dict:
    """The cost model's terms of a point (budget.py's terms): per pair the lattice words, states x
    log2 of the workspace's MB, and its MB over 1024; per frame; per clue-sweep step. `counts`:
    'est' for the estimate's counts, 'act' for the counts the solve made."""
    from eldritch.kernel.eldersign import budget
    e = p["est"]
    terms = budget.cost_terms(e)
    if counts == "act":
        scale = {"pair": p["pairs"], "frame": p["frames"], "sweep": p["sweeps"], "context": p["contexts"],
                 "question": 1}
    else:
        scale = {"pair": e.pairs, "frame": e.frames, "sweep": e.sweeps, "context": e.contexts, "question": 1}
    return {name: factor * scale[unit] for name, (unit, factor) in terms.items()}


def attach_estimates(points: list[dict]) -> None:
    from scaling import estimate_of
    for p in points:
        p["est"] = estimate_of(p["notation"], p["terror"], p["ctx"])


def fit_weights(points: list[dict], counts: str, names: list[str]):
    """Least squares of the relative error (the points' CPU time at least FLOOR), non-negative by
    dropping a term that comes out negative and fitting again."""
    import numpy as np
    sel = [p for p in points if p["cpu_s"] >= 2 * FLOOR]
    y = np.array([p["cpu_s"] * 1e9 for p in sel])
    keep = list(names)
    while True:
        a = np.array([[features(p, counts)[n] for n in keep] for p in sel], float)
        w, *_ = np.linalg.lstsq(a / y[:, None], np.ones(len(sel)), rcond=None)
        if (w >= 0).all() or len(keep) == 1:
            return dict(zip(keep, w))
        keep.pop(int(np.argmin(w)))


def ratios(points: list[dict], counts: str, weights: dict) -> list[float]:
    """Model over measured, both at least FLOOR."""
    out = []
    for p in points:
        f = features(p, counts)
        model = sum(weights.get(n, 0) * v for n, v in f.items()) / 1e9
        out.append(max(model, FLOOR) / max(p["cpu_s"], FLOOR))
    return out


def axis_growth(points: list[dict]) -> list[str]:
    """Each axis's growth per step of its parameter (dice: one more die of the pool; focus, spells,
    clues: one more use), fitted as exp(a + b x): of the rolls weighed (exact counts, every point),
    of the CPU time (the points over FLOOR) and of the peak memory (the points over 1 MB)."""
    import numpy as np
    lines = []
    param = {"dice": lambda c: c[0] + c[1] + c[2], "focus": lambda c: c[3], "spells": lambda c: c[4],
             "clues": lambda c: c[5], "spell+clues": lambda c: c[5], "combined": lambda c: c[0]}

    def slope(pts, value):
        if len(pts) < 2:
            return float("nan")
        x = np.array([param[pts[0]["axis"]](p["ctx"]) for p in pts], float)
        return math.exp(np.polyfit(x, np.log([value(p) for p in pts]), 1)[0])
    for axis in ("dice", "focus", "spells", "clues", "spell+clues", "combined"):
        for card in sorted({p["card"] for p in points if p["axis"] == axis}):
            pts = [p for p in points if p["axis"] == axis and p["card"] == card]
            timed = [p for p in pts if p["cpu_s"] >= FLOOR]
            big = [p for p in pts if p["peak_bytes"] >= 1 << 20]
            lines.append("%-12s %-9s rolls x%.2f, time x%.2f (%d points), memory x%.2f (%d points) a step" % (
                axis, card, slope(pts, lambda p: max(p["pairs"], 1)), slope(timed, lambda p: p["cpu_s"]),
                len(timed), slope(big, lambda p: p["peak_bytes"]), len(big)))
    return lines


def dominant(points: list[dict], weights: dict) -> list[str]:
    """At the largest point of each axis and card, the share of each term of the estimate."""
    out = []
    for axis in sorted({p["axis"] for p in points}):
        for card in sorted({p["card"] for p in points if p["axis"] == axis}):
            pts = [p for p in points if p["axis"] == axis and p["card"] == card]
            top = max(pts, key=lambda p: p["cpu_s"])
            f = features(top, "est")
            parts = {n: weights.get(n, 0) * v for n, v in f.items()}
            total = sum(parts.values()) or 1
            share = sorted(parts.items(), key=lambda kv: -kv[1])
            out.append("%-12s %-9s %-22s %s" % (axis, card, top["ctx"], ", ".join(
                "%s %d%%" % (n, round(100 * v / total)) for n, v in share if v > 0.01 * total)))
    return out


def report(points: list[dict], png: str | None) -> None:
    from eldritch.kernel.eldersign import budget
    attach_estimates(points)
    names = list(budget.cost_terms(points[0]["est"]))
    for counts in ("est", "act"):
        w = fit_weights([p for p in points if p["backend"] == "c"], counts, names)
        r = ratios([p for p in points if p["backend"] == "c"], counts, w)
        print("least squares on the %s counts: %s; model/measured %.2f-%.2f" % (
            counts, ", ".join("%s %.3g" % kv for kv in w.items()), min(r), max(r)))
    for backend in sorted({p["backend"] for p in points}):
        pts = [p for p in points if p["backend"] == backend]
        r = [max(p["est"].milliseconds(backend) / 1000, FLOOR) / max(p["cpu_s"], FLOOR) for p in pts]
        m = [p["est"].bytes_for(backend) / max(p["peak_bytes"], 1) for p in pts]
        print("budget.py (%s): estimate/measured time %.2f-%.2f, memory %.2f-%.2f over %d points" % (
            backend, min(r), max(r), min(m), max(m), len(pts)))
        if backend == "c":
            wr = [budget.work_ns(p["est"], "c", (p["pairs"], p["contexts"], p["frames"],
                                                                       p["sweeps"])) / 1e9 for p in pts]
            q = [max(a, FLOOR) / max(p["cpu_s"], FLOOR) for a, p in zip(wr, pts)]
            print("budget.py (c): counted work/measured time %.2f-%.2f" % (min(q), max(q)))
    print("\ngrowth along each axis:")
    for line in axis_growth(points):
        print("  " + line)
    print("\nthe estimate's terms at the largest point of each axis (budget.py's weights):")
    w = dict(zip(names, budget.PROFILES["c"]))
    for line in dominant([p for p in points if p["backend"] == "c"], w):
        print("  " + line)
    if png:
        draw(points, png)
        print("\nfigure written to %s" % png)


def draw(points: list[dict], png: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    colours = {"dice": "tab:blue", "focus": "tab:orange", "spells": "tab:green", "clues": "tab:red",
               "spell+clues": "tab:purple", "combined": "tab:brown"}
    marks = {"curator": "o", "ordered3": "s", "four16": "^", "typed8": "D", "typed24": "*"}
    fig, (a, b) = plt.subplots(1, 2, figsize=(13, 5.2))
    for p in points:
        if p["backend"] != "c":
            continue
        kw = dict(color=colours[p["axis"]], marker=marks[p["card"]], s=26, alpha=0.8)
        a.scatter(max(p["pairs"], 1), max(p["cpu_s"], 1e-4), **kw)
        b.scatter(max(p["contexts"], 1), max(p["peak_bytes"], 1 << 16) / 2 ** 20, **kw)
        from eldritch.kernel.eldersign import budget
        e = p["est"]
        est_s = budget.cost_ps(e, budget.PROFILES["c"], (e.pairs, e.contexts, e.frames, e.sweeps)) / 1e12
        a.scatter(max(p["pairs"], 1), max(est_s, 1e-4), color=colours[p["axis"]], marker="_", s=40, alpha=0.6)
        b.scatter(max(p["contexts"], 1), p["est"].c_bytes / 2 ** 20, color=colours[p["axis"]], marker="_", s=40,
                  alpha=0.6)
    for ax, title, xl, yl in ((a, "CPU time (one core) against rolls weighed", "(context, roll) pairs",
                               "CPU seconds"),
                              (b, "peak memory against contexts stored", "contexts", "MB (rise of the peak RSS)")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(title, fontsize=10)
        ax.set_xlabel(xl)
        ax.set_ylabel(yl)
        ax.grid(True, which="major", alpha=0.3)
    from matplotlib.lines import Line2D
    handles = [Line2D([], [], color=c, marker="o", linestyle="", label=k) for k, c in colours.items()]
    handles += [Line2D([], [], color="grey", marker=m, linestyle="", label=k) for k, m in marks.items()]
    handles.append(Line2D([], [], color="grey", marker="_", linestyle="", label="budget.py's estimate"))
    b.legend(handles=handles, fontsize=7, loc="lower right", ncol=2)
    fig.suptitle("Exact solver, C core: each axis varied alone (benchmarks/scaling.py); dashes: the estimate",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(png, dpi=110)
