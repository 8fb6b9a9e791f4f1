"""Where the dice go: a lock icon taking its die at once, a die leaving a spell, the yellow and red
dice joining the pool, the dice of the attempt in progress.

A lock icon coming into play takes a die of its colour at once (rulebook: "even from a spell or an
investigator"): an idle die if there is one (not locked, not on a spell, not in the attempt's pool
or kept by focus or assistance; set-aside dice and dice on completed tasks are idle); else the die
comes out of the attempt in progress (the roll on the table, the pool still to roll, a kept die)
or off a spell. The yellow and red dice are single: wherever the one die is, it goes. When green
dice in different places could go, the active player chooses (F_LOCKDIE, lock_choices). A die
taken off a spell leaves the attempt's held dice too; a spell holding no die goes to the bottom of
its deck.
"""

from ..dice import GREEN, YELLOW, NFACES
from .defs import F_LOCKDIE, EV_LOCK, EV_FREE, EV_RETURN, EV_LOCKED_DIE, LK_MYTHOS, ADVENTURE_DECIDE as P_DECIDE

# a lock's choices (A_LOCKDIE + choice): a rolled die d, an unrolled pool die, a kept die d, a spell die k
LD_ROLLED = 0
LD_UNROLLED = 24
LD_KEPT = 32
LD_SPELL = 64


ATTACKING = -2           # AttemptState.slot during the final battle's attack


def attempt_adv(g):
    """The Adventure being rolled (an adventure or the attack), or None."""
    s = g._att.slot
    if s == -1:
        return None
    if s == ATTACKING:
        return g._combat_adv
    return g._slots.adv[s]


def total(g, colour):
    if colour == GREEN:
        return 6 - g._green_gone
    return 0 if (g._yellow_gone if colour == YELLOW else g._red_gone) else 1


def in_attempt(g, colour):
    """Dice of colour the attempt in progress still uses: its pool and the dice kept by focus or
    assistance."""
    adv = attempt_adv(g)
    if adv is None or adv.is_terminal():
        return 0
    n = adv.pool_dice(colour)
    f = g._att.focus
    for face in range(NFACES):
        n += f[colour * NFACES + face]
    return n


def idle(g, colour, locks_before):
    """Dice of colour on no icon, no spell, and not in use in the attempt."""
    locked = locks_before
    if colour != GREEN and locked:
        locked = 1
    n = total(g, colour) - locked - g._spells.count(colour) - in_attempt(g, colour)
    return n if n > 0 else 0


def item_die_free(g, colour):
    """An item or ability may add the yellow (red) die to this turn's pool: no item added it this
    turn (nor was it given back), it is on no icon and no spell, and it has taken no part in the
    attempt in progress (its pool, a kept die, set aside, on a completed task: "set-aside dice are
    lost for this adventure"). There is one yellow and one red die: never two in play."""
    if (g._turn_yellow if colour == YELLOW else g._turn_red) != 0 or free_dice(g, colour) <= 0:
        return False
    adv = attempt_adv(g)
    return adv is None or adv.is_terminal() or not g._att.colours & (1 << colour)


def add_item_die(g, colour):
    """An item or ability adds the yellow or red die to this turn's pool (at once into the attempt's
    pool when one is being rolled, else at the attempt's start)."""
    if colour == YELLOW:
        g._turn_yellow = 1
    else:
        g._turn_red = 1
    adv = attempt_adv(g)
    if adv is not None and not adv.is_terminal():
        adv.add_pool_die(colour)
        g._att.colours |= 1 << colour


def drop_spell_die(g, k):
    """Spell-held die k leaves its spell (used, locked, rolled, or its owner devoured); it leaves the
    attempt's held dice when the attempt holds it; a spell with no die left goes to its deck's
    bottom."""
    d = g._spells.die[k]
    adv = attempt_adv(g)
    if adv is not None and g._att.spell[d]:
        g._att.spell[d] -= 1
        if not adv.is_terminal():
            adv.remove_held(d)
    card = g._spells.remove(k)
    if card >= 0:
        g._decks.items[g._data.cards[card].deck_index].bottom(card)
        g._event(EV_RETURN, card)


