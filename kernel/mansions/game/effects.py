"""Applying what cards and tests do: damage and horror (and the investigator killed or driven out),
stun, healing, skill points, threat, monsters placed, hit and killed, doors sealed, spells learnt,
mythos cards drawn, combat cards drawn, and whole compiled effect lists (a `test` in a list stops
it and starts an attribute test; the rest applies on failure). No allocation.
"""

from . import checks
from .consts import (NONE, MAX_MONSTERS, ST_ALIVE, ST_KILLED, ST_INSANE, WH_HAND, WH_DISCARD, WH_OUT,
                     E_DAMAGE, E_HORROR, E_STUN, E_HEAL, E_CALM, E_SKILL, E_DAMAGE_ALL, E_HORROR_ALL,
                     E_THREAT, E_SPAWN, E_SEAL, E_UNSEAL, E_LEARN, E_DRAW_MYTHOS, E_TEST, E_DISCARD,
                     C_KILL, P_MYTHOS, V_DAMAGE, V_HORROR, V_STUN, V_KILLED, V_INSANE, V_SPAWN,
                     V_MONSTER_HIT, V_MONSTER_DIES, V_THREAT, V_SEAL, V_UNSEAL, V_LEARN, V_DRAW, V_HEAL,
                     V_CALM, V_SKILL, V_DISCARD, V_SHUFFLE, K_SPELL, MAX_CARDS)
from .state import G_THREAT, G_KILLED, G_REVEALED, G_OBJ, G_KILL_FLAG, G_MTOP, shuffle


def hurt(st, seat, damage, horror):
    """Damage and horror to an investigator; killed at his health, driven out at his sanity."""
    if not st.alive(seat):
        return
    story = st.story
    inv = st.s_inv[seat]
    if damage:
        v = st.s_damage[seat] + damage
        st.s_damage[seat] = v if v < 99 else 99
        st.record(V_DAMAGE, seat, damage)
    if horror:
        v = st.s_horror[seat] + horror
        st.s_horror[seat] = v if v < 99 else 99
        st.record(V_HORROR, seat, horror)
    if st.s_damage[seat] >= story.inv_health[inv]:
        knock_out(st, seat, ST_KILLED)
    elif st.opt_insanity and st.s_horror[seat] >= story.inv_sanity[inv]:
        knock_out(st, seat, ST_INSANE)


def knock_out(st, seat, how):
    """An investigator leaves the game: his cards are dropped face up on his room's pile (documented
    choice `killed`; discarded when the pile is full)."""
    st.s_state[seat] = how
    st.g[G_KILLED] += 1
    st.record(V_KILLED if how == ST_KILLED else V_INSANE, seat, 0)
    room = st.room_of(st.s_space[seat])
    for c in range(st.story.ncards):
        if st.c_where[c] == WH_HAND and st.c_owner[c] == seat:
            if st.story.card_kind[c] == K_SPELL or not st.pile_push(room, c, 1):
                discard(st, c)


def discard(st, c):
    st.c_where[c] = WH_DISCARD
    st.c_owner[c] = NONE
    st.c_room[c] = NONE
    st.c_up[c] = 1
    st.record(V_DISCARD, c, 0)


def stun(st, seat, n):
    if st.alive(seat):
        v = st.s_stun[seat] + n
        st.s_stun[seat] = v if v < 9 else 9
        st.record(V_STUN, seat, n)


def heal(st, seat, n):
    v = st.s_damage[seat]
    st.s_damage[seat] = v - n if v > n else 0
    st.record(V_HEAL, seat, n)


def calm(st, seat, n):
    v = st.s_horror[seat]
    st.s_horror[seat] = v - n if v > n else 0
    st.record(V_CALM, seat, n)


def gain_threat(st, n):
    v = st.g[G_THREAT] + n
    st.g[G_THREAT] = v if v < 999 else 999
    st.record(V_THREAT, n, st.g[G_THREAT])


# ----- monsters ---------------------------------------------------------------------------------------

def can_spawn(st, t):
    return st.t_left[t] > 0 and st.free_slot() != NONE


def spawn(st, t, space):
    """Place a monster of type t in a space (nothing when none is left); horror checks for the
    investigators there. The slot, or NONE."""
    if not can_spawn(st, t):
        return NONE
    m = st.free_slot()
    st.t_left[t] -= 1
    st.m_type[m] = t
    st.m_space[m] = space
    st.m_damage[m] = 0
    st.m_attacked[m] = 0
    st.record(V_SPAWN, m, space)
    if st.opt_horror:
        for s in range(1, st.players):
            if st.s_state[s] == ST_ALIVE and st.s_space[s] == space:
                st.hq_push(s, m)
    return m


