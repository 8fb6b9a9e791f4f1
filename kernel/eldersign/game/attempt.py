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


class AttemptState:
    """The attempt in progress: dice kept by focus or assistance and spell dice held in it (counts
    by die code), the helpers on the card, how many have helped, the tasks done, the slot."""

    def __init__(self):
        self.focus = bytearray(24)
        self.spell = bytearray(24)
        self.helpers = bytearray(MAX_PLAYERS)
        self.nhelp = 0
        self.done = 0
        self.slot = -1

    def clear(self):
        for d in range(24):
            self.focus[d] = 0
            self.spell[d] = 0
        for k in range(MAX_PLAYERS):
            self.helpers[k] = 0
        self.nhelp = 0
        self.done = 0
        self.slot = -1


class Attempt:
    """Mixin of Game: an adventure attempt from its beginning to its end."""

    def _cur_adv(self):
        if self._phase == P_BATTLE:
            return self._combat_adv
        return self._slots.adv[self._inv.loc[self._active()] - 1]

    def _cost_ok(self, adv, t):
        inv = self._active()
        return self._inv.san[inv] > adv.task_sanity[t] and self._inv.sta[inv] > adv.task_stamina[t]

    def _begin_adventure(self):
        inv = self._active()
        s = self._inv.loc[inv] - 1
        self._att.slot = s
        adv = self._slots.adv[s]
        helpers = 0
        for k in range(MAX_PLAYERS):
            self._att.helpers[k] = NONE
        for seat in range(self.players):
            h = self._seats.inv[seat]
            if h != NONE and h != inv and self._inv.loc[h] == s + 1 and not self._inv.assisted[h] and helpers < 3:
                self._att.helpers[helpers] = h
                helpers += 1
        green = self._free_dice(GREEN)
        yellow = 1 if self._turn_yellow == 1 else 0
        red = 1 if self._turn_red == 1 else 0
        adv.set_situation(green, yellow, red, (0 if self._focus_used else 1) + helpers,
                          self._hold_spells(inv, 4), self._inv.clues[inv] if self._inv.clues[inv] < 4 else 4,
                          self._data.adventures[self._slots.card[s]].terror_code,
                          self._inv.san[inv] if self._inv.san[inv] < 20 else 20,
                          self._inv.sta[inv] if self._inv.sta[inv] < 20 else 20)
        adv.set_seed((prng.next15(self._rng) << 15) | prng.next15(self._rng))
        adv.reset()
        self._preload_spell_dice(adv)
        self._att.nhelp = 0
        self._att.done = 0
        self._event(EV_BEGIN, s, green, yellow * 2 + red)
        self._phase = P_ADV
        if adv.is_terminal():
            self._end_adventure(False)

    def _preload_spell_dice(self, adv):
        """After adv.reset(): the dice spells hold from earlier turns are held in this attempt."""
        for d in range(24):
            self._att.focus[d] = 0
            self._att.spell[d] = 0
        for k in range(self._spells.n):
            adv.add_held(self._spells.die[k])
            self._att.spell[self._spells.die[k]] += 1

    def _adventure_step(self, action):
        inv = self._active()
        s = self._inv.loc[inv] - 1
        adv = self._slots.adv[s]
        roll = adv.roll_counts
        if action == ACT_ROLL or action >= ACT_ENTER:
            adv.apply(action)
            self._event(EV_ROLL, roll_code(roll))
        elif action < ACT_HOLD:
            t = action >> 8
            base = (action & 255) * WAY_BYTES
            ways = adv.ways
            for d in range(24):
                u = ways[base + 24 + d]
                if u:
                    f = self._att.focus[d] if self._att.focus[d] < u else u
                    self._att.focus[d] -= f
                    self._att.spell[d] -= u - f
                    self._use_spell_dice(d, u - f)
            adv.apply(action)
            self._att.done |= 1 << t
            self._event(EV_TASK, s, t)
            sanity = adv.task_sanity[t]
            stamina = adv.task_stamina[t]
            clock = adv.task_clock[t]
            if sanity:
                self._change(E.OP_SANITY, -sanity, inv)
            if stamina:
                self._change(E.OP_STAMINA, -stamina, inv)
            if clock:
                self._advance_clock(clock)
        elif action < ACT_FAIL:
            d = action - ACT_HOLD
            self._att.spell[d] += 1
            self._hold_on_spell(inv, d)
            adv.apply(action)
        elif action < ACT_REROLL:
            if roll[GREEN * NFACES + TERROR]:
                self._event(EV_TERROR, s)
                self._run(self._data.adventures[self._slots.card[s]].terror, inv)
                if self._mythos >= 0:
                    self._run(self._data.mythos[self._mythos].terror, inv)
            if action != ACT_FAIL_LOST and (action - ACT_FAIL) & 31:
                d = ((action - ACT_FAIL) & 31) - 1
                self._att.focus[d] += 1
                if not self._focus_used:
                    self._focus_used = True
                    self._event(EV_FOCUS, d)
                else:
                    h = self._att.helpers[self._att.nhelp]
                    self._att.nhelp += 1
                    self._inv.assisted[h] = 1
                    self._event(EV_HELP, h, d)
            adv.apply(action)
        else:
            adv.apply(action)
            self._inv.clues[inv] -= 1
            self._event(EV_CLUE, inv)
        self._resolve_pending()
        if self._result >= 0:
            self._phase = P_OVER
            return
        if self._battle or self._seats.inv[self._clock.seat] != inv:
            # the Ancient One woke, or the active investigator was devoured: the turn's clock phase
            self._end_adventure(False, True)
            return
        if adv.is_terminal():
            self._end_adventure(adv.phase() == P_WON)

    def _end_adventure(self, won, interrupted=False):
        """The end of the adventure phase: monsters, dice back, trophy and reward or penalty."""
        inv = self._active()
        if interrupted or inv == NONE or self._battle:
            # devoured during the attempt, or the Ancient One woke: the clock phase follows
            self._att.nhelp = 0
            self._end_turn()
            return
        s = self._inv.loc[inv] - 1
        self._phase = P_PREP
        # defeated monsters: a trophy at the end of the phase, even if the adventure fails
        defeated = False
        if s >= 0 and self._slots.on[s]:
            tb = s * MAX_TASKS_GAME
            for t in range(MAX_TASKS_GAME):
                k = self._slots.task_mon[tb + t]
                if k != NONE and self._att.done & (1 << t) and self._slots.mon[s * MAX_MON + k] != NONE:
                    self._defeat(s * MAX_MON + k, inv)
                    defeated = True
        card_id = self._slots.card[s]
        card = self._data.adventures[card_id]
        if won and not interrupted:
            self._event(EV_WON, s, card_id)
            for seat in range(self.players):
                h = self._seats.inv[seat]
                if h != NONE and self._inv.loc[h] == s + 1:
                    self._inv.loc[h] = LOC_ENTRANCE
            self._free_locks(LK_ADVENTURE, card_id)
            self._add_trophy(inv, card.trophy)
            self._return_monsters(s)
            if s < MAIN_SLOTS:
                self._reveal(s)
            else:
                self._put_card(s, -1)
            self._run(card.reward, inv)
        else:
            if not interrupted:
                self._event(EV_LOST, s, card_id)
                self._run(card.penalty, inv)
            if defeated and self._slots.on[s] and self._slots.card[s] == card_id:
                self._rebuild(s)
            for k in range(self._att.nhelp):
                h = self._att.helpers[k]
                if self._seats.inv[self._inv.seat_of[h]] == h:
                    if self._inv.sta[h] >= self._inv.san[h]:
                        self._change(E.OP_STAMINA, -1, h)
                    else:
                        self._change(E.OP_SANITY, -1, h)
        self._att.nhelp = 0
        if self._turn_yellow == 1:
            self._turn_yellow = 2
        if self._turn_red == 1:
            self._turn_red = 2
        self._resolve_pending()
        self._end_turn()
