"""The keeper's turn, its five steps: (1) trade between investigators in one space, and each stunned
investigator may discard one stun token; (2) threat equal to the number of investigators, added to
the unspent pool; (3) keeper action cards paid with threat (a card with a condition only while it
holds; option mythos=keeper-step: mythos cards too), and a free insanity trauma card on each insane
investigator; (4) one attack by each monster in an investigator's space (a stunned monster neither
moves nor attacks; stuns wear off as the turn ends); (5) a time token on the event deck, the event
stage resolved when the tokens reach its time number (its first card whose condition holds).

Also the keeper's decisions outside his turn: the mythos window before an investigator's turn (first
edition, `mythos`), the trauma window when an insane investigator would suffer horror (`trauma`), the
choices effects leave to him (PH_CHOOSE: who suffers, where a monster appears, which monster moves),
and a monster moved by him through a barricaded door (a barrier card from its class's deck: the
barricade gives way, or holds and the move ends). A monster attacking a hiding investigator draws a
hiding card instead of a monster-attack card; failed, he is found and suffers its effects.

`legal(st, ph, buf)` and `act(st, ph, kind, a, b)` for PH_TRADE, PH_KEEPER, PH_KMOVE, PH_ATTACKS,
PH_MYTHOS, PH_TRAUMA, PH_CHOOSE; continuations for the state's resume loop: `continue_keeper`,
`continue_move`, `continue_attacks`, `after_event`, `trauma_window`, `resolve_top`. No allocation.
"""

from . import board, checks, effects
from .query import holds
from .consts import (NONE, KEEPER, MAX_MONSTERS, ST_ALIVE, K_EXPLORATION, K_ITEM,
                     CTX_KEEPER, CTX_KMOVE, CTX_ATTACKS, CTX_EVENT, CTX_TURN_START, PH_TRADE, PH_KEEPER,
                     PH_KMOVE, PH_ATTACKS, PH_MYTHOS, PH_TRAUMA, PH_CHOOSE, A_GIVE, A_UNSTUN, A_TRADE_DONE,
                     A_KCARD, A_MYTHOS, A_KEEPER_DONE, A_MSTEP, A_MSTOP, A_MATTACK, A_ATTACKS_DONE,
                     A_NO_MYTHOS, A_TRAUMA, A_NO_TRAUMA, A_CHOOSE, E_SPAWN, E_SPAWN_WITH, E_MOVE, E_DRAW_MYTHOS,
                     E_RAISE, E_TRAUMA, E_HIT, E_MSTUN, E_BREAK, C_EVENT, W_MONSTER, W_HIDING, W_BARRIER,
                     P_DEFEND, TR_PHYSICAL, TR_INSANITY, V_GIVE, V_UNSTUN, V_MYTHOS, V_COMBAT, V_TOKEN, V_EVENT,
                     V_TRAUMA, V_CORPSE, V_BARRIER, V_HOLD, V_HIDE)
from .state import (G_PHASE, G_ACTOR, G_KSTEP, G_TRADER, G_THREAT, G_CTX, G_KM_SLOT, G_KM_STEPS,
                    G_KM_BACK, G_TOKENS, G_EVENT, G_OBJ, G_EVENT_WIN, G_LAST_EVENT, G_COMBAT, G_T_SEAT,
                    G_T_P2, G_TR_SEAT, G_MY_SEAT, G_FOE, G_FOE_T, G_WEAPON)

TR_GONE = 254           # a trauma card replaced by a new one of its type: out of the game


def _act(kind, a, b):
    return (kind << 16) | (a << 8) | b


# ----- step 1: trade and stun --------------------------------------------------------------------

def begin(st):
    story = st.story
    st.g[G_KSTEP] = 1
    for k in range(story.nkcards):
        st.kused[k] = 0
    for m in range(MAX_MONSTERS):
        st.m_attacked[m] = 0
        st.m_evaded[m] = 0
    for c in range(story.ncards):
        st.c_given[c] = 0
        st.c_used[c] = 0
    for s in range(st.players):
        st.s_unstunned[s] = 0
        st.s_traumad[s] = 0
    for i in range(len(st.hchecked)):
        st.hchecked[i] = 0
    trade_from(st, 1)


def tradeable(st, seat, c):
    """Documented choice `trade`: the holder gives; exploration cards and starting items (not
    spells), each card at most once per keeper turn (so the step ends)."""
    kind = st.story.card_kind[c]
    return st.holds(seat, c) and not st.c_given[c] and (kind == K_EXPLORATION or kind == K_ITEM)


