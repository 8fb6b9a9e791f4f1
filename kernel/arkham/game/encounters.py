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

from .state import (draws_done, event, give, has_special, next_drawn, ready, slot_of_kind, take_card,
                    test_value, want_card, want_draw)
from . import combat, meetings, movement, mythos, trade, turns

CTX_EVENT = 0            # prog_ctx: the effect program is an event's (or a service's)
CTX_USE = 1              # ... a card's `use`: when it ends, the investigator is back to its move


# ----- arriving ---------------------------------------------------------------------------------

def arrive(game):
    """The investigator's move is over: monsters first, then the event or the gate, then part 4."""
    if meetings.unevaded(game, game.seat) > 0:
        game.met = 1
        turns.decide(game, ST_ENC, game.seat)
        return
    after_monsters(game)


def after_monsters(game):
    seat = game.seat
    s = game.pos[seat]
    if s == AT_WORLD:
        turns.end_turn(game)
        return
    b = game.board
    if b.is_loc[s] and game.entered and not game.event_done and (not game.met or game.snuck):
        if game.gate_at[s] != NONE or b.svc_len[s]:
            turns.decide(game, ST_GATE_OR_EVENT, seat)
        else:
            start_event(game, s)
        return
    combat.part4(game)


def legal_gate_or_event(game, buf):
    """Through the gate here (or close it at once with the Blue Watcher), the event, or the
    location's service (events.tsv roll `service`)."""
    s = game.pos[game.seat]
    n = 0
    if game.gate_at[s] != NONE:
        buf[n] = K_GATE
        n += 1
    buf[n] = K_EVENT
    n += 1
    if game.board.svc_len[s]:
        buf[n] = K_SERVICE
        n += 1
    if game.gate_at[s] != NONE and has_special(game, game.seat, SP_BLUE_WATCHER) >= 0:
        buf[n] = K_WATCHER                 # or close it at once with the Blue Watcher
        n += 1
    return n


def apply_gate_or_event(game, kind):
    s = game.pos[game.seat]
    if kind == K_WATCHER:
        combat.apply_close(game, K_WATCHER)
    elif kind == K_GATE:
        game.event_done = 1
        through_gate(game, game.seat, s)
    elif kind == K_SERVICE:
        b = game.board
        game.event_done = 1
        game.place = s
        event(game, EV_SERVICE, game.seat, s, 0)
        game.prog_ctx = CTX_EVENT
        game.prog_pos = b.svc_start[s]
        game.prog_end = game.prog_pos + b.svc_len[s]
        run_effects(game)
    else:
        start_event(game, s)


def start_event(game, place):
    game.event_done = 1
    game.place = place
    turns.chance(game, CH_EVENT)


# ----- the effect program -------------------------------------------------------------------------

def on_event_roll(game, v):
    b = game.board
    k = game.place * 6 + v - 1
    event(game, EV_EVENT, game.seat, game.place, v)
    game.prog_ctx = CTX_EVENT
    game.prog_pos = b.ev_start[k]
    game.prog_end = game.prog_pos + b.ev_len[k]
    run_effects(game)


def on_test_roll(game, v):
    ok = v <= game.test_level
    event(game, EV_TEST, game.seat, game.test_level, 1 if ok else 0)
    if ok:
        game.prog_end = game.test_pass_end
    else:
        game.prog_pos = game.test_pass_end
    run_effects(game)


def wants(game, op, arg):
    """Table mode: the draws effect (op, arg) takes (the table enters them before it runs)."""
    seat = game.seat
    s = game.pos[seat]
    if op == OP_ITEM or op == OP_SHOP or op == OP_AUCTION:
        want_card(game, DECK_ITEM)
    elif op == OP_SPELL:
        want_card(game, DECK_SPELL)
    elif op == OP_ALLY:
        want_card(game, DECK_ALLY)
    elif op == OP_MONSTER:
        if s == AT_WORLD or not game.sealed[s]:
            want_draw(game, DRAW_MONSTER)
    elif op == OP_GATE:
        mythos.want_opening(game, s)


