"""`eldritch mansions`: Mansions of Madness (first edition) in the terminal, and the attribute-test odds.

    eldritch mansions play --players 3 --bots keeper        you and a friend investigate, the bot keeps
    eldritch mansions play --seed 7 --players 4 --bots all --log game.log
    eldritch mansions odds 4 --modifier -1 --skill 1 --luck 3 --json
    eldritch mansions template my_story && eldritch mansions check my_story

The game is the kernel's (eldritch.kernel.mansions.game.rules) on a story given as data (the
demonstration story by default, kernel/mansions/data/demo), played on the shared front end
(host/frontend/, the Mansions adapter in frontend.py). Seats: 0 is the keeper, 1 .. 4 the
investigators; `--players` counts the keeper. Each seat sees only its own view: in a shared terminal
the screen and its scrollback are cleared and the next seat named before a different seat decides.
Saves hold the keeper's secrets, so they go through the save layer sealed with the table's passphrase
(host/saves/__init__.py, host/saves/seal.py; asked when first needed or read from --passphrase-fd N, never argv).
`--log` holds the public log while the game can go on, the referee's once it is over (in words).
"""

import argparse
import json

from eldritch.cliargs import SEED, whole
from eldritch.kernel.errors import KernelError
from eldritch.kernel.mansions import odds
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.kernel.mansions.game.choices import OPTION_VALUES
from eldritch.kernel.mansions.game.bots import BOTS
from eldritch.kernel.mansions.game.consts import KEEPER
from eldritch.mansions import storycheck

PLAY_EXAMPLES = """examples:
  eldritch mansions play --players 3 --bots keeper      two human investigators against the bot keeper
  eldritch mansions play --players 2 --bots 1           you keep, the bot investigates
  eldritch mansions play --seed 7 --players 4 --bots all --log game.log
                                                        a whole bot game, its full log in game.log
  eldritch mansions play --choice horror_checks=off --choice stun=skip-turn --players 2 --bots all
  eldritch mansions play --load game.sav --passphrase-fd 3 3<words.txt
seats: 0 (or 'keeper') is the keeper, 1-4 the investigators; --players counts the keeper (2-5).
during play: a number chooses (0 goes back), Enter takes the advised option, 'board' shows your view
again, 'log' your log, 'save FILE' seals a save with the table's passphrase, 'quit' asks, then saves.
In a shared terminal the screen is cleared and the next seat named before each seat decides.
choices (--choice NAME=VALUE): """ + "; ".join("%s=%s" % (k, "|".join(str(v) for v in vals))
                                              for k, vals in sorted(OPTION_VALUES.items()))

ODDS_EXAMPLES = """examples:
  eldritch mansions odds 4                       a test of an attribute of 4, no skill point
  eldritch mansions odds 5 --modifier -2 --skill 1 --luck 3
  eldritch mansions odds 3 --skill 3 --choice skill_points=reroll --json
  eldritch mansions odds 9 --modifier 2 --choice natural_rolls=clamped
the first edition's rules (the defaults): roll a d10 and pass at or below the attribute plus the
modifier, a 1 always passing and a 10 always failing; one skill point spent before the roll adds the
investigator's Luck (--luck). With --choice skill_points=reroll each skill point rerolls a failed roll
(the table gives 0 .. SKILL spent); with --choice natural_rolls=clamped the target is clamped 0-10."""


