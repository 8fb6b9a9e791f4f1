"""Readable text of the game's actions, events and board (for logs, the terminal and golden files).

Portable; it allocates strings, so it is not on the per-step path: a caller renders after apply.
"""

from . import effects as E
from ..adventure import ACT_REROLL, decode_roll
from ..dice import COLOUR_NAME, TERROR
from ..notation import format_roll, format_card
from . import machine as G

CLOCK = ("XII", "III", "VI", "IX")
AID = ("first aid: +1 stamina", "first aid: +1 sanity", "first aid: 2 trophies for all stamina",
       "first aid: 2 trophies for all sanity", "first aid: 4 trophies for all stamina and sanity")
LOCK_KIND = ("", "mythos", "monster", "adventure")
LOST_FOUND = ("I1", "I2", "I3", "L", "P", "T")
SEAT_STATE = ("playing", "devoured, choosing", "devoured, out of the game")


def inv_name(game, inv):
    if inv == G.NONE:
        return "nobody"
    return game._data.investigators[inv].name


def seat_text(game, seat):
    """A seat and who plays it: "seat 1, Name", or "seat 4: no investigator (devoured, choosing)"."""
    inv = game._seats.inv[seat]
    if inv == G.NONE:
        state = game._seats.state[seat]
        if state == 0:
            return "seat %d: no investigator yet" % (seat + 1)        # setup: choosing one
        return "seat %d: no investigator (%s)" % (seat + 1, SEAT_STATE[state if state < 3 else 2])
    return "seat %d, %s" % (seat + 1, inv_name(game, inv))


def loc_name(game, loc):
    if loc == G.LOC_ENTRANCE:
        return "the entrance"
    if loc == G.LOC_AO:
        return game._ao.name
    if loc == G.LOC_NONE:
        return "nowhere"
    s = loc - 1
    if not game._slots.on[s]:
        return "slot %d (empty)" % (s + 1)
    return "%s (slot %d)" % (game._data.adventures[game._slots.card[s]].name, s + 1)


def _die(d):
    return format_roll(_one(d))


def _slot_name(game, s):
    return loc_name(game, s + 1)


def _place_text(game, arg):
    s = arg >> 5
    p = arg & 31
    if p == G.PLACE_EXTRA:
        return "as an extra task on %s" % _slot_name(game, s)
    card = game._data.adventures[game._slots.card[s]]
    t = card.outlines[p][0]
    where = "its own line" if t < 0 else "task %d" % (t + 1)
    return "on %s, the outline on %s" % (_slot_name(game, s), where)


def _trophy_text(game, code):
    kind = code >> 12
    i = code & 0xFFF
    if kind == G.TR_ADVENTURE:
        return "%s (%d)" % (game._data.adventures[i].name, game._data.adventures[i].trophy)
    if kind == G.TR_MONSTER:
        return "%s (%d)" % (game._data.monsters[i].name, game._data.monsters[i].trophy)
    return "a trophy token (%d)" % i


def _alt_text(game, code, pc, k):
    j = pc + 3
    for _ in range(k):
        j += 3 + 3 * code[j + 1]
    parts = []
    for x in range(code[j + 1]):
        op = code[j + 3 + 3 * x]
        n = code[j + 4 + 3 * x]
        parts.append("%s%s%d" % (E.OP_TEXT[op], "+" if n >= 0 else "-", n if n >= 0 else -n))
    return ", ".join(parts) if parts else "nothing"


def _spell_die(game, k):
    sp = game._spells
    return "%s off %s" % (_die(sp.die[k]), game._data.cards[sp.card[k]].name)


