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
SEAT_STATE = ("playing", "devoured, choosing", "devoured, out of the game")


def inv_name(game, inv):
    if inv == G.NONE:
        return "nobody"
    return game.data.investigators[inv].name


def seat_text(game, seat):
    """A seat and who plays it: "seat 1, Name", or "seat 4: no investigator (devoured, choosing)"."""
    inv = game.seat_inv[seat]
    if inv == G.NONE:
        state = game.seat_state[seat]
        return "seat %d: no investigator (%s)" % (seat + 1, SEAT_STATE[state if state < 3 else 2])
    return "seat %d, %s" % (seat + 1, inv_name(game, inv))


def loc_name(game, loc):
    if loc == G.LOC_ENTRANCE:
        return "the entrance"
    if loc == G.LOC_AO:
        return game.ao.name
    if loc == G.LOC_NONE:
        return "nowhere"
    s = loc - 1
    if not game.slot_on[s]:
        return "slot %d (empty)" % (s + 1)
    return "%s (slot %d)" % (game.data.adventures[game.slot_card[s]].name, s + 1)


def action_text(game, action):
    """The text of action in the current state (call before applying it)."""
    if action < G.G_BASE:
        if game.phase == G.P_ADV or game.phase == G.P_BATTLE:
            return game.cur_adv().action_text(action)
        return "adventure action %d" % action
    kind = action & G.A_KIND_MASK
    arg = action & 0xFF
    if kind == G.A_MOVE - G.G_BASE:
        return "move to %s" % loc_name(game, arg)
    if kind == G.A_USE - G.G_BASE:
        c = game.hand[game.active() * G.MAX_HAND + arg]
        return "use %s" % game.data.cards[c].name
    if kind == G.A_BEGIN - G.G_BASE:
        return "start rolling"
    if kind == G.A_GIVEUP - G.G_BASE:
        return "end the attack" if game.phase == G.P_BATTLE else "give up the adventure"
    if kind == G.A_AID - G.G_BASE:
        return AID[arg]
    if kind == G.A_LOSTFOUND - G.G_BASE:
        return "lost and found"
    if kind == G.A_SHOP - G.G_BASE:
        row = game.data.shop[arg]
        return "gift shop: %s for %d trophies" % (row.key, row.cost_n)
    if kind == G.A_PICK - G.G_BASE:
        return "pick %s" % inv_name(game, arg)
    return "action %d" % action


def roll_text(code):
    counts = bytearray(24)
    decode_roll(code, counts)
    return format_roll(counts)