def branch_at(game, i):
    """At a form (prog_pos on its op): past it and its OP_BRANCH; test_pass_end is where its first
    list ends (the second follows to prog_end)."""
    game.prog_pos += 1
    game.test_pass_end = game.prog_pos + game.board.prog[i + 3]


def run_effects(game):
    b = game.board
    prog = b.prog
    seat = game.seat
    while game.prog_pos < game.prog_end:
        i = 2 * game.prog_pos
        op = prog[i]
        arg = prog[i + 1]
        if game.table:
            if game.draw_want == 0:
                wants(game, op, arg)
            if not ready(game, R_EFFECTS):
                return                     # the same effect runs again once the draws are in
        game.prog_pos += 1
        if op == OP_TEST:
            branch_at(game, i)
            game.test_level = test_value(game, seat, arg >> 4) + (arg & 15) - 8
            turns.chance(game, CH_TEST)
            return
        if op == OP_CHOOSE:
            branch_at(game, i)
            turns.decide(game, ST_CHOOSE, seat)
            return
        if op == OP_HAS or op == OP_HAS_SPECIAL:
            branch_at(game, i)
            holds = slot_of_kind(game, seat, arg) >= 0 if op == OP_HAS else has_special(game, seat, arg) >= 0
            if holds:
                game.prog_end = game.test_pass_end
            else:
                game.prog_pos = game.test_pass_end
            continue
        if op == OP_PAY or op == OP_PAY_CARD:
            trade.offer_payment(game, op, arg, prog[i + 3])
            return
        if op == OP_DICE:
            game.dice_op = arg
            turns.chance(game, CH_AMOUNT)
            return
        if op == OP_BET:
            if game.money[seat] >= 1:
                game.bet_max = arg
                turns.decide(game, ST_BET, seat)
                return
            event(game, EV_PASSED, seat, 0, 0)
        elif op == OP_DISCARD:
            if combat.ask_discard(game, seat, arg, combat.THEN_EFFECTS):     # the program goes on after it
                return
        elif op == OP_MONEY:
            add_money(game, seat, arg - 128)
        elif op == OP_SANITY:
            if change_sanity(game, seat, arg - 128):
                return
        elif op == OP_STRENGTH:
            if change_strength(game, seat, arg - 128):
                return
        elif op == OP_ITEM:
            if draw_card(game, seat, DECK_ITEM):
                return                             # an auction card: the auction, then the rest
        elif op == OP_SPELL:
            draw_card(game, seat, DECK_SPELL)
        elif op == OP_ALLY:
            draw_card(game, seat, DECK_ALLY)
        elif op == OP_FIND:
            find_card(game, seat, arg)
        elif op == OP_LOSE_TURN or op == OP_STAY:
            t = game.lost_turns[seat] + (1 if op == OP_LOSE_TURN else arg)
            game.lost_turns[seat] = t if t < 9 else 9
            if op == OP_STAY:
                event(game, EV_STAYS, seat, arg, 0)
        elif op == OP_BOOST:
            game.boost_skill[seat] = arg >> 4
            game.boost_mod[seat] = (arg & 15) - 8 + 128
            game.boost_left[seat] = 2            # this turn and the next
            event(game, EV_BOOST, seat, arg >> 4, (arg & 15) - 8 + 128)
        elif op == OP_MOVE_MOD:
            game.move_mod[seat] = arg
            event(game, EV_MOVE_MOD, seat, arg - 8 + 128, 0)
        elif op == OP_RETAINER:
            game.retainer[seat] = arg
            event(game, EV_RETAINER, seat, arg, 0)
        elif op == OP_CHARITY:
            if game.money[seat] < arg:
                game.money[seat] = arg
            event(game, EV_CHARITY, seat, game.money[seat], 0)
        elif op == OP_NONE:
            pass
        else:
            terminal(game, seat, op, arg)
            draws_done(game)
            return
        draws_done(game)
    after_event(game)


def legal_choose(game, buf):
    buf[0] = K_CHOOSE
    buf[1] = K_CHOOSE + 1
    return 2


def apply_choose(game, arg):
    """The player's choice of a form's lists: the first, or the second."""
    event(game, EV_CHOSE, game.seat, arg, 0)
    if arg:
        game.prog_pos = game.test_pass_end
    else:
        game.prog_end = game.test_pass_end
    run_effects(game)


