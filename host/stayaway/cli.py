"""`eldritch stayaway`: Stay Away! in the terminal, humans and bots, with a hot-seat privacy screen, sealed
saves, the referee log, and `eldritch stayaway simulate` for win rates with Wilson intervals.

    eldritch stayaway --players 5 --bots 2,3,4,5              you are P1, four bots
    eldritch stayaway --seed 7 --players 6 --bots all --log game.log
    eldritch stayaway simulate --games 200 --players 4-12

Between two human decisions the screen is cleared and the next player is named; they press Enter when
only they are looking, and see only their own view (kernel/stayaway/game/views.py). The referee log,
every card shown, is written at the end (--log) and never printed during play.

Saves go through the save layer (host/saves.py), sealed with the table's passphrase (host/seal.py):
asked at the terminal without echo, or read from a descriptor (--passphrase-fd N), never taken from
the command line (argv shows in /proc/PID/cmdline). Files are mode 0600; a save older than the newest
this table has reached on this account is refused unless --allow-older, which the screen then says.
The seal keeps outsiders out and shows tampering; a player who knows the passphrase can still open
the save and read every hand: it does not keep secrets from the people holding the key.
"""

import argparse
import json
import sys
from array import array
from typing import Callable, Dict, List, Optional

from ..atomic import SaveError, user_path, write_atomic
from .. import saves
from ..passphrase import TableKey, NoPassphraseOnArgv
from ..botseats import bot_seats
from ..kernel.errors import KernelError
from ..kernel.stayaway.game import defs as D
from ..kernel.stayaway.game.rules import Rules
from ..kernel.stayaway.game.views import View
from ..kernel.stayaway.game.text import event_text, player_name
from ..kernel.stayaway.game.play import make_bots
from ..stats import wilson

EXAMPLES = """examples:
  eldritch stayaway --players 5 --bots 2,3,4,5         you play P1 against four heuristic bots
  eldritch stayaway --players 4                         four humans, one terminal (hot seat)
  eldritch stayaway --seed 7 --players 6 --bots all --log game.log
                                                        a whole bot game; the referee log in game.log
  eldritch stayaway --players 6 --bots all --bot-kind search --vengeful
  eldritch stayaway --load game.sae                     go on with a sealed save (asks its passphrase)
  eldritch stayaway --load game.sae --passphrase-fd 3 3<words.txt   the passphrase from a file
  eldritch stayaway simulate --games 200 --players 4-12 win rates by side, with 95% intervals
during play: a number chooses; 'log' shows your log, 'table' the table, 'save FILE' seals a save with
a passphrase, 'quit' stops. The referee log is never shown during play."""

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
    p.add_argument("--seed", type=int, default=None, help="the game's seed (default: from the clock)")
    p.add_argument("--players", default=None,
                   help="players, 4-12 (default 5); for simulate a list or range: 4,6,8 or 4-12")
    p.add_argument("--bots", default="", help="'all', or the bot seats: '2,3' (default none)")
    p.add_argument("--bot-kind", choices=("heuristic", "random", "search"), default="heuristic",
                   help="the bots' kind (default heuristic)")
    p.add_argument("--log", help="write the referee log (every card) to this file at the end")
    p.add_argument("--load", help="go on with a sealed save")
    p.add_argument("--passphrase-fd", type=int, default=None, metavar="N",
                   help="read the table's passphrase from file descriptor N (default: asked at the terminal; "
                        "never on the command line, where every user of the machine can read it)")
    p.add_argument("--passphrase", action=NoPassphraseOnArgv, help=argparse.SUPPRESS)
    p.add_argument("--allow-older", action="store_true",
                   help="load a save older than the newest this table has made (said on the screen)")
    p.add_argument("--games", type=int, default=100, help="simulate: games per player count (default 100)")
    p.add_argument("--json", action="store_true", help="simulate: print one JSON object")
    p.add_argument("--deck", help="a deck file replacing the kernel's (free deck building)")
    p.add_argument("--infected", type=int, default=None, help="advanced 2: the number of Infected! cards")
    p.add_argument("--ninth-suspicious", type=int, default=None, metavar="N",
                   help="the 109th card: a ninth Suspicious used from N players (4-12; one edition's data, "
                        "unconfirmed: kernel/stayaway/data/README.md)")
    for name, text in OPTION_FLAGS:
        p.add_argument("--" + name.replace("_", "-"), dest=name, action="store_true", help=text)
    p.add_argument("--max-steps", type=int, default=100000, help=argparse.SUPPRESS)
    return p


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
    try:
        for part in text.split(","):
            if "-" in part:
                lo, hi = part.split("-")
                out.extend(range(int(lo), int(hi) + 1))
            else:
                out.append(int(part))
    except ValueError:
        raise KernelError("option", "--players: '%s' is not a count or a range like 4-12" % text)
    for n in out:
        if not D.MIN_PLAYERS <= n <= D.MAX_PLAYERS:
            raise KernelError("option", "--players: %d is not 4 to 12" % n)
    return out


