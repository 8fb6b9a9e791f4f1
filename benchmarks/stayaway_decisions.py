"""Stay Away!: how good are the search Thing's choices at the decisions it searches? A tuning tool.

    .venv/bin/python benchmarks/stayaway_decisions.py --games 100 --start 5000 --reps 16 --out build/dec.txt
    .venv/bin/python benchmarks/stayaway_decisions.py --summary build/dec.txt

Plays 8-player games with heuristic bots and The Thing's rules alone (SearchBot with its search off).
At every decision the search would search (critical_candidates gives more than one move), the
REFEREE (this script, never a bot) values each candidate from the true state: it plays the game on
--reps times after the candidate, the pile reshuffled (its order is hidden from everyone) and every
bot's generator reseeded, the same reshuffles and seeds for every candidate, the real bots (their
beliefs as they are) deep-copied. Then each search configuration chooses from the Thing's view alone,
and the line records every candidate's value and each configuration's scores, so any override
margin can be judged afterwards: the mean true gain of the search's choice over the rules' move.
The game goes on with the rules' move.
"""

import argparse
import copy
import sys
import time
from array import array

from eldritch.kernel import prng
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.play import make_bots
from eldritch.kernel.stayaway.game.search import SearchBot, SEARCHED
from eldritch.kernel.stayaway.game.bots import kind_of, arg_of
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core

CONFIGS = {           # name: SearchBot attributes
    "mimic16": dict(critical=16, policy=False),
    "mimic64": dict(critical=64, policy=False),
    "policy8": dict(critical=8, policy=True, horizon=400),
    "policy16": dict(critical=16, policy=True, horizon=400),
    "mimic32": dict(critical=32, policy=False),
    "mimic16r4": dict(critical=16, policy=False, reps=4),      # 4 rollouts a world
    "mimic64r4": dict(critical=64, policy=False, reps=4),
}
PHASES = {D.PH_PLAY: "play step (Flamethrower)", D.PH_TARGET: "Panic! target", D.PH_DEFEND_SWAP: "swap defence",
          D.PH_OFFER: "offer", D.PH_ANSWER: "answer", D.PH_ROUND: "Round and round"}


def play_out(rules, s, bots, buf):
    while not s.is_terminal():
        p = s.current_player()
        m = s.legal_actions(buf)
        a = buf[0] if m == 1 else bots[p].choose(s.view(p), [buf[i] for i in range(m)])
        s.apply_listed(a)
    return s


def value(rules, s, bots, cand, thing, reps, seed, buf):
    wins = 0
    for r in range(reps):
        w = s.clone()
        prng.seed(w.prng, (seed * 7919 + r * 104729) & 0x3FFFFFFF)
        core.shuffle(w, w.pile, w.pile_n)
        w.version += 1
        bs = copy.deepcopy(bots, {id(rules): rules})
        for q, b in enumerate(bs):
            prng.seed(b.rng, (seed * 31 + r * 977 + q) & 0x3FFFFFFF)
        w.apply_listed(cand)
        play_out(rules, w, bs, buf)
        wins += w.returns_[thing]
    return wins


def searched_candidates(me, view, legal, rng_seed, wide):
    """The candidates SearchBot.choose would search here ([] when it would not search)."""
    probe = copy.deepcopy(me, {id(me.rules): me.rules})
    probe.wide = wide
    probe.search_rng = prng.new_state(rng_seed)
    v, b = probe.observe(view)
    first = probe.thing_first(v, legal, probe.decide(v, b, legal))
    if v.phase not in SEARCHED:
        return first, []
    if arg_of(first) == D.INFECTED and kind_of(first) in (D.A_OFFER, D.A_ANSWER, D.A_PASS):
        return first, []
    return first, probe.critical_candidates(v, legal, first)


