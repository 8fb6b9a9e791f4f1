"""Elder Sign's final battle, by Ancient One: how often the bot's games reach it and win it, and what
the combat target gives a turn (benchmarks/README.md, "Elder Sign's final battle").

    .venv/bin/python benchmarks/es_battles.py --games 100 --players 1 --bot search
    .venv/bin/python benchmarks/es_battles.py --games 100 --ancient-one Yig,Ithaqua

For each Ancient One: games (seeds 1..N), games won by sealing (elder signs), games that reached the
final battle and how many of those were won, and the exact expected doom tokens one attack phase of
6 green dice removes (no clues, items or spells: every roll of every die count enumerated, the dice a
hit uses the fewest that complete the target, a failed roll setting one die aside), with the
attack's source (a fact, or a generic placeholder) from kernel/eldersign/data/ancient_ones.tsv.
"""

from __future__ import annotations

import argparse
import itertools
import sys

from eldritch.analysis.simgames import Setting
from eldritch.eldersign.sim import RUNNER, play_game
from eldritch.kernel.eldersign.game.data import GameData, DEFAULT_SETS

GREEN = ("I1", "I2", "I3", "L", "P", "T")


def provenance(source: str, what: str) -> str:
    """'fact', 'partly generic' or 'generic': where the row's source note puts `what` (its `fact:`
    part, its `generic:` part, or both)."""
    fact, _, generic = source.partition("generic:")
    in_fact = what in fact
    in_generic = what in generic
    if in_fact and in_generic:
        return "partly generic"
    return "generic" if in_generic or not in_fact else "fact"


def target(combat: str):
    """(lore, peril, terror, investigation total) of a combat target in card notation."""
    parts = combat.split()
    inv = sum(int(x[1:]) for x in parts if x.startswith("I"))
    return parts.count("L"), parts.count("P"), parts.count("T"), inv


def dice_used(roll, need):
    """The fewest dice of `roll` that complete the target, or None."""
    lore, peril, terror, inv = need
    if roll.count("L") < lore or roll.count("P") < peril or roll.count("T") < terror:
        return None
    values = sorted((int(f[1]) for f in roll if f[0] == "I"), reverse=True)
    total = used = 0
    while total < inv and used < len(values):
        total += values[used]
        used += 1
    return None if total < inv else lore + peril + terror + used


def hits_per_turn(combat: str, dice: int = 6) -> float:
    """The expected doom tokens one attack phase removes (see the module docstring)."""
    need = target(combat)
    memo = {0: 0.0}
    for n in range(1, dice + 1):
        total = 0.0
        for roll in itertools.product(GREEN, repeat=n):
            u = dice_used(roll, need)
            total += (1 + memo[n - u]) if u is not None else memo[n - 1]
        memo[n] = total / 6 ** n
    return memo[dice]


def battles(ao: str, bot: str, players: int, games: int):
    s = Setting("eldersign", players, (bot,) * players, (("ancient_one", ao), ("sets", tuple(DEFAULT_SETS))))
    ctx = RUNNER.prepare(s)
    sealed = reached = won = 0
    for seed in range(1, games + 1):
        seen = [False]

        def watch(g, a, seen=seen):
            if g._battle:
                seen[0] = True
        _, rec = play_game(s, seed, ctx, watch)
        if seen[0]:
            reached += 1
            won += rec["win"]
        else:
            sealed += rec["win"]
    return sealed, reached, won


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=1)
    ap.add_argument("--bot", default="search")
    ap.add_argument("--ancient-one", default="", help="only these Ancient Ones, comma-separated (default all)")
    args = ap.parse_args(argv)
    only = {x.strip() for x in args.ancient_one.split(",") if x.strip()}
    print("| Ancient One | doom | combat | doom off a turn (6 green) | attack | games | won by sealing | "
          "battles | battles won |")
    print("|---|---:|---|---:|---|---:|---:|---:|---:|")
    for a in GameData().ancient_ones:
        if only and a.name not in only:
            continue
        attack = provenance(a.source, "attack")
        numbers = provenance(a.source, "combat")
        if a.awaken:
            print("| %s | %d | %s | - | (awakening is defeat) | %d | - | - | - |" % (a.name, a.doom, a.combat, args.games))
            continue
        sealed, reached, won = battles(a.name, args.bot, args.players, args.games)
        print("| %s | %d | %s (%s) | %.3f | %s | %d | %d | %d | %d |" % (
            a.name, a.doom, a.combat, numbers, hits_per_turn(a.combat), attack, args.games, sealed, reached, won))
    return 0


if __name__ == "__main__":
    sys.exit(main())
