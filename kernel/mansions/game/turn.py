"""The investigators' part of the round: who goes next (they choose), the keeper's mythos window
before each turn (first edition), and an investigator's turn of two movement steps and one action
step in any order, none mandatory. The actions: run, card ability, drop, attack (weapon, spell or
bare hands; within the card's range; the combat card drawn for the monster's class) and explore (the
room's cards revealed one by one from the top, each card's `found` effects applied); where the story
has the decks for them, hide (until his next turn or he leaves his space: a monster attacking him
draws a hiding card) and barricade a door of his space (a monster the keeper moves through it draws
a barrier card). Cards and abilities that cost no action are used at any time in the turn
(`card_timing`).

With a monster in the space: first edition, every action is offered and all but an attack first
evade each monster not yet evaded this turn (board.py); option evade=leaving or off, attack is the
only action (the run action and the movement steps leave it, by evading with evade=leaving).

`legal(st, buf)` lists the actions of the turn's phases (order, turn, drop, lock, obstacle, pickup,
reroll); `act(st, ph, kind, a, b)` applies one (`perform` once the evading is done).
Continuations called by the state's resume loop: `continue_turn`, `explore_next`, `begin_turn`. No
allocation.
"""

from . import board, checks, effects
from .consts import (NONE, KEEPER, MAX_MONSTERS, MAX_POWERS, PILE_CAP, ST_ALIVE, CTX_TURN, CTX_EXPLORE,
                     CTX_TURN_START, PH_ORDER, PH_TURN, PH_DROP, PH_LOCK, PH_OBSTACLE, PH_PICKUP, PH_REROLL,
                     PH_MYTHOS, A_NEXT, A_MOVE, A_RUN, A_EXPLORE, A_ATTACK, A_DROP, A_DROP_DONE, A_ABILITY,
                     A_END, A_REROLL, A_ACCEPT, A_UNLOCK, A_GIVE_UP, A_USE_KEY, A_PUZZLE, A_STOP, A_TAKE,
                     A_LEAVE, A_POWER, A_FREE, A_HIDE, A_BARRICADE, K_OBSTACLE, K_EXPLORATION, K_ITEM, T_CLUE,
                     T_NOTHING, T_LIGHT, R_TEST, R_PUZZLE, W_NONE, W_SPELL, W_UNARMED, W_BLADED, W_BLUNT,
                     W_FIREARM, W_MELEE, W_ANY, E_HIT, E_HIT_HALF, E_WEAPON, E_MSTUN, E_ONCE, U_ACTION,
                     U_FREE, P_ATTACK, P_SPELL, P_OBSTACLE, P_EFFECT, V_REVEAL, V_TAKE, V_COMBAT, V_DROP,
                     V_ROUND, V_LOCKED_OUT, V_POWER, V_FREE, V_HIDE, V_BARRIER)
from .state import (G_PHASE, G_ACTOR, G_ROUND, G_TURN, G_MOVES, G_ACTIONS, G_CTX, G_X_ROOM, G_X_POS,
                    G_DROPPING, G_MV_DEST, G_COMBAT, G_T_SEAT, G_T_P1, G_T_P2, G_T_P3, G_KSTEP, G_MY_SEAT,
                    G_FOE, G_FOE_T, G_WEAPON)
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
        chosen(st, first)
    else:
        st.g[G_PHASE] = PH_ORDER
        st.g[G_ACTOR] = first


def mythos_in_hand(st):
    for c in range(st.story.nmythos):
        if st.my_where[c] == 1:
            return True
    return False


def chosen(st, seat):
    """The investigators have chosen who plays: first edition, the keeper's mythos window (when he
    holds a mythos card: its size is public), then the turn."""
    g = st.g
    g[G_TURN] = seat
    if st.opt_mythos_turns and mythos_in_hand(st):
        g[G_MY_SEAT] = seat
        g[G_CTX] = CTX_TURN_START
        g[G_PHASE] = PH_MYTHOS
        g[G_ACTOR] = KEEPER
        return
    start_turn(st, seat)


def begin_turn(st):
    """After the mythos window (and its test): the turn starts."""
    g = st.g
    seat = g[G_MY_SEAT]
    g[G_MY_SEAT] = NONE
    if st.alive(seat):
        start_turn(st, seat)
    else:
        st.s_done[seat] = 1
        g[G_CTX] = CTX_TURN
        next_turn(st)


