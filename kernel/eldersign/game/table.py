"""What is on the table, for a screen, a log or a hint: a read-only snapshot of a game in plain values.

    t = snapshot(game)
    t.ao_name, t.doom, t.doom_top, t.elder, t.elder_need, t.clock, t.battle, t.mythos, t.lasting
    t.slots[k].name, .adventure (the Adventure of its tasks), .monsters, .here, .odds_key ...
    t.seats[k].name, .sanity, .stamina, .clues, .trophies, .where, .hand ...
    t.phase, t.question, t.active_seat, t.attempt (the adventure being rolled, or None)

Everything a player at the table can see (Elder Sign is cooperative: the decks' order and the PRNG
are the only things it leaves out). A host reads the game through this entry point and `text`, never
through the game's private fields, so a change in the state's layout is followed here. It allocates
(lists and strings): not for the per-step path.
"""

from ..dice import GREEN, YELLOW, RED
from .defs import MAIN_SLOTS, MAX_MON, MAX_HAND, NONE, LOC_ENTRANCE, LOC_AO, F_MAIN, F_KEEP, F_AGREE, PHASE_NAMES
from . import pool, trophies, text, cards

LOCK_KIND = ("", "mythos", "monster", "adventure")
COLOURS = ("green", "yellow", "red")
SEAT_STATE = ("playing", "devoured, choosing", "devoured, out of the game")


class SlotView:
    """A board slot with its card: slot index, card id, name, Other World, terror code, trophy value,
    the Adventure of its current tasks (monsters included), the monsters' names, the seats of the
    investigators on it, its lock colour (-1 none), its reward, penalty, terror, entry and midnight
    effects (compiled tuples, effects.py; `notes` of the Table names their notes), and whether it is
    being attempted."""


class SeatView:
    """A seat: its investigator (inv id, NONE when there is none), name, state text, sanity, stamina,
    their maxima, clues, trophy total, location (`where` in words, `slot` or -1), the cards in hand
    (names, a spell holding a die says so), holding spells in hand, whether they assisted this round,
    and whether it is a bot's (set by the host)."""


class Table:
    """See the module docstring."""


