"""Stay Away!: the determinized search bot against the heuristic bot, as The Thing and as a Human.

    .venv/bin/python benchmarks/stayaway_search.py --players 8 --role thing --games 300
    .venv/bin/python benchmarks/stayaway_search.py --players 5 --role human --games 300
    .venv/bin/python benchmarks/stayaway_search.py --summary FILE [FILE ...]   (several: also combined)

Paired games: for each seed, the same deal is played twice, every seat a heuristic bot, except that
the second time one seat is the search bot: The Thing's seat (--role thing) or the seat after The
Thing's, the first it exchanges with (--role human). The win rate of that seat in each condition is
reported with its 95% Wilson interval (host/analysis/stats.py); the search bot wins the comparison when its
interval lies wholly above the heuristic's. Each finished pair is appended to --out (one line: seed,
heuristic win, search win, seconds), so a long run can be resumed (--start) and summarised later.
"""

import argparse
import sys
import time
from fractions import Fraction
from math import comb

from eldritch.analysis.stats import wilson
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.play import play_game, make_bots
from eldritch.kernel.stayaway.game.search import SearchBot
from eldritch.kernel.stayaway.game import core


def seat_for(state, role):
    return state.thing if role == "thing" else core.next_player(state, state.thing)


def one_pair(rules, seed, players, role, worlds, burn=(8, 1), margin=100, baseline=True, horizon=160,
             shared=None, thing_margin=0, mimic=True, critical=16, ablation=False, policy=False, stats=None,
             burns=False, reps=1):
    """The seat's wins: heuristic (with baseline), the search bot with its search off (with ablation),
    the search bot. `stats` (a list) gets the search bot's searched decisions and overrides."""
    wins = []
    variants = ((0,) if baseline else ()) + ((2,) if ablation else ()) + (1,)
    for variant in variants:
        g = rules.new_game(seed, players)
        seat = seat_for(g, role)
        bots = make_bots(["heuristic"] * players, seed, rules)
        if variant:
            off = variant == 2
            bots[seat] = SearchBot(rules, seed * 64 + seat, worlds=0 if off else worlds, burn=burn, margin=margin,
                                   horizon=horizon, shared=shared, thing_margin=thing_margin, mimic=mimic,
                                   critical=0 if off else critical, policy=policy, burns=burns, reps=reps)
        s = play_game(rules, seed, players, bots, state=g)
        wins.append(s.returns()[seat])
        if variant == 1 and stats is not None:
            stats += [bots[seat].searched, bots[seat].overrides]
    return wins