def new_turn_marks(st):
    """What lasts one turn (any player's): evaded monsters, rooms barred by a lock, horror checks made,
    cards and abilities used once a turn."""
    for m in range(MAX_MONSTERS):
        st.m_evaded[m] = 0
    for r in range(st.story.nrooms):
        st.barred[r] = 0
    for i in range(len(st.hchecked)):
        st.hchecked[i] = 0
    for c in range(st.story.ncards):
        st.c_used[c] = 0
    for i in range(len(st.s_power)):
        if st.s_power[i] == 1:
            st.s_power[i] = 0


def start_turn(st, seat):
    """Two movement steps and one action step; stunned (first edition): one movement step, no action
    (option stun=no-action: no action step; stun=skip-turn: no turn)."""
    g = st.g
    g[G_TURN] = seat
    g[G_MOVES] = 2
    g[G_ACTIONS] = 1
    g[G_DROPPING] = 0
    new_turn_marks(st)
    out_of_hiding(st, seat)
    if st.s_stun[seat] and st.opt_stun_skips:
        st.s_done[seat] = 1
        next_turn(st)
        return
    if st.s_stun[seat]:
        g[G_ACTIONS] = 0
        if st.opt_stun_1e:
            g[G_MOVES] = 1
    g[G_CTX] = CTX_TURN
    continue_turn(st)


def out_of_hiding(st, seat):
    """Hiding lasts until the investigator's next turn, or until he leaves his space."""
    if st.s_hidden[seat]:
        st.s_hidden[seat] = 0
        st.record(V_HIDE, seat, 0)


def continue_turn(st):
    g = st.g
    seat = g[G_TURN]
    if not st.alive(seat) or (g[G_MOVES] == 0 and g[G_ACTIONS] == 0 and not has_free(st, seat)):
        st.s_done[seat] = 1
        next_turn(st)
        return
    g[G_PHASE] = PH_TURN
    g[G_ACTOR] = seat


# ----- abilities ---------------------------------------------------------------------------------------

def power_ready(st, seat, k, use):
    """Seat's ability k (0 the character's, 1 and 2 the kept traits') has timing `use` and may be used."""
    return (checks.power_list(st, seat, k) != 0xFFFF and checks.power_use(st, seat, k) == use
            and not st.s_power[seat * MAX_POWERS + k])


def free_card(st, seat, c):
    return st.story.card_use[c] == U_FREE and st.holds(seat, c) and not st.c_used[c]


def has_free(st, seat):
    for c in range(st.story.ncards):
        if free_card(st, seat, c):
            return True
    for k in range(MAX_POWERS):
        if power_ready(st, seat, k, U_FREE):
            return True
    return False


def use_power(st, seat, k):
    lst = checks.power_list(st, seat, k)
    eff = st.story.eff
    once = False
    for i in range(eff.start[lst], eff.start[lst] + eff.count[lst]):
        if eff.op[i] == E_ONCE:
            once = True
    st.s_power[seat * MAX_POWERS + k] = 2 if once else 1
    st.record(V_POWER, seat, k)
    effects.apply_list(st, lst, seat, 0, NONE, P_EFFECT)


# ----- legal actions ---------------------------------------------------------------------------------

def droppable(st, seat, c):
    kind = st.story.card_kind[c]
    return st.holds(seat, c) and (kind == K_EXPLORATION or kind == K_ITEM)


def can_explore(st, seat, room):
    """Cards left in the room, and light to see them by when the room is dark."""
    if st.pile_n[room] == 0:
        return False
    if not st.dark[room]:
        return True
    story = st.story
    for c in range(story.ncards):
        if story.card_types[c] & T_LIGHT and st.holds(seat, c):
            return True
    return False


