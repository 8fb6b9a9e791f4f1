"""Differential corpus: the C core against the pure-Python kernel, compared with ==, never a tolerance.

- every library card (372) at the six dice sets 5G, 6G, 6G+Y, 6G+R, 6G+Y+R, 7G+Y+R with focus 0
  (one solver per card at 7G+Y+R answers all six pools; whole value vectors are compared);
- a sample with focus 1, spells 1, clues 1 (each alone), sanity/stamina limits, and each terror
  effect on every card that has one and on a sample that does not;
- spells and clues together (spells 1 + clues 1 on two pools, with focus 1 on a small pool, and
  spells 2 + clues 1 on a small pool) on the same sample, with roll_values / keep_value on random
  rolls (some with held dice) and advice for such contexts;
- roll_values / keep_value on random rolls, 300,000 random rolls through matching (the C core's way
  enumeration against matching.ways_for_task), and random rolls through advice;
- held dice of any face, not only a class's representative (hypothesis: library cards, small pools
  with focus and the yellow and red dice, a few with a spell or a clue).

Cost on the Python side (2-core machine): about 4 minutes for the whole library at focus 0.
ELDRITCH_PARITY=sample (used by `make sanitize`) takes every sixth card and fewer rolls.
"""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from eldritch.backend import available
from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.advice import advise
from eldritch.kernel.eldersign.dice import DIE_FACES, NFACES
from eldritch.kernel.eldersign.matching import ways_for_task
from eldritch.kernel.eldersign.solver import Solver
from eldritch.kernel.eldersign.situation import Situation, terror_code

if "c" not in available():
    if os.environ.get("ELDRITCH_REQUIRE_C") == "1":
        raise RuntimeError("ELDRITCH_REQUIRE_C=1 but the C core is not built")
    pytest.skip("C core not built", allow_module_level=True)

from eldritch.backend.cbackend import CSolver, match_ways  # noqa: E402

SAMPLE = os.environ.get("ELDRITCH_PARITY") == "sample"
ADVENTURES = library.load()
CARDS = ADVENTURES[::6] if SAMPLE else ADVENTURES
SETS = [(5, 0, 0), (6, 0, 0), (6, 1, 0), (6, 0, 1), (6, 1, 1), (7, 1, 1)]
SPOT = ADVENTURES[::12]          # the sample for focus / spells / clues / limits
WITH_TERROR = [a for a in ADVENTURES if a.terror != "none"]
MATCH_ROLLS = 30000 if SAMPLE else 300000
ADVICE_ROLLS = 300 if SAMPLE else 3000


def _pair(adv, terror=None, sanity=0, stamina=0):
    card = adv.card()
    code = terror_code(adv.terror if terror is None else terror)
    return Solver(card, code, sanity, stamina), CSolver(card, code, sanity, stamina)


def _ctx(g, y, r, focus=0, spells=0, clues=0):
    return (g, y, r, (), focus, spells, clues)


@pytest.mark.parametrize("adv", CARDS, ids=lambda a: a.name)
def test_library_six_dice_sets_focus0(adv):
    py, c = _pair(adv)
    for g, y, r in reversed(SETS):
        assert c.values(_ctx(g, y, r)) == py.values(_ctx(g, y, r)), (adv.name, g, y, r)


@pytest.mark.parametrize("uses", [(1, 0, 0), (0, 1, 0), (0, 0, 1)], ids=["focus1", "spells1", "clues1"])
@pytest.mark.parametrize("adv", SPOT, ids=lambda a: a.name)
def test_sample_focus_spells_clues(adv, uses):
    py, c = _pair(adv)
    f, s, k = uses
    pools = [(4, 1, 0), (3, 0, 1)] if (s or k) else [(5, 1, 1), (4, 0, 0)]
    for g, y, r in pools:
        assert c.values(_ctx(g, y, r, f, s, k)) == py.values(_ctx(g, y, r, f, s, k)), (adv.name, g, y, r)


SPELLS_CLUES = SPOT[::3] if SAMPLE else SPOT


