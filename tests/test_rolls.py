"""The pure-Python solver's roll tables against brute force written here: the green multiset tables
(rolls.Green, filled by copying runs of lower levels) and a plain context's roll weights
(classweights.roll_weights, summed class by class; read_roll_weights, from the green tables) equal
what reading every roll gives."""

from itertools import combinations_with_replacement, product

import pytest

from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign import classweights
from eldritch.kernel.eldersign.dice import DIE_FACES, GREEN
from eldritch.kernel.eldersign.notation import parse_card
from eldritch.kernel.eldersign.rolls import FIELD, Green, completions
from eldritch.kernel.eldersign.solver import Solver
from eldritch.kernel.eldersign.situation import TERROR_NONE, TERROR_FAIL, TERROR_DISCARD


def _factorial(n):
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


@pytest.mark.parametrize("weights", [[1] * 6, [2, 1, 1, 1, 1], [3, 1, 2], [1], [4, 2], [1, 1, 1, 1, 2]])
def test_green_tables_hold_every_multiset_with_its_ordered_rolls(weights):
    """Level k is every multiset of k dice over the classes, ascending by packed form; its weight
    is the number of ordered rolls showing it, its presence bits the classes it has."""
    m = len(weights)
    guard = sum(16 << (FIELD * j) for j in range(m))
    top = 8
    gr = Green(weights, top)
    assert gr.guard == guard
    for k in range(top + 1):
        want = []
        for picks in combinations_with_replacement(range(m), k):
            counts = [picks.count(j) for j in range(m)]
            weight = _factorial(k)
            for j in range(m):
                weight = weight // _factorial(counts[j]) * weights[j] ** counts[j]
            packed = guard + sum(counts[j] << (FIELD * j) for j in range(m))
            present = sum(1 << j for j in range(m) if counts[j])
            want.append((packed, weight, present))
        want.sort()
        lo, hi = gr.goff[k], gr.goff[k + 1]
        got = [(gr.pk[q], gr.wt[q], gr.pm[q]) for q in range(lo, hi)]
        assert got == want, k


def _brute_roll_weights(solver, g, reqs, f):
    """Every ordered roll of g green dice: its needs held and fail key, counted."""
    fkm = solver.fail_key_maker(f)
    out = {}
    for faces in product(DIE_FACES[GREEN], repeat=g):
        counts = [0] * solver.m
        for face in faces:
            counts[solver.gcls[solver.rep[face]]] += 1
        packed = solver.guard + sum(counts[j] << (FIELD * j) for j in range(solver.m))
        sat = 0
        for i, req in enumerate(reqs):
            if all(counts[j] >= (req >> (FIELD * j)) & 15 for j in range(solver.m)):
                sat |= 1 << i
        present = sum(1 << j for j in range(solver.m) if counts[j])
        key = (sat << 10) | (fkm(present, packed) if fkm is not None else 0)
        out[key] = out.get(key, 0) + 1
    return out


CARDS = ["I4 L | P T", "I3 > P P > L L", "T T P | L I4", "L L L | L I3", "I6 | L | T", "P T T | I2 L L"]


@pytest.mark.parametrize("terror", [TERROR_NONE, TERROR_FAIL, TERROR_DISCARD])
@pytest.mark.parametrize("text", CARDS + [a.card() for a in library.load()[::60]])
def test_plain_roll_weights_equal_every_roll_read(text, terror):
    """roll_weights merges partial rolls class by class, read_roll_weights reads the green tables;
    their sums are those of reading every
    ordered roll, for each pool up to 5 green dice, with and without focus left and each terror
    effect (the fail key reads the Terror dice and the classes present)."""
    card = parse_card(text) if isinstance(text, str) else text
    solver = Solver(card, terror)
    for g in range(6):
        node = solver.node(g, 0, 0, ())
        reqs = node.reqs
        one = node.blocks[0]
        for f in (0, 1):
            want = _brute_roll_weights(solver, g, reqs, f)
            assert classweights.roll_weights(solver, g, reqs, f) == want, (g, f)
            assert solver.read_roll_weights(solver.green(5), g, reqs, f) == want, (g, f)
            # keyed by the completions of the only block instead of the needs held
            by_completions = {}
            for key, weight in want.items():
                key2 = (completions(one[3], one[4], key >> 10) << 10) | (key & 1023)
                by_completions[key2] = by_completions.get(key2, 0) + weight
            assert classweights.roll_weights(solver, g, reqs, f, one) == by_completions, (g, f)
            assert solver.read_roll_weights(solver.green(5), g, reqs, f, one) == by_completions, (g, f)
