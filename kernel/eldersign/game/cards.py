"""Cards in hand: drawing and losing items, spells and allies (the player picks which card of a
deck to lose), using them (any main step of the active player's turn, its end before the clock
included: an effect list, the yellow or red die, defeating a monster), and spells holding rolled dice across turns (any player may use
them, or take a die off to roll it).
"""

from ..dice import YELLOW, RED
from . import effects as E
from . import pool
from .doom import target_options
from .defs import (MAX_HAND, NONE, P_ENTRANCE, P_END, F_RUN, F_DISCARD, A_HOLD, A_UNHOLD, A_DISCARD, EV_CARD, EV_DRAW,
                   EV_DISCARD, EV_EMPTY, EV_USE, EV_HOLD, EV_UNHOLD)


# ----- cards in hand --------------------------------------------------------------------------

def draw_card(g, k, inv):
    """inv draws the top card of item deck k (nothing when the deck or the hand is full); True when
    a card was drawn."""
    c = g._decks.items[k].draw()
    if c < 0:
        g._event(EV_EMPTY, inv, E.OP_COMMON + k)
        return False
    i = g._inv.free_hand_slot(inv)
    if i < 0:
        g._decks.items[k].bottom(c)
        g._event(EV_EMPTY, inv, E.OP_COMMON + k)
        return False
    g._inv.put_card(inv, i, c)
    g._event(EV_DRAW, inv, c)
    return True


def take_named(g, row, inv):
    """card("Name"): inv takes a copy of the items table's row `row` out of its deck (nothing when
    every copy is elsewhere or the hand is full)."""
    kind = g._data.kinds[row]
    deck = g._decks.items[kind.deck_index]
    i = g._inv.free_hand_slot(inv)
    if i >= 0:
        for c in range(len(g._data.cards)):
            if g._data.cards[c] is kind and deck.take(c):
                g._inv.put_card(inv, i, c)
                g._event(EV_CARD, inv, c)
                return
    g._event(EV_EMPTY, inv, E.OP_COMMON + kind.deck_index)


def _same_kind_before(g, inv, i):
    """True when an earlier hand card is the same kind as card i (the two are interchangeable)."""
    kind = g._data.cards[g._inv.card(inv, i)]
    for j in range(i):
        c = g._inv.card(inv, j)
        if c != NONE and g._data.cards[c] is kind:
            return True
    return False


def discard_options(g, inv, k, buf):
    """A_DISCARD + hand index for each kind of card of deck k inv holds (one per kind)."""
    n = 0
    for i in range(MAX_HAND):
        c = g._inv.card(inv, i)
        if c != NONE and g._data.cards[c].deck_index == k and not _same_kind_before(g, inv, i):
            buf[n] = A_DISCARD + i
            n += 1
    return n


def discard(g, inv, i, forced):
    c = g._inv.drop_card(inv, i)
    g._decks.items[g._data.cards[c].deck_index].bottom(c)
    g._event(EV_DISCARD, inv, c, forced)


def lose_cards(g, k, inv, n):
    """inv loses n cards of deck k: the player picks which when their kinds differ (F_DISCARD)."""
    if discard_options(g, inv, k, g._dbuf) == 0:
        g._event(EV_EMPTY, inv, E.OP_COMMON + k)
        return
    g._stack.push(F_DISCARD, inv, k, n)


def return_hand(g, inv):
    """A devoured investigator's cards go to the bottoms of their decks; the dice their spells
    hold are freed and those spells go back too."""
    for i in range(MAX_HAND):
        c = g._inv.card(inv, i)
        if c != NONE:
            g._inv.drop_card(inv, i)
            g._decks.items[g._data.cards[c].deck_index].bottom(c)
    sp = g._spells
    k = 0
    while k < sp.n:
        if sp.owner[k] == inv:
            pool.drop_spell_die(g, k)
        else:
            k += 1


def usable(g, inv, i, phase):
    """Card i of inv's hand may be used now (a main step of inv's own turn)."""
    c = g._inv.card(inv, i)
    if c == NONE:
        return False
    kind = g._data.cards[c]
    use = kind.use
    if kind.limit == "hold" or not use:
        return False
    if kind.limit == "day" and g._inv.hand_flag[inv * MAX_HAND + i]:
        return False
    if _same_kind_before_usable(g, inv, i, kind):
        return False
    return effects_usable(g, use, phase, inv)


def _same_kind_before_usable(g, inv, i, kind):
    """An earlier card of the same kind, in the same state, is listed instead (one action per kind)."""
    for j in range(i):
        c = g._inv.card(inv, j)
        if c != NONE and g._data.cards[c] is kind and (
                kind.limit != "day" or g._inv.hand_flag[inv * MAX_HAND + j] == 0):
            return True
    return False


