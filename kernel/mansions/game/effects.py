"""Applying what cards and tests do: damage and horror (and the investigator killed, driven out or
made insane), stun, healing, skill points, threat, monsters placed, hit, stunned and killed, doors
sealed, spells learnt (a spell deck's card at random), mythos cards drawn, combat cards drawn, time
tokens on the event deck, the board's tokens (fire, darkness, corpses), story flags, the objective
revealed, an event's winner, a combat's monster hurting with its own values and the weapon dropped,
and whole compiled effect lists with their branches (`if` skips to its `else` or `end` when its
condition fails; a `test` in a list stops it and starts an attribute test; the rest applies on
failure).

An effect that leaves a choice to the keeper (an investigator to suffer, a space in an investigator's
room for a monster, a monster to move) stops its list there: the keeper answers in the phase
PH_CHOOSE (A_CHOOSE), and the list goes on from the next effect (`picked`, `resume_pending`). No
allocation.
"""

from ... import prng
from . import checks
from .query import holds
from .consts import (NONE, KEEPER, MAX_MONSTERS, MAX_SPACES, ST_KILLED, ST_INSANE, WH_HAND, WH_OUT,
                     E_DAMAGE, E_HORROR, E_STUN, E_HEAL, E_CALM, E_SKILL, E_DAMAGE_ALL, E_HORROR_ALL,
                     E_THREAT, E_SPAWN, E_SEAL, E_UNSEAL, E_LEARN, E_DRAW_MYTHOS, E_TEST, E_DISCARD,
                     E_REVEAL, E_WIN, E_FLAG, E_UNFLAG, E_IF, E_ELSE, E_FIRE, E_EXTINGUISH, E_SPREAD,
                     E_DARK, E_LIGHT, E_CORPSE, C_KILL, P_MYTHOS, V_DAMAGE, V_HORROR, V_STUN, V_KILLED,
                     V_INSANE, V_SPAWN, V_MONSTER_HIT, V_MONSTER_DIES, V_THREAT, V_SEAL, V_UNSEAL, V_LEARN,
                     V_DRAW, V_HEAL, V_CALM, V_SKILL, V_SHUFFLE, V_FLAG, V_FIRE, V_DARK, V_CORPSE, V_MSTUN,
                     V_FIRE_HURT, K_SPELL, K_EXPLORATION, K_ITEM, MAX_CARDS, E_MOVE, E_HORROR_ONE, E_DAMAGE_ONE,
                     E_TIME, E_SPAWN_WITH, E_MONSTER_DAMAGE, E_MONSTER_HORROR, E_DROP_WEAPON, PH_CHOOSE,
                     A_CHOOSE, CTX_KMOVE, V_TOKEN, V_DROP)
from .state import (G_THREAT, G_KILLED, G_REVEALED, G_OBJ, G_KILL_FLAG, G_MTOP, G_FORCED, G_PHASE, G_ACTOR,
                    G_CTX, G_PL_LIST, G_PL_POS, G_PL_SEAT, G_PL_CARD, G_PL_PURPOSE, G_KM_SLOT, G_KM_STEPS,
                    G_KM_BACK, G_FOE_T, G_WEAPON, G_TOKENS, G_EVENT, G_EVENT_DUE, shuffle)


def hurt(st, seat, damage, horror):
    """Damage and horror to an investigator; killed at his health; at his sanity driven out (option
    insanity=out), or insane and still playing, the horror stopping there and a trauma card owed to
    the keeper's choice (first edition, insanity=trauma)."""
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
        if st.opt_trauma and v > story.inv_sanity[inv]:
            v = story.inv_sanity[inv]
        st.s_horror[seat] = v if v < 99 else 99
        st.record(V_HORROR, seat, horror)
    if st.s_damage[seat] >= story.inv_health[inv]:
        knock_out(st, seat, ST_KILLED)
    elif st.s_horror[seat] >= story.inv_sanity[inv]:
        if st.opt_insanity:
            knock_out(st, seat, ST_INSANE)
        elif st.opt_trauma and horror:
            st.s_due[seat] = 1