# ----- the screens ------------------------------------------------------------------------------------

def table_text(v: View) -> List[str]:
    """The table as the viewer sees it: seats in order, doors, Quarantine, the direction."""
    cells = []
    n = v.players
    for seat in range(n):
        q = v.seats[seat]
        if q == D.NOBODY:
            cell = "(empty)"
        else:
            cell = player_name(q) + ("*" if q == v.me else "")
            if v.quarantine[q]:
                cell += "[Q%d]" % v.quarantine[q]
        cells.append(cell)
        if v.doors[seat]:
            cells.append("|door|")
    lines = ["table (clockwise): " + " ".join(cells) + "   direction: " +
             ("clockwise" if v.direction == 0 else "anticlockwise"),
             "pile %d, discards %d; turn %d, %s's turn" % (v.pile, v.discards, v.turn, player_name(v.active))]
    return lines


def private_screen(v: View, since: int) -> List[str]:
    role = D.ROLE_NAMES[v.role]
    lines = ["You are %s: %s" % (player_name(v.me), role)]
    if v.role == D.THE_THING:
        lines.append("roles: " + ", ".join("%s %s" % (player_name(q), D.ROLE_NAMES[v.roles[q]])
                                           for q in range(v.players) if q != v.me))
    elif v.thing != D.NOBODY:
        lines.append("The Thing is %s" % player_name(v.thing))
    lines.extend(table_text(v))
    lines.append("your hand: " + ", ".join(D.CARD_NAMES[c] for c in v.hand))
    if v.phase == D.PH_ANSWER and v.ctx_card != D.NO_CARD and v.me != v.ctx_a:
        lines.append("offered to you face up: " + D.CARD_NAMES[v.ctx_card])
    if v.phase == D.PH_RESOLUTE and v.res and v.res[0] != D.NO_CARD:
        lines.append("you drew: " + ", ".join(D.CARD_NAMES[c] for c in v.res))
    news = v.events_since(since)           # `since`: the viewer's events since setup already shown
    if news:
        lines.append("since your last look:")
        lines.extend("  " + event_text(code, a, b, c, v.players, v.me) for code, a, b, c in news[-40:])
    return lines


class Terminal:
    """Input and output, replaceable in tests."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                 clear: bool = True):
        self.read = read
        self.write = write
        self.clear = clear and sys.stdout.isatty()

    def privacy(self, who: int) -> None:
        if self.clear:
            self.write("\x1b[2J\x1b[H")
        else:
            self.write("\n" + "=" * 60)
        self.read("Pass to %s. Press Enter when only %s is looking. " % (player_name(who), player_name(who)))


def seal_save(state, path: str, key: TableKey) -> None:
    """The game sealed with the table's key through the save layer; SaveError (one line) on failure."""
    saves.write_save(user_path(path), "stayaway", state.serialize(), None, seal=key.seal())


def load_save(path: str, key: TableKey, deck: Optional[str], allow_older: bool = False, say=None):
    try:
        save = saves.read_save(path, "stayaway", passphrase=key.words, allow_older=allow_older)
    except SaveError as exc:
        raise KernelError("save", str(exc))
    key.adopt(save.seal)
    if save.notice and say is not None:
        say(save.notice)
    blob = save.payload
    from ..kernel.stayaway.game.save import options_of
    opts = options_of(blob)
    if deck:
        opts["deck"] = deck
    return Rules(opts).deserialize(blob)


def play(state, bots, term: Terminal, max_steps: int, key: Optional[TableKey] = None) -> int:
    """Play to the end; human seats through the terminal, bots by themselves."""
    buf = array("i", [0] * state.rules.max_actions)
    seen = [0] * state.players          # how much of each human's log they have been shown
    last_human = -1
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        p = state.current_player()
        n = state.legal_actions(buf)
        legal = [buf[i] for i in range(n)]
        bot = bots[p]
        if bot is not None:
            a = legal[0] if n == 1 else bot.choose(state.view(p), legal)
        else:
            if p != last_human:
                term.privacy(p)
                last_human = p
            v = View(state.view(p))
            for line in private_screen(v, seen[p]):
                term.write(line)
            seen[p] = v.end
            a = ask(state, p, legal, term, key)
            if a is None:
                return 1
        state.apply(a)
        steps += 1
    return 0


