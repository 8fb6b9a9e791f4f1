"""The Stay Away! cards played in turn step 2: actions and obstacles, their targets and effects, and
the two defences against a played card (No barbecue!, I'm comfortable).

Targets (the rulebook's card texts; "adjacent" means next to the player with no Locked door between):
  Flamethrower, Analysis, Suspicious: an adjacent player;   Whisky, Resolute, Watch your back: oneself;
  Axe: a Quarantine on oneself or an adjacent player, or a Locked door next to either;
  Swap places!: an adjacent player not in Quarantine;   You'd better run!: any player not in Quarantine,
  Locked doors ignored;   Seduction: any player not in Quarantine (not across a Locked door);
  Quarantine: an adjacent player not in Quarantine;   Locked door: a gap next to oneself with no door.
A player in Quarantine cannot play the Flamethrower or the two swap cards. With the advanced option
"neighbour_only", Seduction and You'd better run! (and the Panic! cards Get out of here! and Can't we be
friends?) reach only the two neighbours, unless Quarantine or Locked doors bar both of them.

Effects: the Flamethrower's target may answer with No barbecue!, else is eliminated (the hand discarded
unseen); a swap's target may answer with I'm comfortable (the swap is cancelled and the turn goes on to
its exchange), else the two change seats, the player exchanges from the new seat and the one swapped
with plays next. Quarantine lasts the target's next two turns (three, and no exchanges, with the house
rule). Played cards are discarded face up; obstacles stay on the table until removed.
"""

from ... import prng
from .defs import (NOBODY, NO_CARD, MASK_ALL, HAND_MAX, FLAMETHROWER, ANALYSIS, AXE, SUSPICIOUS, WHISKY, RESOLUTE,
                   WATCH_BACK, SWAP_PLACES, BETTER_RUN, SEDUCTION, QUARANTINE, LOCKED_DOOR, A_PLAY, GAP, SELF,
                   PH_DEFEND_FLAME, PH_DEFEND_SWAP, PH_RESOLUTE, X_SEDUCTION, QUARANTINE_TURNS,
                   HOUSE_QUARANTINE_TURNS, E_PLAY, E_DEFEND, E_DIRECTION, E_QUARANTINE, E_QUARANTINE_END,
                   E_DOOR, E_DOOR_END, E_DRAW, E_KEEP, E_DISCARD, SH_ANALYSIS, SH_SUSPICIOUS, SH_WHISKY, DR_RESOLUTE,
                   DR_REPLACE, DR_CARD, R_PLAYING)
from .core import (adjacent_open, blocked, check_thing_drawn, discard, door_bars, draw_into, draw_stay_away,
                   event, hand_add, hand_remove, mask_of, neighbour, parted, step_seat)
from . import exchange, turn


# ----- targets -------------------------------------------------------------------------------

def may_swap_with(st, p, q):
    return q != p and st.alive[q] and not st.quar[q] and not st.quar[p]


def far_target_ok(st, p, q, swap):
    """A target a card may reach anywhere (Seduction, You'd better run!, Get out of here!, Can't we
    be friends?): alive, not p, not in Quarantine; across a door only for You'd better run! (swap 2)."""
    if q == p or not st.alive[q] or st.quar[q]:
        return False
    if swap != 2 and door_bars(st, p, q):
        return False
    if st.options.neighbour_only and neighbour_open(st, p):
        return neighbour_reach(st, p, q)
    return True


def neighbour_open(st, p):
    """The neighbour-only variant: at least one neighbour is free of Quarantine and Locked doors."""
    return neighbour_reach(st, p, neighbour(st, p, 0)) or neighbour_reach(st, p, neighbour(st, p, 1))


def neighbour_reach(st, p, q):
    if q == p or st.quar[q]:
        return False
    for d in range(2):
        if neighbour(st, p, d) == q and not blocked(st, p, d):
            return True
    return False


def axe_gaps(st, p):
    """Bits of the gaps whose Locked door an Axe played by p may remove."""
    bits = 0
    for d in range(2):
        bits |= path_doors(st, p, d)
        q = neighbour(st, p, d)
        if q != p and adjacent_open(st, p, q):
            bits |= path_doors(st, q, 0) | path_doors(st, q, 1)
    return bits


def path_doors(st, p, d):
    """Bits of the gaps with a door between p and their neighbour in direction d."""
    s = st.seat_of[p]
    t = st.seat_of[neighbour(st, p, d)]
    n = st.players
    bits = 0
    for _ in range(n):
        gap = s if d == 0 else (s + n - 1) % n
        if st.door[gap]:
            bits |= 1 << gap
        s = step_seat(st, s, d)
        if s == t:
            break
    return bits


