"""Trophies as the cards and tokens themselves: an investigator's completed adventure cards, defeated
monster tokens and the tokens an effect gives (codes kind << 12 | id, people.py). Spent one at a
time, the player picking which (no change given); a spent or lost adventure card goes to the bottom
of its deck, a monster token back to the cup, a token away.
"""

from .defs import F_SPEND, TR_ADVENTURE, TR_MONSTER, TR_TOKEN, A_SPEND, EV_TROPHY, EV_SPENT


def trophy_value(g, code):
    kind = code >> 12
    i = code & 0xFFF
    if kind == TR_ADVENTURE:
        return g._data.adventures[i].trophy
    if kind == TR_MONSTER:
        return g._data.monsters[i].trophy
    return i


def trophy_total(g, inv):
    t = 0
    for j in range(g._inv.ntroph[inv]):
        t += trophy_value(g, g._inv.trophy(inv, j))
    return t


def add_trophy(g, inv, code):
    """inv takes a trophy (an adventure card, a monster token, or a token of an effect)."""
    if not g._inv.add_trophy(inv, code):
        _return_trophy(g, code)       # no room left (MAX_TROPHIES): the card goes back at once
    g._event(EV_TROPHY, inv, trophy_total(g, inv))


def _return_trophy(g, code):
    kind = code >> 12
    i = code & 0xFFF
    if kind == TR_ADVENTURE:
        if g._data.adventures[i].other_world:
            g._decks.other_worlds.bottom(i)
        else:
            g._decks.adventures.bottom(i)
    elif kind == TR_MONSTER:
        g._decks.cup.bottom(i)


def spend(g, inv, j, forced):
    """Trophy j of inv is spent: an adventure to the bottom of its deck, a monster to the cup."""
    code = g._inv.remove_trophy(inv, j)
    _return_trophy(g, code)
    g._event(EV_SPENT, inv, code, forced)
    return trophy_value(g, code)


def lose_trophies(g, inv):
    """Every trophy of inv goes back (devoured, or too few to pay)."""
    while g._inv.ntroph[inv]:
        _return_trophy(g, g._inv.remove_trophy(inv, g._inv.ntroph[inv] - 1))
    g._event(EV_TROPHY, inv, 0)


def _equivalent_before(g, inv, j):
    """An earlier trophy of inv is interchangeable with trophy j (monster tokens and effect tokens
    of the same value; adventure cards never: each goes back to its own place)."""
    code = g._inv.trophy(inv, j)
    if code >> 12 == TR_ADVENTURE:
        return False
    value = trophy_value(g, code)
    for k in range(j):
        other = g._inv.trophy(inv, k)
        if other >> 12 == code >> 12 and trophy_value(g, other) == value:
            return True
    return False


def spend_options(g, inv, buf):
    n = 0
    for j in range(g._inv.ntroph[inv]):
        if not _equivalent_before(g, inv, j):
            buf[n] = A_SPEND + j
            n += 1
    return n


def pay(g, inv, need):
    """inv pays trophies worth need (no change given): the player hands them in one at a time
    (F_SPEND); with too few, every trophy is lost."""
    if need <= 0:
        return
    if trophy_total(g, inv) < need:
        lose_trophies(g, inv)
        return
    g._stack.push(F_SPEND, inv, need)


def gain_token(g, inv, value):
    """An effect gives a trophy of value (a token)."""
    add_trophy(g, inv, (TR_TOKEN << 12) | (value if value < 4096 else 4095))
