"""The C core's own contract, through cffi: workspace sizing, error codes for bad inputs, and a
hypothesis fuzz that feeds random and malformed inputs to every entry point (run under ASan/UBSan by
`make sanitize`). With ELDRITCH_VALGRIND=1 the C solver is also run under valgrind on a parity
corpus (`make valgrind`; ELDRITCH_VALGRIND_CORE_DIR: another build of the core, the portable one).
"""

import os
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from eldritch.backend import available

if "c" not in available():
    if os.environ.get("ELDRITCH_REQUIRE_C") == "1":
        raise RuntimeError("ELDRITCH_REQUIRE_C=1 but the C core is not built")
    pytest.skip("C core not built", allow_module_level=True)

from eldritch.backend.cbackend import ffi, lib, CSolver, build_info  # noqa: E402
from eldritch.kernel.eldersign.fixed import ONE  # noqa: E402
from eldritch.kernel.eldersign.notation import parse_card  # noqa: E402
from eldritch.kernel.eldersign.solver import Solver  # noqa: E402

CODES = {lib.ES_OK, lib.ES_EARG, lib.ES_ECARD, lib.ES_ECTX, lib.ES_EWS, lib.ES_ENOMEM,
         lib.ES_ENOTSUP, lib.ES_EFULL, lib.ES_EINTR}


def _card(text="I3 > P P > L L"):
    """A compiled es_card from the CSolver set-up (and the buffers that must outlive it)."""
    s = CSolver(parse_card(text))
    return s._card, s


def _limits(g=6, y=1, r=1, f=1, s=1, c=1, held=2, scale=1, reach=None):
    """es_limits; reach defaults to the whole pool (every context with these dice and uses)."""
    return ffi.new("es_limits *", [g, y, r, f, s, c, held, g + y + r if reach is None else reach, scale])


class Workspace:
    def __init__(self, card, limits, extra=0, offset=0):
        self.size = lib.ess_workspace_size(card, limits)
        self.raw = ffi.new("uint8_t[]", self.size + 32 + extra)
        addr = int(ffi.cast("uintptr_t", self.raw))
        self.ptr = ffi.cast("uint8_t *", self.raw) + ((-addr) % 16) + offset


def _ctx(g=3, y=0, r=0, f=0, s=0, c=0, held=(0,) * 8):
    return ffi.new("es_ctx *", {"green": g, "yellow": y, "red": r, "focus": f, "spells": s,
                                "clues": c, "held": list(held)})


def test_version_and_build_flags():
    assert ffi.string(lib.es_version()) == b"1.0.0"
    assert b"-O" in ffi.string(lib.es_build_flags())
    assert "eldritch._core" in build_info()
    for code in CODES | {-99}:
        assert ffi.string(lib.es_strerror(code))


def test_workspace_size():
    card, keep = _card()
    small = lib.ess_workspace_size(card, _limits(3, 0, 0, 0, 0, 0, 0))
    big = lib.ess_workspace_size(card, _limits(8, 1, 1, 2, 2, 2, 4))
    assert 0 < small < big
    assert lib.ess_workspace_size(ffi.NULL, _limits()) == 0
    assert lib.ess_workspace_size(card, ffi.NULL) == 0
    for bad in ([9, 1, 1, 0, 0, 0, 0, 8, 1], [6, 2, 1, 0, 0, 0, 0, 8, 1], [6, 1, 1, 5, 0, 0, 0, 8, 1],
                [6, 1, 1, 0, 0, 0, 13, 8, 1], [6, 1, 1, 0, 0, 0, 0, 8, 0], [-1, 0, 0, 0, 0, 0, 0, 8, 1],
                [6, 1, 1, 0, 0, 0, 0, 11, 1], [6, 1, 1, 0, 0, 0, 0, -13, 1], [6, 1, 1, 0, 0, 0, 0, 8, 65]):
        assert lib.ess_workspace_size(card, ffi.new("es_limits *", bad)) == 0


def test_init_errors():
    card, keep = _card()
    lim = _limits()
    ws = Workspace(card, lim)
    assert lib.ess_init(ffi.NULL, ws.size, card, lim) == lib.ES_EARG
    least = lib.ess_workspace_least(card, lim)
    # the host's layout takes its whole estimate; the board's its fixed part and two frames (its
    # arena takes the rest of what it is given)
    assert least == ws.size or (lib.es_compact() and 0 < least < ws.size)
    assert lib.ess_init(ws.ptr, least - 1, card, lim) == lib.ES_EWS
    assert lib.ess_init(ws.ptr, least, card, lim) == lib.ES_OK
    assert lib.ess_init(ws.ptr + 8, ws.size, card, lim) == lib.ES_EWS      # misaligned
    assert lib.ess_init(ws.ptr, ws.size, ffi.NULL, lim) == lib.ES_EARG
    assert lib.ess_init(ws.ptr, ws.size, card, lim) == lib.ES_OK


def test_bad_cards():
    def broken(field, value):
        card, keep = _card()
        if field == "weight":
            card.class_weight[0][0] = value
        elif field == "face":
            card.class_face[1][0] = value
        elif field == "allowed":
            card.allowed[0][0][1] = value
        elif field == "empty":
            card.empty_state = value
        elif field == "extra-task":
            card.nallowed[5] = value
        else:
            setattr(card, field, value)
        return lib.ess_workspace_size(card, _limits()), keep
    for field, value in (("ntasks", 0), ("ntasks", 7), ("nstates", 65), ("terror", 3),
                         ("weight", 7), ("face", 9), ("allowed", 200), ("empty", 99),
                         ("extra-task", 1)):
        assert broken(field, value)[0] == 0, field