def partner(st, seat, other):
    return other != seat and st.s_state[other] == ST_ALIVE and st.s_space[other] == st.s_space[seat]


def has_choice(st, seat):
    if st.s_stun[seat] and not st.s_unstunned[seat]:
        return True
    for o in range(1, st.players):
        if partner(st, seat, o):
            for c in range(st.story.ncards):
                if tradeable(st, seat, c):
                    return True
            return False
    return False


def trade_from(st, seat):
    """The next investigator (seat order) with a trade or stun decision; then step 2 and step 3."""
    g = st.g
    for s in range(seat, st.players):
        if st.s_state[s] == ST_ALIVE and has_choice(st, s):
            g[G_TRADER] = s
            g[G_PHASE] = PH_TRADE
            g[G_ACTOR] = s
            return
    g[G_TRADER] = NONE
    g[G_KSTEP] = 2
    effects.gain_threat(st, st.players - 1)     # one per investigator player
    g[G_KSTEP] = 3
    g[G_CTX] = CTX_KEEPER
    continue_keeper(st)


# ----- step 3: keeper actions ----------------------------------------------------------------------

def continue_keeper(st):
    st.g[G_PHASE] = PH_KEEPER
    st.g[G_ACTOR] = KEEPER


def card_usable(st, k):
    story = st.story
    return (story.kc_cost[k] <= st.g[G_THREAT] and (st.opt_kuses == 0 or st.kused[k] < st.opt_kuses)
            and holds(st, story.kc_when_kind[k], story.kc_when_arg[k]))


def trauma_fits(st, t, seat):
    """Trauma card t may be played on seat: in the keeper's pile, and the investigator's remaining
    health (physical) or sanity (insanity) at or below its threshold."""
    if st.tr_where[t] != NONE or not st.alive(seat):
        return False
    story = st.story
    inv = st.s_inv[seat]
    if story.trauma_type[t] == TR_PHYSICAL:
        left = story.inv_health[inv] - st.s_damage[seat]
    else:
        left = story.inv_sanity[inv] - st.s_horror[seat]
    return left <= story.trauma_threshold[t]


def any_trauma(st, seat, insanity_only):
    for t in range(st.story.ntrauma):
        if (not insanity_only or st.story.trauma_type[t] == TR_INSANITY) and trauma_fits(st, t, seat):
            return True
    return False


