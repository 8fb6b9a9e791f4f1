"""Actions and events in words: the acting player's screen, each player's own log, the referee log.

A player's log is their view's events (views.py) in words: cards they did not see read "a card". The
referee log shows every card and who saw it; it is written only at the end of a game, or when the
referee asks for it explicitly (state.referee_log(request=True)).
"""

from .defs import (CARD_NAMES, ROLE_NAMES, RESULT_NAMES, PHASE_NAMES, NO_CARD, NOBODY, GAP, SELF, ACT_KIND, MASK_ALL,
                   EV_PRIVATE,
                   EVENT_BYTES, A_DISCARD, A_PLAY, A_OFFER, A_ANSWER, A_DEFEND, A_ACCEPT, A_KEEP, A_DECLARE,
                   A_REVEAL, A_TARGET, A_FORGET, A_PASS, A_BLIND, FLAMETHROWER, SWAP_PLACES, BETTER_RUN,
                   GET_OUT, ONE_TWO, BETWEEN_US, FRIENDS, AXE, LOCKED_DOOR, QUARANTINE, E_TURN, E_DRAW, E_PANIC,
                   E_BURY, E_DISCARD, E_PLAY, E_DEFEND, E_ELIMINATED, E_TOTAL, E_SHOW, E_OFFER, E_GIVE,
                   E_NO_EXCHANGE, E_SWAP, E_DIRECTION, E_QUARANTINE, E_QUARANTINE_END, E_DOOR, E_DOOR_END,
                   E_INFECT, E_BECOME_THING, E_NO_REVEAL, E_DECLARE, E_END, E_RESHUFFLE, E_KEEP, E_FOUND,
                   E_NO_EFFECT, E_TAKE, E_ROLE, E_TO_PILE, DR_REPLACE, DR_RESOLUTE, DR_FORGETFUL)
from .core import ev_first, ev_at

DRAW_WHY = ("", " (a replacement)", " (Resolute)", " (Forgetful)", "")
SHOW_WHY = ("Analysis", "Suspicious", "Whisky", "Revelations", "Oops!", "Just between us...", "Scary",
            "total infection")


def player_name(p):
    return "P%d" % (p + 1)


def card_name(c):
    return CARD_NAMES[c] if c != NO_CARD else "a card"


def gap_text(g, players):
    return "seats %d and %d" % (g + 1, (g + 1) % players + 1)


def target_text(t, target, players):
    if target == SELF:
        return ""
    if target >= GAP:
        return " on the door between " + gap_text(target - GAP, players) if t == AXE else \
            " between " + gap_text(target - GAP, players)
    if t == AXE:
        return " on %s's Quarantine" % player_name(target)
    return " on " + player_name(target)


def action_text(state, action):
    """The action in words, as the player deciding may read it."""
    kind = action - action % ACT_KIND
    arg = action % ACT_KIND
    if kind == A_DISCARD:
        return "discard " + card_name(arg)
    if kind == A_PLAY:
        t = arg >> 5
        return "play " + CARD_NAMES[t] + target_text(t, arg & 31, state.players)
    if kind == A_OFFER:
        return "offer %s to %s" % (CARD_NAMES[arg], player_name(state.ctx_b))
    if kind == A_ANSWER:
        return "give %s to %s" % (CARD_NAMES[arg], player_name(state.ctx_a))
    if kind == A_DEFEND:
        return "defend with " + CARD_NAMES[arg]
    if kind == A_ACCEPT:
        return "no defence"
    if kind == A_KEEP:
        return "keep " + CARD_NAMES[arg]
    if kind == A_DECLARE:
        return "declare that no Humans remain"
    if kind == A_REVEAL:
        return "reveal the hand" if arg else "keep the hand hidden"
    if kind == A_TARGET:
        c = state.ctx_card
        if c == GET_OUT or c == ONE_TWO:
            return "swap seats with " + player_name(arg)
        if c == BETWEEN_US:
            return "show the hand to " + player_name(arg)
        if c == FRIENDS:
            return "exchange a card with " + player_name(arg)
        return "choose " + player_name(arg)
    if kind == A_FORGET:
        return "discard " + CARD_NAMES[arg] + " (Forgetful)"
    if kind == A_PASS:
        return "pass " + CARD_NAMES[arg]
    if kind == A_BLIND:
        return "swap %s with the pile's top card" % CARD_NAMES[arg]
    return "action %d" % action