def test_entry_point_errors():
    card, keep = _card()
    lim = _limits(5, 1, 1, 1, 0, 1, 2)
    ws = Workspace(card, lim)
    assert lib.ess_init(ws.ptr, ws.size, card, lim) == lib.ES_OK
    n = keep.nstates
    out = ffi.new("uint64_t[]", n)
    assert lib.ess_values(ws.ptr, _ctx(3), out, n) == lib.ES_OK
    assert out[keep.full_state] == Solver(keep.card).values((3, 0, 0, (), 0, 0, 0))[keep.full_state]
    assert lib.ess_values(ws.ptr, _ctx(3), out, n - 1) == lib.ES_EFULL
    assert lib.ess_values(ws.ptr, _ctx(3), ffi.NULL, n) == lib.ES_EARG
    assert lib.ess_values(ws.ptr, ffi.NULL, out, n) == lib.ES_EARG
    assert lib.ess_values(ffi.NULL, _ctx(3), out, n) == lib.ES_EARG
    assert lib.ess_values(ws.ptr, _ctx(6), out, n) == lib.ES_ECTX          # over the limits
    assert lib.ess_values(ws.ptr, _ctx(-1), out, n) == lib.ES_ECTX
    assert lib.ess_values(ws.ptr, _ctx(2, f=1, held=(2, 0, 0, 0, 0, 0, 0, 0)), out, n) == lib.ES_ECTX
    assert lib.ess_values(ws.ptr, _ctx(2, s=1), out, n) == lib.ES_ECTX     # spells over the limit
    tight = _limits(5, 1, 1, 1, 0, 1, 2, reach=1)     # pool - 2 focus - spells <= 1
    ws2 = Workspace(card, tight)
    assert lib.ess_init(ws2.ptr, ws2.size, card, tight) == lib.ES_OK
    assert lib.ess_values(ws2.ptr, _ctx(3, f=1), out, n) == lib.ES_OK      # 3 - 2 = 1
    assert lib.ess_values(ws2.ptr, _ctx(3), out, n) == lib.ES_ECTX         # 3 > 1: outside reach
    gf = bytes([1, 1, 0, 0, 0, 0, 0, 0])
    assert lib.ess_roll_values(ws.ptr, _ctx(2), gf, -1, -1, out, n) == lib.ES_OK
    assert lib.ess_roll_values(ws.ptr, _ctx(3), gf, -1, -1, out, n) == lib.ES_ECTX   # 2 dice, not 3
    assert lib.ess_roll_values(ws.ptr, _ctx(2), gf, 0, -1, out, n) == lib.ES_ECTX    # no yellow
    assert lib.ess_roll_values(ws.ptr, _ctx(2, y=1), gf, 8, -1, out, n) == lib.ES_ECTX
    assert lib.ess_keep_value(ws.ptr, _ctx(2), gf, 0, -1, -1, out, n) == lib.ES_ECTX  # no clue
    assert lib.ess_keep_value(ws.ptr, _ctx(3, c=1), gf, 1, -1, -1, out, n) == lib.ES_OK
    assert lib.ess_keep_value(ws.ptr, _ctx(3, c=1), gf, 2, -1, -1, out, n) == lib.ES_ECTX
    pairs = ffi.new("uint64_t *")
    ctxs = ffi.new("uint64_t *")
    assert lib.ess_stats(ws.ptr, pairs, ctxs) == lib.ES_OK and pairs[0] > 0 and ctxs[0] > 0
    assert lib.ess_stats(ffi.NULL, pairs, ctxs) == lib.ES_EARG
    garbage = Workspace(card, lim)
    assert lib.ess_values(garbage.ptr, _ctx(3), out, n) == lib.ES_EWS      # never initialised


def test_spells_and_clues_together_are_answered_by_c():
    card, keep = _card()
    lim = _limits(4, 1, 1, 1, 2, 2, 4)
    ws = Workspace(card, lim)
    assert lib.ess_init(ws.ptr, ws.size, card, lim) == lib.ES_OK
    n = keep.nstates
    out = ffi.new("uint64_t[]", n)
    py = Solver(keep.card)
    for ctx in ((3, 1, 0, (), 0, 1, 1), (2, 1, 1, (), 1, 1, 1), (3, 0, 0, (), 0, 2, 1),
                (2, 1, 0, (), 0, 1, 2), (2, 0, 1, (2,), 0, 2, 2)):
        g, y, r, held, f, s, c = ctx
        counts = [held.count(face) for face in range(8)]
        assert lib.ess_values(ws.ptr, _ctx(g, y, r, f, s, c, counts), out, n) == lib.ES_OK
        assert list(out) == py.values(ctx), ctx
    gf = bytes([0, 0, 1, 0, 0, 1, 0, 0])
    ctx = (2, 1, 0, (), 0, 1, 1)
    assert lib.ess_roll_values(ws.ptr, _ctx(2, 1, 0, 0, 1, 1), gf, 0, -1, out, n) == lib.ES_OK
    assert list(out) == py.roll_values(ctx, list(gf), 0, -1)
    kept = bytes([0, 0, 1, 0, 0, 0, 0, 0])
    assert lib.ess_keep_value(ws.ptr, _ctx(2, 1, 0, 0, 1, 1), kept, 1, 0, -1, out, n) == lib.ES_OK
    assert list(out) == py.keep_value(ctx, list(kept), 1, 0, -1)
    # and through CSolver: no fallback, the kernel Solver does no work
    for ctx in ((3, 1, 0, (), 0, 1, 1), (2, 1, 1, (), 1, 2, 1)):
        assert keep.values(ctx) == py.values(ctx)
    before = py.pairs
    fresh = CSolver(parse_card("I3 > P P > L L"))
    assert fresh.values((3, 1, 1, (), 1, 1, 1)) == py.values((3, 1, 1, (), 1, 1, 1))
    assert fresh.pairs > 0 and py.pairs > before
    assert not hasattr(fresh, "_py")       # no Python solver behind CSolver, not even for set-up


def test_spells_and_clues_fit_the_sized_workspace():
    """ess_workspace_size's arena bound holds for spells with clues: a large solve at 7G+Y+R with
    focus, spells and clues needs no retry (scale stays 1)."""
    s = CSolver(parse_card("I3 L > P P T > L L I2"))
    s.values((6, 1, 1, (), 1, 1, 1))
    s.values((4, 1, 1, (), 0, 2, 2))
    assert s._scale == 1


class _FullOnce:
    """cbackend's `lib`, except that the first `fails` solver calls report the workspace full."""

    def __init__(self, fails):
        self.fails = fails
        self.calls = 0

    def __getattr__(self, name):
        real = getattr(lib, name)
        if name not in ("ess_values", "ess_roll_values", "ess_keep_value"):
            return real

        def call(*args):
            self.calls += 1
            if self.fails > 0:
                self.fails -= 1
                return lib.ES_ENOMEM
            return real(*args)
        return call


def test_workspace_full_is_retried_larger(monkeypatch):
    import eldritch.backend.cbackend as cb
    solver = CSolver(parse_card("I3 > P P > L L"))
    ctx = (3, 1, 0, (), 0, 1, 1)
    want = Solver(solver.card).values(ctx)
    fake = _FullOnce(2)
    monkeypatch.setattr(cb, "lib", fake)
    assert solver.values(ctx) == want
    assert solver._scale == 16 and fake.calls == 3
    size16 = solver.workspace_bytes
    monkeypatch.setattr(cb, "lib", lib)
    small = CSolver(parse_card("I3 > P P > L L"))
    small.values(ctx)
    assert small._scale == 1 and small.workspace_bytes < size16


