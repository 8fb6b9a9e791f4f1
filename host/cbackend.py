"""The C backend: solvers whose hot path runs in the C core (`eldritch._core`, built from csrc/).

`CBackend().make_solver(card, ...)` returns a `CSolver`, the twin of the kernel's `Solver`: same
attributes, same methods, identical integers. The card is compiled by the kernel's own Solver set-up
(face classes, task-set states, allowed transitions, minimal face sets) and handed to C as flat
arrays; C does the roll enumeration, matching and the dynamic programme in a workspace that this
module allocates (the core never allocates). The workspace is sized for the largest context asked so
far and is rebuilt larger when a bigger one comes (or when the C core reports it full: ES_ENOMEM,
retried at 4x, 16x, 64x the scale before giving up with a KernelError).

Every context is answered by C, spells and clues together included; the kernel's Solver is used only
for the set-up (and state_index).
"""

import os

from .kernel import VERSION
from .kernel.errors import KernelError
from .kernel.eldersign.dice import NFACES
from .kernel.eldersign.solver import Solver



def _load_core():
    """The compiled module: eldritch._core, or the build in $ELDRITCH_CORE_DIR (the sanitizer build
    of `make sanitize`, loaded in its place so the same tests run against it)."""
    path = os.environ.get("ELDRITCH_CORE_DIR")
    if not path:
        from ._core import ffi, lib
        return ffi, lib
    import glob
    import importlib.util
    found = sorted(glob.glob(os.path.join(path, "_core*.so")))
    if not found:
        raise ImportError("no _core module in ELDRITCH_CORE_DIR=%s" % path)
    spec = importlib.util.spec_from_file_location("_core", found[0])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.ffi, mod.lib


ffi, lib = _load_core()
_NOALLOC_CLEAR = ffi.new_allocator(should_clear_after_alloc=False)


def limits_of(g, y, r, held, f, s, c):
    """The es_limits (without scale) of one context: pool, uses, sigma = held + focus + spells and
    rho = pool - 2 focus - spells (both only fall as the game goes on; see eldersign.h)."""
    return (g, y, r, f, s, c, held + f + s, g + y + r - 2 * f - s)


def _check(rc):
    if rc != lib.ES_OK:
        raise KernelError("core", "C core: %s (%d)" % (ffi.string(lib.es_strerror(rc)).decode(), rc))


def build_info():
    """The C core's version and the compiler and flags it was built with."""
    return "eldritch._core %s (%s)" % (ffi.string(lib.es_version()).decode(),
                                       ffi.string(lib.es_build_flags()).decode())


def _facesets_bytes(sets):
    out = bytearray()
    for fs in sets:
        row = [0] * NFACES
        for face, k in fs:
            row[face] = k
        out += bytes(row)
    return bytes(out)


def match_ways(face_sets, roll, held):
    """matching.ways_for_task's ways as (roll_used, held_used) bytes pairs, from the C core."""
    fsb = _facesets_bytes(face_sets)
    nfs = len(face_sets)
    cap = 256
    while True:
        out = ffi.new("uint8_t[]", 48 * cap)
        n = ffi.new("int32_t *")
        rc = lib.esm_ways(fsb, nfs, bytes(roll), bytes(held), out, cap, n)
        if rc == lib.ES_EFULL:
            cap = n[0]
            continue
        _check(rc)
        raw = ffi.buffer(out, 48 * n[0])[:]
        return [(raw[48 * i:48 * i + 24], raw[48 * i + 24:48 * i + 48]) for i in range(n[0])]


def count_ways_batch(face_sets, rolls, helds):
    """The number of minimal ways of each roll (with its held dice), counted in one C call."""
    fsb = _facesets_bytes(face_sets)
    n = len(rolls)
    counts = ffi.new("int32_t[]", max(n, 1))
    _check(lib.esm_ways_batch(fsb, len(face_sets), b"".join(bytes(r) for r in rolls),
                              b"".join(bytes(h) for h in helds), n, counts))
    return list(counts)[:n]