def hit_monster(st, m, n):
    """n damage to the monster in slot m; killed at its health (it returns to the supply)."""
    t = st.m_type[m]
    if t == NONE or n <= 0:
        return
    v = st.m_damage[m] + n
    st.record(V_MONSTER_HIT, m, n)
    if v >= st.story.type_health[t]:
        st.m_type[m] = NONE
        st.m_space[m] = NONE
        st.m_damage[m] = 0
        st.t_left[t] += 1
        st.record(V_MONSTER_DIES, t, m)
        if st.g[G_REVEALED]:
            kind, a, _ = st.story.obj_inv[st.g[G_OBJ]]
            if kind == C_KILL and a == t:
                st.g[G_KILL_FLAG] = 1
    else:
        st.m_damage[m] = v


def strongest_aware(st, space):
    """The monster in a space hardest to evade (lowest awareness modifier), or NONE."""
    best = NONE
    low = 999
    aware = st.story.type_aware
    for m in range(MAX_MONSTERS):
        t = st.m_type[m]
        if t != NONE and st.m_space[m] == space and aware[t] < low:
            low = aware[t]
            best = m
    return best


# ----- decks ------------------------------------------------------------------------------------------

def draw_combat(st, cls, against):
    """The top card of a class's combat deck that answers `against`: cards that do not are passed
    over, out of play until the deck, once gone through, is reshuffled (documented choice
    `combat_card`)."""
    story = st.story
    start = story.class_start[cls]
    n = story.class_count[cls]
    for _ in range(2 * n + 1):
        if st.ctop[cls] >= n:
            st.ctop[cls] = 0
            shuffle(st.rng, st.cdeck, start, n)
            st.record(V_SHUFFLE, cls, 0)
        c = st.cdeck[start + st.ctop[cls]]
        st.ctop[cls] += 1
        if story.cb_against[c] == against:
            return c
    return NONE     # the story's validation makes this unreachable


def draw_mythos(st, n):
    """Draw n mythos cards into the keeper's hand. The deck is mdeck[G_MTOP:nmythos]; once it is
    gone through, the discarded mythos cards are shuffled into a new deck at its end."""
    story = st.story
    total = story.nmythos
    for _ in range(n):
        if st.g[G_MTOP] >= total:
            k = 0
            for i in range(total):
                if st.my_where[i] == 2:
                    k += 1
            if k == 0:
                return
            j = total - k
            for i in range(total):
                if st.my_where[i] == 2:
                    st.my_where[i] = 0
                    st.mdeck[j] = i
                    j += 1
            shuffle(st.rng, st.mdeck, total - k, k)
            st.g[G_MTOP] = total - k
        c = st.mdeck[st.g[G_MTOP]]
        st.g[G_MTOP] += 1
        st.my_where[c] = 1
        st.record(V_DRAW, c, 0)


def mythos_available(st):
    """True when a mythos card can be drawn (the deck or the discard holds one)."""
    story = st.story
    if st.g[G_MTOP] < story.nmythos:
        return True
    for i in range(story.nmythos):
        if st.my_where[i] == 2:
            return True
    return False


# ----- effect lists -----------------------------------------------------------------------------------

def apply_list(st, k, seat, pos, card):
    """Apply effect list k from position pos to the investigator at `seat` (NONE: no target). `card`
    is the carried card whose ability this is (for `discard`). True when a test was started (the
    rest of the list applies if it fails: checks.P_MYTHOS resumes it)."""
    story = st.story
    eff = story.eff
    start = eff.start[k]
    count = eff.count[k]
    for i in range(start + pos, start + count):
        op = eff.op[i]
        a = eff.a[i]
        b = eff.b[i]
        n = eff.n[i]
        if op == E_DAMAGE:
            hurt(st, seat, n, 0)
        elif op == E_HORROR:
            hurt(st, seat, 0, n)
        elif op == E_STUN:
            stun(st, seat, n)
        elif op == E_HEAL:
            heal(st, seat, n)
        elif op == E_CALM:
            calm(st, seat, n)
        elif op == E_SKILL:
            st.s_skill[seat] += n
            st.record(V_SKILL, seat, n)
        elif op == E_DAMAGE_ALL or op == E_HORROR_ALL:
            for s in range(1, st.players):
                if op == E_DAMAGE_ALL:
                    hurt(st, s, n, 0)
                else:
                    hurt(st, s, 0, n)
        elif op == E_THREAT:
            gain_threat(st, n)
        elif op == E_SPAWN:
            if b != NONE:
                spawn(st, a, b)
        elif op == E_SEAL:
            st.sealed[a] = 1
            st.record(V_SEAL, a, 0)
        elif op == E_UNSEAL:
            st.sealed[a] = 0
            st.record(V_UNSEAL, a, 0)
        elif op == E_LEARN:
            if st.c_where[a] == WH_OUT and st.alive(seat):
                st.to_hand(a, seat)
                st.record(V_LEARN, a, seat)
        elif op == E_DRAW_MYTHOS:
            draw_mythos(st, n)
        elif op == E_DISCARD:
            if card != NONE and card < MAX_CARDS:
                discard(st, card)
        elif op == E_TEST:
            if st.alive(seat):
                checks.begin(st, seat, a, b - 128, P_MYTHOS, k, i - start + 1, 0)
                return True
            return False
    return False