def test_rule_a_dropped_solvers_workspace_serves_the_next_solver(monkeypatch):
    """The workspace pool: a solver dropped gives its buffer (dirty with its memo) to the next
    one, which answers the same integers as on a fresh buffer; past max_bytes nothing is kept."""
    import eldritch.backend.cbackend as cb
    pool = cb.WorkspacePool()
    monkeypatch.setattr(cb, "_POOL", pool)
    first = CSolver(parse_card("I3 > P P > L L"))
    first.values((6, 1, 1, (), 1, 1, 1))
    buf = first._ws
    del first                       # no reference cycle: the buffer goes back at once
    assert [b for _, b in pool._free] == [buf]
    ctx = (5, 1, 0, (), 1, 0, 1)
    second = CSolver(parse_card("I4 L | P T"))
    got = second.values(ctx)
    assert second._ws is buf and pool._free == []
    assert got == Solver(second.card).values(ctx)
    del second
    pool.max_bytes = 0
    third = CSolver(parse_card("I3 | L L | P T"))
    third.values((4, 0, 0, (), 0, 0, 0))
    del third
    assert pool._free == []


def test_workspace_full_at_the_largest_scale_is_a_clear_error(monkeypatch):
    import eldritch.backend.cbackend as cb
    from eldritch.kernel.errors import KernelError
    solver = CSolver(parse_card("I3 > P P > L L"))
    monkeypatch.setattr(cb, "lib", _FullOnce(10))
    with pytest.raises(KernelError, match="workspace exhausted .* scale 64"):
        solver.values((3, 1, 0, (), 0, 1, 1))


def test_ways_errors():
    fs = bytes([0, 0, 1, 0, 0, 0, 0, 0])
    roll = bytearray(24)
    roll[2] = 3
    held = bytes(24)
    out = ffi.new("uint8_t[]", 48)
    n = ffi.new("int32_t *")
    assert lib.esm_ways(fs, 1, bytes(roll), held, out, 1, n) == lib.ES_OK and n[0] == 1
    roll[16 + 2] = 1       # a red I3 too: two ways
    assert lib.esm_ways(fs, 1, bytes(roll), held, out, 1, n) == lib.ES_EFULL and n[0] == 2
    roll[0] = 11
    assert lib.esm_ways(fs, 1, bytes(roll), held, out, 1, n) == lib.ES_EARG
    assert lib.esm_ways(ffi.NULL, 1, bytes(24), held, out, 1, n) == lib.ES_EARG
    assert lib.esm_ways(fs, -1, bytes(24), held, out, 1, n) == lib.ES_EARG
    cnt = ffi.new("int32_t *")
    assert lib.esm_count_completable(fs, 1, bytes([0, 0, 1, 0, 0, 0, 0, 0]), cnt) == lib.ES_OK
    assert cnt[0] == 1


# ----- the core's own set-up, sizing and binding ------------------------------------------------

def test_card_setup_in_c_equals_the_kernel_solver_setup():
    """esc_compile gives what the kernel Solver's set-up gives, on every library card (states,
    allowed transitions under sanity/stamina limits, face classes, minimal face sets in order)."""
    from eldritch.kernel.eldersign import library
    from eldritch.kernel.eldersign.solver import Solver
    from eldritch.kernel.eldersign.situation import terror_code
    for adv in library.load():
        for terror in (adv.terror, "discard"):
            for sanity, stamina in ((0, 0), (2, 3)):
                code = terror_code(terror)
                c, py = CSolver(adv.card(), code, sanity, stamina), Solver(adv.card(), code, sanity, stamina)
                for attr in ("ntasks", "nstates", "full_state", "empty_state", "rep", "state_done",
                             "allowed", "face_sets"):
                    assert getattr(c, attr) == getattr(py, attr), (adv.name, attr)
                assert [list(k) for k in c.classes] == [list(k) for k in py.classes], adv.name


