"""Money and cards changing hands: selling, auctions, an event's payment, and trading between
investigators.

- Selling ("when a player sells his investigator's property, he gets the money", the seed): an
  item or a spell fetches half its price (rounded down, or up when rules.tsv says sale_price
  half_up; a card that would fetch nothing finds no buyer),
  at a shop (the `shop` effect: the shop also buys) and at an event's buyer (`sell`, ST_SELL: sell
  one card at a time until the player stops).
- An auction (`auction`): the top item card is turned up; every investigator in Arkham with a
  dollar and room for a card bids, starting with the one whose turn it is and going round in seat
  order: raise the bid by $1 or drop out; the last bidder left pays the bid and takes the card. No
  bid: the card stays on top of the deck.
- A payment (`pay COST: LIST`, ST_PAY): pay the cost for what the list gives, or decline. A gate
  trophy paid is given to the Esoteric Order of Dagon: out of play for good (the doom track
  already counted it when it opened); an item or a spell paid is one of the player's choice (a
  discard), a card paid by name is that card (a buyer of monographs).
- Trading: before moving (ST_MOVE), an investigator may give a card or a dollar at a time to another
  investigator in the same space in Arkham ("making exchanges": each gives in their own turn).

Allocates nothing.
"""

from .board import NONE, DECK_ALLY
from .effects import PAY_MONEY, PAY_SANITY, PAY_STRENGTH, PAY_ITEM, PAY_SPELL, OP_PAY_CARD
from .combat import DISCARD_ITEM, DISCARD_SPELL, THEN_EFFECTS

PAY_CARD = 6            # pay_kind of `pay card NAME` (pay_amount: the card kind)
from .defs import (ST_BID, ST_PAY, K_SELL, K_PASS, K_BID, K_PAY, K_GIVE, K_GIVE_MONEY, MAX_POSS,
                   AT_WORLD, GATE_DAGON, EV_SELL, EV_PASSED, EV_BID, EV_AUCTION, EV_CARD, EV_PAY,
                   EV_DAGON, EV_GIVE)


