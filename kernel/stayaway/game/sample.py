"""Determinization: a whole State built from one player's view (and the belief drawn from it), never
from the true state. The search bot plays its imagined games from these.

Kept from the view: the table (seats, doors, Quarantine, direction, who is alive), the phase and the
pending decision as the viewer knows it, every hand's size, the viewer's own hand and role, the roles
it knows, the face-up cards in the discard pile, the cards it knows other players hold (belief.known),
the cards in transit it may see. Drawn at random: the roles it does not know (The Thing weighted by
suspicion, Infected players by suspicion), and every other card, dealt from what remains of the deck
into the other hands, the card in transit, the face-down discards and the pile, so that The Thing
holds The Thing card and every Infected holds an Infected!.
"""

from ... import prng
from .defs import (MAX_PLAYERS, HAND_MAX, NTYPES, NOBODY, NO_CARD, UNKNOWN, HUMAN, INFECTED_ROLE, THE_THING,
                   THING, INFECTED, QUARANTINE, LOCKED_DOOR, PH_ANSWER, PH_RESOLUTE, PH_ROUND)
from .core import clear, shuffle, hand_add, next_player, discard


def determinize(rules, view, belief, rng, out=None):
    """A State consistent with the view; `out` (a State of the same game) is reused when given."""
    from .rules import State
    v = view
    n = v.players
    s = out if out is not None else State(rules, 0, n, deal=False)
    clear(s)
    s.record = False
    for q in range(MAX_PLAYERS):
        s.seat_player[q] = v.seats[q] if q < n else NOBODY
        s.seat_of[q] = v.seat_index[q] if q < n else q
        s.alive[q] = v.alive[q] if q < n else 0
        s.quar[q] = v.quarantine[q] if q < n else 0
        s.door[q] = v.doors[q] if q < n else 0
    s.direction = v.direction
    s.phase = v.phase
    s.active = v.active
    s.actor = v.actor
    s.turn = v.turn
    s.ctx_kind = v.ctx_kind
    s.ctx_a = v.ctx_a
    s.ctx_b = v.ctx_b
    s.ctx_card = v.ctx_card if v.phase != PH_ANSWER else NO_CARD
    s.ctx_n = v.ctx_n
    s.ctx_flag = v.ctx_flag
    s.partner = v.partner
    s.result = v.result
    prng.seed(s.prng, (prng.next15(rng) << 15) | prng.next15(rng))
    _roles(s, v, belief, rng)
    _cards(s, v, belief, rng)
    return s


def _roles(s, v, belief, rng):
    n = v.players
    me = v.me
    thing = v.thing
    if thing == NOBODY and v.role != THE_THING:
        weights = [belief.thing_weight(q) for q in range(n)]
        nobody = 0
        if s.options.thing_in_pile:
            nobody = 6 * v.pile // 4               # The Thing may still be in the pile
        total = sum(weights) + nobody
        if total > 0:
            r = prng.die(rng, total) if total <= 32768 else prng.die(rng, 32768) * total // 32768
            for q in range(n):
                if r < weights[q]:
                    thing = q
                    break
                r -= weights[q]
    elif v.role == THE_THING:
        thing = me
    s.thing = thing
    for q in range(n):
        known = v.roles[q]
        if known != UNKNOWN:
            s.role[q] = known
        elif q == thing:
            s.role[q] = THE_THING
        elif thing == NOBODY or not v.alive[q]:
            s.role[q] = HUMAN
        else:
            # an Infected more likely among suspects; never someone proven clean since their last exchange
            k = 2 + belief.susp[q]
            k = 1 if k < 1 else 9 if k > 9 else k
            s.role[q] = INFECTED_ROLE if prng.die(rng, 16) < k else HUMAN
    for q in range(n):
        if not v.alive[q] and s.role[q] == HUMAN:
            s.ever_eliminated_human = 1


