"""The queries and moves every part of the rules uses, as functions over the state (rules.State):
the table (seats, doors, Quarantine, direction), hands, the draw and discard piles, and the referee
log. The rest of the rules import these by name; nothing here calls up into them.

The table: seats 0 .. players - 1 round it, clockwise (to the left) is seat + 1. `seat_player[s]` is
the player on seat s (NOBODY once they are eliminated: the seat stays empty and the circle closes over
it); `seat_of[p]` is p's seat. A Locked door lies on a gap: gap g is between seats g and g + 1, and it
stays there when players swap seats or leave. Two players next to each other are separated by a door
when one lies on a gap between their seats (on the side where they are next to each other).
Players are numbered 0 .. players - 1; player p starts on seat p.

The buffers are the State's, allocated once when it is made; nothing here allocates, but the action
log's doubling past MAX_LOG (log_action).
"""

from array import array

from ... import prng
from .defs import (MAX_PLAYERS, HAND_MAX, MAX_EVENTS, EVENT_BYTES, NOBODY, EV_PRIVATE, NO_CARD, MASK_ALL,
                   CARD_KIND, K_PANIC, THING, INFECTED, HUMAN, THE_THING, INFECTED_ROLE, E_RESHUFFLE, E_BURY,
                   E_DRAW, E_DISCARD, E_BECOME_THING, R_PLAYING, PH_PLAY, X_TURN, FLAMETHROWER, NTYPES)


def clear(st):
    """Everything back to zero (setup then deals)."""
    n = st.players
    for p in range(MAX_PLAYERS):
        st.seat_player[p] = p if p < n else NOBODY
        st.seat_of[p] = p
        st.alive[p] = 1 if p < n else 0
        st.role[p] = HUMAN
        st.quar[p] = 0
        st.door[p] = 0
        st.hand_n[p] = 0
        st.passes[p] = NO_CARD
        st.returns_[p] = 0
    st.pile_n = 0
    st.disc_n = 0
    st.res_n = 0
    st.direction = 0
    st.thing = NOBODY
    st.phase = PH_PLAY
    st.active = 0
    st.actor = 0
    st.turn = 0
    st.ctx_kind = X_TURN
    st.ctx_a = NOBODY
    st.ctx_b = NOBODY
    st.ctx_card = NO_CARD
    st.ctx_n = 0
    st.ctx_flag = 0
    st.offer_card = NO_CARD
    st.partner = NOBODY
    st.last_infected = NOBODY
    st.ever_eliminated_human = 0
    st.thing_known = 0        # players who have seen The Thing card in its owner's hand (a mask)
    st.flame_old = 0          # Flamethrowers The Thing has held since the start of one of its turns
    st.result = R_PLAYING
    st.nev = 0
    st.nlog = 0
    for p in range(MAX_PLAYERS):
        st.dropped[p] = 0
    # every hand and reserve slot, not only those in use: the save holds them all, so a game
    # replayed in place must not keep the cards a later turn left in them
    for i in range(MAX_PLAYERS * HAND_MAX):
        st.hand[i] = 0
    for i in range(len(st.res)):
        st.res[i] = 0


# ----- the table ---------------------------------------------------------------------------

def step_seat(st, seat, d):
    return (seat + 1) % st.players if d == 0 else (seat + st.players - 1) % st.players


def neighbour(st, p, d):
    """The next living player from p in direction d (0 clockwise, 1 anticlockwise); p if alone."""
    s = st.seat_of[p]
    for _ in range(st.players):
        s = step_seat(st, s, d)
        q = st.seat_player[s]
        if q != NOBODY:
            return q
    return p


def nth_neighbour(st, p, d, k):
    q = p
    for _ in range(k):
        q = neighbour(st, q, d)
    return q


def blocked(st, p, d):
    """True when a Locked door lies between p and their neighbour in direction d."""
    s = st.seat_of[p]
    q = neighbour(st, p, d)
    t = st.seat_of[q]
    n = st.players
    for _ in range(n):
        gap = s if d == 0 else (s + n - 1) % n
        if st.door[gap]:
            return True
        s = step_seat(st, s, d)
        if s == t:
            return False
    return False