def knock_out(st, seat, how):
    """An investigator leaves the game: his cards are dropped face up on his room's pile (documented
    choice `killed`; discarded when the pile is full)."""
    st.s_state[seat] = how
    st.g[G_KILLED] += 1
    st.s_due[seat] = 0
    st.record(V_KILLED if how == ST_KILLED else V_INSANE, seat, 0)
    room = st.room_of(st.s_space[seat])
    for c in range(st.story.ncards):
        if st.c_where[c] == WH_HAND and st.c_owner[c] == seat:
            if st.story.card_kind[c] == K_SPELL or not st.pile_push(room, c, 1):
                discard(st, c)


def discard(st, c):
    st.discard_card(c)


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
    investigators sharing its space (or room, first edition). The slot, or NONE."""
    if not can_spawn(st, t):
        return NONE
    m = st.free_slot()
    st.t_left[t] -= 1
    st.m_type[m] = t
    st.m_space[m] = space
    st.m_damage[m] = 0
    st.m_attacked[m] = 0
    st.m_stun[m] = 0
    st.m_evaded[m] = 0
    for s in range(st.players):
        st.hchecked[s * MAX_MONSTERS + m] = 0
    st.record(V_SPAWN, m, space)
    st.horror_arrives(m, NONE)
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
        st.m_stun[m] = 0
        st.t_left[t] += 1
        st.record(V_MONSTER_DIES, t, m)
        if st.g[G_REVEALED]:
            kind, a, _ = st.story.obj_inv[st.g[G_OBJ]]
            if kind == C_KILL and a == t:
                st.g[G_KILL_FLAG] = 1
    else:
        st.m_damage[m] = v


def stun_monster(st, m):
    """A stunned monster neither moves nor attacks until the keeper's turn ends (first edition)."""
    if st.opt_stun_1e and st.m_type[m] != NONE:
        st.m_stun[m] = 1
        st.record(V_MSTUN, m, 0)


def can_move(st, m):
    """Monster m is on the board, not stunned, and has somewhere to step."""
    if st.m_type[m] == NONE or st.m_stun[m]:
        return False
    for d in range(st.story.nspaces):
        if st.passable(st.m_space[m], d):
            return True
    return False


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


# ----- the board's tokens ----------------------------------------------------------------------------

def burn(st, space):
    """Who stands in a burning space suffers the story's fire damage."""
    d = st.story.fire_damage
    if not d:
        return
    for s in range(1, st.players):
        if st.alive(s) and st.s_space[s] == space:
            st.record(V_FIRE_HURT, s, d)
            hurt(st, s, d, 0)


def set_fire(st, space):
    if not st.fire[space]:
        st.fire[space] = 1
        st.record(V_FIRE, space, 1)
        burn(st, space)


def spread_fire(st):
    """Fire spreads to every space of its room next to a burning one (all at once: a space caught now
    does not spread further this time)."""
    story = st.story
    n = story.nspaces
    for s in range(n):
        if st.fire[s] == 1:
            for t in range(n):
                if not st.fire[t] and story.space_room[t] == story.space_room[s] and st.passable(s, t):
                    st.fire[t] = 2
    for t in range(n):
        if st.fire[t] == 2:
            st.fire[t] = 1
            st.record(V_FIRE, t, 1)
            burn(st, t)


# ----- decks ------------------------------------------------------------------------------------------

def draw_combat(st, cls, against):
    """The top card of a class's combat deck that answers `against` (a melee card answers bladed and
    blunt): cards that do not are passed over, out of play until the deck, once gone through, is
    reshuffled (documented choice `combat_card`)."""
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
        if _answers(story.cb_against[c], against):
            return c
    return NONE     # the story's validation makes this unreachable


def _answers(card, w):
    return card == w or (card == 7 and (w == 2 or w == 3))     # W_MELEE answers W_BLADED and W_BLUNT


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


def learn(st, seat, a, deck):
    """A spell to an investigator: card a, or (deck) a card of spell deck a not yet in play, at random."""
    if not st.alive(seat):
        return
    story = st.story
    if deck:
        free = 0
        for c in range(story.ncards):
            if story.card_deck[c] == a and st.c_where[c] == WH_OUT:
                free += 1
        if not free:
            return
        k = prng.die(st.rng, free)
        for c in range(story.ncards):
            if story.card_deck[c] == a and st.c_where[c] == WH_OUT:
                if k == 0:
                    a = c
                    break
                k -= 1
    elif st.c_where[a] != WH_OUT:
        return
    st.to_hand(a, seat)
    st.record(V_LEARN, a, seat)


