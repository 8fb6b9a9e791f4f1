"""`eldritch stayaway [play]`: Stay Away! in the terminal, humans and bots, on the shared front end
(host/frontend/: the Textual app, or the plain mode), with sealed saves and autosave, the referee log
at the end, and `eldritch stayaway simulate` for win rates with Wilson intervals.

    eldritch stayaway play --players 5 --bots 2,3,4,5         you are P1, four bots
    eldritch stayaway --seed 7 --players 6 --bots all --log game.log
    eldritch stayaway simulate --games 200 --players 4-12

Between two human decisions of different players the screen and its scrollback are cleared and the
next player is named; they press Enter when only they are looking, and see only their own view
(render.py reads kernel/stayaway/game/views.py). A save holds every hand, so it goes through the save
layer sealed with the table's passphrase (host/saves/__init__.py, host/saves/seal.py): asked when first needed
without echo, or read from a descriptor (--passphrase-fd N), never taken from the command line;
without one nothing is autosaved. A save older than the newest this table has reached is refused
unless --allow-older. The seal keeps outsiders out and shows tampering; a player who knows the
passphrase can still open the save. `--log` holds the public log while the game can go on, the
referee log (every card) once it is over.
"""

import argparse
import json
from typing import Dict, List, Optional

from eldritch.cliargs import GAMES, MAX_GAMES, SEED, whole
from eldritch.frontend.botseats import bot_seats
from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.text import player_name
from eldritch.kernel.stayaway.game.play import make_bots
from eldritch.analysis.stats import wilson

EXAMPLES = """examples:
  eldritch stayaway play --players 5 --bots 2,3,4,5    you play P1 against four heuristic bots
  eldritch stayaway --players 4                         four humans, one terminal (hot seat)
  eldritch stayaway --seed 7 --players 6 --bots all --log game.log
                                                        a whole bot game; the referee log in game.log
  eldritch stayaway --players 6 --bots all --bot-kind search --vengeful
  eldritch stayaway --seed 32 --players 4 --bots all --bot-kind random,heuristic,heuristic,random
                                                        a table of bots of two kinds
  eldritch stayaway --load game.sae                     go on with a sealed save (asks its passphrase)
  eldritch stayaway --load game.sae --passphrase-fd 3 3<words.txt   the passphrase from a file
  eldritch stayaway --resume                            go on with the last autosaved game
  eldritch stayaway simulate --games 200 --players 4-12
                                                        win rates by side, with 95% intervals
during play: a number chooses (0 goes back), Enter takes the advised option, 'board' shows the
table, 'log' your log, 'hint' the advice, 'save FILE' seals a save with the table's passphrase,
'quit' asks, then saves. The referee log is never shown during play."""

