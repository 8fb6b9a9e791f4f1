"""The board's command line on the MicroPython unix port: `odds` and `advise` with the host CLI's
arguments and --json output (backend "micropython").

    micropython micropython/cli.py odds "L L L | L I3" --green 5 --json
    micropython micropython/cli.py advise "I3 > P P > L L" --roll "I3 I1 P P T L y:I4 r:W" --json

Bad input prints one line on stderr and exits 2, like `eldritch`.
"""

import sys
import os

_FILE = __file__ if __file__.startswith("/") else os.getcwd() + "/" + __file__
_ROOT = _FILE.rsplit("/", 2)[0]
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

import json  # noqa: E402

from kernel.errors import KernelError  # noqa: E402
from kernel.eldersign import answers  # noqa: E402
from kernel.eldersign.notation import parse_card, parse_roll  # noqa: E402
from kernel.eldersign.solver import Solver, Situation, terror_code, TERROR_NAMES  # noqa: E402

BACKEND = "micropython"
FLAGS = ("--yellow", "--red", "--json")
VALUES = ("--green", "--focus", "--spells", "--clues", "--terror", "--sanity", "--stamina", "--name",
          "--set", "--roll", "--held", "--done", "--top")
DEFAULTS = {"--green": "6", "--focus": "1", "--spells": "0", "--clues": "0", "--sanity": "0",
            "--stamina": "0", "--held": "", "--done": "", "--top": "0"}


class CliError(Exception):
    pass


def _count(opts, name):
    text = opts[name]
    if not text.isdigit():
        raise CliError("argument %s: expected a whole number, not %r" % (name, text))
    return int(text)


def parse_args(argv):
    if not argv or argv[0] not in ("odds", "advise"):
        raise CliError("expected a command: odds or advise")
    opts = dict(DEFAULTS)
    opts["command"] = argv[0]
    opts["card"] = None
    i = 1
    while i < len(argv):
        a = argv[i]
        if a in FLAGS:
            opts[a] = True
            i += 1
        elif a in VALUES:
            if i + 1 >= len(argv):
                raise CliError("argument %s: expected one argument" % a)
            opts[a] = argv[i + 1]
            i += 2
        elif a.startswith("--") and "=" in a and a.split("=", 1)[0] in VALUES:
            k, v = a.split("=", 1)
            opts[k] = v
            i += 1
        elif a.startswith("--"):
            raise CliError("unrecognized arguments: %s" % a)
        elif opts["card"] is None:
            opts["card"] = a
            i += 1
        else:
            raise CliError("unrecognized arguments: %s" % a)
    if opts["command"] == "advise":
        for k in ("--green", "--yellow", "--red"):
            if k in argv:
                raise CliError("unrecognized arguments: %s" % k)
    if opts["command"] == "advise" and "--roll" not in opts:
        raise CliError("the following arguments are required: --roll")
    return opts


def card_from(opts):
    adventure = None
    if opts.get("--name") is not None and opts["card"] is not None:
        raise CliError("give a card notation or --name, not both")
    if opts.get("--name") is not None:
        from kernel.eldersign import library
        adventures = library.load(_ROOT + "/kernel/eldersign/data/adventures.tsv")
        set_name = library.resolve_set(adventures, opts["--set"]) if opts.get("--set") else None
        adventure = library.get(adventures, opts["--name"], set_name)
        card = adventure.card()
        terror = adventure.terror
        adventures = None
    elif opts["card"] is not None:
        card = parse_card(opts["card"])
        terror = "none"
    else:
        raise CliError("give a card notation or --name")
    if opts.get("--terror") is not None:
        if opts["--terror"] not in TERROR_NAMES:
            raise CliError("argument --terror: invalid choice: %r (choose from 'none', 'fail', 'discard')"
                           % opts["--terror"])
        terror = opts["--terror"]
    return card, terror_code(terror), adventure


def cmd_odds(opts):
    card, terror, adventure = card_from(opts)
    sit = Situation(_count(opts, "--green"), opts.get("--yellow", False), opts.get("--red", False),
                    _count(opts, "--focus"), _count(opts, "--spells"), _count(opts, "--clues"),
                    terror, _count(opts, "--sanity"), _count(opts, "--stamina"))
    solver = Solver(card, terror, sit.sanity, sit.stamina, lean=True)
    value = solver.value(sit.green, sit.yellow, sit.red, sit.focus, sit.spells, sit.clues)
    if opts.get("--json"):
        print(answers.to_json(answers.odds_answer(card, value, sit, BACKEND, adventure)))
    else:
        print("\n".join(answers.odds_lines(card, value, sit, adventure)))
    return 0


def cmd_advise(opts):
    from kernel.eldersign.advice import advise
    card, terror, adventure = card_from(opts)
    roll = parse_roll(opts["--roll"], "roll")
    held = parse_roll(opts["--held"], "held")
    focus = _count(opts, "--focus")
    spells = _count(opts, "--spells")
    clues = _count(opts, "--clues")
    sanity = _count(opts, "--sanity")
    stamina = _count(opts, "--stamina")
    Situation(0, False, False, focus, spells, clues, terror, sanity, stamina)
    done = answers.done_mask(opts["--done"], len(card.tasks))
    solver = Solver(card, terror, sanity, stamina, lean=True)
    options = advise(solver, roll, held, done, focus, spells, clues, sanity, stamina)
    top = _count(opts, "--top")
    if opts.get("--json"):
        print(answers.to_json(answers.advise_answer(card, roll, held, options, BACKEND, top)))
    else:
        print("\n".join(answers.advise_lines(card, roll, held, options, top)))
    return 0


def main(argv):
    try:
        opts = parse_args(argv)
        if opts["command"] == "odds":
            return cmd_odds(opts)
        return cmd_advise(opts)
    except (KernelError, CliError) as exc:
        sys.stderr.write("eldritch: %s\n" % exc)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
