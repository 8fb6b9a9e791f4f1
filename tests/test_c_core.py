"""The C core's own contract, through cffi: workspace sizing, error codes for bad inputs, and a
hypothesis fuzz that feeds random and malformed inputs to every entry point (run under ASan/UBSan by
`make sanitize`). With ELDRITCH_VALGRIND=1 the C solver is also run under valgrind on a parity
corpus (`make valgrind`).
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

from eldritch.cbackend import ffi, lib, CSolver, build_info  # noqa: E402
from eldritch.kernel.eldersign.fixed import ONE  # noqa: E402
from eldritch.kernel.eldersign.notation import parse_card  # noqa: E402

CODES = {lib.ES_OK, lib.ES_EARG, lib.ES_ECARD, lib.ES_ECTX, lib.ES_EWS, lib.ES_ENOMEM,
         lib.ES_ENOTSUP, lib.ES_EFULL}


def _card(text="I3 > P P > L L"):
    """A compiled es_card from the CSolver set-up (and the buffers that must outlive it)."""
    s = CSolver(parse_card(text))
    return s._card, s


def _limits(g=6, y=1, r=1, f=1, s=1, c=1, held=2, scale=1):
    return ffi.new("es_limits *", [g, y, r, f, s, c, held, scale])


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
    for bad in ([9, 1, 1, 0, 0, 0, 0, 1], [6, 2, 1, 0, 0, 0, 0, 1], [6, 1, 1, 5, 0, 0, 0, 1],
                [6, 1, 1, 0, 0, 0, 13, 1], [6, 1, 1, 0, 0, 0, 0, 0], [-1, 0, 0, 0, 0, 0, 0, 1]):
        assert lib.ess_workspace_size(card, ffi.new("es_limits *", bad)) == 0


def test_init_errors():
    card, keep = _card()
    lim = _limits()
    ws = Workspace(card, lim)
    assert lib.ess_init(ffi.NULL, ws.size, card, lim) == lib.ES_EARG
    assert lib.ess_init(ws.ptr, ws.size - 1, card, lim) == lib.ES_EWS
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
    assert out[keep.full_state] == keep._py.values((3, 0, 0, (), 0, 0, 0))[keep.full_state]
    assert lib.ess_values(ws.ptr, _ctx(3), out, n - 1) == lib.ES_EFULL
    assert lib.ess_values(ws.ptr, _ctx(3), ffi.NULL, n) == lib.ES_EARG
    assert lib.ess_values(ws.ptr, ffi.NULL, out, n) == lib.ES_EARG
    assert lib.ess_values(ffi.NULL, _ctx(3), out, n) == lib.ES_EARG
    assert lib.ess_values(ws.ptr, _ctx(6), out, n) == lib.ES_ECTX          # over the limits
    assert lib.ess_values(ws.ptr, _ctx(-1), out, n) == lib.ES_ECTX
    assert lib.ess_values(ws.ptr, _ctx(2, f=1, held=(2, 0, 0, 0, 0, 0, 0, 0)), out, n) == lib.ES_ECTX
    assert lib.ess_values(ws.ptr, _ctx(2, s=1), out, n) == lib.ES_ECTX     # spells over the limit
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
    py = keep._py
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
    assert fresh._py.pairs == 0 and fresh.pairs > 0 and py.pairs > before


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
    import eldritch.cbackend as cb
    solver = CSolver(parse_card("I3 > P P > L L"))
    ctx = (3, 1, 0, (), 0, 1, 1)
    want = solver._py.values(ctx)
    fake = _FullOnce(2)
    monkeypatch.setattr(cb, "lib", fake)
    assert solver.values(ctx) == want
    assert solver._scale == 16 and fake.calls == 3
    size16 = solver.workspace_bytes
    monkeypatch.setattr(cb, "lib", lib)
    small = CSolver(parse_card("I3 > P P > L L"))
    small.values(ctx)
    assert small._scale == 1 and small.workspace_bytes < size16


def test_workspace_full_at_the_largest_scale_is_a_clear_error(monkeypatch):
    import eldritch.cbackend as cb
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
        # a face set needs at most 15 dice (the core rejects more: no pool is that large)
        sets = draw(st.lists(st.lists(st.integers(0, 2), min_size=8, max_size=8).filter(lambda fs: sum(fs) <= 15),
                             min_size=0, max_size=6))
        c.nfacesets[t] = len(sets)
        for fs in sets:
            data += bytes(fs)
    buf = ffi.new("uint8_t[]", bytes(data) or b"\0")
    c.facesets = buf
    return c, buf


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw_cards(), st.lists(small_int, min_size=8, max_size=8))
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
           data.draw(st.integers(0, 3)), 1]
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


# ----- valgrind ----------------------------------------------------------------------------------

VALGRIND_CORPUS = """
import sys
from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.situation import terror_code
from eldritch.cbackend import CSolver
ads = library.load()[::%d]
for a in ads:
    s = CSolver(a.card(), terror_code(a.terror))
    for g, y, r in ((7, 1, 1), (6, 1, 1), (6, 0, 1), (6, 1, 0), (6, 0, 0), (5, 0, 0)):
        print(a.name, g, y, r, s.values((g, y, r, (), 0, 0, 0)))
    print(a.name, "focus", s.values((4, 1, 0, (), 1, 0, 0)))
    print(a.name, "clue", s.values((3, 0, 1, (), 0, 0, 1)))
    print(a.name, "spell", s.values((3, 1, 0, (), 0, 1, 0)))
    print(a.name, "spell+clue", s.values((3, 1, 0, (), 0, 1, 1)))
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
    return [r for r in records if CORE_FRAME.search(r)]


@pytest.mark.valgrind
@pytest.mark.skipif(os.environ.get("ELDRITCH_VALGRIND") != "1", reason="ELDRITCH_VALGRIND=1 (make valgrind)")
def test_valgrind_clean_on_parity_corpus(tmp_path):
    step = int(os.environ.get("ELDRITCH_VALGRIND_STEP", "4"))
    script = VALGRIND_CORPUS % step
    native = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    env = dict(os.environ, PYTHONMALLOC="malloc")
    env.pop("ELDRITCH_CORE_DIR", None)
    env.pop("LD_PRELOAD", None)
    log = tmp_path / "valgrind.log"
    proc = subprocess.run(["valgrind", "--leak-check=no", "--log-file=%s" % log, sys.executable, "-c",
                           script], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-2000:]
    text = log.read_text()
    assert "ERROR SUMMARY" in text
    bad = core_errors(text)
    assert not bad, "\n\n".join(bad[:5])
    assert proc.stdout == native.stdout
