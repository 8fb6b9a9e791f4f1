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

    def _run(self, code, inv):
        """Apply a compiled effect list for investigator inv (effects.py)."""
        i = 0
        n = len(code)
        while i < n and self._result < 0:
            op = code[i]
            amount = code[i + 1]
            scope = code[i + 2]
            if op == E.OP_CHOOSE:
                i = self._run_choose(code, i, inv)
                continue
            self._prim_scoped(op, amount, inv, scope)
            i += 3

    def _run_choose(self, code, i, inv):
        """choose(A;B;...): the first alternative inv can pay without being devoured, else the last."""
        nalt = code[i + 1]
        scope = code[i + 2]
        j = i + 3
        pick = -1
        end = j
        for a in range(nalt):
            length = code[end + 1]
            if pick < 0 and (a == nalt - 1 or self._affordable(code, end + 3, length, inv, scope)):
                pick = end
            end += 3 + length * 3
        length = code[pick + 1]
        start = pick + 3
        for k in range(length):
            op = code[start + 3 * k]
            amount = code[start + 3 * k + 1]
            self._prim_scoped(op, amount, inv, scope)
        return end

    def _prim_scoped(self, op, amount, inv, scope):
        """One primitive on inv, or on every investigator in play for an `each(...)` scope."""
        if scope == E.SC_EACH:
            for s in range(self.players):
                h = self._seats.inv[s]
                if h != NONE:
                    self._prim(op, amount, h)
        else:
            self._prim(op, amount, inv)

    def _affordable(self, code, start, length, inv, scope):
        if scope == E.SC_EACH:
            for s in range(self.players):
                h = self._seats.inv[s]
                if h != NONE and not self._affordable(code, start, length, h, E.SC_ACTIVE):
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
            elif op == E.OP_TROPHIES and amount < 0 and self._inv.trophy_total(inv) < -amount:
                return False
            elif op == E.OP_CLUE and amount < 0 and self._inv.clues[inv] < -amount:
                return False
        return self._inv.san[inv] > san and self._inv.sta[inv] > sta

    def _prim(self, op, n, inv):
        """One primitive of the vocabulary."""
        if op == E.OP_DOOM:
            self._add_doom(n)
        elif op == E.OP_ELDER:
            self._elder += n
            if self._elder < 0:
                self._elder = 0
            self._event(EV_ELDER, self._elder)
            if self._elder >= self._ao.elder_signs and not self._battle:
                self._win(0)
        elif op == E.OP_GATE:
            for _ in range(n):
                if not self._battle:
                    self._open_gate()
        elif op == E.OP_MONSTER:
            for _ in range(n):
                if not self._battle:
                    self._monster_appears()
        elif op == E.OP_CLOCK:
            self._advance_clock(n if n > 0 else 0)
        elif op == E.OP_NOTE or op == E.OP_FAIL or op == E.OP_DISCARD_TERROR:
            if op == E.OP_NOTE:
                self._event(EV_NOTE, n)
        elif op == E.OP_LOCK_GREEN or op == E.OP_LOCK_YELLOW or op == E.OP_LOCK_RED:
            self._add_lock(op - E.OP_LOCK_GREEN, LK_MYTHOS, 0)
        elif op == E.OP_AWAKEN:
            if not self._battle:
                self._awaken_due = True
        elif op == E.OP_LOSE_GAME:
            self._lose(1)
        elif inv == NONE:
            return
        elif op == E.OP_HEAL_ALL:
            self._change(E.OP_SANITY, self._inv.maxsan[inv], inv)
            self._change(E.OP_STAMINA, self._inv.maxsta[inv], inv)
        elif op >= E.OP_COMMON and op <= E.OP_ALLY:
            for _ in range(n if n > 0 else -n):
                if n > 0:
                    self._draw_card(op - E.OP_COMMON, inv)
                else:
                    self._discard_card(op - E.OP_COMMON, inv)
        elif op == E.OP_TROPHIES:
            if n < 0:
                self._pay_trophies(inv, -n)
            elif n > 0:
                self._add_trophy(inv, n)
        elif op == E.OP_DEFEAT_MONSTER:
            mi = self._monster_target()
            if mi >= 0:
                s = self._defeat(mi, inv)
                self._rebuild(s)
        elif op == E.OP_SET_SANITY:
            self._change(E.OP_SANITY, n - self._inv.san[inv], inv)
        elif op == E.OP_SET_STAMINA:
            self._change(E.OP_STAMINA, n - self._inv.sta[inv], inv)
        elif op == E.OP_DIE_YELLOW or op == E.OP_DIE_RED or op == E.OP_HOLD_DIE:
            return   # abilities of cards in hand, used through A_USE and the adventure
        else:
            self._change(op, n, inv)

    # ----- investigators ----------------------------------------------------------------------

    def _change(self, op, n, inv):
        """sanity, stamina, clue, max_sanity, max_stamina of inv change by n (never above the maximum)."""
        s = self._inv.seat_of[inv]
        if s >= MAX_PLAYERS or self._seats.inv[s] != inv:
            return
        if op == E.OP_SANITY:
            v = self._inv.san[inv] + n
            v = self._inv.maxsan[inv] if v > self._inv.maxsan[inv] else v
            self._inv.san[inv] = v if v > 0 else 0
            self._event(EV_STAT, inv, op, self._inv.san[inv])
        elif op == E.OP_STAMINA:
            v = self._inv.sta[inv] + n
            v = self._inv.maxsta[inv] if v > self._inv.maxsta[inv] else v
            self._inv.sta[inv] = v if v > 0 else 0
            self._event(EV_STAT, inv, op, self._inv.sta[inv])
        elif op == E.OP_CLUE:
            v = self._inv.clues[inv] + n
            self._inv.clues[inv] = v if v > 0 else 0
            self._event(EV_STAT, inv, op, self._inv.clues[inv])
        elif op == E.OP_MAX_SANITY:
            v = self._inv.maxsan[inv] + n
            self._inv.maxsan[inv] = v if v > 0 else 0
            if self._inv.san[inv] > self._inv.maxsan[inv]:
                self._inv.san[inv] = self._inv.maxsan[inv]
            self._event(EV_STAT, inv, op, self._inv.maxsan[inv])
        elif op == E.OP_MAX_STAMINA:
            v = self._inv.maxsta[inv] + n
            self._inv.maxsta[inv] = v if v > 0 else 0
            if self._inv.sta[inv] > self._inv.maxsta[inv]:
                self._inv.sta[inv] = self._inv.maxsta[inv]
            self._event(EV_STAT, inv, op, self._inv.maxsta[inv])
        if self._inv.san[inv] == 0 or self._inv.sta[inv] == 0:
            self._devour(inv)

    def _devour(self, inv):
        """Sanity or stamina at 0: one doom, cards, trophies and clues go back; the seat picks anew."""
        seat = self._inv.seat_of[inv]
        self._event(EV_DEVOUR, inv, seat)
        base = inv * MAX_HAND
        for i in range(MAX_HAND):
            c = self._inv.hand[base + i]
            if c != NONE:
                self._inv.hand[base + i] = NONE
                self._decks.items[self._data.cards[c].deck_index].bottom(c)
        for v in range(10):
            self._inv.troph[inv * 10 + v] = 0
        self._inv.clues[inv] = 0
        self._inv.loc[inv] = LOC_NONE
        self._seats.inv[seat] = NONE
        self._seats.state[seat] = 2 if self._battle else 1
        if self._battle:
            self._event(EV_OUT, seat)
        was_battle = self._battle
        self._add_doom(1)
        if not was_battle and self._awaken_due:
            # the devouring woke the Ancient One: that player is out of the game (rulebook p.14)
            self._seats.state[seat] = 2
            self._event(EV_OUT, seat)
        if was_battle:
            self._check_all_out()

    # ----- the end ----------------------------------------------------------------------------

    def _resolve_pending(self, at_midnight=False):
        """After an effect list has been resolved in full: the awakening (rulebook p.18)."""
        if self._awaken_due and self._result < 0 and not self._battle:
            self._awaken_due = False
            self._awaken()
            if self._result < 0 and at_midnight:
                self._ao_attack()

    def _win(self, reason):
        if self._result < 0:
            self._result = 1
            self._ended_by = reason
            self._event(EV_WIN, reason)

    def _lose(self, reason):
        if self._result < 0:
            self._result = 0
            self._ended_by = reason
            self._event(EV_LOSS, reason)
