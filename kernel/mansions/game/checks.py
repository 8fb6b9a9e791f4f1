"""The attribute test as a sub-machine (documented choices `attribute_test`, `natural_rolls`,
`skill_points`): the target is the tested attribute plus the test's modifier and every modifier in
effect (stun, trauma, the cards and abilities that are always in effect); before the roll the tested
investigator may spend one skill point to add his Luck (first edition) and use the cards and
abilities that act before a roll; the d10 is a chance node; a roll at or below the target passes,
and under the first edition's rule a 1 always passes and a 10 always fails (the target is kept in
1 .. 9; the option clamped keeps it in 0 .. 10). With the option skill_points=reroll a skill point
rerolls a failed roll instead (the engine's earlier choice).

`begin` records who is tested, on what and what for (a purpose and up to three parameters);
`finish` hands the result to the state's `on_test(purpose, passed)`, which continues whatever the
test was for. `legal` and `act` serve the phase before the roll. No allocation.
"""

from ... import prng
from .consts import (NONE, NATTR, MAX_POWERS, PH_ROLL, PH_REROLL, PH_PREROLL, V_ROLL, V_PASS, V_FAIL, V_LUCK,
                     V_BOOST, A_LUCK, A_BOOST, A_ROLL_NOW, POWER_BASE, U_TEST, U_ALWAYS, E_BONUS, E_DISCARD,
                     E_ONCE, E_MODIFY, E_EVADE_MOD, E_HORROR_MOD, E_COMBAT_MOD, P_EVADE, P_HORROR, P_ATTACK,
                     P_DEFEND, WH_HAND)
from .state import (G_PHASE, G_ACTOR, G_T_SEAT, G_T_ATTR, G_T_TARGET, G_T_PURPOSE, G_T_P1, G_T_P2,
                    G_T_P3, G_T_ROLL, G_T_SUM, G_T_LUCK)
from ..odds import DIE

LUCK = 6        # ATTRIBUTES.index("luck")


def _act(kind, a, b):
    return (kind << 16) | (a << 8) | b


def clamp(st, t):
    """The highest passing face for a target t: 1 .. 9 under natural rolls, else 0 .. 10."""
    low = 1 if st.opt_natural else 0
    high = DIE - 1 if st.opt_natural else DIE
    return low if t < low else high if t > high else t


def list_modifier(st, k, attribute, purpose):
    """What effect list k (an always-in-effect ability or a trauma card) adds to a test."""
    story = st.story
    eff = story.eff
    total = 0
    s = eff.start[k]
    for i in range(s, s + eff.count[k]):
        op = eff.op[i]
        if op == E_MODIFY:
            if eff.a[i] == attribute:
                total += eff.n[i] - 128
        elif op == E_EVADE_MOD:
            if purpose == P_EVADE:
                total += eff.n[i] - 128
        elif op == E_HORROR_MOD:
            if purpose == P_HORROR:
                total += eff.n[i] - 128
        elif op == E_COMBAT_MOD:
            if purpose == P_ATTACK or purpose == P_DEFEND:
                total += eff.n[i] - 128
    return total


def power_list(st, seat, k):
    """The effect list of a seat's ability k (0 the character's, 1 and 2 the kept traits'), or 0xFFFF."""
    if not st.opt_traits:
        return 0xFFFF
    story = st.story
    if k == 0:
        return story.inv_power[st.s_inv[seat]]
    t = st.s_trait[seat * 2 + k - 1]
    return 0xFFFF if t == NONE else story.tr_power[t]


def power_use(st, seat, k):
    story = st.story
    if k == 0:
        return story.inv_power_use[st.s_inv[seat]]
    t = st.s_trait[seat * 2 + k - 1]
    return 0xFF if t == NONE else story.tr_power_use[t]


def standing(st, seat, attribute, purpose):
    """Every modifier in effect on a test of seat's: stun (first edition), trauma cards, the cards and
    abilities always in effect."""
    story = st.story
    total = 0
    if st.opt_stun_1e and st.s_stun[seat]:
        total -= 2
    for k in range(2):
        t = st.s_trauma[seat * 2 + k]
        if t != NONE:
            total += list_modifier(st, story.trauma_eff[t], attribute, purpose)
    for c in range(story.ncards):
        if story.card_use[c] == U_ALWAYS and st.c_where[c] == WH_HAND and st.c_owner[c] == seat:
            total += list_modifier(st, story.card_ability[c], attribute, purpose)
    for k in range(MAX_POWERS):
        p = power_list(st, seat, k)
        if p != 0xFFFF and power_use(st, seat, k) == U_ALWAYS:
            total += list_modifier(st, p, attribute, purpose)
    return total