def ask(state, p: int, legal: List[int], term: Terminal, key: Optional[TableKey] = None) -> Optional[int]:
    term.write("%s, choose:" % player_name(p))
    for i, a in enumerate(legal):
        term.write("  %2d. %s" % (i + 1, state.action_text(a)))
    while True:
        try:
            line = term.read("number, 'log', 'table', 'save FILE' or 'quit': ").strip()
        except EOFError:
            return None
        if line == "quit":
            return None
        if line == "log":
            term.write(state.player_log(p))
        elif line == "table":
            for t in table_text(View(state.view(p))):
                term.write(t)
        elif line == "save" or line.startswith("save "):
            path = user_path(line[5:])
            if key is None:
                key = TableKey(None, None if sys.stdin.isatty() else term.read)
            try:
                seal_save(state, path, key)
                term.write("sealed into %s" % path)
            except SaveError as exc:
                term.write("not saved: %s (the game goes on)" % exc)
        elif line.isdigit() and 1 <= int(line) <= len(legal):
            return legal[int(line) - 1]
        else:
            term.write("type a number 1 to %d" % len(legal))


def end_text(state) -> List[str]:
    lines = ["game over: %s" % D.RESULT_NAMES[state.result]]
    ret = state.returns()
    for q in range(state.players):
        lines.append("  %s %s%s: %s" % (player_name(q), D.ROLE_NAMES[state.role[q]],
                                        "" if state.alive[q] else " (eliminated)", "wins" if ret[q] else "loses"))
    return lines


# ----- simulate -----------------------------------------------------------------------------------------

def simulate(args) -> int:
    counts = player_counts(args.players, list(range(4, 13)))
    if args.games < 1:
        raise KernelError("option", "--games must be 1 or more")
    rules = Rules(options_from(args))
    seed0 = args.seed if args.seed is not None else 0
    rows = []
    for n in counts:
        thing = humans = other = 0
        for g in range(args.games):
            seed = seed0 + g
            s = rules.new_game(seed, n)
            bots = make_bots([args.bot_kind] * n, seed, rules)
            from ..kernel.stayaway.game.play import play_game
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
        print(json.dumps({"bots": args.bot_kind, "seed": seed0, "rows": rows}))
        return 0
    print("%s bots, seeds %d..%d; 95%% Wilson intervals" % (args.bot_kind, seed0, seed0 + args.games - 1))
    print("| players | games | The Thing's side wins | Humans win | other (vengeful, cut) |")
    print("|---:|---:|---|---|---:|")
    for r in rows:
        print("| %d | %d | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %d |" % (
            r["players"], r["games"], r["thing_rate"], r["thing_interval"][0], r["thing_interval"][1],
            r["human_rate"], r["human_interval"][0], r["human_interval"][1], r["other"]))
    return 0


# ----- the command --------------------------------------------------------------------------------------

def run(args, backend=None, term: Optional[Terminal] = None) -> int:
    if args.mode == "simulate":
        return simulate(args)
    term = term or Terminal()
    for flag, value in (("--load", args.load), ("--log", args.log), ("--deck", args.deck)):
        if value is not None and not value.strip():
            raise KernelError("option", "%s: no file name given" % flag)
    ask = None if args.passphrase_fd is not None or sys.stdin.isatty() else term.read
    key = TableKey(args.passphrase_fd, ask)
    if args.load:
        state = load_save(args.load, key, args.deck, args.allow_older, term.write)
    else:
        players = player_counts(args.players, [5])
        if len(players) != 1:
            raise KernelError("option", "--players: one count to play, e.g. 5")
        seed = args.seed
        if seed is None:
            import time
            seed = int(time.time()) & 0x3FFFFFFF
        state = Rules(options_from(args)).new_game(seed, players[0])
    seats = bot_seats(args.bots, state.players)
    kinds = [args.bot_kind if q in seats else "human" for q in range(state.players)]
    bots = make_bots(kinds, state.seed, state.rules)
    code = play(state, bots, term, args.max_steps, key)
    if state.is_terminal():
        for line in end_text(state):
            term.write(line)
    if args.log:
        if not state.is_terminal():
            raise KernelError("log", "the referee log is written only at the end of a game")
        write_atomic(user_path(args.log), state.referee_log().encode())     # a FIFO nobody reads: one line
    return code
