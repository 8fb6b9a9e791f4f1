"""SolverBot: the heuristic bot's whole-game play with exact odds and exact roll play (host only).

- Every roll is played optimally: the options of `advice.advise` (the exact solver's value of every
  completion, spell hold, clue reroll and failed roll) are mapped to the game's action codes by
  what they do (advisor.action_values: failing a roll is asked in steps, fail, set aside, keep)
  and the best legal one is taken; a task whose cost the game forbids is not legal, so the next
  best is. The investigator's once-per-roll free reroll is valued as the same reroll with one clue
  more to spend (the clue it does not cost; the solver does not model the ability itself, so the
  value after it is a lower bound).
- The adventure is chosen by expected value: the exact chance of completing the card in its slot
  (monsters' tasks included) with the dice, item dice, focus, assistance, spells and clues the
  investigator would bring, times the value of the reward and the trophy, plus the chance of
  failing times the value of the penalty (value.py documents and tunes the weights; the
  entrance's value is the heuristic bot's). Everything else is the heuristic bot's.

Solvers are built by the backend (`backend.make_solver`; the C core when built) and cached per
(card, terror, sanity, stamina), the oldest dropped past `cache` entries. With a store of solved
tables (tablestore.py: `SolverCache(store=...)`, `eldritch simulate --store`, a sweep's OUT/solved)
every new solver starts from what earlier processes solved for its card, a roll question an
earlier process asked is answered by its stored advice (StoredAdvice, advicestore.py), and `flush`
publishes what this process solved and advised; values are the same integers either way. The bot
reads the game only through bots/observe.py: it never sees the decks' order or a PRNG.
"""

from __future__ import annotations

from collections import OrderedDict

from eldritch.eldersign.advisor import keyed_action_values, keyed_options, action_key
from eldritch.kernel.eldersign.advice import advise, REROLL
from eldritch.kernel.eldersign.adventure import ACT_ROLL, ACT_REROLL, P_DECIDE
from eldritch.kernel.eldersign.game.machine import A_FREEROLL, A_ARG_MASK, A_REACT, REACT_REROLL
from eldritch.kernel.eldersign.dice import NFACES
from eldritch.kernel.eldersign.fixed import ONE
from eldritch.kernel.eldersign.situation import Situation, MAX_USES
from eldritch.kernel.eldersign.solver import situation_value
from eldritch.kernel.eldersign.game.bots import observe as O
from eldritch.kernel.eldersign.game.bots.heuristic import HeuristicBot

NDICE = 3 * NFACES


# attributes a solver sets when it is made and never changes (bound methods included; not the
# lazy properties such as face_sets, which copying would compute for every solver)
_CONSTANTS = ("card", "terror", "sanity", "stamina", "nstates", "ntasks", "empty_state", "full_state", "rep",
              "state_index", "state_done", "ways_for_task")


class MemoSolver:
    """A solver whose answers are remembered: the same context asked again (another decision, another
    game) costs a dict look-up instead of a call into the core (which may also have to rebuild its
    workspace, and lose its own memo, when contexts of different sizes alternate). Every other
    attribute is the wrapped solver's; values are the same integers."""

    def __init__(self, solver, max_entries: int = 200_000):
        self._solver = solver
        self._memo: dict = {}
        self._max = max_entries
        self.advice: dict = {}      # SolverBot's advise answers of this solver (see _advise)
        self.stored_advice = None   # a StoredAdvice when the process has a store (see _advise)
        # the solver's constants read on every roll (advice asks rep, card, state_index... hundreds
        # of times a game), copied once: __getattr__ is Python's slow path, after a failed look-up
        for name in _CONSTANTS:
            got = getattr(solver, name, _CONSTANTS)
            if got is not _CONSTANTS:
                setattr(self, name, got)

    def __getattr__(self, name):
        return getattr(self._solver, name)

    def _remember(self, key, compute):
        got = self._memo.get(key)
        if got is None:
            got = compute()
            if len(self._memo) >= self._max:
                self._memo.clear()
            self._memo[key] = got
        return got

    def value(self, green, yellow, red, focus=0, spells=0, clues=0, held=()):
        return self.values((green, yellow, red, tuple(sorted(held)), focus, spells, clues))[self._solver.full_state]

    def values(self, ctx):
        return self._remember(("v", ctx), lambda: self._solver.values(ctx))

    def roll_values(self, ctx, gfaces, yf, rf):
        return self._remember(("r", ctx, tuple(gfaces), yf, rf), lambda: self._solver.roll_values(ctx, gfaces, yf, rf))

    def keep_value(self, ctx, gfaces, unrolled_green, yf, rf):
        return self._remember(("k", ctx, tuple(gfaces), unrolled_green, yf, rf),
                              lambda: self._solver.keep_value(ctx, gfaces, unrolled_green, yf, rf))

    @property
    def keep_all(self):
        """The wrapped solver's keep_all, remembered per roll (None when it has none: advice then
        asks keep_value per kept part)."""
        inner = getattr(self._solver, "keep_all", None)
        if inner is None:
            return None
        return lambda ctx, gfaces, yf, rf: self._remember(("a", ctx, tuple(gfaces), yf, rf),
                                                         lambda: inner(ctx, gfaces, yf, rf))