def legal(st, ph, buf):
    g = st.g
    story = st.story
    n = 0
    if ph == PH_TRADE:
        seat = g[G_TRADER]
        for o in range(1, st.players):
            if partner(st, seat, o):
                for c in range(story.ncards):
                    if tradeable(st, seat, c):
                        buf[n] = _act(A_GIVE, c, o)
                        n += 1
        if st.s_stun[seat] and not st.s_unstunned[seat]:
            buf[n] = _act(A_UNSTUN, 0, 0)
            n += 1
        buf[n] = _act(A_TRADE_DONE, 0, 0)
        return n + 1
    if ph == PH_KEEPER:
        eff = story.eff
        for k in range(story.nkcards):
            if not card_usable(st, k):
                continue
            i = eff.start[story.kc_eff[k]]
            op = eff.op[i]
            if op == E_SPAWN:
                if effects.can_spawn(st, eff.a[i]):
                    for s in range(story.nspaces):
                        if st.investigator_in(s) == NONE:
                            buf[n] = _act(A_KCARD, k, s)
                            n += 1
            elif op == E_RAISE:
                if effects.can_spawn(st, eff.a[i]):
                    for s in range(story.nspaces):
                        if st.corpse[s]:
                            buf[n] = _act(A_KCARD, k, s)
                            n += 1
            elif op == E_MOVE:
                for m in range(MAX_MONSTERS):
                    if effects.can_move(st, m):
                        buf[n] = _act(A_KCARD, k, m)
                        n += 1
            elif op == E_DRAW_MYTHOS:
                if effects.mythos_available(st):
                    buf[n] = _act(A_KCARD, k, 0)
                    n += 1
            elif op == E_SPAWN_WITH:
                if effects.pick_options(st, op, eff.a[i], None, 0):
                    buf[n] = _act(A_KCARD, k, 0)
                    n += 1
            elif op == E_TRAUMA:
                for s in range(1, st.players):
                    if any_trauma(st, s, False):
                        buf[n] = _act(A_KCARD, k, 0)
                        n += 1
                        break
            else:
                buf[n] = _act(A_KCARD, k, 0)
                n += 1
        if not st.opt_mythos_turns:
            n = mythos_plays(st, buf, n, NONE)
        if st.opt_trauma:
            for s in range(1, st.players):
                if st.insane(s) and not st.s_traumad[s]:
                    n = trauma_plays(st, buf, n, s, True)
        buf[n] = _act(A_KEEPER_DONE, 0, 0)
        return n + 1
    if ph == PH_KMOVE:
        m = g[G_KM_SLOT]
        for d in range(story.nspaces):
            if st.passable(st.m_space[m], d):
                buf[n] = _act(A_MSTEP, d, 0)
                n += 1
        buf[n] = _act(A_MSTOP, 0, 0)
        return n + 1
    if ph == PH_ATTACKS:
        for m in range(MAX_MONSTERS):
            if st.m_type[m] != NONE and not st.m_attacked[m] and not st.m_stun[m]:
                for s in range(1, st.players):
                    if st.s_state[s] == ST_ALIVE and st.s_space[s] == st.m_space[m]:
                        buf[n] = _act(A_MATTACK, m, s)
                        n += 1
        buf[n] = _act(A_ATTACKS_DONE, 0, 0)
        return n + 1
    if ph == PH_MYTHOS:
        n = mythos_plays(st, buf, 0, g[G_MY_SEAT])
        buf[n] = _act(A_NO_MYTHOS, 0, 0)
        return n + 1
    if ph == PH_TRAUMA:
        seat = g[G_TR_SEAT]
        if seat == NONE:                     # a trauma keeper card: any card on anyone it fits
            for s in range(1, st.players):
                n = trauma_plays(st, buf, n, s, False)
            return n
        n = trauma_plays(st, buf, n, seat, True)
        buf[n] = _act(A_NO_TRAUMA, 0, 0)
        return n + 1
    if ph == PH_CHOOSE:
        i = effects.pending_at(st)
        return effects.pick_options(st, story.eff.op[i], story.eff.a[i], buf, 0)
    return 0


def mythos_plays(st, buf, n, seat):
    """A_MYTHOS for each card in the keeper's hand he can pay, on `seat` (NONE: any living one)."""
    story = st.story
    for c in range(story.nmythos):
        if st.my_where[c] == 1 and story.my_cost[c] <= st.g[G_THREAT]:
            for s in range(1, st.players):
                if st.s_state[s] == ST_ALIVE and (seat == NONE or s == seat):
                    buf[n] = _act(A_MYTHOS, c, s)
                    n += 1
    return n


def trauma_plays(st, buf, n, seat, insanity_only):
    story = st.story
    for t in range(story.ntrauma):
        if (not insanity_only or story.trauma_type[t] == TR_INSANITY) and trauma_fits(st, t, seat):
            buf[n] = _act(A_TRAUMA, t, seat)
            n += 1
    return n


def play_trauma(st, t, seat):
    """The investigator takes trauma card t (one of each type held: the new one replaces the old)."""
    story = st.story
    k = seat * 2 + story.trauma_type[t]
    old = st.s_trauma[k]
    if old != NONE:
        st.tr_where[old] = TR_GONE
    st.s_trauma[k] = t
    st.tr_where[t] = seat
    st.record(V_TRAUMA, t, seat)
    effects.apply_list(st, story.trauma_eff[t], seat, 0, NONE)


def trauma_window(st):
    """An insane investigator would have suffered horror: the keeper may play an insanity trauma card
    on him (when one fits). True when the window opened."""
    g = st.g
    for s in range(1, st.players):
        if st.s_due[s]:
            st.s_due[s] = 0
            if st.alive(s) and any_trauma(st, s, True):
                g[G_TR_SEAT] = s
                g[G_PHASE] = PH_TRAUMA
                g[G_ACTOR] = KEEPER
                return True
    return False


