"""The `eldritch` command line: exact odds, advice, the card library, odds tables, the whole game, and
one's own cards (`template`, `check`).

Every subcommand has `--help` with examples. Bad input of any kind (an argument, a card, a roll, a
file) prints one line on stderr and exits 2; Ctrl-C exits 130 with one line; `--json` output is for
scripts. The `odds` and `advise` bodies are the kernel's (kernel/eldersign/answers.py), shared with
the board's command line (micropython/cli.py): this module only parses arguments.
"""

import argparse
import os
import sys
from importlib import import_module

from eldritch import games
from eldritch.backend import get_backend, NAMES as BACKEND_NAMES
from eldritch.kernel import VERSION
from eldritch.kernel.errors import KernelError
from eldritch.saves.atomic import SaveError, shown
from eldritch.kernel.numbers import parse_count
from eldritch.kernel.eldersign.fixed import ONE, exact_text, percent_text
from eldritch.kernel.eldersign.situation import Situation, TERROR_NAMES

MAX_TEXT = 400          # longest card, roll or name argument accepted (a 6x8-symbol card is ~150)

CARD_HELP = """card notation: tasks separated by ' | ' (any order) or ' > ' (top to bottom); symbols I<n>
(investigation total n), L (lore), P (peril), T (terror), split symbols L/P T/P T/L L/P/T, and costs
S<n> (sanity), H<n> (stamina), C (clock)."""

ROLL_HELP = """roll notation: faces I1 I2 I3 I4 L P T W, each optionally prefixed by its colour g: y: r:
(default green). The pool is the dice of the roll."""

EXAMPLES = {
    "top": """examples:
  eldritch odds "I3 > P P > L L" --green 6 --yellow --red
  eldritch advise "L L L | L I3" --roll "L L I2 P T I1"
  eldritch cards curator
  eldritch play --players 2 --bots 2
  eldritch template mine
run 'eldritch COMMAND --help' for each command's options and examples.""",
    "odds": """examples:
  eldritch odds "I3 > P P > L L" --green 6 --yellow --red
  eldritch odds --name curator --focus 0 --json
  eldritch odds "T T P | L I4" --terror fail --clues 1
""" + CARD_HELP,
    "advise": """examples:
  eldritch advise "I3 > P P > L L" --roll "I3 I1 P P T L y:I4 r:W"
  eldritch advise "L L L | L I3" --roll "L L I2 P" --held "L" --done 2 --clues 1 --top 3
""" + ROLL_HELP,
    "cards": """examples:
  eldritch cards                      every card of the library
  eldritch cards night --set core     Core cards whose name contains "night"
  eldritch cards --set gates --json""",
    "table": """examples:
  eldritch table --set core --set other
  eldritch table --query curator --focus 0 --format csv
  eldritch table --set core --spells 1 --clues 1 --dice 5G,6G+Y,7G+Y+R --chart core.png""",
    "info": """examples:
  eldritch info
  ELDRITCH_BACKEND=python eldritch info""",
    "template": """examples:
  eldritch template mine              the seven card tables, explained, to fill in from your own cards
then: eldritch check mine, and eldritch play --data mine (kernel/eldersign/data/GAME.md).""",
    "check": """examples:
  eldritch check                      the shipped cards, summarised
  eldritch check mine                 a folder of your own cards: its first error (file, line, field)
  eldritch check mine --json          the summary as one JSON object
  eldritch check --cards extra.tsv    the shipped cards with a card file of yours added
A folder holds any of the seven tables (eldritch template DIR): each replaces the shipped one, a table
it lacks is the shipped one; the card library's adventures stay unless its adventure_rules.tsv
changes them (kernel/eldersign/data/GAME.md).""",
}


def one_line(text):
    """text with line breaks and other control characters escaped, so an error stays one line."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))


def fail(message):
    """Print one error line (eldritch: ...) on stderr."""
    sys.stderr.write("eldritch: %s\n" % one_line(message))


def _columns():
    """The terminal's width as shutil.get_terminal_size finds it ($COLUMNS, else the terminal of
    stdout, else 80), without importing shutil (and the compression modules it imports)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