def public_action_text(state, action):
    """The action as the other players see it being taken: a card played face up by name, a card
    given, offered, discarded or kept face down as "a card"."""
    kind = action - action % ACT_KIND
    if kind == A_DISCARD:
        return "discard a card"
    if kind == A_OFFER:
        return "offer a card to %s" % player_name(state.ctx_b)
    if kind == A_ANSWER:
        return "give a card to %s" % player_name(state.ctx_a)
    if kind == A_KEEP:
        return "keep one of the cards drawn"
    if kind == A_FORGET:
        return "discard a card (Forgetful)"
    if kind == A_PASS:
        return "pass a card"
    if kind == A_BLIND:
        return "swap a card with the pile's top card"
    return action_text(state, action)


def event_text(code, a, b, c, players, viewer=NOBODY):
    """One event in words (c NO_CARD: a card the reader did not see)."""
    pa = "you" if a == viewer else player_name(a) if a != NOBODY else ""
    pb = "you" if b == viewer else player_name(b) if b < players else ""
    if code == E_TURN:
        return "-- %s's turn --" % player_name(a)
    if code == E_DRAW:
        return "%s drew %s%s" % (pa, card_name(c), DRAW_WHY[b] if b < len(DRAW_WHY) else "")
    if code == E_PANIC:
        return "%s drew the Panic! card %s" % (pa, CARD_NAMES[c])
    if code == E_BURY:
        return "a Panic! card was discarded unseen"
    if code == E_DISCARD:
        return "%s discarded %s" % (pa, card_name(c))
    if code == E_PLAY:
        return "%s played %s%s" % (pa, CARD_NAMES[c], target_text(c, b, players))
    if code == E_DEFEND:
        return "%s played %s against %s" % (pa, CARD_NAMES[c], pb)
    if code == E_ELIMINATED:
        return "%s eliminated %s with the Flamethrower" % (pa, pb)
    if code == E_TOTAL:
        return "%s held only cards they may not give: eliminated (total infection)" % pa
    if code == E_SHOW:
        return "%s showed %s (%s)" % (pa, card_name(c), SHOW_WHY[b] if b < len(SHOW_WHY) else "?")
    if code == E_OFFER:
        return "%s offered %s to %s" % (pa, card_name(c), pb)
    if code == E_GIVE:
        return "%s gave %s to %s" % (pa, card_name(c), pb)
    if code == E_NO_EXCHANGE:
        return "no exchange for %s%s" % (pa, (" with " + pb) if pb else "")
    if code == E_SWAP:
        return "%s and %s swapped seats" % (pa, pb)
    if code == E_DIRECTION:
        return "%s reversed the direction: now %s" % (pa, "anticlockwise" if b else "clockwise")
    if code == E_QUARANTINE:
        return "%s put %s in Quarantine" % (pa, pb)
    if code == E_QUARANTINE_END:
        return "%s's Quarantine is over" % pb
    if code == E_DOOR:
        return "%s put a Locked door between %s" % (pa, gap_text(b, players))
    if code == E_DOOR_END:
        return "the Locked door between %s is gone" % gap_text(b, players)
    if code == E_INFECT:
        return "%s became Infected" % pb
    if code == E_BECOME_THING:
        return "%s drew The Thing: %s The Thing" % (pa, "you are" if a == viewer else "is")
    if code == E_NO_REVEAL:
        return "%s kept the hand hidden" % pa
    if code == E_DECLARE:
        return "%s, The Thing, declares that no Humans remain" % pa
    if code == E_END:
        return "the game is over: " + (RESULT_NAMES[b] if b < len(RESULT_NAMES) else "?")
    if code == E_RESHUFFLE:
        return "the discards were shuffled into a new draw pile (%d cards)" % b
    if code == E_KEEP:
        return "%s kept %s" % (pa, card_name(c))
    if code == E_FOUND:
        return "a Flamethrower was found in The Thing's hand (%s)" % pa
    if code == E_NO_EFFECT:
        return "%s's %s had no effect" % (pa, CARD_NAMES[c])
    if code == E_TAKE:
        return "%s took %s from the pile" % (pa, card_name(c))
    if code == E_ROLE:
        return "%s: %s" % (player_name(a), ROLE_NAMES[b] if b < 3 else "?")
    if code == E_TO_PILE:
        return "%s put %s on the pile" % (pa, card_name(c))
    return "event %d" % code