def one_game(rules, seed, players, reps, out, wide=False, configs=None):
    s = rules.new_game(seed, players)
    thing = s.thing
    bots = make_bots(["heuristic"] * players, seed, rules)
    me = SearchBot(rules, seed * 64 + thing, worlds=0, critical=0, burns=True)   # value both kinds
    bots[thing] = me
    buf = array("i", [0] * rules.max_actions)
    k = 0
    t = 0
    while not s.is_terminal():
        p = s.current_player()
        m = s.legal_actions(buf)
        legal = [buf[i] for i in range(m)]
        if p == thing and m > 1:
            view = s.view(p)
            t += 1
            first, cands = searched_candidates(me, view, legal, seed * 64 + t, wide)
            if len(cands) > 1:
                vals = [value(rules, s, bots, c, thing, reps, seed * 100 + k, array("i", buf)) for c in cands]
                parts = []
                for name in configs:
                    attrs = CONFIGS[name]
                    bot = copy.deepcopy(me, {id(rules): rules})
                    bot.worlds = 8
                    bot.thing_margin = 0
                    bot.search_rng = prng.new_state(seed * 64 + t)
                    for a, x in attrs.items():
                        setattr(bot, a, x)
                    bot.wide = wide
                    bot.last = None
                    bot.choose(view, legal)
                    c2, sc, worlds = bot.last
                    assert c2 == cands, (c2, cands)
                    parts.append("%s:%d:%s" % (name, worlds, ",".join(str(x) for x in sc)))
                out.write("%d %d %d %s %s %s\n" % (seed, k, s.phase, ",".join(str(c) for c in cands),
                                                   ",".join(str(x) for x in vals), " ".join(parts)))
                out.flush()
                k += 1
        a = legal[0] if m == 1 else bots[p].choose(s.view(p), legal)
        s.apply(a)


def summary(paths, reps):
    rows = []
    for path in paths:
        with open(path) as f:
            for line in f:
                x = line.split()
                vals = [int(v) for v in x[4].split(",")]
                confs = {}
                for part in x[5:]:
                    name, worlds, sc = part.split(":")
                    confs[name] = (int(worlds), [int(v) for v in sc.split(",")])
                rows.append((int(x[0]), int(x[2]), vals, confs))
    n = len(rows)
    head = sum(max(r[2]) - r[2][0] for r in rows) / reps
    print("%d decisions in %d games; best candidate (referee) over the rules' move: %.2f wins in total "
          "(%.3f a decision); decisions where some candidate is better: %d"
          % (n, len(set(r[0] for r in rows)), head, head / n if n else 0, sum(1 for r in rows if max(r[2]) > r[2][0])))
    for ph in sorted(set(r[1] for r in rows)):
        part = [r for r in rows if r[1] == ph]
        ub = sum(max(r[2]) - r[2][0] for r in part) / reps
        line = "  %s: %d decisions, best candidate %+.2f;" % (PHASES.get(ph, ph), len(part), ub)
        for name in CONFIGS:
            if name not in rows[0][3]:
                continue
            gain = over = 0
            for seed, _, vals, confs in part:
                worlds, sc = confs[name]
                best = max(range(len(sc)), key=lambda i: (sc[i], -i))
                if sc[best] > sc[0]:
                    over += 1
                    gain += vals[best] - vals[0]
            line += " %s %d overrides %+.2f;" % (name, over, gain / reps)
        print(line + " (margin 0)")
    for name in CONFIGS:
        if name not in rows[0][3]:
            continue
        for margin in (0, 50, 100, 200, 400):
            gain = 0
            over = 0
            good = bad = 0
            for seed, ph, vals, confs in rows:
                worlds, sc = confs[name]
                best = max(range(len(sc)), key=lambda i: (sc[i], -i))
                if sc[best] - sc[0] > margin * worlds:
                    over += 1
                    d = vals[best] - vals[0]
                    gain += d
                    good += d > 0
                    bad += d < 0
            print("  %-9s margin %3d: overrides %3d (better %d, worse %d), true gain %+.2f wins"
                  % (name, margin, over, good, bad, gain / reps))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=8)
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--start", type=int, default=5000)
    p.add_argument("--reps", type=int, default=16)
    p.add_argument("--wide", action="store_true", help="search every play step and the cards it passes")
    p.add_argument("--configs", default="mimic16,mimic64,policy8,policy16")
    p.add_argument("--out")
    p.add_argument("--summary", nargs="+")
    args = p.parse_args(argv)
    if args.summary:
        summary(args.summary, args.reps)
        return 0
    rules = Rules()
    with open(args.out, "a") as out:
        for seed in range(args.start, args.start + args.games):
            t0 = time.time()
            one_game(rules, seed, args.players, args.reps, out, args.wide, args.configs.split(","))
            print("seed %d %.1f s" % (seed, time.time() - t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
