"""The game in words: actions as the acting player sees them, events for the log, a board summary.
(Allocates: only the host, logs and tests call it.)"""

from .board import NONE, DECK_NAMES
from .effects import PAY_NAMES
from .defs import (ARG_MASK, K_PICK, K_RETURN, K_STAY, K_RESOLVE, K_TAXI, K_MODE, K_STEP, K_STOP,
                   K_GATE, K_EVENT, K_FIGHT, K_SNEAK, K_FACE, K_BIND, K_LOADOUT, K_CLOSE, K_SEAL, K_WATCHER,
                   K_END, K_BUY, K_PASS, K_DEST, K_DISCARD, K_ORIENT, K_OUTCOME, K_ROLL, BOUND_BIT, MAX_POSS,
                   AT_WORLD, AT_OW, ST_SNEAK_TO, ST_ORIENT, PU_CLOSE,
                   PU_COUNTER, STEP_NAMES, PHASE_NAMES, RESULT_NAMES, CH_COIN, CH_DRAW, K_GIVE, K_GIVE_MONEY,
                   K_SELL, K_PAY, K_BID, K_SPLIT, ST_LOADOUT, DRAW_MONSTER, DRAW_GATE, DRAW_DECK)
from . import defs as D
from . import cards, state, trade

MODES = ("on foot", "by vehicle", "under Mists of R'lyeh")


def space_name(g, s):
    if s == AT_WORLD or s == NONE:
        return "an Other World"
    return g.board.space_names[s]


def monster_name(g, m):
    return "%s #%d" % (g.board.kind_names[g.board.mon_kind[m]], m + 1)


def seat_name(g, seat):
    inv = g.seat_inv[seat]
    who = g.board.inv_names[inv].split(",")[0] if inv != NONE else "no investigator"
    return "seat %d (%s)" % (seat + 1, who)


def card_name(g, c):
    return g.board.item_names[g.board.card_kind[c]]


def loadout_text(g, mask):
    seat = g.check_seat if g.purpose == PU_COUNTER else g.seat
    names = []
    for k in range(MAX_POSS):
        if mask & (1 << k):
            names.append(card_name(g, g.poss[seat * MAX_POSS + k]))
    if mask & BOUND_BIT:
        names.append("the bound monster")
    what = "attack the gate" if g.purpose == PU_CLOSE else "fight"
    return "%s with %s" % (what, ", ".join(names) if names else "bare hands (Fight only)")


