"""What effects do: each primitive of the vocabulary, investigators' stats, devouring, the choice of
an alternative, the abilities in effect (triggers and modifiers), the end of the game.

`prim(g, op, n, inv)` is one primitive for one investigator (engine.py walks the effect lists and
calls it; `each(...)` calls it per investigator). What needs a player or a later step is pushed
onto the work stack: a monster appearing (placed by the active player), cards to lose (which ones),
trophies to pay (which ones), a monster to defeat (which one), a devoured investigator's
replacement (picked at once outside the active player's own turn). Sanity and stamina never go
above the maximum; at 0 the investigator is devoured. `choose(...)` asks the investigator it is for
(F_CHOOSE) among the alternatives they can pay (trophies, clues, cards, elder signs they have; losing
sanity or stamina can always be paid); when they can pay none, every alternative is offered.
"""

from . import effects as E
from . import pool, board, doom, cards, trophies, inforce
from .effects import T_DEVOURED, T_GAIN, T_GAIN_CLUE
from .defs import (MAX_PLAYERS, MAX_CLUES, NONE, LOC_NONE, LOC_AO, LOC_ENTRANCE, LK_MYTHOS, RUN_NOGAIN,
                   F_RUN, F_GATE, F_CLOCK, F_PICK,
                   F_TARGET, F_FIRE, A_CHOOSE, MAX_HAND, EV_ELDER, EV_NOTE, EV_STAT, EV_DEVOUR,
                   EV_OUT, EV_WIN, EV_LOSS, EV_CLOCK, EV_CHOSE)
from .people import SEAT_PLAYING, SEAT_MUST_PICK, SEAT_OUT
from ..dice import YELLOW, RED


# ----- primitives -----------------------------------------------------------------------------

def prim(g, op, n, inv):
    """One primitive of the vocabulary for investigator inv (NONE: only the game-wide ones)."""
    if op == E.OP_DOOM:
        doom.add_doom(g, n)
    elif op == E.OP_ELDER:
        g._elder += n
        if g._elder < 0:
            g._elder = 0
        g._event(EV_ELDER, g._elder)
        if g._elder >= g._ao.elder_signs and not g._battle:
            win(g, 0)
    elif op == E.OP_GATE:
        if n > 0 and not g._battle:
            g._stack.push(F_GATE, n, 0, inv)
    elif op == E.OP_MONSTER:
        doom.monsters_appear(g, n)
    elif op == E.OP_CLOCK:
        advance_clock(g, n if n > 0 else 0)
    elif op == E.OP_NOTE:
        g._event(EV_NOTE, n)
    elif op == E.OP_FAIL or op == E.OP_DISCARD_TERROR or op == E.OP_HOLD_DIE:
        return      # the adventure kernel's terror code / a spell's use, not effects
    elif op == E.OP_LOCK_GREEN or op == E.OP_LOCK_YELLOW or op == E.OP_LOCK_RED:
        for _ in range(n if n > 0 else 1):
            pool.add_lock(g, op - E.OP_LOCK_GREEN, LK_MYTHOS, 0)
    elif op == E.OP_AWAKEN:
        if not g._battle:
            g._awaken_due = True
    elif op == E.OP_LOSE_GAME:
        lose(g, 1)
    elif op == E.OP_DIE_YELLOW:
        if pool.item_die_free(g, YELLOW):
            pool.add_item_die(g, YELLOW)
    elif op == E.OP_DIE_RED:
        if pool.item_die_free(g, RED):
            pool.add_item_die(g, RED)
    elif inv == NONE:
        return
    elif op == E.OP_HEAL_ALL:
        change(g, E.OP_SANITY, g._inv.maxsan[inv], inv)
        change(g, E.OP_STAMINA, g._inv.maxsta[inv], inv)
    elif op >= E.OP_COMMON and op <= E.OP_ALLY:
        if n > 0:
            for _ in range(n):
                if cards.draw_card(g, op - E.OP_COMMON, inv) and g._data.gain_triggers and not gaining(g):
                    fire(g, T_GAIN + op - E.OP_COMMON, inv)
        elif n < 0:
            cards.lose_cards(g, op - E.OP_COMMON, inv, -n)
    elif op == E.OP_TROPHIES:
        if n < 0:
            trophies.pay(g, inv, -n)
        elif n > 0:
            trophies.gain_token(g, inv, n)
    elif op == E.OP_CARD:
        cards.take_named(g, n, inv)
    elif op == E.OP_DEFEAT_MONSTER:
        for _ in range(n if n > 0 else 1):
            g._stack.push(F_TARGET, inv)
    elif op == E.OP_SET_SANITY:
        change(g, E.OP_SANITY, n - g._inv.san[inv], inv)
    elif op == E.OP_SET_STAMINA:
        change(g, E.OP_STAMINA, n - g._inv.sta[inv], inv)
    else:
        change(g, op, n, inv)


def advance_clock(g, steps):
    for _ in range(steps):
        if g._clock.advance():
            g._midnight_due = True
        g._event(EV_CLOCK, g._clock.hour)


