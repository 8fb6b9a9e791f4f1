"""Turn flow: the three-phase turn (move, then an adventure or one entrance action, then the clock),
investigators chosen (or drawn) at setup and after being devoured, the first player drawn by lot
(F_FIRST), midnight and the mythos cards.

The turn's frames (engine.py runs them): F_NEXT starts the next seat's turn and pushes its clock
phase (F_CLOCK), the end of its main step (F_MAIN at P_END: items and abilities may still be used
after the adventure or the entrance action, before the clock; asked only when one can be used)
and its main step (F_MAIN); a seat out of the game only moves the clock. F_CLOCK advances 3 hours;
then the turn-end triggers, the active player's new investigator when theirs was devoured this
turn, and midnight. F_MIDNIGHT resolves, in order: every at-midnight effect in play (adventures,
the mythos card and those lasting, the abilities in effect; not in the game's first round, which
skips only these: its midnight still reveals the next mythos card), the next mythos card
(F_MYTHOS: the old one to the bottom, or kept in effect while it lasts; the new one's lock icon and
immediate effect), and once-per-day abilities refresh. In the final battle the Ancient One's
attack replaces the at-midnight effects and the mythos card; the once-per-day abilities still
refresh after it (MN_ATTACK: also the stage an awakening at midnight resumes at, engine.py).
"""

from ... import prng
from . import effects as E
from . import pool, resolve
from .defs import (P_MOVE, P_PREP, P_ENTRANCE, P_END, P_BATTLE_PREP, NONE, MN_MYTHOS, MN_REFRESH, MN_ATTACK, LOC_ENTRANCE, F_RUN, F_MAIN, F_CLOCK,
                   F_NEXT, F_MIDNIGHT, F_MYTHOS, F_ATTACK, F_REACT, A_MOVE, A_PICK, A_DRAW, A_ARG_MASK,
                   EV_TURN, EV_MOVE, EV_PICK, EV_MIDNIGHT, EV_MYTHOS, EV_LASTING, EV_EXPIRED, EV_FIRST)
from .people import SEAT_MUST_PICK

FOREVER = 255          # a lasting mythos card that stays to the end


def next_step(g, i):
    """F_NEXT: the next seat's turn (the first seat's, at setup)."""
    st = g._stack
    first = st.a[i]
    st.pop()
    if not first and g._clock.next_seat():
        g._inv.clear_assisted()
    s = g._clock.seat
    g._turn_yellow = 0
    g._turn_red = 0
    g._focus_used = 0
    inv = g._seats.inv[s]
    g._event(EV_TURN, s, inv, g._clock.turn)
    st.push(F_NEXT, 0)
    st.push(F_CLOCK)
    if inv != NONE:
        st.push(F_MAIN, P_END)
        st.push(F_MAIN, P_BATTLE_PREP if g._battle else P_MOVE)
    if g._data.anyturn:
        st.push(F_REACT, 0, 0)                 # the abilities usable at the start of any turn


def move_options(g, buf, n):
    buf[n] = A_MOVE
    n += 1
    for s in range(g._slots.n):
        if g._slots.on[s]:
            buf[n] = A_MOVE + 1 + s
            n += 1
    return n


def move(g, i, loc):
    inv = g._active()
    g._inv.loc[inv] = loc
    g._event(EV_MOVE, inv, loc)
    g._stack.a[i] = P_ENTRANCE if loc == LOC_ENTRANCE else P_PREP


def clock_step(g, i):
    """F_CLOCK: 3 hours on; then (top first) the turn-end triggers, the active player's pick of a
    new investigator if theirs was devoured this turn, midnight."""
    st = g._stack
    st.pop()
    resolve.advance_clock(g, 1)
    if g._midnight_due:
        g._midnight_due = False
        st.push(F_MIDNIGHT, 0, 0)
    s = g._clock.seat
    if g._seats.state[s] == SEAT_MUST_PICK and g._seats.inv[s] == NONE:
        resolve.push_pick(g, s)
    inv = g._seats.inv[s]
    if inv != NONE:
        if g._inv.loc[inv] == LOC_ENTRANCE:
            resolve.fire(g, E.T_ENTRANCE, inv)
        resolve.fire(g, E.T_TURN_END, inv)


def first_step(g, i):
    """F_FIRST: the first player is drawn by lot from the state's PRNG, once the investigators are
    chosen (rulebook setup step 8: "A nyomozók jelzőit felhasználva sorsoljátok ki, hogy ki lesz a
    kezdőjátékos"); they reveal the first mythos card and play the first turn. A game of one player
    draws nothing."""
    g._stack.pop()
    if g.players > 1:
        g._clock.seat = prng.die(g._rng, g.players)
    g._event(EV_FIRST, g._clock.seat)


