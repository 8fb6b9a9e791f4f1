"""Investigator phase, part 2: events, and the trip through a gate.

Arriving (after movement, a taxi or an event's move) an investigator meets the monsters there first
(part 3, meetings.py); in a city location where it met no monster, or snuck past them, it has the
location's event (a D6 on its table) or, with a gate there, steps through the gate instead: one that
entered this turn, and one that waited there (part 2, "events with investigators"; house rule
no_event_on_stay: entering only). An Other World's event is rolled on entering (area 2) and the next
round (area 1); the round after, the investigator comes back through a face-up gate to that world
and may close it.

An event row is a compiled effect program (effects.py) run by `run_effects`; a skill test suspends
it on a D6 (CH_TEST), a dice-valued amount on its roll (CH_AMOUNT), a payment on the player's
decision (ST_PAY), a draw in table mode on the table's card (CH_DRAW, then R_EFFECTS runs the same
effect again with the draw in); a terminal effect hands the turn on. Allocates nothing.
"""

from .board import NONE, DECK_ITEM, DECK_SPELL, DECK_ALLY, SP_BLUE_WATCHER, SP_AUCTION
from .effects import (OP_MONEY, OP_SANITY, OP_STRENGTH, OP_ITEM, OP_SPELL, OP_ALLY, OP_FIND, OP_NONE,
                      OP_LOSE_TURN, OP_RETAINER, OP_CHARITY, OP_DICE, OP_STAY, OP_BOOST, OP_MOVE_MOD, OP_MONSTER,
                      OP_GATE, OP_MOVE, OP_FREE_MOVE, OP_SHELDON, OP_SHOP, OP_LOST, OP_WORLD, OP_JAIL, OP_AUCTION,
                      OP_SELL, OP_STREET, OP_TRIP, OP_TEST, OP_PAY, OP_CHOOSE, OP_HAS, OP_HAS_SPECIAL, OP_PAY_CARD,
                      OP_BET, OP_DISCARD)
from .defs import (PH_INV, ST_ENC, ST_GATE_OR_EVENT, ST_SHOP, ST_DEST, ST_MOVE, ST_SELL, ST_CHOOSE, ST_BET, CH_EVENT,
                   CH_TEST, CH_AMOUNT, CH_BET, K_GATE, K_EVENT, K_SERVICE, K_WATCHER, K_BUY, K_PASS, K_DEST, K_RETURN,
                   K_SELL, K_CHOOSE, K_BET, AT_WORLD, AT_OW, RES_PLAYING, DRAW_MONSTER, R_EFFECTS, R_AUCTION,
                   EV_EVENT, EV_MONEY, EV_SANITY, EV_STRENGTH, EV_CARD, EV_NO_CARD, EV_SEALED_SPACE, EV_GATE_MONSTER,
                   EV_THROUGH, EV_RETURN, EV_TAXI, EV_TEST, EV_BUY, EV_PASSED, EV_GATE_REVEAL, EV_RETAINER, EV_CHARITY,
                   EV_JAIL, EV_WORLD_SHIFT, EV_SHOWN, EV_CHOSE, EV_BET, EV_BOOST, EV_STREET, EV_SERVICE, EV_STAYS,
                   EV_MOVE_MOD, EV_TRIP, EV_AUCTION_CARD)

from .combat import THEN_EFFECTS