_WIDTH = []


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit code 2; its help formatters get
    the terminal's width found once (argparse asks shutil for it each time it makes one, and makes
    one for every argument added)."""

    def error(self, message):
        fail("%s (see %s --help)" % (message, self.prog))
        sys.exit(2)

    def _get_formatter(self):
        if not _WIDTH:
            _WIDTH.append(_columns() - 2)
        return self.formatter_class(prog=self.prog, width=_WIDTH[0])

    def _get_values(self, action, arg_strings):
        # Python 3.11's argparse drops a "--" given as an option's value (`--loss=--`) and hands the
        # action an empty list, past its type check (`a, b = []` crashed later): take "--" as the
        # value, checked like any other, as later Pythons do
        if action.option_strings and action.nargs in (None, argparse.OPTIONAL) and arg_strings == ["--"]:
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)


def _count(text):
    try:
        return parse_count(text, "number")
    except KernelError as exc:
        raise argparse.ArgumentTypeError(exc.detail)


def _text(text):
    if len(text) > MAX_TEXT:
        raise argparse.ArgumentTypeError("longer than %d characters" % MAX_TEXT)
    return text


def _limit_arg(parse):
    def convert(text):
        try:
            return parse(text)
        except KernelError as exc:
            raise argparse.ArgumentTypeError(exc.detail)
    return convert


def _add_limits(p):
    from eldritch.backend import limits
    p.add_argument("--max-seconds", type=_limit_arg(limits.parse_seconds), default=limits.DEFAULT_SECONDS,
                   metavar="T", help="refuse questions estimated to take longer on one core "
                   "(default %d; 90, 10m, 1h)" % limits.DEFAULT_SECONDS)
    p.add_argument("--max-memory", type=_limit_arg(limits.parse_size), default=limits.DEFAULT_MEMORY,
                   metavar="SIZE", help="refuse questions estimated to need more memory (default 1G)")


def _limits_of(args):
    from eldritch.backend import limits
    return limits.Limits(args.max_seconds, args.max_memory)


def _add_situation(p, pool=True):
    if pool:
        p.add_argument("--green", type=_count, default=6, metavar="N", help="green dice, 0-8 (default 6)")
        p.add_argument("--yellow", action="store_true", help="add the yellow die (a common item)")
        p.add_argument("--red", action="store_true", help="add the red die (a unique item)")
    p.add_argument("--focus", type=_count, default=1, metavar="N",
                   help="focus holds after failed rolls (default 1; more stand for assistance)")
    p.add_argument("--spells", type=_count, default=0, metavar="N",
                   help="spells that can hold a die after any roll (default 0)")
    p.add_argument("--clues", type=_count, default=0, metavar="N",
                   help="clues, each rerolls any subset of a roll (default 0)")
    p.add_argument("--terror", choices=TERROR_NAMES, default=None,
                   help="the card's terror effect (default: the library card's, else none)")
    p.add_argument("--sanity", type=_count, default=0, metavar="N",
                   help="current sanity: tasks whose costs would bring it to 0 can't be attempted")
    p.add_argument("--stamina", type=_count, default=0, metavar="N", help="current stamina, likewise")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    _add_limits(p)


# Every command's one-line help (`eldritch --help`). The game and simulation commands live in their own
# modules, each with add_parser(sub) and run(args, backend), imported only when their command is
# asked: `eldritch play` starts without loading the other games (a start-up of about half a second).
# Their lines here are the ones their add_parser gives (tests/test_cli.py compares them).
COMMAND_HELP = {
    "odds": "probability of completing a card under optimal play",
    "advise": "every option for a roll, with its odds, best first",
    "cards": "list or search the card library",
    "table": "odds of library cards at the six usual dice sets",
    "info": "the active backend, the C core's build and the kernel version",
    "template": "write the card tables to fill in from your own cards",
    "check": "check a folder of your own cards (or card files): first error or a summary",
}
COMMAND_MODULES = {}
_ANALYSIS = {"simulate": ("analysis.simulate", "play N seeded games with bots: win rate, length, adventures"),
             "sweep": ("analysis.sweep", "split a grid (simulate, atlas) into tasks: one core, a pool or Ray")}
for _game in games.GAMES:                 # each game's command (the registry's), simulate and sweep after the first
    COMMAND_HELP[_game.command] = _game.summary
    COMMAND_MODULES[_game.command] = _game.cli
    if _game is games.GAMES[0]:
        for _name, (_module, _help) in _ANALYSIS.items():
            COMMAND_HELP[_name] = _help
            COMMAND_MODULES[_name] = _module
COMMAND_HELP["serve"] = "a table server: each player plays from their own phone"
COMMAND_MODULES["serve"] = "serve.cli"


def command_module(name):
    """The module of a game or simulation command (imported now if it was not)."""
    return import_module("." + COMMAND_MODULES[name], __package__)


def _sub(sub, name, description):
    return sub.add_parser(name, help=COMMAND_HELP[name], description=description, epilog=EXAMPLES[name],
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def _add_odds(sub):
    p = _sub(sub, "odds", "The exact probability of completing an adventure under optimal play.")
    p.add_argument("card", nargs="?", type=_text, help="card notation, e.g. \"L L L | L I3\"")
    p.add_argument("--name", type=_text, help="take the card (and its terror effect) from the library; "
                   "a part of the name will do when only one card has it")
    p.add_argument("--set", dest="set_name", type=_text, help="with --name: the set, when a name is in several")
    _add_situation(p)


def _add_advise(sub):
    p = _sub(sub, "advise", "Every legal option after a roll with its probability of completing the card, best first.")
    p.add_argument("card", nargs="?", type=_text, help="card notation")
    p.add_argument("--name", type=_text, help="take the card from the library")
    p.add_argument("--set", dest="set_name", type=_text, help="with --name: the set")
    p.add_argument("--roll", required=True, type=_text,
                   help="the dice just rolled, e.g. \"I3 I1 L P T y:I4 r:W\"")
    p.add_argument("--held", default="", type=_text, help="dice held aside by focus or spells, e.g. \"L r:W\"")
    p.add_argument("--done", default="", type=_text, help="tasks already completed, by number: \"1,3\"")
    p.add_argument("--top", type=_count, default=0, metavar="N", help="show only the best N options")
    _add_situation(p, pool=False)


def _add_cards(sub):
    p = _sub(sub, "cards", "List the library's adventures whose name contains QUERY.")
    p.add_argument("query", nargs="?", default="", type=_text, help="part of a name (default: every card)")
    p.add_argument("--set", dest="set_name", type=_text, help="only this set (a prefix will do: core, gates...)")
    p.add_argument("--json", action="store_true", help="print a JSON list")


def _add_table(sub):
    from eldritch.analysis import atlas
    p = _sub(sub, "table", "Odds of every matching library card for the dice sets "
             + ", ".join(atlas.DEFAULT_DICE) + " (or --dice).")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME", type=_text,
                   help="limit to a set (repeatable; a prefix will do)")
    p.add_argument("--query", default="", type=_text, help="limit to names containing this")
    p.add_argument("--focus", type=_count, default=1, metavar="N", help="focus (default 1)")
    p.add_argument("--spells", type=_count, default=0, metavar="N", help="spells (default 0)")
    p.add_argument("--clues", type=_count, default=0, metavar="N", help="clues (default 0)")
    p.add_argument("--terror", choices=TERROR_NAMES, default=None,
                   help="one terror effect for every card (default: each card's own)")
    p.add_argument("--dice", default=",".join(atlas.DEFAULT_DICE), type=_text, metavar="SETS",
                   help="dice sets, e.g. 5G,6G+Y,7G+Y+R (default the six usual ones)")
    p.add_argument("--format", choices=("md", "csv", "json"), default="md", help="output format")
    p.add_argument("--chart", metavar="FILE.png", help="also draw a heatmap of the odds by card and dice set")
    _add_limits(p)


def _add_info(sub):
    _sub(sub, "info", "Which backend is active, how the C core was built, the kernel version.")


def _add_template(sub):
    p = _sub(sub, "template", "Write Elder Sign's seven card tables (explained, with invented example rows) "
             "into a new folder, to fill in from your own copy of the game.")
    p.add_argument("folder", type=_text, help="a new folder, or an empty one")


def _add_check(sub):
    p = _sub(sub, "check", "Load a folder of your own card tables (and card files) as a game would: the "
             "first error (file, line, field), or a summary.")
    p.add_argument("folder", nargs="?", default=None, type=_text,
                   help="a folder of card tables (default: the shipped cards)")
    p.add_argument("--cards", action="append", default=[], metavar="FILE", type=_text,
                   help="a card file whose rows are added (repeatable)")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")


BUILTIN_PARSERS = {"odds": _add_odds, "advise": _add_advise, "cards": _add_cards, "table": _add_table,
                   "info": _add_info, "template": _add_template, "check": _add_check}


def asked_command(argv):
    """The command named on a command line (the first word not an option), or None. `--backend`'s
    value is skipped, also when the option is abbreviated as argparse allows (`--back c`)."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif len(word) > 2 and "--backend".startswith(word):
            skip = True
        elif word == "--" or not word.startswith("-"):
            return None if word == "--" else word
    return None


