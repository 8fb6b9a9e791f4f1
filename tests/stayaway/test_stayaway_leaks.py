"""The leak test: a player's view, their log and the saves reveal no more than the rules
let that player know.

1. Resampling. At thousands of states of seeded games (4 to 12 players, every option), for each player
   a second true state is made that agrees with everything that player saw and differs in what they
   did not: the other hands, the pile, the face-down discards and the cards in transit are dealt again
   from the same cards, the roles they do not know are drawn again (The Thing card moving with the
   role), the PRNG is new, and every card of the referee log they did not see is replaced. The view
   and the player's log must be byte for byte the same. What the player "saw" is decided here, by the
   rules (their own hand and role, the public table, the log's cards shown to them), not by the view.
2. The log's visibility. Every event of the referee log is checked against an oracle written here
   from the rulebook (who sees a drawn, discarded, offered, exchanged or shown card; which events exist
   only for some players), and each player's view log is the oracle's filtering of the referee log.
3. Saves. A sealed save opens only with its passphrase, refuses a changed byte, and its bytes carry
   nothing of the game in clear.
"""

import random
from array import array

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import defs as D
from eldritch.kernel.stayaway.game import core
from eldritch.kernel.stayaway.game.rules import Rules
from eldritch.kernel.stayaway.game.views import View
from eldritch.kernel.stayaway.game import crypt

OPTIONS = [None, {"house_quarantine": True}, {"vengeful": True, "infected": 14}, {"thing_in_pile": True},
           {"quick_start": True}, {"neighbour_only": True, "flame_in_pile": True}]


def playouts(games, seed0=0, first_option=0):
    """(rules, state) at many steps of seeded games where The Thing seldom declares (long games)."""
    buf = array("i", [0] * D.MAX_ACTIONS)
    for g in range(games):
        opts = OPTIONS[(first_option + g) % len(OPTIONS)]
        rules = Rules(opts)
        players = 4 + (g * 5) % 9
        s = rules.new_game(seed0 + g, players)
        rng = random.Random(seed0 * 1000 + g)
        steps = 0
        while not s.is_terminal() and steps < 260:
            n = s.legal_actions(buf)
            acts = [buf[i] for i in range(n) if buf[i] != D.A_DECLARE] or [D.A_DECLARE]
            s.apply(rng.choice(acts))
            steps += 1
            if steps % 13 == 0:
                yield rules, s
        yield rules, s


# ----- 1. resampling -----------------------------------------------------------------------------------

def hidden_slots(s, p):
    """(buffer, index) of every card p has not seen where it lies now."""
    slots = []
    for q in range(s.players):
        if q != p:
            for i in range(s.hand_n[q]):
                slots.append((s.hand, q * D.HAND_MAX + i))
    for i in range(s.pile_n):
        slots.append((s.pile, i))
    for i in range(s.disc_n):
        if not s.disc_pub[i]:
            slots.append((s.disc, i))
    if s.phase == D.PH_ANSWER and s.offer_card != D.NO_CARD and p != s.ctx_a \
            and not s.quar[s.ctx_a] and not s.quar[s.ctx_b]:
        slots.append(("offer", 0))
    if s.phase == D.PH_RESOLUTE and p != s.active and not s.quar[s.active]:
        for i in range(s.res_n):
            slots.append((s.res, i))
    for q in range(s.players):
        if q != p and s.passes[q] != D.NO_CARD:
            slots.append((s.passes, q))
    return slots


def get(s, slot):
    buf, i = slot
    return s.offer_card if buf == "offer" else buf[i]


def put(s, slot, c):
    buf, i = slot
    if buf == "offer":
        s.offer_card = c
    else:
        buf[i] = c


