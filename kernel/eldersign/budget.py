"""What a solve will cost before it starts: contexts, (context, roll) pairs, memory, and time.

The solver's work is bounded by two quantities every move of the game keeps or lowers:
    sigma = held dice + min(focus + spells, pool dice)  (a focus or a spell turns a use and a pool
            die into a held die; uses can only hold dice the pool has)
    rho   = pool dice - 2 focus - spells                (a focus sets one die aside, holds another)
so the contexts a question can reach are, for each (focus f, spells s, clues c), the pools of
k <= rho + 2f + s dice times the held multisets of at most sigma - min(f + s, k) dice. Every (pool, held,
focus, spells) is solved once at the top clue level C: C + 1 levels of a roll table for every node
of its spell DAG (the pools left after holding up to s dice with spells; without spells, the pool). These are the formulas of the C core's
ess_estimate and ess_workspace_size (csrc/es_solve.c, plan()), line for line: the integers agree
(tests compare them), so a host, the fallback and the handheld all refuse the same questions.

Time is a cost model over the estimate's counts (cost_terms, PROFILES): per (context, roll) pair a
cost that grows with the card's lattice words (task masks a roll's completions are read from), with
its states times the log of the workspace's size and with that size itself (a large workspace's memo
and tables miss the caches); per frame (a context's or chain node's set-up); per clue-sweep step.
The weights are fitted on benchmarks/scaling.py's measured points (benchmarks/README.md, "Scaling
laws"); tests/test_budget_scaling.py keeps the estimate within 2x of every point and never below
its memory. WORK is the same model fitted on the counts a solve really makes: the work the C core
counts while it solves (ess_set_budget), stopped at the limit (host/backend/limits.py), so a question whose
estimate was too low still stops at its limit. Integer maths only.
"""

from ..errors import KernelError
from . import boardcost

SAT = 1 << 62                # counts saturate here, as in C
MAX_BYTES = 1 << 48          # no workspace is larger (C returns 0)
WS_HEADER = 8192             # C: bytes reserved for the workspace header
FRAME_HDR = 24576             # C: bytes reserved for a frame's fixed part
NSLOT = 256                  # C: roll signatures cached per frame
NFAIL = 100                  # C: fail vectors with focus cached per frame
SIGW = 24                    # C: words of a roll signature
IDS_POOLS = 16               # C: largest pools' signature numbers the ids cache holds
IDS_DIR = 1024               # C: entries of the ids cache's directory
RC_DIR = 8192                # C: most entries of the residual cache's directory (frame_held)
RC_BYTES = 1 << 20           # C: the residual cache's store
BLK = 4                      # C: states per clue sweep
FRAME_SLACK = 8              # C: frames beyond the nesting bound
MAX_GREEN = 8
MAX_USES = 4
MAX_HELD = 12

# The cost model's terms (cost_terms) and, per runtime, picoseconds per unit of each: CPU time on one
# core of the project's machine. C: least squares of the relative error on benchmarks/scaling.csv
# (147 questions up to 150 M pairs and 1 GB), centred so that no point is off by more than 1.5x either
# way (benchmarks/README.md, "Scaling laws"). The fallback: its flat per-pair and
# per-sweep-step costs (least squares on library questions, within 0.4x-2.2x; the pure-Python solver
# is being rewritten, and its points are to be measured again with `scaling.py measure --backend
# python`). MicroPython is the unix port (about 4x CPython on the same questions); a board is slower
# still and should measure its own.
TERMS = ("pair", "pair_lw", "pair_nlog", "pair_mb", "frame", "sweep", "context", "base")
PROFILES = {
    "c": (0, 9998, 656, 69, 157554, 743, 0, 508458477),
    "python": (120000000, 0, 0, 0, 0, 30000000, 0, 0),
    "micropython": (480000000, 0, 0, 0, 0, 120000000, 0, 0),
}
# The same terms fitted on the counts a solve makes (CSolver.work: pairs, contexts, frames, sweep
# steps), centred the same way (0.60-1.67x the measured CPU time on the file's points): the work a
# solve is stopped at when it passes its time limit (host/backend/limits.py). The fallback counts pairs and
# contexts only.
WORK = {
    "c": (0, 11095, 903, 205, 789474, 515, 0, 295619890),
    "python": (120000000, 0, 0, 0, 0, 0, 0, 0),
    "micropython": (480000000, 0, 0, 0, 0, 0, 0, 0),
}