def attacks(st, seat, buf, n):
    """The attacks within reach: bare hands at a monster in the space, each weapon and attack spell at
    the monsters within its range (`attack_range`)."""
    story = st.story
    space = st.s_space[seat]
    dist = st.distances(space)
    for m in range(MAX_MONSTERS):
        if st.m_type[m] == NONE:
            continue
        d = dist[st.m_space[m]]
        if d == NONE:
            continue
        if d == 0:
            buf[n] = _act(A_ATTACK, m, NONE)
            n += 1
        for c in range(story.ncards):
            if story.atk_kind[c] != W_NONE and st.holds(seat, c) and d <= story.atk_range[c]:
                buf[n] = _act(A_ATTACK, m, c)
                n += 1
    return n


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
                if board.enterable(st, seat, d):
                    buf[n] = _act(A_MOVE, d, 0)
                    n += 1
        if g[G_ACTIONS] > 0:
            for d in range(ns):
                if board.enterable(st, seat, d):
                    buf[n] = _act(A_RUN, d, 0)
                    n += 1
            engaged = st.monster_in(space) != NONE
            n = attacks(st, seat, buf, n)
            if not engaged or st.opt_evade_1e:
                if can_explore(st, seat, room):
                    buf[n] = _act(A_EXPLORE, 0, 0)
                    n += 1
                if st.pile_n[room] < PILE_CAP:
                    for c in range(story.ncards):
                        if droppable(st, seat, c):
                            buf[n] = _act(A_DROP, c, 0)
                            n += 1
                for c in range(story.ncards):
                    if st.holds(seat, c) and story.card_ability[c] != 0xFFFF and story.card_use[c] == U_ACTION:
                        buf[n] = _act(A_ABILITY, c, 0)
                        n += 1
                for k in range(MAX_POWERS):
                    if power_ready(st, seat, k, U_ACTION):
                        buf[n] = _act(A_POWER, k, 0)
                        n += 1
                n = hiding_and_barricades(st, seat, buf, n)
        for c in range(story.ncards):
            if free_card(st, seat, c):
                buf[n] = _act(A_FREE, c, 0)
                n += 1
        for k in range(MAX_POWERS):
            if power_ready(st, seat, k, U_FREE):
                buf[n] = _act(A_POWER, k, 0)
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


def hiding_and_barricades(st, seat, buf, n):
    """The hide action (not hiding yet) and a barricade on each open door of his space, where the story
    has hiding and barrier cards."""
    story = st.story
    if story.has_hiding and not st.s_hidden[seat]:
        buf[n] = _act(A_HIDE, 0, 0)
        n += 1
    if story.has_barrier:
        space = st.s_space[seat]
        for d in range(story.ndoors):
            if (story.door_a[d] == space or story.door_b[d] == space) and not st.sealed[d] and not st.barrier[d]:
                buf[n] = _act(A_BARRICADE, d, 0)
                n += 1
    return n


# ----- applying ---------------------------------------------------------------------------------------

def _evades(st, kind, seat, a):
    """The actions that first evade the monsters in the space (first edition): leaving it, and every
    action but an attack (abilities that cost no action are not actions)."""
    if kind == A_MOVE or kind == A_RUN or kind == A_EXPLORE or kind == A_ABILITY or kind == A_HIDE or \
            kind == A_BARRICADE:
        return True
    if kind == A_DROP:
        return not st.g[G_DROPPING]
    if kind == A_POWER:
        return power_ready(st, seat, a, U_ACTION)
    return False


def act(st, ph, kind, a, b):
    g = st.g
    seat = g[G_TURN]
    if kind == A_NEXT:
        chosen(st, a)
    elif ph == PH_TURN and _evades(st, kind, seat, a) and board.needs_evade(st, seat):
        board.begin_evades(st, kind, a, b)
    else:
        perform(st, kind, a, b, ph)


def perform(st, kind, a, b, ph=PH_TURN):
    g = st.g
    seat = g[G_TURN]
    if kind == A_MOVE:
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
        effects.apply_list(st, st.story.card_ability[a], seat, 0, a, P_EFFECT)
    elif kind == A_FREE:
        st.c_used[a] = 1
        st.record(V_FREE, a, seat)
        g[G_CTX] = CTX_TURN
        effects.apply_list(st, st.story.card_ability[a], seat, 0, a, P_EFFECT)
    elif kind == A_POWER:
        if checks.power_use(st, seat, a) == U_ACTION:
            g[G_ACTIONS] -= 1
        g[G_CTX] = CTX_TURN
        use_power(st, seat, a)
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
        board.locked_out(st)
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
    elif kind == A_HIDE:
        g[G_ACTIONS] -= 1
        g[G_CTX] = CTX_TURN
        st.s_hidden[seat] = 1
        st.record(V_HIDE, seat, 1)
    elif kind == A_BARRICADE:
        g[G_ACTIONS] -= 1
        g[G_CTX] = CTX_TURN
        st.barrier[a] = 1
        st.record(V_BARRIER, a, 1)