def act(st, ph, kind, a, b):
    g = st.g
    story = st.story
    if kind == A_GIVE:
        seat = g[G_TRADER]
        st.to_hand(a, b)
        st.c_given[a] = 1
        st.record(V_GIVE, a, b)
        if has_choice(st, seat):
            g[G_PHASE] = PH_TRADE
            g[G_ACTOR] = seat
        else:
            trade_from(st, seat + 1)
    elif kind == A_UNSTUN:
        seat = g[G_TRADER]
        st.s_stun[seat] -= 1
        st.s_unstunned[seat] = 1
        st.record(V_UNSTUN, seat, 0)
        if has_choice(st, seat):
            g[G_PHASE] = PH_TRADE
            g[G_ACTOR] = seat
        else:
            trade_from(st, seat + 1)
    elif kind == A_TRADE_DONE:
        trade_from(st, g[G_TRADER] + 1)
    elif kind == A_KCARD:
        g[G_THREAT] -= story.kc_cost[a]
        st.kused[a] += 1
        g[G_CTX] = CTX_KEEPER
        i = story.eff.start[story.kc_eff[a]]
        op = story.eff.op[i]
        if op == E_SPAWN:
            effects.spawn(st, story.eff.a[i], b)
        elif op == E_RAISE:
            st.corpse[b] = 0
            st.record(V_CORPSE, b, 0)
            effects.spawn(st, story.eff.a[i], b)
        elif op == E_MOVE:
            g[G_KM_SLOT] = b
            g[G_KM_STEPS] = story.eff.n[i]
            g[G_KM_BACK] = CTX_KEEPER
            g[G_CTX] = CTX_KMOVE
        elif op == E_TRAUMA:
            g[G_TR_SEAT] = NONE
            g[G_PHASE] = PH_TRAUMA
            g[G_ACTOR] = KEEPER
        else:
            effects.apply_list(st, story.kc_eff[a], NONE, 0, NONE)
    elif kind == A_MYTHOS:
        g[G_THREAT] -= story.my_cost[a]
        st.my_where[a] = 2
        st.record(V_MYTHOS, a, b)
        g[G_CTX] = CTX_TURN_START if ph == PH_MYTHOS else CTX_KEEPER
        effects.apply_list(st, story.my_eff[a], b, 0, NONE)
    elif kind == A_NO_MYTHOS:
        g[G_CTX] = CTX_TURN_START
    elif kind == A_TRAUMA:
        if ph == PH_KEEPER:
            st.s_traumad[b] = 1
        g[G_TR_SEAT] = NONE
        play_trauma(st, a, b)
    elif kind == A_NO_TRAUMA:
        g[G_TR_SEAT] = NONE
    elif kind == A_KEEPER_DONE:
        g[G_KSTEP] = 4
        g[G_CTX] = CTX_ATTACKS
    elif kind == A_MSTEP:
        g[G_KM_STEPS] -= 1
        m = g[G_KM_SLOT]
        d = barricade_between(st, st.m_space[m], a)
        if d == NONE:
            board.monster_step(st, m, a)
        else:
            at_barricade(st, m, d, a)
        g[G_CTX] = CTX_KMOVE
    elif kind == A_MSTOP:
        g[G_KM_STEPS] = 0
        g[G_CTX] = CTX_KMOVE
    elif kind == A_MATTACK:
        monster_attacks(st, a, b)
    elif kind == A_ATTACKS_DONE:
        event_step(st)
    elif kind == A_CHOOSE:
        effects.picked(st, a)


def continue_move(st):
    """The keeper moving a monster step by step; once it stops, play goes back where the move came
    from (his step 3, or the effect list that let him move it, which goes on)."""
    g = st.g
    if g[G_KM_STEPS] > 0 and effects.can_move(st, g[G_KM_SLOT]):
        g[G_PHASE] = PH_KMOVE
        g[G_ACTOR] = KEEPER
    else:
        g[G_KM_STEPS] = 0
        g[G_CTX] = g[G_KM_BACK]
        g[G_KM_BACK] = CTX_KEEPER
        effects.resume_pending(st)


def barricade_between(st, a, b):
    """The barricaded door between spaces a and b, or NONE."""
    story = st.story
    d = story.door[a * story.nspaces + b]
    return d if d != NONE and st.barrier[d] else NONE