def action_text(g, a):
    kind = a & ~ARG_MASK
    arg = a & ARG_MASK
    b = g.board
    if kind == K_RESOLVE:
        return "roll (%s)" % STEP_NAMES.get(g.step, "?")
    if kind == K_OUTCOME:
        if g.step == CH_COIN:
            return "coin: %s" % seat_name(g, g.tied[arg])
        if g.step == CH_DRAW:
            return "the table drew %s" % drawn_name(g, g.draw_kinds[g.ndrawn], arg)
        return "enter the roll %d (%s)" % (arg, STEP_NAMES.get(g.step, "?"))
    if kind == K_PICK:
        return "pick %s" % b.inv_names[arg]
    if kind == K_RETURN:
        return "come back through the gate at %s" % space_name(g, arg)
    if kind == K_STAY:
        return "stay at %s" % space_name(g, g.pos[g.seat])
    if kind == K_ROLL:
        return "roll 2D6 to move %s" % MODES[g.mode]
    if kind == K_TAXI:
        return "take a taxi ($1) to %s" % space_name(g, arg)
    if kind == K_MODE:
        return "drive the vehicle" if arg == 1 else "cast Mists of R'lyeh"
    if kind == K_STEP:
        s = g.m_at[g.orient_m] if g.step == ST_ORIENT else g.pos[g.seat]
        t = b.neighbour(s, arg)
        if g.step == ST_SNEAK_TO:
            return "slip away to %s" % space_name(g, t)
        return "step to %s (%d left)" % (space_name(g, t), g.moves_left - 1)
    if kind == K_STOP:
        return "stop here"
    if kind == K_GATE:
        return "step through the gate"
    if kind == K_EVENT:
        return "have the location's event"
    if kind == K_FIGHT:
        k = b.mon_kind[arg]
        return "fight %s (strength %s, SAN %s)" % (monster_name(g, arg), b.strength_text(k), b.sanity_text(k))
    if kind == K_SNEAK:
        if arg:
            return "sneak past the guardians through the gate (stealth %d)" % g.stealth[g.seat]
        return "sneak past (stealth %d)" % g.stealth[g.seat]
    if kind == K_FACE:
        return "face the gate (sanity checks against its guardians)"
    if kind == K_BIND:
        if g.step == ST_LOADOUT:
            return "cast Bind Monster on %s instead of fighting back" % monster_name(g, arg)
        return "cast Bind Monster on %s" % monster_name(g, arg)
    if kind == K_LOADOUT:
        return loadout_text(g, arg)
    if kind == K_CLOSE:
        return "attack the gate to close it"
    if kind == K_SEAL:
        return "seal the gate with an Elder Sign (2 sanity)"
    if kind == K_WATCHER:
        return "close the gate with the Blue Watcher of the Pyramid"
    if kind == K_END:
        return "end the turn"
    if kind == K_BUY:
        c = g.shop_card
        return "buy %s for $%d" % (card_name(g, c), b.i_price[b.card_kind[c]])
    if kind == K_PASS:
        if g.step == D.ST_BID:
            return "drop out of the auction"
        if g.step == D.ST_SELL:
            return "sell nothing more"
        return "decline"
    if kind == K_GIVE:
        return "give %s to %s" % (card_name(g, g.poss[g.seat * MAX_POSS + (arg >> 3)]), seat_name(g, arg & 7))
    if kind == K_GIVE_MONEY:
        return "give $1 to %s" % seat_name(g, arg)
    if kind == K_SELL:
        return "sell %s for $%d" % (card_name(g, g.poss[g.seat * MAX_POSS + arg]), trade.sale_price(g, g.seat, arg))
    if kind == K_PAY:
        return "pay %s" % pay_text(g, g.pay_kind, g.pay_amount)
    if kind == K_BID:
        return "bid $%d for %s" % (g.bid + 1, card_name(g, g.auction_card))
    if kind == D.K_CHOOSE:
        return "choose the %s: %s" % ("second" if arg else "first", branch_text(g, arg))
    if kind == D.K_BET:
        return "bet $%d (a D6 of 4-6 doubles it)" % arg
    if kind == D.K_SERVICE:
        return "use the service: %s" % b.svc_text[g.pos[g.seat]]
    if kind == D.K_USE:
        return "use %s" % card_name(g, g.poss[g.seat * MAX_POSS + arg])
    if kind == D.K_BANISH:
        seat = g.check_seat if g.step == D.ST_LOADOUT else g.seat
        k = cards.banish_slot(g, seat)
        return "banish %s with %s (D6 strength)" % (monster_name(g, arg), card_name(g, g.poss[seat * MAX_POSS + k]))
    if kind == K_SPLIT:
        t = b.inv_split[g.seat_inv[g.actor]]
        return "take sanity %d and strength %d" % (arg, t - arg)
    if kind == K_DEST:
        return "ride to %s" % space_name(g, arg)
    if kind == K_DISCARD:
        return "give up %s" % card_name(g, g.poss[g.actor * MAX_POSS + arg])
    if kind == K_ORIENT:
        return "turn %s toward %s" % (monster_name(g, g.orient_m), space_name(g, b.neighbour(g.m_at[g.orient_m], arg)))
    return "action %d" % a