def legal_bet(game, buf):
    """No bet, or a stake of $1 up to the event's highest (at most what it has)."""
    buf[0] = K_PASS
    top = game.bet_max if game.bet_max < game.money[game.seat] else game.money[game.seat]
    for v in range(1, top + 1):
        buf[v] = K_BET + v
    return top + 1


def apply_bet(game, kind, arg):
    if kind == K_PASS:
        event(game, EV_PASSED, game.seat, 0, 0)
        run_effects(game)
        return
    game.bet_stake = arg
    turns.chance(game, CH_BET)


def on_bet_roll(game, v):
    """Double or nothing: a D6 of 4-6 wins the stake, 1-3 loses it."""
    won = 1 if v >= 4 else 0
    event(game, EV_BET, game.seat, game.bet_stake, won)
    add_money(game, game.seat, game.bet_stake if won else -game.bet_stake)
    run_effects(game)


def on_amount_roll(game, v):
    """A dice-valued gain or loss (OP_DICE): v is the D6 (or 2D6) rolled."""
    seat = game.seat
    arg = game.dice_op
    d = v if arg & 8 else -v
    counter = arg >> 4
    if counter == 0:
        add_money(game, seat, d)
    elif counter == 1:
        if change_sanity(game, seat, d):
            return
    elif change_strength(game, seat, d):
        return
    run_effects(game)


def add_money(game, seat, d):
    m = game.money[seat] + d
    game.money[seat] = 0 if m < 0 else (999 if m > 999 else m)
    event(game, EV_MONEY, seat, d + 128, game.money[seat])


def after_event(game):
    if game.prog_ctx == CTX_USE:
        game.prog_ctx = CTX_EVENT
        if game.pos[game.seat] != AT_WORLD and game.phase == PH_INV:
            turns.decide(game, ST_MOVE, game.seat)       # a card's use before moving: the move comes next
            return
    if game.pos[game.seat] == AT_WORLD:
        turns.end_turn(game)
    else:
        combat.part4(game)


def change_sanity(game, seat, d):
    """Gain or lose sanity (capped at the maximum); True when the investigator went mad."""
    v = game.san[seat] + d
    if v > game.maxsan[seat]:
        v = game.maxsan[seat]
    game.san[seat] = v if v > 0 else 0
    event(game, EV_SANITY, seat, d + 128, game.san[seat])
    if v <= 0:
        combat.insane(game, seat)
        return True
    return False


def change_strength(game, seat, d):
    v = game.sta[seat] + d
    if v > game.maxsta[seat]:
        v = game.maxsta[seat]
    game.sta[seat] = v if v > 0 else 0
    event(game, EV_STRENGTH, seat, d + 128, game.sta[seat])
    if v <= 0:
        combat.unconscious(game, seat)
        return True
    return False


def draw_card(game, seat, deck_index):
    """The top card of a deck to the seat (none: the deck is empty, or it has no room). An auction
    card (special `auction`) goes under the deck and the next item card is auctioned: True when
    that auction is now under way (the effects go on when it ends)."""
    c = take_card(game, deck_index)
    b = game.board
    if c == NONE:
        event(game, EV_NO_CARD, seat, 0, 0)
    elif b.i_special[b.card_kind[c]] == SP_AUCTION:
        game.decks[deck_index].bottom(c)
        event(game, EV_AUCTION_CARD, b.card_kind[c], 0, 0)
        return hold_auction(game, seat)
    elif give(game, seat, c):
        event(game, EV_CARD, seat, b.card_kind[c], 0)
    else:
        game.decks[deck_index].bottom(c)
        event(game, EV_NO_CARD, seat, 1, 0)
    return False


def hold_auction(game, seat):
    """An auction of the next item card (table mode: once the table has drawn it); True."""
    draws_done(game)
    want_card(game, DECK_ITEM)
    if ready(game, R_AUCTION):
        trade.start_auction(game, seat)
    return True


