"""Per-player views as bytes: everything that player may know and nothing more, and the Reader that
bots and screens use to read one (they never touch the state).

Hidden from the investigators: the keeper's guide answers and objective (until clue 1 reveals it),
the identity and order of face-down cards (a room shows its lock card's back, an obstacle's back
where one lies, and how many face-down cards it holds), the cards out of the game, the keeper's hand
(its size is public; played mythos cards are public) and the event cards not yet resolved (the top
card's time number is public). Hidden from everyone: the order of the combat and mythos decks and
the PRNG. Investigators' cards lie face up, so the keeper sees them.

Layout (all bytes; NONE = 255), version 2:
    header   HEAD bytes, see the H_* offsets
    seats    per field, MAX_SEATS each: investigator, space, damage, horror, skill, stun, state,
             done; then the two traits kept, 2 x MAX_SEATS; the attributes, NATTR per seat; the
             trauma cards held (physical, insanity), 2 per seat; the abilities used (0 ready, 1 this
             turn, 2 for good), MAX_POWERS per seat
    cards    ncards x 2: where (CW_*), detail (room or owner)
    rooms    nrooms x (4 + PILE_CAP): cards on the pile, face-down count, face-down obstacle backs,
             lock (0 none, 1 face down, 2 face up), then the pile bottom to top: a card id, or
             FACE_DOWN / OBSTACLE_BACK for face-down cards the viewer may not know, NONE past the end;
             then nrooms x 2: barred to the turn's investigator (a failed lock), dark
    doors    ndoors: sealed
    spaces   nspaces x 2: fire, corpse
    monsters per field, MAX_MONSTERS each: type, space, damage, attacked this turn, stunned,
             evaded this turn by the turn's investigator
    supply   ntypes: monsters of each type left to place
    kcards   nkcards: keeper action cards used this turn
    mythos   nmythos: 0 deck or unknown, 1 in the keeper's hand (keeper only), 2 played
    events   nevents (the deck's stages): the card resolved for the stage, NONE before
    trauma   ntrauma: NONE in the keeper's pile, 254 replaced, else the seat holding it
    flags    nflags: the story's flags (set by cards and events everyone sees)
    barriers ndoors: a barricade on the door
    hiding   MAX_SEATS: the investigator is hiding
    choice   2: the effect waiting for the keeper's choice (its opcode, 0 none) and its amount
"""

from . import effects
from .consts import (NONE, MAX_SEATS, MAX_MONSTERS, MAX_POWERS, NATTR, PILE_CAP, KEEPER, WH_PILE, WH_LOCK,
                     WH_HAND, WH_DISCARD, K_OBSTACLE, PH_ROLL, PH_OVER, MAX_QUESTIONS)
from .state import (G_PHASE, G_ACTOR, G_ROUND, G_THREAT, G_TOKENS, G_EVENT, G_OBJ, G_REVEALED,
                    G_WINNER, G_KSTEP, G_TURN, G_MOVES, G_ACTIONS, G_T_SEAT, G_T_ATTR, G_T_TARGET,
                    G_T_PURPOSE, G_T_ROLL, G_X_ROOM, G_X_POS, G_MV_DEST, G_KM_SLOT, G_KM_STEPS,
                    G_TRADER, G_COMBAT, G_MTOP, G_T_P1, G_DROPPING, G_CTX, G_HQ_N, G_KILLED, G_T_LUCK,
                    G_T_SUM, G_PEND, G_FORCED, G_TR_SEAT, G_MY_SEAT)

VERSION = 3
FACE_DOWN = 254
OBSTACLE_BACK = 253

