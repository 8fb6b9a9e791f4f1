"""The state's buffers and the queries and moves every part of the rules uses: the table (seats,
doors, Quarantine, direction), hands, the draw and discard piles, and the referee log.

The table: seats 0 .. players - 1 round it, clockwise (to the left) is seat + 1. `seat_player[s]` is
the player on seat s (NOBODY once they are eliminated: the seat stays empty and the circle closes over
it); `seat_of[p]` is p's seat. A Locked door lies on a gap: gap g is between seats g and g + 1, and it
stays there when players swap seats or leave. Two players next to each other are separated by a door
when one lies on a gap between their seats (on the side where they are next to each other).

Every buffer is allocated here once; after setup nothing in the per-step paths allocates.
"""

from array import array

from ... import prng
from .defs import (MAX_PLAYERS, HAND_MAX, DECK_MAX, MAX_EVENTS, EVENT_BYTES, MAX_LOG, MAX_ACTIONS, NOBODY, EV_PRIVATE,
                   NO_CARD, MASK_ALL, CARD_KIND, K_PANIC, THING, INFECTED, HUMAN, THE_THING, INFECTED_ROLE,
                   E_RESHUFFLE, E_BURY, E_DRAW, E_DISCARD, E_BECOME_THING, R_PLAYING, PH_PLAY, X_TURN,
                   E_SHOW, FLAMETHROWER, NTYPES)


