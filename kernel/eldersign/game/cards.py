"""Cards in hand and trophies: drawing and losing items, spells and allies; using them (the yellow and
red dice for this turn's pool, effects, defeating a monster); spells holding dice across turns that
any player may use; trophies gained and spent (the smallest total that pays, then the fewest cards).
"""

from . import effects as E
from ..dice import YELLOW, RED
from .defs import (P_ENTRANCE, P_BATTLE_PREP, P_OVER, MAX_HAND, NONE, EV_DRAW, EV_DISCARD, EV_EMPTY,
                   EV_USE, EV_TROPHY, EV_RETURN, EV_HOLD)


class Cards:
    """Mixin of Game: hands, spells holding dice, trophies."""

    # ----- cards in hand ----------------------------------------------------------------------

    def usable(self, inv, i, ph):
        c = self.hand[inv * MAX_HAND + i]
        kind = self.data.cards[c]
        use = kind.use
        if kind.limit == "hold" or not use:
            return False
        if kind.limit == "day" and self.hand_flag[inv * MAX_HAND + i]:
            return False
        op = use[0]
        if op == E.OP_DIE_YELLOW:
            return ph != P_ENTRANCE and self.turn_yellow == 0 and self.free_dice(YELLOW) > 0
        if op == E.OP_DIE_RED:
            return ph != P_ENTRANCE and self.turn_red == 0 and self.free_dice(RED) > 0
        if op == E.OP_DEFEAT_MONSTER:
            return self.monster_target() >= 0
        return True

    def use_card(self, inv, i):
        c = self.hand[inv * MAX_HAND + i]
        kind = self.data.cards[c]
        self.event(EV_USE, inv, c)
        op = kind.use[0]
        if op == E.OP_DIE_YELLOW:
            self.turn_yellow = 1
        elif op == E.OP_DIE_RED:
            self.turn_red = 1
        elif op == E.OP_DEFEAT_MONSTER:
            mi = self.monster_target()
            s = self.defeat(mi, inv)
            self.rebuild(s)
        else:
            self.run(kind.use, inv)
        if kind.limit == "day":
            self.hand_flag[inv * MAX_HAND + i] = 1
        elif kind.limit == "discard":
            self.hand[inv * MAX_HAND + i] = NONE
            self.item_decks[kind.deck_index].bottom(c)

    def after_effects_in_turn(self):
        """After a card's effect in the prepare or entrance step: a devoured active investigator or
        the awakening ends the phase (the turn's clock phase follows)."""
        if self.result >= 0:
            self.phase = P_OVER
        elif self.seat_inv[self.seat] == NONE or (self.battle and self.phase != P_BATTLE_PREP):
            self.end_turn()

    def draw_card(self, k, inv):
        c = self.item_decks[k].draw()
        if c < 0:
            self.event(EV_EMPTY, inv, E.OP_COMMON + k)
            return
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            if self.hand[base + i] == NONE:
                self.hand[base + i] = c
                self.hand_flag[base + i] = 0
                self.event(EV_DRAW, inv, c)
                return
        self.item_decks[k].bottom(c)
        self.event(EV_EMPTY, inv, E.OP_COMMON + k)

    def discard_card(self, k, inv):
        """Lose one card of deck k (the first in hand)."""
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE and self.data.cards[c].deck_index == k:
                self.hand[base + i] = NONE
                self.item_decks[k].bottom(c)
                self.event(EV_DISCARD, inv, c)
                return
        self.event(EV_EMPTY, inv, E.OP_COMMON + k)

    # ----- spells holding dice ----------------------------------------------------------------

    def hold_spells(self, inv, top):
        """Spells in inv's hand that can hold a die and hold none yet (at most top)."""
        n = 0
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE and self.data.cards[c].limit == "hold" and not self.spell_busy(c):
                n += 1
        return n if n < top else top

    def spell_busy(self, c):
        for k in range(self.nsd):
            if self.sd_card[k] == c:
                return True
        return False

    def free_hold_spell(self, inv):
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE and self.data.cards[c].limit == "hold" and not self.spell_busy(c):
                self.hand[base + i] = NONE
                return c
        return 0

    def hold_on_spell(self, inv, d):
        """Die d of the roll goes onto one of inv's holding spells; returns that spell card."""
        c = self.free_hold_spell(inv)
        self.sd_die[self.nsd] = d
        self.sd_card[self.nsd] = c
        self.nsd += 1
        self.event(EV_HOLD, d, c)
        return c

    def use_spell_dice(self, d, n):
        k = 0
        while n > 0 and k < self.nsd:
            if self.sd_die[k] == d:
                self.drop_spell_die(k)
                n -= 1
            else:
                k += 1

    def drop_spell_die(self, k):
        """Spell-held die k leaves its spell; a spell with no die left goes to its deck's bottom."""
        card = self.sd_card[k]
        for j in range(k, self.nsd - 1):
            self.sd_die[j] = self.sd_die[j + 1]
            self.sd_card[j] = self.sd_card[j + 1]
        self.nsd -= 1
        for j in range(self.nsd):
            if self.sd_card[j] == card:
                return
        self.item_decks[self.data.cards[card].deck_index].bottom(card)
        self.event(EV_RETURN, card)

    # ----- trophies ---------------------------------------------------------------------------

    def pay_trophies(self, inv, need):
        """Spend trophy cards worth at least need (no change): the smallest total that pays, then the
        fewest cards (kernel rule, GAME.md); with too little, every trophy is lost."""
        base = inv * 10
        tb = self.tbuf
        best_total = 999
        best_cards = 99
        # enumerate counts per value, values 1..9, bounded: a mixed-radix counter over tb
        for v in range(10):
            tb[v] = 0
        while True:
            total = 0
            cards = 0
            for v in range(10):
                total += v * tb[v]
                cards += tb[v]
            if total >= need and (total < best_total or total == best_total and cards < best_cards):
                best_total = total
                best_cards = cards
                self.best_code = 0
                for v in range(9, -1, -1):
                    self.best_code = self.best_code * 16 + tb[v]
            v = 1
            while v < 10:
                if tb[v] < self.troph[base + v] and tb[v] < 15:
                    tb[v] += 1
                    break
                tb[v] = 0
                v += 1
            if v == 10:
                break
        if best_total == 999:
            for v in range(10):
                self.troph[base + v] = 0
            self.event(EV_TROPHY, inv, 0)
            return
        code = self.best_code
        for v in range(10):
            self.troph[base + v] -= code % 16
            code //= 16
        self.event(EV_TROPHY, inv, self.trophy_total(inv))

    def add_trophy(self, inv, value):
        if value > 9:
            value = 9
        self.troph[inv * 10 + value] += 1
        self.event(EV_TROPHY, inv, self.trophy_total(inv))