# header offsets
H_MAGIC = 0
H_VIEWER = 1
H_PLAYERS = 2
H_PHASE = 3
H_ACTOR = 4
H_ROUND = 5
H_THREAT = 6            # two bytes
H_TOKENS = 8
H_EVENT = 9
H_NEVENTS = 10
H_TIME = 11             # the top event card's time number (0: none left)
H_REVEALED = 12
H_OBJ = 13
H_WINNER = 14
H_KSTEP = 15
H_TURN = 16
H_MOVES = 17
H_ACTIONS = 18
H_T_SEAT = 19
H_T_ATTR = 20
H_T_TARGET = 21
H_T_PURPOSE = 22
H_T_ROLL = 23
H_X_ROOM = 24
H_X_POS = 25
H_MV_DEST = 26
H_KM_SLOT = 27
H_KM_STEPS = 28
H_TRADER = 29
H_COMBAT = 30
H_HAND = 31             # cards in the keeper's hand
H_MDECK = 32            # mythos cards left in the deck
H_T_P1 = 33
H_DROPPING = 34
H_CTX = 35
H_HQ = 36
H_KILLED = 37
H_T_LUCK = 38           # a skill point spent on the test (Luck added)
H_T_SUM = 39            # the test's target before it is kept to the die, + 64
H_PEND = 40             # the action kind waiting for its evade tests (0 none)
H_FORCED = 41           # a winner an event card has named
H_TR_SEAT = 42          # the investigator of the trauma window (NONE: a keeper card's, anyone)
H_MY_SEAT = 43          # the investigator of the mythos window
H_ANSWERS = 44          # MAX_QUESTIONS bytes: the guide's answers (keeper only)
HEAD = H_ANSWERS + MAX_QUESTIONS
SEAT = 10 + NATTR + 2 + MAX_POWERS
_PAD = bytes([NONE] * (2 * MAX_SEATS))

# card places as a viewer sees them
CW_UNKNOWN = 0
CW_PILE_DOWN = 1
CW_LOCK_DOWN = 2
CW_HAND = 3
CW_DISCARD = 4
CW_PILE_UP = 5
CW_LOCK_UP = 6
CW_OUT = 7


def encode(st, p):
    keeper = p == KEEPER
    out = _header(st, p, keeper)
    _seats(st, out)
    _cards(st, out, keeper)
    _rooms(st, out, keeper)
    _board(st, out)
    _monsters_and_decks(st, out, keeper)
    return bytes(out)


def _header(st, p, keeper):
    """The HEAD bytes: the game's scalars as p may see them."""
    story = st.story
    g = st.g
    out = bytearray(HEAD)
    out[H_MAGIC] = 0x56
    out[H_VIEWER] = p
    out[H_PLAYERS] = st.players
    ph = g[G_PHASE]
    out[H_PHASE] = ph
    out[H_ACTOR] = NONE if ph == PH_ROLL or ph == PH_OVER else g[G_ACTOR]
    out[H_ROUND] = g[G_ROUND]
    out[H_THREAT] = g[G_THREAT] >> 8
    out[H_THREAT + 1] = g[G_THREAT] & 255
    out[H_TOKENS] = g[G_TOKENS]
    out[H_EVENT] = g[G_EVENT]
    out[H_NEVENTS] = story.nevents
    out[H_TIME] = story.stage_time[g[G_EVENT]] if g[G_EVENT] < story.nevents else 0
    out[H_REVEALED] = g[G_REVEALED]
    out[H_OBJ] = g[G_OBJ] if (keeper or g[G_REVEALED]) else NONE
    out[H_WINNER] = g[G_WINNER]
    out[H_KSTEP] = g[G_KSTEP]
    _turn_and_test(st, out)
    hand = 0
    for c in range(story.nmythos):
        if st.my_where[c] == 1:
            hand += 1
    out[H_HAND] = hand
    out[H_MDECK] = story.nmythos - g[G_MTOP]
    out[H_CTX] = g[G_CTX]
    out[H_HQ] = g[G_HQ_N]
    out[H_KILLED] = g[G_KILLED]
    out[H_FORCED] = g[G_FORCED]
    for q in range(MAX_QUESTIONS):
        out[H_ANSWERS + q] = st.answers[q] if keeper else NONE
    return out


