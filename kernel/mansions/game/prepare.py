"""Setup: the keeper answers the keeper's guide (question 1 is his objective; the answers seed the
rooms' exploration, obstacle and lock cards), then each investigator player in seat order chooses an
investigator and keeps two of his trait cards (their skill points and starting items or spells);
the figures go to the story's start space.

The seed has both sides prepare at once without basing choices on the other's (or the investigators
after the board is set up): the keeper answers first and his answers stay hidden; the investigators
see only the seeded rooms' card backs and counts, never his objective (documented choice
`setup_order`). No allocation after construction.
"""

from .consts import (NONE, NATTR, PH_GUIDE, PH_PICK_INV, PH_PICK_TRAIT, ST_ALIVE, K_LOCK, WH_LOCK,
                     A_ANSWER, A_INVESTIGATOR, A_TRAIT)
from .state import G_PHASE, G_ACTOR, G_Q, G_OBJ, G_PICKS


def _act(kind, a, b):
    return (kind << 16) | (a << 8) | b


def legal(st, ph, buf):
    story = st.story
    g = st.g
    n = 0
    if ph == PH_GUIDE:
        q = g[G_Q]
        for a in range(story.answers[q]):
            buf[n] = _act(A_ANSWER, q, a)
            n += 1
    elif ph == PH_PICK_INV:
        seat = g[G_Q]
        for i in range(story.ninv):
            taken = False
            for s in range(1, seat):
                if st.s_inv[s] == i:
                    taken = True
            if not taken:
                buf[n] = _act(A_INVESTIGATOR, i, 0)
                n += 1
    elif ph == PH_PICK_TRAIT:
        seat = g[G_Q]
        inv = st.s_inv[seat]
        for t in range(story.ntraits):
            if story.tr_inv[t] == inv and st.s_trait[seat * 2] != t:
                buf[n] = _act(A_TRAIT, t, 0)
                n += 1
    return n


def act(st, ph, kind, a, b):
    g = st.g
    story = st.story
    if kind == A_ANSWER:
        st.answers[a] = b
        if a + 1 < story.nquestions:
            g[G_Q] = a + 1
            g[G_PHASE] = PH_GUIDE
            g[G_ACTOR] = 0
            return
        seed_rooms(st)
        g[G_OBJ] = st.answers[0]
        g[G_Q] = 1
        g[G_PHASE] = PH_PICK_INV
        g[G_ACTOR] = 1
    elif kind == A_INVESTIGATOR:
        st.s_inv[g[G_Q]] = a
        g[G_PICKS] = 0
        g[G_PHASE] = PH_PICK_TRAIT
    elif kind == A_TRAIT:
        seat = g[G_Q]
        st.s_trait[seat * 2 + g[G_PICKS]] = a
        g[G_PICKS] += 1
        if g[G_PICKS] < 2:
            g[G_PHASE] = PH_PICK_TRAIT
            return
        if seat + 1 < st.players:
            g[G_Q] = seat + 1
            g[G_PHASE] = PH_PICK_INV
            g[G_ACTOR] = seat + 1
            return
        place_investigators(st)
        st.start_round()


def seed_rooms(st):
    """The rooms' piles from the guide's answers: the first card listed for a room is the top."""
    story = st.story
    for i in range(len(story.pile_card) - 1, -1, -1):
        if not story.placed(i, st.answers):
            continue
        c = story.pile_card[i]
        r = story.pile_room[i]
        if story.card_kind[c] == K_LOCK:
            st.lock[r] = c
            st.c_where[c] = WH_LOCK
            st.c_room[c] = r
        else:
            st.pile_push(r, c, 0)


def place_investigators(st):
    """Figures on the start space; attributes from the investigator's line, each replaced by a kept
    trait's where it gives one (documented choice `traits`); skill points and starting items or spells
    from the two traits."""
    story = st.story
    for s in range(1, st.players):
        st.s_space[s] = story.start
        st.s_state[s] = ST_ALIVE
        inv = st.s_inv[s]
        for a in range(NATTR):
            st.s_attr[s * NATTR + a] = story.inv_attr[inv * NATTR + a]
        if st.opt_traits:
            for k in range(2):
                t = st.s_trait[s * 2 + k]
                for a in range(NATTR):
                    v = story.tr_attr[t * NATTR + a]
                    if v != NONE:
                        st.s_attr[s * NATTR + a] = v
        skill = 0
        for k in range(2):
            t = st.s_trait[s * 2 + k]
            skill += story.tr_skill[t]
            c = story.tr_item[t]
            if c != NONE:
                st.to_hand(c, s)
        st.s_skill[s] = skill