def find_card(game, seat, kind):
    b = game.board
    deck = game.decks[b.i_deck[kind]]
    for i in range(deck.n):
        c = deck.cards[i]
        if b.card_kind[c] == kind:
            if give(game, seat, c):
                if game.known_top & (1 << b.i_deck[kind]) and i == deck.n - 1:
                    game.known_top &= ~(1 << b.i_deck[kind])
                deck.take(c)
                event(game, EV_CARD, seat, kind, 0)
            else:
                event(game, EV_NO_CARD, seat, 1, 0)
            return
    event(game, EV_NO_CARD, seat, 0, 0)


def show_top(game):
    """The top card of the item deck, turned up for a shop or an auction (table mode: the card
    the table drew, now on top and known); NONE when the deck is empty."""
    deck = game.item_deck
    if game.table and not game.known_top & 1:
        c = next_drawn(game)
        if c == NONE:
            return NONE
        deck.take(c)
        deck.push(c)
        game.known_top |= 1
    c = deck.top()
    if c != NONE:
        event(game, EV_SHOWN, game.board.card_kind[c], 0, 0)
    return c


def terminal(game, seat, op, arg):
    b = game.board
    s = game.pos[seat]
    if op == OP_MONSTER:
        if s == AT_WORLD:
            m = mythos.place_monster(game, AT_OW, seat)
        elif game.sealed[s]:
            event(game, EV_SEALED_SPACE, s, 0, 0)
            m = NONE
        else:
            m = mythos.place_monster(game, s, 0)
        if m == NONE:
            after_event(game)
        else:
            arrive(game)
    elif op == OP_GATE:
        if game.sealed[s]:
            event(game, EV_SEALED_SPACE, s, 0, 0)
            after_event(game)
        elif game.gate_at[s] != NONE:
            event(game, EV_GATE_MONSTER, s, 0, 0)
            if mythos.place_monster(game, s, 0) == NONE:
                after_event(game)
            else:
                arrive(game)
        elif not mythos.open_gate(game, s):
            after_event(game)
        elif game.result == RES_PLAYING:
            # pulled through at once, without meeting the monster that came out
            through_gate(game, seat, s)
    elif op == OP_MOVE:
        moved_by_event(game, seat, arg)
    elif op == OP_FREE_MOVE or op == OP_SHELDON:
        game.dest_optional = 1 if op == OP_SHELDON else 0
        turns.decide(game, ST_DEST, seat)
    elif op == OP_SHOP:
        c = show_top(game)
        if c != NONE and b.i_special[b.card_kind[c]] == SP_AUCTION:
            game.known_top &= ~1
            game.item_deck.draw()
            game.item_deck.bottom(c)
            event(game, EV_AUCTION_CARD, b.card_kind[c], 0, 0)
            hold_auction(game, seat)
        elif c == NONE or (game.money[seat] < b.i_price[b.card_kind[c]] and not trade.sellable(game, seat)):
            event(game, EV_PASSED, seat, 0, 0)
            after_event(game)
        else:
            game.shop_card = c
            turns.decide(game, ST_SHOP, seat)
    elif op == OP_AUCTION:
        trade.start_auction(game, seat)
    elif op == OP_SELL:
        game.shop_card = NONE
        if trade.sellable(game, seat):
            turns.decide(game, ST_SELL, seat)
        else:
            event(game, EV_PASSED, seat, 0, 0)
            after_event(game)
    elif op == OP_JAIL:
        movement.leave(game, seat)
        game.pos[seat] = b.jail
        if game.lost_turns[seat] < 9:
            game.lost_turns[seat] += 1
        event(game, EV_JAIL, seat, b.jail, 0)
        turns.end_turn(game)
    elif op == OP_WORLD:
        shift_to_world(game, seat, arg)
    elif op == OP_TRIP:
        game.return_to[seat] = s                 # the way back: here, no gate needed
        event(game, EV_TRIP, seat, arg, s)
        shift_to_world(game, seat, arg)
    elif op == OP_STREET:
        t = b.entrance[s]
        movement.leave(game, seat)
        game.pos[seat] = t
        game.entered = 0
        game.met = 0
        game.snuck = 0
        game.event_done = 1
        event(game, EV_STREET, seat, t, 0)
        arrive(game)                            # the monsters there; no event on a street
    elif op == OP_LOST:
        turns.lose_investigator(game, seat)


