"""The exact solver: the probability of completing an adventure under optimal play.

State: the tasks still to do, the pool (green count, yellow, red), the dice held aside (by face),
focus, spell and clue uses left. After each roll the player may complete one allowed task with a
minimal way (see matching), spend a clue to reroll any subset of the dice just rolled, hold a die
with a spell, or fail the roll: terror effect, set aside one die, then optionally focus another.

The work is organised by *context* (pool, held dice, uses left): for one context every roll multiset
of the pool is enumerated once and matched once, and the result serves every set of remaining tasks
at the same time (values are vectors over task sets). Faces that the card cannot tell apart are
merged into classes first (a card without Investigation symbols sees I1..I4 as one blank face), which
shrinks the rolls to enumerate without changing any sum. Values are fixed point (fixed.py): a
context's value is round(sum over rolls of weight * best option / 6^dice), rounded once.
"""

from array import array

from ..errors import KernelError
from .dice import (GREEN, YELLOW, RED, DIE_FACES, INV_VALUE, FACE_SYMBITS, TERROR, WILD, NFACES)
from .fixed import ONE
from .matching import minimal_face_sets, allowed_tasks
from .situation import TERROR_NONE, TERROR_FAIL, TERROR_NAMES


def state_index(solver, done_mask):
    """The index in solver.state_done (either backend's solver) of a set of completed tasks (bit t
    set: task t done)."""
    if done_mask < 0 or done_mask > (1 << solver.ntasks) - 1:
        raise KernelError("state", "no such tasks done: %d" % done_mask)
    for i in range(solver.nstates):
        if solver.state_done[i] == done_mask:
            return i
    raise KernelError("state", "on an ordered card only the first tasks can be done")

class ShardedMemo:
    """A dict split over SHARDS small dicts by key hash: the same get / [] / in / iteration, but no
    one table grows into a large contiguous block (on the board's heap, a memo of a thousand
    contexts would need a 32 KB hash table in one piece, which a fragmented heap cannot give)."""

    SHARDS = 32

    def __init__(self):
        self.shards = [{} for _ in range(self.SHARDS)]

    def _shard(self, key):
        return self.shards[hash(key) & (self.SHARDS - 1)]

    def get(self, key, default=None):
        return self._shard(key).get(key, default)

    def __getitem__(self, key):
        return self._shard(key)[key]

    def __setitem__(self, key, value):
        self._shard(key)[key] = value

    def __contains__(self, key):
        return key in self._shard(key)

    def __len__(self):
        return sum([len(d) for d in self.shards])

    def __iter__(self):
        for d in self.shards:
            for key in d:
                yield key


def _factorials(n):
    f = [1]
    for i in range(1, n + 1):
        f.append(f[-1] * i)
    return f


