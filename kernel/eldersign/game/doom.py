"""The doom track, monsters and locked dice.

Doom tokens (a monster appears on a marked space; the last space wakes the Ancient One, in the final
battle a hit removes one and the last one wins); monsters drawn from the cup and placed by the
kernel rule (first free outline in slot order, else an extra task on the card with the fewest extra
monsters, never on the card being attempted), defeated for a trophy, back to the cup; dice locked by
mythos cards, monsters and adventures, in arrival order, several at once.
"""

from . import effects as E
from ..dice import GREEN
from .defs import (P_ADV, MAX_SLOTS, MAX_MON, MAX_LOCKS, MAX_TASKS_GAME, NONE, LK_MONSTER, EV_DOOM,
                   EV_MONSTER, EV_DEFEAT, EV_LOCK, EV_FREE, EV_EMPTY)


class Doom:
    """Mixin of Game: the doom track, monsters and locks."""

    # ----- doom -------------------------------------------------------------------------------

    def add_doom(self, n):
        top = self.ao.doom
        for _ in range(n if n > 0 else -n):
            if n > 0:
                if self.doom >= top:
                    break
                self.doom += 1
                self.event(EV_DOOM, self.doom)
                if not self.battle:
                    if self.ao.spaces[self.doom]:
                        self.monster_appears()
                    if self.doom == top:
                        self.awaken_due = True
            else:
                if self.doom == 0:
                    break
                self.doom -= 1
                self.event(EV_DOOM, self.doom)
                if self.battle and self.doom == 0:
                    self.win(1)

    # ----- monsters ---------------------------------------------------------------------------

    def monster_appears(self):
        """Draw a monster and place it (kernel rule, GAME.md): the first free outline in slot order,
        else an extra task on the card with the fewest extra monsters (lowest slot first); never on
        the card being attempted right now; no room anywhere: back to the cup."""
        m = self.cup.draw()
        if m < 0:
            self.event(EV_EMPTY, NONE, E.OP_MONSTER)
            return
        busy = self.att_slot if self.phase == P_ADV else -1
        best = -1
        best_at = 0
        for s in range(MAX_SLOTS):
            if not self.slot_on[s] or s == busy:
                continue
            outlines = self.data.adventures[self.slot_card[s]].outlines
            for o in range(len(outlines)):
                if outlines[o][0] < 0 and self.slot_adv[s].ntasks >= MAX_TASKS_GAME:
                    continue
                if not self.outline_taken(s, o):
                    best = s
                    best_at = o
                    break
            if best >= 0:
                break
        if best < 0:
            fewest = 99
            for s in range(MAX_SLOTS):
                if not self.slot_on[s] or s == busy:
                    continue
                if self.slot_adv[s].ntasks >= MAX_TASKS_GAME or self.free_mon(s) < 0:
                    continue
                extras = 0
                for k in range(MAX_MON):
                    if self.slot_mon[s * MAX_MON + k] != NONE and self.slot_mon_at[s * MAX_MON + k] >= 100:
                        extras += 1
                if extras < fewest:
                    fewest = extras
                    best = s
                    best_at = 100 + extras
        if best < 0 or self.free_mon(best) < 0:
            self.cup.bottom(m)
            self.event(EV_MONSTER, m, NONE, NONE)
            return
        k = self.free_mon(best)
        self.slot_mon[best * MAX_MON + k] = m
        self.slot_mon_at[best * MAX_MON + k] = best_at
        self.event(EV_MONSTER, m, best, best_at)
        mon = self.data.monsters[m]
        if mon.lock_colour >= 0:
            self.add_lock(mon.lock_colour, LK_MONSTER, best * MAX_MON + k)
        self.rebuild(best)

    def outline_taken(self, s, o):
        for k in range(MAX_MON):
            if self.slot_mon[s * MAX_MON + k] != NONE and self.slot_mon_at[s * MAX_MON + k] == o:
                return True
        return False

    def free_mon(self, s):
        for k in range(MAX_MON):
            if self.slot_mon[s * MAX_MON + k] == NONE:
                return k
        return -1

    def monster_target(self):
        """The monster an item or spell defeats (kernel rule): the first in slot order, preferring
        the card the active investigator is on; -1 when none is in play."""
        inv = self.active()
        if inv != NONE and 1 <= self.loc[inv] <= MAX_SLOTS and self.phase != P_ADV:
            s = self.loc[inv] - 1
            for k in range(MAX_MON):
                if self.slot_on[s] and self.slot_mon[s * MAX_MON + k] != NONE:
                    return s * MAX_MON + k
        if self.phase == P_ADV:
            return -1      # not while the dice are out (the card's tasks are fixed for the attempt)
        for i in range(MAX_SLOTS * MAX_MON):
            if self.slot_on[i // MAX_MON] and self.slot_mon[i] != NONE:
                return i
        return -1

    def defeat(self, mi, inv):
        """Monster at slot-monster index mi is defeated by inv: trophy, lock freed, back effect."""
        m = self.slot_mon[mi]
        s = mi // MAX_MON
        self.slot_mon[mi] = NONE
        mon = self.data.monsters[m]
        self.event(EV_DEFEAT, m, inv)
        self.free_locks(LK_MONSTER, mi)
        self.add_trophy(inv, mon.trophy)
        self.cup.bottom(m)
        self.run(mon.defeat, inv)
        return s

    def return_monsters(self, s):
        base = s * MAX_MON
        for k in range(MAX_MON):
            m = self.slot_mon[base + k]
            if m != NONE:
                self.free_locks(LK_MONSTER, base + k)
                self.cup.bottom(m)
                self.slot_mon[base + k] = NONE

    # ----- locks ------------------------------------------------------------------------------

    def add_lock(self, colour, kind, src):
        if self.nlocks >= MAX_LOCKS:
            return
        i = self.nlocks
        self.lock_col[i] = colour
        self.lock_kind[i] = kind
        self.lock_src[i] = src
        self.nlocks = i + 1
        self.event(EV_LOCK, colour, kind)
        # the die goes on the icon at once, even from a spell
        locked = 0
        for k in range(i + 1):
            if self.lock_col[k] == colour:
                locked += 1
        total = 6 - self.green_gone if colour == GREEN else 1
        if colour != GREEN:
            locked = 1
        on_spells = 0
        for k in range(self.nsd):
            if self.sd_die[k] >> 3 == colour:
                on_spells += 1
        if locked + on_spells > total:
            for k in range(self.nsd):
                if self.sd_die[k] >> 3 == colour:
                    self.drop_spell_die(k)
                    break

    def free_locks(self, kind, src):
        i = 0
        while i < self.nlocks:
            if self.lock_kind[i] == kind and self.lock_src[i] == src:
                self.event(EV_FREE, self.lock_col[i], kind)
                for k in range(i, self.nlocks - 1):
                    self.lock_col[k] = self.lock_col[k + 1]
                    self.lock_kind[k] = self.lock_kind[k + 1]
                    self.lock_src[k] = self.lock_src[k + 1]
                self.nlocks -= 1
            else:
                i += 1