class Trade:

    # ----- selling --------------------------------------------------------------------------------------

    def sale_price(self, seat, k):
        """What the card in slot k fetches (0: it cannot be sold: an ally, or worth under $2)."""
        c = self.poss[seat * MAX_POSS + k]
        if c == NONE:
            return 0
        b = self.board
        kind = b.card_kind[c]
        if b.i_deck[kind] == DECK_ALLY:
            return 0
        return (b.i_price[kind] + b.sale_up) // 2      # rules.tsv sale_price: half, rounded down or up

    def sellable(self, seat):
        for k in range(MAX_POSS):
            if self.sale_price(seat, k):
                return True
        return False

    def list_sales(self, buf, n, seat):
        for k in range(MAX_POSS):
            if self.sale_price(seat, k):
                buf[n] = K_SELL + k
                n += 1
        return n

    def sell(self, seat, k):
        price = self.sale_price(seat, k)
        c = self.poss[seat * MAX_POSS + k]
        self.poss[seat * MAX_POSS + k] = NONE
        self.return_card(c)
        m = self.money[seat] + price
        self.money[seat] = m if m < 999 else 999
        self.event(EV_SELL, seat, self.board.card_kind[c], price)

    def legal_sell(self, buf):
        buf[0] = K_PASS
        return self.list_sales(buf, 1, self.seat)

    def apply_sell(self, kind, arg):
        seat = self.seat
        if kind == K_SELL:
            self.sell(seat, arg)
            if self.sellable(seat):
                return
        else:
            self.event(EV_PASSED, seat, 0, 0)
        self.after_event()

    # ----- auctions --------------------------------------------------------------------------------------

    def may_bid(self, seat):
        if self.seat_inv[seat] == NONE or self.pos[seat] == AT_WORLD or self.money[seat] < 1:
            return False
        for k in range(MAX_POSS):
            if self.poss[seat * MAX_POSS + k] == NONE:
                return True
        return False

    def start_auction(self, seat):
        c = self.show_top()
        self.bidders = 0
        for s in range(self.players):
            if self.may_bid(s):
                self.bidders |= 1 << s
        self.draws_done()
        if c == NONE or not self.bidders:
            self.event(EV_AUCTION, NONE, 0 if c == NONE else self.board.card_kind[c], 0)
            self.run_effects()
            return
        self.auction_card = c
        self.bid = 0
        self.bidder = NONE
        self.actor = seat
        self.next_bidder(seat)

    def next_bidder(self, start):
        """Ask the next bidder from `start` on (seat order, round the table) who is not the high
        bidder; the auction ends when nobody else is left."""
        for i in range(self.players):
            s = (start + i) % self.players
            if self.bidders & (1 << s) and s != self.bidder and self.money[s] > self.bid:
                self.decide(ST_BID, s)
                return
        self.end_auction()

    def legal_bid(self, buf):
        buf[0] = K_BID
        buf[1] = K_PASS
        return 2

    def apply_bid(self, kind):
        seat = self.actor
        if kind == K_BID:
            self.bid += 1
            self.bidder = seat
            self.event(EV_BID, seat, self.bid, 0)
        else:
            self.bidders &= ~(1 << seat)
            self.event(EV_BID, seat, 0, 0)
        self.next_bidder((seat + 1) % self.players)

    def end_auction(self):
        b = self.board
        c = self.auction_card
        kind = b.card_kind[c]
        if self.bidder == NONE:
            self.event(EV_AUCTION, NONE, kind, 0)        # no bid: the card stays on top
        else:
            s = self.bidder
            self.money[s] -= self.bid
            self.known_top &= ~1
            self.item_deck.draw()
            self.give(s, c)
            self.event(EV_AUCTION, s, kind, self.bid)
            self.event(EV_CARD, s, kind, 0)
        self.auction_card = NONE
        self.bidder = NONE
        self.bidders = 0
        self.bid = 0
        self.actor = self.seat
        self.run_effects()                  # the event's effects after it, if any, then the turn goes on

    # ----- an event's payment -----------------------------------------------------------------------------

    def can_pay(self, seat):
        kind = self.pay_kind
        amount = self.pay_amount
        if kind == PAY_MONEY:
            return self.money[seat] >= amount
        if kind == PAY_SANITY:
            return self.san[seat] > amount
        if kind == PAY_STRENGTH:
            return self.sta[seat] > amount
        if kind == PAY_ITEM or kind == PAY_SPELL:
            which = DISCARD_SPELL if kind == PAY_SPELL else DISCARD_ITEM
            base = seat * MAX_POSS
            for k in range(MAX_POSS):
                if self.discardable(seat, self.poss[base + k], which):
                    return True
            return False
        if kind == PAY_CARD:
            return self.slot_of_kind(seat, amount) >= 0
        return self.gate_trophies(seat) > 0

    def offer_payment(self, op, arg, nlist):
        """`pay COST: LIST` (prog_pos at its OP_BRANCH): the player decides, when it can pay. OP_PAY_CARD's
        arg is the card kind (pay_kind PAY_CARD, pay_amount the kind)."""
        if op == OP_PAY_CARD:
            self.pay_kind = PAY_CARD
            self.pay_amount = arg
        else:
            self.pay_kind = arg >> 5
            self.pay_amount = arg & 31
        self.prog_pos += 1
        self.prog_end = self.prog_pos + nlist
        if self.can_pay(self.seat):
            self.decide(ST_PAY, self.seat)
        else:
            self.event(EV_PASSED, self.seat, 0, 0)
            self.prog_pos = self.prog_end
            self.run_effects()

    def legal_pay(self, buf):
        buf[0] = K_PAY
        buf[1] = K_PASS
        return 2

    def apply_pay(self, kind):
        seat = self.seat
        if kind == K_PASS:
            self.event(EV_PASSED, seat, 0, 0)
            self.prog_pos = self.prog_end
            self.run_effects()
            return
        amount = self.pay_amount
        self.event(EV_PAY, seat, self.pay_kind, amount)
        if self.pay_kind == PAY_MONEY:
            self.money[seat] -= amount
        elif self.pay_kind == PAY_SANITY:
            self.san[seat] -= amount
        elif self.pay_kind == PAY_STRENGTH:
            self.sta[seat] -= amount
        elif self.pay_kind == PAY_ITEM or self.pay_kind == PAY_SPELL:
            # the player gives up one of its choice; the list paid for follows
            if self.ask_discard(seat, DISCARD_SPELL if self.pay_kind == PAY_SPELL else DISCARD_ITEM, THEN_EFFECTS):
                return
        elif self.pay_kind == PAY_CARD:
            k = self.slot_of_kind(seat, amount)
            c = self.poss[seat * MAX_POSS + k]
            self.poss[seat * MAX_POSS + k] = NONE
            self.return_card(c)
        else:
            b = self.board
            for g in range(b.ngates):
                if self.gate_keep[g] == seat:
                    self.gate_keep[g] = GATE_DAGON
                    self.event(EV_DAGON, seat, b.gate_world[g], 0)
                    break
        self.run_effects()

    # ----- trading between investigators -----------------------------------------------------------------

    def list_gifts(self, buf, n, seat):
        """K_GIVE and K_GIVE_MONEY to every other investigator in the seat's space in Arkham."""
        here = self.pos[seat]
        if here == AT_WORLD:
            return n
        for t in range(self.players):
            if t == seat or self.seat_inv[t] == NONE or self.pos[t] != here:
                continue
            room = False
            for k in range(MAX_POSS):
                if self.poss[t * MAX_POSS + k] == NONE:
                    room = True
            if room:
                for k in range(MAX_POSS):
                    if self.poss[seat * MAX_POSS + k] != NONE:
                        buf[n] = K_GIVE + k * 8 + t
                        n += 1
            if self.money[seat] >= 1 and self.money[t] < 999:
                buf[n] = K_GIVE_MONEY + t
                n += 1
        return n

    def apply_give(self, kind, arg):
        seat = self.seat
        if kind == K_GIVE_MONEY:
            self.money[seat] -= 1
            self.money[arg] += 1
            self.event(EV_GIVE, seat, arg, NONE)
            return
        k = arg >> 3
        t = arg & 7
        c = self.poss[seat * MAX_POSS + k]
        self.poss[seat * MAX_POSS + k] = NONE
        self.give(t, c)
        self.event(EV_GIVE, seat, t, self.board.card_kind[c])
