"""The `eldritch` command line: exact odds, advice, the card library and odds tables.

Bad input of any kind prints one line on stderr and exits 2; `--json` output is for scripts.
"""

import argparse
import json
import sys

from .backend import get_backend, NAMES as BACKEND_NAMES
from . import play
from . import limits
from .kernel.errors import KernelError
from .kernel.eldersign import library, answers
from .kernel.eldersign.advice import advise, question
from .kernel.eldersign.fixed import ONE, exact_text, percent_text
from .kernel.eldersign.notation import parse_card, parse_roll
from .kernel.eldersign.solver import Situation, terror_code, TERROR_NAMES

DICE_SETS = (("5G", 5, 0, 0), ("6G", 6, 0, 0), ("6G+Y", 6, 1, 0), ("6G+R", 6, 0, 1),
             ("6G+Y+R", 6, 1, 1), ("7G+Y+R", 7, 1, 1))

EPILOG_ODDS = """examples:
  eldritch odds "I3 > P P > L L" --green 6 --yellow --red
  eldritch odds --name "The Curator" --focus 0 --json
card notation: tasks separated by ' | ' (any order) or ' > ' (top to bottom); symbols I<n>
(investigation total n), L (lore), P (peril), T (terror), split symbols L/P T/P T/L L/P/T, and costs
S<n> (sanity), H<n> (stamina), C (clock)."""

EPILOG_ADVISE = """examples:
  eldritch advise "I3 > P P > L L" --roll "I3 I1 P P T L y:I4 r:W"
  eldritch advise "L L L | L I3" --roll "L L I2 P" --held "L" --done 2 --clues 1
roll notation: faces I1 I2 I3 I4 L P T W, each optionally prefixed by its colour g: y: r:
(default green). The pool is the dice of the roll."""