# ----- attacking ----------------------------------------------------------------------------------

def attack(st, seat, m, c):
    """Attack monster m with card c (a weapon or an attack spell) or bare hands (c NONE)."""
    g = st.g
    story = st.story
    g[G_ACTIONS] -= 1
    g[G_CTX] = CTX_TURN
    g[G_FOE] = m
    g[G_FOE_T] = st.m_type[m]
    g[G_WEAPON] = c
    if c != NONE and story.atk_kind[c] == W_SPELL:
        # documented choice `spell`: a spell attack is a lore test at the spell's modifier
        checks.begin(st, seat, story.spell_attr, story.atk_a[c] - 128, P_SPELL, m, c, 0)
        return
    against = story.atk_kind[c] if c != NONE else W_UNARMED
    cb = effects.draw_combat(st, story.type_class[st.m_type[m]], against)
    g[G_COMBAT] = cb
    st.record(V_COMBAT, cb, m)
    checks.begin(st, seat, story.cb_attr[cb], story.cb_mod[cb] - 128, P_ATTACK, m, cb, c)


def weapon_fits(token_kind, against):
    """A card's weapon modifier (weapon:KIND:N) counts for an attack of kind `against`: its kind, melee
    for a bladed or blunt weapon, any for any weapon (not bare hands)."""
    if token_kind == W_ANY:
        return against == W_FIREARM or against == W_BLADED or against == W_BLUNT
    return token_kind == against or (token_kind == W_MELEE and (against == W_BLADED or against == W_BLUNT))


def strike(st, k, seat, against):
    """The damage a combat card's list deals the monster: its hit:N, half the attacker's attribute for
    hit_half, its modifiers for the weapon used."""
    eff = st.story.eff
    hit = 0
    for i in range(eff.start[k], eff.start[k] + eff.count[k]):
        op = eff.op[i]
        if op == E_HIT:
            hit += eff.n[i]
        elif op == E_HIT_HALF:
            hit += (st.attr(seat, eff.a[i]) + 1) // 2
        elif op == E_WEAPON and weapon_fits(eff.a[i], against):
            hit += eff.n[i] - 128
    return hit


def stuns(st, k):
    """A combat card's list stuns the monster."""
    eff = st.story.eff
    for i in range(eff.start[k], eff.start[k] + eff.count[k]):
        if eff.op[i] == E_MSTUN:
            return True
    return False


def attack_done(st, passed):
    """Documented choice `combat_card`: passed, the card's hit (or half the attacker's attribute), its
    modifiers for the weapon used and the weapon's bonus in damage (never below none), stunning the
    monster if it says so, then what the card costs the attacker; failed, the damage the card deals
    the monster all the same (no weapon bonus), then its failure effects on the attacker."""
    g = st.g
    story = st.story
    m = g[G_T_P1]
    cb = g[G_T_P2]
    c = g[G_T_P3]
    seat = g[G_T_SEAT]
    k = story.cb_pass[cb] if passed else story.cb_fail[cb]
    against = story.atk_kind[c] if c != NONE else W_UNARMED
    hit = strike(st, k, seat, against)
    if passed and c != NONE:
        hit += story.atk_a[c] - 128
    effects.hit_monster(st, m, hit)
    if stuns(st, k):
        effects.stun_monster(st, m)
    effects.apply_list(st, k, seat, 0, NONE)


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
    (nothing of interest is discarded) and their `found` effects apply; an obstacle or a face-up
    dropped card asks him; clue 1 reveals the keeper's objective. Returns leaving the phase unset
    when horror checks or a test are pending (they come first) or when exploring is over (the context
    is back to the turn)."""
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
        stop = False
        if story.card_types[c] & T_CLUE and story.card_clue[c] == 1:
            victory.reveal(st)
            stop = True         # the resume loop checks the objective and any horror first
        if story.card_found[c] != 0xFFFF:
            effects.apply_list(st, story.card_found[c], seat, 0, NONE, P_EFFECT)
            stop = True
        if stop:
            return