def action_text(game, action):
    """The text of action in the current state (call before applying it)."""
    st = game._stack
    top = st.n - 1
    if action < G.G_BASE:
        adv = _attempt_adv(game)
        if adv is not None:
            return adv.action_text(action)
        return "adventure action %d" % action
    kind = action - (action & G.A_ARG_MASK)
    arg = action & G.A_ARG_MASK
    if kind == G.A_MOVE:
        return "move to %s" % loc_name(game, arg)
    if kind == G.A_USE:
        return "use %s" % game._data.cards[game._inv.card(game._active(), arg)].name
    if kind == G.A_BEGIN:
        return "start rolling"
    if kind == G.A_GIVEUP:
        return "end the attack" if game._battle else "give up the adventure"
    if kind == G.A_AID:
        return AID[arg]
    if kind == G.A_LOSTFOUND:
        return "lost and found"
    if kind == G.A_SHOP:
        row = game._data.shop[arg]
        return "gift shop: %s for %d trophies" % (row.key, _shop_price(game, arg))
    if kind == G.A_PICK:
        return "take %s" % inv_name(game, arg)
    if kind == G.A_DRAW:
        return "draw an investigator at random"
    if kind == G.A_CHOOSE:
        if top < 0 or st.ref[top] is None:
            return "alternative %d (no choice is asked now)" % (arg + 1)
        return "%s: %s" % (inv_name(game, st.b[top]), _alt_text(game, st.ref[top], st.a[top], arg))
    if kind == G.A_PLACE:
        return "put %s %s" % (game._data.monsters[st.a[top]].name, _place_text(game, arg))
    if kind == G.A_TARGET:
        s = arg // G.MAX_MON
        return "defeat %s on %s" % (game._data.monsters[game._slots.mon[arg]].name, _slot_name(game, s))
    if kind == G.A_SPEND:
        return "spend %s" % _trophy_text(game, game._inv.trophy(st.a[top], arg))
    if kind == G.A_DISCARD:
        return "lose %s" % game._data.cards[game._inv.card(st.a[top], arg)].name
    if kind == G.A_LOSE:
        return "%s loses 1 %s" % (inv_name(game, st.a[top]), ("stamina", "sanity")[arg])
    if kind == G.A_FAIL:
        adv = _attempt_adv(game)
        terror = adv is not None and adv.roll_counts[TERROR] and not game._battle
        return "fail the roll (a Terror shows: its effects first)" if terror else "fail the roll"
    if kind == G.A_ASIDE:
        return "set aside a %s die" % COLOUR_NAME[arg]
    if kind == G.A_KEEP:
        return "keep no die" if arg == 0 else "focus: keep %s" % _die(arg - 1)
    if kind == G.A_ASK:
        return "ask %s to keep %s" % (inv_name(game, game._seats.inv[arg >> 5]), _die(arg & 31))
    if kind == G.A_AGREE:
        return "%s %s" % (inv_name(game, game._seats.inv[st.a[top]]), "agrees" if arg else "refuses")
    if kind == G.A_HOLD:
        return "hold %s with %s" % (_die(arg & 31), game._data.cards[game._inv.card(game._active(), arg >> 5)].name)
    if kind == G.A_UNHOLD:
        return "take %s to roll it" % _spell_die(game, arg)
    if kind == G.A_HELD:
        d = st.a[top]
        return "use the %s kept by focus or assistance" % _die(d) if arg == 0 else "use %s" % _spell_die(game, arg - 1)
    if kind == G.A_LOCKDIE:
        return "the lock takes %s" % _lock_choice(game, arg)
    if kind == G.A_ABILITY:
        return "use %s's ability" % inv_name(game, game._active())
    if kind == G.A_FREEROLL:
        adv = _attempt_adv(game)
        if adv is None:
            return "a free reroll (no adventure under way)"
        return "%s's ability: %s" % (inv_name(game, game._active()),
                                     adv.action_text(action - G.A_FREEROLL + ACT_REROLL)
                                     .replace(" with a clue", " free"))
    if kind == G.A_FACE:
        return "the die shows %s" % LOST_FOUND[arg]
    if kind == G.A_DIEROLL:
        return "roll the lost-and-found die"
    if kind == G.A_END:
        return "end the turn (the clock moves)"
    if kind == G.A_REACT:
        who = inv_name(game, st.c[top])
        if arg == 0:
            return "%s: not now" % who
        if arg < G.REACT_REROLL:
            return "%s uses their ability" % who
        return "%s's ability: %s" % (who, _attempt_adv(game).action_text(arg - G.REACT_REROLL + ACT_REROLL)
                                     .replace(" with a clue", " free"))
    if kind == G.A_WHO:
        return "for %s" % inv_name(game, game._seats.inv[arg])
    return "action %d" % action


