"""The portable 128-bit arithmetic of the C core (csrc/es_u128.h, the board's path where the compiler
has no __int128) against Python's integers, and the C core built with it forced (-DES_PORTABLE128)
against the host's fast build: value vectors, roll values and keep values compared with ==.

The whole parity and fuzz suites also run against the portable build under the sanitizers
(`make sanitize`) and valgrind (`make valgrind`), and unsanitised with `make portable`.
"""

import glob
import importlib.util
import os
import random

import pytest
from hypothesis import given, settings, strategies as st

from eldritch.backend import available

if "c" not in available():
    if os.environ.get("ELDRITCH_REQUIRE_C") == "1":
        raise RuntimeError("ELDRITCH_REQUIRE_C=1 but the C core is not built")
    pytest.skip("C core not built", allow_module_level=True)

from eldritch.backend import cbackend  # noqa: E402
from eldritch.kernel.eldersign import library  # noqa: E402
from eldritch.kernel.eldersign.situation import terror_code  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CSRC = os.path.join(REPO, "csrc")
M64 = (1 << 64) - 1

# every u128_ operation of es_u128.h behind a plain function, in both builds
WRAPPERS = """
#include "es_u128.h"
#define OUT(x) do { out[0] = u128_lo(x); out[1] = u128_hi(x); } while (0)
void w_mul64(uint64_t a, uint64_t b, uint64_t *out) { OUT(u128_mul64(a, b)); }
void w_mul_small(uint64_t hi, uint64_t lo, uint64_t k, uint64_t *out) { OUT(u128_mul_small(u128_make(hi, lo), k)); }
void w_add(uint64_t ah, uint64_t al, uint64_t bh, uint64_t bl, uint64_t *out) { OUT(u128_add(u128_make(ah, al), u128_make(bh, bl))); }
void w_add64(uint64_t ah, uint64_t al, uint64_t b, uint64_t *out) { OUT(u128_add64(u128_make(ah, al), b)); }
void w_shl(uint64_t hi, uint64_t lo, int n, uint64_t *out) { OUT(u128_shl(u128_make(hi, lo), n)); }
uint64_t w_shr_lo(uint64_t hi, uint64_t lo, int n) { return u128_shr_lo(u128_make(hi, lo), n); }
uint64_t w_div64(uint64_t hi, uint64_t lo, uint64_t d) { return u128_div64(u128_make(hi, lo), d); }
int w_portable(void) { return ES_U128_PORTABLE; }
"""
CDEF = """
void w_mul64(uint64_t a, uint64_t b, uint64_t *out);
void w_mul_small(uint64_t hi, uint64_t lo, uint64_t k, uint64_t *out);
void w_add(uint64_t ah, uint64_t al, uint64_t bh, uint64_t bl, uint64_t *out);
void w_add64(uint64_t ah, uint64_t al, uint64_t b, uint64_t *out);
void w_shl(uint64_t hi, uint64_t lo, int n, uint64_t *out);
uint64_t w_shr_lo(uint64_t hi, uint64_t lo, int n);
uint64_t w_div64(uint64_t hi, uint64_t lo, uint64_t d);
int w_portable(void);
"""


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _build_wrappers(tmp, portable):
    from cffi import FFI
    name = "_u128_%s" % ("portable" if portable else "fast")
    ffi = FFI()
    ffi.cdef(CDEF)
    ffi.set_source(name, WRAPPERS, include_dirs=[CSRC], extra_compile_args=["-std=c99", "-O1"],
                   define_macros=[("ES_PORTABLE128", "1")] if portable else [])
    return _load(ffi.compile(tmpdir=str(tmp), verbose=False), name)


@pytest.fixture(scope="module", params=["portable", "fast"])
def u128(request, tmp_path_factory):
    mod = _build_wrappers(tmp_path_factory.mktemp("u128"), request.param == "portable")
    assert mod.lib.w_portable() == (request.param == "portable")
    return mod


def _pair(out):
    return out[0] | out[1] << 64


WORD = st.one_of(st.integers(0, M64), st.sampled_from([0, 1, 2, 0xFFFFFFFF, 1 << 32, M64, M64 - 1, 1 << 63]))


