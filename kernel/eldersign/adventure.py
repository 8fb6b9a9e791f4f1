"""One adventure as a state machine: roll, match, act, until the card is completed or failed.

OpenSpiel style: `legal_actions(buf)` writes small-int action codes into a caller buffer and returns
how many; `apply(action)`; chance is the state's own PRNG (kernel/prng.py) or a physical roll entered
as an action; `is_terminal()`, `returns()`; `serialize()`/`deserialize()` to compact bytes with a
version byte and a checksum; replay from seed + action log. The rules are the solver's (solver.py,
advice.py): after a roll complete one allowed task with a minimal way, hold a die with a spell, reroll
any dice with a clue, or fail the roll (terror effect, set one die aside, maybe focus another).

All state lives in buffers allocated by the constructor; `roll`, the matching done on entering a
roll (`ways`), `legal_actions` and `apply` of a decision allocate nothing (tests run them under
micropython.heap_lock()). A task's minimal face sets come from a TaskTable (flat bytes, built once):
the constructor builds one for its card; a game builds one for every task its cards and monsters can
make and rebinds its adventures with `set_card`, `set_situation`, `set_seed` and `add_held`, which
allocate nothing either. Adventures used one at a time may share one Workspace (the ways buffers).
Action codes (all below 2^30):

    (t << 8) | i          complete task t with way i of the current roll's ways (ACT_COMPLETE = 0)
    ACT_HOLD + c*8 + f    hold a die of colour c showing face f with a spell
    ACT_REROLL + mask     reroll with a clue the dice of `mask` over the roll's dice in canonical order
    ACT_FAIL + a*32 + k   fail the roll, set aside a die of colour a, k = 0 or 1 + c*8 + f to focus it;
                          ACT_FAIL_LOST: fail with nothing to set aside (or Terror fails the adventure)
    ACT_ROLL              roll the pool on the device (chance, the state's PRNG)
    ACT_ENTER + code      a physical roll entered by the player (see roll_code)
"""

from array import array

from ..errors import KernelError
from ..binio import fletcher16, put32, get32
from .. import prng
from ..surface import CHANCE, TERMINAL, in_legal_actions, check_buffer
from .card import Card, MAX_TASKS
from .dice import GREEN, YELLOW, RED, NFACES, TERROR, DIE_FACES, COLOUR_NAME, die_code_text
from .matching import minimal_face_sets, split_face_set, WAY_BYTES
from .notation import parse_card, format_card, format_task
from .situation import Situation

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

ACT_COMPLETE = const(0)
ACT_HOLD = const(2048)
ACT_FAIL = const(4096)
ACT_FAIL_LOST = const(4096 + 96)
ACT_REROLL = const(8192)
ACT_ROLL = const(16384)
ACT_ENTER = const(1 << 25)

P_ROLL = const(0)       # waiting for a roll (of the pool, less the dice kept by a clue reroll)
P_DECIDE = const(1)     # a roll is on the table
P_WON = const(2)
P_LOST = const(3)
PHASE_NAMES = ("roll", "decide", "won", "lost")

MAX_WAYS = const(192)
MAX_ACTIONS = const(MAX_WAYS + 24 + 1023 + 97)
MAX_LOG = const(96)
NDICE = const(24)

# st fields
_PHASE = const(0)
_DONE = const(1)
_G = const(2)
_Y = const(3)
_R = const(4)
_FOCUS = const(5)
_SPELLS = const(6)
_CLUES = const(7)
_NWAYS = const(8)
_NST = const(9)

# sit: the starting situation's nine values in situation.FIELDS order, kept for replay
_NSIT = const(9)

_IDS = bytes(range(MAX_TASKS))     # a card's own table: task t is table task t

FORMAT_VERSION = const(1)
_MAGIC = 0x45   # 'E'


def roll_code(counts):
    """The ENTER code of a roll (counts by colour*8+face): green counts in base 9, then y, r faces."""
    code = 0
    faces = DIE_FACES[GREEN]
    for i in range(5, -1, -1):
        code = code * 9 + counts[GREEN * NFACES + faces[i]]
    for colour in (YELLOW, RED):
        k = 6
        faces = DIE_FACES[colour]
        for i in range(6):
            if counts[colour * NFACES + faces[i]]:
                k = i
        code = code * 7 + k
    return code


