"""The adventure phase: the adventure kernel (adventure.py) wrapped with what surrounds an attempt.

Beginning an attempt sets the slot's Adventure up from the game (free dice, item dice, focus and
assistance, spells, clues, the card's terror code, sanity and stamina) and seeds it from the game's
PRNG; each adventure action is passed through and wrapped: task costs, terror effects of the card
and of the mythos card, spell-held and focused dice, helpers, clues. The end of the phase defeats
the monsters whose tasks were done, then gives the trophy and reward or the penalty (and the
helpers' penalty). `roll_code` is adventure.roll_code without allocating.
"""

from . import effects as E
from ... import prng
from ..adventure import ACT_HOLD, ACT_FAIL, ACT_FAIL_LOST, ACT_REROLL, ACT_ROLL, ACT_ENTER, P_WON, WAY_BYTES
from ..dice import GREEN, YELLOW, RED, TERROR, NFACES, DIE_FACES
from .defs import (P_PREP, P_ADV, P_BATTLE, P_OVER, MAX_PLAYERS, MAX_MON, MAX_TASKS_GAME, NONE,
                   MAIN_SLOTS, LOC_ENTRANCE, LK_ADVENTURE, EV_BEGIN, EV_ROLL, EV_TASK, EV_TERROR,
                   EV_WON, EV_LOST, EV_HELP, EV_FOCUS, EV_CLUE)


_GF = DIE_FACES[GREEN]
_YF = DIE_FACES[YELLOW]
_RF = DIE_FACES[RED]


def roll_code(counts):
    """adventure.roll_code without allocating (the same code: decode it with adventure.decode_roll)."""
    code = 0
    i = 5
    while i >= 0:
        code = code * 9 + counts[_GF[i]]
        i -= 1
    k = 6
    for i in range(6):
        if counts[NFACES + _YF[i]]:
            k = i
    code = code * 7 + k
    k = 6
    for i in range(6):
        if counts[2 * NFACES + _RF[i]]:
            k = i
    return code * 7 + k


