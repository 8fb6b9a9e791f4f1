"""Investigator phase, part 2: events, and the trip through a gate.

Arriving (after movement, a taxi or an event's move) an investigator meets the monsters there first
(part 3, meetings.py); in a city location it entered this turn and where it met no monster, or snuck
past them, it has the location's event (a D6 on its table) or, with a gate there, steps through the
gate instead. An Other World's event is rolled on entering (area 2) and the next round (area 1); the
round after, the investigator comes back through a face-up gate to that world and may close it.

An event row is a compiled effect program (effects.py) run by `run_effects`; a skill test suspends
it on a D6 (CH_TEST), a terminal effect hands the turn on. Allocates nothing.
"""

from .board import NONE, DECK_SPELL, SP_BLUE_WATCHER
from .effects import (OP_MONEY, OP_SANITY, OP_STRENGTH, OP_ITEM, OP_SPELL, OP_FIND, OP_NONE, OP_MONSTER,
                      OP_GATE, OP_MOVE, OP_FREE_MOVE, OP_SHELDON, OP_SHOP, OP_LOST, OP_TEST)
from .defs import (ST_ENC, ST_GATE_OR_EVENT, ST_SHOP, ST_DEST, ST_MOVE, CH_EVENT, CH_TEST, K_GATE, K_EVENT, K_WATCHER,
                   K_BUY, K_PASS, K_DEST, K_RETURN, AT_WORLD, AT_OW, RES_PLAYING, EV_EVENT, EV_MONEY, EV_SANITY,
                   EV_STRENGTH, EV_CARD, EV_NO_CARD, EV_SEALED_SPACE, EV_GATE_MONSTER, EV_THROUGH, EV_RETURN,
                   EV_TAXI, EV_TEST, EV_BUY, EV_PASSED, EV_GATE_REVEAL)


