"""`eldritch mansions`: Mansions of Madness (first edition) in the terminal, and the attribute-test odds.

    eldritch mansions play --players 3 --bots keeper        you and a friend investigate, the bot keeps
    eldritch mansions play --seed 7 --players 4 --bots all --log game.log
    eldritch mansions odds 4 --modifier -1 --skill 2 --json

The game is the kernel's (eldritch.kernel.mansions.game.rules) on a story given as data (the
demonstration story by default, kernel/mansions/data/demo). Seats: 0 is the keeper, 1 .. 4 the
investigators; `--players` counts the keeper. Humans see only their own seat's view (in a shared
terminal, the screen shows the view of the seat about to decide). A bot game's log (--log) is the
full referee's log: the same text on every backend and under MicroPython (golden games).

Saves go through the save layer (host/saves.py) and are sealed with the table's passphrase (a save
holds the seed and every action: read in clear, it would give any investigator the keeper's
objective, the guide's answers, the decks and the dice to come). The passphrase is asked at the
terminal, or read from a descriptor (--passphrase-fd N), never taken from the command line. The full
log (--log: the seed and the keeper's secrets) is written only when the game is over.
"""

import argparse
import json
import sys
from array import array

from ..atomic import SaveError, user_path, write_atomic
from .. import saves
from ..passphrase import TableKey, NoPassphraseOnArgv
from ..kernel.errors import KernelError
from ..kernel.mansions import odds
from ..kernel.mansions.game.rules import Rules
from ..kernel.mansions.game.choices import OPTION_VALUES
from ..kernel.mansions.game.consts import MAX_ACTIONS, KEEPER
from ..kernel.mansions.game import text, gamelog
from ..kernel.mansions.game.bots import make_bot
from ..kernel.surface import CHANCE

PLAY_EXAMPLES = """examples:
  eldritch mansions play --players 3 --bots keeper      two human investigators against the bot keeper
  eldritch mansions play --players 2 --bots 1           you keep, the bot investigates
  eldritch mansions play --seed 7 --players 4 --bots all --log game.log
                                                        a whole bot game, its full log in game.log
  eldritch mansions play --choice horror_checks=off --choice stun=skip-turn --players 2 --bots all
  eldritch mansions play --load game.sav --passphrase-fd 3 3<words.txt
seats: 0 (or 'keeper') is the keeper, 1-4 the investigators; --players counts the keeper (2-5).
during play: type the number of an action, 'view' to see your view again, 'save FILE', 'quit'.
saves are sealed with the table's passphrase: it keeps outsiders out and shows later tampering; a
player who knows it can still open the save.
choices (--choice NAME=VALUE): """ + "; ".join("%s=%s" % (k, "|".join(str(v) for v in vals))
                                              for k, vals in sorted(OPTION_VALUES.items()))

ODDS_EXAMPLES = """examples:
  eldritch mansions odds 4                       a test of an attribute of 4, no skill point
  eldritch mansions odds 5 --modifier -2 --skill 2
  eldritch mansions odds 3 --skill 3 --json
roll a d10 and pass at or below the attribute plus the modifier (clamped 0-10); each skill point
spent rerolls a failed roll. The table gives the exact odds for 0 .. SKILL skill points spent."""


