"""The investigators' part of the round: who goes next (they choose), and an investigator's turn of
two movement steps and one action step in any order, none mandatory. The actions: run, card ability,
drop, attack (weapon, spell or bare hands; the combat card drawn for the monster's class) and
explore (the room's cards revealed one by one from the top). With a monster in the space, attack is
the only action (the run action and the movement steps leave it by evading).

`legal(st, buf)` lists the actions of the turn's phases (order, turn, drop, lock, obstacle, pickup,
reroll); `act(st, ph, kind, a, b)` applies one. Continuations called by the state's resume loop:
`continue_turn`, `explore_next`. No allocation.
"""

from . import board, checks, effects
from .consts import (NONE, MAX_MONSTERS, PILE_CAP, ST_ALIVE, CTX_TURN, CTX_EXPLORE,
                     PH_ORDER, PH_TURN, PH_DROP, PH_LOCK, PH_OBSTACLE, PH_PICKUP, PH_REROLL,
                     A_NEXT, A_MOVE, A_RUN, A_EXPLORE, A_ATTACK, A_DROP, A_DROP_DONE, A_ABILITY, A_END,
                     A_REROLL, A_ACCEPT, A_UNLOCK, A_GIVE_UP, A_USE_KEY, A_PUZZLE, A_STOP, A_TAKE,
                     A_LEAVE, K_OBSTACLE, K_EXPLORATION, K_ITEM, T_CLUE, T_NOTHING, R_TEST,
                     R_PUZZLE, W_NONE, W_SPELL, W_UNARMED, E_HIT, P_ATTACK, P_SPELL, P_OBSTACLE,
                     V_REVEAL, V_TAKE, V_COMBAT, V_DROP, V_ROUND, V_LOCKED_OUT)
from .state import (G_PHASE, G_ACTOR, G_ROUND, G_TURN, G_MOVES, G_ACTIONS, G_CTX, G_X_ROOM, G_X_POS,
                    G_DROPPING, G_MV_DEST, G_COMBAT, G_T_SEAT, G_T_P1, G_T_P2, G_T_P3, G_KSTEP)
from . import victory


def _act(kind, a, b):
    return (kind << 16) | (a << 8) | b


# ----- the order of turns --------------------------------------------------------------------------

def start_round(st):
    g = st.g
    g[G_ROUND] += 1
    g[G_KSTEP] = 0
    for s in range(st.players):
        st.s_done[s] = 0
    st.record(V_ROUND, g[G_ROUND], 0)
    next_turn(st)


def next_turn(st):
    """The next investigator's turn: the investigators choose among those yet to play (the lowest
    such seat speaks for them, documented choice `turn_order`); the keeper's turn after the last."""
    first = NONE
    count = 0
    for s in range(1, st.players):
        if st.s_state[s] == ST_ALIVE and not st.s_done[s]:
            count += 1
            if first == NONE:
                first = s
    if count == 0:
        st.keeper_begin()
    elif count == 1:
        start_turn(st, first)
    else:
        st.g[G_PHASE] = PH_ORDER
        st.g[G_ACTOR] = first


def start_turn(st, seat):
    """Two movement steps and one action step; a stunned investigator loses his action step
    (documented choice `stun`; the option stun=skip-turn loses the whole turn)."""
    g = st.g
    g[G_TURN] = seat
    g[G_MOVES] = 2
    g[G_ACTIONS] = 1
    g[G_DROPPING] = 0
    if st.s_stun[seat]:
        g[G_ACTIONS] = 0
        if st.opt_stun_skips:
            g[G_MOVES] = 0
    g[G_CTX] = CTX_TURN
    continue_turn(st)


def continue_turn(st):
    g = st.g
    seat = g[G_TURN]
    if not st.alive(seat) or (g[G_MOVES] == 0 and g[G_ACTIONS] == 0):
        st.s_done[seat] = 1
        next_turn(st)
        return
    g[G_PHASE] = PH_TURN
    g[G_ACTOR] = seat


# ----- legal actions ---------------------------------------------------------------------------------

def droppable(st, seat, c):
    kind = st.story.card_kind[c]
    return st.holds(seat, c) and (kind == K_EXPLORATION or kind == K_ITEM)


