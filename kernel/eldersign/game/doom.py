"""The doom track and the monsters.

Doom tokens: a monster appears on a marked space; the last space wakes the Ancient One (engine.py
resolves the awakening once the effect list that placed it is done); in the final battle a hit
removes one and the last one wins. Monsters: drawn from the cup one at a time and placed by the
active player (F_PLACE) on any free monster outline in play, the card being attempted included
(not on a task already done this attempt); when no outline is free, as an extra task on a card of
their choice among those with the fewest extra monsters; with no room anywhere, back to the cup. A
defeated monster is a trophy (its lock freed, the effect on its back run); a card that defeats a
monster (F_TARGET) may take any monster in play: during an attempt at its card it is flipped (its
task counts as done, or only the symbols outside a partial outline remain) and taken at the end of
the phase.
"""

from ..card import MAX_TASKS
from . import effects as E
from . import pool, board, trophies, inforce
from .slots import EXTRA
from .defs import (MAX_MON, NONE, LK_MONSTER, F_RUN, F_PLACE, F_MONSTER, F_FIRE, A_PLACE, A_TARGET,
                   PLACE_EXTRA, TR_MONSTER, MAX_TASKS_GAME, EV_DOOM, EV_MONSTER, EV_DEFEAT, EV_EMPTY,
                   EV_PLACED, EV_TARGET, EV_WIN, EV_NOMONSTER)


# ----- doom -----------------------------------------------------------------------------------

def add_doom(g, n):
    """n doom tokens on the track (n < 0: taken off)."""
    top = g._ao.doom
    for _ in range(n if n > 0 else -n):
        if n > 0:
            if g._doom >= top:
                break
            g._doom += 1
            g._event(EV_DOOM, g._doom)
            if not g._battle:
                if g._ao.spaces[g._doom]:
                    monsters_appear(g, 1)
                if g._doom == top:
                    g._awaken_due = True
        else:
            if g._doom == 0:
                break
            g._doom -= 1
            g._event(EV_DOOM, g._doom)
            if g._battle and g._doom == 0 and g._result < 0:
                g._result = 1           # the last doom token off in the battle: a win
                g._ended_by = 1
                g._event(EV_WIN, 1)


# ----- monsters appearing ---------------------------------------------------------------------

def monsters_appear(g, n):
    """n monsters appear, one after the other (each drawn, then placed); none during the turn of an
    investigator with `no_monsters` (midnight is not part of a turn)."""
    if n > 0 and not g._battle:
        if not g._in_midnight and inforce.modifier(g, E.M_NO_MONSTERS) > 0:
            g._event(EV_NOMONSTER, g._seats.inv[g._clock.seat])
            return
        g._stack.push(F_MONSTER, n)


def monster_step(g, i):
    """F_MONSTER: the next monster is drawn from the cup and its place asked (F_PLACE)."""
    st = g._stack
    st.a[i] -= 1
    if st.a[i] <= 0:
        st.pop()
    if g._battle:
        return
    m = g._decks.cup.draw()
    if m < 0:
        g._event(EV_EMPTY, NONE, E.OP_MONSTER)
        return
    if place_options(g, m, g._dbuf) == 0:
        g._decks.cup.bottom(m)
        g._event(EV_MONSTER, m, NONE, NONE)
        return
    g._event(EV_MONSTER, m, NONE, 0)
    st.push(F_PLACE, m)


def _done_in_attempt(g, s, t):
    """Task t of slot s was done in the attempt in progress at that card."""
    if g._att.slot != s:
        return False
    adv = g._slots.adv[s]
    return adv.done_mask() & (1 << t) != 0