class CliError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit code 2."""

    def error(self, message):
        sys.stderr.write("eldritch: %s (see %s --help)\n" % (message, self.prog))
        sys.exit(2)


def _count(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a whole number, not %r" % text)
    if value < 0:
        raise argparse.ArgumentTypeError("expected a number 0 or more, not %d" % value)
    return value


def _limit_arg(parse):
    def convert(text):
        try:
            return parse(text)
        except KernelError as exc:
            raise argparse.ArgumentTypeError(exc.detail)
    return convert


def _add_limits(p):
    p.add_argument("--max-seconds", type=_limit_arg(limits.parse_seconds), default=limits.DEFAULT_SECONDS,
                   metavar="T", help="refuse questions estimated to take longer on one core "
                   "(default %d; 90, 10m, 1h)" % limits.DEFAULT_SECONDS)
    p.add_argument("--max-memory", type=_limit_arg(limits.parse_size), default=limits.DEFAULT_MEMORY,
                   metavar="SIZE", help="refuse questions estimated to need more memory (default 1G)")


def _limits_of(args):
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


def build_parser():
    top = Parser(prog="eldritch", description="Exact Elder Sign odds, advice and card tables.")
    top.add_argument("--backend", choices=BACKEND_NAMES, default=None,
                     help="c or python (default: $ELDRITCH_BACKEND, else C when built)")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    p = sub.add_parser("odds", help="probability of completing a card under optimal play",
                       description="The exact probability of completing an adventure under optimal play.",
                       epilog=EPILOG_ODDS, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("card", nargs="?", help="card notation, e.g. \"L L L | L I3\"")
    p.add_argument("--name", help="take the card (and its terror effect) from the library")
    p.add_argument("--set", dest="set_name", help="with --name: the set, when a name is in several")
    _add_situation(p)

    p = sub.add_parser("advise", help="every option for a roll, with its odds, best first",
                       description="Every legal option after a roll with its probability of completing "
                                   "the card, best first.",
                       epilog=EPILOG_ADVISE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("card", nargs="?", help="card notation")
    p.add_argument("--name", help="take the card from the library")
    p.add_argument("--set", dest="set_name", help="with --name: the set")
    p.add_argument("--roll", required=True, help="the dice just rolled, e.g. \"I3 I1 L P T y:I4 r:W\"")
    p.add_argument("--held", default="", help="dice held aside by focus or spells, e.g. \"L r:W\"")
    p.add_argument("--done", default="", help="tasks already completed, by number: \"1,3\"")
    p.add_argument("--top", type=_count, default=0, metavar="N", help="show only the best N options")
    _add_situation(p, pool=False)

    p = sub.add_parser("cards", help="list or search the card library",
                       description="List the library's adventures whose name contains QUERY.")
    p.add_argument("query", nargs="?", default="", help="part of a name (default: every card)")
    p.add_argument("--set", dest="set_name", help="only this set (a prefix will do: core, gates...)")
    p.add_argument("--json", action="store_true", help="print a JSON list")

    p = sub.add_parser("table", help="odds of library cards at the six usual dice sets",
                       description="Odds of every matching library card for the dice sets "
                                   + ", ".join(d[0] for d in DICE_SETS) + ".")
    p.add_argument("--set", dest="sets", action="append", default=[], metavar="NAME",
                   help="limit to a set (repeatable; a prefix will do)")
    p.add_argument("--query", default="", help="limit to names containing this")
    p.add_argument("--focus", type=_count, default=1, metavar="N", help="focus (default 1)")
    p.add_argument("--format", choices=("md", "csv", "json"), default="md", help="output format")
    _add_limits(p)

    sub.add_parser("info", help="the active backend, the C core's build and the kernel version",
                   description="Which backend is active, how the C core was built, the kernel version.")
    play.add_parser(sub)
    return top


def _card_from(args, adventures=None):
    """(Card, terror code, adventure or None) from a notation argument or --name."""
    if args.name is not None and args.card is not None:
        raise CliError("give a card notation or --name, not both")
    adventure = None
    if args.name is not None:
        adventures = adventures or library.load()
        set_name = library.resolve_set(adventures, args.set_name) if args.set_name else None
        adventure = library.get(adventures, args.name, set_name)
        card = adventure.card()
        terror = adventure.terror
    elif args.card is not None:
        card = parse_card(args.card)
        terror = "none"
    else:
        raise CliError("give a card notation or --name")
    if args.terror is not None:
        terror = args.terror
    return card, terror_code(terror), adventure


def cmd_odds(args, backend):
    card, terror, adventure = _card_from(args)
    sit = Situation(args.green, args.yellow, args.red, args.focus, args.spells, args.clues,
                    terror, args.sanity, args.stamina)
    solver = backend.make_solver(card, terror, args.sanity, args.stamina)
    ctx = limits.context_of(sit.green, sit.yellow, sit.red, (), sit.focus, sit.spells, sit.clues)
    with limits.guard(solver, ctx, _limits_of(args), backend.name, "odds"):
        value = solver.value(sit.green, sit.yellow, sit.red, sit.focus, sit.spells, sit.clues)
    if args.json:
        print(answers.to_json(answers.odds_answer(card, value, sit, backend.name, adventure)))
    else:
        print("\n".join(answers.odds_lines(card, value, sit, adventure)))
    return 0


def cmd_advise(args, backend):
    card, terror, adventure = _card_from(args)
    roll = parse_roll(args.roll, "roll")
    held = parse_roll(args.held, "held")
    Situation(0, False, False, args.focus, args.spells, args.clues, terror, args.sanity, args.stamina)
    done = answers.done_mask(args.done, len(card.tasks))
    solver = backend.make_solver(card, terror, args.sanity, args.stamina)
    ctx = question(solver, roll, held, args.focus, args.spells, args.clues)
    with limits.guard(solver, ctx, _limits_of(args), backend.name, "advise"):
        options = advise(solver, roll, held, done, args.focus, args.spells, args.clues,
                         args.sanity, args.stamina)
    if args.json:
        print(answers.to_json(answers.advise_answer(card, roll, held, options, backend.name, args.top)))
    else:
        print("\n".join(answers.advise_lines(card, roll, held, options, args.top)))
    return 0


def cmd_cards(args, backend):
    adventures = library.load()
    set_name = library.resolve_set(adventures, args.set_name) if args.set_name else None
    found = library.search(adventures, args.query, set_name)
    if args.json:
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


def table_rows(adventures, focus, backend, progress=None, bounds=None):
    """[(adventure, [value per dice set])]: one solver per card covers all six dice sets (the
    largest is solved first, so its workspace holds the others)."""
    rows = []
    for k, a in enumerate(adventures):
        if progress:
            progress(k, len(adventures), a.name)
        terror = terror_code(a.terror)
        solver = backend.make_solver(a.card(), terror)
        ctx = limits.context_of(7, 1, 1, (), focus)
        with limits.guard(solver, ctx, bounds, backend.name, a.name, stream=_NoStream()):
            values = {d: solver.value(d[1], d[2], d[3], focus) for d in reversed(DICE_SETS)}
        rows.append((a, [values[d] for d in DICE_SETS]))
    if progress:
        progress(len(adventures), len(adventures), "")
    return rows


class _NoStream:
    """table has its own progress bar (cards done); no second one per card."""

    def isatty(self):
        return False


def cmd_table(args, backend):
    adventures = library.load()
    chosen = []
    if args.sets:
        names = [library.resolve_set(adventures, s) for s in args.sets]
        for a in adventures:
            if a.set in names:
                chosen.append(a)
    else:
        chosen = list(adventures)
    if args.query:
        chosen = [a for a in chosen if args.query.lower() in a.name.lower()]
    Situation(0, False, False, args.focus, 0, 0)
    rows = table_rows(chosen, args.focus, backend, _progress, _limits_of(args))
    heads = [d[0] for d in DICE_SETS]
    if args.format == "json":
        print(json.dumps({"focus": args.focus, "backend": backend.name, "dice_sets": heads,
                          "cards": [{"set": a.set, "name": a.name, "card": a.notation,
                                     "terror": a.terror,
                                     "probability": [v / ONE for v in vals],
                                     "exact": [exact_text(v) for v in vals]} for a, vals in rows]}))
    elif args.format == "csv":
        print(",".join(["set", "name", "card", "terror"] + heads))
        for a, vals in rows:
            cells = [a.set, a.name, a.notation, a.terror] + [percent_text(v) for v in vals]
            print(",".join('"%s"' % c.replace('"', '""') if ("," in c or '"' in c) else c for c in cells))
    else:
        print("| set | name | card | terror | " + " | ".join(heads) + " |")
        print("|---|---|---|---|" + "---:|" * len(heads))
        for a, vals in rows:
            print("| %s | %s | `%s` | %s | %s |" % (a.set, a.name, a.notation, a.terror,
                                                   " | ".join(percent_text(v) for v in vals)))
    return 0


def cmd_info(args, backend):
    info = backend.info()
    for key in sorted(info):
        print("%s: %s" % (key, info[key]))
    return 0


COMMANDS = {"odds": cmd_odds, "advise": cmd_advise, "cards": cmd_cards, "table": cmd_table,
            "info": cmd_info, "play": lambda args, backend: play.run(args, backend)}


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        backend = get_backend(args.backend)
        return COMMANDS[args.command](args, backend)
    except (KernelError, CliError) as exc:
        sys.stderr.write("eldritch: %s\n" % exc)
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\neldritch: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