def spell_die_used(g, k):
    """Spell-held die k was placed on a task of the attempt (the adventure already counts it out of
    its held dice): it leaves its spell."""
    d = g._spells.die[k]
    g._att.colours |= 1 << (d >> 3)
    if g._att.spell[d]:
        g._att.spell[d] -= 1
    card = g._spells.remove(k)
    if card >= 0:
        g._decks.items[g._data.cards[card].deck_index].bottom(card)
        g._event(EV_RETURN, card)


def lock_choices(g, colour, buf):
    """The distinct places a die of colour could be taken from (A_LOCKDIE arguments), into buf."""
    n = 0
    adv = attempt_adv(g)
    if adv is not None and not adv.is_terminal():
        rolled = 0
        if adv.phase() == P_DECIDE:
            for face in range(NFACES):
                k = adv.roll_counts[colour * NFACES + face]
                if k:
                    buf[n] = LD_ROLLED + colour * NFACES + face
                    n += 1
                    rolled += k
        if adv.pool_dice(colour) > rolled:
            buf[n] = LD_UNROLLED + colour
            n += 1
        for face in range(NFACES):
            if g._att.focus[colour * NFACES + face]:
                buf[n] = LD_KEPT + colour * NFACES + face
                n += 1
    sp = g._spells
    for k in range(sp.n):
        if sp.die[k] >> 3 != colour:
            continue
        same = False
        for j in range(k):
            if sp.die[j] == sp.die[k] and g._data.cards[sp.card[j]] is g._data.cards[sp.card[k]]:
                same = True
        if not same:
            buf[n] = LD_SPELL + k
            n += 1
    return n


def take_die(g, choice):
    """The lock takes the die at `choice` (a lock_choices value)."""
    adv = attempt_adv(g)
    if choice < LD_UNROLLED:
        adv.remove_pool_die(choice - LD_ROLLED)
        where = 1
    elif choice < LD_KEPT:
        adv.remove_pool_die(-1 - (choice - LD_UNROLLED))
        where = 1
    elif choice < LD_SPELL:
        d = choice - LD_KEPT
        g._att.focus[d] -= 1
        adv.remove_held(d)
        where = 2
    else:
        where = 3
        drop_spell_die(g, choice - LD_SPELL)
    return where


def add_lock(g, colour, kind, src):
    """A lock icon comes into play: the die goes on it at once (see the module docstring)."""
    before = g._locks.count(colour)
    if not g._locks.add(colour, kind, src):
        return
    g._event(EV_LOCK, colour, kind)
    if idle(g, colour, before) > 0 or (colour != GREEN and before):
        g._event(EV_LOCKED_DIE, colour, 0, 1)
        return
    buf = g._dbuf
    n = lock_choices(g, colour, buf)
    if n == 0:
        return
    if n == 1:
        g._event(EV_LOCKED_DIE, colour, take_die(g, buf[0]), 1)
        return
    g._stack.push(F_LOCKDIE, colour)


def free_locks(g, kind, src):
    """Every lock of that kind and source goes (its die is free again, or moves to the next icon)."""
    while True:
        i = g._locks.find(kind, src)
        if i < 0:
            return
        g._event(EV_FREE, g._locks.col[i], kind)
        g._locks.remove(i)


def free_mythos_locks(g):
    """Midnight: every die locked until the next midnight is freed."""
    while True:
        i = g._locks.first_of_kind(LK_MYTHOS)
        if i < 0:
            return
        free_locks(g, LK_MYTHOS, g._locks.src[i])


def free_dice(g, colour):
    """Dice of colour not locked, not on a spell, not out of the game."""
    n = total(g, colour)
    locked = g._locks.count(colour)
    if colour != GREEN and locked:
        locked = 1
    n -= g._spells.count(colour) + locked
    return n if n > 0 else 0


def dice_in_play(g, colour):
    """Where every die of colour is, summed (the invariant checker compares it with total): locked,
    on spells, in the attempt (pool, kept, held from spells), idle."""
    locked = g._locks.count(colour)
    if colour != GREEN and locked:
        locked = 1
    return locked + g._spells.count(colour) + in_attempt(g, colour)