def play_targets(st, p, t, buf, n):
    """Append the A_PLAY actions of card t for player p to buf from n; return the new count."""
    base = A_PLAY + t * 32
    if t == FLAMETHROWER or t == ANALYSIS or t == SUSPICIOUS or t == QUARANTINE or t == SWAP_PLACES:
        if st.quar[p] and (t == FLAMETHROWER or t == SWAP_PLACES):
            return n
        for q in range(st.players):
            if st.alive[q] and adjacent_open(st, p, q):
                if (t == QUARANTINE or t == SWAP_PLACES) and st.quar[q]:
                    continue
                buf[n] = base + q
                n += 1
    elif t == WHISKY or t == RESOLUTE or t == WATCH_BACK:
        buf[n] = base + SELF
        n += 1
    elif t == BETTER_RUN or t == SEDUCTION:
        if st.quar[p] and (t == BETTER_RUN or st.options.house_quarantine):
            return n
        for q in range(st.players):
            if far_target_ok(st, p, q, 2 if t == BETTER_RUN else 0):
                buf[n] = base + q
                n += 1
    elif t == AXE:
        for q in range(st.players):
            if st.quar[q] and st.alive[q] and (q == p or adjacent_open(st, p, q)):
                buf[n] = base + q
                n += 1
        bits = axe_gaps(st, p)
        for g in range(st.players):
            if bits & (1 << g):
                buf[n] = base + GAP + g
                n += 1
    elif t == LOCKED_DOOR:
        s = st.seat_of[p]
        for d in range(2):
            q = neighbour(st, p, d)
            if q == p or blocked(st, p, d):
                continue
            g = s if d == 0 else (s + st.players - 1) % st.players
            buf[n] = base + GAP + g
            n += 1
    return n


# ----- effects -------------------------------------------------------------------------------

def play(st, t, target):
    p = st.active
    hand_remove(st, p, t)
    parted(st, p, t)
    event(st, E_PLAY, p, target, t, MASK_ALL)
    if t != QUARANTINE and t != LOCKED_DOOR:
        discard(st, t, True)
    if t == FLAMETHROWER or t == SWAP_PLACES or t == BETTER_RUN:
        st.ctx_a = p
        st.ctx_b = target
        st.ctx_card = t
        st.phase = PH_DEFEND_FLAME if t == FLAMETHROWER else PH_DEFEND_SWAP
        st.actor = target
        return
    if t == ANALYSIS:
        turn.show_hand(st, target, 1 << p, SH_ANALYSIS)
    elif t == SUSPICIOUS:
        k = st.hand_n[target]
        if k:
            i = prng.die(st.prng, k)
            turn.show(st, target, st.hand[target * HAND_MAX + i], 1 << p, SH_SUSPICIOUS)
    elif t == WHISKY:
        turn.show_hand(st, p, MASK_ALL, SH_WHISKY)
    elif t == WATCH_BACK:
        st.direction ^= 1
        event(st, E_DIRECTION, p, st.direction, NO_CARD, MASK_ALL)
    elif t == AXE:
        if target < GAP:
            st.quar[target] = 0
            discard(st, QUARANTINE, True)
            event(st, E_QUARANTINE_END, p, target, QUARANTINE, MASK_ALL)
        else:
            st.door[target - GAP] = 0
            discard(st, LOCKED_DOOR, True)
            event(st, E_DOOR_END, p, target - GAP, LOCKED_DOOR, MASK_ALL)
    elif t == QUARANTINE:
        st.quar[target] = HOUSE_QUARANTINE_TURNS if st.options.house_quarantine else QUARANTINE_TURNS
        event(st, E_QUARANTINE, p, target, QUARANTINE, MASK_ALL)
    elif t == LOCKED_DOOR:
        st.door[target - GAP] = 1
        event(st, E_DOOR, p, target - GAP, LOCKED_DOOR, MASK_ALL)
    elif t == SEDUCTION:
        exchange.begin_offer(st, p, target, X_SEDUCTION)
        return
    elif t == RESOLUTE:
        st.res_n = 0
        for _ in range(3):
            c = draw_stay_away(st, p)
            if c == NO_CARD:
                break
            st.res[st.res_n] = c
            st.res_n += 1
            event(st, E_DRAW, p, DR_RESOLUTE, c, mask_of(st, p))
        if st.res_n:
            st.phase = PH_RESOLUTE
            st.actor = p
            return
        turn.begin_play(st)
        return
    if st.result == R_PLAYING:
        turn.begin_exchange(st)


def keep(st, t):
    """Resolute: keep t, discard the other two face down, then play or discard again."""
    p = st.active
    kept = 0
    for i in range(st.res_n):
        c = st.res[i]
        if c == t and not kept:
            kept = 1
            hand_add(st, p, c)
            event(st, E_KEEP, p, NOBODY, c, mask_of(st, p))
            check_thing_drawn(st, p, c)
        else:
            discard(st, c, st.quar[p] != 0)
            event(st, E_DISCARD, p, DR_CARD, c, mask_of(st, p))
    st.res_n = 0
    turn.begin_play(st)


def defend_play(st, t):
    """The target of a Flamethrower or a swap plays No barbecue! / I'm comfortable."""
    b = st.ctx_b
    hand_remove(st, b, t)
    discard(st, t, True)
    event(st, E_DEFEND, b, st.ctx_a, t, MASK_ALL)
    draw_into(st, b, DR_REPLACE)
    turn.begin_exchange(st)


def accept_play(st):
    """No defence: the Flamethrower eliminates, the swap is made."""
    a = st.ctx_a
    b = st.ctx_b
    if st.ctx_card == FLAMETHROWER:
        turn.eliminate(st, b, a)
    else:
        turn.swap_seats(st, a, b)
        st.partner = b
    turn.begin_exchange(st)
