"""The board: a movement step (the lock card on entering a room, the horror checks on arriving, fire),
evading monsters, monsters moved by the keeper, and the pending horror checks. No allocation.

A movement step is spent when it starts, whatever happens (the seed: a failed lock spends it; and a
room whose lock stopped him is barred to the investigator for the rest of his turn, `failed_lock`).

Evading (documented choice `evade`). First edition (the default): before leaving a space with
monsters, or taking any action but an attack there, the investigator tests against each monster he
has not yet evaded this turn; a failure costs that monster's damage and he goes on. The pending
action waits in G_PEND while the tests run (`begin_evades` -> `evade_done` -> `turn.perform`). The
option evade=leaving is the engine's earlier choice: only to leave, one test against the hardest
monster there, and a failure costs the step.

The movement pipeline: `move_start` -> (evade=leaving: its test) -> the lock of a room being entered
(`after_evade`: revealed, then discard the card it names, or a test, or a puzzle) -> `enter` (horror
checks queued, fire) or `stay` / `locked_out`.

Horror checks (`horror_check`): first edition, when an investigator and a monster come to share a
room, once per monster per turn (hchecked); option space: sharing a space, every time.
"""

from . import checks, effects
from .consts import (NONE, MAX_MONSTERS, ST_ALIVE, CTX_TURN, PH_LOCK, R_CARD, R_TEST, R_PUZZLE,
                     P_EVADE, P_LOCK_TEST, P_LOCK_PUZZLE, P_HORROR, WH_DISCARD,
                     V_REVEAL, V_DISCARD, V_ENTER, V_STAY, V_LOCKED_OUT, V_MONSTER_MOVE, V_BARRED, V_EVADED,
                     V_FIRE_HURT, V_HIDE)
from .state import G_PHASE, G_ACTOR, G_TURN, G_MOVES, G_ACTIONS, G_MV_DEST, G_MV_RUN, G_CTX, G_HQ_N, G_PEND, \
    G_PEND_A, G_PEND_B


# ----- evading (first edition) ---------------------------------------------------------------------

def unevaded(st, seat):
    """The first monster in seat's space he has not evaded this turn (first edition), or NONE."""
    space = st.s_space[seat]
    for m in range(MAX_MONSTERS):
        if st.m_type[m] != NONE and st.m_space[m] == space and not st.m_evaded[m]:
            return m
    return NONE


def needs_evade(st, seat):
    return st.opt_evade_1e and unevaded(st, seat) != NONE


def begin_evades(st, kind, a, b):
    """Hold the action (kind, a, b) until every monster in the space has been evaded."""
    g = st.g
    g[G_PEND] = kind
    g[G_PEND_A] = a
    g[G_PEND_B] = b
    g[G_CTX] = CTX_TURN
    next_evade(st)


def next_evade(st):
    g = st.g
    seat = g[G_TURN]
    m = unevaded(st, seat) if st.alive(seat) else NONE
    if m != NONE:
        checks.begin(st, seat, st.story.evade_attr, st.story.type_aware[st.m_type[m]] - 128, P_EVADE, m, 0, 0)
        return
    kind = g[G_PEND]
    g[G_PEND] = 0
    if st.alive(seat):
        st.perform(kind, g[G_PEND_A], g[G_PEND_B])


def evade_done(st, m, passed):
    """First edition: the monster is evaded for this turn either way; failed, its damage."""
    seat = st.g[G_TURN]
    st.m_evaded[m] = 1
    st.record(V_EVADED, seat, m)
    t = st.m_type[m]
    if not passed and t != NONE:
        effects.hurt(st, seat, st.story.type_damage[t], 0)
    next_evade(st)


# ----- a movement step -----------------------------------------------------------------------------

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
    if st.s_hidden[seat]:                   # leaving his space, he is no longer hiding
        st.s_hidden[seat] = 0
        st.record(V_HIDE, seat, 0)
    m = effects.strongest_aware(st, st.s_space[seat]) if st.opt_evade_leaving else NONE
    if m != NONE:
        checks.begin(st, seat, st.story.evade_attr, st.story.type_aware[st.m_type[m]] - 128, P_EVADE, m, 0, 0)
        return
    after_evade(st)


