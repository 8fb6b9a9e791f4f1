"""Which Elder Sign rule paths a bot takes: every kind of decision, offered and taken, over seeded games,
and which of them the strongest bot never takes.

A path is a kind of action with what tells its uses apart: the card used (by name), the ability
(by its text), the first-aid option, the gift-shop row, the colour set aside, focus or nothing,
agreeing or refusing, ... Chance actions (rolls) are not decisions and are left out. For each path:
how many decisions offered it and how many times the bot took it; the paths never taken are listed
last (with those never offered).

    .venv/bin/python benchmarks/es_bot_paths.py --games 1000 --bot solver            # the table
    .venv/bin/python benchmarks/es_bot_paths.py --games 1000 --bot solver --json out.json

Game k: seed k, 1 + k % 8 players, the Ancient One k // 8 % 8 of the shipped data (all eight).
"""

import argparse
import json
import sys
import time
from array import array

from eldritch.kernel.eldersign.adventure import ACT_HOLD, ACT_REROLL, ACT_ROLL, ACT_ENTER
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from eldritch.kernel.eldersign.game import machine as G
from eldritch.kernel.eldersign.game.bots import observe as O
from eldritch.kernel.eldersign.game.text import AID

KIND_NAMES = {G.A_MOVE: "move", G.A_USE: "use", G.A_BEGIN: "start rolling", G.A_GIVEUP: "give up",
              G.A_AID: "first aid", G.A_LOSTFOUND: "lost and found", G.A_SHOP: "gift shop",
              G.A_PICK: "pick an investigator", G.A_DRAW: "draw an investigator",
              G.A_CHOOSE: "choose an alternative", G.A_PLACE: "place a monster", G.A_TARGET: "defeat a monster",
              G.A_SPEND: "spend a trophy", G.A_DISCARD: "lose a card", G.A_LOSE: "helper loses",
              G.A_FAIL: "fail the roll", G.A_ASIDE: "set aside", G.A_KEEP: "after a failed roll",
              G.A_ASK: "ask for assistance", G.A_AGREE: "asked to assist", G.A_HOLD: "hold a die on a spell",
              G.A_UNHOLD: "take a die off a spell", G.A_HELD: "a task uses a held die",
              G.A_LOCKDIE: "a lock takes a die", G.A_ABILITY: "once-per-day ability",
              G.A_FREEROLL: "once-per-roll free reroll", G.A_END: "end the turn (items used)"}


def path(g, a):
    """The path of legal action a in game g's current state (None for chance actions)."""
    if a < G.G_BASE:
        if a == ACT_ROLL or a >= ACT_ENTER:
            return None
        if a < ACT_HOLD:
            return "complete a task" if g._att.slot != -2 else "complete the combat target"
        if ACT_REROLL <= a < ACT_ROLL:
            return "reroll with a clue"
        return "adventure action"
    kind = a - (a & G.A_ARG_MASK)
    arg = a & G.A_ARG_MASK
    name = KIND_NAMES.get(kind)
    if kind == G.A_FACE or kind == G.A_DIEROLL:
        return None
    if kind == G.A_MOVE:
        if arg == 0:
            return "move: the entrance"
        return "move: an Other World" if arg - 1 >= G.MAIN_SLOTS else "move: an adventure"
    if kind == G.A_USE:
        return "use: %s" % g._data.cards[g._inv.card(g._active(), arg)].name
    if kind == G.A_ABILITY:
        return "ability: day(%s)" % g._data.investigators[g._active()].ability.text.split("day(", 1)[-1].rstrip(")")
    if kind == G.A_AID:
        return AID[arg]
    if kind == G.A_SHOP:
        return "gift shop: %s" % g._data.shop[arg].key
    if kind == G.A_BEGIN or kind == G.A_GIVEUP:
        return "%s (%s)" % (name, "the attack" if g._battle else "an adventure")
    if kind == G.A_LOSE:
        return "helper loses %s" % ("sanity" if arg else "stamina")
    if kind == G.A_ASIDE:
        return "set aside a %s die" % ("green", "yellow", "red")[arg]
    if kind == G.A_KEEP:
        return "focus a die" if arg else "keep no die"
    if kind == G.A_AGREE:
        return "agree to assist" if arg else "refuse to assist"
    if kind == G.A_HELD:
        return "a task uses the kept die" if arg == 0 else "a task uses a spell's die"
    if kind == G.A_PLACE:
        return "place a monster as an extra task" if arg & 31 == G.PLACE_EXTRA else "place a monster on an outline"
    if kind == G.A_REACT:
        if arg == 0:
            return "another turn's ability: not now"
        return "anyturn: use it at a turn's start" if arg < G.REACT_REROLL else "anyroll: reroll a player's roll"
    if kind == G.A_WHO:
        return "any(...): pick the investigator"
    return name or "action kind %d" % (kind >> 16)