def ops_text(g, start, end):
    """The effect program prog[start:end] (op indices) back in the events' words, roughly as written:
    what a choice's list does, for the player choosing."""
    from . import effects as E
    b = g.board
    out = []
    i = start
    while i < end:
        op = b.prog[2 * i]
        arg = b.prog[2 * i + 1]
        i += 1
        if op in E.COUNTER_OPS:
            out.append("%s%+d" % (E.COUNTERS[E.COUNTER_OPS.index(op)], arg - 128))
        elif op == E.OP_DICE:
            out.append("%s%s%s" % (E.COUNTERS[arg >> 4], "+" if arg & 8 else "-", "2D6" if arg & 7 == 2 else "D6"))
        elif op in E.SIMPLE_OPS:
            out.append(E.SIMPLE[E.SIMPLE_OPS.index(op)])
        elif op in E.TERMINAL_OPS:
            out.append(E.TERMINALS[E.TERMINAL_OPS.index(op)])
        elif op == E.OP_FIND:
            out.append("find %s" % b.item_names[arg])
        elif op == E.OP_MOVE:
            out.append("to %s" % b.space_names[arg])
        elif op == E.OP_WORLD or op == E.OP_TRIP:
            out.append("%s %s" % ("into" if op == E.OP_WORLD else "a trip to", b.world_names[arg]))
        elif op >= E.OP_TEST and op != E.OP_BRANCH:
            out.append({E.OP_TEST: "a test", E.OP_PAY: "a payment", E.OP_CHOOSE: "a choice", E.OP_BET: "a bet",
                        E.OP_DISCARD: "a discard", E.OP_PAY_CARD: "a payment"}.get(op, "a condition"))
            if op < E.OP_BET:
                break                                   # a form: the rest is its lists
        elif op != E.OP_BRANCH:
            out.append({E.OP_STAY: "stay %d turns" % arg, E.OP_BOOST: "a skill bonus",
                        E.OP_MOVE_MOD: "a movement bonus", E.OP_RETAINER: "a retainer",
                        E.OP_CHARITY: "charity"}.get(op, "op %d" % op))
    return "; ".join(out) or "nothing"


def branch_text(g, second):
    """What the pending choice's list does (the first: prog_pos to test_pass_end; the second: to prog_end)."""
    if second:
        return ops_text(g, g.test_pass_end, g.prog_end)
    return ops_text(g, g.prog_pos, g.test_pass_end)


def pay_text(g, kind, amount):
    if kind >= len(PAY_NAMES):
        return g.board.item_names[amount]                 # pay card NAME: amount is the card kind
    name = PAY_NAMES[kind]
    if name == "gate":
        return "a gate trophy to the Esoteric Order of Dagon"
    if name in ("item", "spell"):
        return "an item of its choice" if name == "item" else "a spell of its choice"
    return "%d %s" % (amount, name) if kind else "$%d" % amount


def drawn_name(g, dk, v):
    """What a table-mode draw outcome v of draw kind dk names."""
    b = g.board
    if dk == DRAW_MONSTER:
        return "a %s" % b.kind_names[v]
    if dk == DRAW_GATE:
        for c in range(b.ngates):
            if b.gate_row[c] == v:
                return "a gate to %s (difficulty %d)" % (b.world_names[b.gate_world[c]], b.gate_diff[c])
        return "a gate"
    return "%s (%s deck)" % (b.item_names[v], DECK_NAMES[dk - DRAW_DECK])


def signed(v):
    d = v - 128
    return "%+d" % d


def _auction_text(g, a, x, c):
    if a == NONE:
        return "nobody buys %s at the auction" % g.board.item_names[x]
    return "%s wins %s at the auction for $%d" % (seat_name(g, a), g.board.item_names[x], c)


# the round, turns, movement and the trip: event code -> f(game, a, b, c), the record's words
_ROUND_TEXTS = {
    D.EV_ROUND: lambda g, a, x, c: "round %d" % a,
    D.EV_TURN: lambda g, a, x, c: "turn: %s at %s" % (seat_name(g, a), where(g, a)),
    D.EV_PICK: lambda g, a, x, c: "%s starts at %s" % (seat_name(g, a), space_name(g, c)),
    D.EV_SPLIT: lambda g, a, x, c: "%s takes sanity %d and strength %d" % (seat_name(g, a), x, c),
    D.EV_ROLL: lambda g, a, x, c: "%s: %d" % (STEP_NAMES.get(a, "?"), x) if a != CH_COIN else "coin toss",
    D.EV_MODE: lambda g, a, x, c: "%s moves %s" % (seat_name(g, a), MODES[x]),
    D.EV_MOVE: lambda g, a, x, c: "%s moves to %s" % (seat_name(g, a), space_name(g, x)),
    D.EV_TAXI: lambda g, a, x, c: "%s rides to %s%s" %
        (seat_name(g, a), space_name(g, x), " ($1)" if c else " (free)"),
    D.EV_STAY: lambda g, a, x, c: "%s stays at %s" % (seat_name(g, a), space_name(g, x)),
    D.EV_LOSES_TURN: lambda g, a, x, c: "%s loses this turn" % seat_name(g, a),
    D.EV_JAIL: lambda g, a, x, c: "%s is taken to %s and loses the next turn" % (seat_name(g, a), space_name(g, x)),
    D.EV_THROUGH: lambda g, a, x, c: "%s goes through the gate at %s to %s" %
        (seat_name(g, a), space_name(g, c), g.board.world_names[x]),
    D.EV_GATE_REVEAL: lambda g, a, x, c: "the gate at %s leads to %s" % (space_name(g, a), g.board.world_names[x]),
    D.EV_OW_STAGE: lambda g, a, x, c: "%s reaches area %d of %s" % (seat_name(g, a), c, g.board.world_names[x]),
    D.EV_RETURN: lambda g, a, x, c: "%s comes back to %s" % (seat_name(g, a), space_name(g, x)),
    D.EV_NO_RETURN: lambda g, a, x, c: "%s finds no open gate back from %s" %
        (seat_name(g, a), g.board.world_names[x]),
    D.EV_WORLD_SHIFT: lambda g, a, x, c: "%s is drawn into %s" % (seat_name(g, a), g.board.world_names[x]),
    D.EV_LOST: lambda g, a, x, c: "seat %d: %s is lost in time and space" %
        (a + 1, g.board.inv_names[x] if x != NONE else "?"),
    D.EV_OUT: lambda g, a, x, c: "seat %d has no investigator left to pick" % (a + 1),
    D.EV_RESULT: lambda g, a, x, c: "the investigators have %s" % RESULT_NAMES[a],
    D.EV_HONOUR: lambda g, a, x, c: "Honoured Citizen: %s (%d gates closed, %d monster trophies)" %
        (seat_name(g, a), x, c),
}

