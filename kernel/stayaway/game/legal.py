"""The legal actions of each phase, written into a caller's buffer in a fixed order (by action kind,
then card type, then target), and the dispatcher that applies one (to the function of its part
of the rules).

The list depends only on what the deciding player knows: their hand, their role (an Infected knows
The Thing: it infected them), the table, and the pending decision. The Thing may declare at any of its
decisions, so nobody learns anything from when it is asked. A target with no defence card is still
asked (accepting is its one action), so a pause never tells who holds one.
"""

from .defs import (NTYPES, CARD_KIND, K_ACTION, K_OBSTACLE, NOBODY, THING, THE_THING, NO_BARBECUE, COMFORTABLE,
                   SCARY, MISSED, ACT_KIND, A_DISCARD, A_PLAY, A_OFFER, A_ANSWER, A_DEFEND,
                   A_ACCEPT, A_KEEP, A_DECLARE, A_REVEAL, A_TARGET, A_FORGET, A_PASS, A_BLIND, PH_PLAY,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_RESOLUTE, PH_OFFER, PH_ANSWER, PH_REVELATIONS,
                   PH_TARGET, PH_FORGET, PH_ROUND, PH_BLIND, R_PLAYING, DR_CARD, MAX_ACTIONS)
from ...surface import check_buffer
from .core import discard_from, may_give, may_part, next_player, tally
from .cards import play_targets
from .panic import panic_targets
from . import turn, exchange, cards, panic


def legal_actions(st, buf):
    """Write the legal actions into buf (at least MAX_ACTIONS long); return their count."""
    check_buffer(buf, MAX_ACTIONS)
    if st.result != R_PLAYING:
        return 0
    ph = st.phase
    p = st.actor
    n = 0
    tc = tally(st, p)
    if ph == PH_PLAY:
        for t in range(NTYPES):
            if not tc[t]:
                continue
            if may_part(st, p, t, NOBODY):
                buf[n] = A_DISCARD + t
                n += 1
            k = CARD_KIND[t]
            if k == K_ACTION or k == K_OBSTACLE:
                n = play_targets(st, p, t, buf, n)
    elif ph == PH_DEFEND_FLAME or ph == PH_DEFEND_SWAP:
        buf[0] = A_ACCEPT
        n = 1
        d = NO_BARBECUE if ph == PH_DEFEND_FLAME else COMFORTABLE
        if tc[d]:
            buf[1] = A_DEFEND + d
            n = 2
    elif ph == PH_RESOLUTE:
        thing = False
        for i in range(st.res_n):
            if st.res[i] == THING:
                thing = True
        for t in range(NTYPES):
            for i in range(st.res_n):
                if st.res[i] == t and (t == THING or not thing):
                    buf[n] = A_KEEP + t
                    n += 1
                    break
    elif ph == PH_OFFER or ph == PH_ANSWER or ph == PH_ROUND:
        if ph == PH_OFFER:
            to = st.ctx_b
            base = A_OFFER
        elif ph == PH_ANSWER:
            to = st.ctx_a
            base = A_ANSWER
        else:
            to = next_player(st, p)
            base = A_PASS
        for t in range(NTYPES):
            if tc[t] and may_give(st, p, t, to):
                buf[n] = base + t
                n += 1
        if ph == PH_ANSWER:
            for t in range(SCARY, MISSED + 1):       # Scary, No thanks!, Missed!
                if t != COMFORTABLE and tc[t]:
                    buf[n] = A_DEFEND + t
                    n += 1
    elif ph == PH_REVELATIONS:
        buf[0] = A_REVEAL
        buf[1] = A_REVEAL + 1
        n = 2
    elif ph == PH_TARGET:
        n = panic_targets(st, st.active, st.ctx_card, buf, 0)
    elif ph == PH_FORGET or ph == PH_BLIND:
        base = A_FORGET if ph == PH_FORGET else A_BLIND
        for t in range(NTYPES):
            if tc[t] and may_part(st, p, t, NOBODY):
                buf[n] = base + t
                n += 1
    if st.role[p] == THE_THING and st.alive[p]:
        buf[n] = A_DECLARE
        n += 1
    return n


def step(st, action):
    """Apply a legal action (the caller checked it)."""
    kind = action - action % ACT_KIND
    arg = action % ACT_KIND
    if kind == A_DISCARD:
        discard_from(st, st.active, arg, DR_CARD)
        turn.begin_exchange(st)
    elif kind == A_PLAY:
        cards.play(st, arg >> 5, arg & 31)
    elif kind == A_OFFER:
        exchange.offer(st, arg)
    elif kind == A_ANSWER:
        exchange.answer(st, arg)
    elif kind == A_DEFEND:
        if st.phase == PH_ANSWER:
            exchange.defend_exchange(st, arg)
        else:
            cards.defend_play(st, arg)
    elif kind == A_ACCEPT:
        cards.accept_play(st)
    elif kind == A_KEEP:
        cards.keep(st, arg)
    elif kind == A_DECLARE:
        turn.declare(st)
    elif kind == A_REVEAL:
        panic.reveal(st, arg)
    elif kind == A_TARGET:
        panic.panic_target(st, arg)
    elif kind == A_FORGET:
        panic.forget(st, arg)
    elif kind == A_PASS:
        panic.pass_card(st, arg)
    elif kind == A_BLIND:
        panic.blind(st, arg)
