"""The exact solver: closed forms, the rulebook's reference odds, the published optimal-play table,
and a brute-force oracle over ordered rolls for small random cards. Runs once per backend."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.fixed import ONE, percent_text
from eldritch.kernel.eldersign.notation import parse_card
from eldritch.kernel.eldersign.situation import Situation, terror_code

import oracle
from test_matching import oracle_task

PUBLISHED_PPLL = {  # P P > L L, optimal play, percent (englishcatfish/ElderSign's table)
    0: ["2.252997", "7.413286", "17.246428", "25.475103", "42.755001", "60.696999"],
    1: ["3.772202", "14.146246", "31.917385", "43.825856", "65.468503", "81.710824"],
}
DICE_SETS = [(5, 0, 0), (6, 0, 0), (6, 1, 0), (6, 0, 1), (6, 1, 1), (7, 1, 1)]


def close(value, exact):
    """Within the design's precision promise: 1e-9 of the exact rational."""
    return abs(Fraction(value, ONE) - exact) < Fraction(1, 10 ** 9)


@pytest.mark.parametrize("symbol", ["L", "P", "T"])
@pytest.mark.parametrize("n", range(1, 9))
def test_single_symbol_closed_form(backend, symbol, n):
    solver = backend.make_solver(parse_card(symbol))
    exact = 1 - Fraction(5, 6) ** (n * (n + 1) // 2)
    assert close(solver.value(n, 0, 0, 0), exact)


def test_rulebook_reference_odds(backend):
    # section 4 of the digest: I3 with three green dice, no focus: 1 - 5/6 * 22/36 * 90/216
    solver = backend.make_solver(parse_card("I3"))
    assert close(solver.value(3, 0, 0, 0), Fraction(36756, 46656))


@pytest.mark.parametrize("focus", [0, 1])
def test_published_table(backend, focus):
    solver = backend.make_solver(parse_card("P P > L L"))
    got = [percent_text(solver.value(g, y, r, focus)) for g, y, r in DICE_SETS]
    assert got == PUBLISHED_PPLL[focus]


def test_terror_effects_change_the_odds(backend):
    # (with six green dice "T T P | L I4" needs every die, so no failed roll can be survived and
    # its terror effect cannot matter; this card can afford failures)
    card = parse_card("I4 | T T")
    none, fail, discard = (backend.make_solver(card, terror_code(t)).value(6, 0, 0, 1)
                           for t in ("none", "fail", "discard"))
    assert fail < discard < none


def test_sanity_limit_forbids_a_task(backend):
    card = parse_card("L S2")
    assert backend.make_solver(card, 0, 2, 0).value(6, 0, 0, 1) == 0
    assert backend.make_solver(card, 0, 3, 0).value(6, 0, 0, 1) == backend.make_solver(card).value(6, 0, 0, 1)
    # costs paid earlier in the same adventure count
    two = parse_card("L S1 | P S1")
    assert backend.make_solver(two, 0, 2, 0).value(6, 0, 0, 1) == 0
    assert backend.make_solver(two, 0, 3, 0).value(6, 0, 0, 1) > 0


def test_more_resources_never_hurt(backend):
    card = parse_card("I4 L | P T")
    s = backend.make_solver(card)
    base = s.value(5, 0, 0, 0)
    for better in (s.value(6, 0, 0, 0), s.value(5, 1, 0, 0), s.value(5, 0, 1, 0), s.value(5, 0, 0, 1),
                   s.value(5, 0, 0, 0, 1), s.value(5, 0, 0, 0, 0, 1)):
        assert better >= base


def test_situation_rejects_bad_options():
    for kwargs in ({"green": 9}, {"green": -1}, {"focus": 5}, {"clues": -1}, {"terror": "sometimes"}):
        with pytest.raises(KernelError):
            Situation(**kwargs)


symbol = st.sampled_from(["I1", "I2", "I3", "I4", "I5", "L", "P", "T", "L/P", "T/P"])
task = st.lists(symbol, min_size=1, max_size=2)


@st.composite
def small_problem(draw):
    tasks = draw(st.lists(task, min_size=1, max_size=2))
    ordered = draw(st.booleans())
    clues = draw(st.integers(0, 1))
    spells = draw(st.integers(0, 1))
    most = 2 if clues else 3
    green = draw(st.integers(0, most))
    yellow = draw(st.integers(0, 1)) if green < most else 0
    red = draw(st.integers(0, 1)) if green + yellow < most else 0
    focus = draw(st.integers(0, 1))
    terror = draw(st.sampled_from(["none", "fail", "discard"]))
    return tasks, ordered, (green, yellow, red), focus, spells, clues, terror


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(small_problem())
def test_against_brute_force_oracle(backend, problem):
    tasks, ordered, (g, y, r), focus, spells, clues, terror = problem
    text = (" > " if ordered else " | ").join(" ".join(t) for t in tasks)
    card = parse_card(text)
    value = backend.make_solver(card, terror_code(terror)).value(g, y, r, focus, spells, clues)
    pool = ["g"] * g + ["y"] * y + ["r"] * r
    exact = oracle.solve([oracle_task(" ".join(t)) for t in tasks], card.ordered, pool, focus,
                         spells, clues, terror)
    assert close(value, exact), (text, exact, value / ONE)


@pytest.mark.parametrize("text", ["I3 | L L | P T", "I4 | T T", "I3 > P P > L L"])
def test_lean_solver_gives_the_same_values(text):
    from eldritch.kernel.eldersign.solver import Solver
    card = parse_card(text)
    full, lean = Solver(card), Solver(card, lean=True)
    for pool in [(6, 0, 0, 1), (5, 1, 1, 0), (4, 0, 1, 1, 1)]:
        assert lean.value(*pool) == full.value(*pool)