def effects_usable(g, use, phase, inv):
    """An item's or ability's effect list can do something now for inv: its die is free (on no
    icon or spell, not in the attempt) and unused this turn, and an attempt can still follow (not at the entrance, not at the end of the main
    step); its monster target exists; healing is not all wasted on full sanity and stamina."""
    op = use[0]
    if op == E.OP_DIE_YELLOW:
        return phase != P_ENTRANCE and phase != P_END and pool.item_die_free(g, YELLOW)
    if op == E.OP_DIE_RED:
        return phase != P_ENTRANCE and phase != P_END and pool.item_die_free(g, RED)
    if op == E.OP_DEFEAT_MONSTER:
        return target_options(g, g._dbuf) > 0
    if op == E.OP_ANY and 3 + 3 * use[1] == len(use):
        for s in range(g.players):          # any(list) alone: someone it does something for
            h = g._seats.inv[s]
            if h != NONE and not wasted_on(g, use, 3, len(use), h):
                return True
        return False
    return not wasted_on(g, use, 0, len(use), inv)


def wasted_on(g, use, start, end, inv):
    """True when every primitive of use[start:end] heals inv's sanity or stamina and both are full
    (using it would only throw the card away; an option that does nothing is not offered)."""
    iv = g._inv
    for k in range(start, end, 3):
        op = use[k]
        if use[k + 2] != E.SC_ACTIVE or use[k + 1] <= 0:
            return False
        if op == E.OP_SANITY:
            if iv.san[inv] < iv.maxsan[inv]:
                return False
        elif op == E.OP_STAMINA:
            if iv.sta[inv] < iv.maxsta[inv]:
                return False
        else:
            return False
    return True


def use_card(g, inv, i):
    """inv uses card i: its effect list runs (pushed); a discard card goes to its deck's bottom, a
    once-per-day card is marked used."""
    c = g._inv.card(inv, i)
    kind = g._data.cards[c]
    g._event(EV_USE, inv, c)
    if kind.limit == "day":
        g._inv.hand_flag[inv * MAX_HAND + i] = 1
    elif kind.limit == "discard":
        g._inv.drop_card(inv, i)
        g._decks.items[kind.deck_index].bottom(c)
    g._stack.push(F_RUN, 0, len(kind.use), inv, 1, kind.use)


# ----- spells holding dice --------------------------------------------------------------------

def hold_options(g, inv, adv, buf, n):
    """A_HOLD + i*32 + d: put rolled die d on holding spell i of the hand (one spell per kind)."""
    roll = adv.roll_counts
    for i in range(MAX_HAND):
        c = g._inv.card(inv, i)
        if c == NONE or g._data.cards[c].limit != "hold" or _same_kind_before(g, inv, i):
            continue
        for d in range(24):
            if roll[d]:
                buf[n] = A_HOLD + i * 32 + d
                n += 1
    return n


def hold_spells(g, inv):
    """Holding spells in inv's hand (each can take one rolled die)."""
    n = 0
    for i in range(MAX_HAND):
        c = g._inv.card(inv, i)
        if c != NONE and g._data.cards[c].limit == "hold":
            n += 1
    return n


def hold(g, inv, i, d):
    """Rolled die d goes onto spell card i of inv's hand (the card leaves the hand while it holds)."""
    c = g._inv.drop_card(inv, i)
    g._spells.hold(d, c, inv)
    g._event(EV_HOLD, d, c)


def unhold_options(g, buf, n):
    """A_UNHOLD + k: take spell-held die k off (one per die code and spell kind)."""
    sp = g._spells
    for k in range(sp.n):
        same = False
        for j in range(k):
            if sp.die[j] == sp.die[k] and g._data.cards[sp.card[j]] is g._data.cards[sp.card[k]]:
                same = True
        if not same:
            buf[n] = A_UNHOLD + k
            n += 1
    return n


def unhold(g, k):
    """Spell-held die k comes off its spell: into the pool of the attempt in progress (to be rolled)
    or free for the next attempt."""
    d = g._spells.die[k]
    adv = pool.attempt_adv(g)
    in_attempt = adv is not None and g._att.spell[d] > 0 and not adv.is_terminal()
    if in_attempt:
        g._att.spell[d] -= 1
        adv.held_to_pool(d)
        g._att.colours |= 1 << (d >> 3)
    card = g._spells.remove(k)
    if card >= 0:
        g._decks.items[g._data.cards[card].deck_index].bottom(card)
    g._event(EV_UNHOLD, d)
