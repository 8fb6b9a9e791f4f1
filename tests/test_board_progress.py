"""A long solve on the handheld shows a player how far it is: the percentage of the contexts the
board's estimate counts, a bar, the time left by the Pico's time model (kernel/eldersign/boardcost.py)
and "B: cancel", on every progress frame; B cancels. Run on the MicroPython unix port through the
simulator's board (micropython/sim.py: the app, its buttons and display on main.py's loop), so
this is what the simulator shows and what the board's firmware draws.
"""

import json
import subprocess

import pytest

from conftest import REPO, MICROPYTHON

pytestmark = pytest.mark.slow           # a minute-long solve of a Pico on the unix port, twice

# The Curator (Library, Core, its first card) with a spell: odds from the table, then A: play, whose
# advice the board solves (about a minute of a Pico); each progress frame's rows are recorded.
SOLVE = """
import sys, json
sys.path.insert(0, %(mp)r)
sys.path.insert(1, %(repo)r)
import sim
b = sim.Board(%(data)r, %(save)r, 3)
frames = []
calls = [0]
def refresh():
    frames.append(b.app.screen_lines())
b.app.refresh = refresh
CANCEL_AT = %(cancel_at)d
if CANCEL_AT:
    def cancel_pressed():
        calls[0] += 1
        return calls[0] >= CANCEL_AT
    b.app.cancel_pressed = cancel_pressed
for w in "a a a down down down down right a a".split():
    b.press(sim.WORDS[w])
asked = b.app.screen_lines()          # the solve is over 10 s by the Pico's model: asked first
if ASK_B:
    b.press(sim.WORDS["b"])
    print(json.dumps({"asked": asked, "back": b.app.screen_lines(), "frames": frames}))
    raise SystemExit
b.press(sim.WORDS["a"])
from kernel.eldersign import budget
from kernel.eldersign.situation import Situation
from kernel.eldersign.solver import Solver
from kernel.eldersign.notation import parse_card
sit = Situation(6, False, False, 1, 1, 0)
est = Solver(parse_card("L L L | L I3"), 0, 0, 0, lean=True).estimate((6, False, False, (), 1, 1, 0))
print(json.dumps({"frames": frames, "last": b.app.screen_lines(), "model_ms": est.milliseconds("rp2040"),
                  "asked": asked}))
"""


def _run(tmp_path, cancel_at=0, ask_b=False):
    code = SOLVE % {"mp": str(REPO / "micropython"), "repo": str(REPO), "data": str(REPO / "micropython" / "data"),
                    "save": str(tmp_path / "adv.sav"), "cancel_at": cancel_at}
    code = code.replace("if ASK_B:", "if %s:" % ask_b)
    proc = subprocess.run([str(MICROPYTHON), "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _ms(text):
    """budget.text_seconds read back (its lower bound): 850 ms, 42 s, 12 min, 3.5 h, 9 days."""
    value, unit = text.split()
    return float(value) * {"ms": 1, "s": 1000, "min": 60000, "h": 3600000, "days": 86400000}[unit]


def test_a_long_solve_shows_its_percentage_and_the_time_left(tmp_path):
    run = _run(tmp_path)
    frames = run["frames"]
    assert len(frames) >= 10, frames
    done = []
    left = []
    for rows in frames:
        assert rows[0] == "Solving..." and rows[6] == "B: cancel", rows
        pct, word = rows[2].split()
        assert pct.endswith("%") and word == "done", rows
        done.append(int(pct[:-1]))
        bar = rows[3]
        assert bar.startswith("[") and bar.endswith("]") and len(bar) == 16, rows
        assert bar.count("#") == done[-1] * 14 // 100, rows
        assert rows[4].endswith(" left"), rows
        left.append(_ms(rows[4][:-5]))
        assert max(len(r) for r in rows) <= 16, rows
    assert done == sorted(done) and done[-1] > done[0], done             # it moves on, never back
    assert left == sorted(left, reverse=True) and left[-1] < left[0], left
    # the first frame's time left is the model's whole solve, within its rounding
    assert left[0] <= run["model_ms"] and _ms(frames[0][4][:-5]) >= run["model_ms"] * 0.5, (left[0], run["model_ms"])
    assert run["last"][0] == "6G f1 s1 c0", run["last"]          # the play screen after the solve


def test_b_cancels_a_long_solve(tmp_path):
    run = _run(tmp_path, cancel_at=3)
    assert len(run["frames"]) == 2, run["frames"]         # the third check saw B: no frame after it
    assert "Solve cancelled." in " ".join(run["last"]), run["last"]


def test_a_solve_over_ten_seconds_is_asked_first(tmp_path):
    """Before a solve the Pico's model puts over 10 s, the screen says how long (the model's time,
    as the progress frames count it down) and asks: A solves, B goes back to the odds without
    solving anything."""
    run = _run(tmp_path)
    asked = run["asked"]
    assert asked[2] == "Solving takes" and asked[3].startswith("about ") and asked[7] == "A:solve B:back", asked
    assert _ms(asked[3][6:]) <= run["model_ms"] and _ms(asked[3][6:]) >= run["model_ms"] * 0.5, asked
    assert run["model_ms"] > 10000
    back = _run(tmp_path, ask_b=True)
    assert back["frames"] == [] and back["back"][7] == "A:play B:back", back["back"]