class SolverCache:
    """Solvers and chances shared by every SolverBot of a process: exact values do not depend on
    the game, so reusing them across games changes no result, only the time. Solvers are kept
    per (card, terror, sanity, stamina), the least recently used dropped past `max_solvers`;
    chances per (solver key, situation), all dropped past `max_values`."""

    def __init__(self, backend=None, max_solvers: int = 256, max_values: int = 500_000, store=None):
        if backend is None:
            from eldritch.backend import get_backend
            backend = get_backend(notice=False)
        self.backend = backend
        self.max_solvers = max_solvers
        self.max_values = max_values
        self._solvers: OrderedDict = OrderedDict()     # (card number, terror, sanity, stamina) -> solver
        self._values: dict = {}
        self._cards: dict = {}      # id(card) -> (card, costs, key part, card number): see _card
        self._numbers: dict = {}    # key part (card_key's first two) -> card number
        self.built = 0
        self.store = store          # a tablestore.TableStore, or None
        self._advice_new: dict = {}  # advice answered here, to publish: {solver key: {question: pairs}}

    def _card(self, card) -> tuple:
        """(card, sanity cost, stamina cost, key part, card number) of a card object, remembered by
        identity (the entry holds the card, so its id is not reused while it is there): the bot asks
        the same slots' cards thousands of times a game, and building and hashing card_key's nested
        tuples each time cost more than the answers, which are dict look-ups. The card number stands
        for the key part (cards equal by value share it) in the solvers' and chances' keys."""
        got = self._cards.get(id(card))
        if got is None or got[0] is not card:
            part = (tuple((t.inv, t.faces, t.sanity, t.stamina) for t in card.tasks), card.ordered)
            number = self._numbers.get(part)
            if number is None:
                number = self._numbers[part] = len(self._numbers)
            got = (card, sum(t.sanity for t in card.tasks), sum(t.stamina for t in card.tasks), part, number)
            if len(self._cards) >= 4096:
                self._cards.clear()
            self._cards[id(card)] = got
        return got

    @staticmethod
    def limits(card, sanity: int, stamina: int) -> tuple[int, int]:
        """Sanity and stamina limits that give the same values: 0 (no limit) when the limit is above
        every cost the card's tasks add up to (then no task is ever forbidden)."""
        cost_san = sum(t.sanity for t in card.tasks)
        cost_sta = sum(t.stamina for t in card.tasks)
        return (0 if sanity > cost_san else sanity), (0 if stamina > cost_sta else stamina)

    @classmethod
    def card_key(cls, card, terror: int, sanity: int, stamina: int) -> tuple:
        sanity, stamina = cls.limits(card, sanity, stamina)
        return (tuple((t.inv, t.faces, t.sanity, t.stamina) for t in card.tasks), card.ordered,
                terror, sanity, stamina)

    def solver(self, card, terror: int, sanity: int, stamina: int):
        """The solver of card for these limits (the equivalent no-limit solver when they never bind;
        its `sanity` and `stamina` are then 0: build Situations with `limits`)."""
        info = self._card(card)
        if sanity > info[1]:
            sanity = 0
        if stamina > info[2]:
            stamina = 0
        short = (info[4], terror, sanity, stamina)
        s = self._solvers.get(short)
        if s is None:
            key = info[3] + (terror, sanity, stamina)           # card_key's
            inner = self.backend.make_solver(card, terror, sanity, stamina)
            if hasattr(inner, "widen"):
                inner.widen = _widen
            if self.store is not None and hasattr(inner, "export_memo"):
                inner.memo_source, lookup = self._source(key, card, terror, sanity, stamina)
                if hasattr(inner, "memo_lookup"):
                    inner.memo_lookup = lookup
            s = MemoSolver(inner)
            s.store_key = key
            if self.store is not None:
                s.stored_advice = StoredAdvice(self.store, key, card, terror, sanity, stamina, self.backend,
                                               self._advice_new)
            self.built += 1
            self._solvers[short] = s
            if len(self._solvers) > self.max_solvers:
                _, old = self._solvers.popitem(last=False)
                self._publish(old.store_key, old)
        else:
            self._solvers.move_to_end(short)
        return s

    def _source(self, key, card, terror, sanity, stamina):
        """The memo_source and memo_lookup of a new solver: the store's tables of its card, once a
        fresh solve of a sample of them has agreed (TableStore.verify), imported into each of its
        workspaces or read one entry at a time (an entry whose check word fails refuses its
        table, as the core's import does)."""
        store = self.store
        own = []
        verified = []

        def fresh(ctx):
            if not own:             # one solver that reads no store, for the card's samples
                own.append(self.backend.make_solver(card, terror, sanity, stamina))
            return list(own[0].values(ctx))

        kept = [-1, []]             # (store.generation, store.tables) as last asked

        def tables(nstates):
            if not verified:
                verified.append(store.verify(key, nstates, fresh))
            if not verified[0]:
                return []
            if kept[0] != store.generation:
                kept[1] = store.tables(key, nstates)
                kept[0] = store.generation
            return kept[1]

        def source(solver):
            return [(t.count, t.keys, t.checks, t.vals, lambda t=t: store.refuse(key, t))
                    for t in tables(solver.nstates)]

        def lookup(solver, packed):
            nstates = solver.nstates
            for t in tables(nstates):
                got = t.find(packed, nstates)
                if got is False:
                    store.refuse(key, t)
                    return None     # not read on: the caller solves it
                if got is not None:
                    return got
            return None
        return source, lookup

    def _publish(self, key, s) -> None:
        inner = s._solver
        if self.store is None or not hasattr(inner, "take_solved"):
            return
        for count, keys, checks, vals in inner.take_solved():
            self.store.publish(key, inner.nstates, count, keys, checks, vals)

    def flush(self) -> None:
        """Publish to the store what this process's solvers solved since their last publish, and
        the advice they answered (one file)."""
        for s in self._solvers.values():
            self._publish(s.store_key, s)
        if self.store is not None:
            if self._advice_new:
                self.store.publish_advice(self._advice_new)
                self._advice_new.clear()
            self.store.settle()

    def chance(self, card, values: tuple) -> float:
        """The exact chance (a float) of completing card from the Situation of these nine values."""
        info = self._card(card)
        sanity = 0 if values[7] > info[1] else values[7]
        stamina = 0 if values[8] > info[2] else values[8]
        values = values[:7] + (sanity, stamina)
        key = (info[4], values)
        got = self._values.get(key)
        if got is None:
            solver = self.solver(card, values[6], sanity, stamina)
            got = situation_value(solver, Situation(*values)) / ONE
            if len(self._values) >= self.max_values:
                self._values.clear()
            self._values[key] = got
        return got


