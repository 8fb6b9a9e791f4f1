"""A player's view: everything that player may know and nothing more, as bytes, and its decoder.

`write_view(state, p, buf)` fills a bytearray (VIEW_MAX long) without allocating and returns the
length; `state.view(p)` is those bytes. The layout (offsets V_*, so a screen reads fields in place):

    header      version, the viewer, players, the viewer's role, The Thing when the viewer knows it
                (The Thing itself, an Infected: it infected them; everyone at the end), the phase,
                the player deciding, the active player, the direction, the turn, the pile and discard
                counts, the result (255 while playing)
    decision    what the viewer may know of the pending decision: the exchange's kind, offerer and
                receiver (or the attacker and target), the card in play when the viewer may see it
                (their own offer, a face-up offer, the card played against someone), a count, the
                Resolute cards (the active player only), the viewer's Round and round card, the
                player swapped with this turn (they play next)
    table       seats (player per seat, 255 empty), each player's seat, Quarantine turns left, Locked doors per gap, hand
                sizes, known roles (255 unknown: the viewer's own, all for The Thing, The Thing for an
                Infected, all at the end), returns at the end, who is alive
    hand        the viewer's cards, sorted (the order in the state's buffers is never shown)
    discards    how many of each card lie face up known in the discard pile (played cards)
    log         the viewer's events: every public event, private events (an infection, a kept card)
                only for the players concerned, each card replaced by 255 unless the viewer saw it;
                4 bytes each: code, a, b, card. A bounded recent log: the events still in the state's
                ring (core.py, the newest MAX_EVENTS), fewer with write_view's `keep`; V_FIRST is the
                number of the viewer's events before the first one shown (so event i of the view is
                the viewer's event V_FIRST + i since setup, whatever has left the ring)

Never in a view: the PRNG, the pile's order, another player's hand, a role the viewer has not learnt.
`decode(view)` gives a View object for bots and screens.
"""

from .defs import (MAX_PLAYERS, HAND_MAX, NTYPES, MAX_EVENTS, EVENT_BYTES, NOBODY, NO_CARD, UNKNOWN, EV_PRIVATE,
                   THE_THING, INFECTED_ROLE, PH_ANSWER, PH_OFFER, PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_TARGET,
                   PH_RESOLUTE, PH_ROUND, R_PLAYING)
from .core import ev_first

VERSION = 2          # 2: the log is the ring's newest events, numbered from V_FIRST
V_VERSION = 0
V_ME = 1
V_PLAYERS = 2
V_ROLE = 3
V_THING = 4
V_PHASE = 5
V_ACTOR = 6
V_ACTIVE = 7
V_DIRECTION = 8
V_TURN = 9           # 2 bytes
V_PILE = 11
V_DISC = 12
V_RESULT = 13
V_CTX_KIND = 14
V_CTX_A = 15
V_CTX_B = 16
V_CTX_CARD = 17
V_CTX_N = 18
V_CTX_FLAG = 19
V_RES_N = 20
V_RES = 21           # 3
V_MY_PASS = 24
V_PARTNER = 25       # the player swapped with this turn: they play next
V_SEATS = 26
V_SEAT_OF = V_SEATS + MAX_PLAYERS      # each player's seat (an eliminated player's empty one too)
V_QUAR = V_SEAT_OF + MAX_PLAYERS
V_DOOR = V_QUAR + MAX_PLAYERS
V_HAND_COUNTS = V_DOOR + MAX_PLAYERS
V_ROLES = V_HAND_COUNTS + MAX_PLAYERS
V_RETURNS = V_ROLES + MAX_PLAYERS
V_ALIVE = V_RETURNS + MAX_PLAYERS
V_HAND_N = V_ALIVE + MAX_PLAYERS
V_HAND = V_HAND_N + 1
V_PUBLIC_DISC = V_HAND + HAND_MAX
V_FIRST = V_PUBLIC_DISC + NTYPES       # 4 bytes: the viewer's events before the first one shown
V_NEVENTS = V_FIRST + 4                # 2 bytes
V_EVENTS = V_NEVENTS + 2
VIEW_EVENT = 4
VIEW_MAX = V_EVENTS + MAX_EVENTS * VIEW_EVENT


def knows_thing(state, p):
    """The Thing as p knows it: itself, or the one who infected p, or everyone's at the end."""
    if state.result != R_PLAYING:
        return state.thing
    r = state.role[p]
    if r == THE_THING or r == INFECTED_ROLE:
        return state.thing
    return NOBODY