# events, the sheet and cards: event code -> f(game, a, b, c), the record's words
_SHEET_TEXTS = {
    D.EV_EVENT: lambda g, a, x, c: "event %s %d: %s" % (g.board.place_name(x), c, g.board.ev_text[x * 6 + c - 1]),
    D.EV_TEST: lambda g, a, x, c: "%s skill test at %d: %s" % (seat_name(g, a), x, "passed" if c else "failed"),
    D.EV_MONEY: lambda g, a, x, c: "%s money %s, now $%d" % (seat_name(g, a), signed(x), c),
    D.EV_SANITY: lambda g, a, x, c: "%s sanity %s, now %d" % (seat_name(g, a), signed(x), c),
    D.EV_STRENGTH: lambda g, a, x, c: "%s strength %s, now %d" % (seat_name(g, a), signed(x), c),
    D.EV_SPEND: lambda g, a, x, c: "%s spends %d sanity on a spell, now %d" % (seat_name(g, a), x, c),
    D.EV_CARD: lambda g, a, x, c: "%s gains %s" % (seat_name(g, a), g.board.item_names[x]),
    D.EV_NO_CARD: lambda g, a, x, c: "%s gains nothing (%s)" % (seat_name(g, a), "no room" if x else "none left"),
    D.EV_DISCARD: lambda g, a, x, c: (("%s gives up %s", "%s: the monster takes %s away", "%s: %s is used up")[c]) %
        (seat_name(g, a), g.board.item_names[x]),
    D.EV_RETAINER: lambda g, a, x, c: "%s %s" %
        (seat_name(g, a), "has a retainer: $%d a turn" % x if x else "loses the retainer"),
    D.EV_CHARITY: lambda g, a, x, c: "charity: %s now has $%d" % (seat_name(g, a), x),
    D.EV_BUY: lambda g, a, x, c: "%s buys %s for $%d" % (seat_name(g, a), g.board.item_names[x], c),
    D.EV_SELL: lambda g, a, x, c: "%s sells %s for $%d" % (seat_name(g, a), g.board.item_names[x], c),
    D.EV_PAY: lambda g, a, x, c: "%s pays %s" % (seat_name(g, a), pay_text(g, x, c)),
    D.EV_DAGON: lambda g, a, x, c: "%s gives a gate trophy (%s) to the Esoteric Order of Dagon" %
        (seat_name(g, a), g.board.world_names[x]),
    D.EV_GIVE: lambda g, a, x, c: "%s gives %s to %s" %
        (seat_name(g, a), "$1" if c == NONE else g.board.item_names[c], seat_name(g, x)),
    D.EV_BID: lambda g, a, x, c: "%s %s" % (seat_name(g, a), "bids $%d" % x if x else "drops out"),
    D.EV_AUCTION: _auction_text,
    D.EV_PASSED: lambda g, a, x, c: "%s declines" % seat_name(g, a),
    D.EV_DRAWN: lambda g, a, x, c: "drawn: %s" % drawn_name(g, a, x),
    D.EV_CHOSE: lambda g, a, x, c: "%s chooses the %s" % (seat_name(g, a), "second" if x else "first"),
    D.EV_BET: lambda g, a, x, c: "%s bets $%d and %s" % (seat_name(g, a), x, "wins" if c else "loses"),
    D.EV_CAST: lambda g, a, x, c: "%s casts %s: %s" % (seat_name(g, a), g.board.item_names[x],
                                                        "it works" if c else "it fails"),
    D.EV_BANISH: lambda g, a, x, c: "%s banishes %s with %s" % (seat_name(g, a), monster_name(g, x),
                                                                 g.board.item_names[c]),
    D.EV_BOOST: lambda g, a, x, c: "%s: %s %+d until the end of the next turn" %
        (seat_name(g, a), g.board.skill_names[x], c - 128),
    D.EV_MOVE_MOD: lambda g, a, x, c: "%s: %+d to the next movement roll" % (seat_name(g, a), x - 128),
    D.EV_STREET: lambda g, a, x, c: "%s is put out on %s" % (seat_name(g, a), space_name(g, x)),
    D.EV_SERVICE: lambda g, a, x, c: "%s uses the service at %s: %s" %
        (seat_name(g, a), space_name(g, x), g.board.svc_text[x]),
    D.EV_USE: lambda g, a, x, c: "%s uses %s" % (seat_name(g, a), g.board.item_names[x]),
    D.EV_STAYS: lambda g, a, x, c: "%s stays here %d turn%s" % (seat_name(g, a), x, "" if x == 1 else "s"),
    D.EV_TRIP: lambda g, a, x, c: "%s goes to %s, and will come back to %s" %
        (seat_name(g, a), g.board.world_names[x], space_name(g, c)),
    D.EV_AUCTION_CARD: lambda g, a, x, c: "%s: the next item card is auctioned" % g.board.item_names[a],
    D.EV_SHOWN: lambda g, a, x, c: "the top item card is turned up: %s" % g.board.item_names[a],
}