# ----- the event deck's time tokens, a combat's monster and weapon -------------------------------------

def add_time(st, n):
    """n time tokens on the event deck, one by one; when they reach the top card's time number its event
    is due (the state resolves it before play goes on, as the keeper's step 5 would), and no more are
    placed by this effect."""
    g = st.g
    story = st.story
    for _ in range(n):
        e = g[G_EVENT]
        if e >= story.nevents or g[G_EVENT_DUE]:
            return
        g[G_TOKENS] += 1
        st.record(V_TOKEN, g[G_TOKENS], story.stage_time[e])
        if g[G_TOKENS] >= story.stage_time[e]:
            g[G_EVENT_DUE] = 1


def foe_hurts(st, seat, op):
    """The combat's monster hurts the investigator with its own damage value (or horror damage)."""
    t = st.g[G_FOE_T]
    if t == NONE:
        return
    if op == E_MONSTER_DAMAGE:
        hurt(st, seat, st.story.type_damage[t], 0)
    else:
        hurt(st, seat, 0, st.story.type_hdamage[t])


def drop_weapon(st, seat):
    """The weapon of the combat under way (none for bare hands or a spell) leaves the attacker's hand,
    face up on his room's pile (discarded when the pile is full)."""
    c = st.g[G_WEAPON]
    if c == NONE or not st.holds(seat, c):
        return
    kind = st.story.card_kind[c]
    if kind != K_EXPLORATION and kind != K_ITEM:
        return
    room = st.room_of(st.s_space[seat])
    if st.pile_push(room, c, 1):
        st.record(V_DROP, c, room)
    else:
        discard(st, c)


# ----- the keeper's choices inside an effect list -----------------------------------------------------

def _option(buf, n, target):
    if buf is not None:
        buf[n] = (A_CHOOSE << 16) | (target << 8)
    return n + 1


def investigator_room(st, room):
    """True when a living investigator stands in the room."""
    for s in range(1, st.players):
        if st.alive(s) and st.room_of(st.s_space[s]) == room:
            return True
    return False


def pick_options(st, op, a, buf, n):
    """The keeper's options for effect `op` (its argument a), written into buf from n when buf is given;
    the new n. An investigator to suffer; a space of a room with an investigator for a monster; a monster
    to move, or none (the card says he may)."""
    story = st.story
    if op == E_HORROR_ONE or op == E_DAMAGE_ONE:
        for s in range(1, st.players):
            if st.alive(s):
                n = _option(buf, n, s)
    elif op == E_SPAWN_WITH:
        if can_spawn(st, a):
            for sp in range(story.nspaces):
                if investigator_room(st, story.space_room[sp]):
                    n = _option(buf, n, sp)
    elif op == E_MOVE:
        first = n
        for m in range(MAX_MONSTERS):
            if can_move(st, m):
                n = _option(buf, n, m)
        if n > first:
            n = _option(buf, n, NONE)
    return n


def ask(st, k, pos, seat, card, purpose):
    """Effect pos of list k leaves a choice to the keeper: True when he has one to make (the list waits
    for it in PH_CHOOSE); False when there is nothing to choose (the effect does nothing)."""
    eff = st.story.eff
    i = eff.start[k] + pos
    if pick_options(st, eff.op[i], eff.a[i], None, 0) == 0:
        return False
    g = st.g
    g[G_PL_LIST] = k
    g[G_PL_POS] = pos
    g[G_PL_SEAT] = seat
    g[G_PL_CARD] = card
    g[G_PL_PURPOSE] = purpose
    g[G_PHASE] = PH_CHOOSE
    g[G_ACTOR] = KEEPER
    return True


def pending_at(st):
    """The index (in the story's effect table) of the effect waiting for the keeper's choice, or -1."""
    k = st.g[G_PL_LIST]
    if k < 0:
        return -1
    return st.story.eff.start[k] + st.g[G_PL_POS]


