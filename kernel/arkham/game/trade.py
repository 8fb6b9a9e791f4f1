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

PAY_CARD = 6            # pay_kind of `pay card NAME` (pay_amount: the card kind)
from .defs import (ST_BID, ST_PAY, K_SELL, K_PASS, K_BID, K_PAY, K_GIVE, K_GIVE_MONEY, MAX_POSS,
                   AT_WORLD, GATE_DAGON, EV_SELL, EV_PASSED, EV_BID, EV_AUCTION, EV_CARD, EV_PAY,
                   EV_DAGON, EV_GIVE)
from .state import (draws_done, event, gate_trophies, give, return_card, slot_of_kind)
from . import combat, encounters, turns


# ----- selling --------------------------------------------------------------------------------------

def sale_price(game, seat, k):
    """What the card in slot k fetches (0: it cannot be sold: an ally, or worth under $2)."""
    c = game.poss[seat * MAX_POSS + k]
    if c == NONE:
        return 0
    b = game.board
    kind = b.card_kind[c]
    if b.i_deck[kind] == DECK_ALLY:
        return 0
    return (b.i_price[kind] + b.sale_up) // 2      # rules.tsv sale_price: half, rounded down or up


def sellable(game, seat):
    for k in range(MAX_POSS):
        if sale_price(game, seat, k):
            return True
    return False


def list_sales(game, buf, n, seat):
    for k in range(MAX_POSS):
        if sale_price(game, seat, k):
            buf[n] = K_SELL + k
            n += 1
    return n


def sell(game, seat, k):
    price = sale_price(game, seat, k)
    c = game.poss[seat * MAX_POSS + k]
    game.poss[seat * MAX_POSS + k] = NONE
    return_card(game, c)
    m = game.money[seat] + price
    game.money[seat] = m if m < 999 else 999
    event(game, EV_SELL, seat, game.board.card_kind[c], price)


def legal_sell(game, buf):
    buf[0] = K_PASS
    return list_sales(game, buf, 1, game.seat)


def apply_sell(game, kind, arg):
    seat = game.seat
    if kind == K_SELL:
        sell(game, seat, arg)
        if sellable(game, seat):
            return
    else:
        event(game, EV_PASSED, seat, 0, 0)
    encounters.after_event(game)


# ----- auctions --------------------------------------------------------------------------------------

def may_bid(game, seat):
    if game.seat_inv[seat] == NONE or game.pos[seat] == AT_WORLD or game.money[seat] < 1:
        return False
    for k in range(MAX_POSS):
        if game.poss[seat * MAX_POSS + k] == NONE:
            return True
    return False


def start_auction(game, seat):
    c = encounters.show_top(game)
    game.bidders = 0
    for s in range(game.players):
        if may_bid(game, s):
            game.bidders |= 1 << s
    draws_done(game)
    if c == NONE or not game.bidders:
        event(game, EV_AUCTION, NONE, 0 if c == NONE else game.board.card_kind[c], 0)
        encounters.run_effects(game)
        return
    game.auction_card = c
    game.bid = 0
    game.bidder = NONE
    game.actor = seat
    next_bidder(game, seat)


def next_bidder(game, start):
    """Ask the next bidder from `start` on (seat order, round the table) who is not the high
    bidder; the auction ends when nobody else is left."""
    for i in range(game.players):
        s = (start + i) % game.players
        if game.bidders & (1 << s) and s != game.bidder and game.money[s] > game.bid:
            turns.decide(game, ST_BID, s)
            return
    end_auction(game)


def legal_bid(game, buf):
    buf[0] = K_BID
    buf[1] = K_PASS
    return 2


def apply_bid(game, kind):
    seat = game.actor
    if kind == K_BID:
        game.bid += 1
        game.bidder = seat
        event(game, EV_BID, seat, game.bid, 0)
    else:
        game.bidders &= ~(1 << seat)
        event(game, EV_BID, seat, 0, 0)
    next_bidder(game, (seat + 1) % game.players)


def end_auction(game):
    b = game.board
    c = game.auction_card
    kind = b.card_kind[c]
    if game.bidder == NONE:
        event(game, EV_AUCTION, NONE, kind, 0)        # no bid: the card stays on top
    else:
        s = game.bidder
        game.money[s] -= game.bid
        game.known_top &= ~1
        game.item_deck.draw()
        give(game, s, c)
        event(game, EV_AUCTION, s, kind, game.bid)
        event(game, EV_CARD, s, kind, 0)
    game.auction_card = NONE
    game.bidder = NONE
    game.bidders = 0
    game.bid = 0
    game.actor = game.seat
    encounters.run_effects(game)                  # the event's effects after it, if any, then the turn goes on


