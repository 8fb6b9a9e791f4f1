"""The pure-Python solver's row tables (kernel/eldersign/rowpool.py): a question with spells or clues
cuts its tables from the heap once and hands the same ones out again, every table it hands out comes
back, and nothing is held once the question is answered.

Why it matters: on the board's heap, tables made afresh for every state of every context had to be
cut from the holes the memo leaves, and Lights Out's clue odds from the menu failed on a 3.7 KB table
with 61 KB free (benchmarks/README.md, "The board's clue questions"). The firmware run of that
question is benchmarks/test_firmware_bench.py's (7 minutes of QEMU); here the pool's bookkeeping is
checked on CPython, with the values against the C core.
"""

import pytest

from eldritch.backend import available
from eldritch.kernel.eldersign import rowpool
from eldritch.kernel.eldersign.dice import YELLOW, RED, NFACES
from eldritch.kernel.eldersign.notation import parse_card
from eldritch.kernel.eldersign.solver import Solver


@pytest.fixture
def counted(monkeypatch):
    """Counts of the tables the pools make and hand out, and of those out at a time."""
    count = {"made": 0, "handed": 0, "out": 0, "most_out": 0}
    take, low, give, give_low = (rowpool.RowPool.take, rowpool.RowPool.low, rowpool.RowPool.give,
                                 rowpool.RowPool.give_low)

    def handed(made_one):
        count["made"] += made_one
        count["handed"] += 1
        count["out"] += 1
        count["most_out"] = max(count["most_out"], count["out"])

    def counted_take(self):
        handed(not self._rows)
        return take(self)

    def counted_low(self):
        handed(not self._low)
        return low(self)

    def counted_give(self, a):
        count["out"] -= 1
        assert all(a is not b for b in self._rows + self._low), "a table given back twice"
        give(self, a)

    def counted_give_low(self, a):
        count["out"] -= 1
        assert all(a is not b for b in self._rows + self._low), "a table given back twice"
        give_low(self, a)

    monkeypatch.setattr(rowpool.RowPool, "take", counted_take)
    monkeypatch.setattr(rowpool.RowPool, "low", counted_low)
    monkeypatch.setattr(rowpool.RowPool, "give", counted_give)
    monkeypatch.setattr(rowpool.RowPool, "give_low", counted_give_low)
    return count


LIGHTS_OUT = "I3 > P P > L L"


def _c_value(card, situation):
    if not available():
        pytest.skip("the C core is not built here")
    from eldritch.backend.cbackend import CSolver
    return CSolver(parse_card(card), 0, 0, 0).value(*situation)


@pytest.mark.parametrize("lean", [True, False], ids=["board", "host"])
def test_a_clue_question_cuts_its_tables_once_and_gets_every_one_back(counted, lean):
    """Lights Out at 4 green, yellow, red, focus 1, one clue: thousands of tables handed out over
    every state of every context, a handful made, all of them back at the end, no pool kept."""
    situation = (4, 1, 1, 1, 0, 1)
    solver = Solver(parse_card(LIGHTS_OUT), lean=lean)
    value = solver.value(*situation)
    assert value == _c_value(LIGHTS_OUT, situation)
    assert counted["out"] == 0
    assert counted["made"] == counted["most_out"]       # a table is made only when none is free
    assert counted["made"] <= 16 and counted["handed"] >= 100 * counted["made"], counted
    assert solver.rowpool is None


def test_spells_and_clues_together_get_every_table_back(counted):
    """A spell's sub-slices (smaller pools, the first rows of the same tables) and two clue levels."""
    situation = (4, 1, 0, 0, 1, 2)
    solver = Solver(parse_card("T T P | L I4"), lean=True)
    assert solver.value(*situation) == _c_value("T T P | L I4", situation)
    assert counted["out"] == 0 and counted["made"] == counted["most_out"] <= 24, counted
    assert solver.rowpool is None


def test_advice_on_a_clue_reroll_gets_every_table_back(counted):
    """keep_values_at (the board's clue advice) and roll_values open the pool for their own DAG and
    let go of it; a question answered before leaves the solver with no pool."""
    solver = Solver(parse_card(LIGHTS_OUT), lean=True)
    ctx = (4, 1, 1, (), 0, 0, 1)
    solver.values(ctx)
    handed = counted["handed"]
    gfaces = [0] * NFACES           # four green dice by representative face: 2, 1 and 1
    gfaces[solver.gface[0]] += 2
    gfaces[solver.gface[1]] += 1
    gfaces[solver.gface[-1]] += 1
    yf = solver.classes[YELLOW][0][0]
    rf = solver.classes[RED][-1][0]
    kept = solver.keep_values_at(ctx, gfaces, yf, rf, solver.full_state)
    assert len(kept) > 8 and counted["handed"] > handed
    assert counted["out"] == 0 and solver.rowpool is None
    solver.roll_values(ctx, gfaces, yf, rf)
    assert counted["out"] == 0 and solver.rowpool is None


def test_forget_after_a_cancelled_solve_drops_the_pool():
    """A solve stopped midway (the board's cancel button raises from the progress report) leaves
    tables out; forget() drops the pool with them, and the question asked again is right."""
    solver = Solver(parse_card(LIGHTS_OUT), lean=True)

    class Cancel(Exception):
        pass

    def cancel(pairs):
        raise Cancel

    solver.progress = cancel
    with pytest.raises(Cancel):
        solver.value(4, 1, 1, 1, 0, 1)
    assert solver.rowpool is not None
    solver.forget()
    assert solver.rowpool is None
    solver.progress = None
    assert solver.value(4, 1, 1, 1, 0, 1) == _c_value(LIGHTS_OUT, (4, 1, 1, 1, 0, 1))