def legal(st, ph, buf):
    g = st.g
    story = st.story
    n = 0
    if ph == PH_ORDER:
        for s in range(1, st.players):
            if st.s_state[s] == ST_ALIVE and not st.s_done[s]:
                buf[n] = _act(A_NEXT, s, 0)
                n += 1
        return n
    if ph == PH_REROLL:
        buf[0] = _act(A_REROLL, 0, 0)
        buf[1] = _act(A_ACCEPT, 0, 0)
        return 2
    seat = g[G_TURN]
    if ph == PH_TURN:
        space = st.s_space[seat]
        room = st.room_of(space)
        ns = story.nspaces
        if g[G_MOVES] > 0:
            for d in range(ns):
                if st.passable(space, d):
                    buf[n] = _act(A_MOVE, d, 0)
                    n += 1
        if g[G_ACTIONS] > 0:
            for d in range(ns):
                if st.passable(space, d):
                    buf[n] = _act(A_RUN, d, 0)
                    n += 1
            engaged = False
            for m in range(MAX_MONSTERS):
                if st.m_type[m] != NONE and st.m_space[m] == space:
                    engaged = True
                    buf[n] = _act(A_ATTACK, m, NONE)
                    n += 1
                    for c in range(story.ncards):
                        if st.holds(seat, c) and story.atk_kind[c] != W_NONE:
                            buf[n] = _act(A_ATTACK, m, c)
                            n += 1
            if not engaged:
                if st.pile_n[room] > 0:
                    buf[n] = _act(A_EXPLORE, 0, 0)
                    n += 1
                if st.pile_n[room] < PILE_CAP:
                    for c in range(story.ncards):
                        if droppable(st, seat, c):
                            buf[n] = _act(A_DROP, c, 0)
                            n += 1
                for c in range(story.ncards):
                    if st.holds(seat, c) and story.card_ability[c] != 0xFFFF:
                        buf[n] = _act(A_ABILITY, c, 0)
                        n += 1
        buf[n] = _act(A_END, 0, 0)
        return n + 1
    if ph == PH_DROP:
        if st.pile_n[st.room_of(st.s_space[seat])] < PILE_CAP:
            for c in range(story.ncards):
                if droppable(st, seat, c):
                    buf[n] = _act(A_DROP, c, 0)
                    n += 1
        buf[n] = _act(A_DROP_DONE, 0, 0)
        return n + 1
    if ph == PH_LOCK:
        lock = st.lock[st.room_of(g[G_MV_DEST])]
        for c in range(story.ncards):
            if board.lock_key(st, seat, lock, c):
                buf[n] = _act(A_UNLOCK, c, 0)
                n += 1
        kind = story.req_kind[lock]
        if kind == R_TEST or kind == R_PUZZLE:
            buf[n] = _act(A_PUZZLE, 0, 0)
            n += 1
        buf[n] = _act(A_GIVE_UP, 0, 0)
        return n + 1
    if ph == PH_OBSTACLE:
        ob = top_card(st)
        for c in range(story.ncards):
            if st.holds(seat, c) and story.card_opens[c] == ob:
                buf[n] = _act(A_USE_KEY, c, 0)
                n += 1
        if story.req_kind[ob] == R_PUZZLE:
            buf[n] = _act(A_PUZZLE, 0, 0)
            n += 1
        buf[n] = _act(A_STOP, 0, 0)
        return n + 1
    if ph == PH_PICKUP:
        buf[0] = _act(A_TAKE, 0, 0)
        buf[1] = _act(A_LEAVE, 0, 0)
        return 2
    return 0


# ----- applying ---------------------------------------------------------------------------------------

def act(st, ph, kind, a, b):
    g = st.g
    seat = g[G_TURN]
    if kind == A_NEXT:
        start_turn(st, a)
    elif kind == A_MOVE:
        board.move_start(st, a, 0)
    elif kind == A_RUN:
        board.move_start(st, a, 1)
    elif kind == A_END:
        st.s_done[seat] = 1
        next_turn(st)
    elif kind == A_EXPLORE:
        g[G_ACTIONS] -= 1
        g[G_X_ROOM] = st.room_of(st.s_space[seat])
        g[G_X_POS] = 0
        g[G_CTX] = CTX_EXPLORE
    elif kind == A_ATTACK:
        attack(st, seat, a, b)
    elif kind == A_ABILITY:
        g[G_ACTIONS] -= 1
        g[G_CTX] = CTX_TURN
        effects.apply_list(st, st.story.card_ability[a], seat, 0, a)
    elif kind == A_DROP:
        if not g[G_DROPPING]:
            g[G_ACTIONS] -= 1
            g[G_DROPPING] = 1
        room = st.room_of(st.s_space[seat])
        st.pile_push(room, a, 1)
        st.record(V_DROP, a, room)
        g[G_PHASE] = PH_DROP
        g[G_ACTOR] = seat
    elif kind == A_DROP_DONE:
        g[G_DROPPING] = 0
        g[G_CTX] = CTX_TURN
    elif kind == A_REROLL:
        checks.reroll(st)
    elif kind == A_ACCEPT:
        checks.finish(st, False)
    elif kind == A_UNLOCK:
        board.unlock(st, a)
    elif kind == A_GIVE_UP:
        st.record(V_LOCKED_OUT, seat, st.lock[st.room_of(g[G_MV_DEST])])
        board.stay(st)
    elif kind == A_PUZZLE:
        if ph == PH_LOCK:
            board.attempt_lock(st)
        else:
            ob = top_card(st)
            checks.begin(st, seat, st.story.puzzle_attr, -st.story.req_b[ob], P_OBSTACLE, ob, 0, 0)
    elif kind == A_USE_KEY:
        remove_top(st, True)
    elif kind == A_STOP:
        g[G_CTX] = CTX_TURN
    elif kind == A_TAKE:
        c = remove_top(st, False)
        st.to_hand(c, seat)
        st.record(V_TAKE, c, seat)
    elif kind == A_LEAVE:
        g[G_X_POS] += 1


