"""Which actions a bot takes in N seeded Arkham Horror games, and the rule paths it never takes.

    .venv/bin/python benchmarks/arkham_actions.py --games 1000 [--bot heuristic] [--board DIR] [--draws table]

Game k is seeded k with 1 + k % 4 players (the demonstration board's round limit, 30, unless
--rounds), the bot in every seat. For each action kind (and the two sneaks, the three movement modes)
the report gives how often it was legal and how often the bot took it, and lists those never taken;
benchmarks/README.md ("Actions the strongest bot never takes") keeps the table with a reason for each.
Bots resolve every roll with the game's PRNG, so K_OUTCOME (a roll typed in at a table) never appears.
"""

import argparse
import sys
import time
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eldritch.kernel.arkham.game import defs as D                 # noqa: E402
from eldritch.kernel.arkham.game.rules import Rules               # noqa: E402
from eldritch.kernel.arkham.game.playlog import make_bot          # noqa: E402
from eldritch.kernel.surface import CHANCE                        # noqa: E402

NAMES = {v: k[2:].lower() for k, v in vars(D).items() if k.startswith("K_") and k not in ("K_SHIFT",)}


def label(a):
    """An action's kind in words; the kinds whose argument matters apart (sneak to a gate, modes)."""
    kind = a & ~D.ARG_MASK
    arg = a & D.ARG_MASK
    name = NAMES.get(kind, str(kind >> 12))
    if kind == D.K_SNEAK:
        return "sneak to the gate" if arg else "sneak"
    if kind == D.K_MODE:
        return "mode: vehicle" if arg == 1 else "mode: mists"
    if kind == D.K_LOADOUT:
        return "loadout with a bound monster" if arg & D.BOUND_BIT else ("loadout" if arg else "loadout: bare hands")
    return name


def coverage(games, bot_name="heuristic", board=None, rounds=-1, draws="deck"):
    rules = Rules({"board": board, "round_limit": rounds, "draws": draws})
    buf = array("i", [0] * rules.max_actions)
    offered = {}
    taken = {}
    wins = 0
    for seed in range(games):
        g = rules.new_game(seed, 1 + seed % 4)
        bot = make_bot(rules, bot_name, seed)
        while not g.is_terminal():
            n = g.legal_actions(buf)
            a = bot.choose(g, buf, n)
            if g.current_player() != CHANCE:
                for lab in {label(buf[i]) for i in range(n)}:
                    offered[lab] = offered.get(lab, 0) + 1
                lab = label(a)
                taken[lab] = taken.get(lab, 0) + 1
            g.apply(a)
        wins += g.result == D.RES_WON
    return offered, taken, wins


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="heuristic", choices=("heuristic", "random"))
    p.add_argument("--board", default=None)
    p.add_argument("--rounds", type=int, default=-1)
    p.add_argument("--draws", default="deck", choices=("deck", "table"))
    args = p.parse_args(argv)
    t = time.time()
    offered, taken, wins = coverage(args.games, args.bot, args.board, args.rounds, args.draws)
    print("%d games, %s bot, %d won, %.0f s" % (args.games, args.bot, wins, time.time() - t))
    print("%-30s %10s %10s" % ("action", "legal at", "taken"))
    for lab in sorted(offered, key=lambda x: -offered[x]):
        print("%-30s %10d %10d" % (lab, offered[lab], taken.get(lab, 0)))
    print("never taken:", ", ".join(sorted(lab for lab in offered if not taken.get(lab))) or "none")
    print("never legal:", ", ".join(sorted(n for n in set(NAMES.values()) - set(lab.split(":")[0] for lab in offered)
                                           if n not in ("resolve", "outcome"))) or "none")


if __name__ == "__main__":
    main()