def build_parser(only=None):
    """The whole command line. With `only`, the name of a command: that command alone, in full (the
    others' modules are not imported, nor their parsers made: nothing in parsing or in that
    command's messages names them); with a name that is no command: every command by name and help
    line only, for the error that lists them."""
    top = Parser(prog="eldritch", description="Exact Elder Sign odds, advice, card tables and the whole game.",
                 epilog=EXAMPLES["top"], formatter_class=argparse.RawDescriptionHelpFormatter)
    top.add_argument("--version", action="version", version="eldritch %s" % VERSION)
    top.add_argument("--backend", choices=BACKEND_NAMES, default=None,
                     help="c or python (default: $ELDRITCH_BACKEND, else C when built)")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    names = [only] if only in COMMAND_HELP else list(COMMAND_HELP)
    for name in names:
        if only is not None and only not in COMMAND_HELP:
            sub.add_parser(name, help=COMMAND_HELP[name])
        elif name in BUILTIN_PARSERS:
            BUILTIN_PARSERS[name](sub)
        else:
            command_module(name).add_parser(sub)
    return top


def situation_from(args, terror, pool=True):
    """The Situation of an odds or advise question (advise: the dice are the roll's)."""
    if pool:
        return Situation(args.green, args.yellow, args.red, args.focus, args.spells, args.clues,
                         terror, args.sanity, args.stamina)
    return Situation(0, False, False, args.focus, args.spells, args.clues, terror, args.sanity,
                     args.stamina)


