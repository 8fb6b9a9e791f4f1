"""The C backend: solvers whose hot path runs in the C core (`eldritch._core`, built from csrc/).

`CBackend().make_solver(card, ...)` returns a `CSolver`, the twin of the kernel's `Solver`: same
attributes, same methods, identical integers. The card is compiled by the core itself
(esc_compile: face classes, task-set states, allowed transitions, minimal face sets, the same as
the kernel Solver's set-up); C does the roll enumeration, matching and the dynamic programme in a
workspace that this module allocates (the core never allocates). The workspace is sized by the
core's closed formulas (ess_estimate, mirrored by kernel/eldersign/budget.py) for the contexts
asked so far, and rebuilt larger when a bigger one comes (or when the C core reports it full:
ES_ENOMEM, retried at 4x, 16x, 64x the scale before giving up with a KernelError).
Buffers come from a per-process pool (WorkspacePool): a solver that is dropped or rebuilt gives its
buffer back, so the next solver's workspace is memory that is already mapped.

A solve calls back into Python every few milliseconds (ess_set_progress): the solver's `progress`
function, if any, sees the pairs done so far, and Ctrl-C stops the solve cleanly (the C core
returns ES_EINTR, the memo keeps what was finished, and KeyboardInterrupt reaches the caller).
`limit_work` sets a work limit the core checks itself in its solve loop (ess_set_budget: weighted
pairs, frames, clue-sweep steps and contexts; host/backend/limits.py turns --max-seconds into one); past
it the solve stops the same clean way and `WorkLimitReached` reaches the caller.
"""

import os
import threading
import time
import weakref

from eldritch.kernel import VERSION
from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.dice import NFACES
from eldritch.kernel.eldersign import budget
from eldritch.kernel.eldersign.solver import state_index as solver_state_index
from eldritch.kernel.eldersign.matching import Way


def _load_core():
    """The compiled module: eldritch._core, or the build in $ELDRITCH_CORE_DIR (the sanitizer build
    of `make sanitize`, loaded in its place so the same tests run against it)."""
    path = os.environ.get("ELDRITCH_CORE_DIR")
    if not path:
        from eldritch._core import ffi, lib
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


class WorkLimitReached(KernelError):
    """A solve stopped by its work limit (CSolver.limit_work); the memo keeps what was finished."""

    def __init__(self, work):
        super().__init__("limits", "the solve reached its work limit")
        self.work = work


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
                              b"".join(bytes(h) for h in helds), n, counts, ffi.NULL, 0))
    return list(counts)[:n]


U64_MAX = (1 << 64) - 1      # es_budget's fields are uint64_t
REPORT_EVERY = 1 << 17       # pairs between two progress calls (a few milliseconds)
# CSolver.c_seconds: CPU time inside the core's entry points, for the benchmarks (benchmarks/suites.py
# sets it); off by default: two process-clock reads a call cost more than a call that finds its
# answer in the memo (the solver bot makes thousands of those)
TIME_C = os.environ.get("ELDRITCH_TIME_C") == "1"
POOL_BYTES = 64 << 20        # workspace bytes kept for reuse after their solvers are gone


class WorkspacePool:
    """Workspace buffers of solvers that no longer need them, handed to the next solver.

    A fresh multi-megabyte buffer costs a page fault for every page the core touches (a table of
    65 cards spent a quarter of its CPU time in the kernel faulting pages in); a buffer that was
    used before is already mapped. The core needs no zeroed memory (ess_init sets up everything it
    reads), so any buffer at least as large as asked will do. At most `max_bytes` are kept; one
    pool serves the process (solvers are made and dropped in many places), only reused memory
    is shared, never a solver's state."""

    def __init__(self, max_bytes=POOL_BYTES):
        self.max_bytes = max_bytes
        self._free = []             # (size, cdata buffer), smallest first
        # reentrant: a solver dropped by the garbage collector during take() gives back from the
        # same thread; solvers of other threads (the terminal UI's workers) take and give too
        self._lock = threading.RLock()

    def take(self, size):
        """A buffer of at least size bytes: the smallest kept one that fits, else a new one. An
        entry is handed out only once it is removed from the pool, so no two solvers share it."""
        with self._lock:
            fits = [e for e in self._free if e[0] >= size]
            if fits:
                entry = min(fits, key=lambda e: e[0])
                try:
                    self._free.remove(entry)          # tuples compare the buffers' addresses
                except ValueError:                    # dropped meanwhile by a reentrant give()
                    entry = None
                if entry is not None:
                    return entry[1], entry[0]
        return _NOALLOC_CLEAR("uint8_t[]", size), size

    def give(self, buf, size):
        """Keep buf for a later solver, dropping the largest kept ones past max_bytes."""
        if size > self.max_bytes:
            return
        with self._lock:
            self._free.append((size, buf))
            self._free.sort(key=lambda e: e[0])
            while sum(e[0] for e in self._free) > self.max_bytes:
                self._free.pop()


