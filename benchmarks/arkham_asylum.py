"""How often an Arkham Horror investigator's turn starts in the Asylum, over N seeded bot games.

    .venv/bin/python benchmarks/arkham_asylum.py --games 300 [--players 1] [--bot heuristic] [--rounds 30]
                                                 [--house NAMES] [--board DIR]

Game k is seeded k, the bot in every seat, the demonstration board (its 30-round limit unless
--rounds). A turn start is an EV_TURN event; the report gives the share of turn starts in the Asylum,
the share of those at sanity 1, the share of those with a monster on a street next to the Asylum
(flying or not), and how often an investigator went mad per game. `asylum_share` is what
tests/test_arkham_asylum.py bounds (seeded, no timing) and benchmarks/README.md records.
"""

import argparse
import sys
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eldritch.kernel.arkham.game import defs as D                 # noqa: E402
from eldritch.kernel.arkham.game.board import MOVE_FLY             # noqa: E402
from eldritch.kernel.arkham.game.rules import Rules               # noqa: E402
from eldritch.kernel.arkham.game.playlog import make_bot          # noqa: E402


def asylum_share(games, players=1, bot_name="heuristic", rounds=-1, house="", board=None):
    """Counts over `games` seeded games: turns, turns in the Asylum, of those at sanity 1, with a
    monster on a street beside the Asylum, with a flying one there, times gone mad."""
    rules = Rules({"board": board, "round_limit": rounds, "house": house})
    b = rules.board
    doors = [b.neighbour(b.asylum, i) for i in range(b.nbr_count[b.asylum])]
    buf = array("i", [0] * rules.max_actions)
    out = {"games": games, "turns": 0, "asylum": 0, "sanity1": 0, "guarded": 0, "flier": 0, "mad": 0}
    for seed in range(games):
        g = rules.new_game(seed, players)
        bot = make_bot(rules, bot_name, seed)
        while not g.is_terminal():
            n = g.legal_actions(buf)
            g.apply(bot.choose(g, buf, n))
            for i in range(g.nev // 4):
                code = g.ev[4 * i]
                if code == D.EV_ASYLUM:
                    out["mad"] += 1
                if code != D.EV_TURN:
                    continue
                seat = g.ev[4 * i + 1]
                out["turns"] += 1
                if g.pos[seat] != b.asylum:
                    continue
                out["asylum"] += 1
                out["sanity1"] += g.san[seat] == 1
                kinds = [b.mon_kind[m] for m in range(b.nmonsters) if g.m_at[m] in doors]
                out["guarded"] += bool(kinds)
                out["flier"] += any(b.k_mode[k] == MOVE_FLY for k in kinds)
    return out


def report(c):
    turns = max(1, c["turns"])
    there = max(1, c["asylum"])
    return ("%d games, %d turns: %.1f%% start in the Asylum; of those %.1f%% at sanity 1, %.1f%% with a monster "
            "on the Asylum's street(s) (%.1f%% a flying one); %.1f times mad a game" % (
                c["games"], c["turns"], 100.0 * c["asylum"] / turns, 100.0 * c["sanity1"] / there,
                100.0 * c["guarded"] / there, 100.0 * c["flier"] / there, c["mad"] / max(1, c["games"])))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--players", type=int, default=1)
    p.add_argument("--bot", default="heuristic", choices=("heuristic", "random"))
    p.add_argument("--rounds", type=int, default=-1, help="round limit (default: the board's)")
    p.add_argument("--house", default="", help="house rules, comma separated")
    p.add_argument("--board", default=None)
    a = p.parse_args(argv)
    print(report(asylum_share(a.games, a.players, a.bot, a.rounds, a.house, a.board)))


if __name__ == "__main__":
    main()
