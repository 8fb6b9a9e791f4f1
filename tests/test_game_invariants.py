"""An invariant checker for the whole game: seeded bot games across 1-8 players and every
Ancient One, half of them in strict mode (every question waits for an action, even one with a
single answer), checking after every step:

  - deck and cup counts are conserved: every adventure, monster, item, mythos card and investigator
    is in exactly one place (its deck, a slot, a hand, a spell, a trophy pile, in effect...);
  - no die is both locked and rolled: per colour, the dice locked, on spells and in the attempt in
    progress never exceed the dice there are, and a locked yellow or red die is not in the pool;
    never more yellow or red dice in play than the game has (one of each);
  - the doom track holds 0 to its length;
  - nothing resolves after the last doom token at midnight (no new mythos card once the track is
    full, and the Ancient One attacks at once);
  - every midnight reveals a mythos card (the game's first round's included), or in the final battle
    is the Ancient One's attack;
  - every player decision is taken through an action: a step shows at most one decision that the
    applied action did not force, and it is the one that action answers (strict mode: none forced).

The checker runs GAMES games of the built-in bot (about 25 s on one core: the games themselves are
most of it) and RANDOM_GAMES of the random bot (every legal action equally likely); it fails with
the seed, the step and what broke.
"""

import pytest
from array import array
from collections import Counter

from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.machine import Game
from eldritch.kernel.eldersign.game import machine as G, bot, effects as E
from eldritch.kernel.eldersign.dice import GREEN, YELLOW, RED, NFACES
from eldritch.kernel.eldersign.game.bots.randombot import RandomBot
from eldritch.kernel.eldersign.game.bots.observe import acting_seat

DATA = GameData()
AOS = [a.name for a in DATA.ancient_ones]
GAMES = int(__import__("os").environ.get("INVARIANT_GAMES", "520"))
BUF = array("i", [0] * G.MAX_GAME_ACTIONS)

# the decision outcome events, and the action kind that answers each
DECISIONS = {G.EV_CHOSE: G.A_CHOOSE, G.EV_PLACED: G.A_PLACE, G.EV_SPENT: G.A_SPEND, G.EV_LOSES: G.A_LOSE,
             G.EV_ASIDE: G.A_ASIDE, G.EV_USED_HELD: G.A_HELD, G.EV_LOCKED_DIE: G.A_LOCKDIE,
             G.EV_TARGET: G.A_TARGET, G.EV_DISCARD: G.A_DISCARD, G.EV_WHO: G.A_WHO}


def kind(action):
    return action - (action & G.A_ARG_MASK) if action >= G.G_BASE else -1


def _deck(deck):
    """A deck's cards, top first (its circular buffer unrolled)."""
    end = deck.head + deck.n
    if end <= deck.cap:
        return list(deck.buf[deck.head:end])
    return list(deck.buf[deck.head:]) + list(deck.buf[:end - deck.cap])


def places(g):
    """Every card and token where it is: lists of adventure, monster, item and mythos ids over every
    place they can be (a deck, a slot, a hand, a spell, a trophy pile, in effect, being placed)."""
    d = g._decks
    adv = _deck(d.adventures) + _deck(d.other_worlds)
    mon = _deck(d.cup)
    items = []
    for deck in d.items:
        items += _deck(deck)
    sl = g._slots
    adv += [sl.card[s] for s in range(sl.n) if sl.on[s]]
    mon += list(bytes(sl.mon).replace(bytes((G.NONE,)), b""))
    troph = g._inv.troph
    for inv in range(g._ninv):
        base = inv * G.MAX_TROPHIES
        for code in troph[base:base + g._inv.ntroph[inv]]:
            if code >> 12 == G.TR_ADVENTURE:
                adv.append(code & 0xFFF)
            elif code >> 12 == G.TR_MONSTER:
                mon.append(code & 0xFFF)
    items += list(bytes(g._inv.hand).replace(bytes((G.NONE,)), b""))
    st = g._stack
    mon += [st.a[i] for i in range(st.n) if st.op[i] == G.F_PLACE]    # drawn, its place being asked
    items += sorted(set(g._spells.card[k] for k in range(g._spells.n)))
    myth = _deck(d.mythos) + ([g._mythos] if g._mythos >= 0 else []) + list(g._lasting[:g._nlasting])
    return adv, mon, items, myth


def _same(what, found, n, ids=None):
    found = sorted(found)
    ids = list(range(n)) if ids is None else ids
    if found != ids:
        c = Counter(found)
        raise AssertionError("%s: twice %s, missing %s" % (
            what, [k for k in c if c[k] > 1], [k for k in ids if k not in c]))