def sign_test(better, worse):
    """Two-sided exact sign test (McNemar's exact test) on the discordant pairs: the chance of a split
    at least this uneven if each discordant seed were a fair coin."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = float(Fraction(sum(comb(n, i) for i in range(k + 1)), 2 ** n))   # exact: 2.0 ** n overflows
    return min(1.0, 2 * tail)


def cond(wins, n):
    lo, hi = wilson(wins, n)
    return "%d/%d = %.3f [%.3f, %.3f]" % (wins, n, wins / n if n else 0, lo, hi)


def paired(rows, i, j, a, b):
    """a against b on the same seeds: discordant seeds each way and the sign test."""
    better = sum(1 for r in rows if r[i] > r[j])
    worse = sum(1 for r in rows if r[i] < r[j])
    return "%s vs %s: %d seeds for, %d against, sign test p = %.2g" % (a, b, better, worse, sign_test(better, worse))


def summary(rows, label=""):
    """rows: (seed, heuristic, search off (-1: not played), search, seconds, searched, overrides)."""
    n = len(rows)
    h = sum(r[1] for r in rows)
    s = sum(r[3] for r in rows)
    hl, hh = wilson(h, n)
    sl, sh = wilson(s, n)
    verdict = "search better (intervals apart)" if sl > hh else "not separated"
    out = "%s games %d: heuristic %s; search %s; %s" % (label, n, cond(h, n), cond(s, n), verdict)
    abl = [r for r in rows if r[2] >= 0]
    if abl and len(abl) == n:
        off = sum(r[2] for r in rows)
        ol, oh = wilson(off, n)
        out += ("\n    search off %s; %s; search off vs heuristic: %s; %s"
                % (cond(off, n), paired(rows, 3, 2, "search", "search off"),
                   "apart" if ol > hh else "not apart", paired(rows, 3, 1, "search", "heuristic")))
    st = [r for r in rows if r[5] >= 0]
    if st:
        out += "\n    searched decisions %d, overrides %d (%d games with an override)" % (
            sum(r[5] for r in st), sum(r[6] for r in st), sum(1 for r in st if r[6] > 0))
    return out


def read(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                x = line.split()
                if len(x) == 4:         # the format before the ablation column
                    rows.append((int(x[0]), int(x[1]), -1, int(x[2]), float(x[3]), -1, -1))
                else:
                    rows.append((int(x[0]), int(x[1]), int(x[2]), int(x[3]), float(x[4]), int(x[5]), int(x[6])))
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--role", choices=("thing", "human"), default="thing")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--worlds", type=int, default=8)
    p.add_argument("--thing-margin", type=int, default=0,
                   help="as The Thing, the lead (thousandths of a win a world) an override needs")
    p.add_argument("--no-mimic", dest="mimic", action="store_false",
                   help="as The Thing, rollout Humans as before (random discards, burns by evidence odds) "
                        "instead of playing as the heuristic Humans")
    p.add_argument("--critical", type=int, default=16,
                   help="as The Thing, search only its critical decisions, with this many worlds "
                        "(0: every decision, with --worlds)")
    p.add_argument("--ablation", action="store_true",
                   help="also play each seed with the search bot's search off (worlds 0, critical 0)")
    p.add_argument("--policy", action="store_true",
                   help="as The Thing, rollouts where the other seats are heuristic bots reading their views")
    p.add_argument("--burns", dest="burns", action="store_true",
                   help="as The Thing, search the play step with a Flamethrower too (the default before "
                        "2026-12-01; now only a Panic! card's target and a swap defence)")
    p.add_argument("--no-burns", dest="burns", action="store_false", help="the default (kept for old commands)")
    p.set_defaults(burns=False)
    p.add_argument("--reps", type=int, default=1, help="rollouts a world, every candidate the same")
    p.add_argument("--horizon", type=int, default=160, help="rollout length in actions before scoring")
    p.add_argument("--out")
    p.add_argument("--summary", nargs="+", metavar="FILE")
    args = p.parse_args(argv)
    if args.summary:
        rows = []
        for path in args.summary:
            rows += read(path)
            print(summary(read(path), path))
        if len(args.summary) > 1:       # seeds split over processes (--start): the whole run
            secs = sum(r[4] for r in rows) / len(rows) if rows else 0
            print(summary(rows, "all:") + "; %.1f s per pair" % secs)
        return 0
    rules = Rules()
    out = open(args.out, "a") if args.out else None
    if out is not None and args.start == 0:
        out.write("# players %d role %s worlds %d thing-margin %d mimic %d critical %d policy %d horizon %d burns %d reps %d\n"
                  "# seed heuristic search-off(-1: not played) search seconds searched overrides\n"
                  % (args.players, args.role, args.worlds, args.thing_margin, args.mimic, args.critical,
                     args.policy, args.horizon, args.burns, args.reps))
    rows = []
    for seed in range(args.start, args.start + args.games):
        t0 = time.time()
        stats = []
        w = one_pair(rules, seed, args.players, args.role, args.worlds, thing_margin=args.thing_margin,
                     mimic=args.mimic, critical=args.critical, ablation=args.ablation, policy=args.policy,
                     horizon=args.horizon, stats=stats, burns=args.burns, reps=args.reps)
        off = w[1] if args.ablation else -1
        rows.append((seed, w[0], off, w[-1], time.time() - t0, stats[0], stats[1]))
        if out is not None:
            out.write("%d %d %d %d %.1f %d %d\n" % rows[-1])
            out.flush()
    print(summary(rows, "players %d, %s:" % (args.players, args.role)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