def at_barricade(st, m, d, dest):
    """Monster m steps at the barricaded door d: a barrier card of its class's deck; the barricade
    gives way (it goes through, the barricade gone) or holds (it stays, its move over); the card may
    hurt or stun it."""
    g = st.g
    story = st.story
    cb = effects.draw_combat(st, story.type_class[st.m_type[m]], W_BARRIER)
    g[G_COMBAT] = cb
    st.record(V_COMBAT, cb, m)
    eff = story.eff
    k = story.cb_pass[cb]
    broke = False
    hit = 0
    stun = False
    for i in range(eff.start[k], eff.start[k] + eff.count[k]):
        op = eff.op[i]
        if op == E_BREAK:
            broke = True
        elif op == E_HIT:
            hit += eff.n[i]
        elif op == E_MSTUN:
            stun = True
    effects.hit_monster(st, m, hit)
    if st.m_type[m] == NONE:
        return
    if stun:
        effects.stun_monster(st, m)
    if broke:
        st.barrier[d] = 0
        st.record(V_BARRIER, d, 0)
        board.monster_step(st, m, dest)
    else:
        st.record(V_HOLD, m, d)
        g[G_KM_STEPS] = 0


def monster_attacks(st, m, seat):
    """Monster m attacks the investigator at seat: the class deck's next monster-attack card, or its
    next hiding card when he is hiding; he tests against it."""
    g = st.g
    story = st.story
    st.m_attacked[m] = 1
    g[G_FOE] = m
    g[G_FOE_T] = st.m_type[m]
    g[G_WEAPON] = NONE
    cb = effects.draw_combat(st, story.type_class[st.m_type[m]], W_HIDING if st.s_hidden[seat] else W_MONSTER)
    g[G_COMBAT] = cb
    st.record(V_COMBAT, cb, m)
    g[G_CTX] = CTX_ATTACKS
    checks.begin(st, seat, story.cb_attr[cb], story.cb_mod[cb] - 128, P_DEFEND, m, cb, 0)


def defend_done(st, passed):
    """Documented choice `combat_card`: a monster attack's card, passed its pass effects (usually
    none), failed its failure effects on the investigator; a hiding card failed, he is found first."""
    story = st.story
    cb = st.g[G_T_P2]
    seat = st.g[G_T_SEAT]
    if not passed and story.cb_against[cb] == W_HIDING and st.s_hidden[seat]:
        st.s_hidden[seat] = 0
        st.record(V_HIDE, seat, 0)
    effects.apply_list(st, story.cb_pass[cb] if passed else story.cb_fail[cb], seat, 0, NONE)


# ----- step 4: monster attacks ----------------------------------------------------------------------

def continue_attacks(st):
    g = st.g
    for m in range(MAX_MONSTERS):
        if st.m_type[m] != NONE and not st.m_attacked[m] and not st.m_stun[m]:
            for s in range(1, st.players):
                if st.s_state[s] == ST_ALIVE and st.s_space[s] == st.m_space[m]:
                    g[G_PHASE] = PH_ATTACKS
                    g[G_ACTOR] = KEEPER
                    return
    event_step(st)


# ----- step 5: the event deck -----------------------------------------------------------------------

def event_step(st):
    g = st.g
    story = st.story
    for m in range(MAX_MONSTERS):
        st.m_stun[m] = 0                # stunned monsters recover as the keeper's turn ends
    g[G_KSTEP] = 5
    g[G_CTX] = CTX_EVENT
    e = g[G_EVENT]
    g[G_TOKENS] += 1
    st.record(V_TOKEN, g[G_TOKENS], story.stage_time[e])
    if g[G_TOKENS] >= story.stage_time[e]:
        resolve_top(st)


def resolve_top(st):
    """The top event stage resolves (its tokens reached its time number): its first card whose
    condition holds; the tokens are removed."""
    g = st.g
    story = st.story
    e = g[G_EVENT]
    g[G_TOKENS] = 0
    g[G_EVENT] = e + 1
    row = story.stage_first[e]
    last = row + story.stage_rows[e] - 1
    while row < last and not holds(st, story.ev_when_kind[row], story.ev_when_arg[row]):
        row += 1
    st.ev_row[e] = row
    st.record(V_EVENT, row, e)
    effects.apply_list(st, story.ev_eff[row], NONE, 0, NONE)
    kind, a, _ = story.obj_keeper[g[G_OBJ]]
    if kind == C_EVENT and a == e:
        g[G_EVENT_WIN] = 1


def after_event(st):
    """After the event step (and its horror checks): the last event resolved ends the game (the
    victory check then finds no winner: everyone loses); else a new round."""
    g = st.g
    if g[G_EVENT] >= st.story.nevents:
        g[G_LAST_EVENT] = 1
        return
    g[G_KSTEP] = 0
    st.start_round()