def gate_step(g, i):
    """F_GATE: the next Other World opens (its entry effect runs before the next one opens)."""
    st = g._stack
    inv = st.c[i]
    st.a[i] -= 1
    if st.a[i] <= 0:
        st.pop()
    if not g._battle:
        board.open_gate(g, inv)


# ----- investigators --------------------------------------------------------------------------

def enter_investigator(g, seat, inv):
    """Investigator inv comes into play at seat: full sanity and stamina, at the entrance (at the
    Ancient One in the final battle), starting gear (its start effects run)."""
    d = g._data.investigators[inv]
    g._decks.investigators.take(inv)
    g._seats.inv[seat] = inv
    g._seats.state[seat] = SEAT_PLAYING
    g._inv.enter(inv, seat, d.sanity, d.stamina, LOC_AO if g._battle else LOC_ENTRANCE)
    if d.start:
        g._stack.push(F_RUN, 0, len(d.start), inv, 1 | RUN_NOGAIN, d.start)     # starting gear: no gain


def gaining(g):
    """A list that must not fire gain triggers is running (starting gear, or a gain trigger's own
    list: a gain never triggers itself)."""
    st = g._stack
    for i in range(st.n):
        if st.op[i] == F_RUN and st.d[i] & RUN_NOGAIN:
            return True
    return False


def in_play(g, inv):
    s = g._inv.seat_of[inv]
    return s < MAX_PLAYERS and g._seats.inv[s] == inv


def change(g, op, n, inv):
    """sanity, stamina, clue, max_sanity, max_stamina of inv change by n (never above the maximum)."""
    if inv == NONE or not in_play(g, inv):
        return
    iv = g._inv
    if op == E.OP_SANITY:
        v = iv.san[inv] + n
        v = iv.maxsan[inv] if v > iv.maxsan[inv] else v
        iv.san[inv] = v if v > 0 else 0
        g._event(EV_STAT, inv, op, iv.san[inv])
    elif op == E.OP_STAMINA:
        v = iv.sta[inv] + n
        v = iv.maxsta[inv] if v > iv.maxsta[inv] else v
        iv.sta[inv] = v if v > 0 else 0
        g._event(EV_STAT, inv, op, iv.sta[inv])
    elif op == E.OP_CLUE:
        v = iv.clues[inv] + n
        iv.clues[inv] = MAX_CLUES if v > MAX_CLUES else (v if v > 0 else 0)
        g._event(EV_STAT, inv, op, iv.clues[inv])
        if n > 0 and g._data.gain_triggers and not gaining(g):
            fire(g, T_GAIN_CLUE, inv)
    elif op == E.OP_MAX_SANITY:
        v = iv.maxsan[inv] + n
        iv.maxsan[inv] = 20 if v > 20 else (v if v > 0 else 0)
        if iv.san[inv] > iv.maxsan[inv]:
            iv.san[inv] = iv.maxsan[inv]
        g._event(EV_STAT, inv, op, iv.maxsan[inv])
    elif op == E.OP_MAX_STAMINA:
        v = iv.maxsta[inv] + n
        iv.maxsta[inv] = 20 if v > 20 else (v if v > 0 else 0)
        if iv.sta[inv] > iv.maxsta[inv]:
            iv.sta[inv] = iv.maxsta[inv]
        g._event(EV_STAT, inv, op, iv.maxsta[inv])
    if iv.san[inv] == 0 or iv.sta[inv] == 0:
        devour(g, inv)


def devour(g, inv):
    """Sanity or stamina at 0: one doom token; cards, spells (their dice freed), trophies and clues
    go back; the player picks a new investigator at once, or after their own turn's clock phase when
    it is their turn; in the final battle they are out. A devouring that wakes the Ancient One puts
    that player out of the game (rulebook p.14)."""
    seat = g._inv.seat_of[inv]
    g._event(EV_DEVOUR, inv, seat)
    cards.return_hand(g, inv)
    trophies.lose_trophies(g, inv)
    g._inv.clues[inv] = 0
    g._inv.loc[inv] = LOC_NONE
    g._seats.inv[seat] = NONE
    if g._battle:
        g._seats.state[seat] = SEAT_OUT
        g._event(EV_OUT, seat)
        doom.add_doom(g, 1)
        if g._seats.all_out(g.players):
            lose(g, 0)
    else:
        g._seats.state[seat] = SEAT_MUST_PICK
        waking = g._awaken_due
        doom.add_doom(g, 1)
        if g._awaken_due and not waking:
            g._awaken_seat = seat      # this devouring wakes the Ancient One: out at the awakening
        elif g._companion:
            pass                        # the table picks (companion.replace_investigator)
        elif seat == g._clock.seat and g._stack.find(F_CLOCK) >= 0:
            pass                        # the active player: after their clock phase (turn.py)
        else:
            push_pick(g, seat)
    fire(g, T_DEVOURED, g._decider_inv())       # on top: the triggers resolve before the pick