def _cards(s, v, belief, rng):
    n = v.players
    me = v.me
    pool = bytearray(s.counts)
    fixed = [[] for _ in range(n)]

    def take(t):
        if pool[t]:
            pool[t] -= 1
            return True
        return False

    for c in v.hand:
        take(c)
        fixed[me].append(c)
    for q in range(n):
        if v.quarantine[q]:
            take(QUARANTINE)
        if v.doors[q]:
            take(LOCKED_DOOR)
    public = []
    for t in range(NTYPES):
        for _ in range(v.public_discards[t]):
            if take(t):
                public.append(t)
    offer = NO_CARD
    if v.phase == PH_ANSWER and v.ctx_card != NO_CARD and take(v.ctx_card):
        offer = v.ctx_card
    res = [c for c in v.res if c != NO_CARD and take(c)] if v.phase == PH_RESOLUTE else []
    my_pass = v.my_pass if v.phase == PH_ROUND and v.my_pass != NO_CARD and take(v.my_pass) else NO_CARD
    # cards the viewer knows others hold
    for q in range(n):
        if q == me or not v.alive[q]:
            continue
        room = v.hand_counts[q]
        for c in belief.known[q]:
            if len(fixed[q]) < room and take(c):
                fixed[q].append(c)
    # role constraints
    thing = s.thing
    if thing != NOBODY and v.alive[thing] and thing != me and THING not in fixed[thing] and \
            len(fixed[thing]) < v.hand_counts[thing]:
        if take(THING):
            fixed[thing].append(THING)
    for q in range(n):
        if q != me and v.alive[q] and s.role[q] == INFECTED_ROLE and INFECTED not in fixed[q]:
            if len(fixed[q]) < v.hand_counts[q] and take(INFECTED):
                fixed[q].append(INFECTED)
            else:
                s.role[q] = HUMAN
    # the rest, shuffled (The Thing card only where a Thing may hold it)
    rest = []
    for t in range(NTYPES):
        for _ in range(pool[t]):
            rest.append(t)
    shuffle(s, rest, len(rest))
    if THING in rest and thing != NOBODY:
        # The Thing card is in its owner's hand: keep it out of the hidden slots that are not that hand
        rest.remove(THING)
        rest.append(THING)
    k = 0
    for q in range(n):
        s.hand_n[q] = 0
        want = v.hand_counts[q] if v.alive[q] else 0
        for c in fixed[q]:
            hand_add(s, q, c)
        while s.hand_n[q] < want and k < len(rest):
            c = rest[k]
            if c == THING and q != thing:
                # swap with a later card
                j = k + 1
                while j < len(rest) and rest[j] == THING:
                    j += 1
                if j >= len(rest):
                    break
                rest[k] = rest[j]
                rest[j] = THING
                c = rest[k]
            hand_add(s, q, c)
            k += 1
    # cards in transit
    if v.phase == PH_ANSWER:
        if offer == NO_CARD and k < len(rest):
            offer = _non_thing(rest, k)
            k += 1
        s.offer_card = offer
    if v.phase == PH_RESOLUTE:
        s.res_n = 0
        for c in res:
            s.res[s.res_n] = c
            s.res_n += 1
        hidden = len(v.res) - len(res)
        for _ in range(hidden):
            if k < len(rest):
                s.res[s.res_n] = _non_thing(rest, k)
                s.res_n += 1
                k += 1
    if v.phase == PH_ROUND:
        q = s.ctx_a
        for _ in range(v.ctx_n):
            if q == me:
                s.passes[q] = my_pass
            elif k < len(rest):
                s.passes[q] = _non_thing(rest, k)
                k += 1
            q = next_player(s, q)
    # the face-down discards, then the pile
    s.disc_n = 0
    for t in public:
        discard(s, t, True)
    hidden = v.discards - len(public)
    if thing != NOBODY and not v.alive[thing] and hidden > 0:
        for j in range(k, len(rest)):           # a burnt Thing's card lies in the discards
            if rest[j] == THING:
                rest[j] = rest[k]
                rest[k] = THING
                break
    for _ in range(hidden):
        if k < len(rest):
            discard(s, rest[k], False)
            k += 1
    s.pile_n = 0
    while k < len(rest):
        s.pile[s.pile_n] = rest[k]
        s.pile_n += 1
        k += 1
    # the piles are shuffled among themselves: a hidden discard and a pile card are alike to the viewer
    shuffle(s, s.pile, s.pile_n)


def _non_thing(rest, k):
    """rest[k], swapped with a later card if it is The Thing (which only its owner's hand holds)."""
    if rest[k] == THING:
        for j in range(k + 1, len(rest)):
            if rest[j] != THING:
                rest[k] = rest[j]
                rest[j] = THING
                break
    return rest[k]