@pytest.mark.parametrize("adv", SPELLS_CLUES, ids=lambda a: a.name)
def test_sample_spells_and_clues_together(adv):
    # one solver per backend for all four contexts, as a caller would use it (the memo is shared)
    py, c = _pair(adv)
    for g, y, r, f, s, k in ((4, 1, 0, 0, 1, 1), (3, 0, 1, 0, 1, 1), (2, 1, 0, 1, 1, 1),
                             (3, 1, 0, 0, 2, 1)):
        ctx = _ctx(g, y, r, f, s, k)
        assert c.values(ctx) == py.values(ctx), (adv.name, ctx)


@pytest.mark.parametrize("adv", [a for a in ADVENTURES if any(t.sanity or t.stamina for t in a.card().tasks)],
                         ids=lambda a: a.name)
def test_sanity_stamina_limits(adv):
    for sanity, stamina in ((1, 0), (2, 3), (0, 2), (4, 4)):
        py, c = _pair(adv, sanity=sanity, stamina=stamina)
        for g, y, r, f in ((6, 1, 1, 0), (4, 1, 0, 1)):
            assert c.values(_ctx(g, y, r, f)) == py.values(_ctx(g, y, r, f)), (sanity, stamina)


@pytest.mark.parametrize("terror", ["none", "fail", "discard"])
@pytest.mark.parametrize("adv", WITH_TERROR + ADVENTURES[5::40], ids=lambda a: a.name)
def test_each_terror_effect(adv, terror):
    py, c = _pair(adv, terror)
    for g, y, r, f in ((6, 1, 1, 0), (4, 1, 0, 1)):
        assert c.values(_ctx(g, y, r, f)) == py.values(_ctx(g, y, r, f))


def _random_roll(rng, g, y, r):
    roll = bytearray(3 * NFACES)
    for _ in range(g):
        roll[rng.choice(DIE_FACES[0])] += 1
    if y:
        roll[NFACES + rng.choice(DIE_FACES[1])] += 1
    if r:
        roll[2 * NFACES + rng.choice(DIE_FACES[2])] += 1
    return roll


def _faces(solver, roll):
    gf = [0] * NFACES
    yf = rf = -1
    for f in range(NFACES):
        gf[solver.rep[f]] += roll[f]
        if roll[NFACES + f]:
            yf = solver.rep[f]
        if roll[2 * NFACES + f]:
            rf = solver.rep[f]
    return gf, yf, rf


@pytest.mark.slow
@pytest.mark.parametrize("adv", SPOT[:4] if SAMPLE else SPOT[:12], ids=lambda a: a.name)
def test_roll_values_and_keep_value(adv):
    rng = random.Random(adv.name)
    py, c = _pair(adv)
    for uses in ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 2)):
        for _ in range(20):
            g, y, r = rng.randint(1, 4 if uses[2] else 5), rng.randint(0, 1), rng.randint(0, 1)
            ctx = (g, y, r, (), uses[0], uses[1], uses[2])
            gf, yf, rf = _faces(py, _random_roll(rng, g, y, r))
            assert c.roll_values(ctx, gf, yf, rf) == py.roll_values(ctx, gf, yf, rf)
            if uses[2]:
                kept = list(gf)
                ug = 0
                for f in range(NFACES):
                    drop = rng.randint(0, kept[f])
                    kept[f] -= drop
                    ug += drop
                ky = yf if rng.random() < 0.5 else -1
                kr = rf if rng.random() < 0.5 else -1
                assert c.keep_value(ctx, kept, ug, ky, kr) == py.keep_value(ctx, kept, ug, ky, kr)