class SolverBot(HeuristicBot):
    """Exact odds for the adventure choice and every roll; `weights` tunes value.py; `cache` a
    SolverCache shared with other bots (default: a new one on `backend`)."""

    name = "solver"

    def __init__(self, seed: int = 0, weights: dict | None = None, backend=None,
                 cache: SolverCache | None = None):
        super().__init__(seed, weights)
        self.cache = cache if cache is not None else SolverCache(backend)

    # ----- the adventure choice ---------------------------------------------------------------

    _moving = None          # during move(): {inv: (situation_at of some slot, focus)}

    def move(self, g, buf, n):
        """The heuristic's move (every adventure by its exact chance), with situation_at worked out
        once per investigator for the whole decision (see situation_at)."""
        self._moving = {}
        try:
            return super().move(g, buf, n)
        finally:
            self._moving = None

    def situation_at(self, g, s, inv):
        """HeuristicBot.situation_at, the same values: within one move decision (the game does not
        change while it is asked, slot after slot) the fields that do not depend on the slot (the
        dice, items, spells, clues, sanity, stamina: the costly part, which walks the hand) are
        worked out once; the focus with the slot's helpers and the slot's terror are read per slot
        (tests/test_bots.py compares the two on every slot of many games' moves)."""
        memo = self._moving
        if memo is None:
            return super().situation_at(g, s, inv)
        got = memo.get(inv)
        if got is None:
            v = super().situation_at(g, s, inv)
            memo[inv] = (v, O.focus(g))
            return v
        v, focus = got
        return (v[0], v[1], v[2], min(focus + O.helpers_at(g, s, inv), 4), v[4], v[5], O.slot_card(g, s).terror_code,
                v[7], v[8])

    def chance(self, g, s, inv):
        return self.cache.chance(O.slot_adventure(g, s).card, self.situation_at(g, s, inv))

    # ----- rolls ------------------------------------------------------------------------------

    def roll(self, g, buf, n):
        """A roll on the table (or a step of failing it): the legal action of the best exact value
        (advisor.action_values maps advice's options onto the game's actions; the first of equal
        values); the free reroll is valued by free_reroll_values; cards and abilities are the heuristic's
        (use_now, before this is asked)."""
        legal = [buf[i] for i in range(n)]
        if ACT_ROLL in legal:
            return ACT_ROLL
        adv = O.current_adventure(g)
        if adv is None or adv.phase() != P_DECIDE:
            return super().roll(g, buf, n)
        roll = adv.roll_counts
        g_, y_, r_ = _pool_of(roll)
        if g_ + y_ + r_ == 0:
            return super().roll(g, buf, n)
        start = _Limits(adv.sit)
        focus, spells, clues = _capped(adv.uses())
        solver = self.cache.solver(adv.card, start.terror, start.sanity, start.stamina)
        options = _advise(solver, roll, (g_, y_, r_, focus, spells, clues), adv.held, adv.done_mask())
        values = keyed_action_values(adv, O.aside(g), options, legal)
        free = [a for a in legal if A_FREEROLL <= a < A_FREEROLL + A_ARG_MASK]
        if free:
            values.update(self.free_reroll_values(adv, solver, roll, g_, y_, r_, focus, spells, clues, start, free))
        best = None
        for a in legal:
            v = values.get(a)
            if v is not None and (best is None or v > values[best]):
                best = a
        return best if best is not None else super().roll(g, buf, n)


    def offer(self, g, buf, n):
        """An anyroll ability offered after a roll (another player's or one's own): the reroll of the
        best exact value (as a free reroll: free_reroll_values), or not now when none beats the
        roll as it is (its best option); at a turn's start, the heuristic's answer."""
        legal = [buf[i] for i in range(n)]
        a_, b_, c_ = O.question_args(g)
        adv = O.current_adventure(g)
        if b_ == 0 or adv is None or adv.phase() != P_DECIDE:
            return super().offer(g, buf, n)
        roll = adv.roll_counts
        g_, y_, r_ = _pool_of(roll)
        start = _Limits(adv.sit)
        focus, spells, clues = _capped(adv.uses())
        solver = self.cache.solver(adv.card, start.terror, start.sanity, start.stamina)
        options = _advise(solver, roll, (g_, y_, r_, focus, spells, clues), adv.held, adv.done_mask())
        keep = max(v for _, v in options) if options else 0
        masks = [a - A_REACT - REACT_REROLL + A_FREEROLL for a in legal if a >= A_REACT + REACT_REROLL]
        values = self.free_reroll_values(adv, solver, roll, g_, y_, r_, focus, spells, clues, start, masks)
        best, top = A_REACT, keep
        for a, v in values.items():
            if v > top:
                best, top = a - A_FREEROLL + A_REACT + REACT_REROLL, v
        return best

    def free_reroll_values(self, adv, solver, roll, g_, y_, r_, focus, spells, clues, start, free) -> dict:
        """{A_FREEROLL + mask: value}: each clue reroll's value with one clue more to spend."""
        more = (g_, y_, r_, focus, spells, min(clues + 1, MAX_USES))
        rerolls = {}
        for k, v in _advise(solver, roll, more, adv.held, adv.done_mask()):
            if k[0] == REROLL:
                rerolls.setdefault(k, v)
        out = {}
        for a in free:
            v = rerolls.get(action_key(adv, ACT_REROLL + (a - A_FREEROLL)))
            if v is not None:
                out[a] = v
        return out