def _turn_and_test(st, out):
    """The header's turn, test, move, explore, keeper-move, trade and window fields (public)."""
    g = st.g
    out[H_TURN] = g[G_TURN] & 255
    out[H_MOVES] = g[G_MOVES]
    out[H_ACTIONS] = g[G_ACTIONS]
    out[H_T_SEAT] = g[G_T_SEAT] & 255
    out[H_T_ATTR] = g[G_T_ATTR]
    out[H_T_TARGET] = g[G_T_TARGET]
    out[H_T_PURPOSE] = g[G_T_PURPOSE]
    out[H_T_ROLL] = g[G_T_ROLL]
    out[H_X_ROOM] = g[G_X_ROOM]
    out[H_X_POS] = g[G_X_POS]
    out[H_MV_DEST] = g[G_MV_DEST]
    out[H_KM_SLOT] = g[G_KM_SLOT]
    out[H_KM_STEPS] = g[G_KM_STEPS]
    out[H_TRADER] = g[G_TRADER] & 255
    out[H_COMBAT] = g[G_COMBAT] & 255
    out[H_T_P1] = g[G_T_P1] & 255
    out[H_DROPPING] = g[G_DROPPING]
    out[H_T_LUCK] = g[G_T_LUCK]
    t = g[G_T_SUM] + 64
    out[H_T_SUM] = 0 if t < 0 else 255 if t > 255 else t
    out[H_PEND] = g[G_PEND]
    out[H_TR_SEAT] = g[G_TR_SEAT] & 255
    out[H_MY_SEAT] = g[G_MY_SEAT] & 255


def _seats(st, out):
    """Per seat: each field MAX_SEATS wide (the empty seats padded), traits, attributes, trauma, powers."""
    players = st.players
    for buf in (st.s_inv, st.s_space, st.s_damage, st.s_horror, st.s_skill, st.s_stun, st.s_state,
                st.s_done):
        out.extend(buf[:players])
        out.extend(_PAD[:MAX_SEATS - players])
    out.extend(st.s_trait[:players * 2])
    out.extend(_PAD[:(MAX_SEATS - players) * 2])
    out.extend(st.s_attr)
    out.extend(st.s_trauma)
    out.extend(st.s_power)


def _cards(st, out, keeper):
    """Per card (where, detail), written in place: a face-down card's place only to the keeper."""
    nc = st.story.ncards
    base = len(out)
    out.extend(bytes(2 * nc))
    for c in range(nc):
        w, d = _card_place(st, c, keeper)
        out[base + 2 * c] = w
        out[base + 2 * c + 1] = d


def _card_place(st, c, keeper):
    w = st.c_where[c]
    if w == WH_HAND:
        return CW_HAND, st.c_owner[c]
    if w == WH_DISCARD:
        return CW_DISCARD, NONE
    room = st.c_room[c]
    if w == WH_PILE and st.c_up[c]:
        return CW_PILE_UP, room
    if w == WH_LOCK and st.lock_up[room]:
        return CW_LOCK_UP, room
    if not keeper:
        return CW_UNKNOWN, NONE
    if w == WH_PILE:
        return CW_PILE_DOWN, room
    if w == WH_LOCK:
        return CW_LOCK_DOWN, room
    return CW_OUT, NONE


def _rooms(st, out, keeper):
    """Per room: counts, the lock, the pile bottom to top (face-down cards as backs to investigators);
    then per room barred and dark."""
    story = st.story
    kinds = story.card_kind
    c_up = st.c_up
    for r in range(story.nrooms):
        n = st.pile_n[r]
        at = r * PILE_CAP
        row = bytearray(st.pile[at:at + PILE_CAP])
        down = 0
        obstacles = 0
        for i in range(n):
            c = row[i]
            if c_up[c]:
                continue
            down += 1
            if kinds[c] == K_OBSTACLE:
                obstacles += 1
            if not keeper:
                row[i] = OBSTACLE_BACK if kinds[c] == K_OBSTACLE else FACE_DOWN
        lock = st.lock[r]
        out.append(n)
        out.append(down)
        out.append(obstacles)
        out.append(0 if lock == NONE else 2 if st.lock_up[r] else 1)
        out.extend(row)
    for r in range(story.nrooms):
        out.append(st.barred[r])
        out.append(st.dark[r])