CTX_EVENT = 0            # prog_ctx: the effect program is an event's (or a service's)
CTX_USE = 1              # ... a card's `use`: when it ends, the investigator is back to its move


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
            if self.gate_at[s] != NONE or b.svc_len[s]:
                self.decide(ST_GATE_OR_EVENT, seat)
            else:
                self.start_event(s)
            return
        self.part4()

    def legal_gate_or_event(self, buf):
        """Through the gate here (or close it at once with the Blue Watcher), the event, or the
        location's service (events.tsv roll `service`)."""
        s = self.pos[self.seat]
        n = 0
        if self.gate_at[s] != NONE:
            buf[n] = K_GATE
            n += 1
        buf[n] = K_EVENT
        n += 1
        if self.board.svc_len[s]:
            buf[n] = K_SERVICE
            n += 1
        if self.gate_at[s] != NONE and self.has_special(self.seat, SP_BLUE_WATCHER) >= 0:
            buf[n] = K_WATCHER                 # or close it at once with the Blue Watcher
            n += 1
        return n

    def apply_gate_or_event(self, kind):
        s = self.pos[self.seat]
        if kind == K_WATCHER:
            self.apply_close(K_WATCHER)
        elif kind == K_GATE:
            self.event_done = 1
            self.through_gate(self.seat, s)
        elif kind == K_SERVICE:
            b = self.board
            self.event_done = 1
            self.place = s
            self.event(EV_SERVICE, self.seat, s, 0)
            self.prog_ctx = CTX_EVENT
            self.prog_pos = b.svc_start[s]
            self.prog_end = self.prog_pos + b.svc_len[s]
            self.run_effects()
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
        self.prog_ctx = CTX_EVENT
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

    def wants(self, op, arg):
        """Table mode: the draws effect (op, arg) takes (the table enters them before it runs)."""
        seat = self.seat
        s = self.pos[seat]
        if op == OP_ITEM or op == OP_SHOP or op == OP_AUCTION:
            self.want_card(DECK_ITEM)
        elif op == OP_SPELL:
            self.want_card(DECK_SPELL)
        elif op == OP_ALLY:
            self.want_card(DECK_ALLY)
        elif op == OP_MONSTER:
            if s == AT_WORLD or not self.sealed[s]:
                self.want_draw(DRAW_MONSTER)
        elif op == OP_GATE:
            self.want_opening(s)

    def branch_at(self, i):
        """At a form (prog_pos on its op): past it and its OP_BRANCH; test_pass_end is where its first
        list ends (the second follows to prog_end)."""
        self.prog_pos += 1
        self.test_pass_end = self.prog_pos + self.board.prog[i + 3]

    def run_effects(self):
        b = self.board
        prog = b.prog
        seat = self.seat
        while self.prog_pos < self.prog_end:
            i = 2 * self.prog_pos
            op = prog[i]
            arg = prog[i + 1]
            if self.table:
                if self.draw_want == 0:
                    self.wants(op, arg)
                if not self.ready(R_EFFECTS):
                    return                     # the same effect runs again once the draws are in
            self.prog_pos += 1
            if op == OP_TEST:
                self.branch_at(i)
                self.test_level = self.test_value(seat, arg >> 4) + (arg & 15) - 8
                self.chance(CH_TEST)
                return
            if op == OP_CHOOSE:
                self.branch_at(i)
                self.decide(ST_CHOOSE, seat)
                return
            if op == OP_HAS or op == OP_HAS_SPECIAL:
                self.branch_at(i)
                holds = self.slot_of_kind(seat, arg) >= 0 if op == OP_HAS else self.has_special(seat, arg) >= 0
                if holds:
                    self.prog_end = self.test_pass_end
                else:
                    self.prog_pos = self.test_pass_end
                continue
            if op == OP_PAY or op == OP_PAY_CARD:
                self.offer_payment(op, arg, prog[i + 3])
                return
            if op == OP_DICE:
                self.dice_op = arg
                self.chance(CH_AMOUNT)
                return
            if op == OP_BET:
                if self.money[seat] >= 1:
                    self.bet_max = arg
                    self.decide(ST_BET, seat)
                    return
                self.event(EV_PASSED, seat, 0, 0)
            elif op == OP_DISCARD:
                if self.ask_discard(seat, arg, THEN_EFFECTS):     # the program goes on after it
                    return
            elif op == OP_MONEY:
                self.add_money(seat, arg - 128)
            elif op == OP_SANITY:
                if self.change_sanity(seat, arg - 128):
                    return
            elif op == OP_STRENGTH:
                if self.change_strength(seat, arg - 128):
                    return
            elif op == OP_ITEM:
                if self.draw_card(seat, DECK_ITEM):
                    return                             # an auction card: the auction, then the rest
            elif op == OP_SPELL:
                self.draw_card(seat, DECK_SPELL)
            elif op == OP_ALLY:
                self.draw_card(seat, DECK_ALLY)
            elif op == OP_FIND:
                self.find_card(seat, arg)
            elif op == OP_LOSE_TURN or op == OP_STAY:
                t = self.lost_turns[seat] + (1 if op == OP_LOSE_TURN else arg)
                self.lost_turns[seat] = t if t < 9 else 9
                if op == OP_STAY:
                    self.event(EV_STAYS, seat, arg, 0)
            elif op == OP_BOOST:
                self.boost_skill[seat] = arg >> 4
                self.boost_mod[seat] = (arg & 15) - 8 + 128
                self.boost_left[seat] = 2            # this turn and the next
                self.event(EV_BOOST, seat, arg >> 4, (arg & 15) - 8 + 128)
            elif op == OP_MOVE_MOD:
                self.move_mod[seat] = arg
                self.event(EV_MOVE_MOD, seat, arg - 8 + 128, 0)
            elif op == OP_RETAINER:
                self.retainer[seat] = arg
                self.event(EV_RETAINER, seat, arg, 0)
            elif op == OP_CHARITY:
                if self.money[seat] < arg:
                    self.money[seat] = arg
                self.event(EV_CHARITY, seat, self.money[seat], 0)
            elif op == OP_NONE:
                pass
            else:
                self.terminal(seat, op, arg)
                self.draws_done()
                return
            self.draws_done()
        self.after_event()

    def legal_choose(self, buf):
        buf[0] = K_CHOOSE
        buf[1] = K_CHOOSE + 1
        return 2

    def apply_choose(self, arg):
        """The player's choice of a form's lists: the first, or the second."""
        self.event(EV_CHOSE, self.seat, arg, 0)
        if arg:
            self.prog_pos = self.test_pass_end
        else:
            self.prog_end = self.test_pass_end
        self.run_effects()

    def legal_bet(self, buf):
        """No bet, or a stake of $1 up to the event's highest (at most what it has)."""
        buf[0] = K_PASS
        top = self.bet_max if self.bet_max < self.money[self.seat] else self.money[self.seat]
        for v in range(1, top + 1):
            buf[v] = K_BET + v
        return top + 1

    def apply_bet(self, kind, arg):
        if kind == K_PASS:
            self.event(EV_PASSED, self.seat, 0, 0)
            self.run_effects()
            return
        self.bet_stake = arg
        self.chance(CH_BET)

    def on_bet_roll(self, v):
        """Double or nothing: a D6 of 4-6 wins the stake, 1-3 loses it."""
        won = 1 if v >= 4 else 0
        self.event(EV_BET, self.seat, self.bet_stake, won)
        self.add_money(self.seat, self.bet_stake if won else -self.bet_stake)
        self.run_effects()

    def on_amount_roll(self, v):
        """A dice-valued gain or loss (OP_DICE): v is the D6 (or 2D6) rolled."""
        seat = self.seat
        arg = self.dice_op
        d = v if arg & 8 else -v
        counter = arg >> 4
        if counter == 0:
            self.add_money(seat, d)
        elif counter == 1:
            if self.change_sanity(seat, d):
                return
        elif self.change_strength(seat, d):
            return
        self.run_effects()

    def add_money(self, seat, d):
        m = self.money[seat] + d
        self.money[seat] = 0 if m < 0 else (999 if m > 999 else m)
        self.event(EV_MONEY, seat, d + 128, self.money[seat])

    def after_event(self):
        if self.prog_ctx == CTX_USE:
            self.prog_ctx = CTX_EVENT
            if self.pos[self.seat] != AT_WORLD and self.phase == PH_INV:
                self.decide(ST_MOVE, self.seat)       # a card's use before moving: the move comes next
                return
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

    def draw_card(self, seat, deck_index):
        """The top card of a deck to the seat (none: the deck is empty, or it has no room). An auction
        card (special `auction`) goes under the deck and the next item card is auctioned: True when
        that auction is now under way (the effects go on when it ends)."""
        c = self.take_card(deck_index)
        b = self.board
        if c == NONE:
            self.event(EV_NO_CARD, seat, 0, 0)
        elif b.i_special[b.card_kind[c]] == SP_AUCTION:
            self.decks[deck_index].bottom(c)
            self.event(EV_AUCTION_CARD, b.card_kind[c], 0, 0)
            return self.hold_auction(seat)
        elif self.give(seat, c):
            self.event(EV_CARD, seat, b.card_kind[c], 0)
        else:
            self.decks[deck_index].bottom(c)
            self.event(EV_NO_CARD, seat, 1, 0)
        return False

    def hold_auction(self, seat):
        """An auction of the next item card (table mode: once the table has drawn it); True."""
        self.draws_done()
        self.want_card(DECK_ITEM)
        if self.ready(R_AUCTION):
            self.start_auction(seat)
        return True

    def find_card(self, seat, kind):
        b = self.board
        deck = self.decks[b.i_deck[kind]]
        for i in range(deck.n):
            c = deck.cards[i]
            if b.card_kind[c] == kind:
                if self.give(seat, c):
                    if self.known_top & (1 << b.i_deck[kind]) and i == deck.n - 1:
                        self.known_top &= ~(1 << b.i_deck[kind])
                    deck.take(c)
                    self.event(EV_CARD, seat, kind, 0)
                else:
                    self.event(EV_NO_CARD, seat, 1, 0)
                return
        self.event(EV_NO_CARD, seat, 0, 0)

    def show_top(self):
        """The top card of the item deck, turned up for a shop or an auction (table mode: the card
        the table drew, now on top and known); NONE when the deck is empty."""
        deck = self.item_deck
        if self.table and not self.known_top & 1:
            c = self.next_drawn()
            if c == NONE:
                return NONE
            deck.take(c)
            deck.push(c)
            self.known_top |= 1
        c = deck.top()
        if c != NONE:
            self.event(EV_SHOWN, self.board.card_kind[c], 0, 0)
        return c

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
            c = self.show_top()
            if c != NONE and b.i_special[b.card_kind[c]] == SP_AUCTION:
                self.known_top &= ~1
                self.item_deck.draw()
                self.item_deck.bottom(c)
                self.event(EV_AUCTION_CARD, b.card_kind[c], 0, 0)
                self.hold_auction(seat)
            elif c == NONE or (self.money[seat] < b.i_price[b.card_kind[c]] and not self.sellable(seat)):
                self.event(EV_PASSED, seat, 0, 0)
                self.after_event()
            else:
                self.shop_card = c
                self.decide(ST_SHOP, seat)
        elif op == OP_AUCTION:
            self.start_auction(seat)
        elif op == OP_SELL:
            self.shop_card = NONE
            if self.sellable(seat):
                self.decide(ST_SELL, seat)
            else:
                self.event(EV_PASSED, seat, 0, 0)
                self.after_event()
        elif op == OP_JAIL:
            self.leave(seat)
            self.pos[seat] = b.jail
            if self.lost_turns[seat] < 9:
                self.lost_turns[seat] += 1
            self.event(EV_JAIL, seat, b.jail, 0)
            self.end_turn()
        elif op == OP_WORLD:
            self.shift_to_world(seat, arg)
        elif op == OP_TRIP:
            self.return_to[seat] = s                 # the way back: here, no gate needed
            self.event(EV_TRIP, seat, arg, s)
            self.shift_to_world(seat, arg)
        elif op == OP_STREET:
            t = b.entrance[s]
            self.leave(seat)
            self.pos[seat] = t
            self.entered = 0
            self.met = 0
            self.snuck = 0
            self.event_done = 1
            self.event(EV_STREET, seat, t, 0)
            self.arrive()                            # the monsters there; no event on a street
        elif op == OP_LOST:
            self.lose_investigator(seat)

    def shift_to_world(self, seat, w):
        """Drawn into Other World w (an event): area 2 and its event, as through a gate; the way back
        needs a face-up gate to w."""
        self.leave(seat)
        self.pos[seat] = AT_WORLD
        self.close_at[seat] = NONE
        self.ow_world[seat] = w
        self.ow_stage[seat] = 2
        self.event(EV_WORLD_SHIFT, seat, w, 0)
        self.place = self.board.nspaces + w
        self.event_done = 1
        self.chance(CH_EVENT)

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
        """Buy the card shown (with the money for it), sell a card (at half its price), or leave."""
        b = self.board
        seat = self.seat
        n = 0
        if self.money[seat] >= b.i_price[b.card_kind[self.shop_card]]:
            buf[n] = K_BUY
            n += 1
        buf[n] = K_PASS
        return self.list_sales(buf, n + 1, seat)

    def apply_shop(self, kind, arg):
        seat = self.seat
        b = self.board
        if kind == K_SELL:
            self.sell(seat, arg)
            return                                   # the shop stays open
        if kind == K_BUY:
            c = self.item_deck.top()
            price = b.i_price[b.card_kind[c]]
            self.money[seat] -= price
            self.known_top &= ~1
            self.item_deck.draw()
            if self.give(seat, c):
                self.event(EV_CARD, seat, b.card_kind[c], 0)
            else:
                self.item_deck.bottom(c)
                self.event(EV_NO_CARD, seat, 1, 0)
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
