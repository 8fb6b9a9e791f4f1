"""Set-up positions on the Arkham demonstration board for the rule tests (tests/test_arkham_rules*.py).

    g = new(players=2, invs=("Otto", "Ada"))   # round 1, seat 0 to move, no setup gate
    put(g, 0, "Market Street"); m = monster(g, "Ghoul", "College Street"); roll(g, 4)

Edits go straight to the state's fields (then `g.touch()`), rolls are entered as physical rolls.
"""

from array import array

from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game.board import Board
from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.surface import CHANCE
from eldritch.kernel.arkham.game import state

BOARD = Board()


def sp(name):
    return BOARD.space_index[name]


def inv(short):
    for i, n in enumerate(BOARD.inv_names):
        if n.startswith(short):
            return i
    raise KeyError(short)


def rules(**options):
    options.setdefault("board", BOARD)
    return Rules(options)


STAYING = "no_event_on_stay"


def new(players=1, invs=("Otto",), house=STAYING, round_limit=0, doom=0, seed=0):
    """A game at round 1, seat 0 to move: the seats picked `invs`, the setup gate roll was 7 (none).
    Positions for the rules other than part 2's events leave staying without an event (house rule
    no_event_on_stay), so that a seat can wait; a test of the default passes house=""."""
    g = rules(house=house, round_limit=round_limit, doom=doom).new_game(seed, players)
    for s in range(players):
        g.apply(D.K_PICK + inv(invs[s]))
    roll(g, 7)
    assert g.step == D.ST_MOVE and g.round == 1
    return g


def legal(g):
    buf = array("i", [0] * g.buf.__len__())
    n = g.legal_actions(buf)
    return [buf[i] for i in range(n)]


def roll(g, *values):
    for v in values:
        assert g.current_player() == CHANCE, "not a chance node: step %d" % g.step
        g.apply(D.K_OUTCOME + v)


def put(g, seat, space):
    g.pos[seat] = sp(space)
    g.touch()


def monster(g, kind, space, head=None):
    """A pool token of `kind` onto `space` (facing `head`, default its first street)."""
    k = BOARD.kind_names.index(kind)
    for m in range(BOARD.nmonsters):
        if BOARD.mon_kind[m] == k and g.m_at[m] == D.AT_POOL:
            s = sp(space)
            g.m_at[m] = s
            g.m_head[m] = sp(head) if head else BOARD.first_street(s)
            g.m_checked[m] = 0
            g.m_flags[m] = 0
            g.touch()
            return m
    raise ValueError("no %s left in the pool" % kind)


def gate(g, space, world=None, difficulty=None):
    """A gate card (to `world`, of `difficulty`, if given) out of the deck to `space`; the card."""
    for i in range(g.gate_deck.n):
        c = g.gate_deck.cards[i]
        if (world is None or BOARD.world_names[BOARD.gate_world[c]] == world) and \
                (difficulty is None or BOARD.gate_diff[c] == difficulty):
            g.gate_deck.take(c)
            g.gate_at[sp(space)] = c
            g.touch()
            return c
    raise ValueError("no gate card to %s" % world)


def give(g, seat, item):
    """A card of that name from its deck into the seat's possessions; returns its slot."""
    kind = BOARD.item_index[item]
    for deck in (g.item_deck, g.spell_deck):
        for i in range(deck.n):
            c = deck.cards[i]
            if BOARD.card_kind[c] == kind:
                deck.take(c)
                assert state.give(g, seat, c)
                g.touch()
                return slot_of(g, seat, item)
    raise ValueError("no %s left" % item)


def slot_of(g, seat, item):
    kind = BOARD.item_index[item]
    for k in range(D.MAX_POSS):
        c = g.poss[seat * D.MAX_POSS + k]
        if c != 255 and BOARD.card_kind[c] == kind:
            return k
    return -1


def clear_poss(g, seat):
    for k in range(D.MAX_POSS):
        c = g.poss[seat * D.MAX_POSS + k]
        if c != 255:
            state.return_card(g, c)
            g.poss[seat * D.MAX_POSS + k] = 255
    g.touch()


def step_to(g, space):
    """The K_STEP action that moves the investigator (or slips it away) to the named neighbour."""
    here = g.pos[g.seat]
    for i in range(BOARD.nbr_count[here]):
        if BOARD.neighbour(here, i) == sp(space):
            return D.K_STEP + i
    raise ValueError("%s is not next to %s" % (space, BOARD.space_names[here]))


def events(g):
    return [g.ev[4 * i] for i in range(g.nev // 4)]


def end_turn_staying(g):
    """The active investigator stays and ends its turn (wherever nothing stops it)."""
    g.apply(D.K_STAY)
    if g.step == D.ST_CLOSE:
        g.apply(D.K_END)