# monsters, fights and knock-outs: event code -> f(game, a, b, c), the record's words
_MONSTER_TEXTS = {
    D.EV_MONSTER: lambda g, a, x, c: "%s appears %s" %
        (monster_name(g, a), "in an Other World" if x == AT_OW else "at " + space_name(g, x)),
    D.EV_NO_MONSTER: lambda g, a, x, c: "no monster is left in the pool",
    D.EV_STEALTH: lambda g, a, x, c: "%s %s" % (seat_name(g, a), "sneaks past" if x else "is noticed"),
    D.EV_SANCHECK: lambda g, a, x, c: "%s checks sanity against %s: loses %d" %
        (seat_name(g, a), monster_name(g, x), c),
    D.EV_ATTACK: lambda g, a, x, c: "%s attacks %s: total %d" % (seat_name(g, a), monster_name(g, x), c),
    D.EV_TROPHY: lambda g, a, x, c: "%s takes %s as a trophy%s" %
        (seat_name(g, a), monster_name(g, x), " (a guardian)" if c else ""),
    D.EV_HIT: lambda g, a, x, c: "%s strikes %s for %d" % (monster_name(g, x), seat_name(g, a), c),
    D.EV_BIND: lambda g, a, x, c: "%s binds %s" % (seat_name(g, a), monster_name(g, x)),
    D.EV_ASYLUM: lambda g, a, x, c: "%s goes mad: to the Asylum" % seat_name(g, a),
    D.EV_HOSPITAL: lambda g, a, x, c: "%s collapses: to the Hospital" % seat_name(g, a),
    D.EV_TO_POOL: lambda g, a, x, c: "%s goes back to the pool" % monster_name(g, a),
    D.EV_MONSTER_MOVES: lambda g, a, x, c: "%s moves from %s to %s" %
        (monster_name(g, a), space_name(g, x), space_name(g, c)),
    D.EV_ATTACKS: lambda g, a, x, c: "%s attacks %s" % (monster_name(g, a), seat_name(g, x)),
    D.EV_HOUND_LEAVES: lambda g, a, x, c: "%s has drawn blood and %s" %
        (monster_name(g, a), "goes back to the pool with a prize" if x else "vanishes"),
    D.EV_ORIENT: lambda g, a, x, c: "%s now faces %s" % (monster_name(g, a), space_name(g, x)),
    D.EV_FOE_STRENGTH: lambda g, a, x, c: "%s's strength this attack: %d" % (monster_name(g, a), x),
    D.EV_CARRIED: lambda g, a, x, c: "%s carries %s off through the gate at %s" %
        (monster_name(g, x), seat_name(g, a), space_name(g, c)),
}

