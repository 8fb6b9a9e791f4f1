"""Instructions the pure-Python solver spends on six questions, counted by callgrind on
CPython and on the MicroPython unix port (the interpreter the board runs), before against after.

    .venv/bin/python benchmarks/pysolver_icount.py                   # this checkout, both runtimes
    .venv/bin/python benchmarks/pysolver_icount.py --before /tmp/pys-before --json out.json
    .venv/bin/python benchmarks/pysolver_icount.py --runtime micropython --only single-1,clue
    .venv/bin/python benchmarks/pysolver_icount.py --recorded-before     # after only, vs RECORDED

--before is a folder holding an older commit's kernel/ (e.g. `mkdir /tmp/pys-before && git archive
5c83b63 kernel | tar -x -C /tmp/pys-before`); its counts are taken the same way, beside this
checkout's. Each count is the instructions of one process that imports the kernel, parses the
card, builds a Solver and asks the question, less those of the same process stopped before the
question: the solve alone, exact and the same on every run (callgrind counts instructions; it
does not time them). MicroPython runs the board's solver (lean=True) with a 256 MB heap (the
solver before this work needs 170 MB for the clue question) and no collection threshold;
CPython runs the host's (lean=False).

The questions: the four single solves of the C-speedup suite (suites.QUESTIONS, focus as there)
and The Curator (`L L L | L I3`) at 6 green dice and the yellow die, focus 1, with one spell and
with one clue (the CLI's defaults but for the dice).

--recorded-before counts only this checkout and sets it beside RECORDED_BEFORE, the before counts
of 5c83b63 measured this way (benchmarks/README.md; the before side of the large questions takes
about an hour under callgrind). Every value printed is checked == the C core's when it is built.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)

QUESTIONS = [
    # name, card, green, yellow, red, focus, spells, clues
    ("single-1", "I3 | L L | P T", 6, 0, 0, 1, 0, 0),
    ("single-2", "I3 > P P > L L", 6, 1, 1, 1, 0, 0),
    ("single-3", "I4 L | P T", 6, 0, 0, 0, 0, 0),
    ("single-4", "I6 | L | T", 6, 0, 1, 0, 0, 0),
    ("spell", "L L L | L I3", 6, 1, 0, 1, 1, 0),
    ("clue", "L L L | L I3", 6, 1, 0, 1, 0, 1),
]

# 5c83b63's counts (millions of instructions, benchmarks/README.md, 2026-12-01, branch pysolver)
RECORDED_BEFORE = {
    "python": {"single-1": 237, "single-2": 16675, "single-3": 53, "single-4": 763, "spell": 4552,
               "clue": 3139},
    "micropython": {"single-1": 474, "single-2": 36500, "single-3": 103, "single-4": 1464,
                    "spell": 9984, "clue": 53713},
}

# run by the counted process: argv = root, question index or -1 (stop before the question), lean
CHILD = r'''
import sys
sys.path.insert(0, sys.argv[1])
from kernel.eldersign.notation import parse_card
from kernel.eldersign.solver import Solver
q = %r[int(sys.argv[2]) if int(sys.argv[2]) >= 0 else 0]
solver = Solver(parse_card(q[1]), lean=sys.argv[3] == "1")
if int(sys.argv[2]) >= 0:
    print(solver.value(q[2], q[3], q[4], q[5], q[6], q[7]))
'''


def interpreter(runtime):
    bin_dir = os.path.dirname(sys.executable)
    if runtime == "python":
        return [sys.executable], "0"
    return [os.path.join(bin_dir, "micropython"), "-X", "heapsize=256M"], "1"


def count(runtime, root, index, script):
    """Instructions (callgrind's "Collected") of one run, and what it printed."""
    exe, lean = interpreter(runtime)
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + exe +
                          [script, root, str(index), lean], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("%s failed on question %d:\n%s" % (runtime, index, proc.stderr[-2000:]))
    for line in proc.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split()[-1]), proc.stdout.strip()
    raise SystemExit("no callgrind count in:\n" + proc.stderr[-2000:])


def solve_count(runtime, root, index, script):
    """(instructions of the solve alone, the value it printed)."""
    total, value = count(runtime, root, index, script)
    base, _ = count(runtime, root, -1, script)
    return total - base, value


def c_core_value(question):
    """The C core's value of a question, or None when the C core is not built here."""
    try:
        from eldritch.kernel.eldersign.notation import parse_card
        from eldritch.backend.cbackend import CSolver
    except ImportError:
        return None
    name, card, g, y, r, f, s, c = question
    return CSolver(parse_card(card)).value(g, y, r, f, s, c)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", help="a folder with an older kernel/ to count beside this checkout")
    ap.add_argument("--recorded-before", action="store_true",
                    help="compare with RECORDED_BEFORE instead of counting an older kernel")
    ap.add_argument("--runtime", choices=("python", "micropython", "both"), default="both")
    ap.add_argument("--only", help="comma-separated question names (default: all six)")
    ap.add_argument("--json", help="write the counts here as JSON")
    args = ap.parse_args(argv)
    names = args.only.split(",") if args.only else [q[0] for q in QUESTIONS]
    runtimes = ("python", "micropython") if args.runtime == "both" else (args.runtime,)
    roots = [("after", REPO)] + ([("before", os.path.abspath(args.before))] if args.before else [])
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "question.py")
        with open(script, "w") as f:
            f.write(CHILD % (QUESTIONS,))
        for runtime in runtimes:
            for name in names:
                index = [q[0] for q in QUESTIONS].index(name)
                row = out.setdefault(runtime, {}).setdefault(name, {})
                for label, root in roots:
                    n, value = solve_count(runtime, root, index, script)
                    row[label] = n
                    row[label + "_value"] = int(value)
                if args.recorded_before:
                    row["before"] = RECORDED_BEFORE[runtime][name] * 1000000
                c_value = c_core_value(QUESTIONS[index])
                if c_value is not None and c_value != row["after_value"]:
                    raise SystemExit("%s %s: %d, the C core's is %d" % (
                        runtime, name, row["after_value"], c_value))
                if "before_value" in row and row["before_value"] != row["after_value"]:
                    raise SystemExit("%s %s: the values differ: %d before, %d after" % (
                        runtime, name, row["before_value"], row["after_value"]))
                sys.stderr.write("%s %s %s\n" % (runtime, name, row))
    print("| runtime | question | before (M instructions) | after | fewer |")
    print("|---|---|---:|---:|---:|")
    for runtime in runtimes:
        for name in names:
            row = out[runtime][name]
            if "before" in row:
                print("| %s | %s | %s | %s | %.1fx |" % (runtime, name, _m(row["before"]), _m(row["after"]),
                                                        row["before"] / max(row["after"], 1)))
            else:
                print("| %s | %s | | %s | |" % (runtime, name, _m(row["after"])))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1, sort_keys=True)
    return 0


def _m(n):
    return "{:,}".format((n + 500000) // 1000000)


if __name__ == "__main__":
    sys.exit(main())
