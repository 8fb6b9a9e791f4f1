"""`eldritch simulate`: N seeded games of a setting (or a grid of settings) played by bots.

    eldritch simulate --games 200 --ancient-one all --players 1,2,4 --bots solver --chart win.png

For each setting: the win rate with its 95% Wilson interval (stats.py); the mean (and range) of game
length in turns, devourings, elder signs and doom at the end; the adventures most often attempted
and their success rates. Text by default, `--json` (one object) or `--csv` (one row per setting);
a progress bar with games per second and ETA on a terminal's stderr. Games are seeded S, S+1, ...
(`--seed S`), so any game replays. The game is chosen with `--game`: every game of the registry
(host/games.py) whose entry names a runner; Elder Sign is the default.

`Summary` is what a run adds up: integers only (wins, sums, sums of squares, minima and maxima,
tallies), so summaries of parts merge into exactly the summary of the whole (the sweep relies on it).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import os
import sys
import time

from eldritch.cliargs import MAX_GAMES, SEED, whole
from eldritch.kernel import prng
from eldritch.analysis.simgames import GAMES, Setting, grid, option_text, runner as game_runner
from eldritch.analysis.stats import wilson
from eldritch.saves.atomic import shown

TOP_TALLIES = 10

EXAMPLES = """examples:
  eldritch simulate --games 100                                  Yog-Sothoth, 1 player, heuristic bot
  eldritch simulate --games 200 --ancient-one all --players 1,2,4 --bots solver --chart win.png
  eldritch simulate --games 50 --players 2 --bots solver,random --json
  eldritch simulate --games 100 --bots 'heuristic|solver' --csv     compare two bots
  eldritch simulate --game arkham --games 20 --players 1,2,4 --chart arkham.png
  eldritch simulate --game arkham --games 10 --players 2 --bots 'heuristic|random' --arkham-rounds 0 --csv
  eldritch simulate --game mansions --games 100 --players 2,3,5 --chart mansions.png
                                            Mansions: seat 0 the keeper; a win is the investigators'
  eldritch simulate --game mansions --games 50 --players 3 --mansions-options evade=leaving --bots heuristic,random
  eldritch simulate --game arkham --players 2 --bots search --games 100 --seed 1 --json
                                            every game's strongest bot is 'search' (Elder Sign's: the solver)
  eldritch simulate --game mansions --players 3 --bots search,heuristic --games 20
                                            the search keeper against heuristic investigators
bots (--bots: one name for every seat, a comma list seat by seat, '|' between settings to compare):
"""


class Summary:
    """The integer tallies of a set of games of one setting; `add` a game record, `merge` another."""

    def __init__(self, metrics=()):
        self.games = 0
        self.wins = 0
        self.metrics = {m: [0, 0, None, None] for m in metrics}     # sum, sum of squares, min, max
        self.tallies: dict = {}

    def add(self, record: dict) -> None:
        self.games += 1
        self.wins += int(record["win"])
        for name, v in record["metrics"].items():
            m = self.metrics.setdefault(name, [0, 0, None, None])
            m[0] += v
            m[1] += v * v
            m[2] = v if m[2] is None or v < m[2] else m[2]
            m[3] = v if m[3] is None or v > m[3] else m[3]
        for name, (tries, wins) in record["tallies"].items():
            t = self.tallies.setdefault(name, [0, 0])
            t[0] += tries
            t[1] += wins

    def merge(self, other: "Summary") -> "Summary":
        self.games += other.games
        self.wins += other.wins
        for name, (s, q, lo, hi) in other.metrics.items():
            m = self.metrics.setdefault(name, [0, 0, None, None])
            m[0] += s
            m[1] += q
            if lo is not None:
                m[2] = lo if m[2] is None or lo < m[2] else m[2]
                m[3] = hi if m[3] is None or hi > m[3] else m[3]
        for name, (tries, wins) in other.tallies.items():
            t = self.tallies.setdefault(name, [0, 0])
            t[0] += tries
            t[1] += wins
        return self

    def to_dict(self) -> dict:
        return {"games": self.games, "wins": self.wins, "metrics": {k: list(v) for k, v in self.metrics.items()},
                "tallies": {k: list(v) for k, v in sorted(self.tallies.items())}}

    @staticmethod
    def from_dict(d: dict) -> "Summary":
        s = Summary()
        s.games = d["games"]
        s.wins = d["wins"]
        s.metrics = {k: list(v) for k, v in d["metrics"].items()}
        s.tallies = {k: list(v) for k, v in d["tallies"].items()}
        return s

    def __eq__(self, other):
        return isinstance(other, Summary) and self.to_dict() == other.to_dict()

    # ----- the report -------------------------------------------------------------------------

    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def mean(self, name: str) -> float:
        return self.metrics[name][0] / self.games if self.games else 0.0

    def sd(self, name: str) -> float:
        if self.games < 2:
            return 0.0
        s, q = self.metrics[name][0], self.metrics[name][1]
        var = (q - s * s / self.games) / (self.games - 1)
        return math.sqrt(max(var, 0.0))

    def top(self, n: int = TOP_TALLIES) -> list[tuple[str, int, int]]:
        """The n most attempted (name, attempts, successes), most attempted first, then by name."""
        items = sorted(self.tallies.items(), key=lambda kv: (-kv[1][0], kv[0]))
        return [(k, v[0], v[1]) for k, v in items[:n]]

    def report(self, metric_names=None) -> dict:
        lo, hi = self.interval()
        names = metric_names or list(self.metrics)
        return {"games": self.games, "wins": self.wins, "win_rate": self.win_rate(), "ci95": [lo, hi],
                "metrics": {m: {"mean": self.mean(m), "sd": self.sd(m), "min": self.metrics[m][2],
                                "max": self.metrics[m][3]} for m in names if m in self.metrics},
                "top": [{"name": k, "attempts": a, "successes": w, "success_rate": w / a if a else 0.0}
                        for k, a, w in self.top()]}


def game_seed(base: int, i: int) -> int:
    """The seed of game i of a run seeded `base`."""
    return (base + i) & prng.SEED_MAX


def run_setting(setting: Setting, seed: int, games: int, first: int = 0, backend=None, ctx=None,
                progress=None, store=None) -> Summary:
    """Games first..first+games-1 of `setting` (seeds game_seed(seed, i)), added up. `store`: a
    store of solved tables for the runner's context (Elder Sign's solver bot), when none is given;
    what the games solved is published to the context's store at the end (its `flush`)."""
    r = game_runner(setting.game)
    if ctx is None:
        # a runner whose bots read a store says so (uses_store); the others never see one
        ctx = r.prepare(setting, backend, store=store) if store is not None and getattr(r, "uses_store", False) \
            else r.prepare(setting, backend)
    summary = Summary(r.metrics)
    for i in range(first, first + games):
        summary.add(r.play(setting, game_seed(seed, i), ctx))
        if progress is not None:
            progress(1)
    flush = getattr(ctx, "flush", None)
    if flush is not None:
        flush()
    return summary


