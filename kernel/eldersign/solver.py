"""The exact solver: the probability of completing an adventure under optimal play.

State: the tasks still to do, the pool (green count, yellow, red), the dice held aside (by face),
focus, spell and clue uses left. After each roll the player may complete one allowed task with a
minimal way (see matching), spend a clue to reroll any subset of the dice just rolled, hold a die
with a spell, or fail the roll: terror effect, set aside one die, then optionally focus another.

The work is organised by *context* (pool, held dice, uses left): for one context every roll multiset
of the pool is enumerated once, and the result serves every set of remaining tasks at the same time
(values are vectors over task-set states). Faces that the card cannot tell apart are merged into
classes first (a card without Investigation symbols sees I1..I4 as one blank face), which shrinks
the rolls to enumerate without changing any sum. Values are fixed point (fixed.py): a context's
value is round(sum over rolls of weight * best option / 6^dice), rounded once.

How a roll is evaluated cheaply (the hot path):
  - green multisets are packed 5 bits a class with a guard bit, so "the roll has at least these
    green dice" is one subtraction and one mask (SWAR: no borrow crosses a field);
  - for each (yellow face, red face) block of a context, the ways to complete a task are compiled
    once into (green dice needed, successor) candidates: a roll's completions are the candidates
    its green dice cover, as a bit set `cb` over the context's distinct (task, successor) pairs;
  - failing depends on the roll only through the faces present (what focus can hold) and the
    Terror dice: a small key `fk`;
  - a roll's best vector is max(fail vector of fk, completion vector of cb), each computed once per
    context, so a context without spells or clues only sums the weight of each (fk, cb) pair.
Contexts with spells or clues need every roll's value (a spell holds a die of that roll, a clue
rerolls part of it): tables.py solves them by slices of rolls in bounded memory.
"""

from array import array

from ..errors import KernelError
from .dice import (GREEN, YELLOW, RED, DIE_FACES, INV_VALUE, FACE_SYMBITS, TERROR, WILD, NFACES)
from .fixed import ONE
from .matching import minimal_face_sets, allowed_tasks
from .rolls import FIELD, Green, Node, block_ways
from .options import RollOptions
from .situation import TERROR_NONE, TERROR_NAMES

# Progress between pairs. Much of a solve evaluates no (context, roll) pair: the green tables built,
# a block's (fail key, completions) pairs weighed, vectors maxed, a clue level's sweeps. That work
# is metered in steps (about one line of the solver's Python each, counted per chunk of a loop, not
# per roll) and a progress report is due once BEAT steps have passed without one, so no stretch of
# a solve goes unreported for long: at 16,384 steps the longest stretches measured on the board's
# firmware were 58 M Cortex-M3 instructions (The Curator at 7 green, yellow and red) and 90 M (Lights
# Out's odds with a clue); three quarters of that keeps them within the 89 M between two frames
# that 2 s of a Pico allows (benchmarks/README.md, "The handheld's time").
BEAT = 12288


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