def _board(st, out):
    """Doors sealed; per space fire and corpse."""
    story = st.story
    out.extend(st.sealed[:story.ndoors])
    for sp in range(story.nspaces):
        out.append(st.fire[sp])
        out.append(st.corpse[sp])


def _monsters_and_decks(st, out, keeper):
    """Monsters, the supply, keeper cards used, mythos cards (the hand only to the keeper), events
    resolved, trauma cards, flags."""
    story = st.story
    out.extend(st.m_type)
    out.extend(st.m_space)
    out.extend(st.m_damage)
    out.extend(st.m_attacked)
    out.extend(st.m_stun)
    out.extend(st.m_evaded)
    out.extend(st.t_left[:story.ntypes])
    out.extend(st.kused[:story.nkcards])
    for c in range(story.nmythos):
        w = st.my_where[c]
        out.append(w if (keeper or w == 2) else 0)
    out.extend(st.ev_row[:story.nevents])
    out.extend(st.tr_where[:story.ntrauma])
    out.extend(st.flags[:story.nflags])
    out.extend(st.barrier[:story.ndoors])
    out.extend(st.s_hidden)
    i = effects.pending_at(st)
    out.append(story.eff.op[i] if i >= 0 else 0)
    out.append(story.eff.n[i] if i >= 0 else 0)


