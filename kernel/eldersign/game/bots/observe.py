"""What a bot may read of an Elder Sign game: the table, as every player sees it.

Elder Sign is cooperative and open: stats, hands, trophies, the board, the doom track and the dice
of an attempt are on the table. Hidden are the order of the decks (adventures, items, mythos, the
monster cup, the investigators not chosen) and every PRNG (the game's and an attempt's). Bots read
the game only through these functions, so no bot can peek at hidden state, and a change of the
game's internals is mended here (they read the game's private components: this module is part of
the game package).

A decision is either the turn's main step (`question(g) == F_MAIN`, its `phase`: move, prepare,
adventure, entrance, battle) or a question a card or a rule asks (the top frame of the game's work
stack, defs.F_PICK ... F_LOCKDIE; defs.py documents each one's actions).
"""

from ..defs import NONE, MAX_HAND, MAX_MON, MAX_PLAYERS, MAIN_SLOTS, P_BATTLE, F_MAIN, F_KEEP, F_AGREE
from .. import cards as _cards, pool as _pool, trophies as _trophies, text as _text, inforce as _inforce
from .. import effects as _E
from ...dice import GREEN, YELLOW, RED


def question(g):
    """The decision on the table: F_MAIN (the turn's main step) or the frame of a question (F_PICK,
    F_CHOOSE, F_PLACE, ...); 0 when the game is over."""
    st = g._stack
    return st.op[st.n - 1] if st.n else 0


def question_args(g):
    """(a, b, c) of the question's frame (defs.py: what each frame's fields hold)."""
    st = g._stack
    i = st.n - 1
    return st.a[i], st.b[i], st.c[i]


def phase(g):
    """The main step's phase (P_MOVE, P_PREP, P_ADV, P_ENTRANCE, P_END, P_BATTLE_PREP, P_BATTLE), or -1
    when a question is asked."""
    st = g._stack
    return st.a[st.n - 1] if st.n and st.op[st.n - 1] == F_MAIN else -1


def active(g):
    """The investigator whose turn it is (NONE when none)."""
    return g._active()


def data(g):
    return g._data


def players(g):
    return g.players


def investigators_in_play(g):
    """Investigators in play, by seat."""
    out = []
    for s in range(g.players):
        h = g._seats.inv[s]
        if h != NONE:
            out.append(h)
    return out


def sanity(g, inv):
    return g._inv.san[inv]


def stamina(g, inv):
    return g._inv.sta[inv]


def max_sanity(g, inv):
    return g._inv.maxsan[inv]


def max_stamina(g, inv):
    return g._inv.maxsta[inv]


def clues(g, inv):
    return g._inv.clues[inv]


def trophies(g, inv):
    return _trophies.trophy_total(g, inv)


def location(g, inv):
    """0 the entrance, 1 + slot an adventure, larger values elsewhere."""
    return g._inv.loc[inv]


def hand(g, inv):
    """[(hand index, card kind)] of the cards inv holds (kind: data.cards row: name, use, limit)."""
    out = []
    for i in range(MAX_HAND):
        c = g._inv.card(inv, i)
        if c != NONE:
            out.append((i, g._data.cards[c]))
    return out


def hand_card(g, inv, i):
    return g._data.cards[g._inv.card(inv, i)]


def slots(g):
    """The board slots holding an adventure card."""
    return [s for s in range(g._slots.n) if g._slots.on[s]]


def other_worlds(g):
    """How many Other World cards are in play."""
    n = 0
    for s in range(MAIN_SLOTS, g._slots.n):
        if g._slots.on[s]:
            n += 1
    return n


def slot_card(g, s):
    """The board card (data.BoardCard: name, terror_code, trophy, reward, penalty...) in slot s."""
    return g._data.adventures[g._slots.card[s]]


def slot_adventure(g, s):
    """The Adventure of slot s: its `card` is what must be done, monsters' tasks included."""
    return g._slots.adv[s]


def slot_monsters(g, s):
    n = 0
    for k in range(MAX_MON):
        if g._slots.mon[s * MAX_MON + k] != NONE:
            n += 1
    return n


def investigators_at(g, s):
    """How many investigators are on slot s."""
    n = 0
    for seat in range(g.players):
        h = g._seats.inv[seat]
        if h != NONE and g._inv.loc[h] == s + 1:
            n += 1
    return n


def free_dice(g, colour):
    """Dice of colour free for an attempt now (not locked, not held by a spell, not gone)."""
    return _pool.free_dice(g, colour)


def item_die(g, colour):
    """1 when an item already put the yellow (or red) die in this turn's pool."""
    return 1 if (g._turn_yellow if colour == YELLOW else g._turn_red) == 1 else 0


def focus(g):
    """Focus holds of an attempt begun now (assistance from helpers on the card comes on top)."""
    left = 1 + _inforce.modifier(g, _E.M_FOCUS) - g._focus_used
    return left if left > 0 else 0