def decode_roll(code, counts):
    """Fill counts (bytearray 24) from an ENTER code; False when the code is malformed."""
    for i in range(NDICE):
        counts[i] = 0
    for colour in range(RED, GREEN, -1):     # red, then yellow (a range: a tuple would allocate)
        k = code % 7
        code //= 7
        if k < 6:
            counts[colour * NFACES + DIE_FACES[colour][k]] = 1
    faces = DIE_FACES[GREEN]
    for i in range(6):
        counts[GREEN * NFACES + faces[i]] = code % 9
        code //= 9
    return code == 0


class TaskTable:
    """The minimal face sets of a list of tasks, flat, for Adventure.set_card (built once, allocates).

    Task i's face sets are the 8-byte face-count rows start[i] .. start[i] + count[i] - 1 of `store`;
    sanity[i], stamina[i], clock[i] are its costs and tasks[i] the Task itself (for text).
    """

    def __init__(self, tasks):
        self.tasks = tuple(tasks)
        n = len(self.tasks)
        self.start = array("H", [0] * n)
        self.count = array("H", [0] * n)
        self.sanity = bytearray(n)
        self.stamina = bytearray(n)
        self.clock = bytearray(n)
        store = bytearray()
        rows = 0
        for i in range(n):
            task = self.tasks[i]
            sets = minimal_face_sets(task)
            if rows + len(sets) > 0xFFFF:
                raise KernelError("card", "too many face sets for one table (%d tasks)" % n)
            self.start[i] = rows
            self.count[i] = len(sets)
            for fs in sets:
                row = bytearray(NFACES)
                for face, k in fs:
                    row[face] = k
                store.extend(row)
                rows += 1
            self.sanity[i] = task.sanity
            self.stamina[i] = task.stamina
            self.clock[i] = task.clock
        self.store = bytes(store)


class Workspace:
    """The scratch buffers of matching and of listing actions (the ways of the current roll).

    Adventures that are never in play at the same time (a game's board slots) can share one.
    """

    def __init__(self):
        self.ways = bytearray(MAX_WAYS * WAY_BYTES)
        self.way_task = bytearray(MAX_WAYS)
        self.use = bytearray(WAY_BYTES)
        self.scratch = bytearray(NDICE)
        self.failbuf = array("i", [0] * 80)


