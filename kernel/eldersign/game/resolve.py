"""Resolving effects: the interpreter of compiled effect lists (effects.py) and what they do to investigators.

`run(code, inv)` walks the flat tuple without allocating; `choose(...)` takes the first alternative
the investigator can pay without being devoured, else the last; each primitive is one branch of
`prim`. Sanity and stamina never go above the maximum; at 0 the investigator is devoured (a doom
token, cards and trophies go back, the seat picks again). The awakening waits until an effect list
has been resolved in full (`resolve_pending`). The end of the game: `win`, `lose`.
"""

from . import effects as E
from .defs import (MAX_PLAYERS, MAX_HAND, NONE, LOC_NONE, LK_MYTHOS, EV_ELDER, EV_NOTE, EV_STAT,
                   EV_DEVOUR, EV_OUT, EV_WIN, EV_LOSS)


class Resolve:
    """Mixin of Game: effect lists, investigators' stats, devouring, the end of the game."""

    # ----- effects ----------------------------------------------------------------------------

    def run(self, code, inv):
        """Apply a compiled effect list for investigator inv (effects.py)."""
        i = 0
        n = len(code)
        while i < n and self.result < 0:
            op = code[i]
            amount = code[i + 1]
            scope = code[i + 2]
            if op == E.OP_CHOOSE:
                i = self.run_choose(code, i, inv)
                continue
            self.prim_scoped(op, amount, inv, scope)
            i += 3

    def run_choose(self, code, i, inv):
        """choose(A;B;...): the first alternative inv can pay without being devoured, else the last."""
        nalt = code[i + 1]
        scope = code[i + 2]
        j = i + 3
        pick = -1
        end = j
        for a in range(nalt):
            length = code[end + 1]
            if pick < 0 and (a == nalt - 1 or self.affordable(code, end + 3, length, inv, scope)):
                pick = end
            end += 3 + length * 3
        length = code[pick + 1]
        start = pick + 3
        for k in range(length):
            op = code[start + 3 * k]
            amount = code[start + 3 * k + 1]
            self.prim_scoped(op, amount, inv, scope)
        return end

    def prim_scoped(self, op, amount, inv, scope):
        """One primitive on inv, or on every investigator in play for an `each(...)` scope."""
        if scope == E.SC_EACH:
            for s in range(self.players):
                h = self.seat_inv[s]
                if h != NONE:
                    self.prim(op, amount, h)
        else:
            self.prim(op, amount, inv)

    def affordable(self, code, start, length, inv, scope):
        if scope == E.SC_EACH:
            for s in range(self.players):
                h = self.seat_inv[s]
                if h != NONE and not self.affordable(code, start, length, h, E.SC_ACTIVE):
                    return False
            return True
        if inv == NONE:
            return True
        san = 0
        sta = 0
        for k in range(length):
            op = code[start + 3 * k]
            amount = code[start + 3 * k + 1]
            if op == E.OP_SANITY:
                san -= amount
            elif op == E.OP_STAMINA:
                sta -= amount
            elif op == E.OP_TROPHIES and amount < 0 and self.trophy_total(inv) < -amount:
                return False
            elif op == E.OP_CLUE and amount < 0 and self.clues[inv] < -amount:
                return False
        return self.san[inv] > san and self.sta[inv] > sta

    def prim(self, op, n, inv):
        """One primitive of the vocabulary."""
        if op == E.OP_DOOM:
            self.add_doom(n)
        elif op == E.OP_ELDER:
            self.elder += n
            if self.elder < 0:
                self.elder = 0
            self.event(EV_ELDER, self.elder)
            if self.elder >= self.ao.elder_signs and not self.battle:
                self.win(0)
        elif op == E.OP_GATE:
            for _ in range(n):
                if not self.battle:
                    self.open_gate()
        elif op == E.OP_MONSTER:
            for _ in range(n):
                if not self.battle:
                    self.monster_appears()
        elif op == E.OP_CLOCK:
            self.advance_clock(n if n > 0 else 0)
        elif op == E.OP_NOTE or op == E.OP_FAIL or op == E.OP_DISCARD_TERROR:
            if op == E.OP_NOTE:
                self.event(EV_NOTE, n)
        elif op == E.OP_LOCK_GREEN or op == E.OP_LOCK_YELLOW or op == E.OP_LOCK_RED:
            self.add_lock(op - E.OP_LOCK_GREEN, LK_MYTHOS, 0)
        elif op == E.OP_AWAKEN:
            if not self.battle:
                self.awaken_due = True
        elif op == E.OP_LOSE_GAME:
            self.lose(1)
        elif inv == NONE:
            return
        elif op == E.OP_HEAL_ALL:
            self.change(E.OP_SANITY, self.maxsan[inv], inv)
            self.change(E.OP_STAMINA, self.maxsta[inv], inv)
        elif op >= E.OP_COMMON and op <= E.OP_ALLY:
            for _ in range(n if n > 0 else -n):
                if n > 0:
                    self.draw_card(op - E.OP_COMMON, inv)
                else:
                    self.discard_card(op - E.OP_COMMON, inv)
        elif op == E.OP_TROPHIES:
            if n < 0:
                self.pay_trophies(inv, -n)
            elif n > 0:
                self.add_trophy(inv, n)
        elif op == E.OP_DEFEAT_MONSTER:
            mi = self.monster_target()
            if mi >= 0:
                s = self.defeat(mi, inv)
                self.rebuild(s)
        elif op == E.OP_SET_SANITY:
            self.change(E.OP_SANITY, n - self.san[inv], inv)
        elif op == E.OP_SET_STAMINA:
            self.change(E.OP_STAMINA, n - self.sta[inv], inv)
        elif op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED or op == E.OP_HOLD_DIE:
            return   # abilities of cards in hand, used through A_USE and the adventure
        else:
            self.change(op, n, inv)

    # ----- investigators ----------------------------------------------------------------------

    def change(self, op, n, inv):
        """sanity, stamina, clue, max_sanity, max_stamina of inv change by n (never above the maximum)."""
        s = self.seat_of[inv]
        if s >= MAX_PLAYERS or self.seat_inv[s] != inv:
            return
        if op == E.OP_SANITY:
            v = self.san[inv] + n
            v = self.maxsan[inv] if v > self.maxsan[inv] else v
            self.san[inv] = v if v > 0 else 0
            self.event(EV_STAT, inv, op, self.san[inv])
        elif op == E.OP_STAMINA:
            v = self.sta[inv] + n
            v = self.maxsta[inv] if v > self.maxsta[inv] else v
            self.sta[inv] = v if v > 0 else 0
            self.event(EV_STAT, inv, op, self.sta[inv])
        elif op == E.OP_CLUE:
            v = self.clues[inv] + n
            self.clues[inv] = v if v > 0 else 0
            self.event(EV_STAT, inv, op, self.clues[inv])
        elif op == E.OP_MAX_SANITY:
            v = self.maxsan[inv] + n
            self.maxsan[inv] = v if v > 0 else 0
            if self.san[inv] > self.maxsan[inv]:
                self.san[inv] = self.maxsan[inv]
            self.event(EV_STAT, inv, op, self.maxsan[inv])
        elif op == E.OP_MAX_STAMINA:
            v = self.maxsta[inv] + n
            self.maxsta[inv] = v if v > 0 else 0
            if self.sta[inv] > self.maxsta[inv]:
                self.sta[inv] = self.maxsta[inv]
            self.event(EV_STAT, inv, op, self.maxsta[inv])
        if self.san[inv] == 0 or self.sta[inv] == 0:
            self.devour(inv)

    def devour(self, inv):
        """Sanity or stamina at 0: one doom, cards, trophies and clues go back; the seat picks anew."""
        seat = self.seat_of[inv]
        self.event(EV_DEVOUR, inv, seat)
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self.hand[base + i]
            if c != NONE:
                self.hand[base + i] = NONE
                self.item_decks[self.data.cards[c].deck_index].bottom(c)
        for v in range(10):
            self.troph[inv * 10 + v] = 0
        self.clues[inv] = 0
        self.loc[inv] = LOC_NONE
        self.seat_inv[seat] = NONE
        self.seat_state[seat] = 2 if self.battle else 1
        if self.battle:
            self.event(EV_OUT, seat)
        was_battle = self.battle
        self.add_doom(1)
        if not was_battle and self.awaken_due:
            # the devouring woke the Ancient One: that player is out of the game (rulebook p.14)
            self.seat_state[seat] = 2
            self.event(EV_OUT, seat)
        if was_battle:
            self.check_all_out()

    # ----- the end ----------------------------------------------------------------------------

    def resolve_pending(self, at_midnight=False):
        """After an effect list has been resolved in full: the awakening (rulebook p.18)."""
        if self.awaken_due and self.result < 0 and not self.battle:
            self.awaken_due = False
            self.awaken()
            if self.result < 0 and at_midnight:
                self.ao_attack()

    def win(self, reason):
        if self.result < 0:
            self.result = 1
            self.ended_by = reason
            self.event(EV_WIN, reason)

    def lose(self, reason):
        if self.result < 0:
            self.result = 0
            self.ended_by = reason
            self.event(EV_LOSS, reason)