def test_esc_compile_rejects_bad_specs():
    card = ffi.new("es_card *")
    setup = ffi.new("es_setup *")
    buf = ffi.new("uint8_t[]", 8 * 64)
    scratch = ffi.new("uint64_t[]", lib.ESC_SCRATCH // 8)
    good = {"ntasks": 1, "ordered": 0, "terror": 0, "sanity": 0, "stamina": 0,
            "task": [{"ninv": 1, "inv": [3], "nfaces": 1, "faces": [1], "sanity": 0, "stamina": 0}]}
    assert lib.esc_compile(ffi.new("es_spec *", good), card, setup, buf, 64, scratch, lib.ESC_SCRATCH) == lib.ES_OK
    assert lib.esc_compile(ffi.new("es_spec *", good), card, setup, buf, 0, scratch, lib.ESC_SCRATCH) == lib.ES_EFULL
    assert lib.esc_compile(ffi.new("es_spec *", good), card, setup, buf, 64, scratch, 1024) == lib.ES_EWS
    assert lib.esc_compile(ffi.NULL, card, setup, buf, 64, scratch, lib.ESC_SCRATCH) == lib.ES_EARG
    for field, value in (("ntasks", 0), ("ntasks", 7), ("terror", 3), ("ordered", 2), ("sanity", -1)):
        bad = dict(good, **{field: value})
        assert lib.esc_compile(ffi.new("es_spec *", bad), card, setup, buf, 64, scratch,
                               lib.ESC_SCRATCH) == lib.ES_EARG, field
    for task in ({"ninv": 0, "nfaces": 0}, {"ninv": 1, "inv": [37]}, {"nfaces": 1, "faces": [8]},
                 {"ninv": 5, "inv": [1] * 5, "nfaces": 4, "faces": [1] * 4}):
        bad = dict(good, task=[dict(good["task"][0], **task)])
        assert lib.esc_compile(ffi.new("es_spec *", bad), card, setup, buf, 64, scratch,
                               lib.ESC_SCRATCH) == lib.ES_EARG, task


def _random_limits(rng):
    g, y, r = rng.randint(0, 8), rng.randint(0, 1), rng.randint(0, 1)
    f, s, c = rng.randint(0, 4), rng.randint(0, 4), rng.randint(0, 4)
    held = rng.randint(0, 12)
    return [g, y, r, f, s, c, held, rng.randint(-12, 10)]


def test_estimate_is_the_budget_modules_formula():
    """ess_estimate and ess_workspace_size give exactly the integers of kernel/eldersign/budget.py,
    so the Python backend and the handheld refuse what the C core would. The board's build of the
    core (the compact layout, es_compact) has its own workspace bytes, which the board asks the core
    for (escore.size): its counts are budget.py's all the same."""
    import random
    from eldritch.kernel.eldersign import budget, library
    from eldritch.kernel.eldersign.situation import terror_code
    rng = random.Random(11)
    advs = library.load()
    for k in range(400):
        adv = advs[rng.randrange(len(advs))]
        solver = CSolver(adv.card(), terror_code(adv.terror))
        lim = _random_limits(rng)
        scale = rng.choice((1, 1, 4, 64))
        out = ffi.new("es_estimate *")
        limits = ffi.new("es_limits *", lim + [scale])
        assert lib.ess_estimate(solver._card, limits, out) == lib.ES_OK
        want = budget.estimate(budget.shape_of(solver), tuple(lim), scale)
        assert (out.contexts, out.pairs, out.sweeps) == (want.contexts, want.pairs, want.sweeps), \
            (adv.name, lim, scale)
        assert lib.ess_workspace_size(solver._card, limits) == out.bytes
        if not lib.es_compact():
            assert out.bytes == want.c_bytes, (adv.name, lim, scale)


def test_estimate_bounds_what_a_solve_does():
    """The estimate of a question is an upper bound on the contexts and pairs its solve really
    takes, and not a loose one: within 2x from an empty hand, within 4x with a held die and two
    spells (every face a spell may hold counts for every held die added)."""
    from eldritch.kernel.eldersign.notation import parse_card
    for text, ctx, slack in (("I3 > P P > L L", (6, 1, 1, (), 1, 0, 0), 2),
                             ("I3 > P P > L L", (4, 1, 1, (), 1, 1, 1), 2),
                             ("L L L | L I3", (5, 1, 0, (), 2, 0, 1), 2),
                             ("L L L | L I3", (3, 0, 1, (4,), 1, 0, 2), 2),
                             ("T T | L P I4", (3, 1, 1, (4,), 1, 2, 1), 4)):
        s = CSolver(parse_card(text))
        est = s.estimate(ctx)
        s.values(ctx)
        assert s.contexts <= est.contexts <= slack * s.contexts + 8, (text, ctx, s.contexts, est.contexts)
        assert s.pairs <= est.pairs <= slack * s.pairs + 64, (text, ctx, s.pairs, est.pairs)
        assert s.workspace_bytes == est.c_bytes
        assert s.estimate(ctx).pairs == est.pairs


def test_cdef_is_generated_from_the_header():
    """The binding is generated from csrc/eldersign.h (host/backend/_core_build.py), so every function and
    every struct field of the header is in the compiled module, with nothing hand-copied."""
    import importlib.util
    from pathlib import Path
    build = Path(__file__).resolve().parents[1] / "host" / "backend" / "_core_build.py"
    spec = importlib.util.spec_from_file_location("core_build", build)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    header = Path(mod.HEADER).read_text()
    assert "typedef struct" not in open(build).read()          # no hand copy of a declaration
    cdef = mod.read_cdef()
    names = re.findall(r"^\s*(?:const\s+)?[a-z0-9_]+\s*\**\s*(es[a-z]*_[a-z_]+)\(", header, re.M)
    assert len(names) >= 14
    for name in names:
        assert name in cdef and hasattr(lib, name), name
    for struct in re.findall(r"typedef struct (es_[a-z_]+) \{(.*?)\}", header, re.S):
        fields = set(re.findall(r"([a-z_]+)(?:\[[A-Z0-9_ +*]+\])*\s*[,;]", struct[1]))
        assert fields == {f for f, _ in ffi.typeof(struct[0]).fields}, struct[0]
    for const in re.findall(r"#define (ES_[A-Z_]+) \(?(-?\d+)\)?\n", header):
        assert getattr(lib, const[0]) == int(const[1]), const


def test_progress_is_reported_and_ctrl_c_stops_cleanly():
    """The core calls back into Python during a solve; an exception there (Ctrl-C) stops it with
    ES_EINTR, the caller gets the exception, and the solver then answers exactly what an
    uninterrupted one does (the memo kept only finished contexts)."""
    import eldritch.backend.cbackend as cb
    card = parse_card("I3 L > P P T > L L I2")
    ctx = (5, 1, 1, (), 1, 1, 1)
    seen = []
    s = CSolver(card)
    old = cb.REPORT_EVERY
    cb.REPORT_EVERY = 1000
    try:
        s.progress = lambda pairs: seen.append(pairs)
        want = s.values(ctx)
        assert len(seen) > 3 and seen == sorted(seen)
        stopped = CSolver(card)

        def interrupt(pairs):
            if pairs > 20000:
                raise KeyboardInterrupt
        stopped.progress = interrupt
        with pytest.raises(KeyboardInterrupt):
            stopped.values(ctx)
        stopped.progress = None
        assert stopped.values(ctx) == want
    finally:
        cb.REPORT_EVERY = old


def test_ways_at_the_documented_limits_do_not_overflow():
    """Face set [10,10,10,0,...] against every count at 10 has more than 2^31 ways; the
    counts saturate and nothing is written past the buffer (it used to write through NULL)."""
    fs = bytes([10, 10, 10, 0, 0, 0, 0, 0])
    roll = bytes([10] * 24)
    held = bytes([10] * 24)
    counts = ffi.new("int32_t[]", 3)
    assert lib.esm_ways_batch(fs, 1, roll * 3, held * 3, 3, counts, ffi.NULL, 0) == lib.ES_OK
    assert list(counts) == [2 ** 31 - 1] * 3
    n = ffi.new("int32_t *")
    assert lib.esm_ways(fs, 1, roll, held, ffi.NULL, 0, n) == lib.ES_EFULL and n[0] == 2 ** 31 - 1
    out = ffi.new("uint8_t[]", 48 * 5 + 48)
    assert lib.esm_ways(fs, 1, roll, held, out, 5, n) == lib.ES_EFULL and n[0] == 2 ** 31 - 1
    assert bytes(out[48 * 5:48 * 6]) == bytes(48)        # nothing past the 5 ways asked
    assert lib.esm_ways_batch(fs, 1, roll, held, 1, counts, ffi.NULL, 5) == lib.ES_EARG
    small = bytes([0, 0, 1, 0, 0, 0, 0, 0])
    r = bytearray(24)
    r[2] = 2
    r[8 + 2] = 1
    assert lib.esm_ways(small, 1, bytes(r), bytes(24), out, 5, n) == lib.ES_OK and n[0] == 2


def test_every_entry_point_rejects_faces_the_die_lacks():
    """Every entry point reads a roll the same way, with clues or without (green faces of green
    classes, a yellow face of a yellow class...): a face the die lacks is refused."""
    card, keep = _card()
    for clues in (0, 1):
        lim = _limits(4, 1, 1, 0, 1, clues, 2)
        ws = Workspace(card, lim)
        assert lib.ess_init(ws.ptr, ws.size, card, lim) == lib.ES_OK
        n = keep.nstates
        out = ffi.new("uint64_t[]", n)
        wild = bytes([1, 0, 0, 0, 0, 0, 0, 1])                 # a green W: no green die has it
        assert lib.ess_roll_values(ws.ptr, _ctx(2, c=clues), wild, -1, -1, out, n) == lib.ES_ECTX
        assert lib.ess_roll_values(ws.ptr, _ctx(2, c=clues), bytes([1, 1, 0, 0, 0, 0, 0, 0]), -1, -1, out,
                                   n) == lib.ES_OK
        assert lib.ess_roll_values(ws.ptr, _ctx(2, 1, c=clues), bytes([1, 1, 0, 0, 0, 0, 0, 0]), 7, -1, out,
                                   n) == lib.ES_ECTX              # a yellow W: no yellow die has it
        assert lib.ess_roll_values(ws.ptr, _ctx(2, 1, c=clues), bytes([1, 1, 0, 0, 0, 0, 0, 0]), -1, -1, out,
                                   n) == lib.ES_ECTX              # the yellow die must show a face
        assert lib.ess_roll_values(ws.ptr, _ctx(2, 0, 1, c=clues), bytes([1, 1, 0, 0, 0, 0, 0, 0]), -1, 0,
                                   out, n) == lib.ES_ECTX         # a red I1: no red die has it
        if clues:
            assert lib.ess_keep_value(ws.ptr, _ctx(2, c=1), wild, 0, -1, -1, out, n) == lib.ES_ECTX


# ----- fuzz --------------------------------------------------------------------------------------

small_int = st.integers(min_value=-3, max_value=12)


@st.composite
def raw_cards(draw):
    """es_card fields: mostly plausible, sometimes malformed."""
    c = ffi.new("es_card *")
    c.ntasks = draw(st.integers(-1, 7))
    c.nstates = draw(st.integers(-1, 66))
    c.empty_state = draw(st.integers(-1, 66))
    c.terror = draw(st.integers(-1, 3))
    for colour in range(3):
        k = draw(st.integers(0, 7))
        c.nclasses[colour] = k
        for j in range(min(k, 8)):
            c.class_face[colour][j] = draw(st.integers(-1, 8))
            c.class_weight[colour][j] = draw(st.integers(-1, 7))
    total = 0
    for t in range(6):
        na = draw(st.integers(-1, 5))
        c.nallowed[t] = na
        for k in range(max(na, 0)):
            c.allowed[t][k][0] = draw(st.integers(0, 70))
            c.allowed[t][k][1] = draw(st.integers(0, 70))
        nf = draw(st.integers(-1, 4))
        c.nfacesets[t] = nf
        total += max(nf, 0)
    data = draw(st.binary(min_size=8 * total, max_size=8 * total))
    buf = ffi.new("uint8_t[]", data or b"\0")
    c.facesets = buf if draw(st.booleans()) or not total else ffi.NULL
    return c, buf


@st.composite
def valid_cards(draw):
    """Consistent cards with random face sets and transitions (small, so solves stay quick)."""
    c = ffi.new("es_card *")
    ntasks = draw(st.integers(1, 3))
    c.ntasks = ntasks
    c.nstates = 1 << ntasks
    c.empty_state = draw(st.integers(0, c.nstates - 1))
    c.terror = draw(st.integers(0, 2))
    for colour in range(3):
        faces = draw(st.lists(st.integers(0, 7), min_size=1, max_size=6, unique=True))
        weights = [1] * len(faces)
        for _ in range(6 - len(faces)):
            weights[draw(st.integers(0, len(faces) - 1))] += 1
        c.nclasses[colour] = len(faces)
        for j, (f, w) in enumerate(zip(faces, weights)):
            c.class_face[colour][j] = f
            c.class_weight[colour][j] = w
    data = bytearray()
    for t in range(ntasks):
        pairs = draw(st.lists(st.tuples(st.integers(0, c.nstates - 1), st.integers(0, c.nstates - 1)),
                              max_size=c.nstates))
        c.nallowed[t] = len(pairs)
        for k, (i, j) in enumerate(pairs):
            c.allowed[t][k][0] = i
            c.allowed[t][k][1] = j
        # a face set needs 1 to 15 dice (the core rejects others: no pool is larger, and an empty
        # face set would complete a task without changing the context)
        sets = draw(st.lists(st.lists(st.integers(0, 2), min_size=8, max_size=8).filter(lambda fs: 1 <= sum(fs) <= 15),
                             min_size=0, max_size=6))
        c.nfacesets[t] = len(sets)
        for fs in sets:
            data += bytes(fs)
    buf = ffi.new("uint8_t[]", bytes(data) or b"\0")
    c.facesets = buf
    return c, buf


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw_cards(), st.lists(small_int, min_size=9, max_size=9))
def test_fuzz_malformed_cards_and_limits(card_buf, lim):
    card, _buf = card_buf
    limits = ffi.new("es_limits *", lim)
    size = lib.ess_workspace_size(card, limits)
    if size == 0:
        ws = ffi.new("uint8_t[]", 64)
        assert lib.ess_init(ws, 64, card, limits) != lib.ES_OK
        return
    if size > 64 << 20:
        return
    ws = Workspace(card, limits)
    assert lib.ess_init(ws.ptr, ws.size, card, limits) == lib.ES_OK


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(valid_cards(), st.data())
def test_fuzz_entry_points(card_buf, data):
    card, _buf = card_buf
    lim = [data.draw(st.integers(0, 3)), data.draw(st.integers(0, 1)), data.draw(st.integers(0, 1)),
           data.draw(st.integers(0, 1)), data.draw(st.integers(0, 1)), data.draw(st.integers(0, 1)),
           data.draw(st.integers(0, 3)), data.draw(st.integers(-3, 5)), 1]
    limits = ffi.new("es_limits *", lim)
    size = lib.ess_workspace_size(card, limits)
    assert size > 0
    ws = Workspace(card, limits)
    assert lib.ess_init(ws.ptr, ws.size, card, limits) == lib.ES_OK
    n = card.nstates
    out = ffi.new("uint64_t[]", n)
    for _ in range(4):
        held = data.draw(st.lists(st.integers(0, 3), min_size=8, max_size=8))
        ctx = _ctx(*[data.draw(st.integers(-1, v + 1)) for v in lim[:6]], held=held)
        nout = data.draw(st.integers(0, n + 1))
        gf = bytes(data.draw(st.lists(st.integers(0, 4), min_size=8, max_size=8)))
        yf = data.draw(st.integers(-2, 8))
        rf = data.draw(st.integers(-2, 8))
        ug = data.draw(st.integers(-1, 4))
        for rc in (lib.ess_values(ws.ptr, ctx, out, nout),
                   lib.ess_roll_values(ws.ptr, ctx, gf, yf, rf, out, nout),
                   lib.ess_keep_value(ws.ptr, ctx, gf, ug, yf, rf, out, nout)):
            assert rc in CODES
            if rc == lib.ES_OK:
                assert all(0 <= out[i] <= ONE for i in range(n))


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(-2, 40), st.binary(min_size=0, max_size=320), st.binary(min_size=24, max_size=24),
       st.binary(min_size=24, max_size=24), st.integers(-1, 64))