# ----- attacking ----------------------------------------------------------------------------------

def attack(st, seat, m, c):
    """Attack monster m with card c (a weapon or an attack spell) or bare hands (c NONE)."""
    g = st.g
    story = st.story
    g[G_ACTIONS] -= 1
    g[G_CTX] = CTX_TURN
    if c != NONE and story.atk_kind[c] == W_SPELL:
        # documented choice `spell`: a spell attack is a lore test at the spell's modifier
        checks.begin(st, seat, story.spell_attr, story.atk_a[c] - 128, P_SPELL, m, c, 0)
        return
    against = story.atk_kind[c] if c != NONE else W_UNARMED
    cb = effects.draw_combat(st, story.type_class[st.m_type[m]], against)
    g[G_COMBAT] = cb
    st.record(V_COMBAT, cb, m)
    checks.begin(st, seat, story.cb_attr[cb], story.cb_mod[cb] - 128, P_ATTACK, m, cb, c)


def attack_done(st, passed):
    """Documented choice `combat_card`: passed, the card's hit plus the weapon's bonus in damage;
    failed, the card's failure effects on the attacker."""
    g = st.g
    story = st.story
    m = g[G_T_P1]
    cb = g[G_T_P2]
    c = g[G_T_P3]
    seat = g[G_T_SEAT]
    if passed:
        k = story.cb_pass[cb]
        hit = story.eff.n[story.eff.start[k]] if story.eff.op[story.eff.start[k]] == E_HIT else 0
        if c != NONE:
            hit += story.atk_a[c]
        effects.hit_monster(st, m, hit)
    else:
        effects.apply_list(st, story.cb_fail[cb], seat, 0, NONE)


def spell_done(st, passed):
    """Documented choice `spell`: passed, the spell's damage; failed, 1 horror to the caster."""
    g = st.g
    if passed:
        effects.hit_monster(st, g[G_T_P1], st.story.atk_b[g[G_T_P2]])
    else:
        effects.hurt(st, g[G_T_SEAT], 0, 1)


# ----- exploring ------------------------------------------------------------------------------------

def top_card(st):
    """The card the explorer has reached (below the cards he left face up)."""
    g = st.g
    room = g[G_X_ROOM]
    return st.pile[room * PILE_CAP + st.pile_n[room] - 1 - g[G_X_POS]]


def remove_top(st, to_discard):
    g = st.g
    room = g[G_X_ROOM]
    c = st.pile_remove(room, st.pile_n[room] - 1 - g[G_X_POS])
    if to_discard:
        effects.discard(st, c)
    return c


def obstacle_done(st, passed):
    if passed:
        remove_top(st, True)
    else:
        st.g[G_CTX] = CTX_TURN


def explore_next(st):
    """Reveal the room's cards one by one from the top: exploration cards go to the explorer
    (nothing of interest is discarded); an obstacle or a face-up dropped card asks him; clue 1
    reveals the keeper's objective. Returns leaving the phase unset when horror checks are pending
    (they come first) or when exploring is over (the context is back to the turn)."""
    g = st.g
    story = st.story
    seat = g[G_TURN]
    room = g[G_X_ROOM]
    while True:
        n = st.pile_n[room]
        pos = g[G_X_POS]
        if not st.alive(seat) or pos >= n:
            g[G_CTX] = CTX_TURN
            return
        i = n - 1 - pos
        c = st.pile[room * PILE_CAP + i]
        kind = story.card_kind[c]
        if st.c_up[c]:
            g[G_PHASE] = PH_OBSTACLE if kind == K_OBSTACLE else PH_PICKUP
            g[G_ACTOR] = seat
            return
        st.c_up[c] = 1
        st.record(V_REVEAL, c, seat)
        if kind == K_OBSTACLE:
            g[G_PHASE] = PH_OBSTACLE
            g[G_ACTOR] = seat
            return
        st.pile_remove(room, i)
        if story.card_types[c] & T_NOTHING:
            effects.discard(st, c)
        else:
            st.to_hand(c, seat)
            st.record(V_TAKE, c, seat)
            if story.card_types[c] & T_CLUE and story.card_clue[c] == 1:
                victory.reveal(st)
                return          # the resume loop checks the objective and any horror first