def binom(n, k):
    if k < 0 or n < 0 or k > n:
        return 0
    r = 1
    for i in range(1, k + 1):
        r = r * (n - k + i) // i
    return r


def _sat(v):
    return SAT if v >= SAT else v


def _a16(n):
    return (n + 15) & ~15


class Shape:
    """What the formulas need of a card: states, tasks, face classes per colour, representative
    faces, and minimal face sets in all."""

    def __init__(self, nstates, ntasks, m, ny, nr, nrep, nfacesets):
        self.n = nstates
        self.nt = ntasks
        self.m = m
        self.ny = ny
        self.nr = nr
        self.nrep = nrep
        self.nfs = nfacesets


def shape_of(solver):
    """The Shape of a solver (kernel Solver or the C backend's CSolver)."""
    reps = []
    for cls in solver.classes:
        for face, _w in cls:
            if face not in reps:
                reps.append(face)
    nfs = getattr(solver, "nfacesets", None)     # the C backend counts them without building them
    if nfs is None:
        nfs = 0
        for sets in solver.face_sets:
            nfs += len(sets)
    return Shape(solver.nstates, solver.ntasks, len(solver.classes[0]), len(solver.classes[1]),
                 len(solver.classes[2]), len(reps), nfs)


def limits_of(green, yellow, red, held, focus, spells, clues):
    """The limits of one context: (green, yellow, red, focus, spells, clues, sigma, rho)."""
    dice = green + yellow + red
    uses = focus + spells
    return (green, yellow, red, focus, spells, clues, held + (uses if uses < dice else dice),
            dice - 2 * focus - spells)


def merge(a, b):
    """Limits covering both (each bound is an upper bound)."""
    if a is None:
        return b
    return tuple([a[i] if a[i] > b[i] else b[i] for i in range(8)])


def covers(have, need):
    """True when limits `have` serve every context of limits `need`."""
    if have is None:
        return False
    for i in range(8):
        if need[i] > have[i]:
            return False
    return True


def check_limits(lim):
    """KernelError unless the limits are inside what the C core accepts."""
    g, y, r, f, s, c, sigma, rho = lim
    if not (0 <= g <= MAX_GREEN and 0 <= y <= 1 and 0 <= r <= 1):
        raise KernelError("dice", "a pool has 0 to %d green dice, one yellow and one red at most"
                          % MAX_GREEN)
    for name, v in (("focus", f), ("spells", s), ("clues", c)):
        if not 0 <= v <= MAX_USES:
            raise KernelError("option", "%s must be 0 to %d, not %d" % (name, MAX_USES, v))
    if sigma > MAX_HELD:
        raise KernelError("dice", "%d dice held or to be held by focus and spells; at most %d"
                          % (sigma, MAX_HELD))


def _rows(sh, g, y, r):
    return binom(g + sh.m - 1, sh.m - 1) * (sh.ny if y else 1) * (sh.nr if r else 1)


def _keys(sh, g, y, r):
    return binom(g + sh.m, sh.m) * (sh.ny + 1 if y else 1) * (sh.nr + 1 if r else 1)


def _dag3(sh, g, y, r, s):
    """(_dag kinds 0, 1 and 3 at once: rows, partial-roll keys, nodes) of pool (g, y, r), s spells."""
    rows = 0
    keys = 0
    nodes_all = 0
    for dg in range(min(g, s) + 1):
        for dy in range(y + 1):
            for dr in range(r + 1):
                if dg + dy + dr > s:
                    continue
                nodes = binom(dg + sh.m - 1, sh.m - 1) * (sh.ny if dy else 1) * (sh.nr if dr else 1)
                rows += nodes * _rows(sh, g - dg, y - dy, r - dr)
                keys += nodes * _keys(sh, g - dg, y - dy, r - dr)
                nodes_all += nodes
    return rows, keys, nodes_all


def _dag(sh, g, y, r, s, kind):
    """Sum over the spell DAG of pool (g, y, r): kind 0 rows, 1 partial-roll keys, 2 bytes, 3 nodes."""
    tot = 0
    for dg in range(min(g, s) + 1):
        for dy in range(y + 1):
            for dr in range(r + 1):
                if dg + dy + dr > s:
                    continue
                nodes = binom(dg + sh.m - 1, sh.m - 1) * (sh.ny if dy else 1) * (sh.nr if dr else 1)
                if kind == 3:
                    each = 1
                elif kind == 0:
                    each = _rows(sh, g - dg, y - dy, r - dr)
                elif kind == 1:
                    each = _keys(sh, g - dg, y - dy, r - dr)
                else:   # its table and its rows' signature numbers
                    rows = _rows(sh, g - dg, y - dy, r - dr)
                    each = _a16(rows * sh.n * 8) + _a16(rows * 4)
                tot += nodes * each
    if kind == 2:
        d = g if g < s else s
        # the node grids (tables, signature numbers) and one node's signature vectors
        tot += (2 * _a16(binom(d + sh.m, sh.m) * (sh.ny + 1 if y else 1) * (sh.nr + 1 if r else 1) * 8)
                + _a16(_rows(sh, g, y, r) * sh.n * 8))
    return tot


