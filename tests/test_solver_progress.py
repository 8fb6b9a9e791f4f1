"""The pure-Python solver reports its progress at a bounded granularity: the board
draws a frame, and reads B to cancel, at each report, and an action a player waits for must show a
new frame at least every 2 s of an RP2040 (tools/boardtime.py's BUDGET_K, about 127.6 M Cortex-M3
instructions).

The work between two reports is measured here as the Python lines of the solve that run between
them (sys.settrace: exact and the same on every run). On the firmware a line of these solves costs
about 3,150 Cortex-M3 instructions (benchmarks/README.md, "The handheld's time": The Curator at 7
green, yellow and red is 6.0 M lines here and 19 G instructions there), so the budget is about 40,000
lines; Solver.beat reports every BEAT (12,288) steps of counted work. Before it, the solver reported
only when its pair counter crossed a multiple of 64, and the work that evaluates no pairs (a plain
context's weighing of its (fail key, completions) pairs per block, the green tables, a clue level's
sweeps) went unreported: up to 255,000 lines (950 M instructions, 15 s on an RP2040) at a stretch.
"""

import sys

import pytest

from eldritch.kernel.eldersign.notation import parse_card
from eldritch.kernel.eldersign.solver import Solver, BEAT
from eldritch.kernel.eldersign import tables, rollquestions  # noqa: F401  (imported before the trace, as on the board)

# the longest stretch allowed, in lines: BEAT steps plus what one chunk of a loop can add
MAX_LINES = 2 * BEAT

# (card, (green, yellow, red, focus, spells, clues)): the board's library_big_pool (a plain solve)
# and a clue and a spell question (tables.py's slices and sweeps), each small enough to trace in a
# few seconds; the longest stretch before Solver.beat in the comment
QUESTIONS = [
    ("L L L | L I3", (7, 1, 1, 1, 0, 0)),       # 255,470 lines
    ("I4 L | P T", (4, 0, 1, 2, 0, 2)),         # 52,728
    ("T T P | L I4", (5, 1, 0, 1, 1, 0)),       # 96,441
]


def _stretches(card, sit):
    """(value, the lines run between consecutive reports: before the first, between, after the
    last) of a lean solve (the board's) of card at sit."""
    solver = Solver(parse_card(card), lean=True)
    count = [0]
    marks = [0]

    def trace(frame, event, arg):
        if event == "line":
            count[0] += 1
        return trace

    solver.progress = lambda pairs: marks.append(count[0])
    sys.settrace(trace)
    try:
        value = solver.value(*sit)
    finally:
        sys.settrace(None)
    marks.append(count[0])
    return value, [b - a for a, b in zip(marks, marks[1:])]


@pytest.mark.parametrize("card,sit", QUESTIONS, ids=lambda q: str(q))
def test_no_long_stretch_of_a_solve_without_a_progress_report(card, sit):
    value, stretches = _stretches(card, sit)
    assert value == Solver(parse_card(card)).value(*sit)         # the same value, reported or not
    assert max(stretches) <= MAX_LINES, (card, sit, max(stretches), len(stretches))


def test_a_report_between_pairs_can_cancel_the_solve():
    """The board cancels a solve by raising from its progress callback (B read at each frame): a
    report that comes from Solver.beat (no pair evaluated since the one before) stops it as well,
    and a new solver then gives the same value."""
    solver = Solver(parse_card("L L L | L I3"), lean=True)
    seen = []

    class Cancelled(Exception):
        pass

    def progress(pairs):
        if seen and seen[-1] == pairs:          # a report between pairs
            raise Cancelled()
        seen.append(pairs)
    solver.progress = progress
    with pytest.raises(Cancelled):
        solver.value(7, 1, 1, 1)
    assert Solver(parse_card("L L L | L I3"), lean=True).value(7, 1, 1, 1) == \
        Solver(parse_card("L L L | L I3")).value(7, 1, 1, 1)
