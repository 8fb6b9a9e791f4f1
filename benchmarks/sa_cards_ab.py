"""Stay Away!: do the heuristic bot's card uses (bots.py `cards`) help the side that uses them? Paired games:
each seed is played with every seat a heuristic bot without them, then with them for one role (every
seat, as that role), and the side's wins are compared with a sign test on the seeds that differ.

    .venv/bin/python benchmarks/sa_cards_ab.py --role human --games 2000
    .venv/bin/python benchmarks/sa_cards_ab.py --role infected --games 2000 --start 2000
    .venv/bin/python benchmarks/sa_cards_ab.py --role thing --games 2000 --bot search

Game k: seed k, 4 + k % 9 players, the rulebook's game. A side wins: the Humans when The Thing is
burnt, declares falsely or is found with a Flamethrower; The Thing's side when no Human is left.
With --bot search every seat is the search bot (its default settings) instead, cards as asked.
"""

import argparse
import sys
import time

from eldritch.analysis.stats import wilson
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.bots import HeuristicBot
from eldritch.kernel.stayaway.game.play import play_game
from eldritch.kernel.stayaway.game import defs as D

ROLES = {"human": (D.HUMAN,), "infected": (D.INFECTED_ROLE,), "thing": (D.THE_THING,),
         "all": (D.HUMAN, D.INFECTED_ROLE, D.THE_THING)}


def side_won(s, role):
    humans = s.result in (D.R_BURNT, D.R_FALSE, D.R_FOUND)
    return humans if role == "human" else s.result in (D.R_DECLARED, D.R_THING_ALONE)


def bots_for(rules, seed, players, cards, bot):
    out = []
    for p in range(players):
        k = (seed * 64 + p) & 0x3FFFFFFF
        if bot == "search":
            from eldritch.kernel.stayaway.game.search import SearchBot
            b = SearchBot(rules, k)
            b.card_roles = cards
        else:
            b = HeuristicBot(k, cards=cards)
        out.append(b)
    return out


def sign_test(better, worse):
    from math import comb
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--role", choices=sorted(ROLES), default="human")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--bot", choices=("heuristic", "search"), default="heuristic")
    args = ap.parse_args(argv)
    rules = Rules()
    side = "human" if args.role == "human" else "thing"
    wins = [0, 0]
    better = worse = 0
    t0 = time.time()
    for k in range(args.start, args.start + args.games):
        players = 4 + k % 9
        got = []
        for cards in ((), ROLES[args.role]):
            s = play_game(rules, k, players, bots_for(rules, k, players, cards, args.bot))
            got.append(side_won(s, side))
        wins[0] += got[0]
        wins[1] += got[1]
        better += got[1] and not got[0]
        worse += got[0] and not got[1]
    n = args.games
    for label, w in (("without", wins[0]), ("with", wins[1])):
        lo, hi = wilson(w, n)
        print("%s the %s cards: the %s side won %d/%d, %.1f%% [%.1f, %.1f]"
              % (label, args.role, "Humans'" if side == "human" else "Thing's", w, n, 100.0 * w / n, 100 * lo, 100 * hi))
    print("seeds better %d, worse %d, sign test p = %.3g; %.0f s" % (better, worse, sign_test(better, worse),
                                                                     time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