def test_fuzz_ways(nfs, fsdata, roll, held, cap):
    fs = ffi.new("uint8_t[]", max(len(fsdata), 8 * max(nfs, 0), 1))
    ffi.memmove(fs, fsdata, len(fsdata))
    roll = bytes(b % 12 for b in roll)
    held = bytes(b % 4 for b in held)
    out = ffi.new("uint8_t[]", 48 * max(cap, 1))
    n = ffi.new("int32_t *")
    rc = lib.esm_ways(fs, nfs, roll, held, out, cap, n)
    assert rc in CODES
    if rc == lib.ES_OK:
        assert 0 <= n[0] <= cap


# ----- fuzz at the documented limits (run under ASan/UBSan by `make sanitize`) ----------------------

EDGE_COUNT = st.sampled_from([0, 1, 2, 9, 10, 10, 10, 11, 255])


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([0, 1, 2, 4095, 4096, 4097]), st.lists(EDGE_COUNT, min_size=8, max_size=8),
       st.lists(EDGE_COUNT, min_size=24, max_size=24), st.lists(EDGE_COUNT, min_size=24, max_size=24),
       st.sampled_from([-1, 0, 1, 7, 1000]), st.booleans())
def test_fuzz_ways_at_the_limits(nfs, face, roll, held, cap, with_out):
    """Every count at, just under and just over its documented limit (10; face sets 4096): the
    core answers a code, never overflows (more than 2^31 ways saturate) and writes only inside the
    buffer it is given."""
    sets = bytes(face) * max(nfs, 1)
    out = ffi.new("uint8_t[]", 48 * max(cap, 1)) if with_out else ffi.NULL
    n = ffi.new("int32_t *")
    rc = lib.esm_ways(sets, nfs, bytes(roll), bytes(held), out, cap, n)
    assert rc in CODES
    valid = max(face) <= 10 and max(roll) <= 10 and max(held) <= 10 and nfs <= 4096
    if valid and cap >= 0 and (with_out or cap == 0):
        assert rc in (lib.ES_OK, lib.ES_EFULL) and 0 <= n[0] <= 2 ** 31 - 1
    counts = ffi.new("int32_t[]", 2)
    rc = lib.esm_ways_batch(sets, nfs, bytes(roll) * 2, bytes(held) * 2, 2, counts, out, cap)
    assert rc in CODES
    if valid and cap >= 0 and (with_out or cap == 0):
        assert rc == lib.ES_OK and counts[0] == counts[1] == n[0]
    cnt = ffi.new("int32_t *")
    assert lib.esm_count_completable(sets, nfs, bytes(face), cnt) in CODES