# ----- choosing an investigator ----------------------------------------------------------------

def pick_options(g, buf):
    """A_PICK + each investigator nobody has chosen, and A_DRAW (the top of the shuffled pool)."""
    pool_deck = g._decks.investigators
    n = 0
    for inv in range(g._ninv):
        if not g._inv.used[inv]:
            buf[n] = A_PICK + inv
            n += 1
    if pool_deck.n:
        buf[n] = A_DRAW
        n += 1
    return n


def pick(g, i, action):
    """The seat of frame i takes investigator arg (A_PICK) or the top of the pool (A_DRAW)."""
    st = g._stack
    seat = st.a[i]
    st.pop()
    drawn = 1 if action == A_DRAW else 0
    inv = g._decks.investigators.at(0) if drawn else action & A_ARG_MASK
    g._event(EV_PICK, seat, inv, drawn)
    resolve.enter_investigator(g, seat, inv)


# ----- midnight --------------------------------------------------------------------------------

def midnight_step(g, i):
    """F_MIDNIGHT, stage a (index b): see the module docstring."""
    st = g._stack
    stage = st.a[i]
    inv = g._decider_inv()
    if stage == 0:
        g._event(EV_MIDNIGHT)
        g._in_midnight = True
        if g._battle:
            g._in_midnight = False
            st.a[i] = MN_ATTACK
            return
        st.a[i] = 1 if not g._clock.first_round() else MN_MYTHOS
        st.b[i] = 0
        return
    if stage == MN_ATTACK:                # the final battle: the attack instead of effects and mythos
        st.a[i] = MN_REFRESH
        st.push(F_ATTACK)
        return
    if stage == 1:                        # the adventures in play
        s = st.b[i]
        while s < g._slots.n:
            if g._slots.on[s]:
                code = g._data.adventures[g._slots.card[s]].midnight
                if code:
                    st.b[i] = s + 1
                    st.push(F_RUN, 0, len(code), inv, 1, code)
                    return
            s += 1
        st.a[i] = 2
        st.b[i] = 0
        return
    if stage == 2:                        # the mythos card, then those still in effect
        k = st.b[i]
        while k <= g._nlasting:
            m = g._mythos if k == 0 else g._lasting[k - 1]
            k += 1
            if m >= 0 and g._data.mythos[m].midnight:
                code = g._data.mythos[m].midnight
                st.b[i] = k
                st.push(F_RUN, 0, len(code), inv, 1, code)
                return
        st.a[i] = MN_MYTHOS
        resolve.fire(g, E.T_MIDNIGHT, inv)
        return
    if stage == MN_MYTHOS:
        st.a[i] = MN_REFRESH
        st.push(F_MYTHOS)
        return
    g._inv.refresh_day()                  # MN_REFRESH: once-per-day abilities refresh
    g._in_midnight = False
    st.pop()


def mythos_step(g, i):
    """F_MYTHOS: the old card to the bottom (or kept in effect while it lasts), the next one
    revealed: its lock icon, its immediate effect."""
    st = g._stack
    st.pop()
    d = g._data
    old = g._mythos
    if old >= 0:
        pool.free_mythos_locks(g)
        k = 0
        while k < g._nlasting:
            left = g._lasting_left[k]
            if left != FOREVER:
                left -= 1
                g._lasting_left[k] = left
            if left == 0:
                g._event(EV_EXPIRED, g._lasting[k])
                g._decks.mythos.bottom(g._lasting[k])
                for j in range(k, g._nlasting - 1):
                    g._lasting[j] = g._lasting[j + 1]
                    g._lasting_left[j] = g._lasting_left[j + 1]
                g._nlasting -= 1
            else:
                k += 1
        lasts = d.mythos[old].lasts_n
        if lasts != 1 and g._nlasting < len(g._lasting):
            g._lasting[g._nlasting] = old
            g._lasting_left[g._nlasting] = FOREVER if lasts == 0 else lasts - 1
            g._nlasting += 1
            g._event(EV_LASTING, old)
        else:
            g._decks.mythos.bottom(old)
    g._mythos = g._decks.mythos.draw()
    m = d.mythos[g._mythos]
    g._event(EV_MYTHOS, g._mythos)
    if m.immediate:
        st.push(F_RUN, 0, len(m.immediate), g._decider_inv(), 1, m.immediate)
    if m.lock_colour >= 0:
        pool.add_lock(g, m.lock_colour, 1, 0)