class Solver:
    """Exact optimal-play values for one card under one terror effect and sanity/stamina limits.

    Values are memoised by context for the solver's lifetime, so one Solver answers every pool,
    focus, spell and clue count up to the largest asked, and advice reuses them. Memory is bounded
    by the contexts below the largest asked, (green+1)(yellow+1)(red+1) pools times the held-dice
    multisets times the uses left, one vector of `nstates` values each (plus, with clues, one table
    over the partial rolls of a pool per clue context). The C core holds the same in one workspace.
    """

    def __init__(self, card, terror=TERROR_NONE, sanity=0, stamina=0, lean=False):
        # lean: keep no per-task shifted copies of the value vectors (less heap for the board,
        # a little more time per roll); the values are the same either way
        self.lean = lean
        self.card = card
        self.terror = terror
        self.sanity = sanity
        self.stamina = stamina
        self.ntasks = len(card.tasks)
        self._setup_states(sanity, stamina)
        self._setup_classes()
        self.face_sets = [minimal_face_sets(t) for t in card.tasks]
        self._memo = ShardedMemo() if lean else {}
        self._shift = {}
        self.pairs = 0          # (context, roll) pairs evaluated: the work counter
        self.contexts = 0       # contexts solved
        # called as progress(pairs) every 64 pairs when set (the board shows a long solve and lets
        # the player cancel it by raising from here; the host draws a bar of contexts solved)
        self.progress = None

    # ----- setup -----------------------------------------------------------------------------

    def _setup_states(self, sanity, stamina):
        """Task sets as state indices; for each task, the (state, next state) pairs that allow it."""
        n = self.ntasks
        card = self.card
        if card.ordered:
            # state i: tasks i.. remain; state n: none
            self.state_done = [((1 << i) - 1) for i in range(n + 1)]
        else:
            self.state_done = [((1 << n) - 1) ^ m for m in range(1 << n)]
        self.nstates = len(self.state_done)
        index = {}
        for i in range(self.nstates):
            index[self.state_done[i]] = i
        self.full_state = index[0]
        self.empty_state = index[(1 << n) - 1]
        self.allowed = [[] for _ in range(n)]
        for i in range(self.nstates):
            done = self.state_done[i]
            if i == self.empty_state:
                continue
            for t in allowed_tasks(card, done, sanity, stamina):
                self.allowed[t].append((i, index[done | (1 << t)]))

    def _setup_classes(self):
        """Merge faces this card cannot tell apart; each class is (representative face, weight)."""
        inv_max = 0
        symbits = 0
        for t in self.card.tasks:
            for v in t.inv:
                if v > inv_max:
                    inv_max = v
            for b in t.faces:
                symbits |= b
        if self.terror != TERROR_NONE:
            symbits |= 4

        def feature(face):
            inv = INV_VALUE[face]
            if inv > inv_max:
                inv = inv_max
            return (inv, FACE_SYMBITS[face] & symbits, face == WILD)

        # rep[face]: the lowest face with the same feature; classes per colour as (rep, weight)
        self.rep = [0] * NFACES
        for face in range(NFACES):
            for other in range(face + 1):
                if feature(other) == feature(face):
                    self.rep[face] = other
                    break
        self.classes = []
        for colour in (GREEN, YELLOW, RED):
            cls = []
            for face in DIE_FACES[colour]:
                rep = self.rep[face]
                for k in range(len(cls)):
                    if cls[k][0] == rep:
                        cls[k] = (rep, cls[k][1] + 1)
                        break
                else:
                    cls.append((rep, 1))
            self.classes.append(cls)

    def _green_rolls(self, g, faces):
        """Yield the weight of every multiset of g green dice over the classes, writing its face
        counts into `faces` (reused: callers must not keep it). Nothing is cached, so the board's
        heap holds one roll at a time."""
        cls = self.classes[GREEN]
        k = len(cls)
        fact = _factorials(g)
        counts = [0] * k
        counts[0] = g
        while True:
            w = fact[g]
            for i in range(k):
                faces[cls[i][0]] = counts[i]
                w = w // fact[counts[i]] * cls[i][1] ** counts[i]
            yield w
            # next composition of g into k parts (first part decreasing)
            j = k - 2
            while j >= 0 and counts[j] == 0:
                j -= 1
            if j < 0:
                return
            counts[j] -= 1
            rest = counts[k - 1] + 1
            counts[k - 1] = 0
            counts[j + 1] = rest

    # ----- values ----------------------------------------------------------------------------

    def value(self, green, yellow, red, focus=0, spells=0, clues=0, held=()):
        """The value (fixed point) of facing the whole card with this pool before the first roll."""
        return self.values((green, yellow, red, tuple(sorted(held)), focus, spells, clues))[self.full_state]

    def values(self, ctx):
        """The value vector over task-set states of a context (g, y, r, held, focus, spells, clues)."""
        key = memo_key(ctx) if self.lean else ctx
        v = self._memo.get(key)
        if v is None:
            v = self._solve(ctx)
            if self.lean:
                # 8 bytes a value on every runtime (a list of ints would hold one 48-bit long int
                # object per value on a board with 31-bit small ints: about 36 bytes)
                v = array("q", v)
            self._memo[key] = v
            self.contexts += 1
        return v

    def estimate(self, ctx):
        """What answering ctx may cost (budget.Estimate), from the same formulas as the C core."""
        # imported here: only the host asks for estimates, and the board's heap (a custom card's
        # solve fits 96 KB) has no room for budget.py's code
        from . import budget
        g, y, r, held, f, s, c = ctx
        lim = budget.limits_of(g, y, r, len(held), f, s, c)
        budget.check_limits(lim)
        return budget.estimate(budget.shape_of(self), lim, 1, held)

    def reserve(self, ctx):
        """Nothing to size in advance here (the C backend's twin sizes its workspace)."""
        return None

    def forget(self):
        """Drop every solved context: after a MemoryError the host frees what the solve held
        before it reports the error (the values are solved again if asked again)."""
        self._memo = ShardedMemo() if self.lean else {}
        self._shift = {}

    def _solve(self, ctx):
        g, y, r, held, f, s, c = ctx
        n = self.nstates
        if g + y + r == 0:
            v = [0] * n
            v[self.empty_state] = ONE
            return v
        acc = [0] * n
        ycls = self.classes[YELLOW] if y else ((-1, 1),)
        rcls = self.classes[RED] if r else ((-1, 1),)
        gfaces = [0] * NFACES
        for gw in self._green_rolls(g, gfaces):
            for yf, yw in ycls:
                for rf, rw in rcls:
                    w = gw * yw * rw
                    wv = self.roll_values(ctx, gfaces, yf, rf)
                    for i in range(n):
                        acc[i] += w * wv[i]
        den = 6 ** (g + y + r)
        half = den // 2
        v = [(a + half) // den for a in acc]
        v[self.empty_state] = ONE
        return v

    def _shifted(self, ctx, t):
        """For task t, the vector whose entry for state i is the value after completing t from i."""
        key = (ctx, t)
        vec = self._shift.get(key)
        if vec is None:
            src = self.values(ctx)
            vec = [0] * self.nstates
            for i, j in self.allowed[t]:
                vec[i] = src[j]
            self._shift[key] = vec
        return vec

    def completion_options(self, ctx, gfaces, yf, rf):
        """Distinct (task, successor context) pairs reachable by completing a task with this roll."""
        g, y, r, held, f, s, c = ctx
        hcount = [0] * NFACES
        for face in held:
            hcount[face] += 1
        avail = list(gfaces)
        if yf >= 0:
            avail[yf] += 1
        if rf >= 0:
            avail[rf] += 1
        for face in held:
            avail[face] += 1
        out = []
        for t in range(self.ntasks):
            if not self.allowed[t]:
                continue
            seen = {}
            for fs in self.face_sets[t]:
                ok = True
                for face, k in fs:
                    if avail[face] < k:
                        ok = False
                        break
                if not ok:
                    continue
                self._collect(fs, 0, gfaces, yf, rf, hcount, 0, 0, 0, [], seen)
            for gu, yu, ru, hu in seen:
                rest = list(held)
                for face in hu:
                    rest.remove(face)
                out.append((t, (g - gu, y - yu, r - ru, tuple(rest), f, s, c)))
        return out

    def _collect(self, fs, i, gfaces, yf, rf, hcount, gu, yu, ru, hu, seen):
        """Every split of face multiset fs[i:] among green, yellow, red and held dice."""
        if i == len(fs):
            seen[(gu, yu, ru, tuple(sorted(hu)))] = True
            return
        face, k = fs[i]
        top_y = 1 if yf == face else 0
        top_r = 1 if rf == face else 0
        hc = hcount[face]
        if not (top_y or top_r or hc):
            self._collect(fs, i + 1, gfaces, yf, rf, hcount, gu + k, yu, ru, hu, seen)
            return
        for b in range(top_y + 1):
            for cc in range(top_r + 1):
                left = k - b - cc
                if left < 0:
                    continue
                for d in range((hc if hc < left else left) + 1):
                    if left - d <= gfaces[face]:
                        self._collect(fs, i + 1, gfaces, yf, rf, hcount, gu + left - d, yu + b,
                                      ru + cc, hu + [face] * d if d else hu, seen)

    def fail_candidates(self, ctx, gfaces, yf, rf):
        """Successor contexts of failing this roll (set aside one die, maybe focus another).

        Returns None when failing loses the adventure outright; an empty pool afterwards is a
        context whose value is 0.
        """
        g, y, r, held, f, s, c = ctx
        gf = gfaces
        if self.terror != TERROR_NONE and gfaces[TERROR]:
            if self.terror == TERROR_FAIL:
                return None
            gf = list(gfaces)
            g = g - gf[TERROR]
            gf[TERROR] = 0
        out = []
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
            out.append((g1, y1, r1, held, f, s, c))
            if f == 0:
                continue
            # focus one more die of what is left of the roll
            # (a green die set aside is any green die other than the focused one)
            for face in range(NFACES):
                if gf[face] and g1 > 0:
                    out.append((g1 - 1, y1, r1, _add(held, face), f - 1, s, c))
            if y1 and yf >= 0:
                out.append((g1, 0, r1, _add(held, yf), f - 1, s, c))
            if r1 and rf >= 0:
                out.append((g1, y1, 0, _add(held, rf), f - 1, s, c))
        return out

    def roll_values(self, ctx, gfaces, yf, rf):
        """The best value after this roll, for every task-set state (a vector)."""
        self.pairs += 1
        if self.progress is not None and not self.pairs & 63:
            self.progress(self.pairs)
        n = self.nstates
        fails = self.fail_candidates(ctx, gfaces, yf, rf)
        if fails:
            best = list(self.values(fails[0]))
            for k in range(1, len(fails)):
                best = list(map(max, best, self.values(fails[k])))
        else:
            best = [0] * n
        for t, succ in self.completion_options(ctx, gfaces, yf, rf):
            if self.lean:
                src = self.values(succ)
                for i, j in self.allowed[t]:
                    if src[j] > best[i]:
                        best[i] = src[j]
            else:
                best = list(map(max, best, self._shifted(succ, t)))
        g, y, r, held, f, s, c = ctx
        if s > 0:
            best = self._spell_options(ctx, gfaces, yf, rf, best)
        if c > 0:
            best = list(map(max, best, self._reroll_values(ctx, gfaces, yf, rf)))
        return best

    def _spell_options(self, ctx, gfaces, yf, rf, best):
        g, y, r, held, f, s, c = ctx
        for face in range(NFACES):
            if gfaces[face]:
                gf = list(gfaces)
                gf[face] -= 1
                sub = (g - 1, y, r, _add(held, face), f, s - 1, c)
                best = list(map(max, best, self.roll_values(sub, gf, yf, rf)))
        if yf >= 0:
            sub = (g, 0, r, _add(held, yf), f, s - 1, c)
            best = list(map(max, best, self.roll_values(sub, gfaces, -1, rf)))
        if rf >= 0:
            sub = (g, y, 0, _add(held, rf), f, s - 1, c)
            best = list(map(max, best, self.roll_values(sub, gfaces, yf, -1)))
        return best

    def state_index(self, done_mask):
        """The state index of a set of completed tasks (bit t set: task t done)."""
        return state_index(self, done_mask)

    def keep_value(self, ctx, gfaces, unrolled_green, yf, rf):
        """E[best value with one clue fewer] when the dice not kept are rerolled (a vector).

        gfaces: the kept green dice by representative face; yf/rf: the kept yellow/red face, or -1
        when that die (if in the pool) is rerolled. ctx must have at least one clue.
        """
        tables = self._memo.get(("reroll", ctx))
        if tables is None:
            tables = ({}, {})
            self._memo[("reroll", ctx)] = tables
        return self._expect(ctx, (tuple(gfaces), unrolled_green, yf, rf), tables)

    # ----- clue rerolls ----------------------------------------------------------------------

    def _reroll_values(self, ctx, gfaces, yf, rf):
        """Best over every kept subset K of the roll of E[value with one clue fewer | keep K]."""
        tables = self._memo.get(("reroll", ctx))
        if tables is None:
            tables = ({}, {})
            self._memo[("reroll", ctx)] = tables
        key = (tuple(gfaces), 0, yf, rf)
        return self._best_keep(ctx, key, tables)

    def _best_keep(self, ctx, key, tables):
        best_tab = tables[1]
        got = best_tab.get(key)
        if got is not None:
            return got
        best = self._expect(ctx, key, tables)
        gfaces, ug, yf, rf = key
        for face in range(NFACES):
            if gfaces[face]:
                gf = list(gfaces)
                gf[face] -= 1
                best = list(map(max, best, self._best_keep(ctx, (tuple(gf), ug + 1, yf, rf), tables)))
        if yf >= 0:
            best = list(map(max, best, self._best_keep(ctx, (gfaces, ug, -1, rf), tables)))
        if rf >= 0:
            best = list(map(max, best, self._best_keep(ctx, (gfaces, ug, yf, -1), tables)))
        best_tab[key] = best
        return best

    def _expect(self, ctx, key, tables):
        """E(K) = round(N(K) / 6^u) for partial roll K (yf/rf -1 = unrolled when in the pool)."""
        g, y, r, held, f, s, c = ctx
        gfaces, ug, yf, rf = key
        u = ug + (1 if (y and yf < 0) else 0) + (1 if (r and rf < 0) else 0)
        num = self._numer(ctx, key, tables)
        if u == 0:
            return num
        den = 6 ** u
        half = den // 2
        return [(a + half) // den for a in num]

    def _numer(self, ctx, key, tables):
        """N(K): the exact sum over outcomes of the unrolled dice of weight * value (clues - 1)."""
        num_tab = tables[0]
        got = num_tab.get(key)
        if got is not None:
            return got
        g, y, r, held, f, s, c = ctx
        gfaces, ug, yf, rf = key
        if ug > 0:
            col, cls = GREEN, self.classes[GREEN]
        elif y and yf < 0:
            col, cls = YELLOW, self.classes[YELLOW]
        elif r and rf < 0:
            col, cls = RED, self.classes[RED]
        else:
            out = self.roll_values((g, y, r, held, f, s, c - 1), list(gfaces), yf, rf)
            num_tab[key] = out
            return out
        out = [0] * self.nstates
        for face, w in cls:
            if col == GREEN:
                gf = list(gfaces)
                gf[face] += 1
                sub = (tuple(gf), ug - 1, yf, rf)
            elif col == YELLOW:
                sub = (gfaces, ug, face, rf)
            else:
                sub = (gfaces, ug, yf, face)
            part = self._numer(ctx, sub, tables)
            for i in range(self.nstates):
                out[i] += w * part[i]
        num_tab[key] = out
        return out


def memo_key(ctx):
    """A lean solver's memo key: the context as one small int (28 bits: the board keeps no tuples
    per context), the oddstable's context_key; a context holding more than 4 dice keeps its tuple."""
    g, y, r, held, f, s, c = ctx
    if len(held) > 4:
        return ctx
    code = 0
    for face in held:
        code = code * 9 + face + 1
    return g | (y << 4) | (r << 5) | (f << 6) | (s << 9) | (c << 12) | (code << 15)


def _add(held, face):
    return tuple(sorted(held + (face,)))


def situation_value(solver, situation):
    """The value (fixed point) of `situation` from a solver built for its limits (terror, sanity,
    stamina): the Situation face of `Solver.value`, for this kernel Solver and the C core's twin."""
    if situation.limits() != (solver.terror, solver.sanity, solver.stamina):
        raise KernelError("option", "this solver is for terror %s, sanity %d, stamina %d; the situation "
                          "asks for %s, %d, %d" % ((TERROR_NAMES[solver.terror], solver.sanity, solver.stamina)
                                                    + (TERROR_NAMES[situation.terror], situation.sanity,
                                                       situation.stamina)))
    return solver.value(situation.green, situation.yellow, situation.red, situation.focus,
                        situation.spells, situation.clues)


def solve(card, situation):
    """The fixed-point probability of completing `card` from `situation` under optimal play."""
    return situation_value(Solver(card, situation.terror, situation.sanity, situation.stamina), situation)