@pytest.mark.slow
@pytest.mark.parametrize("adv", SPOT[:3] if SAMPLE else SPOT[:8], ids=lambda a: a.name)
def test_roll_values_and_keep_value_spells_and_clues(adv):
    rng = random.Random("sc" + adv.name)
    py, c = _pair(adv)
    reps = sorted(set(py.rep))
    for uses in ((0, 1, 1), (1, 1, 1), (0, 2, 1), (0, 1, 2)):
        for _ in range(8):
            g, y, r = rng.randint(1, 3), rng.randint(0, 1), rng.randint(0, 1)
            if uses[2] == 2:
                g, r = min(g, 2), 0
            held = tuple(sorted(rng.choice(reps) for _ in range(rng.choice((0, 0, 1)))))
            ctx = (g, y, r, held, uses[0], uses[1], uses[2])
            gf, yf, rf = _faces(py, _random_roll(rng, g, y, r))
            assert c.roll_values(ctx, gf, yf, rf) == py.roll_values(ctx, gf, yf, rf), ctx
            kept = list(gf)
            ug = 0
            for f in range(NFACES):
                drop = rng.randint(0, kept[f])
                kept[f] -= drop
                ug += drop
            ky = yf if rng.random() < 0.5 else -1
            kr = rf if rng.random() < 0.5 else -1
            assert c.keep_value(ctx, kept, ug, ky, kr) == py.keep_value(ctx, kept, ug, ky, kr), ctx


@pytest.mark.slow
def test_random_rolls_through_matching():
    rng = random.Random(2026)
    cards = [a.card() for a in ADVENTURES]
    compiled = {}
    for n in range(MATCH_ROLLS):
        card = cards[n % len(cards)]
        t = rng.randrange(len(card.tasks))
        key = (n % len(cards), t)
        if key not in compiled:
            from eldritch.kernel.eldersign.matching import minimal_face_sets
            compiled[key] = minimal_face_sets(card.tasks[t])
        sets = compiled[key]
        roll = _random_roll(rng, rng.randint(0, 8), rng.randint(0, 1), rng.randint(0, 1))
        held = bytearray(3 * NFACES)
        for _ in range(rng.choice((0, 0, 0, 1, 2))):
            colour = rng.randrange(3)
            held[colour * NFACES + rng.choice(DIE_FACES[colour])] += 1
        want = [(bytes(w.roll_used), bytes(w.held_used)) for w in ways_for_task(sets, t, roll, held)]
        assert match_ways(sets, roll, held) == want, (card, t, list(roll), list(held))


def test_c_solver_ways_for_task_are_the_kernel_matchings_ways():
    """CSolver.ways_for_task (what advice's matching asks of a C solver) gives matching's Ways of
    the solver's face sets, the same ones in the same order, with bytearrays like the kernel's."""
    from eldritch.kernel.eldersign.matching import match
    rng = random.Random(29)
    for n in range(600):
        card = ADVENTURES[n % len(ADVENTURES)].card()
        c = CSolver(card, 0, 0, 0)
        roll = _random_roll(rng, rng.randint(0, 8), rng.randint(0, 1), rng.randint(0, 1))
        held = bytearray(3 * NFACES)
        for _ in range(rng.choice((0, 0, 1, 2))):
            colour = rng.randrange(3)
            held[colour * NFACES + rng.choice(DIE_FACES[colour])] += 1
        done = rng.randrange(1 << len(card.tasks))
        want = match(card, roll, held, done, 0, 0, c.face_sets)
        got = match(card, roll, held, done, 0, 0, c.face_sets, c.ways_for_task)
        assert [(t, [w.key() for w in ws]) for t, ws in got] == [(t, [w.key() for w in ws]) for t, ws in want]
        assert all(type(w.roll_used) is bytearray and type(w.held_used) is bytearray for _, ws in got for w in ws)


def _advice_key(options):
    return [(o.kind, o.text, o.value) for o in options]


@pytest.mark.slow
def test_random_rolls_through_advice():
    rng = random.Random(48)
    advs = ADVENTURES[::3]
    solvers = {}
    for n in range(ADVICE_ROLLS):
        adv = advs[n % len(advs)]
        uses = ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1))[n % 4]
        if adv.name not in solvers:
            solvers[adv.name] = _pair(adv)
        py, c = solvers[adv.name]
        g, y, r = rng.randint(1, 4), rng.randint(0, 1), rng.randint(0, 1)
        roll = _random_roll(rng, g, y, r)
        done = rng.choice([m for m in range(1 << py.ntasks)
                           if m in py.state_done and m != (1 << py.ntasks) - 1])
        sit = Situation(focus=uses[0], spells=uses[1], clues=uses[2], terror=py.terror)
        assert _advice_key(advise(c, roll, sit, done_mask=done)) == _advice_key(advise(py, roll, sit, done_mask=done))