def resample(s, p, rng):
    """Another true state that agrees with everything p saw (see the module docstring)."""
    t = s.clone()
    slots = hidden_slots(t, p)
    cards = [get(t, x) for x in slots]
    rng.shuffle(cards)
    for x, c in zip(slots, cards):
        put(t, x, c)
    n = t.players
    role = t.role[p]
    thing_alive = t.thing != D.NOBODY and t.alive[t.thing]
    if role == D.HUMAN and thing_alive and t.result == D.R_PLAYING:
        # The Thing may be anyone else alive: move the role and its card together
        others = [q for q in range(n) if q != p and t.alive[q]]
        new = rng.choice(others)
        old = t.thing
        for q in others:
            t.role[q] = rng.choice((D.HUMAN, D.INFECTED_ROLE))
        t.role[old] = rng.choice((D.HUMAN, D.INFECTED_ROLE))
        t.role[new] = D.THE_THING
        t.thing = new
        _move_thing_card(t, old, new, p)
    elif role == D.INFECTED_ROLE and t.result == D.R_PLAYING:
        for q in range(n):
            if q != p and q != t.thing and t.alive[q]:
                t.role[q] = rng.choice((D.HUMAN, D.INFECTED_ROLE))
    # the referee log: every card p did not see, and events that exist only for others
    ev = t.ev
    bit = 1 << p
    for i in range(core.ev_first(t), t.nev):
        e = core.ev_at(t, i)
        mask = (ev[e + 4] << 8) | ev[e + 5]
        if not mask & bit:
            if ev[e] & D.EV_PRIVATE:
                ev[e + 1] = rng.randrange(n)
                ev[e + 2] = rng.randrange(n)
            if ev[e + 3] != D.NO_CARD:
                ev[e + 3] = rng.randrange(D.NTYPES)
    t.prng[0] = rng.randrange(1, 1 << 29)
    t.prng[1] = rng.randrange(1, 1 << 29)
    t.last_infected = rng.choice((D.NOBODY, rng.randrange(n)))
    t.ever_eliminated_human = rng.randrange(2)
    t.version += 1
    return t


def _move_thing_card(t, old, new, p):
    """The Thing card goes from the old Thing's hand to the new one's (swapped with one of its cards)."""
    if old == new:
        return
    hb = D.HAND_MAX
    try:
        i = next(i for i in range(t.hand_n[old]) if t.hand[old * hb + i] == D.THING)
        j = next(j for j in range(t.hand_n[new]) if t.hand[new * hb + j] != D.THING)
    except StopIteration:
        return
    t.hand[old * hb + i], t.hand[new * hb + j] = t.hand[new * hb + j], t.hand[old * hb + i]


@pytest.mark.slow
def test_views_and_logs_identical_across_resampled_true_states():
    rng = random.Random(15)
    checked = 0
    differed = 0
    for rules, s in playouts(120):
        for p in range(s.players):
            t = resample(s, p, rng)
            assert t.view(p) == s.view(p), "player %d's view depends on something hidden from them" % p
            assert t.player_log(p) == s.player_log(p)
            checked += 1
            differed += t.serialize() != s.serialize()
    assert checked >= 3000 and differed >= checked * 9 // 10, (checked, differed)


def test_resampling_finds_a_planted_leak():
    """The test can fail: a view that showed one more card (the pile's top) differs after resampling."""
    from eldritch.kernel.stayaway.game import views
    rng = random.Random(3)
    original = views.write_head

    def leaky(state, p, buf):
        original(state, p, buf)
        buf[views.V_DISC] = state.pile[state.pile_n - 1] if state.pile_n else 0

    views.write_head = leaky
    try:
        caught = 0
        for rules, s in playouts(6, seed0=99):
            for p in range(s.players):
                t = resample(s, p, rng)
                s.version += 1
                caught += t.view(p) != s.view(p)
        assert caught > 0
    finally:
        views.write_head = original


# ----- 2. who sees each event's card ---------------------------------------------------------------------

PUBLIC = {D.E_TURN, D.E_PANIC, D.E_PLAY, D.E_DEFEND, D.E_ELIMINATED, D.E_TOTAL, D.E_NO_EXCHANGE, D.E_SWAP,
          D.E_DIRECTION, D.E_QUARANTINE, D.E_QUARANTINE_END, D.E_DOOR, D.E_DOOR_END, D.E_NO_REVEAL, D.E_DECLARE,
          D.E_END, D.E_RESHUFFLE, D.E_FOUND, D.E_NO_EFFECT, D.E_ROLE}
ALL = D.MASK_ALL


