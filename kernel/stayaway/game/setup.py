"""The deal, from the rulebook's setup (steps 1-7), its quick start and the advanced options.

1-2. The deck for the player count: every copy numbered at most the count, and The Thing.
3.   Infected!, the Panic! cards and The Thing are set aside (Flamethrower and Analysis too with the
     advanced option "flame_in_pile").
4-5. The rest is shuffled; 4 x players - 1 cards and The Thing are shuffled and dealt, 4 to each player
     (with "thing_in_pile", 4 x players cards, and The Thing waits in the pile). Quick start: 4 x
     players - 3 cards; one packet is The Thing, 2 Infected! and one of them, the others 4 of them,
     and the packets go to the players at random.
6.   Everything left, the cards set aside included, is shuffled into the draw pile.
7.   Player 0 (on seat 0, left of the dealer) plays first; the direction is clockwise.

Every shuffle and random pick is the state's PRNG, seeded from the game's seed.
"""

from ... import prng
from ...errors import KernelError
from .defs import (NTYPES, THING, INFECTED, FLAMETHROWER, ANALYSIS, SUSPICIOUS, CARD_KIND, K_PANIC, HAND_MAX, DECK_MAX,
                   THE_THING, CARD_NAMES)
from .core import shuffle


def deck_counts(deck, players, options):
    """Copies of each card type in the game (a bytearray of NTYPES), the options applied."""
    counts = bytearray(NTYPES)
    for t in range(NTYPES):
        counts[t] = deck.copies(t, players)
    if options.infected >= 0:
        counts[INFECTED] = options.infected
    if options.ninth_suspicious and options.ninth_suspicious <= players:
        counts[SUSPICIOUS] += 1          # the 109th card (rules.py, data/README.md)
    return counts


def check_counts(counts, players, options, where):
    """KernelError when this deck cannot be dealt to this many players."""
    aside = counts[INFECTED] + counts[THING]
    for t in range(NTYPES):
        if CARD_KIND[t] == K_PANIC:
            aside += counts[t]
    if options.flame_in_pile:
        aside += counts[FLAMETHROWER] + counts[ANALYSIS]
    total = 0
    for t in range(NTYPES):
        total += counts[t]
    need = 4 * players - (3 if options.quick_start else 0 if options.thing_in_pile else 1)
    if total - aside < need:
        raise KernelError("deck", "%s: %d cards besides those set aside, %d needed to deal %d players"
                          % (where, total - aside, need, players))
    if total > DECK_MAX:
        raise KernelError("deck", "%s: %d cards, at most %d" % (where, total, DECK_MAX))
    if options.quick_start and counts[INFECTED] < 2:
        raise KernelError("option", "quick start needs 2 Infected! cards, the deck has %d" % counts[INFECTED])
    for t in range(NTYPES):
        if counts[t] > 200:
            raise KernelError("deck", "%s: too many copies of %s" % (where, CARD_NAMES[t]))


def deal(st):
    """The cards dealt into the hands and the rest shuffled into the pile, from the state's PRNG."""
    opts = st.options
    counts = st.counts
    n = st.players
    rng = st.prng
    rest = bytearray(DECK_MAX)
    aside = bytearray(DECK_MAX)
    nrest = 0
    naside = 0
    for t in range(NTYPES):
        out = t == INFECTED or t == THING or CARD_KIND[t] == K_PANIC or \
            (opts.flame_in_pile and (t == FLAMETHROWER or t == ANALYSIS))
        for _ in range(counts[t]):
            if t == THING:
                continue            # placed by hand below
            if out:
                aside[naside] = t
                naside += 1
            else:
                rest[nrest] = t
                nrest += 1
    shuffle(st, rest, nrest)
    dealt = bytearray(4 * n)
    if opts.quick_start:
        k = 4 * n - 3
        thing_player = prng.die(rng, n)
        # the packet of The Thing: The Thing, 2 Infected!, and one random card
        taken = 0
        j = 0
        while taken < 2:
            if aside[j] == INFECTED:
                aside[j] = aside[naside - 1]
                naside -= 1
                taken += 1
            else:
                j += 1
        pos = 0
        used = 0
        for p in range(n):
            if p == thing_player:
                dealt[4 * p] = THING
                dealt[4 * p + 1] = INFECTED
                dealt[4 * p + 2] = INFECTED
                dealt[4 * p + 3] = rest[pos]
                pos += 1
            else:
                for i in range(4):
                    dealt[4 * p + i] = rest[pos]
                    pos += 1
        used = k
    else:
        k = 4 * n if opts.thing_in_pile else 4 * n - 1
        for i in range(k):
            dealt[i] = rest[i]
        if not opts.thing_in_pile:
            dealt[k] = THING
        shuffle(st, dealt, 4 * n)
        used = k
    for p in range(n):
        for i in range(4):
            t = dealt[4 * p + i]
            st.hand[p * HAND_MAX + i] = t
            if t == THING:
                st.role[p] = THE_THING
                st.thing = p
        st.hand_n[p] = 4
    m = 0
    for i in range(used, nrest):
        st.pile[m] = rest[i]
        m += 1
    for i in range(naside):
        st.pile[m] = aside[i]
        m += 1
    if opts.thing_in_pile:
        st.pile[m] = THING
        m += 1
    st.pile_n = m
    shuffle(st, st.pile, m)