def check_conserved(g):
    adv, mon, items, myth = places(g)
    _same("adventures", adv, len(DATA.adventures))
    # the masks are in the game only when the Ancient One uses them
    _same("monsters", mon, 0, [m for m in range(len(DATA.monsters)) if g._ao.masks or not DATA.monsters[m].mask])
    _same("items", items, len(DATA.cards))
    _same("mythos cards", myth, len(DATA.mythos))
    pool = _deck(g._decks.investigators)
    used = [i for i in range(g._ninv) if g._inv.used[i]]
    _same("investigators", pool + used, g._ninv)
    for s in range(g.players):
        inv = g._seats.inv[s]
        assert inv == G.NONE or (g._inv.used[inv] and g._inv.seat_of[inv] == s)


def _taking(g, colour):
    """Lock icons of colour in play whose die is still being chosen (F_LOCKDIE waits)."""
    st = g._stack
    return sum(1 for i in range(st.n) if st.op[i] == G.F_LOCKDIE and st.a[i] == colour)


def check_single_dice(g):
    """Never more yellow or red dice in play than the game has (one of each): the die is on an icon,
    on a spell, in the attempt's pool (rolled or not) or kept by focus or assistance, in one place
    at most."""
    from eldritch.kernel.eldersign.game import pool
    a = pool.attempt_adv(g)
    live = a is not None and not a.is_terminal()
    for colour in (YELLOW, RED):
        places = (1 if g._locks.count(colour) - _taking(g, colour) > 0 else 0) + g._spells.count(colour)
        if live:
            places += a.pool_dice(colour) + sum(g._att.focus[colour * NFACES:(colour + 1) * NFACES])
        assert places <= pool.total(g, colour) <= 1, "%d %s dice in play" % (places, ("yellow", "red")[colour - 1])


def check_dice(g):
    """Locked, spell-held and in-attempt dice per colour never exceed the dice there are (a lock icon
    whose die is still being chosen does not hold one yet)."""
    from eldritch.kernel.eldersign.game import pool
    check_single_dice(g)
    a = pool.attempt_adv(g)
    inv = g._seats.inv[g._clock.seat]
    if inv != G.NONE and a is not None and g._data.investigators[inv].ability.modifiers[E.M_ROLL_LOCKED]:
        return          # roll_locked: the locked dice are rolled too (they stay on their icons)
    for colour in (GREEN, YELLOW, RED):
        total = pool.total(g, colour)
        locked = g._locks.count(colour) - _taking(g, colour)
        if colour != GREEN and locked:
            locked = 1
        used = locked + g._spells.count(colour) + pool.in_attempt(g, colour)
        assert used <= total, "colour %d: %d locked, %d on spells, %d in the attempt, of %d" % (
            colour, locked, g._spells.count(colour), pool.in_attempt(g, colour), total)
        if a is not None and not a.is_terminal() and colour != GREEN and locked:
            assert a.pool_dice(colour) == 0, "the locked %d die is in the pool" % colour
            assert sum(a.roll_counts[colour * NFACES:(colour + 1) * NFACES]) == 0