def write_head(state, p, buf):
    """Everything of player p's view but the log (write_view; a search's rollouts append the log
    themselves, event by event). Allocates nothing."""
    s = state
    over = s.result != R_PLAYING
    buf[V_VERSION] = VERSION
    buf[V_ME] = p
    buf[V_PLAYERS] = s.players
    buf[V_ROLE] = s.role[p]
    thing = knows_thing(s, p)
    buf[V_THING] = thing
    buf[V_PHASE] = s.phase
    buf[V_ACTOR] = s.actor
    buf[V_ACTIVE] = s.active
    buf[V_DIRECTION] = s.direction
    buf[V_TURN] = (s.turn >> 8) & 255
    buf[V_TURN + 1] = s.turn & 255
    buf[V_PILE] = s.pile_n
    buf[V_DISC] = s.disc_n
    buf[V_RESULT] = s.result
    # the pending decision
    ph = s.phase
    buf[V_CTX_KIND] = s.ctx_kind
    buf[V_CTX_A] = s.ctx_a
    buf[V_CTX_B] = s.ctx_b
    card = NO_CARD
    if ph == PH_ANSWER:
        if p == s.ctx_a or s.quar[s.ctx_a] or s.quar[s.ctx_b]:
            card = s.offer_card
    elif ph == PH_DEFEND_FLAME or ph == PH_DEFEND_SWAP or ph == PH_TARGET:
        card = s.ctx_card
    buf[V_CTX_CARD] = card
    buf[V_CTX_N] = s.ctx_n
    buf[V_CTX_FLAG] = s.ctx_flag
    buf[V_RES_N] = s.res_n if ph == PH_RESOLUTE else 0
    see_res = ph == PH_RESOLUTE and (p == s.active or s.quar[s.active])
    for i in range(3):
        buf[V_RES + i] = s.res[i] if (see_res and i < s.res_n) else NO_CARD
    buf[V_MY_PASS] = s.passes[p] if ph == PH_ROUND else NO_CARD
    buf[V_PARTNER] = s.partner
    if ph != PH_ANSWER and ph != PH_OFFER and ph != PH_ROUND:
        buf[V_CTX_FLAG] = 0
    # the table
    for q in range(MAX_PLAYERS):
        buf[V_SEATS + q] = s.seat_player[q]
        buf[V_SEAT_OF + q] = s.seat_of[q]
        buf[V_QUAR + q] = s.quar[q]
        buf[V_DOOR + q] = s.door[q]
        buf[V_HAND_COUNTS + q] = s.hand_n[q]
        if q >= s.players:
            known = UNKNOWN
        elif over or q == p or s.role[p] == THE_THING:
            known = s.role[q]
        elif q == thing:
            known = THE_THING
        else:
            known = UNKNOWN
        buf[V_ROLES + q] = known
        buf[V_RETURNS + q] = s.returns_[q] if over else 0
        buf[V_ALIVE + q] = s.alive[q]
    # the hand, sorted (insertion into the view)
    n = s.hand_n[p]
    base = p * HAND_MAX
    buf[V_HAND_N] = n
    for i in range(HAND_MAX):
        buf[V_HAND + i] = NO_CARD
    for i in range(n):
        c = s.hand[base + i]
        j = i
        while j > 0 and buf[V_HAND + j - 1] > c:
            buf[V_HAND + j] = buf[V_HAND + j - 1]
            j -= 1
        buf[V_HAND + j] = c
    # face-up cards in the discard pile
    for t in range(NTYPES):
        buf[V_PUBLIC_DISC + t] = 0
    for i in range(s.disc_n):
        if s.disc_pub[i]:
            buf[V_PUBLIC_DISC + s.disc[i]] += 1
    put_first(buf, s.dropped[p])


def put_first(buf, first):
    buf[V_FIRST] = (first >> 24) & 255
    buf[V_FIRST + 1] = (first >> 16) & 255
    buf[V_FIRST + 2] = (first >> 8) & 255
    buf[V_FIRST + 3] = first & 255


def write_view(state, p, buf, keep=MAX_EVENTS):
    """Fill buf with player p's view; return its length. Allocates nothing. With `keep`, only the
    newest `keep` events of the log are written (the handheld's small buffer: V_EVENTS + 4 * keep);
    the view proper (state.view) keeps all those still in the ring."""
    write_head(state, p, buf)
    s = state
    bit = 1 << p
    hi = bit >> 8
    lo = bit & 255
    ev = s.ev
    first = ev_first(s)
    skip = 0
    if keep < s.nev - first:
        for i in range(first, s.nev):
            e = (i % MAX_EVENTS) * EVENT_BYTES
            if not ev[e] & EV_PRIVATE or (ev[e + 4] & hi) | (ev[e + 5] & lo):
                skip += 1
        skip = skip - keep if skip > keep else 0
        put_first(buf, s.dropped[p] + skip)
    return write_log(s, p, buf, V_EVENTS, 0, first, skip)