class Attempt:
    """Mixin of Game: an adventure attempt from its beginning to its end."""

    def cur_adv(self):
        if self.phase == P_BATTLE:
            return self.combat_adv
        return self.slot_adv[self.loc[self.active()] - 1]

    def cost_ok(self, adv, t):
        inv = self.active()
        return self.san[inv] > adv.task_sanity[t] and self.sta[inv] > adv.task_stamina[t]

    def begin_adventure(self):
        inv = self.active()
        s = self.loc[inv] - 1
        self.att_slot = s
        adv = self.slot_adv[s]
        helpers = 0
        for k in range(MAX_PLAYERS):
            self.att_helpers[k] = NONE
        for seat in range(self.players):
            h = self.seat_inv[seat]
            if h != NONE and h != inv and self.loc[h] == s + 1 and not self.assisted[h] and helpers < 3:
                self.att_helpers[helpers] = h
                helpers += 1
        green = self.free_dice(GREEN)
        yellow = 1 if self.turn_yellow == 1 else 0
        red = 1 if self.turn_red == 1 else 0
        adv.set_situation(self.sit.set(green, yellow, red, (0 if self.focus_used else 1) + helpers,
                                       self.hold_spells(inv, 4), self.clues[inv] if self.clues[inv] < 4 else 4,
                                       self.data.adventures[self.slot_card[s]].terror_code,
                                       self.san[inv] if self.san[inv] < 20 else 20,
                                       self.sta[inv] if self.sta[inv] < 20 else 20))
        adv.set_seed((prng.next15(self.rng) << 15) | prng.next15(self.rng))
        adv.reset()
        self.preload_spell_dice(adv)
        self.att_nhelp = 0
        self.att_done = 0
        self.event(EV_BEGIN, s, green, yellow * 2 + red)
        self.phase = P_ADV
        if adv.is_terminal():
            self.end_adventure(False)

    def preload_spell_dice(self, adv):
        """After adv.reset(): the dice spells hold from earlier turns are held in this attempt."""
        for d in range(24):
            self.att_focus[d] = 0
            self.att_spell[d] = 0
        for k in range(self.nsd):
            adv.add_held(self.sd_die[k])
            self.att_spell[self.sd_die[k]] += 1

    def adventure_step(self, action):
        inv = self.active()
        s = self.loc[inv] - 1
        adv = self.slot_adv[s]
        roll = adv.roll_counts
        if action == ACT_ROLL or action >= ACT_ENTER:
            adv.apply(action)
            self.event(EV_ROLL, roll_code(roll))
        elif action < ACT_HOLD:
            t = action >> 8
            base = (action & 255) * WAY_BYTES
            ways = adv.ways
            for d in range(24):
                u = ways[base + 24 + d]
                if u:
                    f = self.att_focus[d] if self.att_focus[d] < u else u
                    self.att_focus[d] -= f
                    self.att_spell[d] -= u - f
                    self.use_spell_dice(d, u - f)
            adv.apply(action)
            self.att_done |= 1 << t
            self.event(EV_TASK, s, t)
            sanity = adv.task_sanity[t]
            stamina = adv.task_stamina[t]
            clock = adv.task_clock[t]
            if sanity:
                self.change(E.OP_SANITY, -sanity, inv)
            if stamina:
                self.change(E.OP_STAMINA, -stamina, inv)
            if clock:
                self.advance_clock(clock)
        elif action < ACT_FAIL:
            d = action - ACT_HOLD
            self.att_spell[d] += 1
            self.hold_on_spell(inv, d)
            adv.apply(action)
        elif action < ACT_REROLL:
            if roll[GREEN * NFACES + TERROR]:
                card_terror = self.data.adventures[self.slot_card[s]].terror
                mythos_terror = self.data.mythos[self.mythos].terror if self.mythos >= 0 else ()
                self.event(EV_TERROR, s, (1 if card_terror else 0) | (2 if mythos_terror else 0))
                self.run(card_terror, inv)
                if self.mythos >= 0:
                    self.run(mythos_terror, inv)
            if action != ACT_FAIL_LOST and (action - ACT_FAIL) & 31:
                d = ((action - ACT_FAIL) & 31) - 1
                self.att_focus[d] += 1
                if not self.focus_used:
                    self.focus_used = True
                    self.event(EV_FOCUS, d)
                else:
                    h = self.att_helpers[self.att_nhelp]
                    self.att_nhelp += 1
                    self.assisted[h] = 1
                    self.event(EV_HELP, h, d)
            adv.apply(action)
        else:
            adv.apply(action)
            self.clues[inv] -= 1
            self.event(EV_CLUE, inv)
        self.resolve_pending()
        if self.result >= 0:
            self.phase = P_OVER
            return
        if self.battle or self.seat_inv[self.seat] != inv:
            # the Ancient One woke, or the active investigator was devoured: the turn's clock phase
            self.end_adventure(False, True)
            return
        if adv.is_terminal():
            self.end_adventure(adv.phase() == P_WON)

    def end_adventure(self, won, interrupted=False):
        """The end of the adventure phase: monsters, dice back, trophy and reward or penalty."""
        inv = self.active()
        if interrupted or inv == NONE or self.battle:
            # devoured during the attempt, or the Ancient One woke: the clock phase follows
            self.att_nhelp = 0
            self.end_turn()
            return
        s = self.loc[inv] - 1
        self.phase = P_PREP
        # defeated monsters: a trophy at the end of the phase, even if the adventure fails
        defeated = False
        if s >= 0 and self.slot_on[s]:
            tb = s * MAX_TASKS_GAME
            for t in range(MAX_TASKS_GAME):
                k = self.slot_task_mon[tb + t]
                if k != NONE and self.att_done & (1 << t) and self.slot_mon[s * MAX_MON + k] != NONE:
                    self.defeat(s * MAX_MON + k, inv)
                    defeated = True
        card_id = self.slot_card[s]
        card = self.data.adventures[card_id]
        if won and not interrupted:
            self.event(EV_WON, s, card_id)
            for seat in range(self.players):
                h = self.seat_inv[seat]
                if h != NONE and self.loc[h] == s + 1:
                    self.loc[h] = LOC_ENTRANCE
            self.free_locks(LK_ADVENTURE, card_id)
            self.add_trophy(inv, card.trophy)
            self.return_monsters(s)
            if s < MAIN_SLOTS:
                self.reveal(s)
            else:
                self.put_card(s, -1)
            self.run(card.reward, inv)
        else:
            if not interrupted:
                self.event(EV_LOST, s, card_id)
                self.run(card.penalty, inv)
            if defeated and self.slot_on[s] and self.slot_card[s] == card_id:
                self.rebuild(s)
            for k in range(self.att_nhelp):
                h = self.att_helpers[k]
                if self.seat_inv[self.seat_of[h]] == h:
                    if self.sta[h] >= self.san[h]:
                        self.change(E.OP_STAMINA, -1, h)
                    else:
                        self.change(E.OP_SANITY, -1, h)
        self.att_nhelp = 0
        if self.turn_yellow == 1:
            self.turn_yellow = 2
        if self.turn_red == 1:
            self.turn_red = 2
        self.resolve_pending()
        self.end_turn()
