"""Stay Away!'s typed view: over seeded games of every option, every player's view
decodes (`eldritch.stayaway.read_view`), says what the state holds for that player (compared with
the state's own fields), and is the same in every true state that agrees with what that player saw
(test_stayaway_leaks' resampling: other hands, the pile, unseen log cards and unknown roles redrawn)."""

import pytest
import random

from eldritch import stayaway
from eldritch.kernel.stayaway.game import defs as D

from test_stayaway_leaks import playouts, resample


def facts(s, p, v):
    assert v.me == p and v.players == s.players
    assert v.role == D.ROLE_NAMES[s.role[p]] and v.phase == D.PHASE_NAMES[s.phase]
    assert (v.turn, v.pile, v.discards, v.active) == (s.turn, s.pile_n, s.disc_n, s.active)
    assert v.over == (s.result != D.R_PLAYING)
    assert v.decision.deciding == (None if v.over else s.actor)
    hand = sorted(s.hand[p * D.HAND_MAX + i] for i in range(s.hand_n[p]))
    assert [c.type for c in v.hand] == hand and all(c.name == D.CARD_NAMES[c.type] for c in v.hand)
    for q in range(s.players):
        x = v.player(q)
        assert (x.alive, x.hand_count, x.quarantine, x.seat) == (bool(s.alive[q]), s.hand_n[q], s.quar[q], s.seat_of[q])
        knows = v.over or q == p or s.role[p] == D.THE_THING or q == v.thing
        assert x.role == (D.ROLE_NAMES[s.role[q]] if knows else None)
    if s.role[p] in (D.THE_THING, D.INFECTED_ROLE) or v.over:
        assert v.thing == s.thing
    else:
        assert v.thing is None
    assert v.seats == tuple(None if x == D.NOBODY else x for x in s.seat_player[:s.players])
    # the log in words is the player's own log (the state's player_log, after its two header lines)
    lines = s.player_log(p).split("\n")
    assert [e.text for e in v.log] == lines[len(lines) - len(v.log):]


@pytest.mark.slow
def test_typed_view_says_what_the_state_holds_and_nothing_hidden():
    rng = random.Random(23)
    checked = differed = 0
    for rules, s in playouts(24, seed0=500):
        for p in range(s.players):
            v = stayaway.read_view(s, p)
            facts(s, p, v)
            t = resample(s, p, rng)
            assert stayaway.read_view(t, p) == v, "player %d's typed view depends on something hidden" % p
            differed += t.serialize() != s.serialize()
            checked += 1
    assert checked >= 400 and differed >= checked * 9 // 10, (checked, differed)
