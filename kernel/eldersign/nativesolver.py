"""The board's third backend: the C core's solver (csrc/) as the firmware's native module `escore`
(micropython/escore/), behind the kernel Solver's interface, with the same integers.

`board_solver(card, terror, sanity, stamina, block)` is what the board asks for a solver: a
NativeSolver when the firmware has `escore`, else the lean kernel Solver. A NativeSolver is a lean
Solver (its set-up gives the card: classes, allowed tasks, minimal face sets) whose questions go to
C. Its workspace is one bytearray: `block` when given (the app takes one block when the Elder Sign
menu opens, while the heap is in one piece, and every question uses it), else one of the heap, sized
by the core's own formulas for the contexts asked so far (escore.size, the compact layout of
es_solve.c; or what the heap has past KEEP_FREE, at least escore.least: the core's arena takes the
workspace's room past its fixed part) and made larger when a bigger question comes. When no
workspace can be had, or a short one runs out (ES_ENOMEM), that question is answered by the
pure-Python solver instead (`fallbacks` counts them): the answer is the same, only slower.
estimate() says which: its time is the C core's model (boardcost.py, NATIVE_*) or the Python one's.

A solve runs in slices of SLICE pairs (escore.c): between two, `progress(pairs)` is called as the
kernel Solver calls it, so the app draws "Solving..." and B cancels by raising from it; the memo
in the workspace keeps every context finished, and the core the places of the open ones.

NativeSolvedCard is the board's advice from the solved card (oddstable.SolvedCard's `best`) with
each value looked up in the workspace's memo (escore.memo_value): nothing flattened, nothing
allocated per step.
"""

from array import array

from ..errors import KernelError
from .dice import NFACES
from .oddstable import SolvedCard, HALF, MAX_HELD
from .solver import Solver

try:
    import escore
    if not hasattr(escore, "values"):
        escore = None       # the source folder micropython/escore/ on a path, not the module
except ImportError:
    escore = None

ES_EINTR = -8
ES_ENOMEM = -5
ES_ECTX = -3
SLICE = 4000            # pairs between two progress reports (about 20 M Cortex-M3 instructions)
MAX_SCALE = 16
HELD_CODES = 9 ** MAX_HELD      # context_key's held codes of at most MAX_HELD dice (base-9 digits)
# heap bytes a workspace may not take (the app's reserve, its screens and the question's answer)
KEEP_FREE = 24 * 1024
# of which a workspace reserved for a checked question may take this much: the objects its caller
# made between the check and the reservation
RESERVE_SLACK = 2 * 1024


def board_solver(card, terror=0, sanity=0, stamina=0, block=None):
    """The board's solver for a card: C when the firmware has it (in `block` when given), else the
    kernel's (lean)."""
    if escore is not None:
        return NativeSolver(card, terror, sanity, stamina, block)
    return Solver(card, terror, sanity, stamina, lean=True)


def take_block(most, keep):
    """One bytearray for workspaces, as large as the heap gives in one piece while `keep` bytes stay
    free (at most `most`), or None: tried from the largest down, 4 KB at a time (MicroPython says
    how much is free, not how much is in one piece)."""
    import gc
    gc.collect()
    try:
        size = gc.mem_free() - keep
    except AttributeError:
        size = most
    if size > most:
        size = most
    while size >= 16384:
        try:
            return bytearray(size)
        except MemoryError:
            size -= 4096
    return None


def solver_beside_block(make, owner, most, keep):
    """make(owner.block): a solver for the card in the workspace block the owner holds (the app, as
    `block`). A card whose set-up (its minimal face sets, in Python) finds no room in the heap beside
    the block is set up first with the block let go (the owner's is the only reference), and the
    owner given a block taken again from what the heap has left (take_block(most, keep))."""
    try:
        return make(owner.block)
    except MemoryError:
        if owner.block is None:
            raise
    owner.block = None
    import gc
    gc.collect()
    solver = make(None)
    owner.block = take_block(most, keep)
    if isinstance(solver, NativeSolver):
        solver.use_block(owner.block)
    return solver


