"""Every Panic! card: drawn in the draw step, played at once, discarded (the card texts are in the deck
file's notes; choices the card gives are the players' actions).

  Revelations         from the active player on, in order, each player reveals the hand or not; it
                      stops at the first who shows an Infected! (only that card is shown)
  Rotten ropes        every Quarantine is discarded
  Get out of here!    swap seats with any player not in Quarantine (not if the player is in Quarantine)
  Forgetful           discard 3 cards (one at a time), draw 3 Stay Away! cards
  One, two...         swap seats with the 3rd player to the left or the right (the player's choice),
                      Locked doors ignored; not with a player in Quarantine, nor while in Quarantine
  ...three, four...   every Locked door is discarded
  Is this the party?  every Quarantine and Locked door is discarded; then from the active player,
                      clockwise, players swap seats in pairs (the last stays when the count is odd)
  Just between us...  show the hand to an adjacent player of the player's choice
  Round and round     everyone, in order, chooses a card; all pass at once to the next player in the
                      current direction, obstacles ignored, no defence; The Thing infects this way;
                      the turn ends (no exchange)
  Can't we be friends? exchange a card with any player not in Quarantine; then the turn's exchange
  Blind date          swap a card of the hand with the pile's top card (Panic! cards on top discarded
                      unseen); the turn ends
  Oops!               show the hand to everyone
Seat swaps follow the rulebook's rule: the player exchanges from the new seat, and the player swapped
with plays next. A card with no possible target has no effect (E_NO_EFFECT).
"""

from .defs import (NOBODY, NO_CARD, MASK_ALL, HAND_MAX, INFECTED, HUMAN, THE_THING, QUARANTINE, LOCKED_DOOR,
                   REVELATIONS, ROTTEN_ROPES, GET_OUT, FORGETFUL, ONE_TWO, THREE_FOUR, PARTY, BETWEEN_US,
                   ROUND_AND_ROUND, FRIENDS, BLIND_DATE, OOPS, PH_REVELATIONS, PH_TARGET, PH_FORGET, PH_ROUND,
                   PH_BLIND, R_PLAYING, X_FRIENDS, E_NO_REVEAL, E_QUARANTINE_END, E_DOOR_END, E_NO_EFFECT,
                   E_GIVE, E_TO_PILE, E_TAKE, SH_REVELATIONS, SH_OOPS, SH_BETWEEN, DR_FORGETFUL, A_TARGET)
from .core import (adjacent_open, can_give_any, check_thing_drawn, count_in_hand, discard, discard_from,
                   draw_into, draw_stay_away, event, hand_add, hand_remove, living, mask_of, may_part,
                   neighbour, next_player, nth_neighbour, parted)
from . import cards, exchange, turn


def play_panic(st, c):
    p = st.active
    st.ctx_card = c
    if c == REVELATIONS:
        st.ctx_a = p
        st.ctx_n = 0
        st.phase = PH_REVELATIONS
        st.actor = p
        return
    if c == GET_OUT or c == ONE_TWO or c == BETWEEN_US or c == FRIENDS:
        if panic_targets(st, p, c, None, 0):
            st.phase = PH_TARGET
            st.actor = p
            return
        event(st, E_NO_EFFECT, p, NOBODY, c, MASK_ALL)
    elif c == FORGETFUL:
        st.ctx_n = 3
        st.ctx_flag = 0
        if forget_options(st, p):
            st.phase = PH_FORGET
            st.actor = p
            return
        event(st, E_NO_EFFECT, p, NOBODY, c, MASK_ALL)
    elif c == ROTTEN_ROPES:
        clear_quarantines(st, p)
    elif c == THREE_FOUR:
        clear_doors(st, p)
    elif c == PARTY:
        clear_quarantines(st, p)
        clear_doors(st, p)
        party(st, p)
    elif c == OOPS:
        turn.show_hand(st, p, MASK_ALL, SH_OOPS)
    elif c == ROUND_AND_ROUND:
        begin_round(st, p)
        return
    elif c == BLIND_DATE:
        if forget_options(st, p):
            st.phase = PH_BLIND
            st.actor = p
            return
        event(st, E_NO_EFFECT, p, NOBODY, c, MASK_ALL)
        turn.end_turn(st)
        return
    turn.begin_exchange(st)


# ----- targets -------------------------------------------------------------------------------

def panic_targets(st, p, c, buf, n):
    """With buf None: the number of targets of Panic! card c for p; else append A_TARGET actions."""
    count = 0
    if c == ONE_TWO:
        if st.quar[p]:
            return n if buf is not None else 0
        left = nth_neighbour(st, p, 0, 3)
        right = nth_neighbour(st, p, 1, 3)
        for q in range(st.players):
            if (q == left or q == right) and q != p and st.alive[q] and not st.quar[q]:
                if buf is not None:
                    buf[n] = A_TARGET + q
                    n += 1
                count += 1
        return n if buf is not None else count
    for q in range(st.players):
        if not st.alive[q] or q == p:
            continue
        if c == BETWEEN_US:
            ok = adjacent_open(st, p, q)
        elif c == GET_OUT:
            ok = not st.quar[p] and cards.far_target_ok(st, p, q, 1)
        else:   # FRIENDS
            ok = cards.far_target_ok(st, p, q, 0) and not (st.options.house_quarantine and st.quar[p])
        if ok:
            if buf is not None:
                buf[n] = A_TARGET + q
                n += 1
            count += 1
    return n if buf is not None else count


