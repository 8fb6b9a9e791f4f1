"""Stay Away!: the determinized search bot against the heuristic bot, as The Thing and as a Human.

    .venv/bin/python benchmarks/stayaway_search.py --players 8 --role thing --games 300
    .venv/bin/python benchmarks/stayaway_search.py --players 5 --role human --games 300
    .venv/bin/python benchmarks/stayaway_search.py --summary FILE [FILE ...]   (several: also combined)

Paired games: for each seed, the same deal is played twice, every seat a heuristic bot, except that
the second time one seat is the search bot: The Thing's seat (--role thing) or the seat after The
Thing's, the first it exchanges with (--role human). The win rate of that seat in each condition is
reported with its 95% Wilson interval (host/stats.py); the search bot wins the comparison when its
interval lies wholly above the heuristic's. Each finished pair is appended to --out (one line: seed,
heuristic win, search win, seconds), so a long run can be resumed (--start) and summarised later.
"""

import argparse
import sys
import time

from eldritch.stats import wilson
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.play import play_game, make_bots
from eldritch.kernel.stayaway.game.search import SearchBot


def seat_for(state, role):
    return state.thing if role == "thing" else state.next_player(state.thing)


def one_pair(rules, seed, players, role, worlds, burn=(8, 1), margin=100, baseline=True, horizon=160,
             shared=None, thing_margin=400, mimic=True, critical=16):
    wins = []
    for variant in ((0, 1) if baseline else (1,)):
        g = rules.new_game(seed, players)
        seat = seat_for(g, role)
        bots = make_bots(["heuristic"] * players, seed, rules)
        if variant:
            bots[seat] = SearchBot(rules, seed * 64 + seat, worlds=worlds, burn=burn, margin=margin, horizon=horizon,
                                   shared=shared, thing_margin=thing_margin, mimic=mimic,
                                   critical=critical)
        s = play_game(rules, seed, players, bots, state=g)
        wins.append(s.returns()[seat])
    return wins


def summary(rows, label=""):
    n = len(rows)
    h = sum(r[1] for r in rows)
    s = sum(r[2] for r in rows)
    hl, hh = wilson(h, n)
    sl, sh = wilson(s, n)
    verdict = "search better (intervals apart)" if sl > hh else "not separated"
    return ("%s games %d: heuristic %d/%d = %.3f [%.3f, %.3f]; search %d/%d = %.3f [%.3f, %.3f]; %s"
            % (label, n, h, n, h / n if n else 0, hl, hh, s, n, s / n if n else 0, sl, sh, verdict))


def read(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                seed, h, s, secs = line.split()
                rows.append((int(seed), int(h), int(s), float(secs)))
    return rows


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--role", choices=("thing", "human"), default="thing")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--worlds", type=int, default=8)
    p.add_argument("--thing-margin", type=int, default=400,
                   help="as The Thing, the lead (thousandths of a win a world) an override needs")
    p.add_argument("--no-mimic", dest="mimic", action="store_false",
                   help="as The Thing, rollout Humans as before (random discards, burns by evidence odds) "
                        "instead of playing as the heuristic Humans")
    p.add_argument("--critical", type=int, default=16,
                   help="as The Thing, search only its critical decisions, with this many worlds "
                        "(0: every decision, with --worlds)")
    p.add_argument("--out")
    p.add_argument("--summary", nargs="+", metavar="FILE")
    args = p.parse_args(argv)
    if args.summary:
        rows = []
        for path in args.summary:
            rows += read(path)
            print(summary(read(path), path))
        if len(args.summary) > 1:       # seeds split over processes (--start): the whole run
            secs = sum(r[3] for r in rows) / len(rows) if rows else 0
            print(summary(rows, "all:") + "; %.1f s per pair" % secs)
        return 0
    rules = Rules()
    out = open(args.out, "a") if args.out else None
    if out is not None and args.start == 0:
        out.write("# players %d role %s worlds %d thing-margin %d mimic %d critical %d\n"
                  % (args.players, args.role, args.worlds, args.thing_margin, args.mimic, args.critical))
    rows = []
    for seed in range(args.start, args.start + args.games):
        t0 = time.time()
        h, s = one_pair(rules, seed, args.players, args.role, args.worlds, thing_margin=args.thing_margin,
                       mimic=args.mimic, critical=args.critical)
        rows.append((seed, h, s, time.time() - t0))
        if out is not None:
            out.write("%d %d %d %.1f\n" % rows[-1])
            out.flush()
    print(summary(rows, "players %d, %s:" % (args.players, args.role)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