def push_pick(g, seat):
    """The seat picks a new investigator now, or is out when none is left."""
    if g._decks.investigators.n == 0:
        g._seats.state[seat] = SEAT_OUT
        g._event(EV_OUT, seat)
        if g._seats.all_out(g.players):
            lose(g, 0)
        return
    g._stack.push(F_PICK, seat, 0)


# ----- choose(...) ----------------------------------------------------------------------------

def _payable(g, code, start, length, inv):
    for k in range(length):
        op = code[start + 3 * k]
        amount = code[start + 3 * k + 1]
        if amount >= 0:
            continue
        if op == E.OP_TROPHIES and trophies.trophy_total(g, inv) < -amount:
            return False
        if op == E.OP_CLUE and g._inv.clues[inv] < -amount:
            return False
        if op == E.OP_ELDER and g._elder < -amount:
            return False
        if E.OP_COMMON <= op <= E.OP_ALLY and _deck_cards(g, inv, op - E.OP_COMMON) < -amount:
            return False
    return True


def _deck_cards(g, inv, k):
    n = 0
    for i in range(MAX_HAND):
        c = g._inv.card(inv, i)
        if c != NONE and g._data.cards[c].deck_index == k:
            n += 1
    return n


def choose_options(g, i, buf):
    """A_CHOOSE + k for each alternative the investigator of frame i can pay (all when none)."""
    st = g._stack
    code = st.ref[i]
    pc = st.a[i]
    inv = st.b[i]
    n = 0
    j = pc + 3
    for k in range(code[pc + 1]):
        length = code[j + 1]
        if _payable(g, code, j + 3, length, inv):
            buf[n] = A_CHOOSE + k
            n += 1
        j += 3 + 3 * length
    if n == 0:
        for k in range(code[pc + 1]):
            buf[k] = A_CHOOSE + k
        n = code[pc + 1]
    return n


def choose(g, i, k, forced):
    """The investigator of frame i takes alternative k: its effects run for them."""
    st = g._stack
    code = st.ref[i]
    pc = st.a[i]
    inv = st.b[i]
    st.pop()
    j = pc + 3
    for _ in range(k):
        j += 3 + 3 * code[j + 1]
    g._event(EV_CHOSE, inv, k, forced)
    length = code[j + 1]
    if length:
        st.push(F_RUN, j + 3, j + 3 + 3 * length, inv, 0, code)


# ----- abilities in effect --------------------------------------------------------------------

def _ability_of_source(g, src):
    """The Ability of trigger source src (0 the Ancient One, 1 the mythos card, 2.. lasting mythos
    cards, then the board's slots, then the seats' investigators), or None."""
    if src == 0:
        return g._ao.ability
    if src == 1:
        return g._data.mythos[g._mythos].ongoing if g._mythos >= 0 else None
    src -= 2
    if src < g._nlasting:
        return g._data.mythos[g._lasting[src]].ongoing
    src -= g._nlasting
    if src < g._slots.n:
        if g._slots.on[src] and g._data.slot_abilities:
            return g._data.adventures[g._slots.card[src]].ongoing
        return None
    src -= g._slots.n
    if src < g.players:
        h = g._seats.inv[src]
        return g._data.investigators[h].ability if h != NONE else None
    return None


def _sources(g):
    return 2 + g._nlasting + g._slots.n + g.players


def fire(g, trigger, inv):
    """The lists of every ability in effect with that trigger run for inv (pushed: F_FIRE). Not in
    companion mode: the table resolves its cards' text."""
    if g._companion:
        return
    g._stack.push(F_FIRE, trigger, 0, inv)


def fire_step(g, i):
    """F_FIRE: the next source with the trigger runs its list (an investigator's own abilities
    only for that investigator)."""
    st = g._stack
    trigger = st.a[i]
    inv = st.c[i]
    src = st.b[i]
    top = _sources(g)
    while src < top:
        ab = _ability_of_source(g, src)
        own = src >= 2 + g._nlasting + g._slots.n
        src += 1
        if ab is None or not ab.any:
            continue
        if own and (g._seats.inv[src - 1 - 2 - g._nlasting - g._slots.n] != inv or trigger == T_DEVOURED):
            continue
        if 1 <= src - 1 <= 1 + g._nlasting and inforce.mythos_ignored(g):
            continue                  # a mythos card's trigger: the active investigator ignores it
        code = ab.triggers[trigger]
        if code:
            st.b[i] = src
            st.push(F_RUN, 0, len(code), inv, (1 | RUN_NOGAIN) if trigger >= T_GAIN else 1, code)
            return
    st.pop()


modifier = inforce.modifier      # (the sum of a modifier over the abilities in effect)


# ----- the end --------------------------------------------------------------------------------

def win(g, reason):
    if g._result < 0:
        g._result = 1
        g._ended_by = reason
        g._event(EV_WIN, reason)


def lose(g, reason):
    if g._result < 0:
        g._result = 0
        g._ended_by = reason
        g._event(EV_LOSS, reason)