class Adventure:
    """The state of one adventure attempt. Construct with a Card (or its notation) and a Situation
    (default: Situation(), the CLI's defaults).

    `card=None` builds an unbound adventure (no tasks) for a caller that binds cards later with
    set_card; `work` shares a Workspace with other adventures (default: a private one).
    """

    def __init__(self, card, situation=None, seed=0, work=None):
        if isinstance(card, str):
            card = parse_card(card)
        self.sit = bytearray(_NSIT)
        self.set_situation(situation if situation is not None else Situation())
        self.seed = seed & prng.SEED_MAX
        # the bound card: per task its face sets in `table`, its costs, and the table's task id
        self.table = None
        self.ntasks = 0
        self.ordered = False
        self.task_id = array("H", [0] * MAX_TASKS)
        self.fs_start = array("H", [0] * MAX_TASKS)
        self.fs_count = array("H", [0] * MAX_TASKS)
        self.task_sanity = bytearray(MAX_TASKS)
        self.task_stamina = bytearray(MAX_TASKS)
        self.task_clock = bytearray(MAX_TASKS)
        self._card = None
        self._notation = None
        self.st = bytearray(_NST)
        self.roll_counts = bytearray(NDICE)
        self.held = bytearray(NDICE)
        self.kept = bytearray(NDICE)
        self.rng = array("i", [1, 1])
        self.log = array("i", [0] * MAX_LOG)
        self.nlog = 0
        self.logging = True           # a game's adventures keep no log of their own (game/attempt.py)
        if work is None:
            work = Workspace()
        self.ways = work.ways
        self.way_task = work.way_task
        self._use = work.use
        self._scratch = work.scratch
        self._failbuf = work.failbuf
        if card is not None:
            n = len(card.tasks)
            self.set_card(TaskTable(card.tasks), _IDS, n, card.ordered)
            self._card = card
        else:
            self.reset()

    # ----- binding (allocation-free) ----------------------------------------------------------

    def set_card(self, table, ids, n, ordered):
        """Bind to the card whose n tasks are table's tasks ids[0..n-1] (ordered or not), then reset.

        Allocates nothing: the face sets stay in the table; `card` and `notation` are built when
        first read.
        """
        self._bind_tasks(table, ids, n, ordered)
        self.reset()

    def _bind_tasks(self, table, ids, n, ordered):
        """The tasks become table's tasks ids[0..n-1] (set_card and retask; allocates nothing)."""
        if n > MAX_TASKS:
            raise KernelError("card", "at most %d tasks" % MAX_TASKS)
        self.table = table
        self.ntasks = n
        self.ordered = True if ordered else False
        for t in range(n):
            i = ids[t]
            self.task_id[t] = i
            self.fs_start[t] = table.start[i]
            self.fs_count[t] = table.count[i]
            self.task_sanity[t] = table.sanity[i]
            self.task_stamina[t] = table.stamina[i]
            self.task_clock[t] = table.clock[i]
        self._card = None
        self._notation = None

    def set_situation(self, situation):
        """The Situation of the next reset() (its values are copied; allocates nothing)."""
        sit = self.sit
        sit[0] = situation.green
        sit[1] = situation.yellow
        sit[2] = situation.red
        sit[3] = situation.focus
        sit[4] = situation.spells
        sit[5] = situation.clues
        sit[6] = situation.terror
        sit[7] = situation.sanity
        sit[8] = situation.stamina

    def situation(self):
        """The starting Situation (a new object)."""
        return Situation.from_values(self.sit)

    def set_seed(self, seed):
        """The PRNG seed of the next reset()."""
        self.seed = seed & prng.SEED_MAX

    def add_held(self, d):
        """After reset(): a die of code d (colour*8+face) is already held (a spell's die from an
        earlier turn); it is not part of the pool."""
        self.held[d] += 1

    # ----- a game changing the attempt in progress (allocation-free; game/attempt.py) --------------
    #
    # In the whole game the pool and the tasks change during an attempt: an item adds the yellow
    # die after a roll, a lock takes a die, a die comes off a spell to be rolled, a monster appears
    # on the card, an item defeats a monster. A die added between rolls is in the pool but not in
    # the roll on the table: it is rolled with the next roll (a clue reroll included).

    def set_uses(self, focus, spells, clues):
        """The focuses, spell holds and clue rerolls left (0-255 each), replacing the situation's."""
        self.st[_FOCUS] = focus
        self.st[_SPELLS] = spells
        self.st[_CLUES] = clues

    def add_pool_die(self, colour):
        """A die of colour joins the pool (not rolled yet)."""
        self.st[_G + colour] += 1

    def remove_pool_die(self, d):
        """A die leaves the pool: the rolled die of code d when d >= 0 (a roll is on the table), else a
        die of colour -1 - d not rolled yet. The ways are matched again."""
        if d >= 0:
            self.roll_counts[d] -= 1
            colour = d >> 3
        else:
            colour = -1 - d
        self.st[_G + colour] -= 1
        self._after_change()

    def remove_held(self, d):
        """A held die of code d leaves the attempt (a lock takes it, or it goes back to the pool)."""
        self.held[d] -= 1
        self._after_change()

    def held_to_pool(self, d):
        """A held die of code d goes back into the pool, to be rolled again."""
        self.held[d] -= 1
        self.st[_G + (d >> 3)] += 1
        self._after_change()

    def mark_done(self, t):
        """Task t counts as done (a card defeated the monster that was the task)."""
        self.st[_DONE] |= 1 << t
        if self.st[_DONE] == (1 << self.ntasks) - 1:
            self.st[_PHASE] = P_WON
            return
        self._after_change()

    def retask(self, table, ids, n, ordered):
        """The tasks change during the attempt (a monster on the card): like set_card, but the pool,
        the roll, the held dice and the tasks done stay (task t keeps its place)."""
        self._bind_tasks(table, ids, n, ordered)
        self._after_change()

    def _after_change(self):
        st = self.st
        if st[_PHASE] == P_DECIDE:
            self.match()
        elif st[_PHASE] == P_ROLL and st[_G] + st[_Y] + st[_R] == 0:
            st[_PHASE] = P_LOST

    @property
    def card(self):
        """The bound card as a Card (built on first read after set_card: this allocates)."""
        if self._card is None:
            tasks = self.table.tasks
            self._card = Card([tasks[self.task_id[t]] for t in range(self.ntasks)], self.ordered)
        return self._card

    @property
    def notation(self):
        if self._notation is None:
            self._notation = format_card(self.card)
        return self._notation

    # ----- setup ------------------------------------------------------------------------------

    def reset(self):
        """Back to the start: full pool, nothing done, PRNG seeded, empty log."""
        st = self.st
        for i in range(_NST):
            st[i] = 0
        st[_G] = self.sit[0]
        st[_Y] = self.sit[1]
        st[_R] = self.sit[2]
        st[_FOCUS] = self.sit[3]
        st[_SPELLS] = self.sit[4]
        st[_CLUES] = self.sit[5]
        for i in range(NDICE):
            self.roll_counts[i] = 0
            self.held[i] = 0
            self.kept[i] = 0
        prng.seed(self.rng, self.seed)
        self.nlog = 0
        st[_PHASE] = P_ROLL
        if st[_G] + st[_Y] + st[_R] == 0:
            st[_PHASE] = P_LOST

    # ----- queries ----------------------------------------------------------------------------

    def phase(self):
        return self.st[_PHASE]

    def done_mask(self):
        return self.st[_DONE]

    def pool(self):
        """(green, yellow, red) dice left (a tuple: allocates; see pool_dice)."""
        return self.st[_G], self.st[_Y], self.st[_R]

    def pool_dice(self, colour):
        """Dice of colour (GREEN, YELLOW, RED) left in the pool, without allocating."""
        return self.st[_G + colour]

    def uses(self):
        """(focus, spells, clues) left."""
        return self.st[_FOCUS], self.st[_SPELLS], self.st[_CLUES]

    def is_terminal(self):
        return self.st[_PHASE] >= P_WON

    def returns(self):
        """[1] when the adventure was completed, else [0] (one seat)."""
        return [1 if self.st[_PHASE] == P_WON else 0]

    players = 1

    def won(self):
        """True once the adventure is completed."""
        return self.st[_PHASE] == P_WON

    def current_player(self):
        """0 when a decision is to be made, CHANCE when the dice are to be rolled, TERMINAL at the end."""
        phase = self.st[_PHASE]
        if phase >= P_WON:
            return TERMINAL
        return CHANCE if phase == P_ROLL else 0

    def chance_outcomes(self):
        """At a roll: every roll of the pool (the dice a clue kept showing what they show) as its
        ENTER action with its exact weight, the number of ordered rolls giving it; else []."""
        if self.st[_PHASE] != P_ROLL:
            return []
        kept = self.kept
        free = [0, 0, 0]
        for colour in range(3):
            n = self.st[_G + colour]
            for f in range(NFACES):
                n -= kept[colour * NFACES + f]
            free[colour] = n
        outcomes = []
        counts = bytearray(NDICE)
        green = DIE_FACES[GREEN]
        for gcounts, gweight in _multisets(free[GREEN], 6):
            for ys in (range(6) if free[YELLOW] else (-1,)):
                for rs in (range(6) if free[RED] else (-1,)):
                    for d in range(NDICE):
                        counts[d] = kept[d]
                    for i in range(6):
                        counts[GREEN * NFACES + green[i]] += gcounts[i]
                    if ys >= 0:
                        counts[YELLOW * NFACES + DIE_FACES[YELLOW][ys]] += 1
                    if rs >= 0:
                        counts[RED * NFACES + DIE_FACES[RED][rs]] += 1
                    outcomes.append((ACT_ENTER + roll_code(counts), gweight))
        return outcomes

    def view(self, player):
        """Everything the player sees: the card, the situation, the state, the dice (not the PRNG)."""
        text = self.notation.encode()
        out = bytearray()
        out.append(len(text))
        out.extend(text)
        out.extend(self.sit)
        out.extend(self.st)
        out.extend(self.roll_counts)
        out.extend(self.held)
        out.extend(self.kept)
        return bytes(out)

    def actions(self):
        """The actions applied since the start, chance actions included."""
        return [self.log[i] for i in range(self.nlog)]

    def nways(self):
        return self.st[_NWAYS]

    def allowed(self, t):
        """True when task t may be attempted now (order, sanity and stamina limits)."""
        done = self.st[_DONE]
        if done & (1 << t):
            return False
        if self.ordered:
            for k in range(t):
                if not done & (1 << k):
                    return False
        sanity = self.sit[7]
        stamina = self.sit[8]
        if sanity or stamina:
            ss = 0
            sh = 0
            for k in range(self.ntasks):
                if done & (1 << k):
                    ss += self.task_sanity[k]
                    sh += self.task_stamina[k]
            if sanity and sanity - ss - self.task_sanity[t] <= 0:
                return False
            if stamina and stamina - sh - self.task_stamina[t] <= 0:
                return False
        return True

    # ----- matching without allocation ---------------------------------------------------------

    def match(self):
        """Fill `ways` with every minimal way to complete an allowed task from the roll and held dice.

        Way i occupies ways[i*48:(i+1)*48]: 24 roll counts used then 24 held counts used; its task
        is way_task[i]. Returns the number of ways.
        """
        self.st[_NWAYS] = 0
        roll = self.roll_counts
        held = self.held
        use = self._use
        for i in range(WAY_BYTES):
            use[i] = 0
        store = self.table.store if self.ntasks else b""
        for t in range(self.ntasks):
            if not self.allowed(t):
                continue
            row = self.fs_start[t]
            for j in range(self.fs_count[t]):
                b = (row + j) * NFACES
                ok = True
                for f in range(NFACES):
                    k = store[b + f]
                    if k and roll[f] + roll[8 + f] + roll[16 + f] + held[f] + held[8 + f] + held[16 + f] < k:
                        ok = False
                        break
                if ok:
                    n = self.st[_NWAYS]
                    m = split_face_set(store, b, roll, held, use, self.ways, n, MAX_WAYS)
                    if m > MAX_WAYS:
                        m = MAX_WAYS
                    for i in range(n, m):
                        self.way_task[i] = t
                    self.st[_NWAYS] = m
        return self.st[_NWAYS]

    # ----- actions ----------------------------------------------------------------------------

    def legal_actions(self, buf):
        """Write the legal action codes into buf (array of at least MAX_ACTIONS); return the count.

        Order: completions, spell holds, clue rerolls, fails (advice's listing order).
        """
        check_buffer(buf, MAX_ACTIONS)
        st = self.st
        phase = st[_PHASE]
        if phase == P_ROLL:
            buf[0] = ACT_ROLL
            return 1
        if phase != P_DECIDE:
            return 0
        n = 0
        for i in range(st[_NWAYS]):
            buf[n] = (self.way_task[i] << 8) | i
            n += 1
        roll = self.roll_counts
        if st[_SPELLS]:
            for i in range(NDICE):
                if roll[i]:
                    buf[n] = ACT_HOLD + i
                    n += 1
        if st[_CLUES]:
            n = self._rerolls(buf, n)
        return self._fails(buf, n)

    def _rerolls(self, buf, n):
        """Each non-empty sub-multiset of the roll, as a mask taking the first dice of each group."""
        roll = self.roll_counts
        cnt = self._scratch
        for i in range(NDICE):
            cnt[i] = 0
        while True:
            i = 0
            while i < NDICE:
                if cnt[i] < roll[i]:
                    cnt[i] += 1
                    break
                cnt[i] = 0
                i += 1
            if i == NDICE:
                return n
            mask = 0
            slot = 0
            for d in range(NDICE):
                for k in range(roll[d]):
                    if k < cnt[d]:
                        mask |= 1 << slot
                    slot += 1
            buf[n] = ACT_REROLL + mask
            n += 1

    def _fails(self, buf, n):
        st = self.st
        roll = self.roll_counts
        terror = roll[GREEN * NFACES + TERROR]
        tcode = self.sit[6]
        if terror and tcode == 1:
            buf[n] = ACT_FAIL_LOST
            return n + 1
        g = st[_G] - (terror if tcode == 2 else 0)
        start = n
        for aside in range(3):
            left = g
            if aside == YELLOW:
                left = st[_Y]
            elif aside == RED:
                left = st[_R]
            if left == 0:
                continue
            buf[n] = ACT_FAIL + aside * 32
            n += 1
            if st[_FOCUS] == 0:
                continue
            for i in range(NDICE):
                k = roll[i]
                if i == GREEN * NFACES + TERROR and tcode == 2:
                    k = 0
                c = i >> 3
                if c == aside and left < 2:
                    k = 0
                if k:
                    buf[n] = ACT_FAIL + aside * 32 + 1 + i
                    n += 1
        if n == start:
            buf[n] = ACT_FAIL_LOST
            n += 1
        return n

    def is_legal(self, action):
        if action >= ACT_ENTER:
            return self.st[_PHASE] == P_ROLL and self._check_enter(action - ACT_ENTER)
        return in_legal_actions(self, array("i", [0] * MAX_ACTIONS), action)

    def apply(self, action):
        """Apply one action (raises KernelError('action', ...) when it is not legal now)."""
        st = self.st
        phase = st[_PHASE]
        if phase >= P_WON:
            raise KernelError("action", "the adventure is over")
        if self.logging and self.nlog >= MAX_LOG:
            raise KernelError("action", "the action log is full")
        if action >= ACT_ENTER:
            if phase != P_ROLL or not self._check_enter(action - ACT_ENTER):
                raise KernelError("action", "that roll does not fit the dice being rolled")
            decode_roll(action - ACT_ENTER, self.roll_counts)
            self._rolled()
        elif action == ACT_ROLL:
            if phase != P_ROLL:
                raise KernelError("action", "roll only when the dice are to be rolled")
            self.roll()
            return
        else:
            if phase != P_DECIDE or not self._legal_decision(action):
                raise KernelError("action", "%d is not a legal action now" % action)
            self._decide(action)
        if self.logging:
            self.log[self.nlog] = action
            self.nlog += 1

    def _legal_decision(self, action):
        st = self.st
        if action < ACT_HOLD:
            return (action & 255) < st[_NWAYS] and self.way_task[action & 255] == action >> 8
        if action < ACT_FAIL:
            i = action - ACT_HOLD
            return st[_SPELLS] > 0 and i < NDICE and self.roll_counts[i] > 0
        if action < ACT_REROLL:
            # the fail list is short: compare against it with the scratch-free generator
            return self._fail_legal(action)
        mask = action - ACT_REROLL
        return st[_CLUES] > 0 and self._canonical_mask(mask)

    def _fail_legal(self, action):
        # at most 3 * 25 + 1 fail codes: regenerate them into a preallocated buffer
        buf = self._failbuf
        n = self._fails(buf, 0)
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    def _canonical_mask(self, mask):
        if mask <= 0:
            return False
        slot = 0
        roll = self.roll_counts
        for d in range(NDICE):
            seen_gap = False
            for k in range(roll[d]):
                if mask & (1 << slot):
                    if seen_gap:
                        return False
                else:
                    seen_gap = True
                slot += 1
        return mask < (1 << slot)

    def _decide(self, action):
        st = self.st
        roll = self.roll_counts
        held = self.held
        if action < ACT_HOLD:
            i = action & 255
            t = action >> 8
            base = i * WAY_BYTES
            ways = self.ways
            for d in range(NDICE):
                k = ways[base + d]
                if k:
                    st[_G + (d >> 3)] -= k
                held[d] -= ways[base + 24 + d]
                roll[d] = 0
            st[_DONE] |= 1 << t
            st[_NWAYS] = 0
            if st[_DONE] == (1 << self.ntasks) - 1:
                st[_PHASE] = P_WON
            elif st[_G] + st[_Y] + st[_R] == 0:
                st[_PHASE] = P_LOST
            else:
                st[_PHASE] = P_ROLL
            return
        if action < ACT_FAIL:
            d = action - ACT_HOLD
            roll[d] -= 1
            held[d] += 1
            st[_G + (d >> 3)] -= 1
            st[_SPELLS] -= 1
            self.match()
            return
        if action < ACT_REROLL:
            if action == ACT_FAIL_LOST:
                st[_PHASE] = P_LOST
                return
            code = action - ACT_FAIL
            aside = code >> 5
            k = code & 31
            if roll[GREEN * NFACES + TERROR] and self.sit[6] == 2:
                st[_G] -= roll[GREEN * NFACES + TERROR]
            st[_G + aside] -= 1
            if k:
                d = k - 1
                held[d] += 1
                st[_G + (d >> 3)] -= 1
                st[_FOCUS] -= 1
            for d in range(NDICE):
                roll[d] = 0
            st[_NWAYS] = 0
            st[_PHASE] = P_LOST if st[_G] + st[_Y] + st[_R] == 0 else P_ROLL
            return
        kept = self.rerolled_dice(action, self.kept)
        for d in range(NDICE):
            kept[d] = roll[d] - kept[d]
            roll[d] = 0
        st[_CLUES] -= 1
        st[_NWAYS] = 0
        st[_PHASE] = P_ROLL

    def roll(self):
        """Roll the dice on the device with the state's PRNG (the chance action ACT_ROLL)."""
        st = self.st
        if st[_PHASE] != P_ROLL:
            raise KernelError("action", "roll only when the dice are to be rolled")
        if self.logging and self.nlog >= MAX_LOG:
            raise KernelError("action", "the action log is full")
        roll = self.roll_counts
        kept = self.kept
        for d in range(NDICE):
            roll[d] = kept[d]
        for colour in range(3):
            n = st[_G + colour]
            for f in range(NFACES):
                n -= kept[colour * NFACES + f]
            faces = DIE_FACES[colour]
            for _ in range(n):
                roll[colour * NFACES + faces[prng.die(self.rng, 6)]] += 1
        if self.logging:
            self.log[self.nlog] = ACT_ROLL
            self.nlog += 1
        self._rolled()

    def _rolled(self):
        for d in range(NDICE):
            self.kept[d] = 0
        self.st[_PHASE] = P_DECIDE
        self.match()

    def _check_enter(self, code):
        if code < 0:
            return False
        counts = self._scratch
        if not decode_roll(code, counts):
            return False
        st = self.st
        for colour in range(3):
            n = 0
            for f in range(NFACES):
                k = counts[colour * NFACES + f]
                if k < self.kept[colour * NFACES + f]:
                    return False
                n += k
            if n != st[_G + colour]:
                return False
        return True

    def enter_roll(self, counts):
        """Enter a physical roll (counts by colour*8+face); it must keep the dice a clue kept."""
        self.apply(ACT_ENTER + roll_code(counts))

    # ----- text -------------------------------------------------------------------------------

    def action_text(self, action):
        """The readable form of an action in the current state."""
        if action >= ACT_ENTER:
            counts = bytearray(NDICE)
            decode_roll(action - ACT_ENTER, counts)
            from .notation import format_roll
            return "enter the roll %s" % format_roll(counts)
        if action == ACT_ROLL:
            return "roll the dice"
        if action < ACT_HOLD:
            from .notation import format_roll
            i = action & 255
            t = action >> 8
            base = i * WAY_BYTES
            dice = format_roll(self.ways[base:base + 24])
            hdice = format_roll(self.ways[base + 24:base + 48])
            return "complete task %d (%s) with %s" % (t + 1, format_task(self.card.tasks[t]),
                                                     " + held ".join([x for x in (dice, hdice) if x]) if dice
                                                     else "held " + hdice)
        if action < ACT_FAIL:
            return "hold %s with a spell" % die_code_text(action - ACT_HOLD)
        if action < ACT_REROLL:
            if action == ACT_FAIL_LOST:
                if self.roll_counts[TERROR] and self.sit[6] == 1:
                    return "fail the roll (Terror: the adventure fails)"
                return "fail the roll (no dice left: the adventure fails)"
            code = action - ACT_FAIL
            aside = code >> 5
            k = code & 31
            note = ""
            terror = self.roll_counts[TERROR]
            if terror and self.sit[6] == 2:
                note = ", Terror discards %d %s" % (terror, "dice" if terror > 1 else "die")
            text = "fail the roll%s, set aside a %s die" % (note, COLOUR_NAME[aside])
            if k:
                text += ", focus %s" % die_code_text(k - 1)
            return text
        from .notation import format_roll
        return "reroll %s with a clue" % format_roll(self.rerolled_dice(action, bytearray(NDICE)))

    def rerolled_dice(self, action, out):
        """Writes into `out` (NDICE counts by die code) the rolled dice that the clue reroll `action`
        picks up, and returns `out`: its mask has a bit per rolled die, in die-code order.
        Allocates nothing (the reroll itself and the advisor use it)."""
        mask = action - ACT_REROLL
        roll = self.roll_counts
        slot = 0
        for d in range(NDICE):
            out[d] = 0
            for k in range(roll[d]):
                if mask & (1 << slot):
                    out[d] += 1
                slot += 1
        return out

    def describe(self):
        """A one-line summary of the state (for logs and golden playthroughs)."""
        from .notation import format_roll
        st = self.st
        return "%s done=%d pool=%d/%d/%d held=[%s] roll=[%s] focus=%d spells=%d clues=%d" % (
            PHASE_NAMES[st[_PHASE]], st[_DONE], st[_G], st[_Y], st[_R], format_roll(self.held),
            format_roll(self.roll_counts), st[_FOCUS], st[_SPELLS], st[_CLUES])

    # ----- saving -----------------------------------------------------------------------------

    def serialize(self):
        """Compact bytes: magic, version, card, situation, seed, log, state, checksum."""
        text = self.notation.encode()
        out = bytearray()
        out.append(_MAGIC)
        out.append(FORMAT_VERSION)
        out.append(len(text))
        out.extend(text)
        out.extend(self.sit)
        put32(out, self.seed)
        out.append(self.nlog)
        for i in range(self.nlog):
            put32(out, self.log[i])
        out.extend(self.st)
        out.extend(self.roll_counts)
        out.extend(self.held)
        out.extend(self.kept)
        put32(out, self.rng[0])
        put32(out, self.rng[1])
        c = fletcher16(out, len(out))
        out.append(c >> 8)
        out.append(c & 255)
        return bytes(out)

    def replay(self, actions):
        """Reset, then apply each action of a log (the chance actions included)."""
        self.reset()
        for a in actions:
            self.apply(a)






