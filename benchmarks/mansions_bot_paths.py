"""Which Mansions of Madness rule paths a bot takes: every kind of decision, offered and taken, over
seeded games, and which of them the strongest bot never takes.

A path is a kind of action (kernel/mansions/game/consts.py A_*), with the card for the actions that
name one (keeper cards, mythos cards, trauma cards, abilities, free uses, boosts). Chance actions (the
d10) are not decisions and are left out. For each path: how many decisions offered it and how many
times the bot took it; the paths never taken are listed last (with those never offered).

    .venv/bin/python benchmarks/mansions_bot_paths.py --games 1000                  # heuristic, the table
    .venv/bin/python benchmarks/mansions_bot_paths.py --games 1000 --json out.json

Game k: seed k, 2 + k % 4 players (the keeper and 1 to 4 investigators), the demonstration story
(--story NAME or a folder for another), the default rules (the first edition's).
"""

import argparse
import json
import sys
import time
from array import array

from eldritch.kernel.surface import CHANCE
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game.bots import make_bot

KIND_NAMES = {getattr(K, n): n[2:].lower() for n in dir(K) if n.startswith("A_")}
NAMED = {K.A_KCARD: "kc_name", K.A_MYTHOS: "my_name", K.A_TRAUMA: "trauma_name", K.A_ABILITY: "card_name",
         K.A_FREE: "card_name", K.A_DROP: "card_name", K.A_GIVE: "card_name", K.A_UNLOCK: "card_name",
         K.A_USE_KEY: "card_name"}


def path_of(story, a):
    kind = a >> 16
    name = KIND_NAMES.get(kind, str(kind))
    field = NAMED.get(kind)
    arg = (a >> 8) & 255
    if kind == K.A_BOOST:
        return name + (": ability %d" % (arg - K.POWER_BASE) if arg >= K.POWER_BASE else ": " + story.card_name[arg])
    if kind == K.A_POWER:
        return name + ": " + ("character" if arg == 0 else "trait %d" % arg)
    if kind == K.A_ATTACK:
        b = a & 255
        return name + ": " + ("bare hands" if b == K.NONE else story.card_name[b])
    if field is not None:
        names = getattr(story, field)
        return name + ": " + (names[arg] if arg < len(names) else str(arg))
    return name


def tally(games, bot, story="demo"):
    rules = Rules({"story": story})
    buf = array("i", [0] * K.MAX_ACTIONS)
    offered, taken = {}, {}
    ends = {}
    for k in range(games):
        players = 2 + k % 4
        st = rules.new_game(k, players)
        bots = [make_bot(bot, rules.story, s, k) for s in range(players)]
        while not st.is_terminal():
            who = st.current_player()
            n = st.legal_actions(buf)
            if who == CHANCE:
                st.apply(buf[0])
                continue
            seen = set(path_of(rules.story, buf[i]) for i in range(n))
            for p in seen:
                offered[p] = offered.get(p, 0) + 1
            a = bots[who].choose(st.view(who), buf, n)
            p = path_of(rules.story, a)
            taken[p] = taken.get(p, 0) + 1
            st.apply(a)
        w = st.g[S.G_WINNER]
        ends[w] = ends.get(w, 0) + 1
    return offered, taken, ends


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="heuristic", choices=("heuristic", "random"))
    p.add_argument("--story", default="demo")
    p.add_argument("--json", metavar="FILE")
    args = p.parse_args(argv)
    start = time.time()
    offered, taken, ends = tally(args.games, args.bot, args.story)
    never = sorted(p for p in offered if p not in taken)
    all_kinds = set(KIND_NAMES.values()) - {"roll", "face"}
    unseen = sorted(k for k in all_kinds if not any(p == k or p.startswith(k + ":") for p in offered))
    for p in sorted(offered, key=lambda p: (p not in taken, p)):
        print("%-48s offered %7d  taken %7d" % (p[:48], offered[p], taken.get(p, 0)))
    print("never taken (offered): " + ("; ".join(never) or "none"))
    print("never offered: " + ("; ".join(unseen) or "none"))
    print("ends (winner 1 keeper, 2 investigators, 3 nobody): %s; %.0f s" % (sorted(ends.items()), time.time() - start))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"offered": offered, "taken": taken, "never_taken": never, "never_offered": unseen,
                       "ends": {str(k): v for k, v in ends.items()}}, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
