"""C core against the pure-Python fallback, side by side in one run (pytest-benchmark; `make bench`).

Suites (benchmarks/suites.py, shared with before_after.py):
- table: the 65 Core + Other Worlds cards at the six dice sets (5G, 6G, 6G+Y, 6G+R, 6G+Y+R, 7G+Y+R),
  one fresh solver per card asked the largest pool first; focus 0 for both backends; focus 1 for C on
  all 65 and for both on every fifth card (13 cards: the fallback needs minutes for all 65);
- library: all 372 cards at the six dice sets, focus 0 and 1 (C only);
- spells + clues: 6G+Y+R with spells 1 and clues 1 (focus 0), one fresh solver per card, on every
  thirteenth of the 65 cards (5 cards) for both backends, and on all 65 for C; and the 65 cards at
  7G+Y+R with focus 1, spells 1 and clues 1 (C only; the target: 10 seconds);
- single solves: four custom cards parsed and solved from scratch (also in test_runtime_bench.py);
- matching: 20,000 seeded random rolls (with 0-2 held dice) through the minimal-way enumeration
  (kernel matching.ways_for_task against the C core's esm_ways, batched in one call per task,
  every way written out);
- the heaviest question the default limits accept (C only): its time and workspace.

extra_info records the solver's work counter: (context, roll) pairs evaluated and ns per pair
(minimum round time / pairs), the share of the time spent inside C, and the rolls per second for
matching.
"""

import random
import resource
import time

import pytest

import suites
from eldritch.kernel.eldersign import library, budget
from eldritch.kernel.eldersign.dice import DIE_FACES, NFACES
from eldritch.kernel.eldersign.matching import minimal_face_sets, ways_for_task
from eldritch.kernel.eldersign.notation import parse_card
from eldritch.kernel.eldersign.solver import Solver

try:
    from eldritch.backend.cbackend import CSolver, count_ways_batch, ffi, lib, _facesets_bytes
except ImportError:  # pragma: no cover - benchmarks need the C core
    pytest.skip("C core not built", allow_module_level=True)

ALL = suites.ALL
CORE_OW = suites.CORE_OW
MAKERS = {"c": CSolver, "python": Solver}


def _bench(benchmark, name, backend, rounds):
    fn, args, _ = suites.SUITES[name]
    pairs, c_seconds = benchmark.pedantic(fn, args=(MAKERS[backend],) + args, rounds=rounds, iterations=1)
    best = benchmark.stats.stats.min
    benchmark.extra_info["pairs"] = pairs
    benchmark.extra_info["ns_per_pair"] = round(best / pairs * 1e9, 1)
    if backend == "c":
        # c_seconds is from the last round; the share is what matters
        benchmark.extra_info["share_in_c"] = round(c_seconds / benchmark.stats.stats.max, 3)


@pytest.mark.parametrize("backend", ["c", "python"])
@pytest.mark.parametrize("suite", ["core65-focus0", "subset13-focus1"])
def test_table(benchmark, backend, suite):
    benchmark.group = "table " + suite
    _bench(benchmark, suite, backend, 5 if backend == "c" else 1)


def test_table_c_core65_focus1(benchmark):
    benchmark.group = "table core65-focus1 (C only)"
    _bench(benchmark, "core65-focus1", "c", 2)


@pytest.mark.parametrize("focus", [0, 1])
def test_library_c(benchmark, focus):
    benchmark.group = "library 372 (C only)"
    pairs, _ = benchmark.pedantic(suites.table, args=(CSolver, ALL, focus), rounds=1, iterations=1)
    benchmark.extra_info["pairs"] = pairs
    benchmark.extra_info["ns_per_pair"] = round(benchmark.stats.stats.min / pairs * 1e9, 1)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_spells1_clues1(benchmark, backend):
    benchmark.group = "spells 1 + clues 1, 6G+Y+R, %d cards" % len(suites.SC_CARDS)
    _bench(benchmark, "sc5-6gyr-s1c1", backend, 5 if backend == "c" else 1)


def test_spells1_clues1_core65_c(benchmark):
    benchmark.group = "spells 1 + clues 1, 6G+Y+R, 65 cards (C only)"
    _bench(benchmark, "core65-6gyr-s1c1", "c", 1)


def test_focus1_spells1_clues1_core65_7gyr_c(benchmark):
    benchmark.group = "focus 1 + spells 1 + clues 1, 7G+Y+R, 65 cards (C only)"
    _bench(benchmark, "core65-7gyr-f1s1c1", "c", 1)


@pytest.mark.parametrize("backend", ["c", "python"])
def test_single_solves(benchmark, backend):
    benchmark.group = "single solves (4 custom cards)"
    _bench(benchmark, "single-solves", backend, 5 if backend == "c" else 3)


def heaviest_accepted(card_text="I3 > P P > L L", limit_ms=60000, limit_bytes=1 << 30):
    """The question (8G+Y+R and every mix of focus, spells and clues) with the largest estimated
    time that the default limits still accept on the C backend."""
    solver = CSolver(parse_card(card_text))
    best = None
    for f in range(5):
        for s in range(5):
            for c in range(5):
                ctx = (8, 1, 1, (), f, s, c)
                est = solver.estimate(ctx)
                ms = est.milliseconds("c")
                if budget.refusal(est, "c", limit_ms, limit_bytes) is None and (best is None or ms > best[0]):
                    best = (ms, ctx, est)
    return best


def test_heaviest_question_the_default_limits_accept(benchmark):
    """The heaviest question under the default limits answers inside them."""
    benchmark.group = "heaviest accepted question (C only)"
    ms, ctx, est = heaviest_accepted()
    solvers = []

    def solve():
        solver = CSolver(parse_card("I3 > P P > L L"))
        t0 = time.process_time()
        solver.reserve(ctx)
        solver.values(ctx)
        solvers.append((solver, time.process_time() - t0))
    benchmark.pedantic(solve, rounds=1, iterations=1)
    s, cpu = solvers[-1]
    benchmark.extra_info.update({
        "context": repr(ctx), "estimated_ms": ms, "estimated_pairs": est.pairs, "pairs": s.pairs,
        "cpu_seconds": round(cpu, 2), "workspace_bytes": s.workspace_bytes,
        "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024})
    # the limit is time on one core: CPU seconds (wall time also counts other processes' turns)
    assert cpu < 60 and s.workspace_bytes <= 1 << 30


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