# ----- an event's payment -----------------------------------------------------------------------------

def can_pay(game, seat):
    kind = game.pay_kind
    amount = game.pay_amount
    if kind == PAY_MONEY:
        return game.money[seat] >= amount
    if kind == PAY_SANITY:
        return game.san[seat] > amount
    if kind == PAY_STRENGTH:
        return game.sta[seat] > amount
    if kind == PAY_ITEM or kind == PAY_SPELL:
        which = combat.DISCARD_SPELL if kind == PAY_SPELL else combat.DISCARD_ITEM
        base = seat * MAX_POSS
        for k in range(MAX_POSS):
            if combat.discardable(game, seat, game.poss[base + k], which):
                return True
        return False
    if kind == PAY_CARD:
        return slot_of_kind(game, seat, amount) >= 0
    return gate_trophies(game, seat) > 0


def offer_payment(game, op, arg, nlist):
    """`pay COST: LIST` (prog_pos at its OP_BRANCH): the player decides, when it can pay. OP_PAY_CARD's
    arg is the card kind (pay_kind PAY_CARD, pay_amount the kind)."""
    if op == OP_PAY_CARD:
        game.pay_kind = PAY_CARD
        game.pay_amount = arg
    else:
        game.pay_kind = arg >> 5
        game.pay_amount = arg & 31
    game.prog_pos += 1
    game.prog_end = game.prog_pos + nlist
    if can_pay(game, game.seat):
        turns.decide(game, ST_PAY, game.seat)
    else:
        event(game, EV_PASSED, game.seat, 0, 0)
        game.prog_pos = game.prog_end
        encounters.run_effects(game)


def legal_pay(game, buf):
    buf[0] = K_PAY
    buf[1] = K_PASS
    return 2


def apply_pay(game, kind):
    seat = game.seat
    if kind == K_PASS:
        event(game, EV_PASSED, seat, 0, 0)
        game.prog_pos = game.prog_end
        encounters.run_effects(game)
        return
    amount = game.pay_amount
    event(game, EV_PAY, seat, game.pay_kind, amount)
    if game.pay_kind == PAY_MONEY:
        game.money[seat] -= amount
    elif game.pay_kind == PAY_SANITY:
        game.san[seat] -= amount
    elif game.pay_kind == PAY_STRENGTH:
        game.sta[seat] -= amount
    elif game.pay_kind == PAY_ITEM or game.pay_kind == PAY_SPELL:
        # the player gives up one of its choice; the list paid for follows
        if combat.ask_discard(game, seat, combat.DISCARD_SPELL if game.pay_kind == PAY_SPELL else combat.DISCARD_ITEM, combat.THEN_EFFECTS):
            return
    elif game.pay_kind == PAY_CARD:
        k = slot_of_kind(game, seat, amount)
        c = game.poss[seat * MAX_POSS + k]
        game.poss[seat * MAX_POSS + k] = NONE
        return_card(game, c)
    else:
        b = game.board
        for g in range(b.ngates):
            if game.gate_keep[g] == seat:
                game.gate_keep[g] = GATE_DAGON
                event(game, EV_DAGON, seat, b.gate_world[g], 0)
                break
    encounters.run_effects(game)


# ----- trading between investigators -----------------------------------------------------------------

def list_gifts(game, buf, n, seat):
    """K_GIVE and K_GIVE_MONEY to every other investigator in the seat's space in Arkham."""
    here = game.pos[seat]
    if here == AT_WORLD:
        return n
    for t in range(game.players):
        if t == seat or game.seat_inv[t] == NONE or game.pos[t] != here:
            continue
        room = False
        for k in range(MAX_POSS):
            if game.poss[t * MAX_POSS + k] == NONE:
                room = True
        if room:
            for k in range(MAX_POSS):
                if game.poss[seat * MAX_POSS + k] != NONE:
                    buf[n] = K_GIVE + k * 8 + t
                    n += 1
        if game.money[seat] >= 1 and game.money[t] < 999:
            buf[n] = K_GIVE_MONEY + t
            n += 1
    return n


def apply_give(game, kind, arg):
    seat = game.seat
    if kind == K_GIVE_MONEY:
        game.money[seat] -= 1
        game.money[arg] += 1
        event(game, EV_GIVE, seat, arg, NONE)
        return
    k = arg >> 3
    t = arg & 7
    c = game.poss[seat * MAX_POSS + k]
    game.poss[seat * MAX_POSS + k] = NONE
    give(game, t, c)
    event(game, EV_GIVE, seat, t, game.board.card_kind[c])
