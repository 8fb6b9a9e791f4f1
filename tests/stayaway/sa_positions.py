"""Set-up positions for the focused Stay Away! tests: a real game's state with its hands, roles,
pile, discards, obstacles and direction replaced, so a test starts exactly where the rule applies.

    s = position(5, hands={0: [FLAMETHROWER, AXE, ...]}, roles={3: THE_THING}, pile=[WHISKY])
    s.apply(play(FLAMETHROWER, 1))

`pile` lists the draw pile top first. By default the active player's turn starts (the top card is
drawn); `draw=False` leaves the hands as given in the play step. Unnamed hands are four fillers.
"""

from array import array

from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core, turn

FILLER = D.WATCH_BACK


def position(players=5, hands=None, roles=None, pile=(), discards=(), active=0, direction=0, quarantine=None,
             doors=(), options=None, draw=True, filler=FILLER):
    rules = Rules(options)
    s = rules.new_game(0, players)
    s.nev = 0
    s.nlog = 0
    hands = hands or {}
    roles = roles or {}
    for p in range(D.MAX_PLAYERS):
        s.hand_n[p] = 0
        s.role[p] = D.HUMAN
        s.quar[p] = 0
        s.door[p] = 0
        s.passes[p] = D.NO_CARD
    s.thing = D.NOBODY
    for p in range(players):
        for c in hands.get(p, [filler] * 4):
            core.hand_add(s, p, c)
        r = roles.get(p, D.HUMAN)
        s.role[p] = r
        if r == D.THE_THING:
            s.thing = p
    s.pile_n = 0
    for c in reversed(list(pile)):
        s.pile[s.pile_n] = c
        s.pile_n += 1
    s.disc_n = 0
    for c in discards:
        core.discard(s, c, False)
    for p, turns in (quarantine or {}).items():
        s.quar[p] = turns
    for g in doors:
        s.door[g] = 1
    s.direction = direction
    s.turn = 0
    s.res_n = 0
    s.offer_card = D.NO_CARD
    s.result = D.R_PLAYING
    s.ever_eliminated_human = 0
    s.last_infected = D.NOBODY
    s.thing_known = 0
    s.flame_old = 0
    counts = bytearray(D.NTYPES)
    for p in range(players):
        for i in range(s.hand_n[p]):
            counts[s.hand[p * D.HAND_MAX + i]] += 1
    for i in range(s.pile_n):
        counts[s.pile[i]] += 1
    for i in range(s.disc_n):
        counts[s.disc[i]] += 1
    for p in range(players):
        counts[D.QUARANTINE] += 1 if s.quar[p] else 0
        counts[D.LOCKED_DOOR] += 1 if s.door[p] else 0
    s.counts = counts
    s.version += 1
    if draw:
        turn.start_turn(s, active)
    else:
        s.active = active
        s.partner = D.NOBODY
        turn.begin_play(s)
    return s


def legal(s):
    buf = array("i", [0] * D.MAX_ACTIONS)
    n = s.legal_actions(buf)
    return [buf[i] for i in range(n)]


def hand(s, p):
    return sorted(s.hand[p * D.HAND_MAX + i] for i in range(s.hand_n[p]))


def play(card, target=D.SELF):
    return D.A_PLAY + card * 32 + target


def door(gap):
    return D.GAP + gap


def discard(card):
    return D.A_DISCARD + card


def offer(card):
    return D.A_OFFER + card


def answer(card):
    return D.A_ANSWER + card


def defend(card):
    return D.A_DEFEND + card


def events(s, code=None):
    """The referee log as (code, a, b, card, mask) tuples (optionally one code): the ring's events."""
    out = []
    for i in range(core.ev_first(s), s.nev):
        e = s.ev[core.ev_at(s, i):core.ev_at(s, i) + D.EVENT_BYTES]
        if code is None or e[0] == code:
            out.append((e[0], e[1], e[2], e[3], (e[4] << 8) | e[5]))
    return out


def view(s, p):
    from eldritch.kernel.stayaway.game.views import View
    return View(s.view(p))


def finish_turn_quietly(s):
    """Offer the first legal card and answer with the first legal card (ends a plain turn)."""
    s.apply(next(a for a in legal(s) if a // D.ACT_KIND == D.A_OFFER // D.ACT_KIND))
    s.apply(next(a for a in legal(s) if a // D.ACT_KIND == D.A_ANSWER // D.ACT_KIND))
