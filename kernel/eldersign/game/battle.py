"""The Ancient One's awakening and the final battle.

Waking: its awakening effect (Azathoth ends the game), the mythos card goes, dice locked on
adventures or by monsters leave the game, the board is cleared, the doom track is filled and every
investigator faces it. A turn is then prepare -> attack -> clock: an attack is the adventure kernel
on the combat task; each completion is a hit (one doom token off) and the attack goes on with the
dice left; at midnight the Ancient One attacks.
"""

from ... import prng
from ..adventure import ACT_HOLD, ACT_FAIL, ACT_REROLL, ACT_ROLL, ACT_ENTER, WAY_BYTES
from ..dice import GREEN, YELLOW, RED
from .attempt import roll_code
from .defs import (P_BATTLE, P_OVER, MAX_SLOTS, NONE, LOC_AO, LK_MYTHOS, EV_AWAKEN, EV_DOOM, EV_OUT,
                   EV_BEGIN, EV_ROLL, EV_HIT, EV_CLUE, EV_ATTACK)


class Battle:
    """Mixin of Game: the awakening and the final battle."""

    def _awaken(self):
        self._event(EV_AWAKEN)
        if self._ao.awaken:
            self._run(self._ao.awaken, self._seats.first_investigator(self.players))
            if self._result >= 0:
                return
        self._battle = True
        if self._mythos >= 0:
            self._free_locks(LK_MYTHOS, 0)
            self._decks.mythos.bottom(self._mythos)
            self._mythos = -1
        # dice locked on adventures or monsters leave the game
        for i in range(self._locks.n):
            c = self._locks.col[i]
            if c == GREEN:
                self._green_gone += 1
            elif c == YELLOW:
                self._yellow_gone = True
            else:
                self._red_gone = True
        self._locks.n = 0
        for s in range(MAX_SLOTS):
            if self._slots.on[s]:
                self._return_monsters(s)
                self._slots.on[s] = 0
                self._slots.adv[s] = None
        self._doom = self._ao.doom
        self._event(EV_DOOM, self._doom)
        for seat in range(self.players):
            inv = self._seats.inv[seat]
            if inv != NONE:
                self._inv.loc[inv] = LOC_AO
            elif self._seats.state[seat] == 1:
                self._seats.state[seat] = 2
                self._event(EV_OUT, seat)
        self._check_all_out()

    def _begin_attack(self):
        inv = self._active()
        adv = self._combat_adv
        green = self._free_dice(GREEN)
        yellow = 1 if self._turn_yellow == 1 else 0
        red = 1 if self._turn_red == 1 else 0
        self._start_combat(inv, green, yellow, red)
        self._event(EV_BEGIN, NONE, green, yellow * 2 + red)
        self._phase = P_BATTLE
        if adv.is_terminal():
            self._end_attack()

    def _start_combat(self, inv, green, yellow, red):
        adv = self._combat_adv
        adv.set_situation(green, yellow, red, 0, self._hold_spells(inv, 4),
                          self._inv.clues[inv] if self._inv.clues[inv] < 4 else 4, 0, 0, 0)
        adv.set_seed((prng.next15(self._rng) << 15) | prng.next15(self._rng))
        adv.reset()
        self._preload_spell_dice(adv)

    def _battle_step(self, action):
        inv = self._active()
        adv = self._combat_adv
        if action == ACT_ROLL or action >= ACT_ENTER:
            adv.apply(action)
            self._event(EV_ROLL, roll_code(adv.roll_counts))
        elif action < ACT_HOLD:
            base = (action & 255) * WAY_BYTES
            for d in range(24):
                u = adv.ways[base + 24 + d]
                if u:
                    self._use_spell_dice(d, u)
            adv.apply(action)
            self._event(EV_HIT, self._doom - 1)
            self._add_doom(-1)
            if self._result >= 0:
                self._phase = P_OVER
                return
            g = adv.pool_dice(GREEN)
            y = adv.pool_dice(YELLOW)
            r = adv.pool_dice(RED)
            if g + y + r == 0:
                self._end_attack()
                return
            self._start_combat(inv, g, y, r)
            return
        elif action < ACT_FAIL:
            d = action - ACT_HOLD
            self._hold_on_spell(inv, d)
            adv.apply(action)
        elif action < ACT_REROLL:
            adv.apply(action)
        else:
            adv.apply(action)
            self._inv.clues[inv] -= 1
            self._event(EV_CLUE, inv)
        if adv.is_terminal():
            self._end_attack()

    def _end_attack(self):
        if self._turn_yellow == 1:
            self._turn_yellow = 2
        if self._turn_red == 1:
            self._turn_red = 2
        self._end_turn()

    def _ao_attack(self):
        self._event(EV_ATTACK)
        inv = self._active()
        if inv == NONE:
            inv = self._seats.first_investigator(self.players)
        self._run(self._ao.attack, inv)