def write_log(state, p, buf, k, count, first, skip=0):
    """Write player p's log into buf at k, after `count` events already there: the events from index
    `first` on (those still in the ring) that p may see (a private event's card only if p saw it), the
    oldest `skip` of them left out. Sets the view's event count; returns the new end. Allocates
    nothing. write_view writes the whole log; a search's rollouts (search.RolloutViews) append the new
    events at every step."""
    s = state
    ev = s.ev
    bit = 1 << p
    hi = bit >> 8
    lo = bit & 255
    oldest = ev_first(s)
    if first < oldest:
        first = oldest
    for i in range(first, s.nev):
        e = (i % MAX_EVENTS) * EVENT_BYTES
        code = ev[e]
        seen = (ev[e + 4] & hi) | (ev[e + 5] & lo)
        if seen or not code & EV_PRIVATE:
            if skip:
                skip -= 1
                continue
            buf[k] = code
            buf[k + 1] = ev[e + 1]
            buf[k + 2] = ev[e + 2]
            buf[k + 3] = ev[e + 3] if seen else NO_CARD
            k += VIEW_EVENT
            count += 1
    buf[V_NEVENTS] = count >> 8
    buf[V_NEVENTS + 1] = count & 255
    return k


class View:
    """A decoded view (allocates: for bots, the terminal and tests; screens read bytes in place)."""

    def __init__(self, v):
        v = bytes(v)
        if len(v) < V_EVENTS or v[V_VERSION] != VERSION:
            raise ValueError("not a Stay Away! view")
        self.raw = v
        self.me = v[V_ME]
        self.players = n = v[V_PLAYERS]
        self.role = v[V_ROLE]
        self.thing = v[V_THING]
        self.phase = v[V_PHASE]
        self.actor = v[V_ACTOR]
        self.active = v[V_ACTIVE]
        self.direction = v[V_DIRECTION]
        self.turn = (v[V_TURN] << 8) | v[V_TURN + 1]
        self.pile = v[V_PILE]
        self.discards = v[V_DISC]
        self.result = v[V_RESULT]
        self.ctx_kind = v[V_CTX_KIND]
        self.ctx_a = v[V_CTX_A]
        self.ctx_b = v[V_CTX_B]
        self.ctx_card = v[V_CTX_CARD]
        self.ctx_n = v[V_CTX_N]
        self.ctx_flag = v[V_CTX_FLAG]
        self.res = [v[V_RES + i] for i in range(v[V_RES_N])]
        self.my_pass = v[V_MY_PASS]
        self.partner = v[V_PARTNER]
        self.seats = list(v[V_SEATS:V_SEATS + n])
        self.seat_index = list(v[V_SEAT_OF:V_SEAT_OF + n])
        self.quarantine = list(v[V_QUAR:V_QUAR + n])
        self.doors = list(v[V_DOOR:V_DOOR + n])
        self.hand_counts = list(v[V_HAND_COUNTS:V_HAND_COUNTS + n])
        self.roles = list(v[V_ROLES:V_ROLES + n])
        self.returns = list(v[V_RETURNS:V_RETURNS + n])
        self.alive = list(v[V_ALIVE:V_ALIVE + n])
        self.hand = list(v[V_HAND:V_HAND + v[V_HAND_N]])
        self.public_discards = list(v[V_PUBLIC_DISC:V_PUBLIC_DISC + NTYPES])
        self.first = (v[V_FIRST] << 24) | (v[V_FIRST + 1] << 16) | (v[V_FIRST + 2] << 8) | v[V_FIRST + 3]
        self.nevents = (v[V_NEVENTS] << 8) | v[V_NEVENTS + 1]
        self.end = self.first + self.nevents      # the viewer's events since setup

    @property
    def events(self):
        """Every event of the log as (code, a, b, card) tuples (the viewer's events self.first on)."""
        return [self.event(i) for i in range(self.nevents)]

    def events_since(self, n):
        """The events after the viewer's first n since setup that the log still holds (a screen's
        "what is new since you last looked")."""
        return [self.event(i) for i in range(max(0, n - self.first), self.nevents)]

    def event(self, i):
        """Event i of this log (the viewer's event self.first + i since setup)."""
        k = V_EVENTS + i * VIEW_EVENT
        v = self.raw
        return (v[k], v[k + 1], v[k + 2], v[k + 3])

    def seat_of(self, p):
        for s in range(self.players):
            if self.seats[s] == p:
                return s
        return -1

    def neighbour(self, p, d):
        """The next living player from p in direction d (0 clockwise)."""
        n = self.players
        s = self.seat_of(p)
        if s < 0:
            return p
        for _ in range(n):
            s = (s + 1) % n if d == 0 else (s + n - 1) % n
            if self.seats[s] != NOBODY:
                return self.seats[s]
        return p

    def over(self):
        return self.result != R_PLAYING


def decode(v):
    return View(v)
