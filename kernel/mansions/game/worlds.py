"""Imagined games for a search bot: the game as one seat may know it, every hidden part redrawn.

    w = world(state, seat, rng)       # a copy; what the seat cannot know drawn from rng

A copy of the state (state.clone) keeps what the seat sees, and every part hidden from it is drawn
again from the bot's own PRNG, from what the seat's view allows:

- for everyone (chance): the order of the undrawn part of each combat deck and of the mythos deck,
  and the game's PRNG;
- for an investigator, the keeper's secrets too: which exploration cards lie face down in the rooms
  (drawn from every exploration card of the story not seen: face down anywhere, or out of the game,
  as another guide answer would have left it), which obstacle lies under each obstacle back, which
  lock card lies face down at each room (the same way, from the lock cards not seen), which mythos
  cards the keeper holds (as many as his hand holds, from those not played) and the deck's order,
  and, before the reveal, his objective and guide answers.

So a world depends on the seat's view alone, not on the true hidden cards (the test changes every
hidden part of a game and checks the bot's decision does not move). Integers and the kernel PRNG.
Allocates (a clone): a bot's decision, not a per-step path.
"""

from ... import prng
from .consts import (NONE, KEEPER, PILE_CAP, K_EXPLORATION, K_OBSTACLE, K_LOCK, WH_OUT, WH_PILE, WH_LOCK)
from .state import G_MTOP, G_OBJ, G_REVEALED, shuffle


def world(state, seat, rng):
    """A copy of state with every part hidden from `seat` drawn from rng (module docstring)."""
    w = state.clone()
    redraw_chance(w, rng)
    if seat != KEEPER:
        redraw_keeper_secrets(w, rng)
    return w


def _sort(buf, start, n):
    """buf[start:start+n] in ascending order (insertion sort, small decks): a shuffle that follows
    starts from an order that tells nothing of the true one."""
    for i in range(start + 1, start + n):
        v = buf[i]
        j = i - 1
        while j >= start and buf[j] > v:
            buf[j + 1] = buf[j]
            j -= 1
        buf[j + 1] = v


def redraw_chance(w, rng):
    """The undrawn combat and mythos cards in a new order, a new PRNG."""
    story = w.story
    for k in range(len(story.class_count)):
        n = story.class_count[k]
        if n:
            top = w.ctop[k]
            _sort(w.cdeck, story.class_start[k] + top, n - top)
            shuffle(rng, w.cdeck, story.class_start[k] + top, n - top)
    top = w.g[G_MTOP]
    _sort(w.mdeck, top, story.nmythos - top)
    shuffle(rng, w.mdeck, top, story.nmythos - top)
    prng.seed(w.rng, (prng.next15(rng) << 15) | prng.next15(rng))


def _draw(rng, pool, k):
    """k cards of pool (a list, shuffled in place) at random: its first k after the shuffle."""
    for i in range(len(pool) - 1, 0, -1):
        j = prng.die(rng, i + 1)
        t = pool[i]
        pool[i] = pool[j]
        pool[j] = t
    return pool[:k]


def redraw_keeper_secrets(w, rng):
    story = w.story
    # face-down pile cards, exploration and obstacles apart (their backs differ)
    for kind in (K_EXPLORATION, K_OBSTACLE):
        slots = []
        pool = []
        for c in range(story.ncards):
            if story.card_kind[c] != kind or w.c_up[c]:
                continue
            if w.c_where[c] == WH_OUT or w.c_where[c] == WH_PILE:
                pool.append(c)
        for r in range(story.nrooms):
            for i in range(w.pile_n[r]):
                c = w.pile[r * PILE_CAP + i]
                if not w.c_up[c] and story.card_kind[c] == kind:
                    slots.append(r * PILE_CAP + i)
        if len(pool) < len(slots):
            continue
        for c in pool:
            w.c_where[c] = WH_OUT
            w.c_room[c] = NONE
        drawn = _draw(rng, pool, len(slots))
        for i in range(len(slots)):
            c = drawn[i]
            w.pile[slots[i]] = c
            w.c_where[c] = WH_PILE
            w.c_room[c] = slots[i] // PILE_CAP
    # face-down locks
    rooms = [r for r in range(story.nrooms) if w.lock[r] != NONE and not w.lock_up[r]]
    pool = [c for c in range(story.ncards) if story.card_kind[c] == K_LOCK and
            (w.c_where[c] == WH_OUT or (w.c_where[c] == WH_LOCK and not w.lock_up[w.c_room[c]]))]
    if rooms and len(pool) >= len(rooms):
        for c in pool:
            w.c_where[c] = WH_OUT
            w.c_room[c] = NONE
        drawn = _draw(rng, pool, len(rooms))
        for i in range(len(rooms)):
            c = drawn[i]
            w.lock[rooms[i]] = c
            w.c_where[c] = WH_LOCK
            w.c_room[c] = rooms[i]
    # the keeper's hand: as many cards as he holds, from those not played; the rest the deck
    top = w.g[G_MTOP]
    held = 0
    free = []
    played = []
    for c in range(story.nmythos):
        if w.my_where[c] == 2:
            played.append(c)
        else:
            if w.my_where[c] == 1:
                held += 1
            free.append(c)
    drawn = _draw(rng, free, len(free))
    order = played + drawn[:held]
    if len(order) != top:
        return                       # the counts do not fit (a deck gone through): leave it as it is
    rest = drawn[held:]
    for i in range(len(order)):
        w.mdeck[i] = order[i]
    for i in range(len(rest)):
        w.mdeck[top + i] = rest[i]
    for c in range(story.nmythos):
        w.my_where[c] = 2 if w.my_where[c] == 2 else 0
    for c in drawn[:held]:
        w.my_where[c] = 1
    # the objective and the guide's answers, before the reveal
    if not w.g[G_REVEALED] and w.g[G_OBJ] != NONE:
        for q in range(story.nquestions):
            w.answers[q] = prng.die(rng, story.answers[q])
        w.g[G_OBJ] = w.answers[0]