def check_events(g, action, strict):
    """The step's events: midnight stops at a full track; decisions come from the action."""
    ev = [tuple(g._ev[4 * i:4 * i + 4]) for i in range(g._nev // 4)]
    midnight = False
    full = False
    for code, a, b, c in ev:
        if code == G.EV_MIDNIGHT:
            midnight = True
        if code == G.EV_TURN:
            midnight = False
            full = False
        if code == G.EV_DOOM and midnight and a == g._ao.doom and not full:
            full = True
        if full and code == G.EV_MYTHOS:
            raise AssertionError("a mythos card after the last doom token at midnight")
        if full and code == G.EV_AWAKEN:
            # the attack follows at once (before any turn)
            rest = [e[0] for e in ev[ev.index((code, a, b, c)):]]
            if g._result < 0 or g._ended_by != 1:
                assert G.EV_ATTACK in rest and (G.EV_TURN not in rest or
                                                rest.index(G.EV_ATTACK) < rest.index(G.EV_TURN))
    unforced = [(code, c) for code, a, b, c in ev if code in DECISIONS and not c]
    forced = [code for code, a, b, c in ev if code in DECISIONS and c]
    assert len(unforced) <= 1, "two decisions in one step: %s" % unforced
    if unforced:
        assert DECISIONS[unforced[0][0]] == kind(action), "decision %d without its action (%d)" % (
            unforced[0][0], action)
    if strict:
        # every question waits in strict mode: only a die with a single place it can come from (for
        # a lock, or for a task using a held die) shows as forced, and that is not a question
        assert all(code in (G.EV_LOCKED_DIE, G.EV_USED_HELD) for code in forced), forced


class MidnightWatch:
    """Across steps: a midnight is followed by a mythos card (or, in the final battle or when the
    Ancient One wakes at it, by the attack) before the next turn begins. Counts the midnights, and
    those in the game's first round (by the turn of the last EV_TURN before the midnight: the step
    that strikes midnight may go on into the next turn, past the first round)."""

    def __init__(self):
        self.pending = False
        self.midnights = 0
        self.first_round = 0
        self.turn = 0

    def step(self, g):
        for i in range(0, g._nev, 4):
            code = g._ev[i]
            if code == G.EV_MIDNIGHT:
                assert not self.pending, "a midnight without a mythos card (or attack) before the next"
                self.pending = True
                self.midnights += 1
                if self.turn < g.players:
                    self.first_round += 1
            elif code == G.EV_MYTHOS or code == G.EV_ATTACK:
                self.pending = False
            elif code == G.EV_TURN:
                assert not self.pending, "a midnight without a mythos card (or attack)"
                self.turn = g._ev[i + 3]
        if g.is_terminal():
            self.pending = False


class BuiltinBot:
    """The built-in bot (game/bot.py) as a bot object."""

    def choose(self, g, buf, n):
        return bot.choose(g, buf, n)


def play(seed, players, ao, strict, checks=True, bots=None):
    """One game checked after every step; bots: one bot per seat (default the built-in bot)."""
    g = Game(DATA, players=players, seed=seed, ancient_one=ao)
    g._strict = strict
    bots = bots or [BuiltinBot()] * players
    if checks:
        check_conserved(g)
    watch = MidnightWatch()
    steps = 0
    while not g.is_terminal():
        n = g.legal_actions(BUF)
        assert n > 0
        a = bots[acting_seat(g)].choose(g, BUF, n)
        g.apply(a)
        steps += 1
        try:
            if checks:
                check_conserved(g)
                check_dice(g)
                assert 0 <= g._doom <= g._ao.doom, "doom %d" % g._doom
                check_events(g, a, strict)
            watch.step(g)
        except AssertionError as exc:
            raise AssertionError("seed %d, %d players, %s%s, step %d: %s" % (
                seed, players, ao, " (strict)" if strict else "", steps, exc))
        assert steps < 20000
    return g, steps, watch


@pytest.mark.slow
def test_invariants_hold_over_seeded_bot_games():
    total = 0
    wins = 0
    for k in range(GAMES):
        players = 1 + k % 8
        ao = AOS[(k // 8) % len(AOS)]
        g, steps, _ = play(k, players, ao, k % 2 == 1)
        total += steps
        wins += g.returns()[0]
    assert total > 100 * GAMES and 0 < wins < GAMES


RANDOM_GAMES = int(__import__("os").environ.get("RANDOM_INVARIANT_GAMES", "400"))


@pytest.mark.slow
def test_invariants_hold_over_random_bot_games():
    """The same checks over games of the random bot (every legal action equally likely, giving up,
    spell dice taken off into the pool and items used between rolls included), seeded as above with
    RandomBot(seed * 9 + seat). Among them the rule "never more yellow or red dice in play than the
    game has" (check_single_dice): the rulebook has one yellow and one red die ("sárga dobókocka",
    "vörös dobókocka", p.2); before items checked the attempt's own dice, a yellow die taken off a
    spell into the pool let a Common Item add "the yellow die" again (seed 325 here, step 149)."""
    total = 0
    for k in range(RANDOM_GAMES):
        players = 1 + k % 8
        g, steps, _ = play(k, players, AOS[(k // 8) % len(AOS)], k % 2 == 1,
                           bots=[RandomBot(k * 9 + s) for s in range(players)])
        total += steps
    assert total > 50 * RANDOM_GAMES


MIDNIGHT_GAMES = int(__import__("os").environ.get("MIDNIGHT_GAMES", "500"))


@pytest.mark.slow
def test_every_midnight_reveals_a_mythos_card_in_500_games_at_4_to_8_players():
    """No midnight without a mythos card (the attack in the final battle) in
    500 seeded games at 4-8 players, where the first round's midnight falls inside the first round
    (the old kernel skipped that whole midnight). Only the midnight watch runs here (the full
    invariants are the test above), seeds 10000 on."""
    first = 0
    midnights = 0
    for k in range(MIDNIGHT_GAMES):
        players = 4 + k % 5
        _, _, watch = play(10000 + k, players, AOS[(k // 5) % len(AOS)], False, checks=False)
        first += watch.first_round
        midnights += watch.midnights
    assert first >= MIDNIGHT_GAMES * 9 // 10 and midnights > 2 * MIDNIGHT_GAMES