def adjacent_open(st, p, q):
    """q sits next to p and no Locked door lies between them on that side."""
    if q == p:
        return False
    return (neighbour(st, p, 0) == q and not blocked(st, p, 0)) or \
           (neighbour(st, p, 1) == q and not blocked(st, p, 1))


def door_bars(st, p, q):
    """p and q sit next to each other only across Locked doors (so neither may target the other)."""
    if q == p:
        return False
    near = False
    for d in range(2):
        if neighbour(st, p, d) == q:
            if not blocked(st, p, d):
                return False
            near = True
    return near


def next_player(st, p):
    return neighbour(st, p, st.direction)


def living(st):
    n = 0
    for p in range(st.players):
        if st.alive[p]:
            n += 1
    return n


def count_role(st, role):
    n = 0
    for p in range(st.players):
        if st.alive[p] and st.role[p] == role:
            n += 1
    return n


# ----- hands -------------------------------------------------------------------------------

def count_in_hand(st, p, t):
    base = p * HAND_MAX
    n = 0
    for i in range(st.hand_n[p]):
        if st.hand[base + i] == t:
            n += 1
    return n


def tally(st, p):
    """tally_buf[t]: how many cards of type t p holds."""
    tc = st.tally_buf
    for t in range(NTYPES):
        tc[t] = 0
    base = p * HAND_MAX
    for i in range(st.hand_n[p]):
        tc[st.hand[base + i]] += 1
    return tc


def hand_add(st, p, t):
    st.hand[p * HAND_MAX + st.hand_n[p]] = t
    st.hand_n[p] += 1


def hand_remove(st, p, t):
    """Take one card of type t out of p's hand (the caller checked p holds one)."""
    base = p * HAND_MAX
    k = st.hand_n[p] - 1
    for i in range(k + 1):
        if st.hand[base + i] == t:
            st.hand[base + i] = st.hand[base + k]
            st.hand[base + k] = NO_CARD
            st.hand_n[p] = k
            return


def may_part(st, p, t, to):
    """p may give card t to player `to` (an exchange or a pass), or put it away when `to` is
    NOBODY (a discard, Blind date): The Thing never parts with its card; a Human never passes an
    Infected!; an Infected keeps their last Infected! and passes others only to The Thing."""
    if t == THING:
        return False
    if t == INFECTED:
        r = st.role[p]
        if r == THE_THING:
            return True
        if r == INFECTED_ROLE:
            if count_in_hand(st, p, INFECTED) < 2:
                return False
            return to == NOBODY or to == st.thing
        return to == NOBODY
    return True


def must_give_flamethrower(st, p):
    """The Thing must never keep a Flamethrower: when it gives a card, it gives that one."""
    return st.role[p] == THE_THING and count_in_hand(st, p, FLAMETHROWER) > 0


def may_give(st, p, t, to):
    if not may_part(st, p, t, to):
        return False
    return t == FLAMETHROWER or not must_give_flamethrower(st, p)


def can_give_any(st, p, to):
    base = p * HAND_MAX
    for i in range(st.hand_n[p]):
        if may_give(st, p, st.hand[base + i], to):
            return True
    return False


# ----- piles -------------------------------------------------------------------------------

def mask_of(st, p):
    """Who sees what p draws, discards or exchanges: p, or everyone while p is in Quarantine."""
    return MASK_ALL if st.quar[p] else (1 << p)


def discard(st, t, public):
    st.disc[st.disc_n] = t
    st.disc_pub[st.disc_n] = 1 if public else 0
    st.disc_n += 1


def reshuffle(st):
    """The discards, shuffled, become the draw pile."""
    n = st.disc_n
    for i in range(n):
        st.pile[i] = st.disc[i]
        st.disc_pub[i] = 0
    st.pile_n = n
    st.disc_n = 0
    shuffle(st, st.pile, n)
    event(st, E_RESHUFFLE, NOBODY, n if n < 255 else 254, NO_CARD, MASK_ALL)


def shuffle(st, buf, n):
    """Fisher-Yates with the state's PRNG, in place."""
    rng = st.prng
    i = n - 1
    while i > 0:
        j = prng.die(rng, i + 1)
        t = buf[i]
        buf[i] = buf[j]
        buf[j] = t
        i -= 1