def deserialize(blob, work=None):
    """An Adventure from serialize()'s bytes; KernelError('save', ...) when the blob is corrupt.
    `work`: a Workspace to share (the board keeps one for every adventure it plays).

    The state is rebuilt by replaying the log from the seed and must equal the stored state.
    """
    b = bytes(blob)
    if len(b) < 8 or b[0] != _MAGIC:
        raise KernelError("save", "not an Eldritch adventure save")
    if b[1] != FORMAT_VERSION:
        raise KernelError("save", "save format version %d, this kernel reads %d" % (b[1], FORMAT_VERSION))
    if fletcher16(b, len(b) - 2) != (b[-2] << 8) | b[-1]:
        raise KernelError("save", "checksum mismatch (a corrupt or truncated save)")
    try:
        i = 2
        n = b[i]
        i += 1
        notation = b[i:i + n].decode()
        i += n
        sit = b[i:i + 9]
        i += 9
        seed = get32(b, i)
        i += 4
        nlog = b[i]
        i += 1
        log = []
        for _ in range(nlog):
            log.append(get32(b, i))
            i += 4
        state_bytes = b[i:len(b) - 2]
        adv = Adventure(notation, Situation.from_values(sit), seed, work)
        adv.replay(log)
    except KernelError as exc:
        raise KernelError("save", "does not replay: %s" % exc)
    except (IndexError, ValueError, UnicodeError):
        raise KernelError("save", "malformed save")
    if adv.serialize()[i:len(b) - 2] != state_bytes:
        raise KernelError("save", "the stored state does not match its action log")
    return adv