def player_log(rules, view):
    """A player's log from their view: who they are, then what they saw, in order."""
    from .views import decode
    v = decode(view)
    lines = ["You are %s: %s" % (player_name(v.me), ("Human", "Infected", "The Thing")[v.role])]
    if v.thing != NOBODY and v.thing != v.me:
        lines.append("The Thing is %s" % player_name(v.thing))
    for code, a, b, c in v.events:
        lines.append(event_text(code, a, b, c, v.players, v.me))
    return "\n".join(lines)


def event_lines(state, start, viewer):
    """The events from index `start` on, in words, as `viewer` may read them: a player (what their
    view holds: the public events and their own private ones, a card only if they saw it), NOBODY
    for the public (public events, a card only if everyone saw it), or REFEREE (every event and
    card, with who saw it). For a front end's per-reader logs; allocates."""
    g = state
    out = []
    bit = (1 << viewer) if viewer < g.players else 0
    for i in range(max(start, ev_first(g)), g.nev):     # those still in the ring (core.py)
        e = ev_at(g, i)
        code = g.ev[e]
        mask = (g.ev[e + 4] << 8) | g.ev[e + 5]
        c = g.ev[e + 3]
        if viewer == REFEREE:
            text = event_text(code, g.ev[e + 1], g.ev[e + 2], c, g.players)
            if c != NO_CARD and mask != MASK_ALL:
                text += " [seen by %s]" % mask_text(mask, g.players)
            out.append(text)
            continue
        seen = mask & bit if bit else mask == MASK_ALL
        if code & EV_PRIVATE and not seen:
            continue
        out.append(event_text(code, g.ev[e + 1], g.ev[e + 2], c if seen else NO_CARD, g.players, viewer))
    return out


REFEREE = 254


def mask_text(mask, players):
    if mask == MASK_ALL:
        return "everyone"
    if mask == 0:
        return "nobody"
    return ",".join([player_name(p) for p in range(players) if mask & (1 << p)])


def referee_log(state):
    """The whole game: the setup, each action with its player and every event it caused, all cards
    shown with who saw them. The same on every runtime for the same seed and actions."""
    from .rules import State
    from . import core, setup, turn
    s = state
    o = s.options
    lines = ["# eldritch stayaway referee log v1",
             "seed %d players %d" % (s.seed, s.players),
             "options " + " ".join(["%s=%s" % (k, int(getattr(o, k))) for k in
                                    ("quick_start", "thing_in_pile", "flame_in_pile", "neighbour_only",
                                     "vengeful", "house_quarantine")]) + " infected=%d" % o.infected +
             (" ninth_suspicious=%d" % o.ninth_suspicious if o.ninth_suspicious else "")]
    from ... import prng
    g = State(s.rules, s.seed, s.players, deal=False)
    core.clear(g)
    prng.seed(g.prng, g.seed)
    setup.deal(g)
    for p in range(s.players):
        base = p * 8
        hand = [CARD_NAMES[g.hand[base + i]] for i in range(g.hand_n[p])]
        lines.append("deal %s (%s): %s" % (player_name(p), ROLE_NAMES[g.role[p]], ", ".join(hand)))
    turn.start_turn(g, 0)
    done = _events(g, 0, lines)
    for i in range(s.nlog):
        a = s.log[i]
        who = g.actor
        lines.append("%d. %s: %s" % (i + 1, player_name(who), action_text(g, a)))
        g.apply(a)
        done = _events(g, done, lines)
    lines.append("result: %s; returns %s" % (RESULT_NAMES[s.result] if s.result < len(RESULT_NAMES) else "playing",
                                             " ".join([str(r) for r in s.returns()])))
    return "\n".join(lines) + "\n"


def _events(g, start, lines):
    for i in range(start, g.nev):
        e = ev_at(g, i)                  # at most one action's events since `start`: all still in the ring
        code = g.ev[e]
        mask = (g.ev[e + 4] << 8) | g.ev[e + 5]
        c = g.ev[e + 3]
        text = event_text(code, g.ev[e + 1], g.ev[e + 2], c, g.players)
        if c != NO_CARD and mask != MASK_ALL:
            text += " [seen by %s]" % mask_text(mask, g.players)
        lines.append("   " + text)
    return g.nev