def place_options(g, m, buf):
    """A_PLACE + slot*32 + outline (or PLACE_EXTRA): where monster m may go."""
    sl = g._slots
    n = 0
    for s in range(sl.n):
        if not sl.on[s] or sl.free_place(s) < 0:
            continue
        outlines = g._data.adventures[sl.card[s]].outlines
        for o in range(len(outlines)):
            t = outlines[o][0]
            if sl.outline_taken(s, o):
                continue
            if t < 0 and sl.adv[s].ntasks >= MAX_TASKS:
                continue
            if t >= 0 and _done_in_attempt(g, s, t):
                continue
            buf[n] = A_PLACE + s * 32 + o
            n += 1
    if n:
        return n
    fewest = 99
    for s in range(sl.n):
        if sl.on[s] and sl.free_place(s) >= 0 and sl.adv[s].ntasks < MAX_TASKS and sl.extras(s) < fewest:
            fewest = sl.extras(s)
    for s in range(sl.n):
        if sl.on[s] and sl.free_place(s) >= 0 and sl.adv[s].ntasks < MAX_TASKS and sl.extras(s) == fewest:
            buf[n] = A_PLACE + s * 32 + PLACE_EXTRA
            n += 1
    return n


def place(g, m, arg, forced):
    """Monster m goes where arg (slot*32 + outline or PLACE_EXTRA) says: its lock icon takes a die,
    the card's tasks change, the `on_monster` triggers fire."""
    s = arg >> 5
    p = arg & 31
    sl = g._slots
    k = sl.free_place(s)
    at = EXTRA + sl.extras(s) if p == PLACE_EXTRA else p
    sl.place(s, k, m, at)
    g._event(EV_PLACED, s, at, forced)
    if not g._companion:
        g._stack.push(F_FIRE, E.T_MONSTER, 0, g._decider_inv())
    board.rebuild(g, s)
    mon = g._data.monsters[m]
    if mon.lock_colour >= 0:
        pool.add_lock(g, mon.lock_colour, LK_MONSTER, s * MAX_MON + k)


# ----- defeating monsters ---------------------------------------------------------------------

def _task_of(g, s, k):
    """The task index of monster place k on slot s, or -1."""
    tb = s * MAX_TASKS_GAME
    for t in range(g._slots.adv[s].ntasks):
        if g._slots.task_mon[tb + t] == k:
            return t
    return -1


def target_options(g, buf):
    """A_TARGET + place: any monster in play (not one already beaten in the attempt in progress)."""
    sl = g._slots
    n = 0
    for s in range(sl.n):
        if not sl.on[s]:
            continue
        for k in range(MAX_MON):
            if sl.mon[s * MAX_MON + k] == NONE:
                continue
            if g._att.slot == s:
                if g._att.defeated & (1 << k):
                    continue
                t = _task_of(g, s, k)
                if t >= 0 and _done_in_attempt(g, s, t):
                    continue
            buf[n] = A_TARGET + s * MAX_MON + k
            n += 1
    return n


def defeat_target(g, mi, inv, forced):
    """A card defeats the monster at place mi: at once, or flipped until the end of the attempt in
    progress at its card."""
    s = mi // MAX_MON
    k = mi % MAX_MON
    g._event(EV_TARGET, mi, 0, forced)
    if g._att.slot == s:
        g._att.defeated |= 1 << k
        adv = g._slots.adv[s]
        t = _task_of(g, s, k)
        outlines = g._data.adventures[g._slots.card[s]].outlines
        at = g._slots.at[mi]
        partial = at < EXTRA and outlines[at][0] >= 0 and outlines[at][1] == 2
        if partial and g._tasks.kept_id(g._slots.card[s], at) != 0xFFFF:
            board.rebuild(g, s)          # the symbols outside the outline remain to be rolled
        elif t >= 0:
            adv.mark_done(t)
        return
    defeat(g, mi, inv)
    board.rebuild(g, s)


def defeat(g, mi, inv):
    """The monster at place mi is defeated by inv: a trophy, its lock freed, its back's effect."""
    m = g._slots.mon[mi]
    g._slots.mon[mi] = NONE
    mon = g._data.monsters[m]
    g._event(EV_DEFEAT, m, inv)
    pool.free_locks(g, LK_MONSTER, mi)
    trophies.add_trophy(g, inv, (TR_MONSTER << 12) | m)
    if mon.defeat:
        g._stack.push(F_RUN, 0, len(mon.defeat), inv, 1, mon.defeat)