class Solver(RollOptions):
    """Exact optimal-play values for one card under one terror effect and sanity/stamina limits.

    Values are memoised by context for the solver's lifetime, so one Solver answers every pool,
    focus, spell and clue count up to the largest asked, and advice reuses them. Memory is bounded
    by the contexts below the largest asked, (green+1)(yellow+1)(red+1) pools times the held-dice
    multisets times the uses left, one vector of `nstates` values each; a context with spells or
    clues is solved through bounded tables that are dropped when it is done (tables.py). Held dice
    of a face no task can use are left out of a context: it equals the context without them.
    """

    def __init__(self, card, terror=TERROR_NONE, sanity=0, stamina=0, lean=False):
        # lean: the memo as small-int keys and 8-byte arrays in shards (the board's heap); the
        # values are the same either way
        self.lean = lean
        self.card = card
        self.terror = terror
        self.sanity = sanity
        self.stamina = stamina
        self.ntasks = len(card.tasks)
        self._setup_states(sanity, stamina)
        self._setup_classes()
        self.face_sets = [minimal_face_sets(t) for t in card.tasks]
        useful = bytearray(NFACES)
        for sets in self.face_sets:
            for fs in sets:
                for face, _ in fs:
                    useful[face] = 1
        self.useful = useful        # by representative face: some minimal face set has it
        self._memo = ShardedMemo() if lean else {}
        # a plain context's roll weights without the green tables (the host's; the board builds
        # the tables and keeps this module's code out of its heap)
        self._class_weights = None
        if not lean:
            from .classweights import roll_weights
            self._class_weights = roll_weights
        self._green = None
        self.rowpool = None     # rowpool.RowPool of the question in progress
        self._nodes = {}
        self._fparts = {}
        self._fsinfo = None
        self._ways = {}
        self.zeros = [0] * self.nstates
        self.pairs = 0          # (context, roll) pairs evaluated: the work counter
        self.contexts = 0       # contexts solved
        # called as progress(pairs) about every 64 pairs, or BEAT steps of other work, when set (the
        # board shows a long solve and lets the player cancel it by raising from here; the host
        # draws a bar of contexts solved)
        self.progress = None
        self.unreported = 0     # steps of work since the last report (beat)

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
        green = self.classes[GREEN]
        self.m = len(green)
        self.gface = [face for face, _ in green]
        self.gcls = [-1] * NFACES           # green class index of a representative face
        for j in range(self.m):
            self.gcls[green[j][0]] = j
        guard = 0
        for j in range(self.m):
            guard |= 16 << (FIELD * j)
        self.guard = guard
        # the green class of the Terror face when a terror effect reads it, else -1
        self.tcls = self.gcls[TERROR] if self.terror != TERROR_NONE else -1

    def green(self, g):
        """The green multiset tables, covering pools of g green dice."""
        gr = self._green
        if gr is None or gr.top < g:
            gr = Green([w for _, w in self.classes[GREEN]], g if g > 1 else 1, self.beat)
            self._green = gr
        return gr

    def fsinfo(self):
        """The minimal face sets of the tasks that some state allows, as (task, face set, bit set
        of its faces, its green need packed or -1 when a green die cannot show one of its faces,
        its dice): what Node compiles per block."""
        got = self._fsinfo
        if got is None:
            got = []
            for t in range(self.ntasks):
                if not self.allowed[t]:
                    continue
                for fs in self.face_sets[t]:
                    faces = 0
                    greq = 0
                    total = 0
                    for face, k in fs:
                        faces |= 1 << face
                        total += k
                        j = self.gcls[face]
                        if j < 0:
                            greq = -1
                        elif greq >= 0:
                            greq += k << (FIELD * j)
                    got.append((t, fs, faces, greq, total))
            self._fsinfo = got
        return got

    def block_ways(self, yf, rf, held):
        """rolls.block_ways, a few kept."""
        key = (yf, rf, held)
        got = self._ways.get(key)
        if got is None:
            if len(self._ways) >= (4 if self.lean else 128):
                self._ways = {}
            got = block_ways(self, yf, rf, held)
            self._ways[key] = got
            self.beat(50 * len(got) + 10 * len(self._fsinfo))
        return got

    def node(self, g, y, r, held):
        """The Node of a pool and held dice (a few kept: contexts that differ only in their uses
        follow each other in a solve)."""
        key = (g, y, r, held)
        nd = self._nodes.get(key)
        if nd is None:
            if len(self._nodes) >= (4 if self.lean else 32):
                self._nodes = {}
            nd = Node(self, g, y, r, held)
            self._nodes[key] = nd
        return nd

    def norm_held(self, held):
        """Held dice as the solver keeps them: sorted, without faces no task can use."""
        useful = self.useful
        out = []
        for face in held:
            if useful[face]:
                out.append(face)
        out.sort()
        return tuple(out)

    # ----- values ----------------------------------------------------------------------------

    def value(self, green, yellow, red, focus=0, spells=0, clues=0, held=()):
        """The value (fixed point) of facing the whole card with this pool before the first roll."""
        return self.values((green, yellow, red, tuple(held), focus, spells, clues))[self.full_state]

    def values(self, ctx):
        """The value vector over task-set states of a context (g, y, r, held, focus, spells, clues)."""
        g, y, r, held, f, s, c = ctx
        held = self.norm_held(held)
        ctx = (g, y, r, held, f, s, c)
        key = memo_key(ctx) if self.lean else ctx
        v = self._memo.get(key)
        if v is None:
            if self.lean or s or c:
                # the largest tables first, while the heap is in one piece (the board builds them
                # for a plain question too: advice on its rolls reads them next); a plain solve
                # itself reads none (options.roll_weights)
                self.green(g)
            self.solve(ctx)
            v = self._memo[key]
            self.drop_caches()
            self.rowpool = None
        return v

    def drop_caches(self):
        """Forget what only speeds up a solve in progress (nodes, fail vectors): between questions
        the board's heap keeps only the memo."""
        self._nodes = {}
        self._fparts = {}
        self._ways = {}

    def known(self, ctx):
        """The memoised vector of a normalised context, or None."""
        return self._memo.get(memo_key(ctx) if self.lean else ctx)

    def store(self, ctx, v):
        """Memoise the vector of a normalised context."""
        if self.lean:
            # 8 bytes a value on every runtime (a list of ints would hold one 48-bit long int
            # object per value on a board with 31-bit small ints: about 36 bytes)
            v = array("q", v)
        self._memo[memo_key(ctx) if self.lean else ctx] = v
        self.contexts += 1

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
        """Drop every solved context and the bounded caches of compiled pools: after a MemoryError
        the host frees what the solve held before it reports the error (the values are solved again
        if asked again)."""
        self._memo = ShardedMemo() if self.lean else {}
        self._nodes = {}
        self._fparts = {}
        self._ways = {}
        self.rowpool = None

    def solve(self, ctx):
        """Solve a normalised context and memoise its vector (with clues, every level below)."""
        g, y, r, held, f, s, c = ctx
        if g + y + r == 0:
            v = list(self.zeros)
            v[self.empty_state] = ONE
            self.store(ctx, v)
            return
        if s == 0 and c == 0:
            self.store(ctx, self._solve_plain(ctx))
            return
        from . import tables
        tables.solve(self, ctx)

    def tick(self, rows):
        """Count rows evaluated; report progress when a multiple of 64 is crossed."""
        before = self.pairs
        self.pairs = before + rows
        if self.progress is not None and (before >> 6) != (self.pairs >> 6):
            self.unreported = 0
            self.progress(self.pairs)

    def beat(self, steps):
        """Count `steps` of work that evaluates no pairs (see BEAT); report progress, the pairs so
        far, when BEAT steps have passed since the last report. Called once per chunk of a loop."""
        steps += self.unreported
        if steps < BEAT:
            self.unreported = steps
            return
        self.unreported = 0
        if self.progress is not None:
            self.progress(self.pairs)

    def _val(self, ctx):
        """values() of a context already normalised (held dice sorted and useful)."""
        key = memo_key(ctx) if self.lean else ctx
        v = self._memo.get(key)
        if v is None:
            # solve() inlined: one Python frame fewer per context on the way down
            if ctx[0] + ctx[1] + ctx[2] == 0:
                self.solve(ctx)
            elif not (ctx[5] or ctx[6]):
                self.store(ctx, self._solve_plain(ctx))
            else:
                from . import tables
                tables.solve(self, ctx)
            v = self._memo[key]
        return v

    def add_held(self, held, face):
        """held plus one die of `face` (left out when no task can use the face)."""
        if not self.useful[face]:
            return held
        return tuple(sorted(held + (face,)))

    def state_index(self, done_mask):
        """The state index of a set of completed tasks (bit t set: task t done)."""
        return state_index(self, done_mask)

    # ----- one roll, for advice (rollquestions.py: the board imports it only when asked) -----

    def roll_values(self, ctx, gfaces, yf, rf):
        """The best value after this roll, for every task-set state (a vector)."""
        from . import rollquestions
        return rollquestions.roll_values(self, ctx, gfaces, yf, rf)

    def keep_value(self, ctx, gfaces, unrolled_green, yf, rf):
        """E[best value with one clue fewer] when the dice not kept are rerolled (a vector).

        gfaces: the kept green dice by representative face; yf/rf: the kept yellow/red face, or -1
        when that die (if in the pool) is rerolled. ctx must have at least one clue.
        """
        from . import rollquestions
        return rollquestions.keep_value(self, ctx, gfaces, unrolled_green, yf, rf)

    def keep_values_at(self, ctx, gfaces, yf, rf, state):
        """keep_value at one state for every kept part of one roll (gfaces, yf, rf: the whole roll),
        in one sweep per kind of kept part: {(kept green counts by representative face as a tuple,
        1 if the yellow die is kept, 1 if the red die is kept): value}. Advice on a clue reroll
        lists them all; the board asks only for the state the adventure is in."""
        from . import rollquestions
        return rollquestions.keep_values_at(self, ctx, gfaces, yf, rf, state)


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