def event_text(game, i):
    """The text of event i (0-based) of the last step."""
    ev = game.ev
    code = ev[4 * i]
    a = ev[4 * i + 1]
    b = ev[4 * i + 2]
    c = ev[4 * i + 3]
    d = game.data
    if code == G.EV_TURN:
        return "turn %d: %s" % (c + 1, seat_text(game, a))
    if code == G.EV_MOVE:
        return "%s moves to %s" % (inv_name(game, a), loc_name(game, b))
    if code == G.EV_BEGIN:
        where = "the Ancient One" if a == G.NONE else "slot %d" % (a + 1)
        return "attempt at %s with %d green%s%s" % (where, b, " + yellow" if c & 2 else "", " + red" if c & 1 else "")
    if code == G.EV_ROLL:
        return "roll: %s" % roll_text(a)
    if code == G.EV_TASK:
        return "task %d done" % (b + 1)
    if code == G.EV_TERROR:
        # b: 1 the card has a terror effect, 2 the mythos card has one (attempt.py)
        if b == 0:
            return "a Terror face: no terror effect here"
        if b == 3:
            return "Terror: the card's and the mythos card's terror effects"
        return "Terror: the %s terror effect" % ("card's" if b == 1 else "mythos card's")
    if code == G.EV_WON:
        return "adventure completed: %s" % d.adventures[b].name
    if code == G.EV_LOST:
        return "adventure failed: %s" % d.adventures[b].name
    if code == G.EV_STAT:
        return "%s %s now %d" % (inv_name(game, a), E.OP_TEXT[b], c)
    if code == G.EV_DRAW:
        return "%s draws %s" % (inv_name(game, a), d.cards[b].name)
    if code == G.EV_DISCARD:
        return "%s loses %s" % (inv_name(game, a), d.cards[b].name)
    if code == G.EV_DOOM:
        return "doom %d/%d" % (a, game.ao.doom)
    if code == G.EV_ELDER:
        return "elder signs %d/%d" % (a, game.ao.elder_signs)
    if code == G.EV_MONSTER:
        if b == G.NONE:
            return "monster %s: no room, back to the cup" % d.monsters[a].name
        where = "outline %d" % (c + 1) if c < 100 else "an extra task"
        return "monster %s appears on slot %d, %s" % (d.monsters[a].name, b + 1, where)
    if code == G.EV_DEFEAT:
        return "%s defeats %s" % (inv_name(game, b), d.monsters[a].name)
    if code == G.EV_REVEAL:
        return "slot %d: %s [%s]" % (b + 1, d.adventures[a].name, d.adventures[a].notation)
    if code == G.EV_LOCK:
        return "the %s die is locked (%s)" % (COLOUR_NAME[a], LOCK_KIND[b])
    if code == G.EV_FREE:
        return "the %s die is freed (%s)" % (COLOUR_NAME[a], LOCK_KIND[b])
    if code == G.EV_CLOCK:
        return "clock %s" % CLOCK[a // 3]
    if code == G.EV_MIDNIGHT:
        return "midnight"
    if code == G.EV_MYTHOS:
        return "mythos: %s" % d.mythos[a].name
    if code == G.EV_DEVOUR:
        return "%s is devoured" % inv_name(game, a)
    if code == G.EV_PICK:
        return "seat %d picks %s" % (a + 1, inv_name(game, b))
    if code == G.EV_OUT:
        return "seat %d is out of the game" % (a + 1)
    if code == G.EV_AWAKEN:
        return "%s awakens" % game.ao.name
    if code == G.EV_ATTACK:
        return "%s attacks" % game.ao.name
    if code == G.EV_HIT:
        return "a hit on %s" % game.ao.name
    if code == G.EV_WIN:
        return "the investigators win (%s)" % ("elder signs", "the final battle")[a]
    if code == G.EV_LOSS:
        return "the investigators lose (%s)" % ("all devoured", "the awakening")[a]
    if code == G.EV_NOTE:
        return "not modelled: %s" % d.notes[a]
    if code == G.EV_HOLD:
        return "a spell holds %s" % format_roll(_one(a))
    if code == G.EV_HELP:
        return "%s assists" % inv_name(game, a)
    if code == G.EV_FOCUS:
        return "focus"
    if code == G.EV_EMPTY:
        return "nothing for %s (%s)" % (inv_name(game, a), E.OP_TEXT[b])
    if code == G.EV_USE:
        return "%s uses %s" % (inv_name(game, a), d.cards[b].name)
    if code == G.EV_TROPHY:
        return "%s trophies now %d" % (inv_name(game, a), b)
    if code == G.EV_LOSTFOUND:
        return "lost and found: %s" % ("I1", "I2", "I3", "L", "P", "T")[a]
    if code == G.EV_SHOP:
        return "bought %s" % d.shop[a].key
    if code == G.EV_AID:
        return "first aid"
    if code == G.EV_GIVEUP:
        return "gives up"
    if code == G.EV_RETURN:
        return "%s goes back to its deck" % d.cards[a].name
    if code == G.EV_CLUE:
        return "a clue spent"
    return "event %d %d %d %d" % (code, a, b, c)


def events(game):
    return [event_text(game, i) for i in range(game.nev // 4)]


def board(game):
    """The board as lines of text."""
    lines = []
    status = "battle" if game.battle else "clock %s" % CLOCK[game.clock // 3]
    lines.append("%s: doom %d/%d, elder signs %d/%d, %s" % (game.ao.name, game.doom, game.ao.doom, game.elder,
                                                          game.ao.elder_signs, status))
    if game.mythos >= 0:
        lines.append("mythos: %s" % game.data.mythos[game.mythos].name)
    for s in range(G.MAX_SLOTS):
        if game.slot_on[s]:
            adv = game.slot_adv[s]
            lines.append("  %2d %s: %s" % (s + 1, game.data.adventures[game.slot_card[s]].name, format_card(adv.card)))
    for seat in range(game.players):
        inv = game.seat_inv[seat]
        if inv == G.NONE:
            lines.append("  " + seat_text(game, seat))
            continue
        cards = [game.data.cards[game.hand[inv * G.MAX_HAND + i]].name for i in range(G.MAX_HAND)
                 if game.hand[inv * G.MAX_HAND + i] != G.NONE]
        lines.append("  seat %d: %s san %d/%d sta %d/%d clues %d trophies %d at %s%s" % (
            seat + 1, inv_name(game, inv), game.san[inv], game.maxsan[inv], game.sta[inv], game.maxsta[inv],
            game.clues[inv], game.trophy_total(inv), loc_name(game, game.loc[inv]),
            ("; " + ", ".join(cards)) if cards else ""))
    return lines


def _one(d):
    counts = bytearray(24)
    counts[d] = 1
    return counts