OPTION_FLAGS = (("quick_start", "the rulebook's quick start (The Thing dealt with 2 Infected!)"),
                ("thing_in_pile", "advanced 1: The Thing shuffled into the pile"),
                ("flame_in_pile", "advanced 3: Flamethrower and Analysis go into the pile"),
                ("neighbour_only", "advanced 4: Seduction and the swaps only on neighbours"),
                ("vengeful", "advanced 6: vengeful mode"),
                ("house_quarantine", "house rule: the other edition's Quarantine (3 turns, no exchanges)"))


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("stayaway", help="play Stay Away! (hidden roles, 4-12 players) or simulate it",
                       description="Stay Away!: humans and bots in the terminal (hot seat), or `simulate` "
                                   "for win rates by side and player count.",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", nargs="?", choices=("play", "simulate"), default="play",
                   help="play (default) or simulate")
    p.add_argument("--seed", type=SEED, default=None, help="the game's seed (default: from the clock)")
    p.add_argument("--players", default=None,
                   help="players, 4-12 (default 5); for simulate a list or range: 4,6,8 or 4-12")
    p.add_argument("--bots", default="", help="'all', or the bot seats: '2,3' (default none)")
    p.add_argument("--bot-kind", type=bot_kinds, default=("heuristic",), metavar="KIND",
                   help="the bots' kind: heuristic (default), random or search; or one kind per seat, P1 first "
                        "(random,heuristic,heuristic,random: a human seat's is not used)")
    p.add_argument("--log", help="write the log to this file: the public log while the game can go on, the "
                                 "referee log (every card) once it is over")
    p.add_argument("--load", help="go on with a sealed save")
    p.add_argument("--save", help="seal the game into this file when it ends or stops")
    p.add_argument("--games", type=GAMES, default=100,
                   help="simulate: games per player count (default 100; at most %d, as every --games)" % MAX_GAMES)
    p.add_argument("--json", action="store_true", help="simulate: print one JSON object")
    p.add_argument("--deck", help="a deck file replacing the kernel's (free deck building)")
    p.add_argument("--infected", type=whole(0, 99, "--infected"), default=None,
                   help="advanced 2: the number of Infected! cards")
    p.add_argument("--ninth-suspicious", type=whole(0, 99, "--ninth-suspicious"), default=None, metavar="N",
                   help="the 109th card: a ninth Suspicious used from N players (4-12; one edition's data, "
                        "unconfirmed: kernel/stayaway/data/README.md)")
    for name, text in OPTION_FLAGS:
        p.add_argument("--" + name.replace("_", "-"), dest=name, action="store_true", help=text)
    p.add_argument("--max-steps", type=whole(1, 10 ** 7, "--max-steps"), default=100000, help=argparse.SUPPRESS)
    from eldritch.frontend.cli import add_play_args, add_passphrase_args
    add_play_args(p)
    add_passphrase_args(p)
    return p


BOT_KINDS = ("heuristic", "random", "search")


def bot_kinds(text: str) -> tuple:
    """An argparse type: a bot kind, or one per seat separated by commas."""
    kinds = tuple(k.strip() for k in text.split(","))
    for k in kinds:
        if k not in BOT_KINDS:
            raise argparse.ArgumentTypeError("a bot kind is %s, not %r" % (", ".join(BOT_KINDS), k[:20]))
    return kinds


def seat_kinds_for(kinds: tuple, players: int):
    """(the table's kind, each seat's kind or None) of --bot-kind for a game of `players`."""
    if len(kinds) == 1:
        return kinds[0], None
    if len(kinds) != players:
        raise KernelError("option", "--bot-kind: %d kinds for %d players (one kind, or one per seat)"
                          % (len(kinds), players))
    return kinds[0], kinds


def options_from(args) -> dict:
    opts: Dict[str, object] = {}
    for name, _ in OPTION_FLAGS:
        if getattr(args, name):
            opts[name] = True
    if args.infected is not None:
        opts["infected"] = args.infected
    if args.ninth_suspicious is not None:
        opts["ninth_suspicious"] = args.ninth_suspicious
    if args.deck:
        opts["deck"] = args.deck
    return opts


def player_counts(text: Optional[str], default: List[int]) -> List[int]:
    if text is None:
        return default
    out: List[int] = []
    for part in text.split(","):
        ends = part.split("-")
        if len(ends) > 2 or not all(e.strip().isascii() and e.strip().isdigit() and len(e.strip()) <= 9
                                    for e in ends):
            raise KernelError("option", "--players: %r is not a count or a range like 4-12" % text[:40])
        lo, hi = int(ends[0]), int(ends[-1])
        for n in (lo, hi):                     # checked before a range is spelled out
            if not D.MIN_PLAYERS <= n <= D.MAX_PLAYERS:
                raise KernelError("option", "--players: %d is not %d to %d" % (n, D.MIN_PLAYERS, D.MAX_PLAYERS))
        out.extend(range(lo, hi + 1))
    return out


def end_text(state) -> List[str]:
    lines = ["game over: %s" % D.RESULT_NAMES[state.result]]
    ret = state.returns()
    for q in range(state.players):
        lines.append("  %s %s%s: %s" % (player_name(q), D.ROLE_NAMES[state.role[q]],
                                        "" if state.alive[q] else " (eliminated)", "wins" if ret[q] else "loses"))
    return lines


# ----- simulate -----------------------------------------------------------------------------------------

