"""Which Stay Away! rule paths a bot takes: every kind of decision, offered and taken, per role, over
seeded games, and which of them the strongest bot never takes.

A path is a kind of action with what tells its uses apart: the card played (Axe on a Quarantine or on
a Locked door), the defence card, a Panic! card's target, revealing or not, the card passed when it
is an Infected! (an infection, or an Infected feeding The Thing) or not, declaring. For each path and
role (Human, Infected, The Thing, as the deciding player was at that decision): how many decisions
offered it and how many times the bot took it; the paths offered but never taken are listed last.

    .venv/bin/python benchmarks/sa_bot_paths.py --games 1000 --bot search          # the table
    .venv/bin/python benchmarks/sa_bot_paths.py --games 1000 --bot heuristic --json out.json
    .venv/bin/python benchmarks/sa_bot_paths.py --games 500 --start 500 --bot search --json b.json
    .venv/bin/python benchmarks/sa_bot_paths.py --merge a.json b.json             # runs added up
    .venv/bin/python benchmarks/sa_bot_paths.py --games 1000 --bot search --one-seat

Game k: seed k, 4 + k % 9 players, the rulebook's game (no option). Every seat is the bot named; with
--one-seat only seat k % players is (the others heuristic bots) and only its decisions are counted:
the search bot's games cost about 6 s of CPU each with it in every seat, 1 s with it in one.
"""

import argparse
import json
import sys
import time
from array import array

from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.play import make_bots
from eldritch.kernel.stayaway.game import defs as D

ROLES = ("Human", "Infected", "The Thing")


def path(s, a):
    """The path of legal action a in state s (the deciding player's view of it)."""
    kind = a - a % D.ACT_KIND
    arg = a % D.ACT_KIND
    if kind == D.A_DISCARD:
        return "discard a card"
    if kind == D.A_PLAY:
        t = arg >> 5
        if t == D.AXE:
            return "play Axe on a Quarantine" if (arg & 31) < D.GAP else "play Axe on a Locked door"
        return "play " + D.CARD_NAMES[t]
    if kind in (D.A_OFFER, D.A_ANSWER, D.A_PASS):
        verb = {D.A_OFFER: "offer", D.A_ANSWER: "answer with", D.A_PASS: "pass (Round and round)"}[kind]
        return "%s %s" % (verb, "Infected!" if arg == D.INFECTED else "Flamethrower" if arg == D.FLAMETHROWER
                          else "another card")
    if kind == D.A_DEFEND:
        return "defend with " + D.CARD_NAMES[arg]
    if kind == D.A_ACCEPT:
        return "no defence against " + ("a Flamethrower" if s.phase == D.PH_DEFEND_FLAME else "a swap")
    if kind == D.A_KEEP:
        return "keep a Resolute card"
    if kind == D.A_DECLARE:
        return "declare (The Thing)"
    if kind == D.A_REVEAL:
        return "reveal the hand (Revelations)" if arg else "keep the hand hidden (Revelations)"
    if kind == D.A_TARGET:
        return "target of " + D.CARD_NAMES[s.ctx_card]
    if kind == D.A_FORGET:
        return "discard (Forgetful)"
    if kind == D.A_BLIND:
        return "swap with the pile (Blind date)"
    return "action kind %d" % (kind // D.ACT_KIND)


def run(games, start, bot, out=None, one_seat=False):
    """{path: [[offered, taken] per role]} over the games; results tallied too."""
    rules = Rules()
    buf = array("i", [0] * D.MAX_ACTIONS)
    tally = {}
    results = [0] * 8
    t0 = time.time()
    for k in range(start, start + games):
        players = 4 + k % 9
        s = rules.new_game(k, players)
        seat = k % players
        kinds = ["heuristic" if one_seat and q != seat else bot for q in range(players)]
        bots = make_bots(kinds, k, rules)
        while not s.is_terminal():
            p = s.current_player()
            n = s.legal_actions(buf)
            legal = [buf[i] for i in range(n)]
            a = legal[0] if n == 1 else bots[p].choose(s.view(p), legal)
            if n > 1 and (not one_seat or p == seat):
                role = s.role[p]
                seen = set()
                for x in legal:
                    name = path(s, x)
                    if name not in seen:
                        seen.add(name)
                        tally.setdefault(name, [[0, 0] for _ in ROLES])[role][0] += 1
                tally[path(s, a)][role][1] += 1
            s.apply(a)
        results[s.result] += 1
        if out is not None and (k - start) % 50 == 49:
            out.write("%d games, %.0f s\n" % (k - start + 1, time.time() - t0))
            out.flush()
    return {"games": games, "start": start, "bot": bot + (" (one seat)" if one_seat else ""), "tally": tally,
            "results": results, "seconds": round(time.time() - t0, 1)}


def merge(runs):
    total = {"games": 0, "bot": runs[0]["bot"], "tally": {}, "results": [0] * 8, "seconds": 0}
    for r in runs:
        total["games"] += r["games"]
        total["seconds"] += r["seconds"]
        for i, v in enumerate(r["results"]):
            total["results"][i] += v
        for name, rows in r["tally"].items():
            mine = total["tally"].setdefault(name, [[0, 0] for _ in ROLES])
            for role in range(len(ROLES)):
                mine[role][0] += rows[role][0]
                mine[role][1] += rows[role][1]
    return total


def report(r):
    lines = ["%s bot, %d games, %.0f s; results: %s" % (
        r["bot"], r["games"], r["seconds"],
        ", ".join("%s %d" % (D.RESULT_NAMES[i], v) for i, v in enumerate(r["results"]) if v))]
    lines.append("%-44s %s" % ("path", "  ".join("%-22s" % ("%s taken/offered" % role) for role in ROLES)))
    never = []
    for name in sorted(r["tally"]):
        rows = r["tally"][name]
        lines.append("%-44s %s" % (name, "  ".join("%-22s" % ("%d/%d" % (t, o)) for o, t in rows)))
        for role in range(len(ROLES)):
            o, t = rows[role]
            if o and not t:
                never.append("%s as %s (offered %d times)" % (name, ROLES[role], o))
    lines.append("")
    lines.append("never taken though offered:")
    lines += ["  " + x for x in never] or ["  (none)"]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--bot", default="search", choices=("random", "heuristic", "search"))
    ap.add_argument("--one-seat", action="store_true", help="the bot in seat k %% players only, heuristic bots elsewhere")
    ap.add_argument("--json", help="write the tally here")
    ap.add_argument("--merge", nargs="+", help="add up the JSON files of several runs and print the table")
    args = ap.parse_args(argv)
    if args.merge:
        runs = [json.load(open(f)) for f in args.merge]
        print(report(merge(runs)))
        return 0
    r = run(args.games, args.start, args.bot, sys.stderr, args.one_seat)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r, f)
    print(report(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
