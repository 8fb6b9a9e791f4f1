"""The limits' estimate against measured questions: benchmarks/scaling.csv holds the CPU time, peak
memory and counted work of 147 questions (every axis of a question's size on five cards, and the
combined question on the two typed cards: both extra dice, focus 2 and spells 4), measured by
`benchmarks/scaling.py measure`. The estimate (kernel/eldersign/budget.py) must be within 2x of
every point's time and never below its memory, and the work model the solves are stopped by must
track the time the same way. The counts the points recorded are checked against this solver on the
small points, so a solver that counts differently asks for the file to be measured again. No timing
here: the times are the file's.
"""

import importlib.util
import os

import pytest

from eldritch.backend import available, get_backend
from eldritch.kernel.eldersign import budget
from eldritch.kernel.eldersign.notation import parse_card

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLOOR = 0.002       # seconds: CPU times below this are compared as this (the clock, a process's noise)


def _scaling():
    spec = importlib.util.spec_from_file_location("scaling", os.path.join(ROOT, "benchmarks", "scaling.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SCALING = _scaling()
POINTS = SCALING.read_points(os.path.join(ROOT, "benchmarks", "scaling.csv"))
ESTIMATES = {}


def estimate(p):
    key = (p["card"], p["ctx"])
    if key not in ESTIMATES:
        ESTIMATES[key] = SCALING.estimate_of(p["notation"], p["terror"], p["ctx"])
    return ESTIMATES[key]


def _ratio(model_s, measured_s):
    return max(model_s, FLOOR) / max(measured_s, FLOOR)


def test_the_file_covers_every_axis_of_a_question():
    axes = {p["axis"] for p in POINTS}
    assert {"dice", "focus", "spells", "clues", "spell+clues", "combined"} <= axes
    assert len(POINTS) >= 140 and max(p["cpu_s"] for p in POINTS) > 30


def test_estimate_is_within_2x_of_every_measured_point():
    bad = []
    for p in POINTS:
        r = _ratio(estimate(p).milliseconds(p["backend"]) / 1000, p["cpu_s"])
        if not 0.5 <= r <= 2:
            bad.append((round(r, 2), p["axis"], p["card"], p["ctx"], p["cpu_s"]))
    assert not bad, bad


def test_estimate_never_underestimates_memory():
    bad = [(p["axis"], p["card"], p["ctx"], estimate(p).bytes_for(p["backend"]), p["peak_bytes"])
           for p in POINTS if estimate(p).bytes_for(p["backend"]) < p["peak_bytes"]]
    assert not bad, bad


def test_counted_work_tracks_the_measured_time_within_2x():
    """The work limit (budget.WORK over the counts a solve makes) stands for CPU time."""
    bad = []
    for p in POINTS:
        counted = budget.work_ns(estimate(p), p["backend"], (p["pairs"], p["contexts"], p["frames"], p["sweeps"]))
        r = _ratio(counted / 1e9, p["cpu_s"])
        if not 0.5 <= r <= 2:
            bad.append((round(r, 2), p["axis"], p["card"], p["ctx"], p["cpu_s"]))
    assert not bad, bad


def test_the_slowest_combined_question_is_estimated_within_2x_of_its_time():
    """The combined question on the ordered six-task typed card at 8G+Y+R (focus 2, spells 4), the
    file's slowest point: its estimate is within 2x of its time."""
    (p,) = [p for p in POINTS if p["axis"] == "combined" and p["card"] == "typed24" and p["ctx"][0] == 8]
    est = estimate(p).milliseconds("c") / 1000
    assert 0.5 <= est / p["cpu_s"] <= 2, (est, p["cpu_s"])


@pytest.mark.skipif("c" not in available(), reason="the points are the C core's")
def test_the_recorded_counts_are_this_solvers():
    """Every small point solved again: the same pairs, contexts, frames and sweep steps as the file
    recorded (when this fails the solver's work changed: measure the file again, README)."""
    backend = get_backend("c")
    small = [p for p in POINTS if p["backend"] == "c" and p["pairs"] <= 400_000]
    assert len(small) >= 50
    for p in small:
        solver = backend.make_solver(parse_card(p["notation"]), p["terror"])
        g, y, r, f, s, c = p["ctx"]
        ctx = (g, y, r, (), f, s, c)
        solver.reserve(ctx)
        solver.values(ctx)
        assert solver.work() == (p["pairs"], p["contexts"], p["frames"], p["sweeps"]), (p["card"], p["ctx"])
