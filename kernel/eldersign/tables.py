"""Contexts with spells or clues: solved through slices of roll values, in bounded memory.

A spell holds a die of the roll just made and a clue rerolls part of it, so such a context needs
the value of every roll, not only how often each kind of roll comes up (solver.py's plain path).

Rolls are split into *slices*: the rolls with one yellow face and one red face (a block of
solver.Node), over every green multiset of the pool. t_slice gives one slice's roll values at one
clue level for one task-set state:
  - the roll's own options (fail, complete), from the context's signatures (one per distinct
    (fail key, completions) pair, its best vector computed once per clue level);
  - spells: holding a green die of class j leaves the roll minus j in the context (pool - j,
    held + j, one spell fewer): that node's slice at the same level, pushed up one die; holding the
    yellow (red) die: the node without it, same green dice;
  - a clue (level k > 0): the best over kept sub-rolls K of E(K) = round(N(K) / 6^u), where N(K)
    sums the rerolled outcomes' values one clue fewer (level k - 1). K keeps or rerolls the yellow
    die, keeps or rerolls the red die, and keeps a green sub-multiset. The kept-yellow, kept-red K
    are this slice's own (one sweep over its level k - 1 values); the others average over the
    rerolled die's faces, which is a sum over slices: the context's "U tables" (one per red face
    with the yellow rerolled, one per yellow face with the red rerolled, and one with both; each
    swept once per level and state, kept as the best at each full green roll).

The sweep over green sub-multisets (sweep_down): top-down, N(K) = sum over the classes j of a die put
back of weight(j) * N(K + j), exact integers; E(K) = round(N(K) / 6^u); bottom-up, the best kept
sub-multiset of K is max(E(K), the best of K minus one die), pushed upward (bk_sweep).

Everything is done one task-set state at a time: the tables hold one integer a roll, so a
context's memory is its signatures, the U tables of one state and the slices being computed. The
signatures' best vectors need the successor contexts, which are solved (recursively) before any
table of this context is made, so tables never nest. The row tables come from the question's pool
(rowpool.py: cut from the heap once, handed out again for every state of every context).
"""

from array import array

from .dice import GREEN, YELLOW, RED
from .situation import TERROR_FAIL, TERROR_DISCARD
from .fixed import ONE
from .rolls import completions
from .rowpool import open_pool, close_pool

_EMPTY = array("q")
SWEEP = 64          # rows between two counts of the solver's work in a loop (Solver.beat)
# The work of the loops over values is counted at two steps a line: on the board a value (48 bits
# of fixed point, over its 31-bit small ints) is an object of its own each time it is read from an
# array, added, multiplied or divided, and the firmware measured these slices and sweeps at about
# twice the instructions a line of the plain solve's (benchmarks/README.md, "The handheld's time").


class TNode:
    """A context of the spell DAG, without its clue level: pool, held dice, focus and spells.

    fkq[q]: the fail key of green key q (None: every roll fails alike); cbr[b][q]: the number of
    the completions of row q in block b, cbs[b][i] those completions (bit j: completion j);
    succ[k][j]: completion j's (task, successor vector) at clue level k; cv[k][j]: completion j's
    value at clue level k for the state being computed; parts[k][tc]: solver.fail_parts at level k with tc
    Terror dice discarded; fpm[k], yb[k]: for the state being computed, the best fail by fail key
    (green faces focus may hold) and by (Terror dice, block) (the yellow or red die focused);
    gsub / ysub / rsub: the nodes a spell leads to (holding a green die of class j, the yellow die
    of class yi, the red die of class ri); U[k]: the U tables of level k for that state."""

    def __init__(self, solver, g, y, r, held, f, s):
        self.g = g
        self.y = y
        self.r = r
        self.held = held
        self.f = f
        self.s = s
        self.blocks = None      # (yellow face, red face, weight) of each block of solver.Node
        self.ny = 1
        self.nr = len(solver.classes[RED]) if r else 1
        self.fkq = None
        self.cbr = None
        self.cbs = None
        self.succ = None
        self.cv = None
        self.parts = None
        self.fpm = None
        self.yb = None
        self.gsub = None
        self.ysub = None
        self.rsub = None
        self.U = None
        self.UR = None