def cmd_odds(args, backend):
    from eldritch.backend import limits
    from eldritch.kernel.eldersign import answers
    card, terror, adventure = answers.card_from(args.card, args.name, args.set_name, args.terror)
    sit = situation_from(args, terror)
    solver = backend.make_solver(card, sit.terror, sit.sanity, sit.stamina)
    ctx = limits.context_of(sit.green, sit.yellow, sit.red, (), sit.focus, sit.spells, sit.clues)
    with limits.guard(solver, ctx, _limits_of(args), backend.name, "odds"):
        text = answers.odds_command(card, sit, solver, backend.name, adventure, args.json)
    print(text)
    return 0


def cmd_advise(args, backend):
    from eldritch.backend import limits
    from eldritch.kernel.eldersign import answers
    from eldritch.kernel.eldersign.advice import question
    from eldritch.kernel.eldersign.notation import parse_roll
    card, terror, _ = answers.card_from(args.card, args.name, args.set_name, args.terror)
    sit = situation_from(args, terror, pool=False)
    roll, held = parse_roll(args.roll, "roll"), parse_roll(args.held, "held")
    solver = backend.make_solver(card, sit.terror, sit.sanity, sit.stamina)
    with limits.guard(solver, question(solver, roll, sit, held), _limits_of(args), backend.name, "advise"):
        options = answers.advise_options(card, sit, roll, held, args.done, solver)
    text = answers.advice_text(card, roll, held, options, backend.name, args.top, args.json)
    print(text)
    return 0


def cmd_cards(args, backend):
    from eldritch.kernel.eldersign import library
    adventures = library.load()
    set_name = library.resolve_set(adventures, args.set_name) if args.set_name else None
    found = library.search(adventures, args.query, set_name)
    if args.json:
        import json
        print(json.dumps([{"set": a.set, "name": a.name, "card": a.notation, "terror": a.terror,
                           "trophy": a.trophy} for a in found]))
    else:
        for a in found:
            print("%-20s %-36s %-8s %s" % (a.set, a.name, a.terror, a.notation))
        print("%d cards" % len(found), file=sys.stderr)
    return 0


