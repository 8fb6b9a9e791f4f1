"""Conditions a story's data can read (`if:` in effect lists, the `when` of event cards and keeper
action cards): clues found, the keeper's objective, the guide's answers, story flags, event stages
resolved, the objective revealed, investigators killed, and the board's tokens. No allocation.
"""

from .consts import (NONE, MAX_ROOMS, MAX_SPACES, WH_HAND, WH_DISCARD, WH_PILE, T_CLUE, Q_CLUE, Q_OBJECTIVE,
                     Q_ANSWER, Q_FLAG, Q_EVENT, Q_REVEALED, Q_KILLED, Q_DARK, Q_CORPSE, Q_FIRE, Q_INSANE, Q_NOT)
from .state import G_OBJ, G_REVEALED, G_KILLED


def clue_found(st, n):
    """True when a clue card numbered n has been revealed (carried, discarded or lying face up)."""
    story = st.story
    for c in range(story.ncards):
        if story.card_types[c] & T_CLUE and story.card_clue[c] == n:
            w = st.c_where[c]
            if w == WH_HAND or w == WH_DISCARD or (w == WH_PILE and st.c_up[c]):
                return True
    return False


def _any(buf, n):
    for i in range(n):
        if buf[i]:
            return True
    return False


def holds(st, kind, arg):
    """The condition (kind, arg) now; kind 0 always holds."""
    if kind == 0:
        return True
    neg = kind & Q_NOT
    k = kind & 127
    g = st.g
    if k == Q_CLUE:
        v = clue_found(st, arg)
    elif k == Q_OBJECTIVE:
        v = g[G_OBJ] == arg
    elif k == Q_ANSWER:
        v = st.answers[arg >> 4] == (arg & 15)
    elif k == Q_FLAG:
        v = st.flags[arg] != 0
    elif k == Q_EVENT:
        v = st.ev_row[arg] != NONE
    elif k == Q_REVEALED:
        v = g[G_REVEALED] != 0
    elif k == Q_KILLED:
        v = g[G_KILLED] >= arg
    elif k == Q_DARK:
        v = _any(st.dark, MAX_ROOMS)
    elif k == Q_CORPSE:
        v = _any(st.corpse, MAX_SPACES)
    elif k == Q_FIRE:
        v = _any(st.fire, MAX_SPACES)
    elif k == Q_INSANE:
        v = False
        for s in range(1, st.players):
            if st.insane(s):
                v = True
    else:
        v = False
    return not v if neg else v