def simulate(args) -> int:
    if len(args.bot_kind) != 1:
        raise KernelError("option", "--bot-kind: one kind for simulate (it plays every player count)")
    kind = args.bot_kind[0]
    counts = player_counts(args.players, list(range(4, 13)))
    rules = Rules(options_from(args))
    seed0 = args.seed if args.seed is not None else 0
    rows = []
    for n in counts:
        thing = humans = other = 0
        for g in range(args.games):
            seed = seed0 + g
            s = rules.new_game(seed, n)
            bots = make_bots([kind] * n, seed, rules)
            from eldritch.kernel.stayaway.game.play import play_game
            play_game(rules, seed, n, bots, args.max_steps, state=s)
            if s.result in (D.R_DECLARED, D.R_THING_ALONE):
                thing += 1
            elif s.result in (D.R_BURNT, D.R_FALSE, D.R_FOUND) and any(
                    s.returns()[q] for q in range(n)):
                humans += 1
            else:
                other += 1
        tl, th = wilson(thing, args.games)
        hl, hh = wilson(humans, args.games)
        rows.append({"players": n, "games": args.games, "thing_wins": thing, "thing_rate": thing / args.games,
                     "thing_interval": [tl, th], "human_wins": humans, "human_rate": humans / args.games,
                     "human_interval": [hl, hh], "other": other})
    if args.json:
        print(json.dumps({"bots": kind, "seed": seed0, "rows": rows}))
        return 0
    print("%s bots, seeds %d..%d; 95%% Wilson intervals" % (kind, seed0, seed0 + args.games - 1))
    print("| players | games | The Thing's side wins | Humans win | other (vengeful, cut) |")
    print("|---:|---:|---|---|---:|")
    for r in rows:
        print("| %d | %d | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %d |" % (
            r["players"], r["games"], r["thing_rate"], r["thing_interval"][0], r["thing_interval"][1],
            r["human_rate"], r["human_interval"][0], r["human_interval"][1], r["other"]))
    return 0


# ----- the command --------------------------------------------------------------------------------------

def cmd_play(args) -> int:
    from eldritch.frontend import cli as fcli
    from eldritch.frontend.persist import Persist
    from eldritch.frontend.session import Session
    from eldritch.frontend.settings import Settings
    from eldritch.stayaway.frontend import StayAwayGame, load
    fcli.check_names(args)
    persist = Persist("stayaway", fcli.state_folder(args))
    fresh = not (args.load or args.resume)
    notices = []
    if not fresh:
        if args.players is not None:
            raise KernelError("option", "--players: a loaded game keeps its players")
        state, settings, seal, notice = fcli.read_save(persist, args, lambda payload, doc: load(payload, doc, args.deck))
        notices.append(notice)
        if args.bots:
            settings.bots = frozenset(bot_seats(args.bots, state.players))
        if args.bot_kind != ("heuristic",):
            settings.kind, settings.seat_kinds = seat_kinds_for(args.bot_kind, state.players)
    else:
        players = player_counts(args.players, [5])
        if len(players) != 1:
            raise KernelError("option", "--players: one count to play, e.g. 5")
        seed = args.seed
        if seed is None:
            import time
            seed = int(time.time()) & 0x3FFFFFFF
        state = Rules(options_from(args)).new_game(seed, players[0])
        kind, each = seat_kinds_for(args.bot_kind, state.players)
        settings = Settings(bot_seats(args.bots, state.players), kind, seat_kinds=each)
        seal = None
    if args.speed is not None:
        settings.speed = args.speed
    if args.no_hints:
        settings.hints = False
    all_bots = len(settings.bots) == state.players
    for line in fcli.check_paths(args, "stayaway", all_bots):
        print(line)
    if seal is None and not all_bots:
        seal = fcli.new_seal(args)
    session = Session(StayAwayGame(state, settings), settings, None if all_bots else persist, seal=seal)
    if all_bots:
        code = fcli.bot_game(session, args, args.max_steps)
        for line in end_text(state) if state.is_terminal() else []:
            print(line)
        return code
    return fcli.play_session(session, args, fresh, [n for n in notices if n])


def run(args, backend=None) -> int:
    if args.mode == "simulate":
        return simulate(args)
    return cmd_play(args)