class Encounters:

    # ----- arriving ---------------------------------------------------------------------------------

    def arrive(self):
        """The investigator's move is over: monsters first, then the event or the gate, then part 4."""
        if self.unevaded(self.seat) > 0:
            self.met = 1
            self.decide(ST_ENC, self.seat)
            return
        self.after_monsters()

    def after_monsters(self):
        seat = self.seat
        s = self.pos[seat]
        if s == AT_WORLD:
            self.end_turn()
            return
        b = self.board
        if b.is_loc[s] and self.entered and not self.event_done and (not self.met or self.snuck):
            if self.gate_at[s] != NONE:
                self.decide(ST_GATE_OR_EVENT, seat)
            else:
                self.start_event(s)
            return
        self.part4()

    def legal_gate_or_event(self, buf):
        buf[0] = K_GATE
        buf[1] = K_EVENT
        if self.has_special(self.seat, SP_BLUE_WATCHER) >= 0:
            buf[2] = K_WATCHER                 # or close it at once with the Blue Watcher
            return 3
        return 2

    def apply_gate_or_event(self, kind):
        s = self.pos[self.seat]
        if kind == K_WATCHER:
            self.apply_close(K_WATCHER)
        elif kind == K_GATE:
            self.event_done = 1
            self.through_gate(self.seat, s)
        else:
            self.start_event(s)

    def start_event(self, place):
        self.event_done = 1
        self.place = place
        self.chance(CH_EVENT)

    # ----- the effect program -------------------------------------------------------------------------

    def on_event_roll(self, v):
        b = self.board
        k = self.place * 6 + v - 1
        self.event(EV_EVENT, self.seat, self.place, v)
        self.prog_pos = b.ev_start[k]
        self.prog_end = self.prog_pos + b.ev_len[k]
        self.run_effects()

    def on_test_roll(self, v):
        ok = v <= self.test_level
        self.event(EV_TEST, self.seat, self.test_level, 1 if ok else 0)
        if ok:
            self.prog_end = self.test_pass_end
        else:
            self.prog_pos = self.test_pass_end
        self.run_effects()

    def run_effects(self):
        b = self.board
        prog = b.prog
        seat = self.seat
        while self.prog_pos < self.prog_end:
            i = 2 * self.prog_pos
            op = prog[i]
            arg = prog[i + 1]
            self.prog_pos += 1
            if op == OP_TEST:
                npass = prog[i + 3]
                self.prog_pos += 1
                skill = arg >> 4
                level = (self.fight[seat] if skill == 0 else self.stealth[seat]) + (arg & 15) - 8
                self.test_level = level
                self.test_pass_end = self.prog_pos + npass
                self.chance(CH_TEST)
                return
            if op == OP_MONEY:
                m = self.money[seat] + arg - 128
                self.money[seat] = 0 if m < 0 else (999 if m > 999 else m)
                self.event(EV_MONEY, seat, arg, self.money[seat])
            elif op == OP_SANITY:
                if self.change_sanity(seat, arg - 128):
                    return
            elif op == OP_STRENGTH:
                if self.change_strength(seat, arg - 128):
                    return
            elif op == OP_ITEM:
                self.draw_card(seat, self.item_deck)
            elif op == OP_SPELL:
                self.draw_card(seat, self.spell_deck)
            elif op == OP_FIND:
                self.find_card(seat, arg)
            elif op == OP_NONE:
                pass
            else:
                self.terminal(seat, op, arg)
                return
        self.after_event()

    def after_event(self):
        if self.pos[self.seat] == AT_WORLD:
            self.end_turn()
        else:
            self.part4()

    def change_sanity(self, seat, d):
        """Gain or lose sanity (capped at the maximum); True when the investigator went mad."""
        v = self.san[seat] + d
        if v > self.maxsan[seat]:
            v = self.maxsan[seat]
        self.san[seat] = v if v > 0 else 0
        self.event(EV_SANITY, seat, d + 128, self.san[seat])
        if v <= 0:
            self.insane(seat)
            return True
        return False

    def change_strength(self, seat, d):
        v = self.sta[seat] + d
        if v > self.maxsta[seat]:
            v = self.maxsta[seat]
        self.sta[seat] = v if v > 0 else 0
        self.event(EV_STRENGTH, seat, d + 128, self.sta[seat])
        if v <= 0:
            self.unconscious(seat)
            return True
        return False

    def draw_card(self, seat, deck):
        c = deck.draw()
        if c == NONE:
            self.event(EV_NO_CARD, seat, 0, 0)
        elif self.give(seat, c):
            self.event(EV_CARD, seat, self.board.card_kind[c], 0)
        else:
            deck.bottom(c)
            self.event(EV_NO_CARD, seat, 1, 0)

    def find_card(self, seat, kind):
        b = self.board
        deck = self.spell_deck if b.i_deck[kind] == DECK_SPELL else self.item_deck
        for i in range(deck.n):
            c = deck.cards[i]
            if b.card_kind[c] == kind:
                if self.give(seat, c):
                    deck.take(c)
                    self.event(EV_CARD, seat, kind, 0)
                else:
                    self.event(EV_NO_CARD, seat, 1, 0)
                return
        self.event(EV_NO_CARD, seat, 0, 0)

    def terminal(self, seat, op, arg):
        b = self.board
        s = self.pos[seat]
        if op == OP_MONSTER:
            if s == AT_WORLD:
                m = self.place_monster(AT_OW, seat)
            elif self.sealed[s]:
                self.event(EV_SEALED_SPACE, s, 0, 0)
                m = NONE
            else:
                m = self.place_monster(s, 0)
            if m == NONE:
                self.after_event()
            else:
                self.arrive()
        elif op == OP_GATE:
            if self.sealed[s]:
                self.event(EV_SEALED_SPACE, s, 0, 0)
                self.after_event()
            elif self.gate_at[s] != NONE:
                self.event(EV_GATE_MONSTER, s, 0, 0)
                if self.place_monster(s, 0) == NONE:
                    self.after_event()
                else:
                    self.arrive()
            elif not self.open_gate(s):
                self.after_event()
            elif self.result == RES_PLAYING:
                # pulled through at once, without meeting the monster that came out
                self.through_gate(seat, s)
        elif op == OP_MOVE:
            self.moved_by_event(seat, arg)
        elif op == OP_FREE_MOVE or op == OP_SHELDON:
            self.dest_optional = 1 if op == OP_SHELDON else 0
            self.decide(ST_DEST, seat)
        elif op == OP_SHOP:
            c = self.item_deck.top()
            if c == NONE or self.money[seat] < b.i_price[b.card_kind[c]]:
                self.event(EV_PASSED, seat, 0, 0)
                self.after_event()
            else:
                self.shop_card = c
                self.decide(ST_SHOP, seat)
        elif op == OP_LOST:
            self.lose_investigator(seat)

    def moved_by_event(self, seat, dest):
        """An event's free move (a free taxi): to dest, ending the move there; then its event."""
        self.leave(seat)
        self.pos[seat] = dest
        self.entered = 1
        self.met = 0
        self.snuck = 0
        self.event_done = 0
        self.event(EV_TAXI, seat, dest, 0)
        self.arrive()

    def legal_dest(self, buf):
        locs = self.board.locations
        here = self.pos[self.seat]
        n = 0
        for i in range(len(locs)):
            if locs[i] != here:
                buf[n] = K_DEST + locs[i]
                n += 1
        if self.dest_optional:
            buf[n] = K_PASS
            n += 1
        return n

    def apply_dest(self, kind, arg):
        if kind == K_PASS:
            self.event(EV_PASSED, self.seat, 1, 0)
            self.after_event()
        else:
            self.moved_by_event(self.seat, arg)

    def legal_shop(self, buf):
        buf[0] = K_BUY
        buf[1] = K_PASS
        return 2

    def apply_shop(self, kind):
        seat = self.seat
        b = self.board
        if kind == K_BUY:
            c = self.item_deck.top()
            price = b.i_price[b.card_kind[c]]
            self.money[seat] -= price
            self.draw_card(seat, self.item_deck)
            self.event(EV_BUY, seat, b.card_kind[c], price)
        else:
            self.event(EV_PASSED, seat, 0, 0)
        self.shop_card = NONE
        self.after_event()

    # ----- the trip ----------------------------------------------------------------------------------------

    def through_gate(self, seat, s):
        """Through the gate at s: the gate card is turned up; area 2 of its world and its event."""
        b = self.board
        g = self.gate_at[s]
        w = b.gate_world[g]
        if not self.gate_shown[g]:
            self.gate_shown[g] = 1
            self.event(EV_GATE_REVEAL, s, w, 0)
        self.leave(seat)
        self.pos[seat] = AT_WORLD
        self.ow_world[seat] = w
        self.ow_stage[seat] = 2
        self.event(EV_THROUGH, seat, w, s)
        self.place = b.nspaces + w
        self.event_done = 1
        self.chance(CH_EVENT)

    def legal_return(self, buf):
        b = self.board
        seat = self.seat
        n = 0
        for s in range(b.nspaces):
            g = self.gate_at[s]
            if g != NONE and self.gate_shown[g] and b.gate_world[g] == self.ow_world[seat]:
                buf[n] = K_RETURN + s
                n += 1
        return n

    def apply_return(self, s):
        seat = self.seat
        self.pos[seat] = s
        self.ow_stage[seat] = 0
        self.close_at[seat] = s
        self.event(EV_RETURN, seat, s, 0)
        # no sanity check against the guardians now: the investigator just starts its move here
        self.decide(ST_MOVE, seat)