@settings(max_examples=400, deadline=None)
@given(WORD, WORD, WORD, st.integers(1, (1 << 32) - 1), st.integers(0, 127))
def test_every_operation_equals_pythons_integers(u128, a, b, c, k, n):
    ffi, lib = u128.ffi, u128.lib
    out = ffi.new("uint64_t[2]")
    x, y = a | b << 64, c | a << 64
    lib.w_mul64(a, c, out)
    assert _pair(out) == a * c
    lib.w_mul_small(b, a, k, out)
    assert _pair(out) == (x * k) & ((1 << 128) - 1)
    lib.w_add(b, a, a, c, out)
    assert _pair(out) == (x + y) & ((1 << 128) - 1)
    lib.w_add64(b, a, c, out)
    assert _pair(out) == (x + c) & ((1 << 128) - 1)
    lib.w_shl(b, a, n, out)
    assert _pair(out) == (x << n) & ((1 << 128) - 1)
    assert lib.w_shr_lo(b, a, n) == (x >> n) & M64


@settings(max_examples=400, deadline=None)
@given(st.integers(1, M64), st.integers(0, M64), st.integers(0, M64))
def test_division_by_a_word_equals_pythons(u128, d, q, r):
    num = q * d + r % d                  # every quotient that fits a word, every remainder
    assert u128.lib.w_div64(num >> 64, num & M64, d) == q


def test_the_solvers_magic_numbers_at_the_bounds(u128):
    """div_round's and div_narrow's set-up divisions (es_solve.c ess_init) at every divisor."""
    for k in range(11):
        p = 6 ** k
        l = max(p - 1, 0).bit_length()
        num = (1 << (58 + l)) + p - 1
        assert u128.lib.w_div64(num >> 64, num & M64, p) == num // p
        if 1 <= k <= 6:
            num = ((1 << l) - p) << 64
            assert u128.lib.w_div64(num >> 64, num & M64, p) == num // p


# ----- the whole core, portable against fast ----------------------------------------------------

@pytest.fixture(scope="module")
def portable_core(tmp_path_factory):
    """The C core built with -DES_PORTABLE128 (host/backend/_core_build.py --portable): PORTABLE_CORE_DIR
    when given (make portable), else built here (about 8 s)."""
    path = os.environ.get("ELDRITCH_PORTABLE_CORE_DIR")
    if not path:
        import sys
        sys.path.insert(0, os.path.join(REPO, "host", "backend"))
        try:
            import _core_build
        finally:
            sys.path.pop(0)
        path = str(tmp_path_factory.mktemp("portable"))
        _core_build.build_portable(path)
    found = sorted(glob.glob(os.path.join(path, "_core*.so")))
    assert found, "no _core module in %s" % path
    mod = _load(found[0], "_core")       # the name its init function is made for
    assert mod.lib.es_portable128() == 1
    # the progress callback, attached to this module as cbackend attaches it to its own
    mod.ffi.def_extern(name="es_py_progress", onerror=lambda exception, value, traceback: 1)(
        cbackend.es_py_progress)
    return mod


def _answers(adv, rng):
    """Values at focus, spells and clues, roll values and every keep value of some rolls, from
    cbackend's CSolver (whichever build cbackend's ffi and lib are)."""
    s = cbackend.CSolver(adv.card(), terror_code(adv.terror))
    out = []
    for ctx in ((7, 1, 1, (), 0, 0, 0), (6, 1, 1, (), 1, 0, 0), (5, 1, 1, (), 0, 0, 1),
                (4, 1, 0, (), 0, 1, 1), (6, 1, 1, (), 1, 0, 1)):
        out.append(s.values(ctx))
    ctx = (5, 1, 1, (), 0, 0, 1)
    for _ in range(4):
        gf = [0] * 8
        for _ in range(5):
            gf[rng.choice(s.classes[0])[0]] += 1
        yf, rf = rng.choice(s.classes[1])[0], rng.choice(s.classes[2])[0]
        out.append(s.roll_values(ctx, gf, yf, rf))
        out.append(s.keep_all(ctx, gf, yf, rf)._flat)
    return out


CORPUS = library.load()[::9]


def test_the_portable_core_equals_the_fast_core(portable_core, monkeypatch):
    if cbackend.lib.es_portable128():
        pytest.skip("cbackend loaded a portable build (ELDRITCH_CORE_DIR): nothing to compare it with")
    fast = [_answers(adv, random.Random(adv.name)) for adv in CORPUS]
    # cbackend's CSolver with the portable module's ffi and lib (and a pool of its own buffers)
    monkeypatch.setattr(cbackend, "ffi", portable_core.ffi)
    monkeypatch.setattr(cbackend, "lib", portable_core.lib)
    monkeypatch.setattr(cbackend, "_POOL", cbackend.WorkspacePool())
    for adv, want in zip(CORPUS, fast):
        assert _answers(adv, random.Random(adv.name)) == want, adv.name