def spell_holds(g, inv):
    """Spells inv could use to hold dice in an attempt (at most 4)."""
    n = _cards.hold_spells(g, inv)
    return n if n < 4 else 4


def doom(g):
    return g._doom


def doom_max(g):
    return g._ao.doom


def elder_signs(g):
    return g._elder


def elder_signs_needed(g):
    return g._ao.elder_signs


def clock(g):
    return g._clock.hour


def in_battle(g):
    return bool(g._battle)


def aside(g):
    """After failing a roll: the colour of the die set aside while the keep is asked (F_KEEP, or the
    asked helper's F_AGREE), else -1."""
    q = question(g)
    a, b, c = question_args(g)
    return a if q == F_KEEP else (c if q == F_AGREE else -1)


def current_adventure(g):
    """The Adventure being played (a board card or the final battle's)."""
    return _pool.attempt_adv(g)


def in_final_battle(g):
    return phase(g) == P_BATTLE


def attempt_terror(g):
    """The terror code of the current attempt's card (0 in the final battle)."""
    s = g._att.slot
    if s < 0:
        return 0
    return g._data.adventures[g._slots.card[s]].terror_code


def shop(g):
    return g._data.shop


def colours():
    return (GREEN, YELLOW, RED)


def max_players():
    return MAX_PLAYERS


def usable(g, inv, i, ph):
    """True when inv may use hand card i in phase ph."""
    return _cards.usable(g, inv, i, ph)


def helpers_at(g, s, inv):
    """Investigators other than inv on slot s who have not assisted this round (at most 3)."""
    n = 0
    for seat in range(g.players):
        h = g._seats.inv[seat]
        if h != NONE and h != inv and g._inv.loc[h] == s + 1 and not g._inv.assisted[h]:
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


def spell_die(g, k):
    """The die code (colour * 8 + face) held on spell-held die k."""
    return g._spells.die[k]


def combat_card(g):
    """The Ancient One's combat target as a card (its one task)."""
    return g._combat_adv.card


def choose_frame(g):
    """At a choose(...) question: (its compiled list, the choose's position, the investigator)."""
    st = g._stack
    i = st.n - 1
    return st.ref[i], st.a[i], st.b[i]


def alternative_range(code, pc, k):
    """(start, end) of alternative k's primitives in the choose at pc of code."""
    j = pc + 3
    for _ in range(k):
        j += 3 + 3 * code[j + 1]
    return j + 3, j + 3 + 3 * code[j + 1]


def devours(g, code, start, end, inv):
    """True when the primitives code[start:end] would bring inv's sanity or stamina to 0."""
    E = _E
    san = g._inv.san[inv]
    sta = g._inv.sta[inv]
    for b in range(start, end, 3):
        op = code[b]
        n = code[b + 1]
        if op == E.OP_SANITY:
            san += n
        elif op == E.OP_STAMINA:
            sta += n
        elif op == E.OP_MAX_SANITY and san > g._inv.maxsan[inv] + n:
            san = g._inv.maxsan[inv] + n
        elif op == E.OP_MAX_STAMINA and sta > g._inv.maxsta[inv] + n:
            sta = g._inv.maxsta[inv] + n
    return san <= 0 or sta <= 0


def day_ability(g, inv):
    """The effect list of inv's once-per-day ability (empty when it has none)."""
    return g._data.investigators[inv].ability.day


def heals_only(use):
    """True when the effect list only restores the user's sanity or stamina."""
    from .. import effects as E
    if not use:
        return False
    for k in range(0, len(use), 3):
        if (use[k] != E.OP_SANITY and use[k] != E.OP_STAMINA) or use[k + 1] <= 0 or use[k + 2] != E.SC_ACTIVE:
            return False
    return True


def investigator_stats(g, i):
    """(sanity, stamina) printed on investigator i (for picking one)."""
    r = g._data.investigators[i]
    return r.sanity, r.stamina


def acting_seat(g):
    """The seat whose decision it is (a seat a question names; at a chance node, the active seat)."""
    return _text.acting_seat(g)


def step_events(g):
    """The events of the last step as (code, a, b, c) tuples."""
    ev = g._ev
    return [(ev[i], ev[i + 1], ev[i + 2], ev[i + 3]) for i in range(0, g._nev, 4)]


def turns(g):
    return g._clock.turn


def adventure_name(g, card_id):
    return g._data.adventures[card_id].name


def investigator_index(g, name):
    """The index of the investigator whose name contains `name` (case-insensitive), or -1."""
    name = name.lower()
    for i, r in enumerate(g._data.investigators):
        if name in r.name.lower():
            return i
    return -1


def won(g):
    """1 when the investigators won (returns() is one int, or one int per seat)."""
    r = g.returns()
    if isinstance(r, (list, tuple)):
        r = r[0] if r else 0
    return 1 if r else 0