_POOL = WorkspacePool()
FS_FIRST = 2048              # face sets tried first; a card with more gets the full capacity


@ffi.def_extern(onerror=lambda exception, value, traceback: 1)
def es_py_progress(user, contexts, pairs):
    """Called by the C core during a solve: report progress (solver.progress(pairs), the kernel
    Solver's signature), and stop (1) on Ctrl-C or when the progress function raises. An
    exception arriving before the `try` reaches onerror: stop too."""
    solver = ffi.from_handle(user)()
    if solver is None:
        return 1
    try:
        if solver.progress is not None:
            solver.progress(solver._pairs_before + pairs)
    except BaseException as exc:  # noqa: BLE001 - re-raised by CSolver._call after the C core stops
        solver._stop = exc
        return 1
    return 0


def _spec(card, terror, sanity, stamina):
    tasks = []
    for t in card.tasks:
        tasks.append({"ninv": len(t.inv), "inv": list(t.inv), "nfaces": len(t.faces),
                      "faces": list(t.faces), "sanity": t.sanity, "stamina": t.stamina})
    return ffi.new("es_spec *", {"ntasks": len(card.tasks), "ordered": 1 if card.ordered else 0,
                                 "terror": terror, "sanity": sanity, "stamina": stamina,
                                 "task": tasks})