def _progress(done, total, label):
    if not sys.stderr.isatty():
        return
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write("\r[%s%s] %d/%d %s\x1b[K" % ("#" * filled, "." * (width - filled), done, total,
                                                    label[:40]))
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_table(args, backend):
    from eldritch.analysis import atlas
    from eldritch.backend import limits
    chosen = atlas.select_cards(args.sets, args.query)
    dice = atlas.parse_dice_list(args.dice)
    if args.chart:
        from eldritch.analysis import charts
        charts.require()
    ctxs = [limits.context_of(g, y, r, (), args.focus, args.spells, args.clues) for _, g, y, r in dice]
    with limits.bounded(backend, ctxs, _limits_of(args)) as bounded:
        rows = atlas.table_rows(chosen, dice, args.focus, bounded, args.spells, args.clues, args.terror,
                                _progress)
    heads = [d[0] for d in dice]
    if args.format == "json":
        import json
        print(json.dumps({"focus": args.focus, "spells": args.spells, "clues": args.clues, "backend": backend.name,
                          "dice_sets": heads,
                          "cards": [{"set": a.set, "name": a.name, "card": a.notation,
                                     "terror": args.terror or a.terror,
                                     "probability": [v / ONE for v in vals],
                                     "exact": [exact_text(v) for v in vals]} for a, vals in rows]}))
    elif args.format == "csv":
        print(",".join(["set", "name", "card", "terror"] + heads))
        for a, vals in rows:
            cells = [a.set, a.name, a.notation, args.terror or a.terror] + [percent_text(v) for v in vals]
            print(",".join('"%s"' % c.replace('"', '""') if ("," in c or '"' in c) else c for c in cells))
    else:
        print("| set | name | card | terror | " + " | ".join(heads) + " |")
        print("|---|---|---|---|" + "---:|" * len(heads))
        for a, vals in rows:
            print("| %s | %s | `%s` | %s | %s |" % (a.set, a.name, a.notation, args.terror or a.terror,
                                                   " | ".join(percent_text(v) for v in vals)))
    if args.chart:
        from eldritch.analysis import charts
        charts.heatmap([a.name for a, _ in rows], heads, [[v / ONE for v in vals] for _, vals in rows], args.chart,
                       "odds by card and dice set (focus %d, spells %d, clues %d)" % (args.focus, args.spells,
                                                                                      args.clues))
        print("chart written to %s" % shown(args.chart), file=sys.stderr)
    return 0


def cmd_info(args, backend):
    info = backend.info()
    for key in sorted(info):
        print("%s: %s" % (key, info[key]))
    return 0


def cmd_template(args, backend):
    from eldritch.eldersign import owner
    n = owner.write_template(args.folder)
    folder = shown(args.folder)
    print("%s: %d tables to fill in from your own cards (delete those you keep the shipped cards of; "
          "schema: %s); then: eldritch check %s" % (folder, n, owner.SCHEMA_DOC, folder))
    return 0


def cmd_check(args, backend):
    from eldritch.eldersign import owner
    data, _ = owner.load(args.folder, args.cards)
    found = owner.summary(args.folder, args.cards, data)
    if args.json:
        import json
        print(json.dumps(found))
    else:
        print("\n".join(owner.summary_lines(found)))
    return 0


# the runners of the commands defined here, called as run(args, backend); the others are their
# modules' run (COMMAND_MODULES)
COMMANDS = {"odds": cmd_odds, "advise": cmd_advise, "cards": cmd_cards, "table": cmd_table, "info": cmd_info,
            "template": cmd_template, "check": cmd_check}


def _quiet_stdout():
    """After a broken pipe: send what is left to /dev/null so the exit flush raises nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _quiet_memory_errors(unraisable):
    """sys.unraisablehook while a command runs: a MemoryError raised where Python cannot pass it on
    (a generator closed while memory runs out) is not printed; the command's own MemoryError is
    reported in one line. Anything else goes to the default hook."""
    if isinstance(unraisable.exc_value, MemoryError):
        return
    sys.__unraisablehook__(unraisable)


OUT_OF_MEMORY = "out of memory: free some memory or ask a smaller question"


def main(argv=None):
    words = sys.argv[1:] if argv is None else argv
    before = sys.unraisablehook
    sys.unraisablehook = _quiet_memory_errors
    try:
        code = _main(words)
    finally:
        sys.unraisablehook = before
    if code is None:        # out of memory: reported here, once the frames that held it are gone
        import gc
        gc.collect()
        fail(OUT_OF_MEMORY)
        return 2
    return code


def _main(words):
    from eldritch.saves.atomic import SaveError
    parser = build_parser(asked_command(words))
    try:
        args = parser.parse_args(words)
        if args.command is None:
            fail("expected a command: %s (see eldritch --help)" % ", ".join(COMMAND_HELP))
            return 2
        backend = get_backend(args.backend)
        run = COMMANDS.get(args.command) or command_module(args.command).run
        code = run(args, backend)
        sys.stdout.flush()
        return code
    except KernelError as exc:
        fail(exc)
        return 2
    except SaveError as exc:               # a save, load or log that failed (host/saves/atomic.py, saves.py)
        fail(str(exc))
        return 2
    except MemoryError:
        return None
    except KeyboardInterrupt:
        fail("interrupted")
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except OSError as exc:
        if exc.filename is None:           # writing the output failed (a full disk, a closed stream)
            _quiet_stdout()
            fail("cannot write the output: %s" % (exc.strerror or exc))
        else:
            fail("%s: %s" % (shown(exc.filename), exc.strerror or exc))
        return 2


if __name__ == "__main__":
    sys.exit(main())
