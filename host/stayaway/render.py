"""Stay Away! on screen, from one player's view (the kernel's decoder, kernel/stayaway/game/views.py):
the bytes hold everything that player may know and nothing more, so a screen drawn from them cannot
show another player's hand or a role they have not learnt.

    screen = render(View(state.view(p)))              # what player p sees
    screen = render(View(state.view(0)), public=True) # the table only (before anyone looks)

- status: the turn, whose turn, the direction, the pile and the discards (the result at the end);
- the focus (a player's own): their role (and The Thing or every role when they know them), their
  hand with each card's effect, and what the decision is about (an offer, a card played on them,
  the cards drawn);
- the table: the seats in order with the Locked doors between them, each player's hand size,
  Quarantine, the roles the viewer knows, who is out; the face-up discards.
"""

from __future__ import annotations

from eldritch.frontend.model import Screen, Panel, Line
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game.text import player_name
from eldritch.stayaway.deckinfo import effect_of

EXCHANGES = ("the turn's exchange", "Seduction", "Can't we be friends?")


def card_name(c) -> str:
    return D.CARD_NAMES[c] if c != D.NO_CARD else "a card"


def status(v) -> list:
    line = Line().add("turn %d  " % v.turn, "bold").add("%s's turn" % player_name(v.active), "accent")
    line.add("  %s" % ("clockwise" if v.direction == 0 else "anticlockwise"))
    line.add("  pile %d, discards %d" % (v.pile, v.discards), "dim")
    out = [line]
    if v.result != D.R_PLAYING:
        out.append(Line().add("game over: ", "bold").add(D.RESULT_NAMES[v.result], "warn"))
    return out


def table(v, public: bool) -> Panel:
    lines = []
    for seat in range(v.players):
        p = v.seats[seat]
        if p == D.NOBODY:
            lines.append(Line().add("%2d " % (seat + 1), "dim").add("(empty seat)", "dim"))
        else:
            line = Line().add("%2d " % (seat + 1), "dim").add(player_name(p), "bold")
            if not public and p == v.me:
                line.add(" (you)", "accent")
            if p == v.active:
                line.add("  to play", "warn")
            line.add("  %d cards" % v.hand_counts[p], "dim")
            if v.quarantine[p]:
                line.add("  in Quarantine (%d)" % v.quarantine[p], "warn")
            role = v.roles[p]
            if (not public or v.result != D.R_PLAYING) and role != D.UNKNOWN and p != v.me:
                line.add("  %s" % D.ROLE_NAMES[role], "bad" if role else "good")
            if v.result != D.R_PLAYING:
                line.add("  %s" % ("wins" if v.returns[p] else "loses"), "good" if v.returns[p] else "dim")
            lines.append(line)
        if v.doors[seat]:
            lines.append(Line(indent=3).add("-- Locked door --", "warn"))
    out = [p for p in range(v.players) if not v.alive[p]]
    if out:
        lines.append(Line().add("out of the game: ", "dim").add(", ".join(player_name(p) for p in out)))
    return Panel("table", "the table (seats clockwise)", lines)


def discards(v) -> Panel:
    shown = [(D.CARD_NAMES[t], n) for t, n in enumerate(v.public_discards) if n]
    line = Line().add(", ".join("%s x%d" % (name, n) if n > 1 else name for name, n in shown) or "none", "dim")
    return Panel("discards", "face up in the discard pile", [line])


def decision_lines(v) -> list:
    """What the pending decision is about, as this player may know it."""
    ph = v.phase
    me = v.me
    out = []
    if v.actor != me or ph == D.PH_OVER:
        if ph != D.PH_OVER:
            out.append(Line().add("waiting for %s" % player_name(v.actor), "dim"))
        return out
    if ph == D.PH_PLAY:
        out.append(Line().add("your turn: play a card or discard one", "bold"))
    elif ph == D.PH_OFFER:
        other = v.ctx_b
        out.append(Line().add("offer a card face down to %s (%s)" % (player_name(other), EXCHANGES[v.ctx_kind]
                                                                     if v.ctx_kind < 3 else "exchange"), "bold"))
    elif ph == D.PH_ANSWER:
        out.append(Line().add("%s offers you a card (%s): give one back, or defend" % (
            player_name(v.ctx_a), EXCHANGES[v.ctx_kind] if v.ctx_kind < 3 else "exchange"), "bold"))
        if v.ctx_card != D.NO_CARD:
            out.append(Line().add("the card offered, face up: ", "dim").add(card_name(v.ctx_card), "warn"))
    elif ph in (D.PH_DEFEND_FLAME, D.PH_DEFEND_SWAP):
        out.append(Line().add("%s plays %s on you: defend or not" % (player_name(v.ctx_a), card_name(v.ctx_card)),
                              "bold warn"))
    elif ph == D.PH_RESOLUTE:
        out.append(Line().add("you drew: ", "bold").add(", ".join(card_name(c) for c in v.res), "accent"))
        out.append(Line().add("keep one of them", "dim"))
    elif ph == D.PH_TARGET:
        out.append(Line().add("%s: choose" % card_name(v.ctx_card), "bold"))
    elif ph == D.PH_FORGET:
        out.append(Line().add("Forgetful: discard 3 cards, one at a time", "bold"))
    elif ph == D.PH_ROUND:
        out.append(Line().add("Round and round: the card you pass to the next player", "bold"))
    elif ph == D.PH_BLIND:
        out.append(Line().add("Blind date: the card you swap with the pile's top card", "bold"))
    elif ph == D.PH_REVELATIONS:
        out.append(Line().add("Revelations: show your hand to everyone, or not", "bold"))
    return out


def own_panel(v) -> Panel:
    lines = [Line().add("You are %s: " % player_name(v.me), "bold")
             .add(D.ROLE_NAMES[v.role], "bad bold" if v.role else "good bold")]
    if v.role == D.THE_THING:
        others = ["%s %s" % (player_name(q), D.ROLE_NAMES[v.roles[q]]) for q in range(v.players)
                  if q != v.me and v.roles[q] != D.UNKNOWN]
        if others:
            lines.append(Line().add("roles: ", "dim").add(", ".join(others)))
    elif v.thing != D.NOBODY and v.thing != v.me:
        lines.append(Line().add("The Thing is ", "dim").add(player_name(v.thing), "bad bold"))
    lines.append(Line().add("your hand:", "dim"))
    for c in v.hand:
        effect = effect_of(c)
        lines.append(Line(indent=2).add(D.CARD_NAMES[c], "bold").add((": " + effect) if effect else "", "dim"))
    lines.extend(decision_lines(v))
    return Panel("you", "%s's hand" % player_name(v.me), lines)


def render(v, public: bool = False) -> Screen:
    """The screen of view v: a player's (their role, hand and decision), or only the table."""
    if public:
        return Screen(status(v), [table(v, True), discards(v)], None)
    return Screen(status(v), [table(v, False), discards(v)], own_panel(v))
