"""The options of a roll, for the solver (a base class of solver.Solver, in a module of its own so
the board compiles and holds less at a time): failing, completing a task, the contexts they lead
to, and a context without spells or clues solved by weighing (needs held, fail key) pairs.

The weights of those pairs: when the green tables (rolls.Green) are built, one pass over the
pool's green multisets; otherwise (the host's plain question builds none) class by class, partial
rolls that agree on what the key reads merged (classweights.py): fewer states than rolls, and no
tables to build for a small question.

Fail keys. Failing depends on the roll only through the green faces focus may hold and the Terror
dice: fail_key_maker gives the bit set of green classes present (with focus left; without the
Terror class when Terror dice are discarded) plus 64 * the Terror dice (Terror fails: 64 if any).
fail_parts gives the vectors failing chooses among (the die set aside maxed out): no focus, each
green class focused, each yellow or red face focused; a roll's fail vector is the max of those its
key allows.
"""

from array import array

from .dice import GREEN, YELLOW, RED
from .fixed import ONE
from .rolls import FIELD, completions, _binom
from .situation import TERROR_FAIL, TERROR_DISCARD

CHUNK = 16          # rows or keys between two counts of the solver's work (Solver.beat)


class RollOptions:
    """Mixed into solver.Solver: what a roll of a context offers, and the plain solve."""

    def _solve_plain(self, ctx):
        """A context without spells or clues: the weight of each (needs held, fail key) pair over
        the green rolls (classweights.roll_weights, or one pass over the green tables when built);
        then per (yellow, red) block each pair's best vector, from its completions (the block's
        candidates whose needs it holds) and its fail vector."""
        g, y, r, held, f, s, c = ctx
        nd = self.node(g, y, r, held)
        val = self._val
        for cx in self.successors(ctx, nd):
            val(cx)
        # one block (no yellow or red die): the completions themselves tell rolls apart, fewer
        # than the needs they hold (a smaller dict in the board's heap)
        one = nd.blocks[0] if len(nd.blocks) == 1 else None
        gr = self._green
        if (gr is None or gr.top < g) and self._class_weights is None:
            gr = self.green(g)      # the board: tables, not classweights.py's code, in its heap
        if gr is not None and gr.top >= g:
            # the green tables are there (the board, spells and clues build them): reading each
            # multiset costs less than building the class-by-class states for the small pools
            weights = self.read_roll_weights(gr, g, nd.reqs, f, one)
        else:
            weights = self._class_weights(self, g, nd.reqs, f, one)
        # the (context, roll) pairs this stands for, as if every green multiset had been read
        self.tick(_binom(g + self.m - 1, self.m - 1) * len(nd.blocks))
        # in order of fail key: one fail vector at a time (the board's heap)
        keys = list(weights)
        keys.sort(key=_low10)
        succ = [None] * len(nd.comps)
        comp = {}
        green_fail = {}
        lean = self.lean
        n = self.nstates
        acc = [0] * n
        nkeys = len(keys)
        # the work of a chunk of keys for Solver.beat, and of a fail vector or a completion
        # vector made in it
        steps = CHUNK * (5 * n + 16)
        fail_steps = 12 * n + 30
        comp_steps = 4 * len(nd.reqs) + 8 * len(nd.comps) + 3 * n + 30
        extra = 0
        for yf, rf, bw, cands, always in nd.blocks:
            by_sat = {}
            last = -1
            fv = None
            for k0 in range(0, nkeys, CHUNK):
                for k in range(k0, k0 + CHUNK if k0 + CHUNK < nkeys else nkeys):
                    key = keys[k]
                    fk = key & 1023
                    if fk != last:
                        fv = green_fail.get(fk)
                        if fv is None:
                            fv = self.fail_vec(ctx, -1, -1, fk)
                            if lean:
                                fv = array("q", fv)
                            green_fail[fk] = fv
                        fy = self.focus_coloured(ctx, yf, rf, fk >> 6)
                        if fy is not None:
                            fv = _vmax_new(None, fv, n)
                            _vmax_into(fv, fy, n)
                        last = fk
                        extra += fail_steps
                    sat = key >> 10
                    cv = by_sat.get(sat)
                    if cv is None:
                        cb = sat if one is not None else completions(cands, always, sat)
                        cv = comp.get(cb)
                        if cv is None:
                            cv = self.comp_vec(ctx, nd.comps, cb, succ)
                            if lean:
                                cv = array("q", cv)     # no long-int object per value on the board
                            comp[cb] = cv
                        by_sat[sat] = cv
                        extra += comp_steps
                    w = weights[key] * bw
                    for i in range(n):
                        a = fv[i]
                        b = cv[i]
                        acc[i] += w * (a if a > b else b)
                self.beat(steps + extra)
                extra = 0
        den = 6 ** (g + y + r)
        half = den // 2
        v = [(a + half) // den for a in acc]
        v[self.empty_state] = ONE
        return v

    def read_roll_weights(self, gr, g, reqs, f, one=None):
        """classweights.roll_weights from the green tables gr: every green multiset of g dice read
        once; with `one` (the only block of a context without yellow or red die), keyed by the
        completions of that block instead of the needs held."""
        pk = gr.pk
        wt = gr.wt
        guard = gr.guard
        fkq = self.fail_keys(f, gr)
        # a roll's completions found per roll when the fail key tells most rolls apart; when it is
        # the same for every roll, once per needs-held set (few) after the pass
        per_roll = one if fkq is not None else None
        weights = {}
        lo = gr.goff[g]
        hi = gr.goff[g + 1]
        # in chunks of CHUNK rows, each counted as the solver's steps (progress on a long solve)
        steps = CHUNK * (3 * len(reqs) + 8 + (3 * len(one[3]) + 5 if per_roll is not None else 0))
        for q0 in range(lo, hi, CHUNK):
            for q in range(q0, q0 + CHUNK if q0 + CHUNK < hi else hi):
                gp = pk[q]
                sat = 0
                bit = 1
                for req in reqs:
                    if (gp - req) & guard == guard:
                        sat |= bit
                    bit <<= 1
                if per_roll is not None:
                    sat = completions(per_roll[3], per_roll[4], sat)
                key = (sat << 10) | fkq[q] if fkq is not None else sat << 10
                weights[key] = weights.get(key, 0) + wt[q]
            self.beat(steps)
        if one is not None and per_roll is None:
            merged = {}
            for key in weights:
                key2 = completions(one[3], one[4], key >> 10) << 10
                merged[key2] = merged.get(key2, 0) + weights[key]
            weights = merged
        return weights

    def fail_keys(self, f, gr):
        """The fail key of every green multiset for contexts with (f > 0) or without focus left, an
        array by green key (None: every roll fails alike); kept with the green tables."""
        fkm = self.fail_key_maker(f)
        if fkm is None:
            return None
        kind = 1 if f else 0
        got = gr.fkq[kind]
        if got is None:
            n = len(gr.pk)
            got = bytearray(n) if self.terror != TERROR_DISCARD else array("H", bytes(2 * n))
            pm = gr.pm
            pk = gr.pk
            for q in range(n):
                got[q] = fkm(pm[q], pk[q])
            self.beat(6 * n)        # at most 3,003 multisets (8 green dice, 6 classes)
            gr.fkq[kind] = got
        return got

    def focus_coloured(self, ctx, yf, rf, tc):
        """The best of failing with the yellow die (face yf) or the red die (rf) focused, tc Terror
        dice discarded; None when neither can be."""
        if not ctx[4] or (tc and self.terror == TERROR_FAIL):
            return None
        base, green, yellow, red = self.fail_parts(ctx, tc)
        a = yellow.get(yf) if yellow is not None and yf >= 0 else None
        b = red.get(rf) if red is not None and rf >= 0 else None
        if a is None:
            return b
        if b is None:
            return a
        return _vmax_new(_vmax_new(None, a, len(a)), b, len(a))

    def successors(self, ctx, nd):
        """Every context a roll of ctx can lead to by failing or completing a task (a generator:
        no list of them is held while each is solved). Solving them before anything of ctx is
        built keeps the board's heap for one context's work at a time, and the recursion shallow
        (the firmware's C stack is 10 KB): a context costs two Python frames on the way down,
        _val and its solve."""
        g, y, r, held, f, s, c = ctx
        for tc in range(g + 1 if self.terror == TERROR_DISCARD else 1):
            g0 = g - tc
            for aside in (GREEN, YELLOW, RED):
                g1, y1, r1 = g0, y, r
                if aside == GREEN:
                    if g1 == 0:
                        continue
                    g1 -= 1
                elif aside == YELLOW:
                    if not y1:
                        continue
                    y1 = 0
                else:
                    if not r1:
                        continue
                    r1 = 0
                yield (g1, y1, r1, held, f, s, c)
                if f == 0:
                    continue
                if g1 > 0:
                    for face in self.gface:
                        yield (g1 - 1, y1, r1, self.add_held(held, face), f - 1, s, c)
                if y1:
                    for face, _ in self.classes[YELLOW]:
                        yield (g1, 0, r1, self.add_held(held, face), f - 1, s, c)
                if r1:
                    for face, _ in self.classes[RED]:
                        yield (g1, y1, 0, self.add_held(held, face), f - 1, s, c)
        for t, gu, yu, ru, rest in nd.comps:
            yield (g - gu, y - yu, r - ru, rest, f, s, c)

    # ----- the options of a roll -------------------------------------------------------------

    def fail_key_maker(self, f):
        """A function (present classes, packed green dice) -> fail key (< 1024), or None when failing
        is the same whatever the roll (no focus left, no terror effect).

        The key is the bit set of green classes focus may hold (with focus left; without the Terror
        class when Terror dice are discarded) plus 64 * the Terror dice (Terror fail: 1 if any)."""
        tcls = self.tcls
        if tcls < 0:
            if f == 0:
                return None
            return lambda pm, gp: pm
        shift = FIELD * tcls
        tbit = 1 << tcls
        if self.terror == TERROR_FAIL:
            if f == 0:
                return lambda pm, gp: 64 if (gp >> shift) & 15 else 0
            return lambda pm, gp: 64 if (gp >> shift) & 15 else pm
        if f == 0:
            return lambda pm, gp: ((gp >> shift) & 15) << 6
        return lambda pm, gp: (((gp >> shift) & 15) << 6) | (pm & ~tbit)

    def fail_vec(self, ctx, yf, rf, fk):
        """The best of failing a roll with fail key fk in a block (yf, rf) of context ctx: set a die
        aside (after the terror effect), maybe focus one more (a new list)."""
        tc = fk >> 6
        if tc and self.terror == TERROR_FAIL:
            return list(self.zeros)
        base, green, yellow, red = self.fail_parts(ctx, tc)
        best = list(base)
        if ctx[4]:
            n = len(best)
            v = yellow.get(yf) if yellow is not None else None
            if v is not None:
                _vmax_into(best, v, n)
            v = red.get(rf) if red is not None else None
            if v is not None:
                _vmax_into(best, v, n)
            pm = fk & 63
            j = 0
            while pm:
                if pm & 1 and green[j] is not None:
                    _vmax_into(best, green[j], n)
                pm >>= 1
                j += 1
        return best

    def fail_parts(self, ctx, tc):
        """The vectors failing chooses among, maxed over the die set aside: (no focus, per green
        class focused, per yellow face focused, per red face focused); tc Terror dice discarded.

        A green die set aside is any green die other than the focused one, so a green focus needs a
        green die left after the aside (fail_candidates' rule); None where no aside allows it."""
        key = (ctx, tc)
        got = self._fparts.get(key)
        if got is not None:
            return got
        g, y, r, held, f, s, c = ctx
        g -= tc
        val = self._val
        n = self.nstates
        base = None
        green = [None] * self.m if f else None
        yellow = {} if f and y else None
        red = {} if f and r else None
        for aside in (GREEN, YELLOW, RED):
            g1, y1, r1 = g, y, r
            if aside == GREEN:
                if g1 == 0:
                    continue
                g1 -= 1
            elif aside == YELLOW:
                if not y1:
                    continue
                y1 = 0
            else:
                if not r1:
                    continue
                r1 = 0
            base = _vmax_new(base, val((g1, y1, r1, held, f, s, c)), n)
            if f == 0:
                continue
            if g1 > 0:
                for j in range(self.m):
                    green[j] = _vmax_new(green[j], val((g1 - 1, y1, r1, self.add_held(held, self.gface[j]),
                                                        f - 1, s, c)), n)
            if y1:
                for face, _ in self.classes[YELLOW]:
                    yellow[face] = _vmax_new(yellow.get(face), val((g1, 0, r1, self.add_held(held, face),
                                                                    f - 1, s, c)), n)
            if r1:
                for face, _ in self.classes[RED]:
                    red[face] = _vmax_new(red.get(face), val((g1, y1, 0, self.add_held(held, face),
                                                              f - 1, s, c)), n)
        if self.lean:
            # kept as 8-byte arrays: the board's ints above 2^30 are objects of their own
            base = None if base is None else array("q", base)
            if green is not None:
                for j in range(self.m):
                    if green[j] is not None:
                        green[j] = array("q", green[j])
            for d in (yellow, red):
                if d is not None:
                    for face in d:
                        d[face] = array("q", d[face])
        got = (self.zeros if base is None else base, green, yellow, red)
        if len(self._fparts) >= (4 if self.lean else 64):
            self._fparts = {}
        self._fparts[key] = got
        return got

    def comp_vec(self, ctx, comps, cb, succ=None):
        """The best completion of a roll whose completions are bit set cb (zeros where none);
        succ: a list caching each completion's successor vector (or None)."""
        g, y, r, held, f, s, c = ctx
        allowed = self.allowed
        vec = list(self.zeros)
        i = 0
        while cb:
            if cb & 1:
                t, gu, yu, ru, rest = comps[i]
                src = succ[i] if succ is not None else None
                if src is None:
                    src = self._val((g - gu, y - yu, r - ru, rest, f, s, c))
                    if succ is not None:
                        succ[i] = src
                for a, b in allowed[t]:
                    if src[b] > vec[a]:
                        vec[a] = src[b]
            cb >>= 1
            i += 1
        return vec


def _low10(key):
    return key & 1023


def _vmax_into(best, v, n):
    for i in range(n):
        if v[i] > best[i]:
            best[i] = v[i]


def _vmax_new(best, v, n):
    """best (a list, or None: a copy of v) maxed with v."""
    if best is None:
        return list(v)
    _vmax_into(best, v, n)
    return best
