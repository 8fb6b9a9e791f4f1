"""The museum entrance, one action instead of an adventure: first aid (one stamina or sanity, free,
even at full health; or all of one or both for trophies the player picks), lost and found (a green
die is rolled, a chance node, and its face picks the row; no items or abilities), the gift shop (buy
a row for its price in trophies, no change given). Ancient Ones and mythos cards may change the
prices (modifiers aid_cost, shop_cost).
"""

from ... import prng
from . import effects as E
from . import resolve, trophies
from .defs import (A_AID, A_LOSTFOUND, A_SHOP, A_FACE, A_DIEROLL, A_ARG_MASK, F_RUN, F_FACE, EV_AID,
                   EV_LOSTFOUND, EV_SHOP)

# first aid's full healing, as effect lists (amounts above any maximum: healing stops at it)
HEAL_STAMINA = (E.OP_STAMINA, E.MAX_AMOUNT, 0)
HEAL_SANITY = (E.OP_SANITY, E.MAX_AMOUNT, 0)
HEAL_BOTH = (E.OP_STAMINA, E.MAX_AMOUNT, 0, E.OP_SANITY, E.MAX_AMOUNT, 0)
AID_HEAL = (None, None, HEAL_STAMINA, HEAL_SANITY, HEAL_BOTH)
AID_PRICE = (0, 0, 2, 2, 4)


def aid_price(g, k):
    if k < 2:
        return 0
    p = AID_PRICE[k] + resolve.modifier(g, E.M_AID_COST)
    return p if p > 0 else 0


def shop_price(g, row):
    p = g._data.shop[row].cost_n + resolve.modifier(g, E.M_SHOP_COST)
    return p if p > 1 else 1


def options(g, buf, n):
    inv = g._active()
    iv = g._inv
    tt = trophies.trophy_total(g, inv)
    low_sta = iv.sta[inv] < iv.maxsta[inv]
    low_san = iv.san[inv] < iv.maxsan[inv]
    buf[n] = A_AID
    buf[n + 1] = A_AID + 1
    n += 2
    for k in range(2, 5):
        want = low_sta if k == 2 else (low_san if k == 3 else (low_sta or low_san))
        if want and tt >= aid_price(g, k):
            buf[n] = A_AID + k
            n += 1
    buf[n] = A_LOSTFOUND
    n += 1
    for row in range(len(g._data.shop)):
        if shop_price(g, row) <= tt:
            buf[n] = A_SHOP + row
            n += 1
    return n


def first_aid(g, k):
    inv = g._active()
    g._event(EV_AID, k)
    if k < 2:
        resolve.change(g, E.OP_STAMINA if k == 0 else E.OP_SANITY, 1, inv)
        return
    code = AID_HEAL[k]
    g._stack.push(F_RUN, 0, len(code), inv, 1, code)
    trophies.pay(g, inv, aid_price(g, k))


def lost_and_found(g):
    g._stack.push(F_FACE)


def face_options(buf):
    buf[0] = A_DIEROLL
    return 1


def face_outcomes():
    return [(A_FACE + f, 1) for f in range(6)]


def face(g, action):
    """The lost-and-found die shows a face (rolled with the PRNG, or entered): its row runs."""
    g._stack.pop()
    f = prng.die(g._rng, 6) if action == A_DIEROLL else action & A_ARG_MASK
    g._event(EV_LOSTFOUND, f)
    code = g._data.lost_found[f]
    if code:
        g._stack.push(F_RUN, 0, len(code), g._active(), 1, code)


def gift_shop(g, row):
    inv = g._active()
    g._event(EV_SHOP, row)
    code = g._data.shop[row].code
    if code:
        g._stack.push(F_RUN, 0, len(code), inv, 1, code)
    trophies.pay(g, inv, shop_price(g, row))