@pytest.mark.slow
def test_random_rolls_through_advice_spells_and_clues():
    rng = random.Random(49)
    advs = ADVENTURES[1::25]
    solvers = {}
    for n in range(ADVICE_ROLLS // 30):
        adv = advs[n % len(advs)]
        uses = ((0, 1, 1), (1, 1, 1))[n % 2]
        if adv.name not in solvers:
            solvers[adv.name] = _pair(adv)
        py, c = solvers[adv.name]
        g, y, r = rng.randint(1, 3), rng.randint(0, 1), rng.randint(0, 1)
        roll = _random_roll(rng, g, y, r)
        done = rng.choice([m for m in range(1 << py.ntasks)
                           if m in py.state_done and m != (1 << py.ntasks) - 1])
        sit = Situation(focus=uses[0], spells=uses[1], clues=uses[2], terror=py.terror)
        assert _advice_key(advise(c, roll, sit, done_mask=done)) == _advice_key(advise(py, roll, sit, done_mask=done))


# Held dice are asked by face, and a face need not be the representative of its class: on a card
# whose investigation tasks need at most 3, an I4 is an I3 (rep 3 -> 2) and no one-die lattice of
# the C core is the I4's. Its one-die completions must still count beside a held face that has a
# lattice, or a die focused on (which holds a representative face). The held dice are drawn from
# every face and, as often again, from the card's faces that represent no class.
@settings(max_examples=100 if SAMPLE else 400, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(ADVENTURES), st.integers(0, 4), st.integers(0, 1), st.integers(0, 1),
       st.integers(0, 1), st.sampled_from([(0, 0)] * 6 + [(1, 0), (0, 1)]), st.data())
def test_held_dice_of_any_face_are_valued_as_the_kernel_values_them(adv, g, y, r, focus, uses, data):
    spells, clues = uses
    if spells or clues:
        g = min(g, 1)           # a spell or a clue only on the smallest pools (seconds, not minutes)
    if g + y + r == 0:
        g = 1
    py, c = _pair(adv)
    face = st.integers(0, NFACES - 1)
    others = [f for f in range(NFACES) if py.rep[f] != f]
    held = data.draw(st.lists(face | st.sampled_from(others) if others else face, max_size=2), label="held")
    ctx = (g, y, r, tuple(sorted(held)), focus, spells, clues)
    assert c.values(ctx) == py.values(ctx), (adv.name, ctx)


def test_held_i4_where_i3_stands_for_it_with_focus_and_the_yellow_and_red_dice():
    """Blood On The Floor (I2 > I3 > T P): I4 (face 3) is in I3's class, so the C core has no
    one-die lattice of its own for it: held beside an I3, or alone with a focus left (the focused
    die is held as its representative, which has a lattice), its completions come from the scan of
    residual face sets. The brief's three contexts, three with a spell or a clue, and each worth
    what it is with an I3 held instead."""
    adv = next(a for a in ADVENTURES if a.name == "Blood On The Floor")
    py, c = _pair(adv)
    assert py.rep[3] == 2
    for ctx in ((4, 1, 1, (2, 3), 1, 0, 0), (4, 1, 1, (3,), 1, 0, 0), (3, 1, 1, (2, 3), 1, 0, 0),
                (0, 0, 1, (3, 5), 0, 0, 0), (1, 0, 1, (3, 5), 0, 1, 0), (2, 1, 1, (3,), 1, 1, 1)):
        want = py.values(ctx)
        assert c.values(ctx) == want, ctx
        as_i3 = tuple(sorted(2 if f == 3 else f for f in ctx[3]))
        assert c.values(ctx[:3] + (as_i3,) + ctx[4:]) == want, ctx