def snapshot(game):
    g = game
    t = Table()
    ao = g._ao
    t.ao_name = ao.name
    t.doom = g._doom
    t.doom_top = ao.doom
    t.elder = g._elder
    t.elder_need = ao.elder_signs
    t.clock = g._clock.hour
    t.clock_text = text.CLOCK[g._clock.hour // 3]
    t.battle = bool(g._battle)
    t.turn = g._clock.turn
    t.first_round = g._clock.first_round()
    t.over = g._result >= 0
    t.won = g._result == 1
    t.mythos = g._data.mythos[g._mythos].name if g._mythos >= 0 else None
    t.lasting = [g._data.mythos[g._lasting[k]].name for k in range(g._nlasting)]
    t.locks = [(COLOURS[g._locks.col[i]], LOCK_KIND[g._locks.kind[i]]) for i in range(g._locks.n)]
    t.free_dice = (pool.free_dice(g, GREEN), pool.free_dice(g, YELLOW), pool.free_dice(g, RED))
    t.item_dice = (1 if g._turn_yellow == 1 else 0, 1 if g._turn_red == 1 else 0)
    t.focus_used = bool(g._focus_used)
    t.notes = g._data.notes
    t.spell_dice = [(g._spells.die[k], g._data.cards[g._spells.card[k]].name, g._spells.owner[k])
                    for k in range(g._spells.n)]
    t.active_seat = g._clock.seat
    st = g._stack
    main = st.n > 0 and st.op[st.n - 1] == F_MAIN
    t.phase = PHASE_NAMES[st.a[st.n - 1]] if main else ("over" if t.over else "question")
    t.question = text.question(g)
    t.to_act = g.current_player() if not t.over else -1
    # after failing a roll: the colour set aside while the keep is asked (F_KEEP, F_AGREE), else -1
    top = st.op[st.n - 1] if st.n else 0
    t.aside = st.a[st.n - 1] if top == F_KEEP else (st.c[st.n - 1] if top == F_AGREE else -1)
    s_att = g._att.slot
    a = pool.attempt_adv(g)
    t.attempt = None
    if a is not None:
        t.attempt = Attempt(g, s_att, a)
    t.seats = [_seat(g, s) for s in range(g.players)]
    t.slots = []
    for s in range(g._slots.n):
        if g._slots.on[s]:
            t.slots.append(_slot(g, s))
    return t


class Attempt:
    """The adventure (or attack) being rolled: slot (-1 the attack), name, its Adventure (card,
    roll, held dice, pool, uses, tasks done), the card's terror code."""

    def __init__(self, g, s, adv):
        self.slot = s if s >= 0 else -1
        self.adventure = adv
        if s >= 0:
            card = g._data.adventures[g._slots.card[s]]
            self.name = card.name
            self.terror = card.terror_code
        else:
            self.name = g._ao.name
            self.terror = 0


def _slot(g, s):
    v = SlotView()
    c = g._slots.card[s]
    card = g._data.adventures[c]
    v.slot = s
    v.card = c
    v.name = card.name
    v.other_world = s >= MAIN_SLOTS
    v.terror = card.terror_code
    v.trophy = card.trophy
    v.adventure = g._slots.adv[s]
    v.monsters = [g._data.monsters[g._slots.mon[s * MAX_MON + k]].name for k in range(MAX_MON)
                  if g._slots.mon[s * MAX_MON + k] != NONE]
    v.here = [seat for seat in range(g.players)
              if g._seats.inv[seat] != NONE and g._inv.loc[g._seats.inv[seat]] == s + 1]
    v.lock = card.lock
    # the card's effects as compiled tuples (effects.py), for a screen to put in words
    v.reward = card.reward
    v.penalty = card.penalty
    v.terror_effect = card.terror
    v.entry = card.entry
    v.midnight = card.midnight
    v.attempted = g._att.slot == s
    return v


def _seat(g, seat):
    v = SeatView()
    inv = g._seats.inv[seat]
    v.seat = seat
    v.inv = inv
    state = g._seats.state[seat]
    v.state = SEAT_STATE[state if state < 3 else 2]
    if inv == NONE:
        v.name = None
        return v
    iv = g._inv
    v.name = g._data.investigators[inv].name
    v.sanity = iv.san[inv]
    v.max_sanity = iv.maxsan[inv]
    v.stamina = iv.sta[inv]
    v.max_stamina = iv.maxsta[inv]
    v.clues = iv.clues[inv]
    v.trophies = trophies.trophy_total(g, inv)
    loc = iv.loc[inv]
    v.slot = loc - 1 if 1 <= loc <= g._slots.n else -1
    v.where = ("entrance" if loc == LOC_ENTRANCE else g._ao.name if loc == LOC_AO else
               "%d %s" % (loc, g._data.adventures[g._slots.card[loc - 1]].name)
               if v.slot >= 0 and g._slots.on[v.slot] else text.loc_name(g, loc))
    v.hand = []
    for i in range(MAX_HAND):
        c = iv.card(inv, i)
        if c != NONE:
            v.hand.append(g._data.cards[c].name)
    for k in range(g._spells.n):
        if g._spells.owner[k] == inv:
            v.hand.append("%s (holds %s)" % (g._data.cards[g._spells.card[k]].name, text._die(g._spells.die[k])))
    v.hold_spells = cards.hold_spells(g, inv)
    v.assisted = bool(iv.assisted[inv])
    v.ability = g._data.investigators[inv].ability.text
    return v


def helpers_on(game, slot):
    """Investigators on slot who could keep a die for the active investigator (not assisted this
    round)."""
    g = game
    inv = g._seats.inv[g._clock.seat]
    n = 0
    for seat in range(g.players):
        h = g._seats.inv[seat]
        if h != NONE and h != inv and g._inv.loc[h] == slot + 1 and not g._inv.assisted[h]:
            n += 1
    return n