LIMIT_EDGE = [st.sampled_from([-1, 0, 1, 8, 9]), st.sampled_from([-1, 0, 1, 2]), st.sampled_from([-1, 0, 1, 2]),
              st.sampled_from([-1, 0, 4, 5]), st.sampled_from([-1, 0, 4, 5]), st.sampled_from([-1, 0, 4, 5]),
              st.sampled_from([-1, 0, 12, 13]), st.sampled_from([-13, -12, 0, 10, 11]),
              st.sampled_from([0, 1, 64, 65])]


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["I3 > P P > L L", "L L L | L I3", "T | L P I4 | I2 I2 I2 | P T | L | L/P"]),
       st.tuples(*LIMIT_EDGE))
def test_fuzz_sizing_at_the_limits(text, lim):
    """Workspace sizes and estimates at and beyond every documented limit: no overflow (a size is
    0 or below 2^48), the same integers as the budget module, ES_EARG outside the limits."""
    from eldritch.kernel.eldersign import budget
    solver = CSolver(parse_card(text))
    limits = ffi.new("es_limits *", list(lim))
    out = ffi.new("es_estimate *")
    rc = lib.ess_estimate(solver._card, limits, out)
    size = lib.ess_workspace_size(solver._card, limits)
    g, y, r, f, s, c, held, reach, scale = lim
    inside = (0 <= g <= 8 and 0 <= y <= 1 and 0 <= r <= 1 and 0 <= f <= 4 and 0 <= s <= 4 and 0 <= c <= 4
              and 0 <= held <= 12 and -12 <= reach <= 10 and 1 <= scale <= 64)
    assert (rc == lib.ES_OK) == inside and (size > 0 or not inside or out.bytes == 0)
    if inside:
        want = budget.estimate(budget.shape_of(solver), lim[:8], scale)
        assert (out.contexts, out.pairs, out.sweeps) == (want.contexts, want.pairs, want.sweeps)
        # the board's compact layout has its own bytes (test_estimate_is_the_budget_modules_formula)
        assert out.bytes == want.c_bytes or lib.es_compact()
        assert out.bytes < 2 ** 48 and size == out.bytes


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from([(8, 1, 1, 0, 0, 0, 0, 10), (2, 0, 0, 4, 4, 4, 8, -10), (1, 1, 1, 0, 4, 4, 7, -1),
                        (0, 1, 1, 4, 0, 4, 12, -6), (3, 0, 1, 0, 0, 4, 12, 4), (2, 1, 0, 4, 0, 0, 12, -5)]),
       st.data())