def panic_target(st, q):
    p = st.active
    c = st.ctx_card
    if c == GET_OUT or c == ONE_TWO:
        turn.swap_seats(st, p, q)
        st.partner = q
    elif c == BETWEEN_US:
        turn.show_hand(st, p, 1 << q, SH_BETWEEN)
    elif c == FRIENDS:
        exchange.begin_offer(st, p, q, X_FRIENDS)
        return
    turn.begin_exchange(st)


# ----- Revelations ---------------------------------------------------------------------------

def reveal(st, yes):
    q = st.actor
    if yes:
        if count_in_hand(st, q, INFECTED):
            turn.show(st, q, INFECTED, MASK_ALL, SH_REVELATIONS)
            turn.begin_exchange(st)
            return
        turn.show_hand(st, q, MASK_ALL, SH_REVELATIONS)
        if st.result != R_PLAYING:
            return
    else:
        event(st, E_NO_REVEAL, q, NOBODY, NO_CARD, MASK_ALL)
    st.ctx_n += 1
    nxt = next_player(st, q)
    if nxt == st.ctx_a or st.ctx_n >= living(st):
        turn.begin_exchange(st)
        return
    st.actor = nxt


# ----- Forgetful and Blind date --------------------------------------------------------------

def forget_options(st, p):
    base = p * HAND_MAX
    for i in range(st.hand_n[p]):
        if may_part(st, p, st.hand[base + i], NOBODY):
            return True
    return False


def forget(st, t):
    p = st.active
    discard_from(st, p, t, DR_FORGETFUL)
    st.ctx_n -= 1
    st.ctx_flag += 1
    if st.ctx_n and forget_options(st, p):
        return
    for _ in range(st.ctx_flag):
        draw_into(st, p, DR_FORGETFUL)
    turn.begin_exchange(st)


def blind(st, t):
    p = st.active
    hand_remove(st, p, t)
    parted(st, p, t)
    c = draw_stay_away(st, p)
    st.pile[st.pile_n] = t
    st.pile_n += 1
    event(st, E_TO_PILE, p, NOBODY, t, mask_of(st, p))
    if c != NO_CARD:
        hand_add(st, p, c)
        event(st, E_TAKE, p, NOBODY, c, mask_of(st, p))
        check_thing_drawn(st, p, c)
    turn.end_turn(st)


# ----- the table -----------------------------------------------------------------------------

def clear_quarantines(st, p):
    for q in range(st.players):
        if st.quar[q]:
            st.quar[q] = 0
            discard(st, QUARANTINE, True)
            event(st, E_QUARANTINE_END, p, q, QUARANTINE, MASK_ALL)


def clear_doors(st, p):
    for g in range(st.players):
        if st.door[g]:
            st.door[g] = 0
            discard(st, LOCKED_DOOR, True)
            event(st, E_DOOR_END, p, g, LOCKED_DOOR, MASK_ALL)


def party(st, p):
    """From p clockwise, pairs of players swap seats; the player swapped with p plays next."""
    a = p
    for _ in range(living(st) // 2):
        b = neighbour(st, a, 0)
        nxt = neighbour(st, b, 0)
        turn.swap_seats(st, a, b)
        if a == p:
            st.partner = b
        a = nxt


# ----- Round and round -----------------------------------------------------------------------

def begin_round(st, p):
    """Players who could pass nothing (only Infected! cards) are out first: total infection."""
    again = True
    while again and st.result == R_PLAYING:
        again = False
        for q in range(st.players):
            if st.alive[q] and st.result == R_PLAYING and not can_give_any(st, q, next_player(st, q)):
                turn.total_infection(st, q)
                again = True
    if st.result != R_PLAYING:
        return
    for q in range(st.players):
        st.passes[q] = NO_CARD
    first = p if st.alive[p] else next_player(st, p)
    st.ctx_a = first
    st.ctx_n = 0
    st.phase = PH_ROUND
    st.actor = first


def pass_card(st, t):
    q = st.actor
    hand_remove(st, q, t)
    st.passes[q] = t
    st.ctx_n += 1
    nxt = next_player(st, q)
    if nxt != st.ctx_a and st.ctx_n < living(st):
        st.actor = nxt
        return
    # every card passes at once
    for g in range(st.players):
        if st.alive[g] and st.passes[g] != NO_CARD:
            r = next_player(st, g)
            c = st.passes[g]
            parted(st, g, c)
            hand_add(st, r, c)
            mask = MASK_ALL if (st.quar[g] or st.quar[r]) else ((1 << g) | (1 << r))
            event(st, E_GIVE, g, r, c, mask)
    for g in range(st.players):
        c = st.passes[g]
        st.passes[g] = NO_CARD
        if c == INFECTED and st.alive[g] and st.role[g] == THE_THING:
            r = next_player(st, g)
            if st.role[r] == HUMAN:
                turn.infect(st, r)
    turn.end_turn(st)