def pack_card(solver):
    """The es_card of a kernel Solver's set-up, packed as escore.c reads it: 67 int32 (little-endian,
    as both boards are), the allowed transitions, the minimal face sets. Written into one bytearray
    of its final size (a card's set-up runs beside the menu's block: no growing copies)."""
    ntasks = solver.ntasks
    nsets = 0
    for t in range(ntasks):
        nsets += len(solver.face_sets[t])
    out = bytearray(67 * 4 + 6 * 64 * 2 + nsets * NFACES)
    at = 0

    def put(v):
        out[at] = v & 255
        out[at + 1] = (v >> 8) & 255
        out[at + 2] = (v >> 16) & 255
        out[at + 3] = (v >> 24) & 255
        return at + 4

    for v in (ntasks, solver.nstates, solver.empty_state, solver.terror):
        at = put(v)
    for colour in range(3):
        at = put(len(solver.classes[colour]))
    for k in (0, 1):
        for colour in range(3):
            cls = solver.classes[colour]
            for j in range(8):
                at = put(cls[j][k] if j < len(cls) else 0)
    for t in range(6):
        at = put(len(solver.allowed[t]) if t < ntasks else 0)
    for t in range(6):
        at = put(len(solver.face_sets[t]) if t < ntasks else 0)
    for t in range(ntasks):
        for k in range(len(solver.allowed[t])):
            out[at + (t * 64 + k) * 2] = solver.allowed[t][k][0]
            out[at + (t * 64 + k) * 2 + 1] = solver.allowed[t][k][1]
    at += 6 * 64 * 2
    for t in range(ntasks):
        for fs in solver.face_sets[t]:
            for face, k in fs:
                out[at + face] = k
            at += NFACES
    return out


def limits_of(g, y, r, nheld, f, s, c):
    """es_limits of one context (budget.limits_of): pool, uses, the held bound and the reach."""
    dice = g + y + r
    return [g, y, r, f, s, c, nheld + min(f + s, dice), dice - 2 * f - s]


def merge(a, b):
    """Limits covering both (budget.merge): the larger of each, the reach too."""
    if a is None:
        return list(b)
    return [a[i] if a[i] > b[i] else b[i] for i in range(8)]


def covers(a, b):
    return a is not None and all(a[i] >= b[i] for i in range(8))


def _heap_free():
    try:
        import gc
        gc.collect()
        return gc.mem_free()
    except (ImportError, AttributeError):
        return 1 << 30