class CSolver:
    """The kernel Solver's interface, answered by the C core."""

    def __init__(self, card, terror=0, sanity=0, stamina=0):
        py = Solver(card, terror, sanity, stamina)     # set-up only
        self._py = py
        self.card = card
        self.terror = terror
        self.ntasks = py.ntasks
        self.nstates = py.nstates
        self.full_state = py.full_state
        self.empty_state = py.empty_state
        self.rep = py.rep
        self.classes = py.classes
        self.state_done = py.state_done
        self.allowed = py.allowed
        self.face_sets = py.face_sets
        self._card = self._compile(py)
        self._limits = None
        self._ws = None
        self._wsp = None
        self._scale = 1
        self._out = ffi.new("uint64_t[]", self.nstates)
        self._ctx = ffi.new("es_ctx *")
        self._pairs_before = 0

    # ----- set-up ---------------------------------------------------------------------------

    def _compile(self, py):
        c = ffi.new("es_card *")
        c.ntasks = py.ntasks
        c.nstates = py.nstates
        c.empty_state = py.empty_state
        c.terror = py.terror
        for colour in range(3):
            cls = py.classes[colour]
            c.nclasses[colour] = len(cls)
            for j, (face, weight) in enumerate(cls):
                c.class_face[colour][j] = face
                c.class_weight[colour][j] = weight
        fsb = bytearray()
        for t in range(py.ntasks):
            pairs = py.allowed[t]
            c.nallowed[t] = len(pairs)
            for k, (i, j) in enumerate(pairs):
                c.allowed[t][k][0] = i
                c.allowed[t][k][1] = j
            c.nfacesets[t] = len(py.face_sets[t])
            fsb += _facesets_bytes(py.face_sets[t])
        self._fs_buf = ffi.new("uint8_t[]", bytes(fsb) or b"\0")
        c.facesets = self._fs_buf
        return c

    def _ensure(self, g, y, r, held, f, s, c):
        need = limits_of(g, y, r, len(held), f, s, c)
        lim = self._limits
        if lim is not None and all(a <= b for a, b in zip(need, lim)):
            return
        if lim is not None:
            need = tuple(max(a, b) for a, b in zip(need, lim))
        self._build(need)

    def _build(self, lim):
        if self._ws is not None:
            self._pairs_before += self._stats()[0]
        limits = ffi.new("es_limits *", list(lim) + [self._scale])
        size = lib.ess_workspace_size(self._card, limits)
        if size == 0:
            raise KernelError("core", "C core: no workspace for limits %r" % (lim,))
        raw = _NOALLOC_CLEAR("uint8_t[]", size + 16)
        addr = int(ffi.cast("uintptr_t", raw))
        ptr = ffi.cast("uint8_t *", raw) + ((-addr) % 16)
        _check(lib.ess_init(ptr, size, self._card, limits))
        self._ws = raw
        self._wsp = ptr
        self._limits = lim
        self.workspace_bytes = size

    def _set_ctx(self, ctx):
        g, y, r, held, f, s, c = ctx
        self._ensure(g, y, r, held, f, s, c)
        x = self._ctx
        x.green, x.yellow, x.red, x.focus, x.spells, x.clues = g, y, r, f, s, c
        counts = [0] * NFACES
        for face in held:
            counts[face] += 1
        x.held = counts
        return x

    MAX_SCALE = 64

    def _call(self, fn, ctx, *args):
        """Run a C entry point, growing the workspace (scale x4) while the core reports it full."""
        while True:
            x = self._set_ctx(ctx)
            rc = fn(self._wsp, x, *args, self._out, self.nstates)
            if rc == lib.ES_ENOMEM:
                if self._scale < self.MAX_SCALE:
                    self._scale = min(self._scale * 4, self.MAX_SCALE)
                    self._build(self._limits)
                    continue
                raise KernelError("core", "C core: workspace exhausted for context %r even at scale %d "
                                  "(%d bytes)" % (ctx, self._scale, self.workspace_bytes))
            _check(rc)
            return list(self._out)

    def _stats(self):
        pairs = ffi.new("uint64_t *")
        ctxs = ffi.new("uint64_t *")
        _check(lib.ess_stats(self._wsp, pairs, ctxs))
        return pairs[0], ctxs[0]

    @property
    def pairs(self):
        """(context, roll) pairs evaluated by C, over every workspace this solver has had."""
        c_pairs = self._stats()[0] if self._ws is not None else 0
        return self._pairs_before + c_pairs

    # ----- the Solver interface -------------------------------------------------------------

    def value(self, green, yellow, red, focus=0, spells=0, clues=0, held=()):
        return self.values((green, yellow, red, tuple(sorted(held)), focus, spells, clues))[self.full_state]

    def values(self, ctx):
        return self._call(lib.ess_values, ctx)

    def roll_values(self, ctx, gfaces, yf, rf):
        return self._call(lib.ess_roll_values, ctx, bytes(list(gfaces)), yf, rf)

    def keep_value(self, ctx, gfaces, unrolled_green, yf, rf):
        return self._call(lib.ess_keep_value, ctx, bytes(list(gfaces)), unrolled_green, yf, rf)

    def state_index(self, done_mask):
        return self._py.state_index(done_mask)


class CBackend:
    name = "c"

    def make_solver(self, card, terror=0, sanity=0, stamina=0):
        return CSolver(card, terror, sanity, stamina)

    def info(self):
        return {"backend": self.name, "kernel_version": VERSION, "c_core": build_info()}
