"""The board: a movement step (evading a monster on leaving, the lock card on entering a room, the
horror checks on arriving), monsters moved by the keeper, and the pending horror checks. No
allocation.

A movement step is spent when it starts, whatever happens (the seed: a failed lock spends it).
The pipeline: `move_start` -> evade test when a monster shares the space (`evade`) -> the lock of a
room being entered (`after_evade`: revealed, then discard the card it names, or a test, or a puzzle)
-> `enter` (horror checks queued for each monster there) or `stay`.
"""

from . import checks, effects
from .consts import (NONE, MAX_MONSTERS, ST_ALIVE, CTX_TURN, PH_LOCK, R_CARD, R_TEST, R_PUZZLE,
                     P_EVADE, P_LOCK_TEST, P_LOCK_PUZZLE, P_HORROR, WH_DISCARD,
                     V_REVEAL, V_DISCARD, V_ENTER, V_STAY, V_LOCKED_OUT, V_MONSTER_MOVE)
from .state import G_PHASE, G_ACTOR, G_TURN, G_MOVES, G_ACTIONS, G_MV_DEST, G_MV_RUN, G_CTX, G_HQ_N


def move_start(st, dest, run):
    """The turn's investigator starts a movement step (run: the run action) towards dest."""
    g = st.g
    seat = g[G_TURN]
    if run:
        g[G_ACTIONS] -= 1
    else:
        g[G_MOVES] -= 1
    g[G_MV_DEST] = dest
    g[G_MV_RUN] = run
    g[G_CTX] = CTX_TURN
    m = effects.strongest_aware(st, st.s_space[seat]) if st.opt_evade else NONE
    if m != NONE:
        checks.begin(st, seat, st.story.evade_attr, st.story.type_aware[st.m_type[m]] - 128, P_EVADE, m, 0, 0)
        return
    after_evade(st)


def evade_failed(st, m):
    """Documented choice `evade`: a failed evade costs the monster's damage and the step."""
    seat = st.g[G_TURN]
    t = st.m_type[m]
    if t != NONE:
        effects.hurt(st, seat, st.story.type_damage[t], 0)
    stay(st)


def lock_key(st, seat, lock, c):
    """True when card c, held by seat, gets the investigator through `lock`: the card the lock
    names, or a key that names the lock."""
    if not st.holds(seat, c):
        return False
    story = st.story
    return (story.req_kind[lock] == R_CARD and story.req_a[lock] == c) or story.card_opens[c] == lock


def has_lock_key(st, seat, lock):
    for c in range(st.story.ncards):
        if lock_key(st, seat, lock, c):
            return True
    return False


def after_evade(st):
    g = st.g
    seat = g[G_TURN]
    dest = g[G_MV_DEST]
    room = st.room_of(dest)
    lock = st.lock[room]
    if lock != NONE and st.room_of(st.s_space[seat]) != room:
        if not st.lock_up[room]:
            st.lock_up[room] = 1
            st.record(V_REVEAL, lock, seat)
        if has_lock_key(st, seat, lock):
            g[G_PHASE] = PH_LOCK
            g[G_ACTOR] = seat
            return
        attempt_lock(st)
        return
    enter(st)


def attempt_lock(st):
    """Resolve the entered room's lock without a card: a test or a puzzle; a lock that names a card
    keeps the investigator out."""
    g = st.g
    seat = g[G_TURN]
    story = st.story
    lock = st.lock[st.room_of(g[G_MV_DEST])]
    kind = story.req_kind[lock]
    if kind == R_TEST:
        checks.begin(st, seat, story.req_a[lock], story.req_b[lock] - 128, P_LOCK_TEST, lock, 0, 0)
    elif kind == R_PUZZLE:
        checks.begin(st, seat, story.puzzle_attr, -story.req_b[lock], P_LOCK_PUZZLE, lock, 0, 0)
    else:
        st.record(V_LOCKED_OUT, seat, lock)
        stay(st)


def unlock(st, c):
    """Discard the card for the lock: the lock card is discarded too, and the investigator enters."""
    room = st.room_of(st.g[G_MV_DEST])
    lock = st.lock[room]
    effects.discard(st, c)
    st.lock[room] = NONE
    st.lock_up[room] = 0
    st.c_where[lock] = WH_DISCARD
    st.record(V_DISCARD, lock, 0)
    enter(st)


def lock_solved(st):
    """A puzzle lock solved: discarded; the investigator enters."""
    room = st.room_of(st.g[G_MV_DEST])
    lock = st.lock[room]
    st.lock[room] = NONE
    st.lock_up[room] = 0
    st.c_where[lock] = WH_DISCARD
    st.record(V_DISCARD, lock, 0)
    enter(st)


def enter(st):
    g = st.g
    seat = g[G_TURN]
    dest = g[G_MV_DEST]
    st.s_space[seat] = dest
    st.record(V_ENTER, seat, dest)
    if st.opt_horror:
        for m in range(MAX_MONSTERS):
            if st.m_type[m] != NONE and st.m_space[m] == dest:
                st.hq_push(seat, m)
    g[G_CTX] = CTX_TURN


def stay(st):
    st.record(V_STAY, st.g[G_TURN], st.g[G_MV_DEST])
    st.g[G_CTX] = CTX_TURN


# ----- monsters and horror checks -----------------------------------------------------------------

def monster_step(st, m, dest):
    """The keeper moves monster m one space (monsters ignore lock cards; sealed doors stop them)."""
    st.m_space[m] = dest
    st.record(V_MONSTER_MOVE, m, dest)
    if st.opt_horror:
        for s in range(1, st.players):
            if st.s_state[s] == ST_ALIVE and st.s_space[s] == dest:
                st.hq_push(s, m)


def next_horror(st):
    """Start the first pending horror check that still applies (the investigator alive and the
    monster still in his space); True when a test was started."""
    story = st.story
    while st.g[G_HQ_N] > 0:
        seat = st.hq[0]
        m = st.hq[1]
        st.hq_drop()
        t = st.m_type[m]
        if st.alive(seat) and t != NONE and st.m_space[m] == st.s_space[seat]:
            checks.begin(st, seat, story.horror_attr, story.type_horror[t] - 128, P_HORROR, m, t, 0)
            return True
    return False


def horror_failed(st, seat, t):
    """Documented choice `horror_check`: a failed check costs the monster's horror damage."""
    effects.hurt(st, seat, 0, st.story.type_hdamage[t])