class NativeSolver(Solver):
    """The kernel Solver's questions answered by escore (see the module's docstring)."""

    def __init__(self, card, terror=0, sanity=0, stamina=0, block=None):
        Solver.__init__(self, card, terror, sanity, stamina, lean=True)
        self.native = escore is not None
        self._block = block
        self._card = pack_card(self) if self.native else None
        self._ws = None
        self._lim = None
        self._short = False         # the workspace is smaller than the core's estimate
        self._whole = True          # the last estimate had the heap for the whole workspace
        self._scale = 1
        self._out = array("Q", [0] * self.nstates)
        self._ctx = bytearray(6 + NFACES)
        self._pairs_before = 0
        self.workspace_bytes = 0
        self.fallbacks = 0          # questions answered in Python: no workspace could be had

    # ----- the workspace ---------------------------------------------------------------------

    def use_block(self, block):
        """Solve in block from now on (None: in workspaces of the heap); what the old workspace
        held is dropped."""
        if self._ws is not None:
            self._pairs_before += self._work()[0]
        self._block = block
        self._ws = None
        self._lim = None

    def _lim_bytes(self, lim):
        return bytes(array("i", list(lim) + [self._scale]))

    def _ensure(self, ctx):
        """A workspace covering ctx, or False (too large for the heap: answer in Python)."""
        g, y, r, held, f, s, c = ctx
        need = limits_of(g, y, r, len(held), f, s, c)
        if covers(self._lim, need):
            return True
        return self._build(merge(self._lim, need))

    def _build(self, lim, keep=None):
        """A workspace for limits lim, leaving KEEP_FREE of the heap (as much of the plan as that
        allows); with keep given (reserve), the whole plan leaving keep, or none."""
        if self._ws is not None:
            self._pairs_before += self._work()[0]
        self._ws = None
        self._lim = None
        size, room = self._sizes(lim, KEEP_FREE if keep is None else keep)
        if size == 0 or (keep is not None and room < size):
            self.fallbacks += 1
            return False
        self._short = room < size
        if self._block is not None:
            ws = self._block
            size = len(ws) - 16
        else:
            # what the solve is expected to need, or as much of it as the heap has past the
            # reserve: the core's arena takes the workspace's room past its fixed part, and a solve
            # that needs more than it has stops (ES_ENOMEM) and is answered in Python
            if self._short:
                size = room
            try:
                ws = bytearray(size + 16)
            except MemoryError:
                self.fallbacks += 1
                return False
        rc = escore.init(ws, self._card, self._lim_bytes(lim))
        if rc != 0:
            raise KernelError("core", "C core: init failed (%d)" % rc)
        self._ws = ws
        self._lim = lim
        self.workspace_bytes = size
        return True

    def _sizes(self, lim, keep=KEEP_FREE):
        """(the core's estimate for limits lim, the room a workspace for them has: the block's, or
        the heap's past keep), both 0 when it cannot run natively (the room below escore.least,
        the core's fixed part)."""
        lb = self._lim_bytes(lim)
        size = escore.size(self._card, lb)
        room = len(self._block) - 16 if self._block is not None else _heap_free() - keep - 16
        if size == 0 or room < escore.least(self._card, lb):
            return 0, 0
        return size, room

    def _work(self):
        out = array("Q", [0, 0, 0, 0])
        escore.work(self._ws, out)
        return out

    def _set_ctx(self, ctx):
        g, y, r, held, f, s, c = ctx
        x = self._ctx
        x[0], x[1], x[2], x[3], x[4], x[5] = g, y, r, f, s, c
        for i in range(NFACES):
            x[6 + i] = 0
        for face in held:
            x[6 + face] += 1
        return x

    def _run(self, ctx, call):
        """call(ws, ctx bytes) in slices, growing the workspace on ES_ENOMEM; False: not native."""
        while True:
            if not self._ensure(ctx):
                return False
            x = self._set_ctx(ctx)
            rc = call(self._ws, x)
            if rc == ES_EINTR:
                wk = self._work()
                pairs = self._pairs_before + wk[0]
                self.pairs = pairs
                self.contexts = wk[1]
                if self.progress is not None:
                    self.progress(pairs)
                continue
            if rc == ES_ENOMEM and self._short:
                # the workspace was all the heap had, short of the estimate: no larger one
                self._ws = None
                self._lim = None
                self.fallbacks += 1
                return False
            if rc == ES_ENOMEM and self._scale < MAX_SCALE:
                self._scale *= 4
                lim, self._lim = self._lim, None
                if not self._build(lim):
                    return False
                continue
            if rc < 0:
                raise KernelError("core", "C core: error %d" % rc)
            wk = self._work()
            self.pairs = self._pairs_before + wk[0]
            self.contexts = wk[1]
            return True

    # ----- the Solver interface --------------------------------------------------------------

    def estimate(self, ctx):
        """Solver.estimate, for the solver that will answer ctx: with the C core (its room for the
        question: the block, or the heap past KEEP_FREE, at least escore.least) the C core's time
        (core "c") and the heap the question takes (none from a block); else the pure-Python
        solver's."""
        est = Solver.estimate(self, ctx)
        if not self.native:
            return est
        g, y, r, held, f, s, c = ctx
        need = limits_of(g, y, r, len(held), f, s, c)
        lim = self._lim if covers(self._lim, need) else merge(self._lim, need)
        size, room = self._sizes(lim)
        if size == 0:
            return est
        est.core = "c"
        if self._block is not None:
            est.board_bytes = 0
        else:
            # the heap the question takes: its whole workspace (reserve takes it before the
            # solve) and KEEP_FREE beside it, when the heap has that now; else as much of the
            # workspace as the heap has past KEEP_FREE (the core's arena works in less than its
            # plan, and what runs short is answered in Python)
            est.board_bytes = (size + KEEP_FREE if size <= room else room) + 16
        self._whole = size <= room
        return est

    def reserve(self, ctx):
        """The whole workspace for ctx and every context it reaches, taken now (the board CLI, once
        it has checked the estimate against the heap): advice asks the values of many contexts, and
        a workspace per growing question would leave the heap in holes none of the larger fits.
        MemoryError when the heap no longer has it and KEEP_FREE beside it (less RESERVE_SLACK for
        what the caller made since its check). When the heap did not have it at the estimate,
        nothing is reserved: each question takes what it needs of what the heap has, as without
        a reservation (a workspace of all the heap would leave the answer too little)."""
        if not self.native or self._block is not None or not self._whole:
            return
        g, y, r, held, f, s, c = ctx
        need = limits_of(g, y, r, len(held), f, s, c)
        if not covers(self._lim, need) and not self._build(merge(self._lim, need), KEEP_FREE - RESERVE_SLACK):
            raise MemoryError("no heap for the C core's workspace")

    def solved_card(self):
        """The board's advice from this solved card (SolvedCard's `best`): from the C core's memo
        when it answered, else flattened from the pure-Python solver's."""
        if self._ws is not None and not self.fallbacks:
            return NativeSolvedCard(self)
        return SolvedCard(self)

    def values(self, ctx):
        g, y, r, held, f, s, c = ctx
        ctx = (g, y, r, self.norm_held(held), f, s, c)
        out = self._out
        if self.native and self._run(ctx, lambda ws, x: escore.values(ws, x, out, SLICE)):
            return list(out)
        return Solver.values(self, ctx)

    def roll_values(self, ctx, gfaces, yf, rf):
        g, y, r, held, f, s, c = ctx
        ctx = (g, y, r, self.norm_held(held), f, s, c)
        out = self._out
        gf = bytes(gfaces)
        if self.native and self._run(ctx, lambda ws, x: escore.roll_values(ws, x, gf, yf, rf, out, SLICE)):
            return list(out)
        return Solver.roll_values(self, ctx, gfaces, yf, rf)

    def keep_value(self, ctx, gfaces, unrolled_green, yf, rf):
        g, y, r, held, f, s, c = ctx
        ctx = (g, y, r, self.norm_held(held), f, s, c)
        out = self._out
        gf = bytes(gfaces)
        if self.native and self._run(ctx, lambda ws, x: escore.keep_value(ws, x, gf, unrolled_green, yf, rf,
                                                                           out, SLICE)):
            return list(out)
        return Solver.keep_value(self, ctx, gfaces, unrolled_green, yf, rf)

    def keep_values_at(self, ctx, gfaces, yf, rf, state):
        """Solver.keep_values_at from one escore.keep_all: {(kept green counts by face, yellow kept,
        red kept): value at state}."""
        g, y, r, held, f, s, c = ctx
        ctx = (g, y, r, self.norm_held(held), f, s, c)
        n = self.nstates
        parts = (2 if y else 1) * (2 if r else 1)
        for face, _ in self.classes[0]:
            parts *= gfaces[face] + 1
        flat = array("Q", bytes(8 * parts * n))
        gf = bytes(gfaces)
        got = [0]

        def call(ws, x):
            rc = escore.keep_all(ws, x, gf, yf, rf, flat, SLICE)
            if rc >= 0:
                got[0] = rc
                return 0
            return rc
        if not (self.native and self._run(ctx, call)):
            return Solver.keep_values_at(self, ctx, gfaces, yf, rf, state)
        # the C order: kept green counts by class as an odometer (class 0 fastest), then yellow
        # kept (1) or not, then red
        reps = [face for face, _ in self.classes[0]]
        tops = [gfaces[face] for face in reps]
        ny = 2 if y else 1
        nr = 2 if r else 1
        per = got[0] // (ny * nr)
        out = {}
        for idx in range(got[0]):
            rest = idx // per
            t = idx % per
            kept = [0] * NFACES
            for j in range(len(reps)):
                kept[reps[j]] = t % (tops[j] + 1)
                t //= tops[j] + 1
            yk = rest % 2 if y else 0
            rk = rest // ny if r else 0
            out[(tuple(kept), yk, rk)] = flat[idx * n + state]
        return out

    def forget(self):
        Solver.forget(self)
        self._ws = None
        self._lim = None
        self._scale = 1


