"""The ends of the game: the keeper's objective met (or every investigator killed: the keeper wins),
an event card naming the winner (win:SIDE, the end decided by the objective in play), the
investigators' task met once the objective is revealed (by clue 1, or an event or card that says
so), and the last event resolved with no winner (everyone loses). `check` runs after every step. No
allocation.

Documented choice `objective_precedence`: when a step meets both sides' conditions, the keeper's is
checked first, then an event's word, then the investigators'.
"""

from . import effects
from .consts import (NONE, MAX_MONSTERS, ST_ALIVE, WH_HAND, C_EVENT, C_KILLED, C_REACH, C_KILL,
                     C_ESCAPE, C_BRING, WIN_KEEPER, WIN_INVESTIGATORS, WIN_NOBODY, V_OBJECTIVE, V_WIN)
from .state import (G_OBJ, G_REVEALED, G_WINNER, G_ROUND, G_EVENT_WIN, G_KILLED, G_KILL_FLAG, G_LAST_EVENT,
                    G_FORCED)


def reveal(st):
    """Clue 1 found (or an event or card that says so): the keeper shows his objective (and what it
    sets up, e.g. a monster)."""
    g = st.g
    if g[G_REVEALED]:
        return
    g[G_REVEALED] = 1
    st.record(V_OBJECTIVE, g[G_OBJ], 0)
    effects.apply_list(st, st.story.obj_reveal[g[G_OBJ]], NONE, 0, NONE)


def keeper_met(st):
    g = st.g
    story = st.story
    kind, a, b = story.obj_keeper[g[G_OBJ]]
    if kind == C_EVENT:
        return g[G_EVENT_WIN] != 0
    if kind == C_KILLED:
        return g[G_KILLED] >= a
    if kind == C_REACH:
        for m in range(MAX_MONSTERS):
            if st.m_type[m] == a and story.space_room[st.m_space[m]] == b:
                return True
    return False


def investigators_met(st):
    g = st.g
    if not g[G_REVEALED]:
        return False
    story = st.story
    kind, a, b = story.obj_inv[g[G_OBJ]]
    if kind == C_KILL:
        return g[G_KILL_FLAG] != 0
    if kind == C_ESCAPE:
        for s in range(1, st.players):
            if st.s_state[s] == ST_ALIVE and st.s_space[s] == a:
                return True
        return False
    if kind == C_BRING:
        if st.c_where[a] != WH_HAND:
            return False
        s = st.c_owner[a]
        return st.alive(s) and story.space_room[st.s_space[s]] == b
    return False


def check(st):
    g = st.g
    if g[G_WINNER] or g[G_ROUND] == 0:
        return
    anyone = False
    for s in range(1, st.players):
        if st.s_state[s] == ST_ALIVE:
            anyone = True
    if not anyone or keeper_met(st):
        g[G_WINNER] = WIN_KEEPER
    elif g[G_FORCED]:
        g[G_WINNER] = g[G_FORCED]
    elif investigators_met(st):
        g[G_WINNER] = WIN_INVESTIGATORS
    elif g[G_LAST_EVENT]:
        g[G_WINNER] = WIN_NOBODY
    if g[G_WINNER]:
        st.record(V_WIN, g[G_WINNER], 0)
