"""The board's per-step paths allocate nothing after setup (heap_lock on the unix port), and the
heap a custom-card solve needs, measured on the unix port."""

import re

import pytest

from conftest import REPO

LOCKED = """
import micropython, gc
sys.path.insert(0, %(mp)r)
from array import array
from kernel.eldersign.adventure import Adventure, MAX_ACTIONS, P_ROLL
from kernel.eldersign.solver import Solver
from kernel.eldersign.oddstable import SolvedCard
from sim import Board
board = Board(%(mp)r + "/data", "/tmp/eldritch_heap_test.sav")
buf = array("i", [0] * MAX_ACTIONS)
out = array("i", [0, 0])
steps = 0
for card in ("I3 > P P > L L", "L L L | L I3", "I4 L/P | P T"):
    adv = Adventure(card, green=6, yellow=1, focus=1, seed=11)
    solver = Solver(adv.card, 0)
    solver.value(6, 1, 0, 1)
    solved = SolvedCard(solver)
    for seed in range(12):
        adv.seed = seed
        adv.reset()
        gc.collect()
        micropython.heap_lock()
        try:
            while not adv.is_terminal():
                if adv.phase() == P_ROLL:
                    adv.roll()
                adv.match()
                n = adv.legal_actions(buf)
                i = solved.best(adv, buf, n, out)
                adv.apply(buf[i])
                board.app.draw()
                board.buttons.poll(steps * 10)
                board.leds.update(steps * 10)
                steps += 1
        finally:
            micropython.heap_unlock()
print("ok", steps)
"""


def test_per_step_paths_do_not_allocate(run_micropython):
    lines = run_micropython(LOCKED % {"mp": str(REPO / "micropython")})
    assert lines[-1].startswith("ok ") and int(lines[-1].split()[1]) > 50


SOLVE = """
import gc, micropython
gc.collect()
from kernel.eldersign.solver import Solver
from kernel.eldersign.notation import parse_card
gc.collect()
base = gc.mem_alloc()
solver = Solver(parse_card("I3 | L L | P T"), 0, lean=True)
value = solver.value(6, 0, 0, 1)
gc.collect()
print("imports", base, "retained", gc.mem_alloc() - base, "value", value)
"""


def _solve_with_heap(tmp_path, heapsize):
    import subprocess
    from conftest import MICROPYTHON
    script = tmp_path / "solve.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\n%s" % (str(REPO), SOLVE))
    return subprocess.run([str(MICROPYTHON), "-X", "heapsize=%s" % heapsize, str(script)],
                          capture_output=True, text=True, timeout=300)


def test_custom_card_solve_figures(tmp_path):
    """With a roomy heap: the module code and what the solve keeps (memo, shifted vectors)."""
    proc = _solve_with_heap(tmp_path, "2M")
    assert proc.returncode == 0, proc.stderr
    m = re.search(r"imports (\d+) retained (\d+) value (\d+)", proc.stdout)
    imports, retained, value = (int(x) for x in m.groups())
    assert value > 0
    assert retained <= 96 * 1024        # what stays live after the solve fits the budget


def test_custom_card_solve_fits_a_96k_heap(tmp_path):
    """The whole heap, module code included, is 96 KB; the lean solver keeps no shifted copies."""
    proc = _solve_with_heap(tmp_path, "96K")
    assert proc.returncode == 0, proc.stderr
    value = int(re.search(r"value (\d+)", proc.stdout).group(1))
    from eldritch.kernel.eldersign.solver import Solver
    from eldritch.kernel.eldersign.notation import parse_card
    assert value == Solver(parse_card("I3 | L L | P T")).value(6, 0, 0, 1)