class NativeSolvedCard(SolvedCard):
    """SolvedCard's advice (`best`, `value_at`, `start_value`) with each value read from the C core's
    memo in the solver's workspace (escore.memo_value): the same halves as SolvedCard flattened from
    the pure-Python solver's memo, including its zero for a context holding more than MAX_HELD dice
    (which it does not keep). Valid while the solver keeps its workspace."""

    def __init__(self, solver):
        self.nstates = solver.nstates
        self.ntasks = solver.ntasks
        self.rep = bytes(solver.rep)
        self.useful = bytes(solver.useful)
        self.full_mask = (1 << solver.ntasks) - 1
        self.state_of = bytearray(b"\xff" * (1 << solver.ntasks))
        for i in range(solver.nstates):
            self.state_of[solver.state_done[i]] = i
        self._held = bytearray(3 * NFACES)
        self._ws = solver._ws
        self.nkeys = 0

    def value_at(self, key, mask, out):
        """out[0], out[1] = the halves of context `key` at done-mask `mask` (0, 0 when unknown)."""
        if mask == self.full_mask:
            out[0] = HALF
            out[1] = 0
            return
        s = self.state_of[mask]
        # SolvedCard keeps contexts of at most MAX_HELD held dice (the held codes below HELD_CODES)
        if s == 255 or (key >> 15) >= HELD_CODES or escore.memo_value(self._ws, key, s, out) != 1:
            out[0] = 0
            out[1] = 0