def test_fuzz_solves_at_the_limits(lim, data):
    """Contexts at the corners of the limits (the most green dice, every use at 4, the most held
    dice) on a small card: every entry point answers a code and values stay within [0, 1]."""
    card = parse_card(data.draw(st.sampled_from(["P | L", "I3 > P P", "T L | I2 I2"])))
    solver = CSolver(card, data.draw(st.integers(0, 2)))
    limits = ffi.new("es_limits *", list(lim) + [1])
    ws = Workspace(solver._card, limits)
    assert ws.size > 0
    assert lib.ess_init(ws.ptr, ws.size, solver._card, limits) == lib.ES_OK
    n = solver.nstates
    out = ffi.new("uint64_t[]", n)
    g, y, r, f, s, c, held, reach = lim
    for _ in range(3):
        h = data.draw(st.integers(0, held))
        faces = [0] * 8
        for _k in range(h):
            faces[data.draw(st.sampled_from(sorted(set(solver.rep))))] += 1
        ctx = _ctx(data.draw(st.integers(0, g)), data.draw(st.integers(0, y)), data.draw(st.integers(0, r)),
                   data.draw(st.integers(0, f)), data.draw(st.integers(0, s)), data.draw(st.integers(0, c)), faces)
        rc = lib.ess_values(ws.ptr, ctx, out, n)
        assert rc in (lib.ES_OK, lib.ES_ECTX)
        if rc == lib.ES_OK:
            assert all(0 <= out[i] <= ONE for i in range(n))
        gf = [0] * 8
        for _k in range(ctx.green):
            gf[data.draw(st.sampled_from([fc for fc, _w in solver.classes[0]]))] += 1
        yf = solver.classes[1][0][0] if ctx.yellow else -1
        rf = solver.classes[2][0][0] if ctx.red else -1
        rc = lib.ess_roll_values(ws.ptr, ctx, bytes(gf), yf, rf, out, n)
        assert rc in (lib.ES_OK, lib.ES_ECTX)
        if ctx.clues:
            rc = lib.ess_keep_value(ws.ptr, ctx, bytes(gf), 0, yf, rf, out, n)
            assert rc in (lib.ES_OK, lib.ES_ECTX)


# ----- the memo out and in, keep_all, the work limit -------------------------------------------------

MEMO_CARD = "T/L L/P | I5 L/P/T | P T/P L"


def test_memo_export_import_round_trip_answers_without_solving():
    """A solved memo exported and imported into a new workspace: the same integers, no pair
    evaluated; keys ascending; a workspace with smaller limits takes only the contexts inside them."""
    card = parse_card(MEMO_CARD)
    ctx = (5, 1, 0, (), 1, 1, 1)
    s = CSolver(card)
    want = s.values(ctx)
    n, keys, checks, vals = s.export_memo()
    import struct
    ks = struct.unpack("<%dQ" % n, keys)
    assert n == len(ks) > 100 and list(ks) == sorted(ks) and len(vals) == 8 * n * s.nstates
    assert len(checks) == 8 * n and len(set(struct.unpack("<%dQ" % n, checks))) == n
    t = CSolver(card)
    t.reserve(ctx)
    assert t.import_memo(n, keys, checks, vals) == n and t.import_memo(n, keys, checks, vals) == 0
    assert t.values(ctx) == want and t.pairs == 0
    small = CSolver(card)
    small.reserve((3, 0, 0, (), 0, 0, 0))
    added = small.import_memo(n, keys, checks, vals)
    assert 0 < added < n
    assert small.values((3, 0, 0, (), 0, 0, 0)) == CSolver(card).values((3, 0, 0, (), 0, 0, 0))


def test_memo_import_refuses_entries_that_cannot_be_the_cards():
    """A value above certainty, a key without its marker bit, a key with a bit no context has, an
    entry whose check word does not match (one bit of its value flipped): the core refuses the
    import (a damaged store is never stored); the real entry is taken. (Values are checked for the
    entries inside the workspace's limits, those it would take: see the next test.)"""
    import struct
    card = parse_card(MEMO_CARD)
    src = CSolver(card)
    src.values((2, 0, 0, (), 0, 0, 0))
    n, keys, checks, vals = src.export_memo()
    i = struct.unpack("<%dQ" % n, keys).index(1 << 63 | 2)      # the entry of 2 green dice, no uses
    key, check = struct.unpack_from("<Q", keys, 8 * i)[0], struct.unpack_from("<Q", checks, 8 * i)[0]
    value = list(struct.unpack_from("<%dQ" % src.nstates, vals, 8 * src.nstates * i))
    s = CSolver(card)
    s.reserve((4, 0, 0, (), 1, 0, 0))
    ns = s.nstates
    flipped = list(value)
    flipped[0] ^= 1
    for k, c, v in ((1 << 63 | 2, 0, [ONE + 1] * ns), (3, 0, [ONE] * ns), (1 << 63 | 3 | 1 << 15, 0, [ONE] * ns),
                    (key, check, flipped)):
        with pytest.raises(Exception, match="store"):
            s.import_memo(1, *struct_pack(k, c, v))
    assert s.import_memo(1, *struct_pack(key, check, value)) == 1     # 2 green dice: inside the limits


def test_memo_import_reads_no_values_of_entries_outside_the_workspaces_limits():
    """An entry outside the workspace's limits is skipped on its key alone: its values are never
    read, so garbage there (a value above certainty, a wrong check word) neither refuses the import
    nor is stored, and a store's large tables cost a small workspace the pages of their keys only
    (before, every entry's values were range-checked first and this import was refused)."""
    card = parse_card(MEMO_CARD)
    s = CSolver(card)
    s.reserve((2, 0, 0, (), 0, 0, 0))
    ns = s.nstates
    outside = 1 << 63 | 5                               # 5 green dice: past the limits of 2
    assert s.import_memo(1, *struct_pack(outside, 0, [ONE + 1] * ns)) == 0
    with pytest.raises(Exception, match="store"):       # inside the limits: refused as before
        s.import_memo(1, *struct_pack(1 << 63 | 2, 0, [ONE + 1] * ns))


def struct_pack(key, check, values):
    import struct
    return struct.pack("<Q", key), struct.pack("<Q", check), struct.pack("<%dQ" % len(values), *values)


def test_keep_all_equals_keep_value_for_every_kept_part():
    card = parse_card(MEMO_CARD)
    ctx = (4, 1, 1, (), 0, 1, 2)
    s = CSolver(card)
    g = s.classes[0]
    gf = [0] * 8
    gf[g[0][0]] += 2
    gf[g[-1][0]] += 2
    yf, rf = s.classes[1][1][0], s.classes[2][0][0]
    table = s.keep_all(ctx, gf, yf, rf)
    ref = CSolver(card)
    for a in range(gf[g[0][0]] + 1):
        for b in range(gf[g[-1][0]] + 1):
            kept = [0] * 8
            kept[g[0][0]] += a
            kept[g[-1][0]] += b
            for yk in (0, 1):
                for rk in (0, 1):
                    want = ref.keep_value(ctx, kept, 4 - a - b, yf if yk else -1, rf if rk else -1)
                    assert table.value(kept, yk, rk) == want


