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

    def awaken(self):
        self.event(EV_AWAKEN)
        if self.ao.awaken:
            self.run(self.ao.awaken, self.any_investigator())
            if self.result >= 0:
                return
        self.battle = True
        if self.mythos >= 0:
            self.free_locks(LK_MYTHOS, 0)
            self.mythos_deck.bottom(self.mythos)
            self.mythos = -1
        # dice locked on adventures or monsters leave the game
        for i in range(self.nlocks):
            c = self.lock_col[i]
            if c == GREEN:
                self.green_gone += 1
            elif c == YELLOW:
                self.yellow_gone = True
            else:
                self.red_gone = True
        self.nlocks = 0
        for s in range(MAX_SLOTS):
            if self.slot_on[s]:
                self.return_monsters(s)
                self.slot_on[s] = 0
                self.slot_adv[s] = None
        self.doom = self.ao.doom
        self.event(EV_DOOM, self.doom)
        for seat in range(self.players):
            inv = self.seat_inv[seat]
            if inv != NONE:
                self.loc[inv] = LOC_AO
            elif self.seat_state[seat] == 1:
                self.seat_state[seat] = 2
                self.event(EV_OUT, seat)
        self.check_all_out()

    def begin_attack(self):
        inv = self.active()
        adv = self.combat_adv
        green = self.free_dice(GREEN)
        yellow = 1 if self.turn_yellow == 1 else 0
        red = 1 if self.turn_red == 1 else 0
        self.start_combat(inv, green, yellow, red)
        self.event(EV_BEGIN, NONE, green, yellow * 2 + red)
        self.phase = P_BATTLE
        if adv.is_terminal():
            self.end_attack()

    def start_combat(self, inv, green, yellow, red):
        adv = self.combat_adv
        adv.set_situation(self.sit.set(green, yellow, red, 0, self.hold_spells(inv, 4),
                                       self.clues[inv] if self.clues[inv] < 4 else 4, 0, 0, 0))
        adv.set_seed((prng.next15(self.rng) << 15) | prng.next15(self.rng))
        adv.reset()
        self.preload_spell_dice(adv)

    def battle_step(self, action):
        inv = self.active()
        adv = self.combat_adv
        if action == ACT_ROLL or action >= ACT_ENTER:
            adv.apply(action)
            self.event(EV_ROLL, roll_code(adv.roll_counts))
        elif action < ACT_HOLD:
            base = (action & 255) * WAY_BYTES
            for d in range(24):
                u = adv.ways[base + 24 + d]
                if u:
                    self.use_spell_dice(d, u)
            adv.apply(action)
            self.event(EV_HIT, self.doom - 1)
            self.add_doom(-1)
            if self.result >= 0:
                self.phase = P_OVER
                return
            g = adv.pool_dice(GREEN)
            y = adv.pool_dice(YELLOW)
            r = adv.pool_dice(RED)
            if g + y + r == 0:
                self.end_attack()
                return
            self.start_combat(inv, g, y, r)
            return
        elif action < ACT_FAIL:
            d = action - ACT_HOLD
            self.hold_on_spell(inv, d)
            adv.apply(action)
        elif action < ACT_REROLL:
            adv.apply(action)
        else:
            adv.apply(action)
            self.clues[inv] -= 1
            self.event(EV_CLUE, inv)
        if adv.is_terminal():
            self.end_attack()

    def end_attack(self):
        if self.turn_yellow == 1:
            self.turn_yellow = 2
        if self.turn_red == 1:
            self.turn_red = 2
        self.end_turn()

    def ao_attack(self):
        self.event(EV_ATTACK)
        inv = self.active()
        if inv == NONE:
            inv = self.any_investigator()
        self.run(self.ao.attack, inv)
