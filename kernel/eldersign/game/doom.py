"""The doom track, monsters and locked dice.

Doom tokens (a monster appears on a marked space; the last space wakes the Ancient One, in the final
battle a hit removes one and the last one wins); monsters drawn from the cup and placed by the
kernel rule (first free outline in slot order, else an extra task on the card with the fewest extra
monsters, never on the card being attempted), defeated for a trophy, back to the cup; dice locked by
mythos cards, monsters and adventures, in arrival order, several at once.
"""

from . import effects as E
from ..dice import GREEN
from .defs import (P_ADV, MAX_SLOTS, MAX_MON, MAX_TASKS_GAME, NONE, LK_MONSTER, EV_DOOM,
                   EV_MONSTER, EV_DEFEAT, EV_LOCK, EV_FREE, EV_EMPTY)


class Doom:
    """Mixin of Game: the doom track, monsters and locks."""

    # ----- doom -------------------------------------------------------------------------------

    def _add_doom(self, n):
        top = self._ao.doom
        for _ in range(n if n > 0 else -n):
            if n > 0:
                if self._doom >= top:
                    break
                self._doom += 1
                self._event(EV_DOOM, self._doom)
                if not self._battle:
                    if self._ao.spaces[self._doom]:
                        self._monster_appears()
                    if self._doom == top:
                        self._awaken_due = True
            else:
                if self._doom == 0:
                    break
                self._doom -= 1
                self._event(EV_DOOM, self._doom)
                if self._battle and self._doom == 0:
                    self._win(1)

    # ----- monsters ---------------------------------------------------------------------------

    def _monster_appears(self):
        """Draw a monster and place it (kernel rule, GAME.md): the first free outline in slot order,
        else an extra task on the card with the fewest extra monsters (lowest slot first); never on
        the card being attempted right now; no room anywhere: back to the cup."""
        m = self._decks.cup.draw()
        if m < 0:
            self._event(EV_EMPTY, NONE, E.OP_MONSTER)
            return
        busy = self._att.slot if self._phase == P_ADV else -1
        best = -1
        best_at = 0
        for s in range(MAX_SLOTS):
            if not self._slots.on[s] or s == busy:
                continue
            outlines = self._data.adventures[self._slots.card[s]].outlines
            for o in range(len(outlines)):
                if outlines[o][0] < 0 and self._slots.adv[s].ntasks >= MAX_TASKS_GAME:
                    continue
                if not self._slots.outline_taken(s, o):
                    best = s
                    best_at = o
                    break
            if best >= 0:
                break
        if best < 0:
            fewest = 99
            for s in range(MAX_SLOTS):
                if not self._slots.on[s] or s == busy:
                    continue
                if self._slots.adv[s].ntasks >= MAX_TASKS_GAME or self._slots.free_place(s) < 0:
                    continue
                extras = self._slots.extras(s)
                if extras < fewest:
                    fewest = extras
                    best = s
                    best_at = 100 + extras
        if best < 0 or self._slots.free_place(best) < 0:
            self._decks.cup.bottom(m)
            self._event(EV_MONSTER, m, NONE, NONE)
            return
        k = self._slots.free_place(best)
        self._slots.place(best, k, m, best_at)
        self._event(EV_MONSTER, m, best, best_at)
        mon = self._data.monsters[m]
        if mon.lock_colour >= 0:
            self._add_lock(mon.lock_colour, LK_MONSTER, best * MAX_MON + k)
        self._rebuild(best)

    def _monster_target(self):
        """The monster an item or spell defeats (kernel rule): the first in slot order, preferring
        the card the active investigator is on; -1 when none is in play."""
        inv = self._active()
        if inv != NONE and 1 <= self._inv.loc[inv] <= MAX_SLOTS and self._phase != P_ADV:
            s = self._inv.loc[inv] - 1
            for k in range(MAX_MON):
                if self._slots.on[s] and self._slots.mon[s * MAX_MON + k] != NONE:
                    return s * MAX_MON + k
        if self._phase == P_ADV:
            return -1      # not while the dice are out (the card's tasks are fixed for the attempt)
        for i in range(MAX_SLOTS * MAX_MON):
            if self._slots.on[i // MAX_MON] and self._slots.mon[i] != NONE:
                return i
        return -1

    def _defeat(self, mi, inv):
        """Monster at slot-monster index mi is defeated by inv: trophy, lock freed, back effect."""
        m = self._slots.mon[mi]
        s = mi // MAX_MON
        self._slots.mon[mi] = NONE
        mon = self._data.monsters[m]
        self._event(EV_DEFEAT, m, inv)
        self._free_locks(LK_MONSTER, mi)
        self._add_trophy(inv, mon.trophy)
        self._decks.cup.bottom(m)
        self._run(mon.defeat, inv)
        return s

    def _return_monsters(self, s):
        base = s * MAX_MON
        for k in range(MAX_MON):
            m = self._slots.mon[base + k]
            if m != NONE:
                self._free_locks(LK_MONSTER, base + k)
                self._decks.cup.bottom(m)
                self._slots.mon[base + k] = NONE

    # ----- locks ------------------------------------------------------------------------------

    def _add_lock(self, colour, kind, src):
        if not self._locks.add(colour, kind, src):
            return
        self._event(EV_LOCK, colour, kind)
        # the die goes on the icon at once, even from a spell
        locked = self._locks.count(colour)
        total = 6 - self._green_gone if colour == GREEN else 1
        if colour != GREEN:
            locked = 1
        if locked + self._spells.count(colour) > total:
            for k in range(self._spells.n):
                if self._spells.die[k] >> 3 == colour:
                    self._drop_spell_die(k)
                    break

    def _free_locks(self, kind, src):
        while True:
            i = self._locks.find(kind, src)
            if i < 0:
                return
            self._event(EV_FREE, self._locks.col[i], kind)
            self._locks.remove(i)