def test_work_limit_stops_with_the_memo_whole():
    """ess_set_budget: a solve past its work limit stops (WorkLimitReached) between two stored units;
    lifted, the same solver answers with the integers of one never stopped."""
    from eldritch.backend.cbackend import WorkLimitReached
    card = parse_card(MEMO_CARD)
    ctx = (5, 1, 1, (), 1, 2, 1)
    s = CSolver(card)
    s.reserve(ctx)
    s.limit_work((1000, 0, 1000, 10), 5_000_000)          # 5 us of counted work
    with pytest.raises(WorkLimitReached):
        s.values(ctx)
    pairs, contexts, frames, sweeps = s.work()
    assert 0 < 1000 * pairs + 1000 * frames + 10 * sweeps
    s.limit_work(None, 0)
    assert s.values(ctx) == CSolver(card).values(ctx)
    assert lib.ess_set_budget(ffi.NULL, ffi.NULL) == lib.ES_EARG
    assert lib.ess_work(ffi.NULL, ffi.new("es_work *")) == lib.ES_EARG


# ----- valgrind ----------------------------------------------------------------------------------

VALGRIND_CORPUS = """
import sys
from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.situation import terror_code
from eldritch.backend.cbackend import CSolver, lib
print("portable128", lib.es_portable128())
ads = library.load()[::%d]
for a in ads:
    s = CSolver(a.card(), terror_code(a.terror))
    for g, y, r in ((7, 1, 1), (6, 1, 1), (6, 0, 1), (6, 1, 0), (6, 0, 0), (5, 0, 0)):
        print(a.name, g, y, r, s.values((g, y, r, (), 0, 0, 0)))
    print(a.name, "focus", s.values((4, 1, 0, (), 1, 0, 0)))
    print(a.name, "clue", s.values((3, 0, 1, (), 0, 0, 1)))
    print(a.name, "spell", s.values((3, 1, 0, (), 0, 1, 0)))
    print(a.name, "spell+clue", s.values((3, 1, 0, (), 0, 1, 1)))
    n, keys, checks, vals = s.export_memo()              # the memo out and into a new workspace
    t = CSolver(a.card(), terror_code(a.terror))
    t.reserve((4, 1, 0, (), 1, 1, 1))
    print(a.name, "import", t.import_memo(n, keys, checks, vals), t.values((3, 1, 0, (), 0, 1, 1)), t.pairs)
    gf = [0] * 8
    gf[s.classes[0][0][0]] = 3
    kt = s.keep_all((3, 1, 0, (), 0, 1, 1), gf, s.classes[1][0][0], -1)
    print(a.name, "keep_all", kt.value(gf, 0, 0), kt.value([0] * 8, 1, 0))
    u = CSolver(a.card(), terror_code(a.terror))
    u.reserve((5, 1, 1, (), 1, 1, 1))
    u.limit_work((1000, 0, 1000, 10), 2000000)
    try:
        u.values((5, 1, 1, (), 1, 1, 1))
        print(a.name, "budget: finished")
    except Exception as exc:
        print(a.name, "budget:", exc, u.work())
sys.stdout.flush()
import os
os._exit(0)   # skip interpreter finalisation: CPython's own GC teardown is noisy under valgrind
"""


CORE_FRAME = re.compile(r"_core[.a-z0-9_-]*\.so|\bess?m?_[a-z_]+|es_solve\.c|es_match\.c|es_core\.c")


def core_errors(log):
    """Valgrind error records whose stack passes through the C core (CPython itself is noisy under
    valgrind without its suppression file; only the core's records count)."""
    records, cur = [], []
    for line in log.splitlines():
        body = line.split("== ", 1)[1] if "== " in line else line
        if body.strip() == "":
            if cur:
                records.append("\n".join(cur))
            cur = []
        else:
            cur.append(body)
    if cur:
        records.append("\n".join(cur))
    # a record's stack lines ("at 0x...", "by 0x..."): the header's command line names the core's
    # functions too, and is no error
    return [r for r in records if any(CORE_FRAME.search(line) for line in r.splitlines()
                                      if line.lstrip().startswith(("at 0x", "by 0x")))]


def test_core_errors_are_records_with_the_core_on_their_stack():
    """The valgrind check counts a record whose stack passes through the core, not the log's header
    (its command line names the core's functions) nor a record of CPython alone."""
    log = ("==1== Memcheck, a memory error detector\n==1== Command: python -c print(lib.es_portable128())\n"
           "==1== \n==1== Conditional jump or move depends on uninitialised value(s)\n"
           "==1==    at 0x4A: PyObject_Free (obmalloc.c:1)\n==1== \n"
           "==1== Invalid read of size 8\n==1==    at 0x4B: sl_slice (es_solve.c:10)\n"
           "==1==    by 0x4C: ess_values (es_solve.c:20)\n==1== \n")
    bad = core_errors(log)
    assert len(bad) == 1 and "Invalid read" in bad[0]


@pytest.mark.valgrind
@pytest.mark.skipif(os.environ.get("ELDRITCH_VALGRIND") != "1", reason="ELDRITCH_VALGRIND=1 (make valgrind)")
def test_valgrind_clean_on_parity_corpus(tmp_path):
    step = int(os.environ.get("ELDRITCH_VALGRIND_STEP", "4"))
    script = VALGRIND_CORPUS % step
    # the installed optimised core, or the build in ELDRITCH_VALGRIND_CORE_DIR (make valgrind: the
    # portable 128-bit build too), never a sanitizer build (valgrind and ASan do not mix)
    env = dict(os.environ)
    env.pop("ELDRITCH_CORE_DIR", None)
    env.pop("LD_PRELOAD", None)
    if os.environ.get("ELDRITCH_VALGRIND_CORE_DIR"):
        env["ELDRITCH_CORE_DIR"] = os.environ["ELDRITCH_VALGRIND_CORE_DIR"]
    native = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    env["PYTHONMALLOC"] = "malloc"
    log = tmp_path / "valgrind.log"
    proc = subprocess.run(["valgrind", "--leak-check=no", "--log-file=%s" % log, sys.executable, "-c",
                           script], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    text = log.read_text()
    assert "ERROR SUMMARY" in text
    bad = core_errors(text)
    assert not bad, "\n\n".join(bad[:5])
    assert proc.stdout == native.stdout
