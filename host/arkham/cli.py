"""`eldritch arkham`: Arkham Horror (1987) - exact odds of its rolls, a whole game in the terminal, and a
board file check.

    eldritch arkham odds fight --fight 3 --physical 2 --strength 5 --stamina 4 --rounds 2 --json
    eldritch arkham odds reach --from "Train Station" --monster "College Street=Zombie"
    eldritch arkham play --players 2 --bots 2
    eldritch arkham play --seed 7 --players 4 --bots all --log game.log
    eldritch arkham check my_board/
    eldritch arkham honour

Odds are exact fractions (a power-of-6 denominator) and the kernel's fixed point round(p * 2^48);
`--json` prints one object. The game is the kernel's (kernel/arkham/game/) and the bots are too, so a
seeded bot game gives the same game on every backend and under MicroPython; `play` shows it on the
shared front end (host/frontend/, the adapter in frontend.py): the Textual screen or the plain mode,
autosave and --resume, a log in words. Bad input: one line on stderr, exit code 2.
"""

import argparse
import json
import os

from eldritch.cliargs import SEED, whole
from eldritch.frontend.botseats import bot_seats
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham import odds, tables as printed
from eldritch.kernel.arkham.reach import (reach_odds, OCC_MONSTER, OCC_BLOCKING, OCC_HOUND, MODE_FOOT,
    MODE_VEHICLE, MODE_MISTS)
from eldritch.kernel.arkham.gatechance import gate_odds
from eldritch.kernel.arkham.game.board import Board, SPECIAL_HOUND, SPECIAL_BLOCKING, strength_text, loss_text
from eldritch.kernel.arkham.game import playlog
from eldritch.saves.atomic import shown

MODES = {"foot": MODE_FOOT, "vehicle": MODE_VEHICLE, "mists": MODE_MISTS}
IMMUNE = {"none": 0, "physical": odds.IMMUNE_PHYSICAL, "magical": odds.IMMUNE_MAGICAL,
          "both": odds.IMMUNE_PHYSICAL | odds.IMMUNE_MAGICAL}

EPILOG = """examples:
  eldritch arkham odds fight --fight 3 --physical 2 --strength 5 --stamina 4 --rounds 2
  eldritch arkham odds fight --fight 4 --magical 2 --strength 4 --stamina 5 --immune physical --json
  eldritch arkham odds stealth --stealth 3
  eldritch arkham odds sanity --sanity 4 --loss 1/3
  eldritch arkham odds fight --fight 4 --physical 6 --strength 14+D6 --stamina 6    a printed 14+D6
  eldritch arkham odds sanity --sanity 5 --loss 2/D6+1                              a printed SAN 2/D6+1
  eldritch arkham odds close --difficulty 7 --fight 3 --physical 2 --attempts 2
  eldritch arkham odds reach --from "Train Station" --monster "College Street=Zombie" --json
  eldritch arkham odds gates --open "Woods,Graveyard" --sealed Church
  eldritch arkham play --players 2 --bots 2        you play seat 1, the bot seat 2
  eldritch arkham play --seed 7 --players 4 --bots all --log game.log
  eldritch arkham check demo                       the demonstration board, summarised
  eldritch arkham play --players 2 --dice table    a physical table: its rolls and draws typed in
  eldritch arkham template my_board                the board's tables to fill in from your own copy
  eldritch arkham play --players 2 --names "Ann,Bo"   the players' names, for the Honour Roll
  eldritch arkham honour                           the Honour Roll: every game's Honoured Citizens
The board is the project's own demonstration board unless --board names a folder filled in from the
template (`eldritch arkham template DIR`, schema in kernel/arkham/data/README.md); `eldritch arkham
check DIR` names its first error (file, line, field) or summarises it."""

ODDS_EPILOG = """Every answer is an exact fraction num/den (den a power of 6) and its fixed point
round(p * 2^48), rounded half up once ("exact" in --json).
  fight    D6 + bonus against the monster's strength, exchange after exchange; a miss costs D6
           strength. --rounds 0: until one side is beaten. The bonus: Fight and --physical unless
           --immune physical (or both), --magical unless --immune magical (or both).
  stealth  a D6 at most Stealth
  sanity   a D6 at most the level (default: the current --sanity), losing a on a pass, b on a failure
  close    D6 + Fight + physical + magical + a bound monster against the gate's difficulty
  reach    the chance that a 2D6 move from a space can end on each space (monsters as SPACE=KIND)
  gates    the chance of a gate (or a monster) at each location at the next mythos gate roll"""