class Reader:
    """Reads a view (bytes) of a game on `story`: header fields by name, and per seat, card, room,
    monster. Bots and screens read views only through this."""

    def __init__(self, story, view):
        self.story = story
        self.v = view
        self.seats_at = HEAD
        self.attrs_at = HEAD + MAX_SEATS * 10
        self.trauma_held_at = self.attrs_at + MAX_SEATS * NATTR
        self.powers_at = self.trauma_held_at + MAX_SEATS * 2
        self.cards_at = HEAD + MAX_SEATS * SEAT
        self.rooms_at = self.cards_at + story.ncards * 2
        self.marks_at = self.rooms_at + story.nrooms * (4 + PILE_CAP)
        self.doors_at = self.marks_at + story.nrooms * 2
        self.spaces_at = self.doors_at + story.ndoors
        self.monsters_at = self.spaces_at + story.nspaces * 2
        self.supply_at = self.monsters_at + MAX_MONSTERS * 6
        self.kcards_at = self.supply_at + story.ntypes
        self.mythos_at = self.kcards_at + story.nkcards
        self.events_at = self.mythos_at + story.nmythos
        self.trauma_at = self.events_at + story.nevents
        self.flags_at = self.trauma_at + story.ntrauma
        self.barriers_at = self.flags_at + story.nflags
        self.hidden_at = self.barriers_at + story.ndoors
        self.choice_at = self.hidden_at + MAX_SEATS
        if len(view) != self.choice_at + 2 or view[0] != 0x56:
            raise ValueError("not a view of this story")

    def h(self, offset):
        return self.v[offset]

    @property
    def viewer(self):
        return self.v[H_VIEWER]

    @property
    def players(self):
        return self.v[H_PLAYERS]

    @property
    def threat(self):
        return (self.v[H_THREAT] << 8) | self.v[H_THREAT + 1]

    def seat(self, s, field):
        """field 0 investigator, 1 space, 2 damage, 3 horror, 4 skill, 5 stun, 6 state, 7 done,
        8 and 9 the traits kept."""
        if field >= 8:
            return self.v[self.seats_at + 8 * MAX_SEATS + s * 2 + field - 8]
        return self.v[self.seats_at + field * MAX_SEATS + s]

    def attr(self, s, a):
        """Seat s's attribute a (the investigator's, or a kept trait's)."""
        return self.v[self.attrs_at + s * NATTR + a]

    def trauma_held(self, s, k):
        """The trauma card seat s holds of type k (0 physical, 1 insanity), or NONE."""
        return self.v[self.trauma_held_at + s * 2 + k]

    def power(self, s, k):
        """Seat s's ability k (0 the character's, 1 and 2 the traits'): 0 ready, 1 used this turn, 2 spent."""
        return self.v[self.powers_at + s * MAX_POWERS + k]

    def insane(self, s):
        inv = self.seat(s, 0)
        return inv != NONE and self.seat(s, 6) == 1 and self.seat(s, 3) >= self.story.inv_sanity[inv]

    def card(self, c):
        """(where CW_*, room or owner)."""
        i = self.cards_at + c * 2
        return self.v[i], self.v[i + 1]

    def hand(self, s):
        out = []
        for c in range(self.story.ncards):
            w, d = self.card(c)
            if w == CW_HAND and d == s:
                out.append(c)
        return out

    def room(self, r):
        """(cards on the pile, face down, face-down obstacles, lock 0/1/2, [pile bottom to top])."""
        i = self.rooms_at + r * (4 + PILE_CAP)
        n = self.v[i]
        return self.v[i], self.v[i + 1], self.v[i + 2], self.v[i + 3], list(self.v[i + 4:i + 4 + n])

    def barred(self, r):
        """Room r is barred to the turn's investigator for the rest of his turn (a failed lock)."""
        return self.v[self.marks_at + 2 * r]

    def dark(self, r):
        return self.v[self.marks_at + 2 * r + 1]

    def fire(self, sp):
        return self.v[self.spaces_at + 2 * sp]

    def corpse(self, sp):
        return self.v[self.spaces_at + 2 * sp + 1]

    def sealed(self, d):
        return self.v[self.doors_at + d]

    def monster(self, m):
        """(type or NONE, space, damage, attacked)."""
        i = self.monsters_at + m
        return self.v[i], self.v[i + MAX_MONSTERS], self.v[i + 2 * MAX_MONSTERS], self.v[i + 3 * MAX_MONSTERS]

    def monsters(self):
        """[(slot, type, space, damage, attacked)] of the monsters on the board."""
        return [(m,) + self.monster(m) for m in range(MAX_MONSTERS) if self.v[self.monsters_at + m] != NONE]

    def monster_marks(self, m):
        """(stunned, evaded this turn by the turn's investigator)."""
        i = self.monsters_at + m
        return self.v[i + 4 * MAX_MONSTERS], self.v[i + 5 * MAX_MONSTERS]

    def event_row(self, k):
        """The event card resolved for stage k, or NONE."""
        return self.v[self.events_at + k]

    def trauma(self, t):
        """Where trauma card t is: NONE the keeper's pile, 254 replaced, else the seat holding it."""
        return self.v[self.trauma_at + t]

    def flag(self, f):
        return self.v[self.flags_at + f]

    def barrier(self, d):
        """A barricade on door d."""
        return self.v[self.barriers_at + d]

    def hidden(self, s):
        """Seat s is hiding."""
        return self.v[self.hidden_at + s]

    def choice(self):
        """(opcode, amount) of the effect waiting for the keeper's choice; (0, 0) when none."""
        return self.v[self.choice_at], self.v[self.choice_at + 1]

    def supply(self, t):
        return self.v[self.supply_at + t]

    def kcard_used(self, k):
        return self.v[self.kcards_at + k]

    def mythos(self, c):
        return self.v[self.mythos_at + c]

    def passable(self, a, b):
        story = self.story
        n = story.nspaces
        if not story.adj[a * n + b]:
            return False
        d = story.door[a * n + b]
        return d == NONE or not self.sealed(d)

    def distances(self, start):
        """Steps from `start` (a space, or a collection of spaces) to every space through open doors
        (NONE: unreachable)."""
        n = self.story.nspaces
        dist = bytearray([NONE] * n)
        todo = [start] if isinstance(start, int) else list(start)
        for s in todo:
            dist[s] = 0
        k = 0
        while k < len(todo):
            s = todo[k]
            k += 1
            for t in range(n):
                if dist[t] == NONE and self.passable(s, t):
                    dist[t] = dist[s] + 1
                    todo.append(t)
        return dist
