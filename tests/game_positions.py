"""Helpers for the whole game's rule tests: set up a position (white-box: the test writes the game's
components), then drive it through the state machine's surface and read the question it asks.

    g = game(players=2, invs=("Generic Investigator B", "Generic Investigator D"))
    clear_board(g); put(g, 0, "The Curator"); move(g, 0)
    g.apply(G.A_BEGIN); roll(g, LORE, LORE, LORE, I1, I1, I1)
    asked(g) == G.F_MAIN; options(g, G.A_FAIL)
"""

from array import array

from eldritch.kernel.eldersign.adventure import ACT_ENTER, roll_code
from eldritch.kernel.eldersign.dice import GREEN
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game import machine as G
from eldritch.kernel.eldersign.game.machine import Game
from eldritch.kernel.eldersign.game import effects as E, engine, board, trophies

DATA = GameData()
BUF = array("i", [0] * G.MAX_GAME_ACTIONS)
QUIET_MYTHOS = "Generic Mythos: The Night Deepens"      # its effect waits for midnight


def index(rows, name):
    for i, r in enumerate(rows):
        if r.name == name:
            return i
    raise KeyError(name)


def inv_id(name):
    return index(DATA.investigators, name)


def game(players=1, ao="Yog-Sothoth", invs=None, seed=3, mythos=QUIET_MYTHOS, strict=False, first=0):
    """A game at seat `first`'s move (the first seat's by default: the lot's draw is set aside, so a
    position does not depend on the seed's lot; test_rule_setup_the_first_player_is_drawn_by_lot
    tests the lot): investigators picked (by name) or drawn, a quiet first mythos card (its effect
    waits for midnight) unless another is named."""
    g = Game(DATA, players=players, seed=seed, ancient_one=ao)
    g._strict = strict
    if mythos is not None:
        m = index(DATA.mythos, mythos)
        g._decks.mythos.take(m)
        g._decks.mythos.buf[(g._decks.mythos.head - 1) % g._decks.mythos.cap] = m
        g._decks.mythos.head = (g._decks.mythos.head - 1) % g._decks.mythos.cap
        g._decks.mythos.n += 1
    for s in range(players):
        if invs is not None:
            g.apply(G.A_PICK + inv_id(invs[s]))
        else:
            g.apply(G.A_DRAW)
    if first is not None:
        g._clock.seat = first
    return g


def legal(g):
    n = g.legal_actions(BUF)
    return [BUF[i] for i in range(n)]


def of_kind(g, kind):
    return [a for a in legal(g) if a >= G.G_BASE and a - (a & G.A_ARG_MASK) == kind]


def asked(g):
    """The op of the frame waiting for an action (F_MAIN at the turn's main step)."""
    return g._stack.op[g._stack.n - 1] if g._stack.n else 0


def phase(g):
    assert asked(g) == G.F_MAIN
    return g._stack.a[g._stack.n - 1]


def active(g):
    return g._seats.inv[g._clock.seat]


def clear_hand(g, inv):
    for i in range(G.MAX_HAND):
        c = g._inv.card(inv, i)
        if c != G.NONE:
            g._inv.drop_card(inv, i)
            g._decks.items[DATA.cards[c].deck_index].bottom(c)


def card_id(name):
    for i, c in enumerate(DATA.cards):
        if c.name == name:
            return i
    raise KeyError(name)


def give(g, inv, name):
    """A card of that kind into inv's hand (taken from its deck); returns the hand index."""
    kind = DATA.cards[card_id(name)]
    for c in range(len(DATA.cards)):
        if DATA.cards[c] is kind and g._decks.items[kind.deck_index].take(c):
            i = g._inv.free_hand_slot(inv)
            g._inv.put_card(inv, i, c)
            return i
    raise KeyError("no %s left in its deck" % name)


def adventure_id(name):
    return index(DATA.adventures, name)


def trophy_card(g, value=2):
    """An adventure worth `value` taken off the bottom of the adventure deck (not on the board)."""
    deck = g._decks.adventures
    for k in range(deck.n - 1, -1, -1):
        c = deck.at(k)
        if DATA.adventures[c].trophy == value:
            deck.take(c)
            return c
    raise KeyError(value)


def clear_board(g):
    """Every slot empty (cards back under their decks, monsters to the cup, locks freed)."""
    for s in range(g._slots.n):
        if g._slots.on[s]:
            c = g._slots.card[s]
            board.leave(g, s)
            (g._decks.other_worlds if DATA.adventures[c].other_world else g._decks.adventures).bottom(c)


def put(g, slot, name):
    """Adventure `name` into slot (taken from its deck), its lock icon locking."""
    c = adventure_id(name)
    (g._decks.other_worlds if DATA.adventures[c].other_world else g._decks.adventures).take(c)
    board.put_card(g, slot, c, G.NONE)
    engine.drive(g)


def monster_id(name):
    return index(DATA.monsters, name)


def place(g, slot, name, at):
    """Monster `name` (from the cup) on slot at outline `at` (or slots.EXTRA + n)."""
    m = [i for i in range(len(DATA.monsters)) if DATA.monsters[i].name == name and g._decks.cup.count(i)][0]
    g._decks.cup.take(m)
    k = g._slots.free_place(slot)
    g._slots.place(slot, k, m, at)
    board.rebuild(g, slot)
    return k


def move(g, slot):
    """The active investigator moves to slot (None: the entrance)."""
    g.apply(G.A_MOVE + (0 if slot is None else slot + 1))


def roll(g, *faces, y=None, r=None):
    """Enter a physical roll: green faces, and the yellow/red die's face."""
    counts = bytearray(24)
    for f in faces:
        counts[GREEN * 8 + f] += 1
    if y is not None:
        counts[8 + y] = 1
    if r is not None:
        counts[16 + r] = 1
    g.apply(ACT_ENTER + roll_code(counts))


def end_turn(g):
    """At the end of the turn's main step (items and abilities still usable): go on to the clock."""
    if asked(g) == G.F_MAIN and g._stack.a[g._stack.n - 1] == G.P_END:
        g.apply(G.A_END)


def answer_choices(g):
    """Every alternative asked (an attack's each(choose(...))) answered with the first option."""
    while asked(g) == G.F_CHOOSE:
        g.apply(legal(g)[0])


def fail_roll(g, colour=GREEN, keep=None):
    """Fail the roll on the table: set a die of colour aside (when asked), keep nothing or focus the
    die `keep` (when asked)."""
    g.apply(G.A_FAIL)
    if asked(g) == G.F_ASIDE:
        g.apply(G.A_ASIDE + colour)
    if asked(g) == G.F_KEEP:
        g.apply(G.A_KEEP + (0 if keep is None else 1 + keep))


def run(g, text, inv):
    """An effect list runs for inv (as a card would), then the game goes on."""
    code = E.compile_effects(text, "test", DATA.notes)
    g._begin_events()
    g._stack.push(G.F_RUN, 0, len(code), inv, 1, code)
    engine.drive(g)


def events(g):
    return [g._ev[4 * k] for k in range(g._nev // 4)]


def event_rows(g, code):
    return [tuple(g._ev[4 * k + 1:4 * k + 4]) for k in range(g._nev // 4) if g._ev[4 * k] == code]


def total_trophies(g, inv):
    return trophies.trophy_total(g, inv)