def survey(games, bot_name):
    data = GameData()
    aos = [a.name for a in data.ancient_ones]
    cache = None
    if bot_name == "solver":
        from eldritch.eldersign.solverbot import SolverCache
        cache = SolverCache()
    offered = {}
    taken = {}
    wins = 0
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    for k in range(games):
        players = 1 + k % 8
        g = Game(data, players=players, seed=k, ancient_one=aos[(k // 8) % 8])
        bots = [make_bot(bot_name, k * 9 + s + 1, cache) for s in range(players)]
        while not g.is_terminal():
            n = g.legal_actions(buf)
            a = bots[O.acting_seat(g)].choose(g, buf, n)
            seen = set()
            for i in range(n):
                x = buf[i]
                if x < G.G_BASE and x < ACT_HOLD and "complete a task" in seen:
                    continue
                p = path(g, x)
                if p is not None:
                    seen.add(p)
            for p in seen:
                offered[p] = offered.get(p, 0) + 1
            p = path(g, a)
            if p is not None:
                taken[p] = taken.get(p, 0) + 1
            g.apply(a)
        wins += g.returns()[0]
    return offered, taken, wins


def make_bot(name, seed, cache):
    if name == "heuristic":
        from eldritch.kernel.eldersign.game.bots.heuristic import HeuristicBot
        return HeuristicBot(seed)
    if name == "solver":
        from eldritch.eldersign.solverbot import SolverBot
        return SolverBot(seed, cache=cache)
    if name == "random":
        from eldritch.kernel.eldersign.game.bots.randombot import RandomBot
        return RandomBot(seed)
    from eldritch.kernel.eldersign.game import bot

    class Basic:
        def choose(self, g, buf, n):
            return bot.choose(g, buf, n)
    return Basic()


def all_paths(data):
    """Every path the shipped data can offer (the table's rows, never-offered ones included)."""
    out = set(KIND_NAMES.values()) - {"move", "use", "first aid", "gift shop", "start rolling", "give up",
                                      "helper loses", "set aside", "after a failed roll", "asked to assist",
                                      "a task uses a held die", "place a monster", "once-per-day ability"}
    out |= {"another turn's ability: not now", "anyturn: use it at a turn's start", "anyroll: reroll a player's roll",
            "any(...): pick the investigator"}
    out |= {"complete a task", "complete the combat target", "reroll with a clue", "move: the entrance",
            "move: an adventure", "move: an Other World", "keep no die", "focus a die", "agree to assist",
            "refuse to assist", "a task uses the kept die", "a task uses a spell's die",
            "place a monster on an outline", "place a monster as an extra task", "helper loses sanity",
            "helper loses stamina"}
    out |= {"%s (%s)" % (k, w) for k in ("start rolling", "give up") for w in ("the attack", "an adventure")}
    out |= {"set aside a %s die" % c for c in ("green", "yellow", "red")}
    out |= set(AID)
    out |= {"gift shop: %s" % r.key for r in data.shop}
    out |= {"use: %s" % k.name for k in data.kinds if k.limit != "hold" and k.use}
    out |= {"ability: day(%s)" % i.ability.text.split("day(", 1)[-1].rstrip(")") for i in data.investigators
            if i.ability.day}
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--bot", default="solver", choices=("basic", "heuristic", "solver", "random"))
    p.add_argument("--json", default="")
    args = p.parse_args(argv)
    t = time.time()
    offered, taken, wins = survey(args.games, args.bot)
    paths = sorted(all_paths(GameData()) | set(offered) | set(taken))
    print("%d games (seed k, 1 + k %% 8 players, all 8 Ancient Ones), bot %s: %d wins, %.0f s" % (
        args.games, args.bot, wins, time.time() - t))
    print("%-46s %10s %10s" % ("path", "offered", "taken"))
    for p_ in paths:
        print("%-46s %10d %10d" % (p_, offered.get(p_, 0), taken.get(p_, 0)))
    never = [p_ for p_ in paths if not taken.get(p_)]
    print("\nnever taken (%d):" % len(never))
    for p_ in never:
        print("  %s%s" % (p_, "" if offered.get(p_) else "  (never offered)"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"games": args.games, "bot": args.bot, "wins": wins, "offered": offered, "taken": taken,
                       "never": never}, f, indent=1, sort_keys=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
