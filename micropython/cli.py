"""The board's command line on the MicroPython unix port: `odds` and `advise` with the host CLI's
arguments and --json output (backend "micropython").

    micropython micropython/cli.py odds "L L L | L I3" --green 5 --json
    micropython micropython/cli.py advise "I3 > P P > L L" --roll "I3 I1 P P T L y:I4 r:W" --json

Bad input prints one line on stderr and exits 2, like `eldritch`.
"""

import gc
import sys
import os

if hasattr(gc, "threshold"):
    # as the board app does (app.App): a solve keeps many small values among short-lived garbage
    # in a heap that never moves an object; collecting every 48th of the heap (4 KB at least)
    # keeps them packed, so a Pico's heap is not lost to fragmentation
    gc.threshold(max(4096, (gc.mem_free() + gc.mem_alloc()) // 48))

_FILE = __file__ if __file__.startswith("/") else os.getcwd() + "/" + __file__
_ROOT = _FILE.rsplit("/", 2)[0]
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)


from kernel.errors import KernelError  # noqa: E402
from kernel.numbers import parse_count  # noqa: E402
from kernel.eldersign import answers  # noqa: E402
from kernel.eldersign.situation import Situation, TERROR_NAMES  # noqa: E402
from kernel.eldersign.solver import Solver  # noqa: E402

BACKEND = "micropython"
FLAGS = ("--yellow", "--red", "--json")
VALUES = ("--green", "--focus", "--spells", "--clues", "--terror", "--sanity", "--stamina", "--name",
          "--set", "--roll", "--held", "--done", "--top")
DEFAULTS = {"--green": "6", "--focus": "1", "--spells": "0", "--clues": "0", "--sanity": "0",
            "--stamina": "0", "--held": "", "--done": "", "--top": "0"}


class CliError(Exception):
    pass


def _count(opts, name):
    try:
        return parse_count(opts[name], "number")
    except KernelError as exc:
        raise CliError("argument %s: %s" % (name, exc.detail))


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


def lean_solver(card, terror, sanity, stamina):
    """The board's solver: the kernel's, lean (less heap, the same values)."""
    return Solver(card, terror, sanity, stamina, lean=True)


def card_from(opts):
    terror = opts.get("--terror")
    if terror is not None and terror not in TERROR_NAMES:
        raise CliError("argument --terror: invalid choice: %r (choose from 'none', 'fail', 'discard')"
                       % terror)
    return answers.card_from(opts["card"], opts.get("--name"), opts.get("--set"), terror)


def situation_from(opts, terror, pool=True):
    if pool:
        return Situation(_count(opts, "--green"), opts.get("--yellow", False), opts.get("--red", False),
                         _count(opts, "--focus"), _count(opts, "--spells"), _count(opts, "--clues"),
                         terror, _count(opts, "--sanity"), _count(opts, "--stamina"))
    return Situation(0, False, False, _count(opts, "--focus"), _count(opts, "--spells"),
                     _count(opts, "--clues"), terror, _count(opts, "--sanity"), _count(opts, "--stamina"))


def cmd_odds(opts):
    card, terror, adventure = card_from(opts)
    print(answers.odds_command(card, situation_from(opts, terror), lean_solver, BACKEND, adventure,
                               opts.get("--json", False)))
    return 0


def cmd_advise(opts):
    card, terror, _ = card_from(opts)
    print(answers.advise_command(card, situation_from(opts, terror, False), opts["--roll"], opts["--held"],
                                 opts["--done"], lean_solver, BACKEND, _count(opts, "--top"),
                                 opts.get("--json", False)))
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