def picked(st, target):
    """The keeper has chosen: the effect applies to the target; the list goes on (for a monster to
    move, once it has stopped)."""
    eff = st.story.eff
    i = pending_at(st)
    op = eff.op[i]
    a = eff.a[i]
    n = eff.n[i]
    if op == E_HORROR_ONE:
        hurt(st, target, 0, n)
    elif op == E_DAMAGE_ONE:
        hurt(st, target, n, 0)
    elif op == E_SPAWN_WITH:
        spawn(st, a, target)
    elif op == E_MOVE and target != NONE:
        g = st.g
        g[G_KM_SLOT] = target
        g[G_KM_STEPS] = n
        g[G_KM_BACK] = g[G_CTX]
        g[G_CTX] = CTX_KMOVE
        return
    resume_pending(st)


def resume_pending(st):
    """The list that waited for the keeper's choice goes on after that effect."""
    g = st.g
    k = g[G_PL_LIST]
    if k < 0:
        return
    g[G_PL_LIST] = -1
    apply_list(st, k, g[G_PL_SEAT], g[G_PL_POS] + 1, g[G_PL_CARD], g[G_PL_PURPOSE])


# ----- effect lists -----------------------------------------------------------------------------------

def apply_list(st, k, seat, pos, card, purpose=P_MYTHOS):
    """Apply effect list k from position pos to the investigator at `seat` (NONE: no target). `card`
    is the carried card whose ability this is (for `discard`). True when a test was started (the
    rest of the list applies if it fails: the state's on_test resumes it with `purpose`), or the list
    waits for the keeper's choice (PH_CHOOSE)."""
    story = st.story
    eff = story.eff
    start = eff.start[k]
    end = start + eff.count[k]
    i = start + pos
    while i < end:
        op = eff.op[i]
        a = eff.a[i]
        b = eff.b[i]
        n = eff.n[i]
        if op == E_IF:
            if not holds(st, a, b):
                i += n
        elif op == E_ELSE:
            i += n
        elif op == E_DAMAGE:
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
            if st.alive(seat):
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
            learn(st, seat, a, b)
        elif op == E_DRAW_MYTHOS:
            draw_mythos(st, n)
        elif op == E_DISCARD:
            if card != NONE and card < MAX_CARDS:
                discard(st, card)
        elif op == E_REVEAL:
            st.reveal_objective()
        elif op == E_WIN:
            if not st.g[G_FORCED]:
                st.g[G_FORCED] = a
        elif op == E_FLAG or op == E_UNFLAG:
            v = 1 if op == E_FLAG else 0
            if st.flags[a] != v:
                st.flags[a] = v
                st.record(V_FLAG, a, v)
        elif op == E_FIRE:
            set_fire(st, a)
        elif op == E_EXTINGUISH:
            if st.fire[a]:
                st.fire[a] = 0
                st.record(V_FIRE, a, 0)
        elif op == E_SPREAD:
            spread_fire(st)
        elif op == E_DARK or op == E_LIGHT:
            r = a
            if r == NONE:
                r = st.room_of(st.s_space[seat]) if seat != NONE else NONE
            v = 1 if op == E_DARK else 0
            if r != NONE and st.dark[r] != v:
                st.dark[r] = v
                st.record(V_DARK, r, v)
        elif op == E_CORPSE:
            if a < MAX_SPACES and not st.corpse[a]:
                st.corpse[a] = 1
                st.record(V_CORPSE, a, 1)
        elif op == E_TIME:
            add_time(st, n)
        elif op == E_MONSTER_DAMAGE or op == E_MONSTER_HORROR:
            foe_hurts(st, seat, op)
        elif op == E_DROP_WEAPON:
            drop_weapon(st, seat)
        elif op == E_HORROR_ONE or op == E_DAMAGE_ONE or op == E_SPAWN_WITH or op == E_MOVE:
            if ask(st, k, i - start, seat, card, purpose):
                return True
        elif op == E_TEST:
            if st.alive(seat):
                checks.begin(st, seat, a, b - 128, purpose, k, i - start + 1, card)
                return True
            return False
        i += 1
    return False