def add_parser(sub):
    """Register `mansions` (play, odds, check, template) on the top-level subparsers; returns the command's
    runner."""
    p = sub.add_parser("mansions", help="Mansions of Madness (1st edition): play a story, attribute odds",
                       description="Mansions of Madness (first edition) over a story given as data.",
                       epilog="examples:\n  eldritch mansions play --seed 7 --players 4 --bots all --log game.log\n"
                              "  eldritch mansions odds 4 --modifier -1 --skill 1 --luck 3\n"
                              "  eldritch mansions template my_story     a small story to fill in\n"
                              "  eldritch mansions check my_story        every problem: file, line, field",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    msub = p.add_subparsers(dest="mansions_command", metavar="COMMAND", parser_class=type(p))
    q = msub.add_parser("play", help="play a story in the terminal (human or bot seats, either side)",
                        description="Play a Mansions of Madness story: the keeper (seat 0) and 1-4 "
                                    "investigators, each human or bot.",
                        epilog=PLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("--story", default="demo", help="a story under kernel/mansions/data or a folder (default demo)")
    q.add_argument("--seed", type=SEED, default=None, help="the game's seed (default: from the clock)")
    q.add_argument("--players", type=whole(0, 99, "--players"), default=2,
                   help="the keeper and the investigators, 2-5 (default 2)")
    q.add_argument("--bots", default="", help="'all', 'none', or seats taken by bots: 'keeper,2' (default none)")
    q.add_argument("--bot-kind", choices=BOTS, default="heuristic",
                   help="the bots' play (default heuristic; search: rollouts, slower)")
    q.add_argument("--choice", action="append", default=[], metavar="NAME=VALUE",
                   help="swap a documented rule choice (repeatable; see below)")
    q.add_argument("--log", help="write the log to this file: the public log while the game can go on, the "
                                 "full referee log (seed and every event) once it is over")
    q.add_argument("--save", help="seal the game into this file at the end (or on 'quit')")
    q.add_argument("--load", help="continue the game saved in this file (asks its passphrase)")
    from eldritch.frontend.cli import add_play_args, add_passphrase_args
    add_play_args(q)
    add_passphrase_args(q)
    q = msub.add_parser("odds", help="exact odds of an attribute test with skill points",
                        description="The exact probability of passing an attribute test.",
                        epilog=ODDS_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    q.add_argument("attribute", type=whole(-99, 99, "the attribute"), help="the attribute, 0-10")
    q.add_argument("--modifier", type=whole(-99, 99, "--modifier"), default=0,
                   help="the test's modifier, -9 to 9 (default 0)")
    q.add_argument("--skill", type=whole(-99, 99, "--skill"), default=0,
                   help="the investigator's skill points, 0-8 (default 0): one may add his Luck (or, with "
                        "skill_points=reroll, each rerolls a failure)")
    q.add_argument("--luck", type=whole(-99, 99, "--luck"), default=None,
                   help="the investigator's Luck, 0-10 (needed with --skill)")
    q.add_argument("--choice", action="append", default=[], metavar="NAME=VALUE",
                   help="natural_rolls=first-edition|clamped, skill_points=luck|reroll|off")
    q.add_argument("--json", action="store_true", help="print one JSON object")
    storycheck.add_parsers(msub, argparse.RawDescriptionHelpFormatter)
    p.set_defaults(handler=run)
    return run


def run(args, backend=None):
    if getattr(args, "mansions_command", None) is None:
        raise KernelError("option", "give a command: 'eldritch mansions play', 'odds', 'check' or 'template' "
                                    "(see eldritch mansions --help)")
    if args.mansions_command == "odds":
        return cmd_odds(args)
    if args.mansions_command == "check":
        return storycheck.cmd_check(args)
    if args.mansions_command == "template":
        return storycheck.cmd_template(args)
    return cmd_play(args)


# ----- odds -----------------------------------------------------------------------------------------

def cmd_odds(args):
    if not 0 <= args.attribute <= 10:
        raise KernelError("option", "the attribute must be 0 to 10, not %d" % args.attribute)
    if not -9 <= args.modifier <= 9:
        raise KernelError("option", "--modifier must be -9 to 9, not %d" % args.modifier)
    if not 0 <= args.skill <= odds.MAX_SMALL_REROLLS:
        raise KernelError("option", "--skill must be 0 to %d, not %d" % (odds.MAX_SMALL_REROLLS, args.skill))
    rules = {"natural_rolls": OPTION_VALUES["natural_rolls"][0], "skill_points": OPTION_VALUES["skill_points"][0]}
    for key, value in parse_choices(args.choice).items():
        if key not in rules:
            raise KernelError("option", "--choice: the odds follow natural_rolls and skill_points, not %s" % key)
        if value not in OPTION_VALUES[key]:
            raise KernelError("option", "%s must be one of %s, not %r" % (key, ", ".join(OPTION_VALUES[key]), value))
        rules[key] = value
    natural = rules["natural_rolls"] == "first-edition"
    luck_mode = rules["skill_points"] == "luck"
    if args.luck is not None and not 0 <= args.luck <= 10:
        raise KernelError("option", "--luck must be 0 to 10, not %d" % args.luck)
    if luck_mode and args.skill and args.luck is None:
        raise KernelError("option", "a skill point adds the investigator's Luck: give it with --luck N")
    t = odds.target(args.attribute, args.modifier, natural)
    rows = []
    if luck_mode:
        spent = [(0, t)] + ([(1, odds.luck_target(args.attribute, args.modifier, args.luck, natural))]
                            if args.skill else [])
        for k, tk in spent:
            num, den = odds.pass_fraction(tk, 0)
            rows.append({"skill": k, "target": tk, "numerator": num, "denominator": den, "probability": num / den,
                         "exact": odds.pass_fixed(tk, 0), "percent": odds.percent_text(odds.percent_hundredths(tk, 0))})
    else:
        for k in range(args.skill + 1 if rules["skill_points"] == "reroll" else 1):
            num, den = odds.pass_fraction(t, k)
            rows.append({"skill": k, "target": t, "numerator": num, "denominator": den, "probability": num / den,
                         "exact": odds.pass_fixed(t, k), "percent": odds.percent_text(odds.percent_hundredths(t, k))})
    if args.json:
        print(json.dumps({"attribute": args.attribute, "modifier": args.modifier, "luck": args.luck, "target": t,
                          "die": odds.DIE, "rules": rules, "rows": rows}))
        return 0
    ends = " (a 1 always passes, a 10 always fails)" if natural else ""
    print("attribute %d, modifier %+d: pass on a d10 roll of %d or less%s" % (args.attribute, args.modifier, t, ends))
    for row in rows:
        if luck_mode:
            what = "no skill point" if not row["skill"] else "a skill point, Luck %d added" % args.luck
        elif rules["skill_points"] == "reroll":
            what = "%d skill point%s spent on rerolls" % (row["skill"], "" if row["skill"] == 1 else "s")
        else:
            what = "skill points unused"
        print("  %-32s %7s%%  (%d/%d)" % (what + ":", row["percent"], row["numerator"], row["denominator"]))
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


def cmd_play(args):
    from eldritch.frontend import cli as fcli
    from eldritch.frontend.persist import Persist
    from eldritch.frontend.session import Session
    from eldritch.frontend.settings import Settings
    from eldritch.mansions.frontend import MansionsGame, load
    fcli.check_names(args)
    persist = Persist("mansions", fcli.state_folder(args))
    fresh = not (args.load or args.resume)
    notices = []
    seal = None
    if fresh:
        options = parse_choices(args.choice)
        options["story"] = storycheck.story_argument(args.story)
        rules = Rules(options)
        if not rules.min_players <= args.players <= rules.max_players:
            raise KernelError("option", "--players must be %d to %d (the keeper and 1 to %d investigators), not %d" % (
                rules.min_players, rules.max_players, rules.max_players - 1, args.players))
        seed = args.seed
        if seed is None:
            import time
            seed = int(time.time()) & 0x3FFFFFFF
        st = rules.new_game(seed, args.players)
        settings = Settings(bot_seats(args.bots, st.players), args.bot_kind)
    else:
        loaded = {}

        def opened(payload, doc):
            loaded["rules"], state, settings = load(payload, doc, storycheck.story_argument(args.story),
                                                    parse_choices(args.choice))
            return state, settings
        st, settings, seal, notice = fcli.read_save(persist, args, opened)
        notices.append(notice)
        rules = loaded["rules"]
        if args.bots:
            settings.bots = frozenset(bot_seats(args.bots, st.players))
        if args.bot_kind != "heuristic":
            settings.kind = args.bot_kind
    if args.speed is not None:
        settings.speed = args.speed
    if args.no_hints:
        settings.hints = False
    all_bots = len(settings.bots) == st.players
    for line in fcli.check_paths(args, "mansions", all_bots):
        print(line)
    if seal is None and not all_bots:
        seal = fcli.new_seal(args)
    game = MansionsGame(rules, st, settings)
    session = Session(game, settings, None if all_bots else persist, seal=seal)
    if all_bots:
        code = fcli.bot_game(session, args)
        print("seed %d: result %s" % (st.seed, game.log.result or "unfinished"))
        return code
    return fcli.play_session(session, args, fresh, [n for n in notices if n])


