"""Advice: every legal option with its value, best first, consistent with the solver."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.advice import advise, COMPLETE, FAIL, HOLD, REROLL
from eldritch.kernel.eldersign.dice import DIE_FACES, NFACES
from eldritch.kernel.eldersign.fixed import ONE
from eldritch.kernel.eldersign.notation import parse_card, parse_roll
from eldritch.kernel.eldersign.situation import Situation, terror_code


def test_options_are_sorted_and_complete(backend):
    solver = backend.make_solver(parse_card("I3 > P P > L L"))
    options = advise(solver, parse_roll("I3 P T y:I4 r:W"), Situation(focus=1, spells=1, clues=1, terror=solver.terror))
    values = [o.value for o in options]
    assert values == sorted(values, reverse=True)
    kinds = {o.kind for o in options}
    assert kinds == {COMPLETE, FAIL, HOLD, REROLL}
    texts = [o.text for o in options]
    assert "complete task 1 (I3) with I3" in texts
    assert "hold y:I4 with a spell" in texts
    assert "fail the roll, set aside a green die, focus r:W" in texts
    assert len(texts) == len(set(texts))


def test_terror_fail_option(backend):
    solver = backend.make_solver(parse_card("L L"), terror_code("fail"))
    options = advise(solver, parse_roll("T I1 I2"), Situation(focus=1, terror=solver.terror))
    assert [(o.kind, o.value) for o in options] == [(FAIL, 0)]
    assert "Terror" in options[0].text


def test_completing_the_last_task_is_certain(backend):
    solver = backend.make_solver(parse_card("L | P"))
    best = advise(solver, parse_roll("P I1"), Situation(focus=0, terror=solver.terror), done_mask=1)[0]
    assert best.kind == COMPLETE and best.value == ONE


def test_bad_states(backend):
    solver = backend.make_solver(parse_card("L > P"))
    with pytest.raises(KernelError):
        advise(solver, parse_roll(""), Situation(focus=0, terror=solver.terror))
    with pytest.raises(KernelError):
        advise(solver, parse_roll("L"), Situation(focus=0, terror=solver.terror), done_mask=2)   # ordered: task 2 cannot be done before 1
    with pytest.raises(KernelError):
        advise(solver, parse_roll("L"), Situation(focus=0, terror=solver.terror), done_mask=3)


def _rolls(pool):
    for faces in product(*[DIE_FACES[c] for c in pool]):
        roll = bytearray(3 * NFACES)
        for c, f in zip(pool, faces):
            roll[c * NFACES + f] += 1
        yield roll


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["L L | P", "I3 > L", "T/P I2", "I4 | T T", "L/P T | I5"]),
       st.sampled_from([(3, 0, 0), (2, 1, 0), (1, 1, 1), (2, 0, 1)]),
       st.integers(0, 1), st.integers(0, 1), st.sampled_from(["none", "fail", "discard"]))
def test_best_option_averages_to_the_solved_value(backend, text, pool, focus, spells, terror):
    """Optimal play is picking the best option after every roll: its average is the card's value."""
    solver = backend.make_solver(parse_card(text), terror_code(terror))
    colours = [0] * pool[0] + [1] * pool[1] + [2] * pool[2]
    total = 0
    count = 0
    for roll in _rolls(colours):
        total += advise(solver, roll, Situation(focus=focus, spells=spells, terror=solver.terror))[0].value
        count += 1
    exact_avg = Fraction(total, count * ONE)
    assert abs(exact_avg - Fraction(solver.value(*pool, focus, spells), ONE)) < Fraction(1, 10 ** 12)


def test_a_roll_of_only_discarded_terror_still_has_an_option(backend):
    solver = backend.make_solver(parse_card("L"), terror_code("discard"))
    options = advise(solver, parse_roll("T T"), Situation(focus=0, terror=solver.terror))
    assert [(o.kind, o.value) for o in options] == [(FAIL, 0)]
    assert "no die left" in options[0].text
