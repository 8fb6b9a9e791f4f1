"""The state's buffers (all allocated once, at construction), reset to a new game, the event records
of the last apply, and small queries every part of the rules shares. Nothing here allocates after
construction.

Scalars live in `g` (array 'h') at the G_* indices below; per seat, per card, per room, per monster
there is one bytearray per field. Seat 0 is the keeper; investigators sit at 1 .. players - 1.
"""

from array import array

from ... import prng
from .consts import (MAX_SEATS, MAX_ROOMS, PILE_CAP, MAX_CARDS, MAX_DOORS, MAX_MONSTERS, MAX_TYPES,
                     MAX_COMBAT, MAX_MYTHOS, MAX_KEEPER_CARDS, MAX_QUESTIONS, MAX_LOG, MAX_ACTIONS,
                     MAX_SPACES, MAX_EVENTS, MAX_TRAUMA, MAX_FLAGS, MAX_POWERS, EV_CAP, HQ_CAP, NONE, NATTR,
                     WH_OUT, WH_PILE, WH_HAND, WH_DISCARD, ST_ALIVE, ST_UNSET, PH_GUIDE, CTX_TURN, CTX_KEEPER,
                     V_DISCARD)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# ----- g: the scalars -------------------------------------------------------------------------------
G_PHASE = const(0)
G_ACTOR = const(1)          # the seat deciding now (phases other than chance and over)
G_ROUND = const(2)
G_THREAT = const(3)
G_TOKENS = const(4)         # time tokens on the event deck
G_EVENT = const(5)          # the top event card (index); nevents when all are resolved
G_OBJ = const(6)            # the keeper's objective (0 .. 2), NONE before the guide is answered
G_REVEALED = const(7)
G_WINNER = const(8)
G_KSTEP = const(9)          # the keeper turn's step 1 .. 5, 0 outside it
G_Q = const(10)             # setup: the guide question / the seat choosing
G_TURN = const(11)          # the investigator whose turn it is
G_MOVES = const(12)         # movement steps left
G_ACTIONS = const(13)       # action steps left
G_CTX = const(14)
G_T_SEAT = const(15)        # the attribute test: who, which attribute, the target, what for
G_T_ATTR = const(16)
G_T_TARGET = const(17)
G_T_PURPOSE = const(18)
G_T_P1 = const(19)
G_T_P2 = const(20)
G_T_P3 = const(21)
G_T_ROLL = const(22)
G_MV_DEST = const(23)       # a move being made: where to, and whether it is the run action
G_MV_RUN = const(24)
G_X_ROOM = const(25)        # exploring: the room, cards passed from the top (left face up)
G_X_POS = const(26)
G_KM_SLOT = const(27)       # the keeper moving a monster, steps left
G_KM_STEPS = const(28)
G_TRADER = const(29)
G_COMBAT = const(30)        # the last combat card drawn (NONE: none yet)
G_KILL_FLAG = const(31)     # the investigators' kill objective met
G_PICKS = const(32)         # traits kept so far by the seat choosing
G_DROPPING = const(33)
G_KILLED = const(34)        # investigators killed or driven out
G_MTOP = const(35)          # next card of the mythos deck
G_HQ_N = const(36)          # pending horror checks
G_EVENT_WIN = const(37)     # the keeper's event objective met
G_LAST_EVENT = const(38)    # the last event card has just been resolved
G_PLAYERS = const(39)
G_T_SUM = const(40)         # the test: attribute + modifier + bonuses so far (the target before clamping)
G_T_LUCK = const(41)        # the test: a skill point spent on it (Luck added)
G_PEND = const(42)          # an action waiting for its evade tests (0: none), and its arguments
G_PEND_A = const(43)
G_PEND_B = const(44)
G_FORCED = const(45)        # a winner named by an event card (win:SIDE)
G_TR_SEAT = const(46)       # the investigator a trauma card may be played on now (the trauma window)
G_RAISE = const(47)         # the monster type a raise card places (the keeper picks the corpse)
G_MY_SEAT = const(48)       # the mythos window: the investigator whose turn starts
NG_V3 = const(49)           # the scalars a save of format version 3 digests
G_PL_LIST = const(49)       # an effect list waiting for the keeper's choice (-1: none): the list,
G_PL_POS = const(50)        # the position of the effect he chooses for,
G_PL_SEAT = const(51)       # the investigator the list acts on, the card it is the ability of,
G_PL_CARD = const(52)
G_PL_PURPOSE = const(53)    # and the purpose a test later in it resumes with
G_KM_BACK = const(54)       # where play resumes once a monster the keeper moves has stopped
G_FOE = const(55)           # the monster of the combat under way (slot), its type, the weapon used (NONE:
G_FOE_T = const(56)         # bare hands)
G_WEAPON = const(57)
G_EVENT_DUE = const(58)     # time tokens placed by an effect have reached the top event card's number
NG = const(59)


