"""The board: adventures and Other Worlds in their slots, and each slot's Adventure.

A card entering a slot (a new adventure after one is completed, an Other World through a gate)
locks its die if it has a lock icon and runs its entry effect. A slot's Adventure is made once at
setup and rebound (`rebuild`) whenever its tasks change: the printed tasks with the monsters on
their outlines and the monsters as extra tasks, looked up as ids in the game's task table
(tasks.py), so nothing is allocated.
"""

from ...errors import KernelError
from . import effects as E
from ..card import MAX_TASKS
from .defs import (MAIN_SLOTS, MAX_SLOTS, MAX_MON, MAX_TASKS_GAME, NONE, LK_ADVENTURE, EV_REVEAL,
                   EV_EMPTY)


class Board:
    """Mixin of Game: the cards in the board slots."""

    def reveal(self, s):
        """A new adventure in main slot s (or none when the deck is empty)."""
        c = self.adv_deck.draw()
        self.put_card(s, c)

    def put_card(self, s, c, inv=NONE):
        base = s * MAX_MON
        for k in range(MAX_MON):
            self.slot_mon[base + k] = NONE
        if c < 0:
            self.slot_on[s] = 0
            self.slot_adv[s] = None
            return
        self.slot_on[s] = 1
        self.slot_card[s] = c
        self.event(EV_REVEAL, c, s)
        card = self.data.adventures[c]
        if card.lock >= 0:
            self.add_lock(card.lock, LK_ADVENTURE, c)
        self.rebuild(s)
        if inv == NONE:
            inv = self.active()
        if inv == NONE:
            inv = self.any_investigator()
        if inv != NONE:
            self.run(card.entry, inv)

    def open_gate(self):
        c = self.ow_deck.draw()
        if c < 0:
            self.event(EV_EMPTY, NONE, E.OP_GATE)
            return
        for s in range(MAIN_SLOTS, MAX_SLOTS):
            if not self.slot_on[s]:
                self.put_card(s, c)
                return
        self.ow_deck.bottom(c)
        self.event(EV_EMPTY, NONE, E.OP_GATE)

    def extra_task_monster(self, i, outlines, ntasks):
        """The monster at monster place i when it is an extra task on its card (not on an outline),
        else NONE; a card already at the task limit cannot take it (KernelError)."""
        m = self.slot_mon[i]
        at = self.slot_mon_at[i]
        if m == NONE or not (at >= 100 or outlines[at][0] < 0):
            return NONE
        if ntasks == MAX_TASKS_GAME:
            raise KernelError("card", "at most %d tasks on a card" % MAX_TASKS_GAME)
        return m

    def rebuild(self, s):
        """Rebind the slot's Adventure to its printed tasks and the monsters on it (no allocation:
        the task ids come from the game's task table, tasks.py)."""
        self.rebuilds += 1
        a = self.slot_card[s]
        card = self.data.adventures[a]
        gt = self.tasks
        outlines = card.outlines
        ids = self.tids
        tm = self.slot_task_mon
        tb = s * MAX_TASKS_GAME
        base = s * MAX_MON
        nprinted = len(card.card.tasks)
        n = 0
        for t in range(nprinted):
            tid = gt.printed[a * MAX_TASKS + t]
            mk = NONE
            for k in range(MAX_MON):
                m = self.slot_mon[base + k]
                at = self.slot_mon_at[base + k]
                if m != NONE and at < 100 and outlines[at][0] == t:
                    if outlines[at][1] == 2:
                        tid = gt.partial_id(a, at, m)
                    else:
                        tid = gt.monster[m]
                    mk = k
            ids[n] = tid
            tm[tb + n] = mk
            n += 1
        for k in range(MAX_MON):
            m = self.extra_task_monster(base + k, outlines, n)
            if m != NONE:
                ids[n] = gt.monster[m]
                tm[tb + n] = k
                n += 1
        for t in range(n, MAX_TASKS_GAME):
            tm[tb + t] = NONE
        adv = self.slot_pool[s]
        adv.set_situation(self.sit.set(6, 0, 0, 0, 0, 0, card.terror_code, 0, 0))
        adv.set_seed(0)
        adv.set_card(gt.table, ids, n, card.card.ordered and n > 1)
        self.slot_adv[s] = adv