class Estimate:
    """contexts the solve may store, pairs it may evaluate, clue-sweep steps, the C workspace's
    bytes (0: too large to allocate), the Python fallback's bytes, and frames (the C core's
    per-table set-up: one per context, and per node and clue level of a spell/clue chain; counted
    here only, not by ess_estimate); board_bytes: the heap the pure-Python solver needs on a
    MicroPython board (boardcost.py); dice: the pool's and held dice; m: the card's face classes."""

    def __init__(self, contexts, pairs, sweeps, c_bytes, py_bytes, frames=0, lw=1, n=1, board_bytes=0,
                 dice=0, m=1):
        self.contexts = contexts
        self.pairs = pairs
        self.sweeps = sweeps
        self.c_bytes = c_bytes
        self.py_bytes = py_bytes
        self.frames = frames
        self.lw = lw            # lattice words of an entry (lat_words)
        self.n = n              # task-set states
        self.board_bytes = board_bytes
        self.dice = dice
        self.m = m
        self.core = "python"    # the board's solver for it: "c" when the C core answers (nativesolver)

    def bytes_for(self, runtime):
        """The memory a solve needs: "c" the C workspace, "python" CPython's fallback,
        "micropython" and "rp2040" the pure-Python solver on MicroPython (a board's own figure)."""
        if runtime == "c":
            return self.c_bytes
        if runtime in ("micropython", "rp2040"):
            return self.board_bytes
        return self.py_bytes

    def milliseconds(self, runtime):
        """Estimated time on one core of the reference machine (the cost model over these counts);
        "rp2040": on the Pico (boardcost.py's time model)."""
        if runtime == "rp2040":
            return boardcost.rp2040_ms(boardcost.kinstr(self), getattr(self, "core", "python"))
        return cost_ps(self, PROFILES[runtime], (self.pairs, self.contexts, self.frames, self.sweeps)) \
            // 1000000000


def _log2(n):
    """floor(log2(n)) for n >= 1, 0 below (no int.bit_length on every runtime)."""
    k = 0
    while n > 1:
        n >>= 1
        k += 1
    return k


def cost_terms(est):
    """The cost model's terms for a question (TERMS order): name -> (the count it multiplies: pair,
    frame, sweep, context, or question (one: the set-up of a question's workspace); the integer
    factor on that count)."""
    mb = est.c_bytes >> 20
    return {"pair": ("pair", 1), "pair_lw": ("pair", est.lw), "pair_nlog": ("pair", est.n * _log2(mb)),
            "pair_mb": ("pair", mb), "frame": ("frame", 1), "sweep": ("sweep", 1),
            "context": ("context", 1), "base": ("question", 1)}


def cost_ps(est, weights, counts):
    """Picoseconds of the cost model with these weights (TERMS order) over counts (pairs, contexts,
    frames, sweep steps), the factors from est (its lattice words, states and workspace size)."""
    pairs, contexts, frames, sweeps = counts
    unit = {"pair": pairs, "context": contexts, "frame": frames, "sweep": sweeps, "question": 1}
    terms = cost_terms(est)
    total = 0
    for i in range(len(TERMS)):
        kind, factor = terms[TERMS[i]]
        total += weights[i] * factor * unit[kind]
    return total


def work_ns(est, runtime, counts):
    """The work limit's measure of counts (pairs, contexts, frames, sweep steps) a solve made, in
    nanoseconds of the WORK model."""
    return cost_ps(est, WORK[runtime], counts) // 1000


def work_weights(est, runtime):
    """The WORK model as four integer weights per counted unit (picoseconds per pair, context,
    frame, sweep step) for a workspace with est's factors: what the C core's budget takes."""
    terms = cost_terms(est)
    w = WORK[runtime]
    out = {"pair": 0, "context": 0, "frame": 0, "sweep": 0, "question": 0}
    for i in range(len(TERMS)):
        kind, factor = terms[TERMS[i]]
        out[kind] += w[i] * factor
    return (out["pair"], out["context"], out["frame"], out["sweep"])


