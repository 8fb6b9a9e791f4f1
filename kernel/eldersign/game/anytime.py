"""Abilities used in any player's turn, and effects aimed at an investigator the player picks.

`anyturn(list)` (once per day, at the start of any player's turn) and `anyroll(reroll+n)` (once per
day, after any player's roll: up to n of its dice rerolled) belong to an investigator, and that
investigator's player decides, whoever's turn it is: at each turn's start, and after each roll,
F_REACT goes round the seats in order and asks (F_OFFER) every one whose ability is unused today and
can do something now. `any(list)` inside an effect list asks the investigator it is for (F_WHO)
which investigator in play the list is for (those it would do something for; all when it would do
nothing for anyone). Nothing here allocates.
"""

from ..adventure import ACT_REROLL, P_DECIDE
from . import cards, pool, attempt
from .defs import (NONE, P_MOVE, F_RUN, F_OFFER, A_REACT, A_WHO, A_ARG_MASK, REACT_REROLL, RUN_NOGAIN,
                   EV_ABILITY, EV_FREEROLL, EV_WHO)

TURN_START = 0
AFTER_ROLL = 1


def react_step(g, i):
    """F_REACT: the next seat (from b) with an ability to offer now is asked (F_OFFER)."""
    st = g._stack
    when = st.a[i]
    s = st.b[i]
    while s < g.players:
        inv = g._seats.inv[s]
        s += 1
        if inv != NONE and offerable(g, inv, when):
            st.b[i] = s
            st.push(F_OFFER, s - 1, when, inv)
            return
    st.pop()


def offerable(g, inv, when):
    """inv's ability of that timing is unused today and can do something now."""
    if g._inv.ability_used[inv]:
        return False
    ab = g._data.investigators[inv].ability
    if when == TURN_START:
        return bool(ab.anyturn) and cards.effects_usable(g, ab.anyturn, P_MOVE, inv)
    if ab.anyroll <= 0:
        return False
    a = pool.attempt_adv(g)
    return a is not None and not a.is_terminal() and a.phase() == P_DECIDE and _dice(a.roll_counts) > 0


def _dice(roll):
    n = 0
    for d in range(len(roll)):
        n += roll[d]
    return n


def offer_options(g, i, buf):
    """A_REACT (not now); at a turn's start A_REACT + 1; after a roll A_REACT + REACT_REROLL + mask
    for each reroll of at most n of the roll's dice."""
    st = g._stack
    buf[0] = A_REACT
    if st.b[i] == TURN_START:
        buf[1] = A_REACT + 1
        return 2
    limit = g._data.investigators[st.c[i]].ability.anyroll
    a = pool.attempt_adv(g)
    m = a._rerolls(buf, 1)
    n = 1
    for k in range(1, m):
        mask = buf[k] - ACT_REROLL
        if _bits(mask) <= limit:
            buf[n] = A_REACT + REACT_REROLL + mask
            n += 1
    return n


def _bits(x):
    n = 0
    while x:
        n += x & 1
        x >>= 1
    return n


def offer_answer(g, i, action):
    """The offered seat answered: not now, or the ability is used (its list runs for its
    investigator, or the roll's dice of the mask are rerolled, a chance roll to follow)."""
    st = g._stack
    inv = st.c[i]
    when = st.b[i]
    st.pop()
    arg = action & A_ARG_MASK
    if arg == 0:
        return
    g._inv.ability_used[inv] = 1
    if when == TURN_START:
        g._event(EV_ABILITY, inv)
        code = g._data.investigators[inv].ability.anyturn
        st.push(F_RUN, 0, len(code), inv, 1, code)
        return
    a = pool.attempt_adv(g)
    a.set_uses(a.st[5], a.st[6], 1)
    a.apply(ACT_REROLL + (arg - REACT_REROLL))
    g._event(EV_FREEROLL, inv)
    attempt.set_uses(g)


# ----- any(...) ---------------------------------------------------------------------------------

def who_options(g, i, buf):
    """A_WHO + seat: the investigators in play the list of frame i would do something for (all in
    play when it would do nothing for anyone)."""
    st = g._stack
    code = st.ref[i]
    start = st.a[i]
    end = st.b[i]
    n = 0
    for s in range(g.players):
        h = g._seats.inv[s]
        if h != NONE and not cards.wasted_on(g, code, start, end, h):
            buf[n] = A_WHO + s
            n += 1
    if n == 0:
        for s in range(g.players):
            if g._seats.inv[s] != NONE:
                buf[n] = A_WHO + s
                n += 1
    return n


def who_answer(g, i, action, forced):
    st = g._stack
    code = st.ref[i]
    start = st.a[i]
    end = st.b[i]
    inv = st.c[i]
    nogain = st.d[i]
    st.pop()
    h = g._seats.inv[action & A_ARG_MASK]
    g._event(EV_WHO, inv, h, forced)
    st.push(F_RUN, start, end, h, nogain & RUN_NOGAIN, code)
