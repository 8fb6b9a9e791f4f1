"""The same odds questions on the three runtimes: the C core, the CPython fallback and the
MicroPython unix port (the board's code, lean solver), side by side in one run (`make bench`).

MicroPython is timed inside the interpreter (time.ticks_us around the solves, after imports), so its
figure excludes start-up; it is recorded in extra_info["micropython_s"] and as its own benchmark row
(the subprocess wall time, start-up included). The answers are compared with == as a side check.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from eldritch.backend import get_backend, available
from eldritch.kernel.eldersign.notation import parse_card

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = Path(sys.executable).parent / "micropython"

# (card, green, yellow, red, focus): custom three-task cards a player might type on the device
QUESTIONS = [
    ("I3 | L L | P T", 6, 0, 0, 1),
    ("I3 > P P > L L", 6, 1, 1, 1),
    ("I4 L | P T", 6, 0, 0, 0),
    ("I6 | L | T", 6, 0, 1, 0),
]

MP_SCRIPT = """
import sys, time
sys.path.insert(0, %r)
from kernel.eldersign.notation import parse_card
from kernel.eldersign.solver import Solver
QUESTIONS = %r
t0 = time.ticks_us()
out = []
for card, g, y, r, f in QUESTIONS:
    out.append(Solver(parse_card(card), lean=True).value(g, y, r, f))
dt = time.ticks_diff(time.ticks_us(), t0)
print(dt)
for v in out:
    print(v)
"""


def answer_all(backend):
    return [backend.make_solver(parse_card(c)).value(g, y, r, f) for c, g, y, r, f in QUESTIONS]


def run_micropython(tmp):
    script = tmp / "questions.py"
    script.write_text(MP_SCRIPT % (str(REPO), QUESTIONS))
    proc = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.split()
    return int(lines[0]) / 1e6, [int(x) for x in lines[1:]]


@pytest.mark.parametrize("runtime", ["c", "python", "micropython"])
def test_same_questions(benchmark, runtime, tmp_path):
    benchmark.group = "odds questions on each runtime"
    expected = answer_all(get_backend("python"))
    if runtime == "micropython":
        if not MICROPYTHON.exists():
            pytest.skip("no micropython executable")
        inner, answers = benchmark.pedantic(run_micropython, args=(tmp_path,), rounds=3, iterations=1)
        benchmark.extra_info["micropython_s"] = inner
    else:
        if runtime not in available():
            pytest.skip("C core not built")
        answers = benchmark.pedantic(answer_all, args=(get_backend(runtime),), rounds=3, iterations=1)
    assert answers == expected