MAX_COUNT = 999                 # dice, points and rounds: far past any card or investigator
_count = whole(0, MAX_COUNT, "the number")


def _pair(text):
    """SAN a/b as printed: each side N, D6, 2D6 or D6+N; (pass, pass dice, fail, fail dice)."""
    got = printed.sanity(text)
    if got is None:
        raise argparse.ArgumentTypeError("expected a/b, the sanity lost on a pass and on a failure (each N, D6 "
                                         "or D6+N, e.g. 1/3 or 2/D6+1), not %r" % text)
    return got


def _strength(text):
    """A strength as printed: N, or N+D6 / N+2D6; (base, dice)."""
    got = printed.strength(text)
    if got is None:
        raise argparse.ArgumentTypeError("expected a strength N (1 to %d) or N+D6, e.g. 5 or 14+D6, not %r" % (
            printed.MAX_STRENGTH, text))
    return got


def add_parser(sub):
    p = sub.add_parser("arkham", help="Arkham Horror (1987): exact odds, a whole game, board files",
                       description="Arkham Horror (1987): exact odds of its rolls, a whole game on the "
                                   "demonstration board (or your own), and a board file check.",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    cls = type(p)
    asub = p.add_subparsers(dest="arkham_command", metavar="COMMAND", parser_class=cls)

    o = asub.add_parser("odds", help="exact odds of a roll", description="Exact odds of an Arkham Horror roll.",
                        epilog=ODDS_EPILOG + "\n\n" + EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    osub = o.add_subparsers(dest="odds_kind", metavar="ROLL", parser_class=cls)

    f = osub.add_parser("fight", help="beating a monster, within k exchanges, and the strength lost",
                        description="D6 + bonus against a monster's strength, exchange after exchange.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    f.add_argument("--fight", type=_count, default=0, help="the Fight skill (a physical attack)")
    f.add_argument("--physical", type=_count, default=0, help="physical weapons in hand (bonus)")
    f.add_argument("--magical", type=_count, default=0, help="magical items and spells (bonus)")
    f.add_argument("--bound", type=_count, default=0, help="a bound monster's strength (Bind Monster)")
    f.add_argument("--strength", type=_strength, required=True,
                   help="the monster's strength as printed: 5, or 14+D6 (the D6 rolled at each attack)")
    f.add_argument("--immune", choices=sorted(IMMUNE), default="none", help="the monster's immunity")
    f.add_argument("--stamina", type=_count, required=True, help="the investigator's strength left (1-30)")
    f.add_argument("--rounds", type=_count, default=0, help="exchanges to look at (0: until decided)")
    f.add_argument("--hound", action="store_true", help="a Hound of Tindalos (leaves after hurting once)")
    f.add_argument("--json", action="store_true", help="print one JSON object")

    s = osub.add_parser("stealth", help="a stealth check", description="A D6 at most the Stealth skill.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--stealth", type=_count, required=True, help="the Stealth skill")
    s.add_argument("--json", action="store_true", help="print one JSON object")

    s = osub.add_parser("sanity", help="a sanity check", description="A sanity check against a monster's SAN a/b.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--sanity", type=_count, required=True, help="the investigator's sanity now (1 or more)")
    s.add_argument("--level", type=_count, default=None, help="what the D6 must not exceed (default --sanity)")
    s.add_argument("--loss", type=_pair, required=True, help="the monster's SAN a/b as printed, e.g. 1/3 or 2/D6+1")
    s.add_argument("--json", action="store_true", help="print one JSON object")

    c = osub.add_parser("close", help="closing a gate", description="D6 + every attack against a gate's difficulty.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("--difficulty", type=_count, required=True, help="the gate's closing difficulty")
    c.add_argument("--fight", type=_count, default=0, help="the Fight skill")
    c.add_argument("--physical", type=_count, default=0, help="physical weapons")
    c.add_argument("--magical", type=_count, default=0, help="magical items and spells")
    c.add_argument("--bound", type=_count, default=0, help="a bound monster's strength")
    c.add_argument("--attempts", type=_count, default=1, help="rounds of attempts (default 1)")
    c.add_argument("--json", action="store_true", help="print one JSON object")

    r = osub.add_parser("reach", help="where a 2D6 move can end", description="The chance that a 2D6 move "
                        "from a space can end on each space of the board.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("--board", help="a board folder (default: demo, the demonstration board)")
    r.add_argument("--from", dest="start", required=True, help="the space the investigator starts from")
    r.add_argument("--to", help="only this space")
    r.add_argument("--mode", choices=sorted(MODES), default="foot", help="on foot, by vehicle, under the Mists")
    r.add_argument("--money", type=_count, default=0, help="dollars (a taxi costs $1)")
    r.add_argument("--whistle", action="store_true", help="holding the Taxi Whistle")
    r.add_argument("--monster", action="append", default=[], metavar="SPACE=KIND",
                   help="a monster on the board (repeatable), e.g. \"College Street=Zombie\"")
    r.add_argument("--json", action="store_true", help="print one JSON object")

    gt = osub.add_parser("gates", help="the next gate roll, per location",
                         description="The chance of a gate, or of a monster, at each location next mythos.",
                         epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    gt.add_argument("--board", help="a board folder (default: demo, the demonstration board)")
    gt.add_argument("--open", default="", help="locations with an open gate, comma separated")
    gt.add_argument("--sealed", default="", help="locations sealed by an Elder Sign, comma separated")
    gt.add_argument("--json", action="store_true", help="print one JSON object")

    pl = asub.add_parser("play", help="play a whole game (human or bot seats)",
                         description="A whole game of Arkham Horror (1987) on the demonstration board.",
                         epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    pl.add_argument("--board", help="a board folder (default: demo, the demonstration board)")
    pl.add_argument("--seed", type=SEED, default=None, help="the game's seed (default: from the clock)")
    pl.add_argument("--players", type=whole(1, 99, "--players"), default=1, help="players (the board's range; default 1)")
    pl.add_argument("--bots", default="", help="'all', or the seats the bot plays: '2,3'")
    pl.add_argument("--bot", choices=playlog.BOTS, default="heuristic",
                    help="which bot (search: determinized rollouts, about a second a game)")
    pl.add_argument("--house", default="", help="house rules, comma separated (see the README)")
    pl.add_argument("--rounds", type=whole(-1, 999, "--rounds"), default=-1,
                    help="an agreed round limit (0: none; default the board's)")
    pl.add_argument("--doom", type=whole(0, 999, "--doom"), default=0,
                    help="the doom track's length by agreement (default the board's)")
    pl.add_argument("--dice", choices=("device", "table"), default="device",
                    help="'table': type in the physical rolls and draws (monsters, gates, cards) instead of "
                         "rolling and drawing here")
    pl.add_argument("--log", help="write the log (the seed, each action and its events, in words) to this file")
    pl.add_argument("--load", help="continue the game saved in this file")
    pl.add_argument("--save", help="save the game to this file when it ends (or stops)")
    pl.add_argument("--names", default="", help="the players' names by seat, comma separated, entered in the "
                                                "Honour Roll with their Honoured Citizens (default: seat 1, ...)")
    from eldritch.frontend.cli import add_play_args
    add_play_args(pl)

    ck = asub.add_parser("check", help="validate a board folder", description="Load a board folder, "
                         "reporting its first error (file, line, field) or a summary.", epilog=EPILOG,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    ck.add_argument("folder", help="the folder of TSV files ('demo': the demonstration board)")
    tp = asub.add_parser("template", help="copy the board's empty tables into a new folder",
                         description="Write the board's tables (headers and comments, no rows) into FOLDER, "
                                     "to fill in from your own copy of the game; then `eldritch arkham check "
                                     "FOLDER`.", epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    tp.add_argument("folder", help="a new folder, or an empty one")
    hr = asub.add_parser("honour", help="the Honour Roll", description="The Honour Roll: the Honoured "
                         "Citizens of every game played to its end with people at the table (`eldritch arkham "
                         "play`), with their players' names, oldest first.", epilog=EPILOG,
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    hr.add_argument("--state-dir", help="the per-user state folder holding the roll (default: the usual one)")
    hr.add_argument("--json", action="store_true", help="one JSON object: {\"entries\": [...]}")
    return p


# ----- odds ----------------------------------------------------------------------------------------------

def _prob(num, den):
    return {"num": num, "den": den, "exact": odds.fixed(num, den), "probability": num / den}


def _pct(num, den):
    return "%.4f%%" % (100.0 * num / den)


def cmd_odds(args):
    kind = args.odds_kind
    if kind is None:
        raise KernelError("option", "give a roll: fight, stealth, sanity, close, reach or gates")
    out = {"roll": kind}
    lines = []
    if kind == "fight":
        bonus = odds.attack_bonus(args.fight, args.physical, args.magical, IMMUNE[args.immune]) + args.bound
        base, dice = args.strength
        win, ko, und, lost, den = odds.fight(bonus, base, args.stamina, args.rounds, args.hound, dice)
        hit, hden = odds.hit_chance(bonus, base, dice)
        strength_words = strength_text(base, dice)
        out.update(bonus=bonus, strength=base if not dice else strength_words, stamina=args.stamina, rounds=args.rounds,
                   hit=_prob(hit, hden), win=_prob(win, den),
                   knocked_out=_prob(ko, den), undecided=_prob(und, den),
                   strength_lost={"num": lost, "den": den, "expected": lost / den})
        lines = ["bonus %d against strength %s: each attack hits %s" % (bonus, strength_words, _pct(hit, hden)),
                 "beaten %s: %s (%d/%d)" % ("within %d exchanges" % args.rounds if args.rounds else "in the end",
                                            _pct(win, den), win, den),
                 "knocked out: %s, undecided: %s" % (_pct(ko, den), _pct(und, den)),
                 "expected strength lost: %.4f (%d/%d)" % (lost / den, lost, den)]
    elif kind == "stealth":
        num, den = odds.stealth(args.stealth)
        out.update(stealth=args.stealth, passes=_prob(num, den))
        lines = ["stealth %d passes %s (%d/%d)" % (args.stealth, _pct(num, den), num, den)]
    elif kind == "sanity":
        a, ad, b, bd = args.loss
        level = args.sanity if args.level is None else args.level
        ok, insane, expected, den = odds.sanity_check(level, a, b, args.sanity, ad, bd)
        sa = loss_text(a, ad)
        sb = loss_text(b, bd)
        out.update(level=level, loss=[a if not ad else sa, b if not bd else sb], sanity=args.sanity,
                   passes=_prob(ok, den), insane=_prob(insane, den),
                   sanity_lost={"num": expected, "den": den, "expected": expected / den})
        lines = ["a D6 at most %d passes %s; loses %s on a pass, %s on a failure" % (level, _pct(ok, den), sa, sb),
                 "goes mad: %s; expected sanity lost %.4f" % (_pct(insane, den), expected / den)]
    elif kind == "close":
        bonus = args.fight + args.physical + args.magical + args.bound
        num, den = odds.close_gate(bonus, args.difficulty, max(1, args.attempts))
        out.update(bonus=bonus, difficulty=args.difficulty, attempts=args.attempts, closed=_prob(num, den))
        lines = ["bonus %d against difficulty %d: closed within %d round(s) %s (%d/%d)" % (
            bonus, args.difficulty, args.attempts, _pct(num, den), num, den)]
    elif kind == "reach":
        board = Board(_board_folder(args.board))
        start = _space(board, args.start, "--from")
        occ = bytearray(board.nspaces)
        for m in args.monster:
            where, eq, name = m.partition("=")
            s = _space(board, where.strip(), "--monster")
            if not eq or name.strip() not in board.kind_names:
                raise KernelError("option", "--monster '%s': give SPACE=KIND with a monster of this board" % m)
            k = board.kind_names.index(name.strip())
            sp = board.k_special[k]
            occ[s] |= (OCC_HOUND if sp & SPECIAL_HOUND else OCC_MONSTER) | (OCC_BLOCKING if sp & SPECIAL_BLOCKING else 0)
        got = reach_odds(board, occ, start, MODES[args.mode], args.money, args.whistle)
        only = _space(board, args.to, "--to") if args.to else None
        rows = [(board.space_names[s], got[s]) for s in range(board.nspaces) if only is None or s == only]
        out.update({"from": args.start, "mode": args.mode, "spaces": {n: _prob(v, 36) for n, v in rows}})
        lines = ["%-22s %s (%d/36)" % (n, _pct(v, 36), v) for n, v in rows]
    else:
        board = Board(_board_folder(args.board))
        has = bytearray(board.nspaces)
        sealed = bytearray(board.nspaces)
        for name in [x.strip() for x in args.open.split(",") if x.strip()]:
            has[_space(board, name, "--open")] = 1
        for name in [x.strip() for x in args.sealed.split(",") if x.strip()]:
            sealed[_space(board, name, "--sealed")] = 1
        gate, monster = gate_odds(board.gate_table, sealed, has, board.nspaces)
        out["locations"] = {board.space_names[s]: {"gate": _prob(gate[s], 36), "monster": _prob(monster[s], 36)}
                            for s in board.locations}
        lines = ["%-16s gate %s  monster %s" % (board.space_names[s], _pct(gate[s], 36), _pct(monster[s], 36))
                 for s in board.locations]
    if args.json:
        print(json.dumps(out))
    else:
        print("\n".join(lines))
    return 0


def _space(board, name, flag):
    if name not in board.space_index:
        raise KernelError("option", "%s: no space named '%s' on this board" % (flag, name))
    return board.space_index[name]


# ----- check ----------------------------------------------------------------------------------------------

def _board_folder(name):
    """A --board or check argument: 'demo' (or nothing) is the demonstration board."""
    return None if name in (None, "demo") else name


def cmd_check(args):
    try:
        b = Board(_board_folder(args.folder))
    except KernelError as exc:
        if exc.detail.endswith("no rows") and _unfilled(args.folder):
            raise KernelError("board", "%s is the unfilled template (%s): fill in its tables from your own copy "
                              "(schema: kernel/arkham/data/README.md)" % (shown(args.folder), exc.detail))
        raise
    from eldritch.kernel.arkham.game.board import DECK_ALLY
    allies = sum(1 for c in range(b.ncards) if b.i_deck[b.card_kind[c]] == DECK_ALLY)
    print("%s: %d spaces (%d city locations), %d Other Worlds, %d gate cards, %d monsters of %d kinds, "
          "%d item and spell cards, %d investigators, players %d-%d, doom track %d, gate limits %s" % (
              args.folder, b.nspaces, len(b.locations), b.nworlds, b.ngates, b.nmonsters, b.nkinds,
              b.ncards - allies, b.ninv, b.min_players, b.max_players, b.doom_length,
              ", ".join("%d:%d" % (p, b.gate_limit[p]) for p in range(b.min_players, b.max_players + 1))))
    print("  skills %s; %d taxi spaces; %d locations with a back door; %d allies%s; every space reachable, "
          "every gate limit reachable" % (", ".join(b.skill_names), sum(b.taxi),
                                          sum(1 for s in b.locations if b.nbr_count[s] > 1), allies,
                                          "; a jail (%s)" % b.space_names[b.jail] if b.jail != 255 else ""))
    return 0


def _unfilled(folder):
    """True when no table of the folder has a row yet (only headers and comments)."""
    from eldritch.kernel.arkham.game.board import FILES
    for name in FILES:
        try:
            with open(os.path.join(folder, name + ".tsv"), encoding="utf-8") as f:
                rows = [l for l in f if l.strip() and not l.startswith("#")]
        except OSError:
            return False
        if len(rows) > 1:
            return False
    return True


def cmd_template(args):
    """Copy the template's tables into a new (or empty) folder; never overwrite a file."""
    from eldritch.kernel.arkham.game.board import FILES, data_folder
    src = os.path.join(data_folder(), "template")
    dest = args.folder
    if os.path.exists(dest) and (not os.path.isdir(dest) or os.listdir(dest)):
        raise KernelError("option", "%s exists and is not an empty folder: give a new one" % shown(dest))
    try:
        os.makedirs(dest, exist_ok=True)
        for name in FILES:
            with open(os.path.join(src, name + ".tsv"), encoding="utf-8") as f:
                text = f.read()
            with open(os.path.join(dest, name + ".tsv"), "x", encoding="utf-8") as f:
                f.write(text)
    except OSError as exc:
        raise KernelError("option", "cannot write the template into %s: %s" % (shown(dest), exc.strerror or exc))
    folder = shown(dest)
    print("%s: %d tables to fill in from your own copy (schema: kernel/arkham/data/README.md); then: "
          "eldritch arkham check %s" % (folder, len(FILES), folder))
    return 0


# ----- play ---------------------------------------------------------------------------------------------

def cmd_play(args):
    from eldritch.frontend import cli as fcli
    from eldritch.frontend.persist import Persist
    from eldritch.frontend.session import Session
    from eldritch.frontend.settings import Settings
    from eldritch.arkham.frontend import ArkhamGame, load, new_rules
    fcli.check_names(args)
    persist = Persist("arkham", fcli.state_folder(args))
    fresh = not (args.load or args.resume)
    options = {"board": _board_folder(args.board), "house": args.house, "rounds": args.rounds, "doom": args.doom,
               "dice": args.dice}
    notices = []
    if fresh:
        rules = new_rules(options)
        if not rules.min_players <= args.players <= rules.max_players:
            raise KernelError("option", "--players must be %d to %d on this board, not %d" % (
                rules.min_players, rules.max_players, args.players))
        seed = args.seed
        if seed is None:
            import time
            seed = int(time.time()) & 0x3FFFFFFF
        game = rules.new_game(seed, args.players)
        settings = Settings(bot_seats(args.bots, game.players), args.bot, options=options)
    else:
        loaded = {}

        def opened(payload, doc):
            loaded["rules"], g, st = load(payload, doc, lambda saved: new_rules(saved or options))
            return g, st
        game, settings, _, notice = fcli.read_save(persist, args, opened)
        notices.append(notice)
        rules = loaded["rules"]
        if "board" not in settings.options:
            settings.options = dict(options)
        if args.bots:
            settings.bots = frozenset(bot_seats(args.bots, game.players))
        settings.options["dice"] = args.dice
    if args.speed is not None:
        settings.speed = args.speed
    if args.no_hints:
        settings.hints = False
    all_bots = len(settings.bots) == game.players and args.dice == "device"
    for line in fcli.check_paths(args, "arkham", all_bots):
        print(line)
    names = _names(args.names, game.players)
    adapter = ArkhamGame(rules, game, settings)
    session = Session(adapter, settings, None if all_bots else persist)
    if all_bots:
        code = fcli.bot_game(session, args)
        print("seed %d: result %s" % (game.seed, adapter.log.result or "unfinished"))
        return code
    code = interactive(session, args, fresh, [n for n in notices if n])
    enter_honour_roll(adapter.state, names, settings.options.get("board"), fcli.state_folder(args))
    return code


def _names(text, players):
    """--names: one name a seat (fewer is fine), no empty ones in between."""
    if not text.strip():
        return []
    names = [n.strip() for n in text.split(",")]
    if len(names) > players or not all(names):
        raise KernelError("option", "--names gives one name a seat (at most %d), comma separated" % players)
    return names


def enter_honour_roll(game, names, board, folder):
    """A game that ended with people at the table: its Honoured Citizens into the Honour Roll."""
    from eldritch.arkham.honour import HonourRoll, entry_line
    added = HonourRoll(folder).enter_game(game, names, os.path.basename(board.rstrip("/")) if board else
                                          "demonstration")
    for row in added:
        print("Honour Roll: %s" % entry_line(row))


def cmd_honour(args):
    from eldritch.frontend import cli as fcli
    from eldritch.arkham.honour import HonourRoll, entry_line
    fcli.check_names(args, ("state_dir",))
    roll = HonourRoll(fcli.state_folder(args))
    rows = roll.entries()
    if args.json:
        print(json.dumps({"entries": rows}))
    elif not rows:
        print("The Honour Roll is empty (%s): it fills as games end with people at the table." % shown(roll.path))
    else:
        for row in rows:
            print(entry_line(row))
    return 0


def interactive(session, args, fresh, notices=()):
    """The game with people at the table, on the shared front end (Textual or plain)."""
    from eldritch.frontend import cli as fcli
    return fcli.play_session(session, args, fresh, notices)


def run(args, backend=None):
    cmd = args.arkham_command
    if cmd == "odds":
        return cmd_odds(args)
    if cmd == "play":
        return cmd_play(args)
    if cmd == "check":
        return cmd_check(args)
    if cmd == "template":
        return cmd_template(args)
    if cmd == "honour":
        return cmd_honour(args)
    raise KernelError("option", "give a command: odds, play, check, template or honour (see eldritch arkham --help)")