def evade_failed(st, m):
    """Option evade=leaving: a failed evade costs the monster's damage and the step."""
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
        locked_out(st)


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
    before = st.room_of(st.s_space[seat])
    st.s_space[seat] = dest
    st.record(V_ENTER, seat, dest)
    if st.opt_horror_room:
        if st.room_of(dest) != before:
            for m in range(MAX_MONSTERS):
                if st.m_type[m] != NONE and st.room_of(st.m_space[m]) == st.room_of(dest):
                    queue_horror(st, seat, m)
    elif st.opt_horror:
        for m in range(MAX_MONSTERS):
            if st.m_type[m] != NONE and st.m_space[m] == dest:
                st.hq_push(seat, m)
    if st.fire[dest] and st.story.fire_damage:
        st.record(V_FIRE_HURT, seat, st.story.fire_damage)
        effects.hurt(st, seat, st.story.fire_damage, 0)
    g[G_CTX] = CTX_TURN


def stay(st):
    st.record(V_STAY, st.g[G_TURN], st.g[G_MV_DEST])
    st.g[G_CTX] = CTX_TURN


def locked_out(st):
    """The lock stopped him: the step is spent and the room is barred to him for the rest of the turn."""
    seat = st.g[G_TURN]
    room = st.room_of(st.g[G_MV_DEST])
    st.barred[room] = 1
    st.record(V_BARRED, seat, room)
    stay(st)


def enterable(st, seat, d):
    """A movement step to d is offered: adjacent and passable, and not into a room barred this turn."""
    space = st.s_space[seat]
    if not st.passable(space, d):
        return False
    room = st.room_of(d)
    return not (st.barred[room] and room != st.room_of(space))


# ----- monsters and horror checks -----------------------------------------------------------------

def queue_horror(st, seat, m):
    """First edition: a horror check of seat against monster m, unless already made this turn."""
    i = seat * MAX_MONSTERS + m
    if not st.hchecked[i]:
        st.hchecked[i] = 1
        st.hq_push(seat, m)


def monster_arrives(st, m, before):
    """Monster m has come to its space (from space `before`, NONE when it appears): horror checks for
    the investigators it now shares a room (or, option space, the space) with."""
    space = st.m_space[m]
    for s in range(1, st.players):
        if st.s_state[s] != ST_ALIVE:
            continue
        if st.opt_horror_room:
            room = st.room_of(space)
            if st.room_of(st.s_space[s]) == room and (before == NONE or st.room_of(before) != room):
                queue_horror(st, s, m)
        elif st.opt_horror and st.s_space[s] == space:
            st.hq_push(s, m)


def monster_step(st, m, dest):
    """The keeper moves monster m one space (monsters ignore lock cards; sealed doors stop them)."""
    before = st.m_space[m]
    st.m_space[m] = dest
    st.record(V_MONSTER_MOVE, m, dest)
    monster_arrives(st, m, before)


def next_horror(st):
    """Start the first pending horror check that still applies (the investigator alive and the
    monster still sharing his room, or his space); True when a test was started."""
    story = st.story
    while st.g[G_HQ_N] > 0:
        seat = st.hq[0]
        m = st.hq[1]
        st.hq_drop()
        t = st.m_type[m]
        if not st.alive(seat) or t == NONE:
            continue
        if st.opt_horror_room:
            near = st.room_of(st.m_space[m]) == st.room_of(st.s_space[seat])
        else:
            near = st.m_space[m] == st.s_space[seat]
        if near:
            checks.begin(st, seat, story.horror_attr, story.type_horror[t] - 128, P_HORROR, m, t, 0)
            return True
    return False


def horror_failed(st, seat, t):
    """Documented choice `horror_check`: a failed check costs the monster's horror damage."""
    effects.hurt(st, seat, 0, st.story.type_hdamage[t])