class Dag:
    """The spell DAG of one context (its nodes by pool and held dice) and the work on it."""

    def __init__(self, solver, ctx):
        """The nodes only: presolve (the contexts the rolls lead to) comes next, then prepare."""
        g, y, r, held, f, s, c = ctx
        self.solver = solver
        self.c = c
        self.f = f
        self.gr = solver.green(g)
        self.pool, self.made_pool = open_pool(solver, self.gr)
        self.nodes = {}
        self.top = self._node(g, y, r, held, f, s)
        self.n = solver.nstates
        self.st = -1

    def successors(self):
        """Every context the DAG's rolls lead to (Solver.successors of each node), the highest clue
        level first: solving a context there memoises its lower levels on the way, so none is
        solved twice."""
        solver = self.solver
        for k in range(self.c, -1, -1):
            for nd in self.nodes.values():
                for cx in solver.successors((nd.g, nd.y, nd.r, nd.held, self.f, nd.s, k),
                                            solver.node(nd.g, nd.y, nd.r, nd.held)):
                    yield cx

    def prepare(self):
        """Signatures and best vectors of every node (the successors are solved by now)."""
        solver = self.solver
        c = self.c
        self.gr.add(solver.beat)        # made here, so that its making is counted (Solver.beat)
        for nd in self.nodes.values():
            node = solver.node(nd.g, nd.y, nd.r, nd.held)
            nd.blocks = [(yf, rf, bw) for yf, rf, bw, cands, always in node.blocks]
            nd.ny = node.ny
            nd.cbs = self._signatures(nd, node)
            nd.succ = [self._comp_succ(nd, node, k) for k in range(c + 1)]
            nd.parts = [self._fail_parts(nd, k) for k in range(c + 1)]
            # the compiled candidates are not needed past the signatures (the board's heap)
            node = None

    def _node(self, g, y, r, held, f, s):
        key = (g, y, r, held, s)
        nd = self.nodes.get(key)
        if nd is not None:
            return nd
        solver = self.solver
        nd = TNode(solver, g, y, r, held, f, s)
        self.nodes[key] = nd
        if s > 0:
            if g > 0:
                nd.gsub = [self._node(g - 1, y, r, solver.add_held(held, face), f, s - 1)
                           for face in solver.gface]
            if y:
                nd.ysub = [self._node(g, 0, r, solver.add_held(held, face), f, s - 1)
                           for face, _ in solver.classes[YELLOW]]
            if r:
                nd.rsub = [self._node(g, y, 0, solver.add_held(held, face), f, s - 1)
                           for face, _ in solver.classes[RED]]
        return nd

    def _signatures(self, nd, node):
        """Each row's completions in each block, numbered (bytes while the numbers fit): the
        needs each green roll holds are found once (Node.sat), a block's completions once per
        distinct needs; returns the completion sets by number. The fail keys are the solver's
        (Solver.fail_keys, by green key)."""
        solver = self.solver
        gr = self.gr
        g = nd.g
        pk = gr.pk
        lo = gr.goff[g]
        hi = gr.goff[g + 1]
        guard = gr.guard
        nd.fkq = solver.fail_keys(nd.f, gr)
        sats = [0] * (hi - lo)
        steps = SWEEP * (4 * len(node.reqs) + 8)
        for q0 in range(0, hi - lo, SWEEP):
            for q in range(q0, q0 + SWEEP if q0 + SWEEP < hi - lo else hi - lo):
                sats[q] = node.sat(pk[lo + q], guard)
            solver.beat(steps)
        cbs = []
        cbr = []
        for yf, rf, bw, cands, always in node.blocks:
            # numbered per block: a block has at most a few hundred, so a byte a row mostly
            rows = array("H", bytes(2 * (hi - lo)))
            by_sat = {}
            cb_index = {}
            block = []
            for q in range(hi - lo):
                sat = sats[q]
                ci = by_sat.get(sat)
                if ci is None:
                    cb = completions(cands, always, sat)
                    ci = cb_index.get(cb)
                    if ci is None:
                        ci = len(block)
                        cb_index[cb] = ci
                        block.append(cb)
                    by_sat[sat] = ci
                rows[q] = ci
            solver.tick(hi - lo)
            if len(block) <= 256:
                small = bytearray(hi - lo)
                for q in range(hi - lo):
                    small[q] = rows[q]
                rows = small
            cbr.append(rows)
            cbs.append(block)
        nd.cbr = cbr
        return cbs

    def _comp_succ(self, nd, node, k):
        """Per completion of node nd at clue level k, (task, the successor's vector): begin_state
        reads from them each completion set's value at one state."""
        solver = self.solver
        g, y, r, f, s = nd.g, nd.y, nd.r, nd.f, nd.s
        out = []
        for t, gu, yu, ru, rest in node.comps:
            out.append((t, solver._val((g - gu, y - yu, r - ru, rest, f, s, k))))
        return out

    def _fail_parts(self, nd, k):
        """solver.fail_parts of node nd at clue level k for every count of Terror dice a roll can
        discard (one entry without a Terror effect; None where Terror fails the roll)."""
        solver = self.solver
        ctx = (nd.g, nd.y, nd.r, nd.held, nd.f, nd.s, k)
        out = [solver.fail_parts(ctx, 0)]
        if solver.terror == TERROR_FAIL:
            out.append(None)
        elif solver.terror == TERROR_DISCARD:
            for tc in range(1, nd.g + 1):
                out.append(solver.fail_parts(ctx, tc))
        return out

    # ----- one state's tables ------------------------------------------------------------------

    def next_state(self, st):
        """Per task, the state completing it from state st leads to, or -1 (not allowed there)."""
        nxt = [-1] * self.solver.ntasks
        for t in range(self.solver.ntasks):
            for a, b in self.solver.allowed[t]:
                if a == st:
                    nxt[t] = b
        return nxt

    def release(self):
        """Give the U tables of the state in progress back to the pool, and let go of the pool if
        this DAG made it: the DAG is done with."""
        for nd in self.nodes.values():
            self._give_u(nd)
        close_pool(self.solver, self.pool, self.made_pool)

    def _give_u(self, nd):
        pool = self.pool
        if nd.U is not None:
            for u in nd.U:
                if u is not None:
                    for tables in u:
                        if tables is not None:
                            for a in tables:
                                pool.give(a)
        if nd.UR is not None:
            for got in nd.UR:
                if got is not None:
                    pool.give(got[1])
        nd.U = None
        nd.UR = None

    def begin_state(self, st):
        """Set up state st: each node's fail tables for it; the U tables are made on demand."""
        self.st = st
        m = self.solver.m
        nxt = self.next_state(st)
        for nd in self.nodes.values():
            self._give_u(nd)
            nd.U = [None] * self.c
            nd.UR = [None] * self.c
            nd.cv = []
            for succ in nd.succ:
                # each completion's value at st (0 where its task is not allowed); a block's
                # completion sets are valued from them when a slice needs it (block_values)
                at = [0] * len(succ)
                for j in range(len(succ)):
                    t, vec = succ[j]
                    if nxt[t] >= 0:
                        at[j] = vec[nxt[t]]
                nd.cv.append(at)
            nd.fpm = []
            nd.yb = []
            blocks = nd.blocks
            for parts in nd.parts:
                fpm = array("q", bytes(8 * 64 * len(parts)))
                yb = array("q", bytes(8 * len(blocks) * len(parts)))
                for tc in range(len(parts)):
                    p = parts[tc]
                    if p is None:
                        continue                    # Terror fails the roll: 0
                    base, green, yellow, red = p
                    o = tc << 6
                    fpm[o] = base[st]
                    if green is not None:
                        # best with the classes of pm focusable: one more class than pm & (pm - 1)
                        for pm in range(1, 64):
                            low = pm & -pm
                            j = 0
                            while low > 1:
                                low >>= 1
                                j += 1
                            v = fpm[o + (pm & (pm - 1))]
                            if j < m and green[j] is not None and green[j][st] > v:
                                v = green[j][st]
                            fpm[o + pm] = v
                    ob = tc * len(blocks)
                    for b in range(len(blocks)):
                        v = 0
                        if yellow is not None:
                            w = yellow.get(blocks[b][0])
                            if w is not None and w[st] > v:
                                v = w[st]
                        if red is not None:
                            w = red.get(blocks[b][1])
                            if w is not None and w[st] > v:
                                v = w[st]
                        yb[ob + b] = v
                nd.fpm.append(fpm)
                nd.yb.append(yb)
                self.solver.beat(len(parts) * (64 * 18 + 24 * len(blocks)) + 12 * len(nd.succ) * len(nd.succ[0]))

    def t_slice(self, nd, k, b, st):
        """The values at state st, clue level k, of block b's rolls in node nd (by green row): a
        row table of the pool, its first rows(nd.g) rows; the caller gives it back."""
        gr = self.gr
        pool = self.pool
        g = nd.g
        lo = gr.goff[g]
        rows = gr.goff[g + 1] - lo
        cv = _block_values(nd.cbs[b], nd.cv[k])
        cbr = nd.cbr[b]
        fpm = nd.fpm[k]
        yb = nd.yb[k]
        nb = len(nd.blocks)
        fkq = nd.fkq
        out = pool.take()
        if fkq is None:
            a = fpm[0]
            y = yb[b]
            if y > a:
                a = y
            for q in range(rows):
                c = cv[cbr[q]]
                out[q] = a if a > c else c
        else:
            for q in range(rows):
                fk = fkq[lo + q]
                a = fpm[fk]
                y = yb[(fk >> 6) * nb + b]
                if y > a:
                    a = y
                c = cv[cbr[q]]
                out[q] = a if a > c else c
        solver = self.solver
        solver.tick(rows)
        work = 16 * rows + 12 * len(cv)    # this slice's own work, for Solver.beat at the end
        if nd.s:
            nr = nd.nr
            if nd.gsub is not None:
                m = gr.m
                add = gr.add()
                lo1 = gr.goff[g - 1]
                n1 = lo - lo1
                for j in range(m):
                    sub = self.t_slice(nd.gsub[j], k, b, st)
                    for q in range(n1):
                        p = add[(lo1 + q) * m + j] - lo
                        v = sub[q]
                        if v > out[p]:
                            out[p] = v
                    pool.give(sub)
                    work += 10 * n1
            if nd.ysub is not None:
                sub = self.t_slice(nd.ysub[b // nr], k, b % nr, st)
                _vmax(out, sub, rows)
                pool.give(sub)
            if nd.rsub is not None:
                sub = self.t_slice(nd.rsub[b % nr], k, b // nr, st)
                _vmax(out, sub, rows)
                pool.give(sub)
        if k:
            own = self.bk_full(self.t_slice(nd, k - 1, b, st), g, 0)
            _vmax(out, own, rows)
            pool.give(own)
            u = nd.U[k - 1]
            if u is None:
                self.u_tables(nd, k - 1, st)
                u = nd.U[k - 1]
            uy, ur = u
            if uy is not None:
                _vmax(out, uy[b % nd.nr], rows)
            if ur is not None:
                _vmax(out, ur[b // nd.nr], rows)
            elif nd.y and nd.r:
                _vmax(out, self.red_rerolled(nd, k - 1, b // nd.nr, st), rows)
        if nd.s or k:
            work += 24 * rows           # the _vmax passes above
        solver.beat(work)
        return out

    def red_rerolled(self, nd, k, yi, st):
        """The U table of yellow class yi with the red die rerolled, at level k (lean solvers keep
        only the current yellow class's: blocks are visited yellow class by yellow class, and the
        board's heap saves ny - 1 tables for one more pass over the slices)."""
        got = nd.UR[k]
        if got is not None and got[0] == yi:
            return got[1]
        nd.UR[k] = None
        pool = self.pool
        if got is not None:
            pool.give(got[1])
        got = None
        rows = self.gr.goff[nd.g + 1] - self.gr.goff[nd.g]
        rcls = self.solver.classes[RED]
        acc = pool.zeros(rows)
        for ri in range(nd.nr):
            t = self.t_slice(nd, k, yi * nd.nr + ri, st)
            _addw(acc, t, rcls[ri][1], rows)
            pool.give(t)
            self.solver.beat(6 * rows)
        acc = self.bk_full(acc, nd.g, 1)
        nd.UR[k] = (yi, acc)
        return acc

    def u_tables(self, nd, k, st):
        """Node nd's U tables at level k, state st (kept in nd.U[k]); returns the level's sum of
        weight * value over every roll (the context's value before the division)."""
        solver = self.solver
        gr = self.gr
        g = nd.g
        lo = gr.goff[g]
        rows = gr.goff[g + 1] - lo
        wt = gr.wt
        y = nd.y
        r = nd.r
        ycls = solver.classes[YELLOW]
        rcls = solver.classes[RED]
        nr = nd.nr
        pool = self.pool
        sy = [pool.zeros(rows) for _ in range(nr)] if y else None   # yellow rerolled
        # with the yellow die too, a lean solver makes the red-rerolled tables one yellow class at a
        # time (red_rerolled)
        sr = [pool.zeros(rows) for _ in range(nd.ny)] if r and not (y and solver.lean) else None
        su = pool.zeros(rows) if y and r else None
        total = 0
        b = 0
        for yf, rf, bw in nd.blocks:
            yi = b // nr
            ri = b % nr
            t = self.t_slice(nd, k, b, st)
            w = 0
            for q in range(rows):
                w += wt[lo + q] * t[q]
            total += w * bw
            if y:
                _addw(sy[ri], t, ycls[yi][1], rows)
            if sr is not None:
                _addw(sr[yi], t, rcls[ri][1], rows)
            if su is not None:
                _addw(su, t, ycls[yi][1] * rcls[ri][1], rows)
            pool.give(t)
            solver.beat(24 * rows)
            b += 1
        if y:
            for ri in range(nr):
                sy[ri] = self.bk_full(sy[ri], g, 1)
        if sr is not None:
            for yi in range(len(sr)):
                sr[yi] = self.bk_full(sr[yi], g, 1)
        if su is not None:
            su = self.bk_full(su, g, 2)
            for ri in range(nr):
                _vmax(sy[ri], su, rows)
            pool.give(su)
            solver.beat(6 * nr * rows)
        nd.U[k] = (sy, sr)
        return total

    def sweep_down(self, t, g, extra):
        """E over every green sub-multiset K of the full rows t (values by green row of size g,
        `extra` yellow/red dice rerolled besides), for the sizes below g: a low table of the pool
        by green key (the caller gives it back). t is then scaled in place to the full rows' own E
        (its values / 6^extra): the two together are E by green key, sizes 0..g."""
        gr = self.gr
        goff = gr.goff
        m = gr.m
        add = gr.add()
        w = [cw for _, cw in self.solver.classes[GREEN]]
        e = self.pool.low()
        lo = goff[g]
        rows = goff[g + 1] - lo
        beat = self.solver.beat
        steps = SWEEP * (8 * m + 16)
        beat(6 * rows)
        # top-down: N(K) of each size from the size above (prev: the raw sums, long integers, so a
        # list; the rows' own for the first), E(K) its rounded mean
        prev = t
        for k in range(g - 1, -1, -1):
            a = goff[k]
            z = goff[k + 1]
            den = 6 ** (g - k + extra)
            half = den // 2
            cur = [0] * (z - a)
            for q0 in range(a, z, SWEEP):
                for q in range(q0, q0 + SWEEP if q0 + SWEEP < z else z):
                    s = 0
                    base = q * m
                    for j in range(m):
                        s += w[j] * prev[add[base + j] - z]
                    cur[q - a] = s
                    e[q] = (s + half) // den
                beat(steps)
            prev = cur
        prev = None
        if extra:
            # last: the sizes below read the rows' raw sums
            den = 6 ** extra
            half = den // 2
            for q in range(rows):
                t[q] = (t[q] + half) // den
        return e

    def bk_full(self, t, g, extra):
        """The best kept sub-roll's E at each full green row (bk_sweep of sweep_down): computed in
        place in the row table t, which is returned."""
        e = self.sweep_down(t, g, extra)
        gr = self.gr
        m = gr.m
        add = gr.add()
        beat = self.solver.beat
        steps = SWEEP * (8 * m + 8)
        if g:
            # bottom-up, each size pushes its best into the size above: the sizes below g - 1
            # within the low table, the last one into the rows (t, by row: key - lo)
            mid = gr.goff[g - 1]
            lo = gr.goff[g]
            for q0 in range(0, mid, SWEEP):
                for q in range(q0, q0 + SWEEP if q0 + SWEEP < mid else mid):
                    v = e[q]
                    base = q * m
                    for j in range(m):
                        p = add[base + j]
                        if v > e[p]:
                            e[p] = v
                beat(steps)
            for q0 in range(mid, lo, SWEEP):
                for q in range(q0, q0 + SWEEP if q0 + SWEEP < lo else lo):
                    v = e[q]
                    base = q * m
                    for j in range(m):
                        p = add[base + j] - lo
                        if v > t[p]:
                            t[p] = v
                beat(steps)
        self.pool.give_low(e)
        return t

    def level_values(self, st):
        """The top context's value sums at state st for every clue level 0..c."""
        top = self.top
        self.begin_state(st)
        out = []
        for k in range(self.c):
            out.append(self.u_tables(top, k, st))
        total = 0
        gr = self.gr
        lo = gr.goff[top.g]
        rows = gr.goff[top.g + 1] - lo
        wt = gr.wt
        b = 0
        for yf, rf, bw in top.blocks:
            t = self.t_slice(top, self.c, b, st)
            w = 0
            for q in range(rows):
                w += wt[lo + q] * t[q]
            self.pool.give(t)
            total += w * bw
            self.solver.beat(6 * rows)
            b += 1
        out.append(total)
        return out


def _block_values(block, at):
    """The value of each completion set of a block (bit j: completion j, worth at[j])."""
    cv = array("q", bytes(8 * len(block)))
    for i in range(len(block)):
        cb = block[i]
        best = 0
        j = 0
        while cb:
            if cb & 1 and at[j] > best:
                best = at[j]
            cb >>= 1
            j += 1
        cv[i] = best
    return cv


def _vmax(a, b, n):
    """a = max(a, b) over the first n rows."""
    for q in range(n):
        if b[q] > a[q]:
            a[q] = b[q]


def _addw(a, b, w, n):
    """a += w * b over the first n rows."""
    for q in range(n):
        a[q] += w * b[q]


def solve(solver, ctx):
    """Solve a context with spells or clues; memoise its vector at every clue level 0..c."""
    g, y, r, held, f, s, c = ctx
    dag = Dag(solver, ctx)
    # the successors first, with nothing of this DAG built but its nodes; solve is one of the two
    # Python frames a context costs on the way down (the firmware's C stack is 10 KB)
    val = solver._val
    for cx in dag.successors():
        val(cx)
    if solver.lean:
        solver.drop_caches()        # what the successors' solves left: the tables need the heap
    dag.prepare()
    if solver.lean:
        solver.drop_caches()        # the nodes compiled for the signatures are done with
    n = solver.nstates
    empty = solver.empty_state
    acc = [[0] * n for _ in range(c + 1)]
    for st in range(n):
        if st == empty:
            continue
        sums = dag.level_values(st)
        for k in range(c + 1):
            acc[k][st] = sums[k]
    dag.release()
    dag = None
    den = 6 ** (g + y + r)
    half = den // 2
    for k in range(c + 1):
        v = [(a + half) // den for a in acc[k]]
        v[empty] = ONE
        cx = (g, y, r, held, f, s, k)
        if k == c or solver.known(cx) is None:
            solver.store(cx, v)