def oracle_masks(rules, s):
    """The mask every event of s's referee log must carry, from the rules alone, replaying the game."""
    g = rules.new_game(s.seed, s.players)
    out = []
    quar = [0] * s.players
    thing = g.thing
    last_play = None

    def who(p):
        return ALL if quar[p] else (1 << p)

    def feed(start):
        nonlocal thing, last_play
        for i in range(start, g.nev):
            e = g.ev[core.ev_at(g, i):core.ev_at(g, i) + D.EVENT_BYTES]
            code, a, b, c = e[0], e[1], e[2], e[3]
            if code in PUBLIC:
                m = ALL
            elif code == D.E_BURY:
                m = 0
            elif code in (D.E_DRAW, D.E_DISCARD, D.E_TO_PILE, D.E_TAKE, D.E_KEEP):
                m = who(a)
            elif code == D.E_OFFER:
                m = ALL if quar[a] or quar[b] else (1 << a)
            elif code == D.E_GIVE:
                m = ALL if quar[a] or quar[b] else (1 << a) | (1 << b)
            elif code == D.E_SHOW:
                # the owner sees which of their cards is shown; the card goes to the one looking
                if b in (D.SH_ANALYSIS, D.SH_SUSPICIOUS):
                    m = (1 << last_play[0]) | (1 << a)
                elif b == D.SH_BETWEEN:
                    m = (1 << last_play[1]) | (1 << a)
                elif b == D.SH_SCARY:
                    m = (1 << last_play[0]) | (1 << a)
                else:
                    m = ALL
            elif code == D.E_INFECT:
                m = (1 << b) | (1 << thing)
            elif code == D.E_BECOME_THING:
                thing = a
                m = 1 << a
            else:
                raise AssertionError("an event the oracle does not know: %d" % code)
            out.append(m)
            if code == D.E_PLAY:
                last_play = (a, b)
            elif code == D.E_DEFEND:
                last_play = (a, b)
            elif code == D.E_QUARANTINE:
                quar[b] = 1
            elif code == D.E_QUARANTINE_END:
                quar[b] = 0
        return g.nev

    done = feed(0)
    for a in s.actions():
        if g.phase == D.PH_TARGET:
            last_play = (g.active, a % D.ACT_KIND)           # Just between us...: the chosen player
        g.apply(a)
        done = feed(done)
    return out


def test_every_event_is_seen_by_exactly_whom_the_rules_say():
    games = 0
    for g in range(60):
        for rules, s in playouts(1, seed0=500 + g, first_option=g):
            pass
        want = oracle_masks(rules, s)
        assert len(want) == s.nev
        kept = range(core.ev_first(s), s.nev)           # the ring's events (all of them in these games)
        got = [(s.ev[core.ev_at(s, i) + 4] << 8) | s.ev[core.ev_at(s, i) + 5] for i in kept]
        assert got == want[core.ev_first(s):]
        # each player's log is the referee log filtered by the oracle's masks
        for p in range(s.players):
            mine = []
            for i in kept:
                e = s.ev[core.ev_at(s, i):core.ev_at(s, i) + D.EVENT_BYTES]
                seen = want[i] & (1 << p)
                if e[0] & D.EV_PRIVATE and not seen:
                    continue
                mine.append((e[0], e[1], e[2], e[3] if seen else D.NO_CARD))
            assert View(s.view(p)).events == mine
        games += 1
    assert games == 60


def test_the_referee_log_only_at_the_end_or_on_request():
    s = Rules().new_game(4, 5)
    with pytest.raises(KernelError):
        s.referee_log()
    assert "deal P1" in s.referee_log(request=True)


# ----- 3. saves ------------------------------------------------------------------------------------------

def test_sealed_saves_reveal_nothing_and_refuse_tampering():
    for rules, s in playouts(3, seed0=40):
        pass
    blob = s.serialize()
    box = crypt.seal(blob, "correct horse", iterations=50)
    assert crypt.unseal(box, "correct horse") == blob
    assert rules.deserialize(crypt.unseal(box, "correct horse")).serialize() == blob
    with pytest.raises(KernelError):
        crypt.unseal(box, "correct horsE")
    for i in (0, 10, 40, len(box) // 2, len(box) - 1):
        bad = bytearray(box)
        bad[i] ^= 1
        with pytest.raises(KernelError):
            crypt.unseal(bytes(bad), "correct horse")
    # nothing in clear: no 8-byte run of the save appears in the sealed bytes
    body = box[crypt.HEAD:-crypt.TAG]
    runs = {blob[i:i + 8] for i in range(0, len(blob) - 8)}
    assert not any(body[i:i + 8] in runs for i in range(0, len(body) - 8))
    # a fresh nonce each time: the same save seals differently
    assert crypt.seal(blob, "correct horse", iterations=50) != box
    # the ciphertext's bytes look uniform (no byte value more than 3x its share)
    counts = [0] * 256
    for b in body:
        counts[b] += 1
    assert max(counts) < 3 * len(body) / 256 + 20
