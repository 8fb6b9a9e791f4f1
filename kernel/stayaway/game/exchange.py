"""Exchanges: the offer face down, the answer, the defence cards against an exchange, Missed!, and
infection.

An exchange (turn step 3, Seduction, Can't we be friends?) is two decisions: the offerer chooses the
card they offer (it lies face down between the two: `offer_card`), then the receiver, who has not seen
it, answers with a card of their own or refuses with No thanks!, Scary (and sees the refused card) or
Missed! (the next player after them exchanges instead; an Infected! received that way does not
infect). A defence card is discarded face up and its player draws a replacement at once. Cards a
player may not give (defs/core.may_give) are never offered or answered with; a player left with none
(only Infected! cards) shows the hand and is eliminated: total infection.

Both cards become known to both players when the exchange is made; when either player is in
Quarantine, both are shown to everyone. Only The Thing infects: a Human who receives an Infected! from
The Thing (offered or answered) becomes Infected.
"""

from .defs import (NO_CARD, MASK_ALL, INFECTED, HUMAN, THE_THING, SCARY, MISSED, PH_OFFER, PH_ANSWER,
                   R_PLAYING, X_FRIENDS, E_OFFER, E_GIVE, E_DEFEND, E_SHOW, E_NO_EXCHANGE, SH_SCARY, DR_REPLACE)
from .core import (blocked, can_give_any, discard, draw_into, event, hand_add, hand_remove, next_player,
                   parted)
from . import turn


def begin_offer(st, a, b, kind):
    st.ctx_kind = kind
    st.ctx_a = a
    st.ctx_b = b
    st.ctx_flag = 0
    if not can_give_any(st, a, b):
        turn.total_infection(st, a)
        after_exchange(st)
        return
    st.phase = PH_OFFER
    st.actor = a


def offer(st, t):
    a = st.ctx_a
    b = st.ctx_b
    hand_remove(st, a, t)
    st.offer_card = t
    event(st, E_OFFER, a, b, t, MASK_ALL if (st.quar[a] or st.quar[b]) else (1 << a))
    begin_answer(st, b)


def begin_answer(st, b):
    st.ctx_b = b
    if not can_give_any(st, b, st.ctx_a):
        turn.total_infection(st, b)
        return_offer(st)
        after_exchange(st)
        return
    st.phase = PH_ANSWER
    st.actor = b


def answer(st, t):
    a = st.ctx_a
    b = st.ctx_b
    c = st.offer_card
    st.offer_card = NO_CARD
    hand_remove(st, b, t)
    parted(st, a, c)
    parted(st, b, t)
    hand_add(st, b, c)
    hand_add(st, a, t)
    mask = MASK_ALL if (st.quar[a] or st.quar[b]) else ((1 << a) | (1 << b))
    event(st, E_GIVE, a, b, c, mask)
    event(st, E_GIVE, b, a, t, mask)
    role = st.role
    if c == INFECTED and role[a] == THE_THING and role[b] == HUMAN and not st.ctx_flag:
        turn.infect(st, b)
    if t == INFECTED and role[b] == THE_THING and role[a] == HUMAN:
        turn.infect(st, a)
    after_exchange(st)


def defend_exchange(st, t):
    a = st.ctx_a
    b = st.ctx_b
    hand_remove(st, b, t)
    discard(st, t, True)
    event(st, E_DEFEND, b, a, t, MASK_ALL)
    if t == SCARY:
        event(st, E_SHOW, a, SH_SCARY, st.offer_card, (1 << b) | (1 << a))
    draw_into(st, b, DR_REPLACE)
    if t == MISSED:
        c = next_player(st, b)
        barred = blocked(st, b, st.direction) or \
            (st.options.house_quarantine and st.quar[c] != 0)
        if c == a or c == b or barred:
            event(st, E_NO_EXCHANGE, a, c, NO_CARD, MASK_ALL)
        else:
            st.ctx_flag = 1
            event(st, E_OFFER, a, c, st.offer_card,
                       MASK_ALL if (st.quar[a] or st.quar[c]) else (1 << a))
            begin_answer(st, c)
            return
    return_offer(st)
    after_exchange(st)


def return_offer(st):
    if st.offer_card != NO_CARD:
        hand_add(st, st.ctx_a, st.offer_card)
        st.offer_card = NO_CARD


def after_exchange(st):
    if st.result != R_PLAYING:
        return
    if st.ctx_kind == X_FRIENDS:
        st.ctx_kind = 0
        turn.begin_exchange(st)
    else:
        turn.end_turn(st)