class CSolver:
    """The kernel Solver's interface, answered by the C core."""

    def __init__(self, card, terror=0, sanity=0, stamina=0):
        self.card = card
        self.terror = terror
        self.sanity = sanity
        self.stamina = stamina
        self.progress = None
        self._stop = None
        self._compile(_spec(card, terror, sanity, stamina))
        self._limits = None
        self._ws = None
        self._wsp = None
        self._scale = 1
        self.workspace_bytes = 0
        self._out = ffi.new("uint64_t[]", self.nstates)
        self._ctx = ffi.new("es_ctx *")
        self._pairs_before = 0
        self._contexts_before = 0
        self._work_before = (0, 0, 0, 0)     # (pairs, contexts, frames, sweeps) of earlier workspaces
        self._budget = None                  # (weights, target work over the solver's lifetime)
        # memo_source(solver) -> [(count, keys, vals)]: solved contexts to load into every new
        # workspace (a store of earlier solves, tablestore.py); keys/vals any buffers of uint64
        self.memo_source = None
        # memo_lookup(solver, packed key) -> value vector or None: the same store read without a workspace
        # (values() asks it before building or growing one: a context the store holds costs a
        # look-up in its mapped file, not a workspace and the import of the card's tables)
        self.memo_lookup = None
        self._asked = None                  # limits of every context asked (the first build's size)
        # widen(limits) -> limits: what to size a workspace for when it must grow (a caller that
        # will ask larger contexts soon saves the rebuilds; the solver bot widens clues to 4)
        self.widen = None
        self._keep_out = None
        self._mark = 0                      # memo entries before this number came from elsewhere
        self._solved = []                   # solved entries of earlier workspaces, not yet taken
        self._own = []                      # every entry solved in earlier workspaces (with a
                                            # memo_source: what a larger workspace re-imports)
        # the core's callback reaches the solver through a weak reference: a handle to the solver
        # itself would make a reference cycle, and the workspace would wait for the cycle
        # collector instead of going back to the pool when the solver is dropped
        self._link = weakref.ref(self)
        self._handle = ffi.new_handle(self._link)
        self._classes = None
        self._face_sets = None
        self._fsb_of = None                 # ways_for_task: per task, its face sets as C bytes
        self._ways_out = None               # ways_for_task: the C core's output buffer
        self._shape = None
        self.c_seconds = 0.0        # CPU time spent inside the C core's entry points (benchmarks)

    # ----- set-up ---------------------------------------------------------------------------

    def _compile(self, spec):
        c = ffi.new("es_card *")
        setup = ffi.new("es_setup *")
        scratch = _NOALLOC_CLEAR("uint64_t[]", lib.ESC_SCRATCH // 8)
        cap = FS_FIRST
        while True:
            buf = _NOALLOC_CLEAR("uint8_t[]", cap * NFACES)
            rc = lib.esc_compile(spec, c, setup, buf, cap, scratch, lib.ESC_SCRATCH)
            if rc == lib.ES_EFULL and cap < lib.ES_MAX_TASKS * lib.ES_MAX_FACESETS:
                cap = lib.ES_MAX_TASKS * lib.ES_MAX_FACESETS
                continue
            if rc == lib.ES_ECARD:
                raise KernelError("card", "a task has more than %d ways to be completed"
                                  % lib.ES_MAX_FACESETS)
            _check(rc)
            break
        n = setup.nfacesets
        self._fs_buf = ffi.new("uint8_t[]", max(n, 1) * NFACES)
        ffi.memmove(self._fs_buf, buf, n * NFACES)
        c.facesets = self._fs_buf
        self._card = c
        self.ntasks = c.ntasks
        self.nstates = c.nstates
        self.empty_state = c.empty_state
        self.full_state = setup.full_state
        self.rep = list(setup.rep)
        self.state_done = list(setup.state_done)[:c.nstates]
        self.nfacesets = n                  # minimal face sets in all (budget.shape_of)
        # the held faces a memo key keeps (the C core's useful_hp: faces of some minimal face set)
        raw = ffi.buffer(self._fs_buf, n * NFACES)[:]
        useful = 0
        for face in range(NFACES):
            if any(raw[k * NFACES + face] for k in range(n)):
                useful |= 15 << (4 * face)
        self._useful_hp = useful

    @property
    def classes(self):
        """Per colour, the face classes as (representative face, weight)."""
        if self._classes is None:
            c = self._card
            self._classes = [[(c.class_face[k][j], c.class_weight[k][j]) for j in range(c.nclasses[k])]
                             for k in range(3)]
        return self._classes

    @property
    def allowed(self):
        """Per task, the (state, next state) pairs where it may be completed."""
        c = self._card
        return [[(c.allowed[t][k][0], c.allowed[t][k][1]) for k in range(c.nallowed[t])]
                for t in range(c.ntasks)]

    @property
    def face_sets(self):
        """Per task, its minimal face sets as tuples of (face, count) (matching.minimal_face_sets)."""
        if self._face_sets is None:
            raw = ffi.buffer(self._fs_buf)[:]
            out = []
            k = 0
            for t in range(self.ntasks):
                sets = []
                for _ in range(self._card.nfacesets[t]):
                    row = raw[k * NFACES:(k + 1) * NFACES]
                    sets.append(tuple((f, row[f]) for f in range(NFACES) if row[f]))
                    k += 1
                out.append(sets)
            self._face_sets = out
        return self._face_sets

    # ----- workspace --------------------------------------------------------------------------

    @staticmethod
    def _limits_of(ctx):
        g, y, r, held, f, s, c = ctx
        return budget.limits_of(g, y, r, len(held), f, s, c)

    def _c_estimate(self, lim, scale=1):
        limits = ffi.new("es_limits *", list(lim) + [scale])
        out = ffi.new("es_estimate *")
        _check(lib.ess_estimate(self._card, limits, out))
        return out

    def estimate(self, ctx):
        """What answering ctx costs (budget.Estimate): the work of the question alone (counting
        only the held dice it can reach), and the bytes of the workspace it needs together with
        the contexts asked before (the core's ess_estimate, the same integers as budget.py)."""
        need = self._limits_of(ctx)
        budget.check_limits(need)
        if self._shape is None:
            self._shape = budget.shape_of(self)
        own = budget.estimate(self._shape, need, 1, ctx[3])
        both = self._c_estimate(budget.merge(self._limits, need), self._scale)
        own.c_bytes = both.bytes
        return own

    def reserve(self, ctx):
        """Size the workspace for ctx and everything it reaches now (advice asks many of them)."""
        g, y, r, held, f, s, c = ctx
        self._ensure(g, y, r, held, f, s, c)

    def _ensure(self, g, y, r, held, f, s, c):
        need = budget.limits_of(g, y, r, len(held), f, s, c)
        if budget.covers(self._limits, need):
            return
        budget.check_limits(need)
        lim = budget.merge(self._limits, need)
        if self._asked is not None:         # contexts the store answered earlier: asked again soon
            lim = budget.merge(lim, self._asked)
        if self.widen is not None:
            lim = budget.merge(lim, self.widen(lim))
        self._build(lim)

    def _build(self, lim):
        kept = None
        if self._ws is not None:
            p, x = self._stats()
            self._pairs_before += p
            self._contexts_before += x
            self._work_before = self.work()
            solved = self._export_raw(self._mark)
            if solved[0]:                   # (what it solved itself is still to publish)
                chunk = self._as_bytes(*solved)
                self._solved.append(chunk)
                self._own.append(chunk)
            # what was solved goes into the larger workspace: with a memo_source, its tables and
            # what this solver solved itself (the rest of the memo came from those tables: not
            # exported only to be imported again); else the whole memo
            kept = None if self.memo_source is not None else self._export_raw()
        limits = ffi.new("es_limits *", list(lim) + [self._scale])
        size = lib.ess_workspace_size(self._card, limits)
        if size == 0:
            raise KernelError("limits", "no workspace can hold the contexts of %r" % (lim,))
        self._release()
        try:
            raw, have = _POOL.take(size + 16)
        except MemoryError:
            raise KernelError("memory", "could not allocate the %s workspace this question needs"
                              % budget.text_bytes(size)) from None
        addr = int(ffi.cast("uintptr_t", raw))
        ptr = ffi.cast("uint8_t *", raw) + ((-addr) % 16)
        _check(lib.ess_init(ptr, size, self._card, limits))
        _check(lib.ess_set_progress(ptr, lib.es_py_progress, self._handle, REPORT_EVERY))
        self._ws = raw
        self._ws_have = have
        self._wsp = ptr
        self._limits = lim
        self.workspace_bytes = size
        self._apply_budget()
        if kept is not None and kept[0]:
            self._import_raw(*kept)
        if self.memo_source is not None:
            for count, keys, checks, vals, refuse in self.memo_source(self):
                try:
                    self._import_raw(count, keys, checks, vals)
                except KernelError as exc:
                    if exc.what != "store":
                        raise
                    refuse()                # a damaged table: its source drops it (the entries
                                            # before the damage were verified one by one)
            for chunk in self._own:
                self._import_raw(*chunk)
        self._mark = self._memo_used()      # what is stored from here on, this solver solved

    def _release(self):
        """Give the workspace buffer back to the pool (the solver's state in it is dropped)."""
        if self._ws is not None:
            _POOL.give(self._ws, self._ws_have)
            self._ws = None
            self._wsp = None

    def __del__(self):
        try:
            self._release()
        except Exception:  # noqa: BLE001 - interpreter shutdown: nothing left to give back to
            pass

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
            self._stop = None
            if TIME_C:
                t0 = time.process_time()
                rc = fn(self._wsp, x, *args, self._out, self.nstates)
                self.c_seconds += time.process_time() - t0
            else:
                rc = fn(self._wsp, x, *args, self._out, self.nstates)
            if rc == lib.ES_EINTR:
                stop, self._stop = self._stop, None
                raise stop if stop is not None else KeyboardInterrupt()
            if rc == lib.ES_ELIMIT:
                raise WorkLimitReached(self.work())
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

    # ----- the memo out and in ----------------------------------------------------------------

    def _export_raw(self, first=0):
        count = ffi.new("uint64_t *")
        rc = lib.ess_memo_export(self._wsp, first, ffi.NULL, ffi.NULL, ffi.NULL, 0, count)
        if rc not in (lib.ES_OK, lib.ES_EFULL):
            _check(rc)
        n = count[0]
        keys = ffi.new("uint64_t[]", max(n, 1))
        checks = ffi.new("uint64_t[]", max(n, 1))
        vals = ffi.new("uint64_t[]", max(n * self.nstates, 1))
        _check(lib.ess_memo_export(self._wsp, first, keys, checks, vals, n, count))
        return n, keys, checks, vals

    def _as_bytes(self, n, keys, checks, vals):
        return (n, bytes(ffi.buffer(keys, 8 * n)), bytes(ffi.buffer(checks, 8 * n)),
                bytes(ffi.buffer(vals, 8 * n * self.nstates)))

    def _memo_used(self):
        used = ffi.new("uint64_t *")
        _check(lib.ess_memo_used(self._wsp, used))
        return used[0]

    def _import_raw(self, count, keys, checks, vals):
        if not isinstance(keys, ffi.CData):
            keys = ffi.from_buffer("uint64_t[]", keys)
            checks = ffi.from_buffer("uint64_t[]", checks)
            vals = ffi.from_buffer("uint64_t[]", vals)
        added = ffi.new("uint64_t *")
        rc = lib.ess_memo_import(self._wsp, keys, checks, vals, count, added)
        if rc == lib.ES_EARG:
            raise KernelError("store", "solved values that cannot be this card's were offered to its solver")
        if rc != lib.ES_ENOMEM:
            _check(rc)
        return added[0]

    def export_memo(self):
        """(count, keys, checks, values), bytes: every context this solver has stored (packed keys
        ascending, 8 bytes each; a check word of each entry; value vectors of nstates 8-byte
        words), for tablestore.py."""
        if self._ws is None:
            return 0, b"", b"", b""
        return self._as_bytes(*self._export_raw())

    def take_solved(self):
        """[(count, keys, checks, values)]: the contexts this solver solved itself since the last
        call (not those its memo_source or an earlier workspace gave it), for the store to publish."""
        out = self._solved
        self._solved = []
        if self._ws is not None:
            n, keys, checks, vals = self._export_raw(self._mark)
            if n:
                out.append(self._as_bytes(n, keys, checks, vals))
            self._mark = self._memo_used()
        return out

    def import_memo(self, count, keys, checks, vals):
        """Store solved contexts (export_memo's form, any buffers) into the current workspace, those
        inside its limits, each verified against its check word; returns how many were new.
        KernelError('store') at an entry that cannot be this card's or is damaged."""
        if self._ws is None or not count:
            return 0
        return self._import_raw(count, keys, checks, vals)

    def work(self):
        """(pairs, contexts, frames, sweeps) counted by C over every workspace this solver has had:
        the work counters of the cost model (budget.py) and of limit_work."""
        p, x, f, s = self._work_before
        if self._ws is not None:
            out = ffi.new("es_work *")
            _check(lib.ess_work(self._wsp, out))
            p, x, f, s = p + out.pairs, x + out.contexts, f + out.frames, s + out.sweeps
        return (p, x, f, s)

    def limit_work(self, weights, allowance):
        """Stop any solve of this solver (WorkLimitReached) once the work done from now on,
        weighted by `weights` (per pair, per context, per frame, per sweep step: integers, as
        budget.WORK), passes `allowance`; weights None: no limit."""
        if weights is None:
            self._budget = None
        else:
            self._budget = (tuple(weights), _weighted(weights, self.work()) + allowance)
        self._apply_budget()

    def _apply_budget(self):
        if self._ws is None:
            return
        if self._budget is None:
            _check(lib.ess_set_budget(self._wsp, ffi.NULL))
            return
        weights, target = self._budget
        # the core counts from its own ess_init: what earlier workspaces did is already spent
        left = target - _weighted(weights, self._work_before)
        wp, wc, wf, wsw = weights
        b = ffi.new("es_budget *", {"per_pair": wp, "per_sweep": wsw, "per_frame": wf, "per_context": wc,
                                    "limit": min(max(left, 1), U64_MAX)})
        _check(lib.ess_set_budget(self._wsp, b))

    @property
    def pairs(self):
        """(context, roll) pairs evaluated by C, over every workspace this solver has had."""
        c_pairs = self._stats()[0] if self._ws is not None else 0
        return self._pairs_before + c_pairs

    @property
    def contexts(self):
        """Contexts solved by C, over every workspace this solver has had."""
        c_ctx = self._stats()[1] if self._ws is not None else 0
        return self._contexts_before + c_ctx

    # ----- the Solver interface -------------------------------------------------------------

    def value(self, green, yellow, red, focus=0, spells=0, clues=0, held=()):
        return self.values((green, yellow, red, tuple(sorted(held)), focus, spells, clues))[self.full_state]

    def values(self, ctx):
        if self.memo_lookup is not None:
            g, y, r, held, f, s, c = ctx
            need = budget.limits_of(g, y, r, len(held), f, s, c)
            if not budget.covers(self._limits, need) and g + y + r:
                budget.check_limits(need)
                self._asked = budget.merge(self._asked, need)
                got = self.memo_lookup(self, self._pack(ctx))
                if got is not None:
                    return got
        return self._call(lib.ess_values, ctx)

    def _pack(self, ctx):
        """The C core's memo key of a context (es_solve.c pack())."""
        g, y, r, held, f, s, c = ctx
        hp = 0
        for face in held:
            hp += 1 << (4 * face)
        return (g | y << 4 | r << 5 | f << 6 | s << 9 | c << 12 | (hp & self._useful_hp) << 16
                | 1 << 63)

    def roll_values(self, ctx, gfaces, yf, rf):
        return self._call(lib.ess_roll_values, ctx, bytes(list(gfaces)), yf, rf)

    def keep_value(self, ctx, gfaces, unrolled_green, yf, rf):
        return self._call(lib.ess_keep_value, ctx, bytes(list(gfaces)), unrolled_green, yf, rf)

    def keep_all(self, ctx, gfaces, yf, rf):
        """keep_value of every kept part of the whole roll (gfaces, yf, rf) of ctx at once (one C
        call instead of one per part: advice asks every part of a roll with clues), as a KeepTable."""
        count = ffi.new("int32_t *")
        if self._keep_out is None:
            self._keep_out = ffi.new("uint64_t[]", KEEP_MAX * self.nstates)
        while True:
            x = self._set_ctx(ctx)
            rc = lib.ess_keep_all(self._wsp, x, bytes(list(gfaces)), yf, rf, self._keep_out,
                                  KEEP_MAX * self.nstates, count)
            if rc == lib.ES_ENOMEM and self._scale < self.MAX_SCALE:
                self._scale = min(self._scale * 4, self.MAX_SCALE)
                self._build(self._limits)
                continue
            if rc == lib.ES_ELIMIT:
                raise WorkLimitReached(self.work())
            _check(rc)
            break
        return KeepTable(self, ctx, gfaces, yf, rf, list(self._keep_out[0:count[0] * self.nstates]))

    def state_index(self, done_mask):
        """The state index of a set of completed tasks (bit t set: task t done)."""
        return solver_state_index(self, done_mask)

    def ways_for_task(self, task, roll, held):
        """matching.ways_for_task(self.face_sets[task], task, roll, held) from the C core: the same
        Ways in the same order (tests/test_parity.py compares match_ways with it), as advice's
        matching of every roll asks (matching.match's `ways`)."""
        fsb = self._fsb_of.get(task) if self._fsb_of is not None else None
        if fsb is None:
            if self._fsb_of is None:
                self._fsb_of = {}
            fsb = self._fsb_of[task] = (_facesets_bytes(self.face_sets[task]), len(self.face_sets[task]))
        if self._ways_out is None:
            self._ways_out = (ffi.new("uint8_t[]", 48 * 256), 256, ffi.new("int32_t *"))
        out, cap, n = self._ways_out
        while True:
            rc = lib.esm_ways(fsb[0], fsb[1], bytes(roll), bytes(held), out, cap, n)
            if rc != lib.ES_EFULL:
                break
            cap = n[0]
            out = ffi.new("uint8_t[]", 48 * cap)
            self._ways_out = (out, cap, n)
        _check(rc)
        raw = ffi.buffer(out, 48 * n[0])[:]
        return [Way(task, bytearray(raw[48 * i:48 * i + 24]), bytearray(raw[48 * i + 24:48 * i + 48]))
                for i in range(n[0])]


KEEP_MAX = 576              # kept parts of one roll: 8 green dice over 6 classes at most 144, x yellow x red


class KeepTable:
    """The keep values of every kept part of one roll (CSolver.keep_all): `value(gfaces, yk, rk)`
    is keep_value's vector for the kept green dice gfaces (by class face) and the yellow and red
    kept or not."""

    def __init__(self, solver, ctx, gfaces, yf, rf, flat):
        n = solver.nstates
        self._n = n
        self._flat = flat
        self._reps = []
        mul = 1
        for face, _w in solver.classes[0]:
            self._reps.append((face, mul))
            mul *= gfaces[face] + 1
        self._ymul = mul if ctx[1] else 0
        self._rmul = mul * (2 if ctx[1] else 1) if ctx[2] else 0

    def value(self, gfaces, yk, rk):
        i = 0
        for face, mul in self._reps:
            i += gfaces[face] * mul
        if yk:
            i += self._ymul
        if rk:
            i += self._rmul
        return self._flat[i * self._n:(i + 1) * self._n]


def _weighted(weights, work):
    return sum(w * n for w, n in zip(weights, work))


class CBackend:
    name = "c"

    def make_solver(self, card, terror=0, sanity=0, stamina=0):
        return CSolver(card, terror, sanity, stamina)

    def info(self):
        return {"backend": self.name, "kernel_version": VERSION, "c_core": build_info()}