def shift_to_world(game, seat, w):
    """Drawn into Other World w (an event): area 2 and its event, as through a gate; the way back
    needs a face-up gate to w."""
    movement.leave(game, seat)
    game.pos[seat] = AT_WORLD
    game.close_at[seat] = NONE
    game.ow_world[seat] = w
    game.ow_stage[seat] = 2
    event(game, EV_WORLD_SHIFT, seat, w, 0)
    game.place = game.board.nspaces + w
    game.event_done = 1
    turns.chance(game, CH_EVENT)


def moved_by_event(game, seat, dest):
    """An event's free move (a free taxi): to dest, ending the move there; then its event."""
    movement.leave(game, seat)
    game.pos[seat] = dest
    game.entered = 1
    game.met = 0
    game.snuck = 0
    game.event_done = 0
    event(game, EV_TAXI, seat, dest, 0)
    arrive(game)


def legal_dest(game, buf):
    locs = game.board.locations
    here = game.pos[game.seat]
    n = 0
    for i in range(len(locs)):
        if locs[i] != here:
            buf[n] = K_DEST + locs[i]
            n += 1
    if game.dest_optional:
        buf[n] = K_PASS
        n += 1
    return n


def apply_dest(game, kind, arg):
    if kind == K_PASS:
        event(game, EV_PASSED, game.seat, 1, 0)
        after_event(game)
    else:
        moved_by_event(game, game.seat, arg)


def legal_shop(game, buf):
    """Buy the card shown (with the money for it), sell a card (at half its price), or leave."""
    b = game.board
    seat = game.seat
    n = 0
    if game.money[seat] >= b.i_price[b.card_kind[game.shop_card]]:
        buf[n] = K_BUY
        n += 1
    buf[n] = K_PASS
    return trade.list_sales(game, buf, n + 1, seat)


def apply_shop(game, kind, arg):
    seat = game.seat
    b = game.board
    if kind == K_SELL:
        trade.sell(game, seat, arg)
        return                                   # the shop stays open
    if kind == K_BUY:
        c = game.item_deck.top()
        price = b.i_price[b.card_kind[c]]
        game.money[seat] -= price
        game.known_top &= ~1
        game.item_deck.draw()
        if give(game, seat, c):
            event(game, EV_CARD, seat, b.card_kind[c], 0)
        else:
            game.item_deck.bottom(c)
            event(game, EV_NO_CARD, seat, 1, 0)
        event(game, EV_BUY, seat, b.card_kind[c], price)
    else:
        event(game, EV_PASSED, seat, 0, 0)
    game.shop_card = NONE
    after_event(game)


# ----- the trip ----------------------------------------------------------------------------------------

def through_gate(game, seat, s):
    """Through the gate at s: the gate card is turned up; area 2 of its world and its event."""
    b = game.board
    g = game.gate_at[s]
    w = b.gate_world[g]
    if not game.gate_shown[g]:
        game.gate_shown[g] = 1
        event(game, EV_GATE_REVEAL, s, w, 0)
    movement.leave(game, seat)
    game.pos[seat] = AT_WORLD
    game.ow_world[seat] = w
    game.ow_stage[seat] = 2
    event(game, EV_THROUGH, seat, w, s)
    game.place = b.nspaces + w
    game.event_done = 1
    turns.chance(game, CH_EVENT)


def legal_return(game, buf):
    b = game.board
    seat = game.seat
    n = 0
    for s in range(b.nspaces):
        g = game.gate_at[s]
        if g != NONE and game.gate_shown[g] and b.gate_world[g] == game.ow_world[seat]:
            buf[n] = K_RETURN + s
            n += 1
    return n


def apply_return(game, s):
    seat = game.seat
    game.pos[seat] = s
    game.ow_stage[seat] = 0
    game.close_at[seat] = s
    event(game, EV_RETURN, seat, s, 0)
    # no sanity check against the guardians now: the investigator just starts its move here
    turns.decide(game, ST_MOVE, seat)