def draw_top(st):
    if st.pile_n == 0:
        if st.disc_n == 0:
            return NO_CARD
        reshuffle(st)
    st.pile_n -= 1
    return st.pile[st.pile_n]


def draw_stay_away(st, p):
    """The top Stay Away! card, Panic! cards on top discarded unseen (outside the draw step); NO_CARD
    when none is left anywhere."""
    for _ in range(st.pile_n + st.disc_n + 1):
        c = draw_top(st)
        if c == NO_CARD:
            return c
        if CARD_KIND[c] != K_PANIC:
            return c
        discard(st, c, False)
        event(st, E_BURY, p, NOBODY, c, 0)
    return NO_CARD


def take_card(st, p, c, why):
    """c goes into p's hand (drawn): logged for p (for everyone in Quarantine); The Thing drawn
    from the pile (the advanced option) makes p The Thing."""
    if c == NO_CARD:
        return
    hand_add(st, p, c)
    event(st, E_DRAW, p, why, c, mask_of(st, p))
    check_thing_drawn(st, p, c)


def check_thing_drawn(st, p, c):
    """The advanced option: the player who draws The Thing from the pile is The Thing from now on."""
    if c == THING and st.thing == NOBODY:
        st.role[p] = THE_THING
        st.thing = p
        st.flame_old = 0                  # its Flamethrowers so far came before it was The Thing
        event(st, E_BECOME_THING, p, NOBODY, NO_CARD, 1 << p)


def draw_into(st, p, why):
    take_card(st, p, draw_stay_away(st, p), why)


def parted(st, p, t):
    """p parted with card t for good (discarded, played, given, passed, put on the pile): when The
    Thing parts with a Flamethrower, it is one of those it has held since its turn began (if any)."""
    if t == FLAMETHROWER and p == st.thing and st.flame_old:
        st.flame_old -= 1


def discard_from(st, p, t, why):
    """p discards t face down (face up in Quarantine)."""
    hand_remove(st, p, t)
    parted(st, p, t)
    discard(st, t, st.quar[p] != 0)
    event(st, E_DISCARD, p, why, t, mask_of(st, p))


# ----- the referee log ---------------------------------------------------------------------

def event(st, code, a, b, c, mask):
    """Append one event; the mask says who sees card c (for EV_PRIVATE codes: who sees the event at
    all). The log is a ring of the newest MAX_EVENTS events: `nev` counts every event since setup,
    event i lies at ev_at(i) while it is among the newest, and the oldest gives way to a new one
    (each player's count of events gone, `dropped`, numbers their view's log). Nothing the game
    needs is lost: the action log replays the whole game from the seed (text.referee_log)."""
    if not st.record:
        return
    n = st.nev
    k = (n % MAX_EVENTS) * EVENT_BYTES
    ev = st.ev
    if n >= MAX_EVENTS:
        drop(st, k)
    ev[k] = code
    ev[k + 1] = a
    ev[k + 2] = b
    ev[k + 3] = c
    ev[k + 4] = mask >> 8
    ev[k + 5] = mask & 255
    st.nev = n + 1


def drop(st, k):
    """The event at byte k leaves the ring: one fewer in the log of each player who could see it."""
    ev = st.ev
    public = not ev[k] & EV_PRIVATE
    mask = (ev[k + 4] << 8) | ev[k + 5]
    for p in range(st.players):
        if public or mask & (1 << p):
            st.dropped[p] += 1


def ev_first(st):
    """The index of the oldest event still in the ring."""
    return st.nev - MAX_EVENTS if st.nev > MAX_EVENTS else 0


def ev_at(st, i):
    """The byte offset of event i in the ring (the caller keeps ev_first() <= i < nev)."""
    return (i % MAX_EVENTS) * EVENT_BYTES


def log_action(st, action):
    """Append an action to the action log, which keeps every action since setup (a save replays
    them from the seed). It starts with room for MAX_LOG and doubles when full: only a game longer
    than that allocates, once per doubling (measured in benchmarks/README.md: 1,000 seeded
    12-player bot games with every advanced rule, none reached it)."""
    n = st.nlog
    if n >= len(st.log):
        st.log.extend(array("H", bytes(2 * len(st.log))))
    st.log[n] = action
    st.nlog = n + 1

