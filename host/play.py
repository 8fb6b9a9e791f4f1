"""`eldritch play`: a whole Elder Sign game in the terminal, seats human or bot, with save and load.

    eldritch play --players 2                              # interactive, both seats human
    eldritch play --seed 7 --players 4 --bots all --log game.log
    eldritch play --load game.sav                          # go on with a saved game

A save is the kernel's game save (kernel/eldersign/game/save.py: seed, options, action log, state
digest, checksum), written to a temporary file and renamed, so a failed save never clobbers the
last good one; a corrupt or foreign file is a one-line error (exit 2) and is left untouched.
The log (--log) is text: the seed and options, then each action and the events it caused. The bot
is the kernel's (game/bot.py) and the game never asks the backend anything, so the same seed gives
the same log on every backend (and under MicroPython).
"""

import argparse
import os
import sys
from array import array

from .kernel.errors import KernelError
from .kernel.eldersign.game.data import GameData
from .kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
from .kernel.eldersign.game import bot as gamebot, text as gametext, save as gamesave

LOG_HEADER = "# eldritch play log v1"


PLAY_EXAMPLES = """examples:
  eldritch play --players 2 --bots 2              you play seat 1, the bot seat 2
  eldritch play --seed 7 --players 4 --bots all --log game.log
                                                  a whole bot game, its seed and log in game.log
  eldritch play --load game.sav                   continue a saved game
during play, type the number of an action, 'save FILE' to save, 'board' to show it, 'quit' to stop."""


def add_parser(sub):
    p = sub.add_parser("play", help="play a whole game in the terminal (human or bot seats)",
                       description="Play a whole Elder Sign game: seats are human or bots; save and load.",
                       epilog=PLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: from the clock)")
    p.add_argument("--players", type=int, default=1, help="players, 1-8 (default 1)")
    p.add_argument("--ancient-one", default="Yog-Sothoth",
                   help="Yog-Sothoth, Yig, Azathoth or Ithaqua (default Yog-Sothoth)")
    p.add_argument("--bots", default="", help="'all', or seats taken by the bot: '2,3' (default none)")
    p.add_argument("--log", help="write the seed and the action and event log to this file")
    p.add_argument("--load", help="continue the game saved in this file")
    p.add_argument("--save", help="with --bots all: save the finished game to this file")
    p.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="an extra card file (TSV, see kernel/eldersign/data/GAME.md); repeatable")
    p.add_argument("--max-steps", type=int, default=200000, help=argparse.SUPPRESS)
    return p


def bot_seats(text, players):
    if text == "all":
        return set(range(players))
    seats = set()
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise KernelError("option", "--bots: '%s' is not a seat 1 to %d (or 'all')" % (part, players))
        seats.add(int(part) - 1)
    return seats


def new_game(args, data):
    if args.load:
        try:
            with open(args.load, "rb") as f:
                blob = f.read()
        except OSError as exc:
            raise KernelError("save", "cannot read %s: %s" % (args.load, exc.strerror))
        return gamesave.deserialize(blob, data)
    seed = args.seed
    if seed is None:
        import time
        seed = int(time.time()) & 0x3FFFFFFF
    return Game(data, players=args.players, seed=seed, ancient_one=args.ancient_one)


def save(game, path):
    blob = gamesave.serialize(game)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(blob)
    os.replace(tmp, path)


def log_header(game):
    return [LOG_HEADER, "seed %d" % game.seed, "players %d" % game.players,
            "ancient_one %s" % gametext.ancient_one(game)]


def play_bots(game, max_steps, out):
    """Play to the end with the bot in every seat; out.append each log line."""
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    steps = 0
    while not game.is_terminal():
        if steps >= max_steps:
            raise KernelError("option", "the game did not end within %d steps" % max_steps)
        n = game.legal_actions(buf)
        a = gamebot.choose(game, buf, n)
        out.append("> %d %s" % (a, gametext.action_text(game, a)))
        game.apply(a)
        for e in gametext.events(game):
            out.append("  %s" % e)
        steps += 1
    out.append("result %s" % ("win" if game.returns()[0] else "loss"))


def golden_log(seed, players, ancient_one, data=None, max_steps=200000):
    """The full text log of a bot game (what --bots all --log writes)."""
    data = data or GameData()
    game = Game(data, players=players, seed=seed, ancient_one=ancient_one)
    out = log_header(game)
    for e in gametext.setup_events(game):
        out.append("  %s" % e)
    play_bots(game, max_steps, out)
    return "\n".join(out) + "\n", game


def interactive(game, bots, out, args):
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    last_turn = -1
    while not game.is_terminal():
        n = game.legal_actions(buf)
        turn, seat = gametext.turn_of(game)
        who = game.current_player()
        if (who if who >= 0 else seat) in bots:
            a = gamebot.choose(game, buf, n)
        else:
            if turn != last_turn:
                last_turn = turn
                print("\n".join(gametext.board(game)))
            options = [buf[i] for i in range(n)]
            question = gametext.question(game)        # a card or a rule asks this seat
            print("seat %d, %s:" % ((who if who >= 0 else seat) + 1,
                                    question or gametext.phase_name(game) + " phase"))
            for i, o in enumerate(options):
                print("  %2d. %s" % (i + 1, gametext.action_text(game, o)))
            a = None
            while a is None:
                try:
                    line = input("choose (number, 'save FILE', 'board', 'quit'): ").strip()
                except EOFError:
                    return 0
                if line == "quit":
                    return 0
                if line == "board":
                    print("\n".join(gametext.board(game)))
                elif line.startswith("save "):
                    save(game, line[5:].strip())
                    print("saved to %s" % line[5:].strip())
                elif line.isdigit() and 1 <= int(line) <= len(options):
                    a = options[int(line) - 1]
                else:
                    print("type a number 1 to %d" % len(options))
        text = gametext.action_text(game, a)
        out.append("> %d %s" % (a, text))
        game.apply(a)
        events = gametext.events(game)
        out.extend("  " + e for e in events)
        print("> " + text)
        for e in events:
            print("    " + e)
    out.append("result %s" % ("win" if game.returns()[0] else "loss"))
    print("the investigators %s" % ("win" if game.returns()[0] else "lose"))
    return 0


def run(args, backend=None):
    if not 1 <= args.players <= 8:
        raise KernelError("option", "--players must be 1 to 8, not %d" % args.players)
    data = GameData(extra=args.cards)
    game = new_game(args, data)
    bots = bot_seats(args.bots, game.players)
    out = log_header(game)
    for e in gametext.setup_events(game):
        out.append("  %s" % e)
    if len(bots) == game.players:
        play_bots(game, args.max_steps, out)
        code = 0
        print("seed %d: %s" % (game.seed, gametext.outcome(game)))
    else:
        code = interactive(game, bots, out, args)
    if args.log:
        with open(args.log, "w") as f:
            f.write("\n".join(out) + "\n")
    if args.save:
        save(game, args.save)
    return code