class Core:
    """Buffers and table queries. Players are numbered 0 .. players - 1; player p starts on seat p."""

    def alloc(self, players):
        self.players = players
        self.prng = array("i", [1, 1])
        self.seat_player = bytearray(MAX_PLAYERS)
        self.seat_of = bytearray(MAX_PLAYERS)
        self.alive = bytearray(MAX_PLAYERS)
        self.role = bytearray(MAX_PLAYERS)
        self.quar = bytearray(MAX_PLAYERS)          # Quarantine: the target's turns left, 0 none
        self.door = bytearray(MAX_PLAYERS)          # 1 when a Locked door lies on gap g
        self.hand = bytearray(MAX_PLAYERS * HAND_MAX)
        self.hand_n = bytearray(MAX_PLAYERS)
        self.pile = bytearray(DECK_MAX)             # the top is pile[pile_n - 1]
        self.disc = bytearray(DECK_MAX)
        self.disc_pub = bytearray(DECK_MAX)         # 1 when everyone saw the card go there
        self.res = bytearray(3)                     # the Resolute draw
        self.passes = bytearray(MAX_PLAYERS)        # Round and round: each player's card
        self.returns_ = bytearray(MAX_PLAYERS)
        self.ever_eliminated_human = 0
        self.ev = bytearray(MAX_EVENTS * EVENT_BYTES)     # a ring: the newest MAX_EVENTS events
        # from bytes (no list of zeros on the way): the initializer is raw memory, so an item of
        # k bytes takes k bytes of it
        self.dropped = array("i", bytes(4 * MAX_PLAYERS))  # each player's events gone from the ring
        self.log = array("H", bytes(2 * MAX_LOG))       # grows past MAX_LOG (log_action)
        self.buf = array("i", bytes(4 * MAX_ACTIONS))
        self.tally_buf = bytearray(NTYPES)          # copies of each card in one hand (legal.py)
        self.record = True                          # False in a search's imagined games: no log
        self.clear()

    def clear(self):
        """Everything back to zero (setup then deals)."""
        n = self.players
        for p in range(MAX_PLAYERS):
            self.seat_player[p] = p if p < n else NOBODY
            self.seat_of[p] = p
            self.alive[p] = 1 if p < n else 0
            self.role[p] = HUMAN
            self.quar[p] = 0
            self.door[p] = 0
            self.hand_n[p] = 0
            self.passes[p] = NO_CARD
            self.returns_[p] = 0
        self.pile_n = 0
        self.disc_n = 0
        self.res_n = 0
        self.direction = 0
        self.thing = NOBODY
        self.phase = PH_PLAY
        self.active = 0
        self.actor = 0
        self.turn = 0
        self.ctx_kind = X_TURN
        self.ctx_a = NOBODY
        self.ctx_b = NOBODY
        self.ctx_card = NO_CARD
        self.ctx_n = 0
        self.ctx_flag = 0
        self.offer_card = NO_CARD
        self.partner = NOBODY
        self.last_infected = NOBODY
        self.ever_eliminated_human = 0
        self.thing_known = 0        # players who have seen The Thing card in its owner's hand (a mask)
        self.flame_old = 0          # Flamethrowers The Thing has held since the start of one of its turns
        self.result = R_PLAYING
        self.nev = 0
        self.nlog = 0
        for p in range(MAX_PLAYERS):
            self.dropped[p] = 0
        # every hand and reserve slot, not only those in use: the save holds them all, so a game
        # replayed in place must not keep the cards a later turn left in them
        for i in range(MAX_PLAYERS * HAND_MAX):
            self.hand[i] = 0
        for i in range(len(self.res)):
            self.res[i] = 0

    # ----- the table ---------------------------------------------------------------------------

    def step_seat(self, seat, d):
        return (seat + 1) % self.players if d == 0 else (seat + self.players - 1) % self.players

    def neighbour(self, p, d):
        """The next living player from p in direction d (0 clockwise, 1 anticlockwise); p if alone."""
        s = self.seat_of[p]
        for _ in range(self.players):
            s = self.step_seat(s, d)
            q = self.seat_player[s]
            if q != NOBODY:
                return q
        return p

    def nth_neighbour(self, p, d, k):
        q = p
        for _ in range(k):
            q = self.neighbour(q, d)
        return q

    def blocked(self, p, d):
        """True when a Locked door lies between p and their neighbour in direction d."""
        s = self.seat_of[p]
        q = self.neighbour(p, d)
        t = self.seat_of[q]
        n = self.players
        for _ in range(n):
            gap = s if d == 0 else (s + n - 1) % n
            if self.door[gap]:
                return True
            s = self.step_seat(s, d)
            if s == t:
                return False
        return False

    def adjacent_open(self, p, q):
        """q sits next to p and no Locked door lies between them on that side."""
        if q == p:
            return False
        return (self.neighbour(p, 0) == q and not self.blocked(p, 0)) or \
               (self.neighbour(p, 1) == q and not self.blocked(p, 1))

    def door_bars(self, p, q):
        """p and q sit next to each other only across Locked doors (so neither may target the other)."""
        if q == p:
            return False
        near = False
        for d in range(2):
            if self.neighbour(p, d) == q:
                if not self.blocked(p, d):
                    return False
                near = True
        return near

    def next_player(self, p):
        return self.neighbour(p, self.direction)

    def living(self):
        n = 0
        for p in range(self.players):
            if self.alive[p]:
                n += 1
        return n

    def count_role(self, role):
        n = 0
        for p in range(self.players):
            if self.alive[p] and self.role[p] == role:
                n += 1
        return n

    # ----- hands -------------------------------------------------------------------------------

    def count_in_hand(self, p, t):
        base = p * HAND_MAX
        n = 0
        for i in range(self.hand_n[p]):
            if self.hand[base + i] == t:
                n += 1
        return n

    def tally(self, p):
        """tally_buf[t]: how many cards of type t p holds."""
        tc = self.tally_buf
        for t in range(NTYPES):
            tc[t] = 0
        base = p * HAND_MAX
        for i in range(self.hand_n[p]):
            tc[self.hand[base + i]] += 1
        return tc

    def hand_add(self, p, t):
        self.hand[p * HAND_MAX + self.hand_n[p]] = t
        self.hand_n[p] += 1

    def hand_remove(self, p, t):
        """Take one card of type t out of p's hand (the caller checked p holds one)."""
        base = p * HAND_MAX
        k = self.hand_n[p] - 1
        for i in range(k + 1):
            if self.hand[base + i] == t:
                self.hand[base + i] = self.hand[base + k]
                self.hand[base + k] = NO_CARD
                self.hand_n[p] = k
                return

    def may_part(self, p, t, to):
        """p may give card t to player `to` (an exchange or a pass), or put it away when `to` is
        NOBODY (a discard, Blind date): The Thing never parts with its card; a Human never passes an
        Infected!; an Infected keeps their last Infected! and passes others only to The Thing."""
        if t == THING:
            return False
        if t == INFECTED:
            r = self.role[p]
            if r == THE_THING:
                return True
            if r == INFECTED_ROLE:
                if self.count_in_hand(p, INFECTED) < 2:
                    return False
                return to == NOBODY or to == self.thing
            return to == NOBODY
        return True

    def must_give_flamethrower(self, p):
        """The Thing must never keep a Flamethrower: when it gives a card, it gives that one."""
        return self.role[p] == THE_THING and self.count_in_hand(p, FLAMETHROWER) > 0

    def may_give(self, p, t, to):
        if not self.may_part(p, t, to):
            return False
        return t == FLAMETHROWER or not self.must_give_flamethrower(p)

    def can_give_any(self, p, to):
        base = p * HAND_MAX
        for i in range(self.hand_n[p]):
            if self.may_give(p, self.hand[base + i], to):
                return True
        return False

    # ----- piles -------------------------------------------------------------------------------

    def mask_of(self, p):
        """Who sees what p draws, discards or exchanges: p, or everyone while p is in Quarantine."""
        return MASK_ALL if self.quar[p] else (1 << p)

    def discard(self, t, public):
        self.disc[self.disc_n] = t
        self.disc_pub[self.disc_n] = 1 if public else 0
        self.disc_n += 1

    def reshuffle(self):
        """The discards, shuffled, become the draw pile."""
        n = self.disc_n
        for i in range(n):
            self.pile[i] = self.disc[i]
            self.disc_pub[i] = 0
        self.pile_n = n
        self.disc_n = 0
        self.shuffle(self.pile, n)
        self.event(E_RESHUFFLE, NOBODY, n if n < 255 else 254, NO_CARD, MASK_ALL)

    def shuffle(self, buf, n):
        """Fisher-Yates with the state's PRNG, in place."""
        rng = self.prng
        i = n - 1
        while i > 0:
            j = prng.die(rng, i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1

    def draw_top(self):
        if self.pile_n == 0:
            if self.disc_n == 0:
                return NO_CARD
            self.reshuffle()
        self.pile_n -= 1
        return self.pile[self.pile_n]

    def draw_stay_away(self, p):
        """The top Stay Away! card, Panic! cards on top discarded unseen (outside the draw step); NO_CARD
        when none is left anywhere."""
        for _ in range(self.pile_n + self.disc_n + 1):
            c = self.draw_top()
            if c == NO_CARD:
                return c
            if CARD_KIND[c] != K_PANIC:
                return c
            self.discard(c, False)
            self.event(E_BURY, p, NOBODY, c, 0)
        return NO_CARD

    def take_card(self, p, c, why):
        """c goes into p's hand (drawn): logged for p (for everyone in Quarantine); The Thing drawn
        from the pile (the advanced option) makes p The Thing."""
        if c == NO_CARD:
            return
        self.hand_add(p, c)
        self.event(E_DRAW, p, why, c, self.mask_of(p))
        self.check_thing_drawn(p, c)

    def check_thing_drawn(self, p, c):
        """The advanced option: the player who draws The Thing from the pile is The Thing from now on."""
        if c == THING and self.thing == NOBODY:
            self.role[p] = THE_THING
            self.thing = p
            self.flame_old = 0                  # its Flamethrowers so far came before it was The Thing
            self.event(E_BECOME_THING, p, NOBODY, NO_CARD, 1 << p)

    def draw_into(self, p, why):
        self.take_card(p, self.draw_stay_away(p), why)

    def parted(self, p, t):
        """p parted with card t for good (discarded, played, given, passed, put on the pile): when The
        Thing parts with a Flamethrower, it is one of those it has held since its turn began (if any)."""
        if t == FLAMETHROWER and p == self.thing and self.flame_old:
            self.flame_old -= 1

    def discard_from(self, p, t, why):
        """p discards t face down (face up in Quarantine)."""
        self.hand_remove(p, t)
        self.parted(p, t)
        self.discard(t, self.quar[p] != 0)
        self.event(E_DISCARD, p, why, t, self.mask_of(p))

    # ----- the referee log ---------------------------------------------------------------------

    def event(self, code, a, b, c, mask):
        """Append one event; the mask says who sees card c (for EV_PRIVATE codes: who sees the event at
        all). The log is a ring of the newest MAX_EVENTS events: `nev` counts every event since setup,
        event i lies at ev_at(i) while it is among the newest, and the oldest gives way to a new one
        (each player's count of events gone, `dropped`, numbers their view's log). Nothing the game
        needs is lost: the action log replays the whole game from the seed (text.referee_log)."""
        if not self.record:
            return
        n = self.nev
        k = (n % MAX_EVENTS) * EVENT_BYTES
        ev = self.ev
        if n >= MAX_EVENTS:
            self.drop(k)
        ev[k] = code
        ev[k + 1] = a
        ev[k + 2] = b
        ev[k + 3] = c
        ev[k + 4] = mask >> 8
        ev[k + 5] = mask & 255
        self.nev = n + 1

    def drop(self, k):
        """The event at byte k leaves the ring: one fewer in the log of each player who could see it."""
        ev = self.ev
        public = not ev[k] & EV_PRIVATE
        mask = (ev[k + 4] << 8) | ev[k + 5]
        for p in range(self.players):
            if public or mask & (1 << p):
                self.dropped[p] += 1

    def ev_first(self):
        """The index of the oldest event still in the ring."""
        return self.nev - MAX_EVENTS if self.nev > MAX_EVENTS else 0

    def ev_at(self, i):
        """The byte offset of event i in the ring (the caller keeps ev_first() <= i < nev)."""
        return (i % MAX_EVENTS) * EVENT_BYTES

    def log_action(self, action):
        """Append an action to the action log, which keeps every action since setup (a save replays
        them from the seed). It starts with room for MAX_LOG and doubles when full: only a game longer
        than that allocates, once per doubling (measured in benchmarks/README.md: 1,000 seeded
        12-player bot games with every advanced rule, none reached it)."""
        n = self.nlog
        if n >= len(self.log):
            self.log.extend(array("H", bytes(2 * len(self.log))))
        self.log[n] = action
        self.nlog = n + 1

    def show_hand(self, p, mask, why):
        """Every card of p's hand shown to the mask (one E_SHOW per card). The Thing card among them
        tells the mask whose hand it is before any of its cards is looked at (check_found)."""
        base = p * HAND_MAX
        if p == self.thing and self.count_in_hand(p, THING):
            self.thing_known |= mask & ~(1 << p)
        for i in range(self.hand_n[p]):
            self.show(p, self.hand[base + i], mask, why)

    def show(self, p, c, mask, why):
        self.event(E_SHOW, p, why, c, mask | (1 << p))     # the owner sees which card was shown
        if c == THING and p == self.thing:
            self.thing_known |= mask & ~(1 << p)
        self.check_found(p, c, mask)            # turn.py: a Flamethrower in The Thing's hand
