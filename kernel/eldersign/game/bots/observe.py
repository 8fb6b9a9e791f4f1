"""What a bot may read of an Elder Sign game: the table, as every player sees it.

Elder Sign is cooperative and open: stats, hands, trophies, the board, the doom track and the dice
of an attempt are on the table. Hidden are the order of the decks (adventures, items, mythos, the
monster cup) and every PRNG (the game's and an attempt's). Bots read the game only through these
functions, so no bot can peek at hidden state, and a change of the game's internals is mended here.
"""

from ..defs import NONE, MAX_HAND, MAX_SLOTS, MAX_PLAYERS, P_BATTLE, P_PICK
from ...dice import GREEN, YELLOW, RED


def phase(g):
    return g.phase


def active(g):
    """The investigator whose turn it is (NONE when none)."""
    return g.active()


def data(g):
    return g.data


def players(g):
    return g.players


def investigators_in_play(g):
    """Investigators in play, by seat."""
    out = []
    for s in range(g.players):
        h = g.seat_inv[s]
        if h != NONE:
            out.append(h)
    return out


def sanity(g, inv):
    return g.san[inv]


def stamina(g, inv):
    return g.sta[inv]


def max_sanity(g, inv):
    return g.maxsan[inv]


def max_stamina(g, inv):
    return g.maxsta[inv]


def clues(g, inv):
    return g.clues[inv]


def trophies(g, inv):
    return g.trophy_total(inv)


def location(g, inv):
    """0 the entrance, 1 + slot an adventure, larger values elsewhere."""
    return g.loc[inv]


def hand(g, inv):
    """[(hand index, card kind)] of the cards inv holds (kind: data.cards row: name, use, limit)."""
    out = []
    base = inv * MAX_HAND
    for i in range(MAX_HAND):
        c = g.hand[base + i]
        if c != NONE:
            out.append((i, g.data.cards[c]))
    return out


def hand_card(g, inv, i):
    return g.data.cards[g.hand[inv * MAX_HAND + i]]


def slots(g):
    """The board slots holding an adventure card."""
    return [s for s in range(MAX_SLOTS) if g.slot_on[s]]


def slot_card(g, s):
    """The board card (data.BoardCard: name, terror_code, trophy, reward, penalty...) in slot s."""
    return g.data.adventures[g.slot_card[s]]


def slot_adventure(g, s):
    """The Adventure of slot s: its `card` is what must be done, monsters' tasks included."""
    return g.slot_adv[s]


def slot_monsters(g, s):
    n = 0
    for k in range(4):
        if g.slot_mon[s * 4 + k] != NONE:
            n += 1
    return n


def investigators_at(g, s):
    return g.investigators_on(s)


def free_dice(g, colour):
    """Dice of colour free for an attempt now (not locked, not held by a spell, not gone)."""
    return g.free_dice(colour)


def item_die(g, colour):
    """1 when an item already put the yellow (or red) die in this turn's pool."""
    return 1 if (g.turn_yellow if colour == YELLOW else g.turn_red) == 1 else 0


def focus(g):
    """Focus holds of an attempt begun now (assistance from helpers on the card comes on top)."""
    return 0 if g.focus_used else 1


def spell_holds(g, inv):
    """Spells inv could use to hold dice in an attempt (at most 4)."""
    return g.hold_spells(inv, 4)


def doom(g):
    return g.doom


def doom_max(g):
    return g.ao.doom


def elder_signs(g):
    return g.elder


def elder_signs_needed(g):
    return g.ao.elder_signs


def clock(g):
    return g.clock


def in_battle(g):
    return g.battle


def current_adventure(g):
    """The Adventure being played (a board card or the final battle's)."""
    return g.cur_adv()


def in_final_battle(g):
    return g.phase == P_BATTLE


def attempt_terror(g):
    """The terror code of the current attempt's card (0 in the final battle)."""
    if g.phase == P_BATTLE:
        return 0
    return g.data.adventures[g.slot_card[g.loc[g.active()] - 1]].terror_code


def shop(g):
    return g.data.shop


def colours():
    return (GREEN, YELLOW, RED)


def max_players():
    return MAX_PLAYERS


def usable(g, inv, i, ph):
    """True when inv may use hand card i in phase ph."""
    return g.usable(inv, i, ph)


def helpers_at(g, s, inv):
    """Investigators other than inv on slot s who have not assisted this round (at most 3)."""
    n = 0
    for seat in range(g.players):
        h = g.seat_inv[seat]
        if h != NONE and h != inv and g.loc[h] == s + 1 and not g.assisted[h]:
            n += 1
    return n if n < 3 else 3


def item_die_available(g, inv, colour, ph):
    """1 when the yellow (red) die is in this turn's pool, or an item in inv's hand can add it now."""
    if item_die(g, colour):
        return 1
    from .. import effects as E
    want = E.OP_DIE_YELLOW if colour == YELLOW else E.OP_DIE_RED
    for i, kind in hand(g, inv):
        if kind.use and kind.use[0] == want and usable(g, inv, i, ph):
            return 1
    return 0


def investigator_stats(g, i):
    """(sanity, stamina) printed on investigator i (for picking one)."""
    r = g.data.investigators[i]
    return r.sanity, r.stamina


def acting_seat(g):
    """The seat whose decision it is (the seat picking an investigator in the pick phase)."""
    if g.phase == P_PICK:
        return g.pick_seat
    return g.seat


def step_events(g):
    """The events of the last step as (code, a, b, c) tuples."""
    ev = g.ev
    return [(ev[i], ev[i + 1], ev[i + 2], ev[i + 3]) for i in range(0, g.nev, 4)]


def turns(g):
    return g.turn


def adventure_name(g, card_id):
    return g.data.adventures[card_id].name


def investigator_index(g, name):
    """The index of the investigator whose name contains `name` (case-insensitive), or -1."""
    name = name.lower()
    for i, r in enumerate(g.data.investigators):
        if name in r.name.lower():
            return i
    return -1


def won(g):
    """1 when the investigators won (returns() is one int, or one int per seat)."""
    r = g.returns()
    if isinstance(r, (list, tuple)):
        r = r[0] if r else 0
    return 1 if r else 0
