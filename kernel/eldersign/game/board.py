"""The board: adventures and Other Worlds in their slots, and each slot's Adventure.

Six slots hold adventures; below them one slot for each Other World card of the data, so any number
of Other Worlds can be in play. A card entering a slot (a new adventure after one is completed, an
Other World through a gate) locks its die if it has a lock icon and its entry effect runs (pushed).
A slot's Adventure is made once at setup and rebound (`rebuild`) whenever its tasks change: the
printed tasks with the monsters on their outlines and the monsters as extra tasks, looked up as ids
in the game's task table (tasks.py), so nothing is allocated; during an attempt at that card it is
re-tasked in place (the dice rolled, held and done stay).
"""

from ...errors import KernelError
from . import effects as E
from . import pool
from ..card import MAX_TASKS
from .slots import EXTRA
from .defs import (MAIN_SLOTS, MAX_MON, MAX_TASKS_GAME, NONE, LK_ADVENTURE, LK_MONSTER, F_RUN, EV_REVEAL,
                   EV_EMPTY)


def reveal(g, s):
    """A new adventure in main slot s (none when the deck is empty)."""
    put_card(g, s, g._decks.adventures.draw(), NONE)


def put_card(g, s, c, inv):
    """Card c enters slot s (c < 0: the slot is emptied): its lock icon takes a die, its entry effect
    runs for inv (the investigator the table names; NONE at setup: no one to affect)."""
    g._slots.clear_monsters(s)
    if c < 0:
        g._slots.empty(s)
        return
    g._slots.on[s] = 1
    g._slots.card[s] = c
    g._event(EV_REVEAL, c, s)
    card = g._data.adventures[c]
    rebuild(g, s)
    if card.lock >= 0:
        pool.add_lock(g, card.lock, LK_ADVENTURE, c)
    if inv != NONE and card.entry:
        g._stack.push(F_RUN, 0, len(card.entry), inv, 1, card.entry)


def open_gate(g, inv):
    """An Other World is drawn and placed below the six adventures."""
    c = g._decks.other_worlds.draw()
    if c < 0:
        g._event(EV_EMPTY, NONE, E.OP_GATE)
        return
    for s in range(MAIN_SLOTS, g._slots.n):
        if not g._slots.on[s]:
            put_card(g, s, c, inv)
            return
    g._decks.other_worlds.bottom(c)       # cannot happen: a slot for each Other World


def return_monsters(g, s):
    """The monsters on slot s go back to the cup, their locks freed."""
    base = s * MAX_MON
    for k in range(MAX_MON):
        m = g._slots.mon[base + k]
        if m != NONE:
            pool.free_locks(g, LK_MONSTER, base + k)
            g._decks.cup.bottom(m)
            g._slots.mon[base + k] = NONE


def leave(g, s):
    """The card in slot s leaves play (completed, or the table's companion mode): monsters back,
    its lock freed, the slot empty (the card itself is the caller's: a trophy or the box)."""
    return_monsters(g, s)
    pool.free_locks(g, LK_ADVENTURE, g._slots.card[s])
    g._slots.empty(s)


def is_extra(g, i, outlines):
    """The monster at monster place i is a task of its own on its card (an extra task, or on an
    outline of its own line), not on a printed task."""
    at = g._slots.at[i]
    return g._slots.mon[i] != NONE and (at >= EXTRA or outlines[at][0] < 0)


def task_count(g, s):
    """Printed tasks plus monsters as tasks of their own (what rebuild binds)."""
    card = g._data.adventures[g._slots.card[s]]
    n = card.ntasks
    base = s * MAX_MON
    for k in range(MAX_MON):
        if is_extra(g, base + k, card.outlines):
            n += 1
    return n


def rebuild(g, s):
    """Rebind the slot's Adventure to its printed tasks and the monsters on it (no allocation: the
    task ids come from the game's task table, tasks.py). A lean companion game keeps the count only."""
    g._rebuilds += 1
    if g._tasks is None:
        t = g._slot_pool[s]
        t.ntasks = task_count(g, s)
        g._slots.adv[s] = t
        return
    a = g._slots.card[s]
    card = g._data.adventures[a]
    gt = g._tasks
    outlines = card.outlines
    ids = g._tids
    tm = g._slots.task_mon
    tb = s * MAX_TASKS_GAME
    base = s * MAX_MON
    nprinted = card.ntasks
    n = 0
    for t in range(nprinted):
        tid = gt.printed[a * MAX_TASKS + t]
        mk = NONE
        for k in range(MAX_MON):
            m = g._slots.mon[base + k]
            at = g._slots.at[base + k]
            if m != NONE and at < EXTRA and outlines[at][0] == t:
                if g._att.slot == s and g._att.defeated & (1 << k):
                    # a card defeated it during this attempt: what is left is the printed symbols
                    # outside a partial outline (the task counts as done otherwise, attempt.py)
                    if outlines[at][1] == 2 and gt.kept_id(a, at) != 0xFFFF:
                        tid = gt.kept_id(a, at)
                elif outlines[at][1] == 2:
                    tid = gt.partial_id(a, at, m)
                else:
                    tid = gt.monster[m]
                mk = k
        ids[n] = tid
        tm[tb + n] = mk
        n += 1
    # the extra tasks in the order their monsters arrived, so that the tasks of a card being
    # attempted keep their places when a monster joins it
    last = -1
    while True:
        pick = -1
        for k in range(MAX_MON):
            if is_extra(g, base + k, outlines):
                seq = g._slots.seq[base + k]
                if seq > last and (pick < 0 or seq < g._slots.seq[base + pick]):
                    pick = k
        if pick < 0:
            break
        if n == MAX_TASKS_GAME:
            raise KernelError("card", "at most %d tasks on a card" % MAX_TASKS_GAME)
        last = g._slots.seq[base + pick]
        ids[n] = gt.monster[g._slots.mon[base + pick]]
        tm[tb + n] = pick
        n += 1
    for t in range(n, MAX_TASKS_GAME):
        tm[tb + t] = NONE
    adv = g._slot_pool[s]
    ordered = card.card.ordered and n > 1
    if g._att.slot == s and g._slots.adv[s] is adv:
        adv.retask(gt.table, ids, n, ordered)
    else:
        adv.set_situation(g._sit.set(6, 0, 0, 0, 0, 0, card.terror_code, 0, 0))
        adv.set_seed(0)
        adv.set_card(gt.table, ids, n, ordered)
    g._slots.adv[s] = adv