class _Limits:
    """The terror, sanity and stamina of an adventure's starting situation (its `sit` values),
    read without building a Situation (the game keeps them in range)."""

    def __init__(self, sit):
        self.terror = sit[6]
        self.sanity = sit[7]
        self.stamina = sit[8]


def _advise(solver, roll, pool_uses, held, done_mask: int) -> list:
    """advise's options (texts=False) for this roll as advisor.keyed_options' pairs (each option's
    key and value, in advice's order: all the bot reads of them), remembered on the solver (a
    MemoSolver): the bot asks the same roll again for an offer after it, for a free reroll (with one
    clue more) and in later games; with a store, answers of earlier processes are read from it
    (StoredAdvice) and new ones published. The pool is the roll's and the terror, sanity and stamina
    the solver's, so the roll, the held dice, the uses left and the tasks done are the whole
    question. `pool_uses` is (green, yellow, red, focus, spells, clues): the Situation advise takes
    is built only when it is asked."""
    g, y, r, focus, spells, clues = pool_uses
    key = (bytes(roll), bytes(held), focus, spells, clues, done_mask)
    memo = getattr(solver, "advice", None)
    got = memo.get(key) if memo is not None else None
    if got is None:
        stored = getattr(solver, "stored_advice", None)
        if stored is not None:
            got = stored.find(key)
        if got is None:
            sit = Situation(g, y, r, focus, spells, clues, solver.terror, solver.sanity, solver.stamina)
            got = keyed_options(advise(solver, roll, sit, bytearray(held), done_mask, texts=False))
            if stored is not None:
                stored.add(key, got)
        if memo is None:            # not a MemoSolver: nowhere to remember
            return got
        if len(memo) >= 4096:
            memo.clear()
        memo[key] = got
    return got