def _subsets(held):
    """How many sub-multisets a multiset of faces has."""
    n = 1
    faces = []
    for f in held:
        if f not in faces:
            faces.append(f)
    for f in faces:
        n *= held.count(f) + 1
    return n


def estimate(sh, lim, scale=1, held=None):
    """The Estimate of a solve within limits `lim` (limits_of / merge) for a card of Shape sh.

    The workspace bytes are those the C core allocates for these limits (any held dice of the
    allowed number). With `held`, the dice held at the start of one question, the contexts, pairs
    and sweeps count only the held multisets that question can reach (sub-multisets of `held`
    plus dice added by the uses spent): a tighter time estimate for that question."""
    g0, y0, r0, F, S, C, sigma, rho = lim
    contexts = 0
    memo = 0
    pairs = 0
    sweeps = 0
    frames = 0
    chains = S > 0 or C > 0
    dmax = g0 + y0 + r0
    if rho + 2 * F + S < dmax:
        dmax = rho + 2 * F + S
    if dmax < 0:
        dmax = 0
    hk = [0] * (dmax + 1)
    for f in range(F + 1):
        for s in range(S + 1):
            kmax = rho + 2 * f + s
            if kmax < 0:
                continue
            spent = (F - f) + (S - s)
            tight = None if held is None else _subsets(held) * binom(spent + sh.nrep, sh.nrep)
            for k in range(min(dmax, kmax) + 1):
                j = sigma - (f + s if f + s < k else k)
                if j >= 0 and j + 1 > hk[k]:
                    hk[k] = j + 1
            for c in range(C + 1):
                for g in range(g0 + 1):
                    for y in range(y0 + 1):
                        for r in range(r0 + 1):
                            k = g + y + r
                            j = sigma - (f + s if f + s < k else k)
                            if k == 0 or k > kmax or j < 0:
                                continue
                            hs = binom(j + sh.nrep, sh.nrep)
                            hs_count = tight if tight is not None and tight < hs else hs
                            contexts += hs_count
                            memo += hs
                            # lifting: each context's tables are built once, at clue level C
                            if c < C:
                                continue
                            rows, keys, nodes = _dag3(sh, g, y, r, s)
                            pairs += hs_count * (c + 1) * rows
                            sweeps += hs_count * c * sh.n * keys
                            frames += hs_count * (c + 1) * nodes
    # nesting: at most hk[k] open contexts with k pool dice, each with a frame and a DAG of tables
    depth = 0
    arena = 0
    for k in range(dmax + 1):
        depth += hk[k]
        if not chains:
            continue
        big = 0
        for g in range(g0 + 1):
            for y in range(y0 + 1):
                for r in range(r0 + 1):
                    if g + y + r == k:
                        b = _dag(sh, g, y, r, S, 2)
                        if b > big:
                            big = b
        arena += hk[k] * big
    arena = _sat(_sat(arena) * scale)
    contexts = _sat(contexts)
    pairs = _sat(pairs)
    sweeps = _sat(sweeps)
    need = _sat(_sat(memo) * scale)
    cap = 64
    while cap < SAT and cap * 3 < _sat(need * 4 + 4):
        cap <<= 1
    ngm = binom(g0 + sh.m, sh.m)
    fsh = 16
    while fsh < 2 * sh.nfs:
        fsh <<= 1
    frame_bytes = FRAME_HDR + _a16((1 + sh.m + sh.ny + sh.nr) * sh.n * 8) + NSLOT * (2 + SIGW + sh.n) * 8 \
        + NFAIL * (2 + sh.n) * 8
    total = WS_HEADER
    for area in (sh.nfs * 8, sh.nfs, fsh * 16, ngm * 8, ngm * 8, ngm * 16, ngm * 16, ngm * 8, ngm, ngm,
                 ngm * (sh.ny + 1 if y0 else 1) * (sh.nr + 1 if r0 else 1) * lat_words(sh.nt, g0) * 8
                 * (1 + (sh.nrep if sigma > 0 else 0)),
                 _sat(cap * 8), _sat(cap * 4), _sat(cap // 4 * 3 * sh.n * 8), sh.n * 8,
                 _keys(sh, g0, y0, r0) * BLK * 16 if C > 0 else 0,
                 _rows(sh, g0, y0, r0) * sh.n * 8 if chains else 0,
                 IDS_DIR * 24 + IDS_POOLS * _a16(_rows(sh, g0, y0, r0) * 4) if C > 0 else 0,
                 rc_dir(_sat(memo)) * 16 + RC_BYTES if sigma > 0 else 0,
                 arena, _sat((depth + FRAME_SLACK) * frame_bytes)):
        total = _sat(total + _a16(area if area < SAT else SAT))
    c_bytes = 0 if total >= MAX_BYTES else total
    return Estimate(contexts, pairs, sweeps, c_bytes, python_bytes(sh, contexts, lim), _sat(frames),
                    lat_words(sh.nt, g0), sh.n, boardcost.need_bytes(sh, lim, contexts),
                    g0 + y0 + r0 + (0 if held is None else len(held)), sh.m)


def rc_dir(contexts):
    """C: the residual cache's directory entries, a quarter of the contexts (of the memo's sizing),
    256 to RC_DIR."""
    d = 256
    while d < RC_DIR and d * 4 < contexts:
        d <<= 1
    return d


def lat_words(ntasks, green):
    """C lat_words: words per completion-lattice entry; two 32-bit task masks a word while the
    pools have at most 7 green dice (every mask bit is green used * 4 + 3 or less)."""
    return (ntasks + 1) // 2 if green <= 7 else ntasks + (ntasks & 1)


def python_bytes(sh, contexts, lim):
    """The Python fallback's memory for a solve (solver.py, tables.py): each context's memo entry
    (a key tuple, a list of n big ints), the solver's bounded caches of compiled pools (32 Nodes,
    their ways and fail vectors), and the tables of one context with spells or clues at a time
    (tables.py: its spell DAG's signatures, a byte or two a roll, and one state's U tables and
    sweeps). CPython, measured with tracemalloc and rounded up (benchmarks/README.md, "The pure-Python
    solver")."""
    g, y, r, f, s, c, sigma, rho = lim
    blocks = (sh.ny if y else 1) * (sh.nr if r else 1)
    caches = 131072 + 8 * 4096 * blocks + 64 * (1 + sh.m + sh.ny + sh.nr) * (64 + 40 * sh.n)
    tables = 0
    if s or c:
        for dg in range(min(g, s) + 1):
            for dy in range(y + 1):
                for dr in range(r + 1):
                    if dg + dy + dr > s:
                        continue
                    nodes = binom(dg + sh.m - 1, sh.m - 1) * (sh.ny if dy else 1) * (sh.nr if dr else 1)
                    g1, y1, r1 = g - dg, y - dy, r - dr
                    rows_g = binom(g1 + sh.m - 1, sh.m - 1)
                    each = (_rows(sh, g1, y1, r1) * 64 + rows_g * 8 * (2 + sh.ny + sh.nr) * (c + 1)
                            + binom(g1 + sh.m, sh.m) * 64)
                    tables += nodes * each
    return _sat(contexts * (400 + 48 * sh.n) + caches + tables)


def text_seconds(ms):
    """A short duration: 850 ms, 42 s, 12 min, 3.5 h, 9 days."""
    if ms < 1000:
        return "%d ms" % ms
    s = ms // 1000
    if s < 120:
        return "%d s" % s
    if s < 7200:
        return "%d min" % ((s + 30) // 60)
    if s < 172800:
        return "%d.%d h" % (s // 3600, (s % 3600) * 10 // 3600)
    return "%d days" % (s // 86400)


def text_bytes(n):
    """A short size: 512 KB, 3.2 GB (powers of 1024)."""
    if n < 1 << 20:
        return "%d KiB" % ((n + 1023) >> 10)
    if n < 1 << 30:
        return "%d MiB" % ((n + (1 << 20) - 1) >> 20)
    t = n * 10 >> 30
    return "%d.%d GiB" % (t // 10, t % 10)


def refusal(est, runtime, max_ms, max_bytes):
    """None when the estimate fits the limits, else one line saying what it needs."""
    ms = est.milliseconds(runtime)
    need = est.bytes_for(runtime)
    too_big = est.c_bytes == 0 and runtime == "c"
    if ms <= max_ms and need <= max_bytes and not too_big:
        return None
    return "this question needs about %s %s and %s (%d contexts, %d rolls to weigh); " \
        "the limits are %s and %s" % (text_seconds(ms), "on this board" if runtime == "rp2040" else "on one core",
                                      "more memory than can be addressed"
                                      if too_big else text_bytes(need), est.contexts, est.pairs,
                                      text_seconds(max_ms), text_bytes(max_bytes))
