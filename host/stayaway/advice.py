"""Why the heuristic bot advises what it does, in words, from the player's own view only (the same
view and belief, kernel/stayaway/game/belief.py, the bot decided from).

    words = reason(view_bytes, action)      # "you suspect P3 most (suspicion 8; not proven clean)"

The advice is the heuristic bot's choice (kernel/stayaway/game/bots.py); the reason names what
that choice rests on: the player's role, how much each player is suspected and why (an Infected!
seen, a clean hand seen, The Thing found), and, for a card given up, that it is the one that role
needs least (the bot's keep table). Nothing here reads the state: a reason cannot tell more than
the view.
"""

from __future__ import annotations

from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.belief import Belief
from eldritch.kernel.stayaway.game.bots import KEEP_HUMAN, KEEP_INFECTED, KEEP_THING
from eldritch.kernel.stayaway.game.text import player_name
from eldritch.kernel.stayaway.game.views import View

KEEP = {D.HUMAN: KEEP_HUMAN, D.INFECTED_ROLE: KEEP_INFECTED, D.THE_THING: KEEP_THING}
ROLE_WORDS = {D.HUMAN: "a Human", D.INFECTED_ROLE: "Infected", D.THE_THING: "The Thing"}


def _who(v, b, q) -> str:
    """What the player knows of q, in a few words."""
    name = player_name(q)
    role = v.roles[q]
    if b.thing == q:
        return "%s is The Thing" % name
    if role != D.UNKNOWN:
        return "%s is %s" % (name, ROLE_WORDS.get(role, D.ROLE_NAMES[role]))
    if b.not_thing[q]:
        return "%s is proven not The Thing: a clean hand was seen" % name
    if b.susp[q] > 0:
        return "you suspect %s: suspicion %d, from Infected! cards seen near them" % (name, b.susp[q])
    return "nothing is known against %s yet, and nothing clears them" % name


def _least_needed(v, card) -> str:
    role = v.role
    table = KEEP.get(role, KEEP_HUMAN)
    held = sorted(set(v.hand), key=lambda c: table[c])
    rank = held.index(card) if card in held else -1
    what = D.CARD_NAMES[card]
    if rank == 0:
        return "%s is the card you need least as %s" % (what, ROLE_WORDS[role])
    return "%s is among the cards you need least as %s" % (what, ROLE_WORDS[role])


def reason(view_bytes, action) -> str:
    """Why the advised action (see the module docstring)."""
    v = View(view_bytes)
    b = Belief(v)
    kind = action - action % D.ACT_KIND
    arg = action % D.ACT_KIND
    role = v.role
    you = "you are %s" % ROLE_WORDS[role]
    if kind == D.A_DECLARE:
        return "no Human is left alive: declaring wins the game for The Thing"
    if kind == D.A_PLAY:
        card, target = arg >> 5, arg & 31
        what = D.CARD_NAMES[card]
        if target < v.players and card in (D.ANALYSIS, D.SUSPICIOUS):
            return "%s and a look tells you most about %s: %s" % (you, player_name(target), _who(v, b, target))
        if target < v.players:
            return "%s; %s" % (you, _who(v, b, target))
        if target >= D.GAP and target != D.SELF:
            return "%s; the door goes between you and a neighbour you want kept apart" % you
        if card == D.WHISKY:
            return "you hold no Infected! card: showing your hand proves you clean"
        if card == D.RESOLUTE:
            return "Resolute draws three cards for you to keep the best of"
        return "%s; %s is the card that helps your side most now" % (you, what)
    if kind in (D.A_DISCARD, D.A_FORGET, D.A_BLIND):
        if arg == D.FLAMETHROWER and role == D.THE_THING:
            return "a Flamethrower is a danger to you in a Human's hand: discarding it keeps it from them"
        if arg == D.INFECTED and role == D.HUMAN:
            return "a Human may never pass an Infected! card on: discard it while you can"
        return _least_needed(v, arg)
    if kind in (D.A_OFFER, D.A_ANSWER, D.A_PASS):
        other = v.ctx_b if kind == D.A_OFFER else v.ctx_a if kind == D.A_ANSWER else v.neighbour(v.me, v.direction)
        if arg == D.INFECTED and role == D.THE_THING:
            return "you are The Thing and %s: an Infected! card infects them" % _who(v, b, other)
        if arg == D.INFECTED and role == D.INFECTED_ROLE:
            return "you are Infected and %s is The Thing: a spare Infected! card helps them" % player_name(other)
        return "%s, and it goes to %s" % (_least_needed(v, arg), player_name(other))
    if kind == D.A_DEFEND:
        if arg == D.NO_BARBECUE:
            return "No Barbecue! saves you from the Flamethrower"
        return "%s; %s: better not exchange with them" % (you, _who(v, b, v.ctx_a))
    if kind == D.A_ACCEPT:
        return "%s; %s: nothing to defend against" % (you, _who(v, b, v.ctx_a) if v.ctx_a < v.players
                                                       else "no one you suspect")
    if kind == D.A_KEEP:
        return "%s is the card you want most as %s" % (D.CARD_NAMES[arg], ROLE_WORDS[role])
    if kind == D.A_REVEAL:
        if arg:
            return "your hand holds no Infected! card: showing it proves you clean"
        return "your hand would show what you are: keep it hidden"
    if kind == D.A_TARGET:
        return "%s; %s" % (you, _who(v, b, arg))
    return you
