"""Readable text of the game's actions, events and board (for logs, the terminal and golden files).

Portable; it allocates strings, so it is not on the per-step path: a caller renders after apply.
"""

from . import effects as E
from ..adventure import (ACT_HOLD, ACT_ROLL, ACT_ENTER, decode_roll)
from ..dice import COLOUR_NAME
from ..notation import format_roll, format_card
from . import machine as G

CLOCK = ("XII", "III", "VI", "IX")
AID = ("first aid: +1 stamina", "first aid: +1 sanity", "first aid: 2 trophies for all stamina",
       "first aid: 2 trophies for all sanity", "first aid: 4 trophies for all stamina and sanity")
LOCK_KIND = ("", "mythos", "monster", "adventure")
LOST_FOUND = ("I1", "I2", "I3", "L", "P", "T")


def inv_name(game, inv):
    if inv == G.NONE:
        return "nobody"
    return game._data.investigators[inv].name


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


def action_text(game, action):
    """The text of action in the current state (call before applying it)."""
    if action < G.G_BASE:
        if game._phase == G.P_ADV or game._phase == G.P_BATTLE:
            return game._cur_adv().action_text(action)
        return "adventure action %d" % action
    kind = action & G.A_KIND_MASK
    arg = action & 0xFF
    if kind == G.A_MOVE - G.G_BASE:
        return "move to %s" % loc_name(game, arg)
    if kind == G.A_USE - G.G_BASE:
        c = game._inv.hand[game._active() * G.MAX_HAND + arg]
        return "use %s" % game._data.cards[c].name
    if kind == G.A_BEGIN - G.G_BASE:
        return "start rolling"
    if kind == G.A_GIVEUP - G.G_BASE:
        return "end the attack" if game._phase == G.P_BATTLE else "give up the adventure"
    if kind == G.A_AID - G.G_BASE:
        return AID[arg]
    if kind == G.A_LOSTFOUND - G.G_BASE:
        return "lost and found"
    if kind == G.A_SHOP - G.G_BASE:
        row = game._data.shop[arg]
        return "gift shop: %s for %d trophies" % (row.key, row.cost_n)
    if kind == G.A_PICK - G.G_BASE:
        return "pick %s" % inv_name(game, arg)
    return "action %d" % action


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


A, B, C = 0, 1, 2
EVENTS = {
    G.EV_TURN: ("turn %d: seat %d, %s", ((C, _r_num1), (A, _r_num1), (B, _r_inv))),
    G.EV_MOVE: ("%s moves to %s", ((A, _r_inv), (B, _r_loc))),
    G.EV_BEGIN: ("attempt at %s with %d green%s", ((A, _r_where), (B, _r_int), (C, _r_extra_dice))),
    G.EV_ROLL: ("roll: %s", ((A, _r_roll),)),
    G.EV_TASK: ("task %d done", ((B, _r_num1),)),
    G.EV_TERROR: ("terror effects", ()),
    G.EV_WON: ("adventure completed: %s", ((B, _r_adventure),)),
    G.EV_LOST: ("adventure failed: %s", ((B, _r_adventure),)),
    G.EV_STAT: ("%s %s now %d", ((A, _r_inv), (B, _r_op), (C, _r_int))),
    G.EV_DRAW: ("%s draws %s", ((A, _r_inv), (B, _r_card))),
    G.EV_DISCARD: ("%s loses %s", ((A, _r_inv), (B, _r_card))),
    G.EV_DOOM: ("doom %d/%d", ((A, _r_int), (A, _r_doom_top))),
    G.EV_ELDER: ("elder signs %d/%d", ((A, _r_int), (A, _r_elder_need))),
    G.EV_MONSTER: ("monster %s appears on slot %d, %s", ((A, _r_monster), (B, _r_num1), (C, _r_outline))),
    G.EV_DEFEAT: ("%s defeats %s", ((B, _r_inv), (A, _r_monster))),
    G.EV_REVEAL: ("slot %d: %s [%s]", ((B, _r_num1), (A, _r_adventure), (A, _r_notation))),
    G.EV_LOCK: ("the %s die is locked (%s)", ((A, _r_colour), (B, _r_lock_kind))),
    G.EV_FREE: ("the %s die is freed (%s)", ((A, _r_colour), (B, _r_lock_kind))),
    G.EV_CLOCK: ("clock %s", ((A, _r_hour),)),
    G.EV_MIDNIGHT: ("midnight", ()),
    G.EV_MYTHOS: ("mythos: %s", ((A, _r_mythos),)),
    G.EV_DEVOUR: ("%s is devoured", ((A, _r_inv),)),
    G.EV_PICK: ("seat %d picks %s", ((A, _r_num1), (B, _r_inv))),
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
    G.EV_TROPHY: ("%s trophies now %d", ((A, _r_inv), (B, _r_int))),
    G.EV_LOSTFOUND: ("lost and found: %s", ((A, _r_face),)),
    G.EV_SHOP: ("bought %s", ((A, _r_shop),)),
    G.EV_AID: ("first aid", ()),
    G.EV_GIVEUP: ("gives up", ()),
    G.EV_RETURN: ("%s goes back to its deck", ((A, _r_card),)),
    G.EV_CLUE: ("a clue spent", ()),
}
# the exceptions to a row: a monster with no room goes back to the cup
MONSTER_NO_ROOM = "monster %s: no room, back to the cup"


def event_text(game, i):
    """The text of event i (0-based) of the last step."""
    ev = game._ev
    fields = (ev[4 * i + 1], ev[4 * i + 2], ev[4 * i + 3])
    code = ev[4 * i]
    if code == G.EV_MONSTER and fields[1] == G.NONE:
        return MONSTER_NO_ROOM % _r_monster(game, fields[0])
    row = EVENTS.get(code)
    if row is None:
        return "event %d %d %d %d" % (code, fields[0], fields[1], fields[2])
    fmt, args = row
    return fmt % tuple([render(game, fields[field]) for field, render in args])


def events(game):
    """The texts of the last step's events."""
    return [event_text(game, i) for i in range(game._nev // 4)]


def setup_events(game):
    """The texts of the setup's events (a game nobody has played yet)."""
    if game._nlog:
        return []
    return [event_text(game, i) for i in range(game._setup_events // 4)]


def ancient_one(game):
    return game._ao.name


def phase_name(game):
    return G.PHASE_NAMES[game._phase]


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
    for s in range(G.MAX_SLOTS):
        if game._slots.on[s]:
            adv = game._slots.adv[s]
            lines.append("  %2d %s: %s" % (s + 1, game._data.adventures[game._slots.card[s]].name, format_card(adv.card)))
    for seat in range(game.players):
        inv = game._seats.inv[seat]
        if inv == G.NONE:
            lines.append("  seat %d: (no investigator)" % (seat + 1))
            continue
        cards = [game._data.cards[game._inv.hand[inv * G.MAX_HAND + i]].name for i in range(G.MAX_HAND)
                 if game._inv.hand[inv * G.MAX_HAND + i] != G.NONE]
        lines.append("  seat %d: %s san %d/%d sta %d/%d clues %d trophies %d at %s%s" % (
            seat + 1, inv_name(game, inv), game._inv.san[inv], game._inv.maxsan[inv], game._inv.sta[inv], game._inv.maxsta[inv],
            game._inv.clues[inv], game._inv.trophy_total(inv), loc_name(game, game._inv.loc[inv]),
            ("; " + ", ".join(cards)) if cards else ""))
    return lines


def _one(d):
    counts = bytearray(24)
    counts[d] = 1
    return counts