def _lock_choice(game, arg):
    if arg < 24:
        return "the rolled %s" % _die(arg)
    if arg < 32:
        return "a %s die of the pool not rolled yet" % COLOUR_NAME[arg - 24]
    if arg < 64:
        return "the kept %s" % _die(arg - 32)
    return _spell_die(game, arg - 64)


def _attempt_adv(game):
    s = game._att.slot
    if s == -1:
        return None
    return game._combat_adv if s == -2 else game._slots.adv[s]


def _shop_price(game, row):
    from .entrance import shop_price
    return shop_price(game, row)


QUESTIONS = {
    G.F_PICK: "choose an investigator (or draw one)",
    G.F_CHOOSE: "choose what to pay",
    G.F_PLACE: "where does the monster go?",
    G.F_TARGET: "which monster is defeated?",
    G.F_SPEND: "which trophy is spent (%d still to pay)?",
    G.F_DISCARD: "which card is lost?",
    G.F_LOSE: "you assisted: lose 1 stamina or 1 sanity?",
    G.F_ASIDE: "the roll failed: which die is set aside?",
    G.F_KEEP: "keep a die (focus, or ask an investigator on the card)?",
    G.F_AGREE: "keep the die for the active player?",
    G.F_HELD: "which held %s does the task use?",
    G.F_LOCKDIE: "a lock icon: which %s die does it take?",
    G.F_OFFER: "use %s's ability now?",
    G.F_WHO: "for which investigator?",
}


def question(game):
    """The question the state asks now, in words ('' at the turn's main step or chance); the seat
    that answers is text.acting_seat."""
    st = game._stack
    if game._result >= 0 or st.n == 0:
        return ""
    i = st.n - 1
    op = st.op[i]
    q = QUESTIONS.get(op)
    if q is None:
        return ""
    if op == G.F_SPEND:
        return q % st.b[i]
    if op == G.F_HELD:
        return q % _die(st.a[i])
    if op == G.F_OFFER:
        return q % inv_name(game, st.c[i])
    if op == G.F_LOCKDIE:
        return q % COLOUR_NAME[st.a[i]]
    return q


def roll_text(code):
    counts = bytearray(24)
    decode_roll(code, counts)
    return format_roll(counts)


# ----- events: one table of formats ---------------------------------------------------------
#
# EVENTS[code] = (format, args): each arg is (field, kind), field 0/1/2 being the event's a/b/c and
# kind one of the renderers below (what the number means); the format takes the rendered args in
# order. A new event is one row here and one code in defs.py.

def _r_int(game, v):
    return v


def _r_num1(game, v):
    return v + 1


def _r_inv(game, v):
    return inv_name(game, v)


def _r_loc(game, v):
    return loc_name(game, v)


def _r_card(game, v):
    return game._data.cards[v].name


def _r_adventure(game, v):
    return game._data.adventures[v].name


def _r_notation(game, v):
    return game._data.adventures[v].notation


def _r_monster(game, v):
    return game._data.monsters[v].name


def _r_mythos(game, v):
    return game._data.mythos[v].name


def _r_colour(game, v):
    return COLOUR_NAME[v]


def _r_lock_kind(game, v):
    return LOCK_KIND[v]


def _r_op(game, v):
    return E.OP_TEXT[v]


def _r_roll(game, v):
    return roll_text(v)


def _r_die(game, v):
    return format_roll(_one(v))