# gates: event code -> f(game, a, b, c), the record's words
_GATE_TEXTS = {
    D.EV_MYTHOS: lambda g, a, x, c: "mythos phase",
    D.EV_GATE_OPENS: lambda g, a, x, c: "a gate opens at %s (doom %d)" % (space_name(g, a), x),
    D.EV_GATE_MONSTER: lambda g, a, x, c: "%s already has a gate: a monster comes out instead" % space_name(g, a),
    D.EV_SEALED_SPACE: lambda g, a, x, c: "%s is sealed by an Elder Sign: nothing appears" % space_name(g, a),
    D.EV_NO_GATE: lambda g, a, x, c: "the gate table: no gate (roll %d)" % a,
    D.EV_CLOSE_TRY: lambda g, a, x, c: "%s attacks the gate at %s: total %d" % (seat_name(g, a), space_name(g, x), c),
    D.EV_CLOSED: lambda g, a, x, c: "%s %s the gate at %s" %
        (seat_name(g, a), "seals" if c else "closes", space_name(g, x)),
    D.EV_WATCHER: lambda g, a, x, c: "%s's Blue Watcher goes back into the item deck" % seat_name(g, a),
}

EVENT_TEXTS = {}
for _table in (_ROUND_TEXTS, _SHEET_TEXTS, _MONSTER_TEXTS, _GATE_TEXTS):
    EVENT_TEXTS.update(_table)


def event_text(g, i):
    """The i-th event record of the last step, in words (EVENT_TEXTS by its code)."""
    ev = g.ev
    code = ev[4 * i]
    a = ev[4 * i + 1]
    x = ev[4 * i + 2]
    c = ev[4 * i + 3]
    words = EVENT_TEXTS.get(code)
    if words is None:
        return "event %d %d %d %d" % (code, a, x, c)
    return words(g, a, x, c)


def events(g):
    return [event_text(g, i) for i in range(g.nev // 4)]


def where(g, seat):
    if g.pos[seat] == AT_WORLD:
        return "%s (area %d)" % (g.board.world_names[g.ow_world[seat]], g.ow_stage[seat])
    return space_name(g, g.pos[seat])


def board_lines(g):
    """A summary of the board for a human player (allocates)."""
    b = g.board
    out = ["round %d, %s phase; doom %d/%d; open gates %d/%d" % (g.round, PHASE_NAMES[g.phase], g.doom,
                                                                  g.doom_length, state.open_gates(g), g.gate_limit)]
    for seat in range(g.players):
        if g.seat_inv[seat] == NONE:
            out.append("  %s" % seat_name(g, seat))
            continue
        cards = [card_name(g, g.poss[seat * MAX_POSS + k]) for k in range(MAX_POSS) if g.poss[seat * MAX_POSS + k] != NONE]
        out.append("  %s at %s: sanity %d/%d strength %d/%d fight %d stealth %d $%d gates %d trophies %d; %s" % (
            seat_name(g, seat), where(g, seat), g.san[seat], g.maxsan[seat], g.sta[seat], g.maxsta[seat],
            g.fight[seat], g.stealth[seat], g.money[seat], g.gates_closed[seat], state.trophies(g, seat),
            ", ".join(cards) or "no cards"))
    for s in range(b.nspaces):
        bits = []
        c = g.gate_at[s]
        if c != NONE:
            bits.append("gate to %s (difficulty %d)" % (b.world_names[b.gate_world[c]], b.gate_diff[c])
                        if g.gate_shown[c] else "face-down gate")
        if g.sealed[s]:
            bits.append("Elder Sign")
        ms = [monster_name(g, m) for m in range(b.nmonsters) if g.m_at[m] == s]
        if ms:
            bits.append(", ".join(ms))
        if bits:
            out.append("  %s: %s" % (b.space_names[s], "; ".join(bits)))
    return out