# every buffer of the state, in the order clone and the save's digest copy them
BUFFERS = ("g", "s_inv", "s_space", "s_damage", "s_horror", "s_skill", "s_stun", "s_state", "s_done",
           "s_unstunned", "s_trait", "s_attr", "s_trauma", "s_power", "s_due", "s_traumad", "c_where",
           "c_owner", "c_room", "c_up", "c_given", "c_used", "pile", "pile_n", "lock", "lock_up", "sealed",
           "barred", "dark", "fire", "corpse", "flags", "ev_row", "tr_where", "m_type", "m_space", "m_damage",
           "m_attacked", "m_stun", "m_evaded", "hchecked", "t_left", "cdeck", "ctop", "mdeck", "my_where",
           "kused", "answers", "hq", "barrier", "s_hidden")
# a save of format version 3 digests the buffers before "barrier", each at most this long (the
# limits of that version)
V3_BUFFERS = BUFFERS.index("barrier")
V3_SIZES = {"cdeck": 128, "mdeck": 32, "my_where": 32, "kused": 12, "tr_where": 24}


class Base:
    """The buffers of one game on one story. Subclassed by rules.State (the surface)."""

    def __init__(self, story, options, seed, players):
        self.story = story
        self.options = options
        self.seed = seed & prng.SEED_MAX
        self.players = players
        self.rng = prng.new_state(self.seed)
        self.g = array("h", [0] * NG)
        # seats
        self.s_inv = bytearray(MAX_SEATS)
        self.s_space = bytearray(MAX_SEATS)
        self.s_damage = bytearray(MAX_SEATS)
        self.s_horror = bytearray(MAX_SEATS)
        self.s_skill = bytearray(MAX_SEATS)
        self.s_stun = bytearray(MAX_SEATS)
        self.s_state = bytearray(MAX_SEATS)
        self.s_done = bytearray(MAX_SEATS)
        self.s_unstunned = bytearray(MAX_SEATS)
        self.s_trait = bytearray(MAX_SEATS * 2)
        self.s_attr = bytearray(MAX_SEATS * NATTR)          # attributes, the traits' applied
        self.s_trauma = bytearray(MAX_SEATS * 2)            # trauma card held, physical and insanity
        self.s_power = bytearray(MAX_SEATS * MAX_POWERS)    # abilities: 1 used this turn, 2 used for good
        self.s_due = bytearray(MAX_SEATS)                   # trauma window owed (horror while insane)
        self.s_traumad = bytearray(MAX_SEATS)               # a free insanity card played this keeper turn
        # cards
        self.c_where = bytearray(MAX_CARDS)
        self.c_owner = bytearray(MAX_CARDS)
        self.c_room = bytearray(MAX_CARDS)
        self.c_up = bytearray(MAX_CARDS)
        self.c_given = bytearray(MAX_CARDS)
        self.c_used = bytearray(MAX_CARDS)                  # a free or roll ability used this turn
        # rooms: piles (top at the end) and lock cards
        self.pile = bytearray(MAX_ROOMS * PILE_CAP)
        self.pile_n = bytearray(MAX_ROOMS)
        self.lock = bytearray(MAX_ROOMS)
        self.lock_up = bytearray(MAX_ROOMS)
        self.sealed = bytearray(MAX_DOORS)
        self.barrier = bytearray(MAX_DOORS)                 # a barricade on the door (the hide and barrier rules)
        self.s_hidden = bytearray(MAX_SEATS)                # hiding (until his next turn or a move)
        self.barred = bytearray(MAX_ROOMS)                  # a failed lock: no entry for the rest of the turn
        self.dark = bytearray(MAX_ROOMS)
        self.fire = bytearray(MAX_SPACES)
        self.corpse = bytearray(MAX_SPACES)
        self.flags = bytearray(MAX_FLAGS)
        self.ev_row = bytearray(MAX_EVENTS)                 # per stage: the card resolved (NONE: not yet)
        self.tr_where = bytearray(MAX_TRAUMA)               # NONE: in the keeper's pile; else the seat
        self.dist = bytearray(MAX_SPACES)                   # scratch for ranges (steps, NONE unreached)
        self.queue = bytearray(MAX_SPACES)
        # monsters on the board (m_type NONE: a free slot) and the types left to place
        self.m_type = bytearray(MAX_MONSTERS)
        self.m_space = bytearray(MAX_MONSTERS)
        self.m_damage = bytearray(MAX_MONSTERS)
        self.m_attacked = bytearray(MAX_MONSTERS)
        self.m_stun = bytearray(MAX_MONSTERS)
        self.m_evaded = bytearray(MAX_MONSTERS)             # evaded this turn by the turn's investigator
        self.hchecked = bytearray(MAX_SEATS * MAX_MONSTERS)  # horror checked this turn (first edition)
        self.t_left = bytearray(MAX_TYPES)
        # decks: combat (grouped by class, each shuffled), mythos, keeper action cards used
        self.cdeck = bytearray(MAX_COMBAT)
        self.ctop = bytearray(4)
        self.mdeck = bytearray(MAX_MYTHOS)
        self.my_where = bytearray(MAX_MYTHOS)        # 0 deck, 1 keeper's hand, 2 discarded
        self.kused = bytearray(MAX_KEEPER_CARDS)
        self.answers = bytearray(MAX_QUESTIONS)
        # pending horror checks: (seat, monster slot) pairs, first in first out
        self.hq = bytearray(HQ_CAP * 2)
        # what the last apply caused: (kind, a, b) records
        self.ev = bytearray(EV_CAP * 3)
        self.ev_n = 0
        self.log = array("i", [0] * MAX_LOG)
        self.nlog = 0
        self.scratch = array("i", [0] * MAX_ACTIONS)
        self.reset()

    def reset(self):
        """Back to the start of the game of this seed: the keeper answers the guide first."""
        story = self.story
        g = self.g
        for i in range(NG):
            g[i] = 0
        prng.seed(self.rng, self.seed)
        for i in range(MAX_SEATS):
            self.s_inv[i] = NONE
            self.s_space[i] = NONE
            self.s_damage[i] = 0
            self.s_horror[i] = 0
            self.s_skill[i] = 0
            self.s_stun[i] = 0
            self.s_state[i] = ST_UNSET
            self.s_done[i] = 0
            self.s_unstunned[i] = 0
        for i in range(MAX_SEATS * 2):
            self.s_trait[i] = NONE
            self.s_trauma[i] = NONE
        for i in range(MAX_SEATS * NATTR):
            self.s_attr[i] = 0
        for i in range(MAX_SEATS * MAX_POWERS):
            self.s_power[i] = 0
        for i in range(MAX_SEATS):
            self.s_due[i] = 0
            self.s_traumad[i] = 0
        for c in range(MAX_CARDS):
            self.c_where[c] = WH_OUT
            self.c_owner[c] = NONE
            self.c_room[c] = NONE
            self.c_up[c] = 0
            self.c_given[c] = 0
            self.c_used[c] = 0
        for i in range(MAX_ROOMS * PILE_CAP):
            self.pile[i] = NONE
        for r in range(MAX_ROOMS):
            self.pile_n[r] = 0
            self.lock[r] = NONE
            self.lock_up[r] = 0
        for r in range(MAX_ROOMS):
            self.barred[r] = 0
            self.dark[r] = 0
        for i in range(MAX_SPACES):
            self.fire[i] = 0
            self.corpse[i] = 0
        for i in range(MAX_FLAGS):
            self.flags[i] = 0
        for i in range(MAX_EVENTS):
            self.ev_row[i] = NONE
        for i in range(MAX_TRAUMA):
            self.tr_where[i] = NONE
        for i in range(MAX_SEATS * MAX_MONSTERS):
            self.hchecked[i] = 0
        for d in range(MAX_DOORS):
            self.sealed[d] = story.door_sealed[d] if d < story.ndoors else 0
            self.barrier[d] = 0
        for i in range(MAX_SEATS):
            self.s_hidden[i] = 0
        for m in range(MAX_MONSTERS):
            self.m_type[m] = NONE
            self.m_space[m] = NONE
            self.m_damage[m] = 0
            self.m_attacked[m] = 0
            self.m_stun[m] = 0
            self.m_evaded[m] = 0
        for t in range(MAX_TYPES):
            self.t_left[t] = story.type_count[t] if t < story.ntypes else 0
        for i in range(MAX_COMBAT):
            self.cdeck[i] = i if i < story.ncombat else NONE
        for k in range(3):
            self.ctop[k] = 0
            shuffle(self.rng, self.cdeck, story.class_start[k], story.class_count[k])
        for i in range(MAX_MYTHOS):
            self.mdeck[i] = i if i < story.nmythos else NONE
            self.my_where[i] = 0
        shuffle(self.rng, self.mdeck, 0, story.nmythos)
        for i in range(MAX_KEEPER_CARDS):
            self.kused[i] = 0
        for i in range(MAX_QUESTIONS):
            self.answers[i] = NONE
        for i in range(HQ_CAP * 2):
            self.hq[i] = 0
        self.ev_n = 0
        self.nlog = 0
        g[G_PHASE] = PH_GUIDE
        g[G_ACTOR] = 0
        g[G_OBJ] = NONE
        g[G_THREAT] = story.start_threat
        g[G_COMBAT] = NONE
        g[G_CTX] = CTX_TURN
        g[G_PLAYERS] = self.players
        g[G_T_SEAT] = NONE
        g[G_TURN] = NONE
        g[G_TRADER] = NONE
        g[G_TR_SEAT] = NONE
        g[G_MY_SEAT] = NONE
        g[G_PL_LIST] = -1
        g[G_KM_BACK] = CTX_KEEPER
        g[G_FOE] = NONE
        g[G_FOE_T] = NONE
        g[G_WEAPON] = NONE

    def clone(self):
        """An independent copy of this state, every buffer and the log included (allocates)."""
        other = self.__class__(self.story, self.options, self.seed, self.players)
        for name in BUFFERS + ("ev", "log", "rng"):
            src = getattr(self, name)
            dst = getattr(other, name)
            for i in range(len(src)):
                dst[i] = src[i]
        other.nlog = self.nlog
        other.ev_n = self.ev_n
        return other

    # ----- event records ---------------------------------------------------------------------------

    def record(self, kind, a, b):
        n = self.ev_n
        if n < EV_CAP:
            self.ev[n * 3] = kind
            self.ev[n * 3 + 1] = a & 255
            self.ev[n * 3 + 2] = b & 255
            self.ev_n = n + 1

    # ----- queries (no allocation) -------------------------------------------------------------------

    def alive(self, seat):
        return 0 < seat < self.players and self.s_state[seat] == ST_ALIVE

    def investigators(self):
        return self.players - 1

    def attr(self, seat, a):
        """The seat's attribute as set up (the investigator's, or his kept traits' where they give it)."""
        return self.s_attr[seat * NATTR + a]

    def insane(self, seat):
        """At zero sanity and still in the game (first edition: insanity=trauma)."""
        return self.alive(seat) and self.s_horror[seat] >= self.story.inv_sanity[self.s_inv[seat]]

    def room_of(self, space):
        return self.story.space_room[space]

    def holds(self, seat, c):
        return self.c_where[c] == WH_HAND and self.c_owner[c] == seat

    def monster_in(self, space):
        """The first monster slot in a space, or NONE."""
        for m in range(MAX_MONSTERS):
            if self.m_type[m] != NONE and self.m_space[m] == space:
                return m
        return NONE

    def investigator_in(self, space):
        """The first living investigator's seat in a space, or NONE."""
        for s in range(1, self.players):
            if self.s_state[s] == ST_ALIVE and self.s_space[s] == space:
                return s
        return NONE

    def passable(self, a, b):
        """True when a figure may step from space a to b (adjacent; a door only when not sealed)."""
        story = self.story
        n = story.nspaces
        code = story.adj[a * n + b]
        if code == 0:
            return False
        d = story.door[a * n + b]
        return d == NONE or not self.sealed[d]

    def free_slot(self):
        for m in range(MAX_MONSTERS):
            if self.m_type[m] == NONE:
                return m
        return NONE

    # ----- piles ---------------------------------------------------------------------------------------

    def pile_push(self, room, c, up):
        """Put card c on top of a room's pile; False when the pile is full."""
        n = self.pile_n[room]
        if n >= PILE_CAP:
            return False
        self.pile[room * PILE_CAP + n] = c
        self.pile_n[room] = n + 1
        self.c_where[c] = WH_PILE
        self.c_room[c] = room
        self.c_owner[c] = NONE
        self.c_up[c] = up
        return True

    def pile_remove(self, room, i):
        """Take the card at index i (0 = bottom) out of a room's pile."""
        base = room * PILE_CAP
        n = self.pile_n[room]
        c = self.pile[base + i]
        for k in range(i, n - 1):
            self.pile[base + k] = self.pile[base + k + 1]
        self.pile[base + n - 1] = NONE
        self.pile_n[room] = n - 1
        self.c_room[c] = NONE
        return c

    def discard_card(self, c):
        self.c_where[c] = WH_DISCARD
        self.c_owner[c] = NONE
        self.c_room[c] = NONE
        self.c_up[c] = 1
        self.record(V_DISCARD, c, 0)

    def distances(self, start):
        """Steps from space `start` to every space through open doors, into self.dist (NONE:
        unreached); breadth first over self.queue (no allocation)."""
        story = self.story
        n = story.nspaces
        dist = self.dist
        q = self.queue
        for i in range(n):
            dist[i] = NONE
        dist[start] = 0
        q[0] = start
        head = 0
        tail = 1
        while head < tail:
            s = q[head]
            head += 1
            for t in range(n):
                if dist[t] == NONE and self.passable(s, t):
                    dist[t] = dist[s] + 1
                    q[tail] = t
                    tail += 1
        return dist

    def to_hand(self, c, seat):
        self.c_where[c] = WH_HAND
        self.c_owner[c] = seat
        self.c_room[c] = NONE
        self.c_up[c] = 1

    # ----- horror-check queue --------------------------------------------------------------------------

    def hq_push(self, seat, slot):
        n = self.g[G_HQ_N]
        if n < HQ_CAP:
            self.hq[n * 2] = seat
            self.hq[n * 2 + 1] = slot
            self.g[G_HQ_N] = n + 1

    def hq_drop(self):
        """Remove the first pending check (read it from hq[0], hq[1] first)."""
        n = self.g[G_HQ_N]
        for i in range(2, n * 2):
            self.hq[i - 2] = self.hq[i]
        self.g[G_HQ_N] = n - 1


def shuffle(rng, buf, start, count):
    """Fisher-Yates over buf[start:start + count] with the kernel PRNG (no allocation)."""
    for i in range(count - 1, 0, -1):
        j = prng.die(rng, i + 1)
        t = buf[start + i]
        buf[start + i] = buf[start + j]
        buf[start + j] = t
