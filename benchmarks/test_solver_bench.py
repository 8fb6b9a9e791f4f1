"""C core against the pure-Python fallback, side by side in one run (pytest-benchmark; `make bench`).

Suites:
- table: the 65 Core + Other Worlds cards at the six dice sets (5G, 6G, 6G+Y, 6G+R, 6G+Y+R, 7G+Y+R),
  one fresh solver per card asked the largest pool first; focus 0 for both backends; focus 1 for C on
  all 65 and for both on every fifth card (13 cards: the fallback needs minutes for all 65);
- library: all 372 cards at the six dice sets, focus 0 and 1 (C only);
- spells + clues: 6G+Y+R with spells 1 and clues 1 (focus 0), one fresh solver per card, on every
  thirteenth of the 65 cards (5 cards) for both backends, and on all 65 for C;
- matching: 20,000 seeded random rolls (with 0-2 held dice) through the minimal-way enumeration
  (kernel matching.ways_for_task against the C core's esm_ways, batched in one call per task).

extra_info records the solver's work counter: (context, roll) pairs evaluated and ns per pair
(minimum round time / pairs), and the rolls per second for matching.
"""

import random

import pytest

from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.dice import DIE_FACES, NFACES
from eldritch.kernel.eldersign.matching import minimal_face_sets, ways_for_task
from eldritch.kernel.eldersign.solver import Solver, terror_code

try:
    from eldritch.cbackend import CSolver, count_ways_batch, ffi, lib, _facesets_bytes
except ImportError:  # pragma: no cover - benchmarks need the C core
    pytest.skip("C core not built", allow_module_level=True)

ALL = library.load()
CORE_OW = [a for a in ALL if a.set in ("Core", "Other Worlds")]
SUBSET = CORE_OW[::5]
SETS = [(7, 1, 1), (6, 1, 1), (6, 0, 1), (6, 1, 0), (6, 0, 0), (5, 0, 0)]
MAKERS = {"c": CSolver, "python": Solver}


def run_table(make, cards, focus):
    pairs = 0
    for adv in cards:
        solver = make(adv.card(), terror_code(adv.terror))
        for g, y, r in SETS:
            solver.value(g, y, r, focus)
        pairs += solver.pairs
    return pairs


def _record(benchmark, pairs):
    best = benchmark.stats.stats.min
    benchmark.extra_info["pairs"] = pairs
    benchmark.extra_info["ns_per_pair"] = round(best / pairs * 1e9, 1)


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("suite", ["core65-focus0", "subset13-focus1"])
def test_table(benchmark, backend, suite):
    cards, focus = (CORE_OW, 0) if suite == "core65-focus0" else (SUBSET, 1)
    rounds = 5 if backend == "c" else 1
    benchmark.group = "table " + suite
    pairs = benchmark.pedantic(run_table, args=(MAKERS[backend], cards, focus), rounds=rounds,
                               iterations=1)
    _record(benchmark, pairs)


def test_table_c_core65_focus1(benchmark):
    benchmark.group = "table core65-focus1 (C only)"
    pairs = benchmark.pedantic(run_table, args=(CSolver, CORE_OW, 1), rounds=2, iterations=1)
    _record(benchmark, pairs)


@pytest.mark.parametrize("focus", [0, 1])
def test_library_c(benchmark, focus):
    benchmark.group = "library 372 (C only)"
    pairs = benchmark.pedantic(run_table, args=(CSolver, ALL, focus), rounds=1, iterations=1)
    _record(benchmark, pairs)


SC_CARDS = CORE_OW[::13]


def run_spells_clues(make, cards, ctx):
    pairs = 0
    for adv in cards:
        solver = make(adv.card(), terror_code(adv.terror))
        solver.values(ctx)
        pairs += solver.pairs
    return pairs


@pytest.mark.parametrize("backend", ["c", "python"])
def test_spells1_clues1(benchmark, backend):
    benchmark.group = "spells 1 + clues 1, 6G+Y+R, %d cards" % len(SC_CARDS)
    pairs = benchmark.pedantic(run_spells_clues, args=(MAKERS[backend], SC_CARDS, (6, 1, 1, (), 0, 1, 1)),
                               rounds=5 if backend == "c" else 1, iterations=1)
    _record(benchmark, pairs)


def test_spells1_clues1_core65_c(benchmark):
    benchmark.group = "spells 1 + clues 1, 6G+Y+R, 65 cards (C only)"
    pairs = benchmark.pedantic(run_spells_clues, args=(CSolver, CORE_OW, (6, 1, 1, (), 0, 1, 1)),
                               rounds=1, iterations=1)
    _record(benchmark, pairs)


def _matching_corpus(n=20000, seed=7):
    rng = random.Random(seed)
    cards = [a.card() for a in CORE_OW]
    groups = {}
    for i in range(n):
        card = cards[i % len(cards)]
        t = rng.randrange(len(card.tasks))
        roll = bytearray(3 * NFACES)
        for _ in range(rng.randint(1, 7)):
            roll[rng.choice(DIE_FACES[0])] += 1
        if rng.random() < 0.5:
            roll[NFACES + rng.choice(DIE_FACES[1])] += 1
        if rng.random() < 0.5:
            roll[2 * NFACES + rng.choice(DIE_FACES[2])] += 1
        held = bytearray(3 * NFACES)
        for _ in range(rng.choice((0, 0, 1, 2))):
            colour = rng.randrange(3)
            held[colour * NFACES + rng.choice(DIE_FACES[colour])] += 1
        key = (i % len(cards), t)
        if key not in groups:
            groups[key] = (minimal_face_sets(card.tasks[t]), t, [], [])
        groups[key][2].append(bytes(roll))
        groups[key][3].append(bytes(held))
    return list(groups.values()), n


CORPUS, NROLLS = _matching_corpus()


def match_python():
    total = 0
    for sets, t, rolls, helds in CORPUS:
        for roll, held in zip(rolls, helds):
            total += len(ways_for_task(sets, t, roll, held))
    return total


# The C side gets its input as contiguous buffers, built once (as the Python side gets its lists),
# and writes every way of every roll into a buffer (enumerating, as the Python side does).
C_CORPUS = [(_facesets_bytes(sets), len(sets), b"".join(rolls), b"".join(helds), len(rolls),
             ffi.new("int32_t[]", len(rolls))) for sets, t, rolls, helds in CORPUS]
WAYS_CAP = 1 << 14
WAYS_OUT = ffi.new("uint8_t[]", 48 * WAYS_CAP)


def match_c():
    total = 0
    for fsb, nfs, rolls, helds, n, counts in C_CORPUS:
        if lib.esm_ways_batch(fsb, nfs, rolls, helds, n, counts, WAYS_OUT, WAYS_CAP) != lib.ES_OK:
            raise RuntimeError("esm_ways_batch failed")
        total += sum(ffi.unpack(counts, n))
    return total


def test_count_ways_batch_agrees():
    sets, t, rolls, helds = CORPUS[0]
    assert count_ways_batch(sets, rolls, helds) == [len(ways_for_task(sets, t, r, h))
                                                     for r, h in zip(rolls, helds)]


@pytest.mark.parametrize("backend", ["c", "python"])
def test_matching(benchmark, backend):
    benchmark.group = "matching %d rolls" % NROLLS
    fn = match_c if backend == "c" else match_python
    ways = benchmark.pedantic(fn, rounds=5 if backend == "c" else 2, iterations=1)
    assert ways == match_python.__dict__.setdefault("ways", match_python())
    benchmark.extra_info["ways"] = ways
    benchmark.extra_info["rolls_per_s"] = round(NROLLS / benchmark.stats.stats.min)