def _r_hour(game, v):
    return CLOCK[v // 3]


def _r_note(game, v):
    return game._data.notes[v]


def _r_shop(game, v):
    return game._data.shop[v].key


def _r_face(game, v):
    return LOST_FOUND[v]


def _r_doom_top(game, v):
    return game._ao.doom


def _r_elder_need(game, v):
    return game._ao.elder_signs


def _r_ao(game, v):
    return game._ao.name


def _r_where(game, v):
    return "the Ancient One" if v == G.NONE else "slot %d" % (v + 1)


def _r_extra_dice(game, v):
    return (" + yellow" if v & 2 else "") + (" + red" if v & 1 else "")


def _r_outline(game, v):
    return "outline %d" % (v + 1) if v < 100 else "an extra task"


def _r_win(game, v):
    return ("elder signs", "the final battle")[v]


def _r_loss(game, v):
    return ("all devoured", "the awakening")[v]


def _r_alt(game, v):
    return "alternative %d" % (v + 1)


def _r_trophy(game, v):
    return _trophy_text(game, v)


def _r_stat(game, v):
    return ("stamina", "sanity")[v]


def _r_lock_where(game, v):
    return ("that was free", "out of the pool", "kept by focus or assistance", "off a spell")[v]


def _r_place_slot(game, v):
    return v // G.MAX_MON + 1


def _r_held_where(game, v):
    return ("kept by focus or assistance", "from a spell")[v]


def _r_seat(game, v):
    return seat_text(game, v)


def _r_terror(game, v):
    # v: 1 the card has a terror effect, 2 a mythos card in effect has one (attempt.fail)
    if v == 0:
        return "a Terror face: no terror effect here"
    if v == 3:
        return "Terror: the card's and the mythos card's terror effects"
    return "Terror: the %s terror effect" % ("card's" if v == 1 else "mythos card's")


A, B, C = 0, 1, 2
EVENTS = {
    G.EV_TURN: ("turn %d: %s", ((C, _r_num1), (A, _r_seat))),
    G.EV_MOVE: ("%s moves to %s", ((A, _r_inv), (B, _r_loc))),
    G.EV_BEGIN: ("attempt at %s with %d green%s", ((A, _r_where), (B, _r_int), (C, _r_extra_dice))),
    G.EV_ROLL: ("roll: %s", ((A, _r_roll),)),
    G.EV_TASK: ("task %d done", ((B, _r_num1),)),
    G.EV_TERROR: ("%s", ((B, _r_terror),)),
    G.EV_WON: ("adventure completed: %s", ((B, _r_adventure),)),
    G.EV_LOST: ("adventure failed: %s", ((B, _r_adventure),)),
    G.EV_STAT: ("%s %s now %d", ((A, _r_inv), (B, _r_op), (C, _r_int))),
    G.EV_DRAW: ("%s draws %s", ((A, _r_inv), (B, _r_card))),
    G.EV_DISCARD: ("%s loses %s", ((A, _r_inv), (B, _r_card))),
    G.EV_DOOM: ("doom %d/%d", ((A, _r_int), (A, _r_doom_top))),
    G.EV_ELDER: ("elder signs %d/%d", ((A, _r_int), (A, _r_elder_need))),
    G.EV_MONSTER: ("monster %s appears", ((A, _r_monster),)),
    G.EV_DEFEAT: ("%s defeats %s", ((B, _r_inv), (A, _r_monster))),
    G.EV_REVEAL: ("slot %d: %s [%s]", ((B, _r_num1), (A, _r_adventure), (A, _r_notation))),
    G.EV_LOCK: ("the %s die is locked (%s)", ((A, _r_colour), (B, _r_lock_kind))),
    G.EV_FREE: ("the %s die is freed (%s)", ((A, _r_colour), (B, _r_lock_kind))),
    G.EV_CLOCK: ("clock %s", ((A, _r_hour),)),
    G.EV_MIDNIGHT: ("midnight", ()),
    G.EV_MYTHOS: ("mythos: %s", ((A, _r_mythos),)),
    G.EV_DEVOUR: ("%s is devoured", ((A, _r_inv),)),
    G.EV_PICK: ("seat %d takes %s", ((A, _r_num1), (B, _r_inv))),
    G.EV_OUT: ("seat %d is out of the game", ((A, _r_num1),)),
    G.EV_AWAKEN: ("%s awakens", ((A, _r_ao),)),
    G.EV_ATTACK: ("%s attacks", ((A, _r_ao),)),
    G.EV_HIT: ("a hit on %s", ((A, _r_ao),)),
    G.EV_WIN: ("the investigators win (%s)", ((A, _r_win),)),
    G.EV_LOSS: ("the investigators lose (%s)", ((A, _r_loss),)),
    G.EV_NOTE: ("not modelled: %s", ((A, _r_note),)),
    G.EV_HOLD: ("a spell holds %s", ((A, _r_die),)),
    G.EV_HELP: ("%s assists", ((A, _r_inv),)),
    G.EV_FOCUS: ("focus", ()),
    G.EV_EMPTY: ("nothing for %s (%s)", ((A, _r_inv), (B, _r_op))),
    G.EV_USE: ("%s uses %s", ((A, _r_inv), (B, _r_card))),
    G.EV_TROPHY: ("%s trophies now worth %d", ((A, _r_inv), (B, _r_int))),
    G.EV_LOSTFOUND: ("lost and found: %s", ((A, _r_face),)),
    G.EV_SHOP: ("bought %s", ((A, _r_shop),)),
    G.EV_AID: ("first aid", ()),
    G.EV_GIVEUP: ("gives up", ()),
    G.EV_RETURN: ("%s goes back to its deck", ((A, _r_card),)),
    G.EV_CLUE: ("a clue spent", ()),
    G.EV_CHOSE: ("%s chooses %s", ((A, _r_inv), (B, _r_alt))),
    G.EV_SPENT: ("%s spends %s", ((A, _r_inv), (B, _r_trophy))),
    G.EV_LOSES: ("%s loses 1 %s for assisting", ((A, _r_inv), (B, _r_stat))),
    G.EV_ASIDE: ("a %s die set aside", ((A, _r_colour),)),
    G.EV_REFUSE: ("seat %d refuses to assist", ((A, _r_num1),)),
    G.EV_UNHOLD: ("%s taken off its spell to be rolled", ((A, _r_die),)),
    G.EV_ABILITY: ("%s uses their ability", ((A, _r_inv),)),
    G.EV_LOCKED_DIE: ("the lock takes a %s die %s", ((A, _r_colour), (B, _r_lock_where))),
    G.EV_PLACED: ("placed on slot %d, %s", ((A, _r_num1), (B, _r_outline))),
    G.EV_TARGET: ("the monster on slot %d is defeated", ((A, _r_place_slot),)),
    G.EV_USED_HELD: ("the task uses %s %s", ((A, _r_die), (B, _r_held_where))),
    G.EV_LASTING: ("%s stays in effect", ((A, _r_mythos),)),
    G.EV_EXPIRED: ("%s leaves", ((A, _r_mythos),)),
    G.EV_FREEROLL: ("%s rerolls with their ability", ((A, _r_inv),)),
    G.EV_CARD: ("%s takes %s", ((A, _r_inv), (B, _r_card))),
    G.EV_WHO: ("%s picks %s", ((A, _r_inv), (B, _r_inv))),
    G.EV_NOMONSTER: ("no monster appears in %s's turn", ((A, _r_inv),)),
    G.EV_FIRST: ("the lot draws %s to play first", ((A, _r_seat),)),
}
# the exceptions to a row: a monster with no room goes back to the cup
MONSTER_NO_ROOM = "monster %s: no room, back to the cup"


def event_text(game, i):
    """The text of event i (0-based) of the last step."""
    ev = game._ev
    fields = (ev[4 * i + 1], ev[4 * i + 2], ev[4 * i + 3])
    code = ev[4 * i]
    if code == G.EV_MONSTER and fields[2] == G.NONE:
        return MONSTER_NO_ROOM % _r_monster(game, fields[0])
    row = EVENTS.get(code)
    if row is None:
        return "event %d %d %d %d" % (code, fields[0], fields[1], fields[2])
    fmt, args = row
    return fmt % tuple([render(game, fields[field]) for field, render in args])


def events(game):
    """The texts of the last step's events."""
    return [event_text(game, i) for i in range(game._nev // 4)]


def event_codes(game):
    """The last step's events as (code, a, b, c) tuples (defs.EV_*)."""
    ev = game._ev
    return [(ev[4 * i], ev[4 * i + 1], ev[4 * i + 2], ev[4 * i + 3]) for i in range(game._nev // 4)]


def setup_event_codes(game):
    """The setup's events as (code, a, b, c) tuples (a game nobody has played yet)."""
    if game._nlog:
        return []
    ev = game._ev
    return [(ev[4 * i], ev[4 * i + 1], ev[4 * i + 2], ev[4 * i + 3]) for i in range(game._setup_events // 4)]


def acting_seat(game):
    """The seat whose decision it is (a seat a question names; at a chance node or at the end, the
    active seat)."""
    who = game.current_player()
    return who if who >= 0 else game._clock.seat


def setup_events(game):
    """The texts of the setup's events (a game nobody has played yet)."""
    if game._nlog:
        return []
    return [event_text(game, i) for i in range(game._setup_events // 4)]


def ancient_one(game):
    return game._ao.name


def phase_name(game):
    """The turn's step, or what is being asked."""
    st = game._stack
    if st.n and st.op[st.n - 1] == G.F_MAIN:
        return G.PHASE_NAMES[st.a[st.n - 1]]
    return "question"


def turn_of(game):
    """(turn number, active seat): whose turn it is (a seat acts for itself where another seat decides)."""
    return game._clock.turn, game._clock.seat


def outcome(game):
    """One line on how the game ended (or stands)."""
    return "the investigators %s after %d turns (doom %d, elder signs %d)" % (
        "win" if game._result == 1 else "lose", game._clock.turn, game._doom, game._elder)


def board(game):
    """The board as lines of text."""
    lines = []
    status = "battle" if game._battle else "clock %s" % CLOCK[game._clock.hour // 3]
    lines.append("%s: doom %d/%d, elder signs %d/%d, %s" % (game._ao.name, game._doom, game._ao.doom, game._elder,
                                                          game._ao.elder_signs, status))
    if game._mythos >= 0:
        lines.append("mythos: %s" % game._data.mythos[game._mythos].name)
    for k in range(game._nlasting):
        lines.append("still in effect: %s" % game._data.mythos[game._lasting[k]].name)
    for s in range(game._slots.n):
        if game._slots.on[s]:
            adv = game._slots.adv[s]
            lines.append("  %2d %s: %s" % (s + 1, game._data.adventures[game._slots.card[s]].name, format_card(adv.card)))
    for seat in range(game.players):
        inv = game._seats.inv[seat]
        if inv == G.NONE:
            lines.append("  " + seat_text(game, seat))
            continue
        cards = [game._data.cards[game._inv.card(inv, i)].name for i in range(G.MAX_HAND)
                 if game._inv.card(inv, i) != G.NONE]
        from .trophies import trophy_total
        lines.append("  seat %d: %s san %d/%d sta %d/%d clues %d trophies %d at %s%s" % (
            seat + 1, inv_name(game, inv), game._inv.san[inv], game._inv.maxsan[inv], game._inv.sta[inv],
            game._inv.maxsta[inv], game._inv.clues[inv], trophy_total(game, inv),
            loc_name(game, game._inv.loc[inv]), ("; " + ", ".join(cards)) if cards else ""))
    return lines


def _one(d):
    counts = bytearray(24)
    counts[d] = 1
    return counts