class StoredAdvice:
    """A solver's advice answers in the store (advicestore.py): `find` reads the answer of an
    earlier process (sampled against a fresh solve for the first cards: TableStore.advice_trusted),
    `add` keeps a new answer in `pending` (the SolverCache's, {solver key: {question: pairs}}),
    which SolverCache.flush writes as one file."""

    def __init__(self, store, key, card, terror, sanity, stamina, backend, pending: dict):
        self.store = store
        self.key = key
        self._make = lambda: backend.make_solver(card, terror, sanity, stamina)
        self._limits = (terror, sanity, stamina)
        self._pending = pending

    def find(self, question):
        got = self.store.find_advice(self.key, question)
        if got is not None and not self.store.advice_trusted(self.key, question, got, self.fresh):
            return None
        return got

    def fresh(self, question) -> list:
        """The answer to question from a new solver that reads no store (the stale-store sample)."""
        roll, held, focus, spells, clues, done = question
        solver = self._make()
        g, y, r = _pool_of(roll)
        sit = Situation(g, y, r, focus, spells, clues, *self._limits)
        return keyed_options(advise(solver, bytearray(roll), sit, bytearray(held), done, texts=False))

    def add(self, question, pairs) -> None:
        got = self._pending.get(self.key)
        if got is None:
            got = self._pending[self.key] = {}
        got[question] = pairs


def _widen(lim: tuple) -> tuple:
    """A grown workspace of the bot's solvers covers every clue count once it covers one: an
    investigator gains and spends clues one at a time, and each new count would otherwise rebuild
    the workspace (five times for a card seen at clues 0 to 4)."""
    g, y, r, f, s, c, sigma, rho = lim
    return (g, y, r, f, s, MAX_USES if c > 0 else c, sigma, rho)


def _capped(uses) -> tuple[int, int, int]:
    """(focus, spells, clues) within what the solver takes (MAX_USES each): an investigator may hold
    more clues than that; the value with MAX_USES is then a lower bound (and nearly exact: a fifth
    reroll rarely matters)."""
    return tuple(min(u, MAX_USES) for u in uses)


def _pool_of(roll) -> tuple[int, int, int]:
    out = [0, 0, 0]
    for d in range(NDICE):
        out[d >> 3] += roll[d]
    return out[0], out[1], out[2]