def add_parser(sub):
    """Register `mansions` (play, odds) on the top-level subparsers; returns the command's runner."""
    p = sub.add_parser("mansions", help="Mansions of Madness (1st edition): play a story, attribute odds",
                       description="Mansions of Madness (first edition) over a story given as data.",
                       epilog="examples:\n  eldritch mansions play --seed 7 --players 4 --bots all --log game.log\n"
                              "  eldritch mansions odds 4 --modifier -1 --skill 2",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    msub = p.add_subparsers(dest="mansions_command", metavar="COMMAND", parser_class=type(p))
    q = msub.add_parser("play", help="play a story in the terminal (human or bot seats, either side)",
                        description="Play a Mansions of Madness story: the keeper (seat 0) and 1-4 "
                                    "investigators, each human or bot.",
                        epilog=PLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("--story", default="demo", help="a story under kernel/mansions/data or a folder (default demo)")
    q.add_argument("--seed", type=int, default=None, help="the game's seed (default: from the clock)")
    q.add_argument("--players", type=int, default=2, help="the keeper and the investigators, 2-5 (default 2)")
    q.add_argument("--bots", default="", help="'all', 'none', or seats taken by bots: 'keeper,2' (default none)")
    q.add_argument("--bot-kind", choices=("heuristic", "random"), default="heuristic",
                   help="the bots' play (default heuristic)")
    q.add_argument("--choice", action="append", default=[], metavar="NAME=VALUE",
                   help="swap a documented rule choice (repeatable; see below)")
    q.add_argument("--log", help="write the full log (seed, actions, events) to this file")
    q.add_argument("--save", help="save the game, sealed, to this file at the end (or on 'quit')")
    q.add_argument("--load", help="continue the game saved in this file (asks its passphrase)")
    q.add_argument("--passphrase-fd", type=int, default=None, metavar="N",
                   help="read the table's passphrase from file descriptor N (default: asked at the terminal)")
    q.add_argument("--passphrase", action=NoPassphraseOnArgv, help=argparse.SUPPRESS)
    q.add_argument("--allow-older", action="store_true",
                   help="load a save older than the newest this table has made (said on the screen)")
    q = msub.add_parser("odds", help="exact odds of an attribute test with skill points",
                        description="The exact probability of passing an attribute test.",
                        epilog=ODDS_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("attribute", type=int, help="the attribute, 0-10")
    q.add_argument("--modifier", type=int, default=0, help="the test's modifier, -9 to 9 (default 0)")
    q.add_argument("--skill", type=int, default=0, help="skill points that may be spent on rerolls, 0-8 (default 0)")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(handler=run)
    return run


def run(args, backend=None):
    if getattr(args, "mansions_command", None) is None:
        raise KernelError("option", "give a command: 'eldritch mansions play' or 'eldritch mansions odds' "
                                    "(see eldritch mansions --help)")
    if args.mansions_command == "odds":
        return cmd_odds(args)
    return cmd_play(args)


# ----- odds -----------------------------------------------------------------------------------------

def cmd_odds(args):
    if not 0 <= args.attribute <= 10:
        raise KernelError("option", "the attribute must be 0 to 10, not %d" % args.attribute)
    if not -9 <= args.modifier <= 9:
        raise KernelError("option", "--modifier must be -9 to 9, not %d" % args.modifier)
    if not 0 <= args.skill <= odds.MAX_SMALL_REROLLS:
        raise KernelError("option", "--skill must be 0 to %d, not %d" % (odds.MAX_SMALL_REROLLS, args.skill))
    t = odds.target(args.attribute, args.modifier)
    rows = []
    for k in range(args.skill + 1):
        num, den = odds.pass_fraction(t, k)
        rows.append({"skill": k, "numerator": num, "denominator": den, "probability": num / den,
                     "exact": odds.pass_fixed(t, k), "percent": odds.percent_text(odds.percent_hundredths(t, k))})
    if args.json:
        print(json.dumps({"attribute": args.attribute, "modifier": args.modifier, "target": t,
                          "die": odds.DIE, "rows": rows}))
    else:
        print("attribute %d, modifier %+d: pass on a d10 roll of %d or less" % (args.attribute, args.modifier, t))
        for row in rows:
            print("  %d skill point%s spent: %7s%%  (%d/%d)" % (row["skill"], "" if row["skill"] == 1 else "s",
                                                             row["percent"], row["numerator"], row["denominator"]))
    return 0


# ----- play -----------------------------------------------------------------------------------------

def parse_choices(items):
    out = {}
    for item in items:
        if "=" not in item:
            raise KernelError("option", "--choice takes NAME=VALUE, not %r" % item)
        key, value = item.split("=", 1)
        key = key.strip()
        value = value.strip()
        if key == "keeper_card_uses":
            if not value.isdigit():
                raise KernelError("option", "keeper_card_uses must be 1 or 0, not %r" % value)
            value = int(value)
        out[key] = value
    return out


def bot_seats(text_, players):
    if text_ == "all":
        return set(range(players))
    seats = set()
    for part in text_.split(","):
        part = part.strip().lower()
        if not part or part == "none":
            continue
        if part == "keeper":
            seats.add(KEEPER)
            continue
        if not part.isdigit() or not 0 <= int(part) < players:
            raise KernelError("option", "--bots: '%s' is not a seat 0 to %d, 'keeper', 'all' or 'none'" % (
                part, players - 1))
        seats.add(int(part))
    return seats


def load_state(rules, path, key, allow_older=False):
    try:
        save = saves.read_save(path, "mansions", passphrase=key.words, allow_older=allow_older)
    except SaveError as exc:
        raise KernelError("save", str(exc))
    key.adopt(save.seal)
    if save.notice:
        print("eldritch: %s" % save.notice, file=sys.stderr)
    return rules.deserialize(save.payload)


def save_state(st, path, key, settings=None):
    """The save, sealed, through the save layer; SaveError (one line) on failure, the old file kept."""
    note = saves.write_save(path, "mansions", st.serialize(), settings, seal=key.seal())
    if note:
        print("eldritch: %s" % note, file=sys.stderr)


def write_file(path, data):
    try:
        write_atomic(user_path(path), data)
    except SaveError as exc:
        raise KernelError("save", str(exc))


def _check_paths(args):
    for flag, value in (("--load", args.load), ("--save", args.save), ("--log", args.log)):
        if value is not None and not value.strip():
            raise KernelError("option", "%s: no file name given" % flag)
    if args.save is not None:
        problem = saves.check_target(user_path(args.save), "mansions")
        if problem:
            raise KernelError("option", "--save: %s" % problem)


def end_save(st, path, key, settings):
    """--save at the end: on failure one line, and the game goes to the (sealed) autosave instead."""
    try:
        save_state(st, path, key, settings)
        return 0
    except SaveError as exc:
        auto = saves.Autosaves(None, "mansions")
        try:
            note = auto.write(st.serialize(), settings, seal=key.seal())
        except SaveError as again:
            note = str(again)
        print("eldritch: --save: %s; %s" % (exc, note or "the game is saved in %s instead" % auto.path),
              file=sys.stderr)
        return 2


def cmd_play(args):
    _check_paths(args)
    options = parse_choices(args.choice)
    options["story"] = args.story
    rules = Rules(options)
    key = TableKey(args.passphrase_fd)
    if args.load:
        st = load_state(rules, args.load, key, args.allow_older)
        seed = st.seed
    else:
        if not rules.min_players <= args.players <= rules.max_players:
            raise KernelError("option", "--players must be %d to %d (the keeper and 1 to %d investigators), not %d" % (
                rules.min_players, rules.max_players, rules.max_players - 1, args.players))
        seed = args.seed
        if seed is None:
            import time
            seed = int(time.time()) & 0x3FFFFFFF
        st = rules.new_game(seed, args.players)
    bots_at = bot_seats(args.bots, st.players)
    kinds = [args.bot_kind if s in bots_at else "human" for s in range(st.players)]
    settings = {"bots": sorted(bots_at), "bot_kind": args.bot_kind}
    out = gamelog.header(rules, seed, st.players, kinds)
    if len(bots_at) == st.players and st.nlog == 0:
        bots = [make_bot(args.bot_kind, rules.story, s, seed) for s in range(st.players)]
        gamelog.play(st, bots, out)
        print("seed %d: %s" % (seed, out[-1]))
        code = 0
    else:
        code = interactive(rules, st, bots_at, args, out, seed, key, settings)
    if args.save:
        code = end_save(st, args.save, key, settings) or code
    if args.log:
        if st.is_terminal():
            write_file(args.log, ("\n".join(out) + "\n").encode())
        else:
            print("eldritch: --log: the full log (the seed and the keeper's secrets) is written only at the end "
                  "of a game: not written", file=sys.stderr)
    return code


def interactive(rules, st, bots_at, args, out, seed, key=None, settings=None):
    story = rules.story
    bots = {s: make_bot(args.bot_kind, story, s, seed) for s in bots_at}
    humans = [s for s in range(st.players) if s not in bots_at]
    # in a shared terminal, events are shown as the keeper sees them only when he is the only human
    observer = KEEPER if humans == [KEEPER] else (humans[0] if len(humans) == 1 else 1)
    buf = array("i", [0] * MAX_ACTIONS)
    shown = None
    while not st.is_terminal():
        who = st.current_player()
        n = st.legal_actions(buf)
        if who == CHANCE:
            a = buf[0]
        elif who in bots:
            a = bots[who].choose(st.view(who), buf, n)
        else:
            if shown != who:
                shown = who
                print()
                print("\n".join(text.describe(story, st.view(who))))
            options = [buf[i] for i in range(n)]
            print("%s to decide:" % ("the keeper" if who == KEEPER else "investigator %d" % who))
            for i, o in enumerate(options):
                print("  %2d. %s" % (i + 1, st.action_text(o)))
            a = None
            while a is None:
                try:
                    line = input("choose (number, 'view', 'save FILE', 'quit'): ").strip()
                except EOFError:
                    return 0
                if line == "quit":
                    return 0
                if line == "view":
                    print("\n".join(text.describe(story, st.view(who))))
                elif line == "save" or line.startswith("save "):
                    path = user_path(line[5:])
                    try:
                        save_state(st, path, key, settings)
                        print("sealed into %s" % path)
                    except SaveError as exc:
                        print("not saved: %s (the game goes on)" % exc)
                elif line.isdigit() and 1 <= int(line) <= len(options):
                    a = options[int(line) - 1]
                else:
                    print("type a number 1 to %d" % len(options))
        out.append("> %d %d %s" % (a, who, st.action_text(a)))
        said = text.action_text_for(st, a, observer)
        st.apply(a)
        events = text.events(st, observer)
        out.extend("  " + e for e in text.events(st))
        if who in bots or who == CHANCE:
            print("(the d10 is rolled)" if who == CHANCE else "%s: %s" % (
                "keeper" if who == KEEPER else "investigator %d" % who, said))
        for e in events:
            print("    " + e)
    out.append(gamelog.result_line(st))
    print(out[-1])
    return 0
