"""The benchmark suites as plain functions, shared by the pytest-benchmark files (`make bench`) and
by before_after.py, which runs them against an older build of the package in the same session.

Every suite takes a solver maker (CSolver or the kernel Solver) and returns (pairs, c_seconds):
the (context, roll) pairs of the work counter and the time spent inside the C core's entry points
(0 for the fallback, or for builds that do not record it), so a caller can split its wall time
into C and Python. Only names every version of the package has are used.
"""

import os

os.environ.setdefault("ELDRITCH_TIME_C", "1")      # CSolver.c_seconds (read when cbackend is imported)

from eldritch.kernel.eldersign import library  # noqa: E402
from eldritch.kernel.eldersign.notation import parse_card  # noqa: E402
try:
    from eldritch.kernel.eldersign.situation import terror_code
except ImportError:                 # builds before the Situation module
    from eldritch.kernel.eldersign.solver import terror_code

ALL = library.load()
CORE_OW = [a for a in ALL if a.set in ("Core", "Other Worlds")]
SUBSET = CORE_OW[::5]                 # 13 cards
SC_CARDS = CORE_OW[::13]              # 5 cards
SETS = [(7, 1, 1), (6, 1, 1), (6, 0, 1), (6, 1, 0), (6, 0, 0), (5, 0, 0)]

# custom cards a player might type on the handheld: (card, green, yellow, red, focus)
QUESTIONS = [
    ("I3 | L L | P T", 6, 0, 0, 1),
    ("I3 > P P > L L", 6, 1, 1, 1),
    ("I4 L | P T", 6, 0, 0, 0),
    ("I6 | L | T", 6, 0, 1, 0),
]


def _done(solver):
    return solver.pairs, getattr(solver, "c_seconds", 0.0)


def table(make, cards, focus):
    """A fresh solver per card, the six usual dice sets, largest first."""
    pairs = 0
    c_seconds = 0.0
    for adv in cards:
        solver = make(adv.card(), terror_code(adv.terror))
        for g, y, r in SETS:
            solver.value(g, y, r, focus)
        p, c = _done(solver)
        pairs += p
        c_seconds += c
    return pairs, c_seconds


def contexts(make, cards, ctx):
    """A fresh solver per card, one context each (spells and clues suites)."""
    pairs = 0
    c_seconds = 0.0
    for adv in cards:
        solver = make(adv.card(), terror_code(adv.terror))
        solver.values(ctx)
        p, c = _done(solver)
        pairs += p
        c_seconds += c
    return pairs, c_seconds


def single(make):
    """Four custom cards, each parsed and solved from scratch (single solves)."""
    pairs = 0
    c_seconds = 0.0
    for text, g, y, r, f in QUESTIONS:
        solver = make(parse_card(text))
        solver.value(g, y, r, f)
        p, c = _done(solver)
        pairs += p
        c_seconds += c
    return pairs, c_seconds


# name -> (function, args after the maker, run on the fallback too?)
SUITES = {
    "core65-focus0": (table, (CORE_OW, 0), True),
    "subset13-focus1": (table, (SUBSET, 1), True),
    "core65-focus1": (table, (CORE_OW, 1), False),
    "sc5-6gyr-s1c1": (contexts, (SC_CARDS, (6, 1, 1, (), 0, 1, 1)), True),
    # the callgrind profile of the C core's spells + clues work (benchmarks/README.md)
    "sc5-7gyr-f1s1c1": (contexts, (SC_CARDS, (7, 1, 1, (), 1, 1, 1)), False),
    "core65-6gyr-s1c1": (contexts, (CORE_OW, (6, 1, 1, (), 0, 1, 1)), False),
    "core65-7gyr-f1s1c1": (contexts, (CORE_OW, (7, 1, 1, (), 1, 1, 1)), False),
    "single-solves": (single, (), True),
}