def open_store(path: str | None, size: int | None = None):
    """The store of solved tables at path (None: no store); made when missing."""
    if not path:
        return None
    from eldritch.eldersign.tablestore import TableStore, DEFAULT_BYTES
    os.makedirs(path, exist_ok=True)
    return TableStore(path, size or DEFAULT_BYTES)


class Progress:
    """A one-line progress bar on a terminal's stderr: games done, games per second, ETA."""

    def __init__(self, total: int, stream=None, label: str = "games"):
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.on = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()
        self.label = label
        self.last = 0.0

    def __call__(self, n: int = 1) -> None:
        self.done += n
        if not self.on:
            return
        now = time.monotonic()
        if now - self.last < 0.2 and self.done < self.total:
            return
        self.last = now
        self.stream.write("\r" + self.line(now) + "\x1b[K")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()

    def line(self, now: float | None = None) -> str:
        now = time.monotonic() if now is None else now
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else float("inf")
        width = 30
        filled = width * self.done // max(self.total, 1)
        eta_text = "--:--" if eta == float("inf") else "%d:%02d" % (eta // 60, eta % 60)
        return "[%s%s] %d/%d %s, %.1f %s/s, ETA %s" % ("#" * filled, "." * (width - filled), self.done,
                                                        self.total, self.label, rate, self.label, eta_text)


# ----- the command --------------------------------------------------------------------------------

def _counts(text: str) -> list[int]:
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError("expected numbers separated by commas, not %r" % text)
    # 12 is the most players any game seats; each game's runner refuses counts outside its own range
    if not out or any(n < 1 or n > 12 for n in out):
        raise argparse.ArgumentTypeError("player counts must be 1 to 12")
    return out


def _positive(text: str) -> int:
    return _COUNT(text)


_COUNT = whole(1, MAX_GAMES, "the number")


def _size(text: str) -> int:
    from eldritch.backend.limits import parse_size
    from eldritch.kernel.errors import KernelError
    try:
        return parse_size(text)
    except KernelError as exc:
        raise argparse.ArgumentTypeError(exc.detail)


def add_grid_arguments(p) -> None:
    """The options that say what to simulate (simulate and sweep share them)."""
    p.add_argument("--game", default="eldersign", choices=sorted(GAMES), help="the game (default eldersign)")
    p.add_argument("--players", type=_counts, default=[1], metavar="N,...", help="player counts (default 1)")
    p.add_argument("--bots", default="", metavar="BOTS",
                   help="the bot of every seat, or seat by seat 'a,b', or settings to compare 'a|b'")
    p.add_argument("--seed", type=SEED, default=1, help="seed of the first game (default 1)")
    p.add_argument("--store", metavar="DIR",
                   help="Elder Sign's solver bot: a folder of solved value tables, read and grown (results "
                        "are the same with or without; simulate: none unless given; sweep: OUT/solved, "
                        "'none' for none)")
    p.add_argument("--store-size", type=_size, default=None, metavar="SIZE",
                   help="the store's size limit (default 2G): past it the least recently used cards go")
    for name in sorted(GAMES):
        game_runner(name).add_arguments(p)


def add_parser(sub) -> argparse.ArgumentParser:
    r = game_runner("eldersign")
    epilog = EXAMPLES + "".join("  %-10s %s\n" % (k, v) for k, v in r.bots.items())
    p = sub.add_parser("simulate", help="play N seeded games with bots: win rate, length, adventures",
                       description="Play seeded games with bots and report the win rate with its 95%% "
                                   "Wilson interval, game length, devourings, elder signs, doom and the "
                                   "adventures most attempted.",
                       epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", "-n", type=_positive, default=100, help="games per setting (default 100)")
    add_grid_arguments(p)
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print one JSON object")
    out.add_argument("--csv", action="store_true", help="print CSV, one row per setting")
    p.add_argument("--chart", metavar="FILE.png", help="draw win rate by Ancient One and player count (matplotlib)")
    return p


def run(args, backend) -> int:
    r = game_runner(args.game)
    settings = grid(r, args)
    if args.chart is not None:
        from eldritch.analysis import charts
        from eldritch.analysis.outputs import check_writable
        charts.require()
        check_writable(args.chart, "--chart")           # before the games, not after them
    progress = Progress(args.games * len(settings))
    store = open_store(args.store if args.store != "none" else None, args.store_size)
    results = []
    for setting in settings:
        results.append((setting, run_setting(setting, args.seed, args.games, backend=backend, progress=progress,
                                             store=store)))
    print(render(results, r, args.seed, "json" if args.json else "csv" if args.csv else "text"))
    if args.chart is not None:
        from eldritch.analysis import charts
        charts.win_rate_chart(results, r, args.chart)
        print("chart written to %s" % shown(args.chart), file=sys.stderr)
    return 0


def render(results, r, seed: int, fmt: str) -> str:
    """The report of [(Setting, Summary)] as text, json or csv."""
    if fmt == "json":
        return json.dumps({"game": r.name, "seed": seed,
                           "settings": [dict(s.as_dict(), **m.report(r.metrics)) for s, m in results]})
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        head = ["game", "players", "bots", "options", "games", "wins", "win_rate", "ci95_low", "ci95_high"]
        for m in r.metrics:
            head += [m + "_mean", m + "_sd", m + "_min", m + "_max"]
        head += ["top_%s" % r.tally_label, "top_attempts", "top_success_rate"]
        w.writerow(head)
        for s, m in results:
            rep = m.report(r.metrics)
            row = [s.game, s.players, " ".join(s.bots),
                   ";".join("%s=%s" % (k, option_text(v)) for k, v in s.options),
                   rep["games"], rep["wins"], "%.4f" % rep["win_rate"], "%.4f" % rep["ci95"][0], "%.4f" % rep["ci95"][1]]
            for name in r.metrics:
                x = rep["metrics"].get(name, {"mean": 0, "sd": 0, "min": "", "max": ""})
                row += ["%.3f" % x["mean"], "%.3f" % x["sd"], x["min"], x["max"]]
            top = rep["top"][0] if rep["top"] else {"name": "", "attempts": 0, "success_rate": 0.0}
            row += [top["name"], top["attempts"], "%.4f" % top["success_rate"]]
            w.writerow(row)
        return buf.getvalue().rstrip("\n")
    lines = []
    for s, m in results:
        rep = m.report(r.metrics)
        lo, hi = rep["ci95"]
        lines.append("%s: %d games (seeds %d..%d)" % (s.label(), rep["games"], seed, seed + rep["games"] - 1))
        lines.append("  win rate %.1f%% (95%% CI %.1f-%.1f%%), %d wins" % (100 * rep["win_rate"], 100 * lo, 100 * hi,
                                                                          rep["wins"]))
        for name, x in rep["metrics"].items():
            lines.append("  %-12s mean %7.2f  sd %6.2f  range %s-%s" % (name, x["mean"], x["sd"], x["min"], x["max"]))
        if rep["top"]:
            lines.append("  most attempted %ss (attempts, success rate):" % r.tally_label)
            for t in rep["top"]:
                lines.append("    %-40s %5d  %5.1f%%" % (t["name"][:40], t["attempts"], 100 * t["success_rate"]))
    return "\n".join(lines)