def replay(card, actions, seed=0, situation=None):
    """A new Adventure on `card` in `situation` (a Situation), after the logged actions."""
    adv = Adventure(card, situation, seed)
    adv.replay(actions)
    return adv


def _multisets(n, k):
    """Every way to put n dice on k faces, as (counts, number of ordered rolls giving it)."""
    fact = [1]
    for i in range(1, n + 1):
        fact.append(fact[-1] * i)
    out = []
    counts = [0] * k

    def place(i, left):
        if i == k - 1:
            counts[i] = left
            w = fact[n]
            for c in counts:
                w //= fact[c]
            out.append((tuple(counts), w))
            return
        for c in range(left + 1):
            counts[i] = c
            place(i + 1, left - c)

    place(0, n)
    return out


class Rules:
    """One adventure as a kernel game (kernel/surface.py): options are the card ("card": notation)
    and the situation (green, yellow, red, focus, spells, clues, terror, sanity, stamina)."""

    name = "eldersign-adventure"
    min_players = 1
    max_players = 1
    max_actions = MAX_ACTIONS

    def __init__(self, options=None):
        options = dict(options or {})
        self.card = parse_card(options.pop("card", "I3 > P P > L L"))
        self.situation = Situation(**options)

    def new_game(self, seed, players=1):
        if players != 1:
            raise KernelError("option", "an adventure is played by one investigator, not %d" % players)
        return Adventure(self.card, self.situation, seed)

    def deserialize(self, blob):
        return deserialize(blob)
