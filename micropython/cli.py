"""The board's command line on the MicroPython unix port: `odds` and `advise` with the host CLI's
arguments and --json output (backend "micropython").

    micropython micropython/cli.py odds "L L L | L I3" --green 5 --json
    micropython micropython/cli.py advise "I3 > P P > L L" --roll "I3 I1 P P T L y:I4 r:W" --json

On a board with the app frozen in (the Pico's UF2, the QEMU firmware), at its REPL:

    >>> import cli; cli.main(["odds", "L L L | L I3", "--green", "5", "--json"])

Bad input prints one line on stderr and exits 2, like `eldritch`. Like the host, the board refuses up
front, in one line, a question its solver would not finish: the estimate comes from the same budget
module (kernel/eldersign/budget.py; its heap and, on a board, its time are the board's own,
kernel/eldersign/boardcost.py) and is checked against --max-seconds (default 60 on the unix port at
its cost per pair; a day on a board, by the Pico's time model) and --max-memory (default: the heap
free when the question is asked). A solve that runs out of memory all the same is one line too,
never a MemoryError traceback.
"""

import gc
import sys

if hasattr(gc, "threshold"):
    # as the board app does (app.App): a solve keeps many small values among short-lived garbage
    # in a heap that never moves an object; collecting every 48th of the heap (4 KB at least)
    # keeps them packed, so a Pico's heap is not lost to fragmentation
    gc.threshold(max(4096, (gc.mem_free() + gc.mem_alloc()) // 48))

# The repository root, relative when this file was named relatively: the unix port interns each
# module's file name, and one of 256 bytes or more aborts it ("name too long", then "FATAL: uncaught
# NLR"); the eldritch-board launcher runs `-m cli` from this folder, so "./../kernel/..." stays short
# however deep the checkout is.
if __file__.startswith("/"):
    _ROOT = __file__.rsplit("/", 2)[0]
else:
    _ROOT = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/.."
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)


from kernel.errors import KernelError  # noqa: E402
from kernel.numbers import parse_count  # noqa: E402
from kernel.eldersign import answers  # noqa: E402
from kernel.eldersign.situation import Situation, TERROR_NAMES  # noqa: E402

BACKEND = "micropython"
# the runtime whose estimate holds here: the Pico's time model on a board, the unix port's speed on
# a computer (both with the board's heap estimate)
RUNTIME = "micropython" if sys.platform in ("linux", "darwin") else "rp2040"
FLAGS = ("--yellow", "--red", "--json")
VALUES = ("--green", "--focus", "--spells", "--clues", "--terror", "--sanity", "--stamina", "--name",
          "--set", "--roll", "--held", "--done", "--top", "--max-seconds", "--max-memory")
DEFAULT_SECONDS = 60 if RUNTIME == "micropython" else 86400
UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
SECONDS = {"": 1, "S": 1, "M": 60, "H": 3600}
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


def _scaled(opts, name, units, what):
    """--max-seconds 90 / 10m / 1h, --max-memory 512K / 2M: a whole number and a unit."""
    text = opts[name].strip().upper()
    if text.endswith("B") and name == "--max-memory":
        text = text[:-1]
    unit = text[-1:] if text[-1:] in units and text[-1:] != "" and not text[-1:].isdigit() else ""
    try:
        value = parse_count(text[:len(text) - len(unit)], "number", 1)
    except KernelError:
        raise CliError("argument %s: expected %s, not %r" % (name, what, opts[name][:20]))
    return value * units[unit]


def limits_of(opts, free):
    """(milliseconds, bytes) a question may take on this runtime, `free` the heap free now."""
    ms = (_scaled(opts, "--max-seconds", SECONDS, "a duration such as 90, 10m or 1h") * 1000
          if "--max-seconds" in opts else DEFAULT_SECONDS * 1000)
    if "--max-memory" in opts:
        return ms, _scaled(opts, "--max-memory", UNITS, "a size such as 512K or 2M")
    return ms, free


# (the estimate's bytes, the heap free) when the last question was checked: what the firmware's
# measurements compare (micropython/qemu/harness.py)
LAST_CHECK = None


def check_budget(solver, ctx, opts):
    """CliError (one line) when the question's estimate is over the limits, as the host refuses it."""
    global LAST_CHECK
    from kernel.eldersign import budget
    gc.collect()
    free = gc.mem_free()
    max_ms, max_bytes = limits_of(opts, free)
    est = solver.estimate(ctx)
    LAST_CHECK = (est.bytes_for(RUNTIME), free)
    text = budget.refusal(est, RUNTIME, max_ms, max_bytes)
    if text is None:
        return
    allow = []
    ms = est.milliseconds(RUNTIME)
    if ms > max_ms:
        allow.append("--max-seconds %d" % ((ms * 5 + 3999) // 4000))
    need = est.bytes_for(RUNTIME)
    if need > max_bytes:
        allow.append("--max-memory %dK" % ((need + need // 8 + 1023) >> 10))
    raise CliError("limits: %s; allow it with %s" % (text, " ".join(allow)))


def lean_solver(card, terror, sanity, stamina):
    """The board's solver: the C core's (the firmware's escore module) when the firmware has it,
    else the kernel's, lean (less heap); the same values either way (nativesolver.board_solver)."""
    from kernel.eldersign.nativesolver import board_solver
    return board_solver(card, terror, sanity, stamina)


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
    sit = situation_from(opts, terror)
    solver = lean_solver(card, sit.terror, sit.sanity, sit.stamina)
    ctx = (sit.green, sit.yellow, sit.red, (), sit.focus, sit.spells, sit.clues)
    check_budget(solver, ctx, opts)
    solver.reserve(ctx)
    print(answers.odds_command(card, sit, solver, BACKEND, adventure, opts.get("--json", False)))
    return 0


def cmd_advise(opts):
    from kernel.eldersign.advice import question
    from kernel.eldersign.notation import parse_roll
    card, terror, _ = card_from(opts)
    sit = situation_from(opts, terror, False)
    roll, held = parse_roll(opts["--roll"], "roll"), parse_roll(opts["--held"], "held")
    solver = lean_solver(card, sit.terror, sit.sanity, sit.stamina)
    ctx = question(solver, roll, sit, held)
    check_budget(solver, ctx, opts)
    solver.reserve(ctx)
    options = answers.advise_options(card, sit, roll, held, opts["--done"], solver)
    # the solver let go before the text is made, and the answer written an option at a time: a clue
    # reroll lists two hundred options, and the whole text with its JSON objects would not fit the
    # Pico's heap beside the solve's values
    solver = None
    answers.advice_text(card, roll, held, options, BACKEND, _count(opts, "--top"), opts.get("--json", False),
                        sys.stdout.write)
    sys.stdout.write("\n")
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
    except OSError as exc:
        if exc.args and exc.args[0] == 32:      # EPIPE: the reader left (| head), as the host's exit 0
            return 0
        sys.stderr.write("eldritch: %s\n" % exc)
        return 2
    except MemoryError:
        pass
    # out of memory all the same (the estimate is the host's and errs high, but a board's heap is
    # fragmented): the frames that held the solve are gone here, so the line can be printed
    import gc
    gc.collect()
    sys.stderr.write("eldritch: memory: out of memory while solving; lower --max-memory or ask a smaller question\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