def begin(st, seat, attribute, modifier, purpose, p1, p2, p3):
    g = st.g
    t = st.attr(seat, attribute) + modifier + standing(st, seat, attribute, purpose)
    g[G_T_SEAT] = seat
    g[G_T_ATTR] = attribute
    g[G_T_SUM] = t
    g[G_T_TARGET] = clamp(st, t)
    g[G_T_LUCK] = 0
    g[G_T_PURPOSE] = purpose
    g[G_T_P1] = p1
    g[G_T_P2] = p2
    g[G_T_P3] = p3
    g[G_T_ROLL] = 0
    before_roll(st)


def before_roll(st):
    """To the chance node, or first to the tested investigator when he has something to do before it."""
    g = st.g
    seat = g[G_T_SEAT]
    g[G_ACTOR] = seat
    g[G_PHASE] = PH_PREROLL if choices(st, seat, None, 0) else PH_ROLL


def _boost_usable(st, seat, c):
    story = st.story
    return (story.card_use[c] == U_TEST and st.c_where[c] == WH_HAND and st.c_owner[c] == seat
            and not st.c_used[c])


def choices(st, seat, buf, n):
    """The options before the roll (written into buf from n when buf is given); their count."""
    count = 0
    g = st.g
    if st.opt_luck and st.s_skill[seat] > 0 and not g[G_T_LUCK]:
        if buf is not None:
            buf[n + count] = _act(A_LUCK, 0, 0)
        count += 1
    story = st.story
    for c in range(story.ncards):
        if _boost_usable(st, seat, c):
            if buf is not None:
                buf[n + count] = _act(A_BOOST, c, 0)
            count += 1
    for k in range(MAX_POWERS):
        if power_list(st, seat, k) != 0xFFFF and power_use(st, seat, k) == U_TEST and not st.s_power[seat * MAX_POWERS + k]:
            if buf is not None:
                buf[n + count] = _act(A_BOOST, POWER_BASE + k, 0)
            count += 1
    return count


def legal(st, buf):
    seat = st.g[G_T_SEAT]
    n = choices(st, seat, buf, 0)
    buf[n] = _act(A_ROLL_NOW, 0, 0)
    return n + 1


def _add(st, v):
    g = st.g
    g[G_T_SUM] += v
    g[G_T_TARGET] = clamp(st, g[G_T_SUM])


def act(st, kind, a):
    g = st.g
    seat = g[G_T_SEAT]
    if kind == A_LUCK:
        st.s_skill[seat] -= 1
        g[G_T_LUCK] = 1
        luck = st.attr(seat, LUCK)
        _add(st, luck)
        st.record(V_LUCK, seat, luck)
    elif kind == A_BOOST:
        if a >= POWER_BASE:
            k = a - POWER_BASE
            lst = power_list(st, seat, k)
            st.s_power[seat * MAX_POWERS + k] = 1
        else:
            lst = st.story.card_ability[a]
            st.c_used[a] = 1
        eff = st.story.eff
        s = eff.start[lst]
        bonus = 0
        for i in range(s, s + eff.count[lst]):
            op = eff.op[i]
            if op == E_BONUS:
                bonus += eff.n[i] - 128
            elif op == E_ONCE and a >= POWER_BASE:
                st.s_power[seat * MAX_POWERS + a - POWER_BASE] = 2
        _add(st, bonus)
        st.record(V_BOOST, a, bonus + 128)
        for i in range(s, s + eff.count[lst]):
            if eff.op[i] == E_DISCARD and a < POWER_BASE:
                st.discard_card(a)
    else:       # A_ROLL_NOW
        g[G_PHASE] = PH_ROLL
        return
    before_roll(st)


def roll_prng(st):
    """The chance node resolved by the state's PRNG: a face 1 .. 10."""
    return prng.die(st.rng, DIE) + 1


def rolled(st, face):
    g = st.g
    g[G_T_ROLL] = face
    st.record(V_ROLL, face, g[G_T_TARGET])
    if face <= g[G_T_TARGET]:
        finish(st, True)
    elif st.opt_rerolls and st.s_skill[g[G_T_SEAT]] > 0:
        g[G_PHASE] = PH_REROLL
        g[G_ACTOR] = g[G_T_SEAT]
    else:
        finish(st, False)


def reroll(st):
    """Spend a skill point (option skill_points=reroll): back to the chance node."""
    g = st.g
    st.s_skill[g[G_T_SEAT]] -= 1
    g[G_PHASE] = PH_ROLL


def finish(st, passed):
    g = st.g
    st.record(V_PASS if passed else V_FAIL, g[G_T_PURPOSE], g[G_T_SEAT])
    st.on_test(g[G_T_PURPOSE], passed)
