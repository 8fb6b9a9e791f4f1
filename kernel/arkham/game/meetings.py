"""Investigator phase, part 3: meeting monsters - sanity checks and stealth.

With monsters in its space (met on arriving, staying, or brought by an event) the investigator
fights one (part 4), sneaks past them all (one stealth roll, then one sanity check against the most
frightening), sneaks past a gate's guardians through the gate, faces the gate it may close (a sanity
check against each guardian, then part 4), closes it at once with the Blue Watcher (no check), or
binds one with Bind Monster. A sanity check is taken once per monster per round (m_checked), and in
one fight once per monster kind (fight_kinds).

A failed stealth roll "means a fight, with the sanity check before it" (the seed): the investigator
must attack one of the monsters there (must_fight; the sanity check against the one attacked comes
first, as before every attack); after that exchange the choice comes back. Sneaking past a gate's
guardians to step through it is the seed's own case: a failure costs D6 strength (after the sanity
check against the most frightening), and the investigator may try again; a success takes it
through the gate. House rule stealth_fail_strikes: every failed roll is that D6 strike, no fight.
Stealth never works against a Hound of Tindalos; on a street it needs a neighbouring space without
monsters to slip into; in an Other World a success sends the monster back to the pool. Allocates
nothing.
"""

from .board import NONE, SPECIAL_HOUND, SP_BIND, SP_DRAGONS_EYE, SP_BLUE_WATCHER, SKILL_STEALTH
from .defs import (ST_ENC, ST_LOADOUT, ST_SNEAK_TO, CH_SANITY, CH_STEALTH, CH_LOSS, K_FIGHT, K_SNEAK, K_BANISH,
                   K_FACE, K_BIND, K_WATCHER, K_STEP, AT_WORLD, AT_OW, AT_POOL, AT_BOUND, MAX_POSS, PU_FIGHT,
                   PU_SNEAK_OK, PU_SNEAK_FAIL, PU_FACE, PU_COUNTER, HR_SANITY_CHECK_MAX, HR_STEALTH_FAIL_STRIKES,
                   EV_STEALTH, EV_SANCHECK,
                   EV_TO_POOL, EV_BIND, EV_SPEND, EV_MOVE)
from .state import (F_EVADED, F_FOUGHT, event, fill_occupancy, has_special, skill_of)
from . import cards, combat, encounters, movement, turns


def here(game, seat, m):
    """Monster m is in the seat's space (in Arkham, or with it in an Other World) and has not
    lost interest in its investigator (m_spurned: one it drove mad or knocked out)."""
    if game.m_spurned[m] & (1 << seat):
        return False
    at = game.m_at[m]
    if game.pos[seat] == AT_WORLD:
        return at == AT_OW and game.m_owner[m] == seat
    return at == game.pos[seat]


def unevaded(game, seat):
    n = 0
    for m in range(game.board.nmonsters):
        if here(game, seat, m) and not game.m_flags[m] & F_EVADED:
            n += 1
    return n


def most_frightening(game, seat):
    """The unevaded monster here with the highest sanity loss on a failure (then on a pass)."""
    b = game.board
    best = NONE
    score = -1
    for m in range(b.nmonsters):
        if here(game, seat, m) and not game.m_flags[m] & F_EVADED:
            k = b.mon_kind[m]
            sc = b.loss_mean2(k, 0) * 64 + b.loss_mean2(k, 1)
            if sc > score:
                score = sc
                best = m
    return best


def need_check(game, seat, m, in_fight):
    if game.m_checked[m] & (1 << seat):
        return False
    return not (in_fight and game.fight_kinds[game.board.mon_kind[m]])


def can_face(game, seat):
    s = game.pos[seat]
    if s == AT_WORLD or game.gate_at[s] == NONE:
        return False
    return (game.close_at[seat] == s or has_special(game, seat, SP_DRAGONS_EYE) >= 0
            or has_special(game, seat, SP_BLUE_WATCHER) >= 0)


def sneak_space(game, seat, i):
    """Neighbour i of the seat's street may be slipped into (no monster there)."""
    return game.occ[game.board.neighbour(game.pos[seat], i)] == 0


def can_sneak(game, seat):
    b = game.board
    for m in range(b.nmonsters):
        if here(game, seat, m) and not game.m_flags[m] & F_EVADED and b.k_special[b.mon_kind[m]] & SPECIAL_HOUND:
            return False
    s = game.pos[seat]
    if s == AT_WORLD or b.is_loc[s]:
        return True
    fill_occupancy(game)
    for i in range(b.nbr_count[s]):
        if sneak_space(game, seat, i):
            return True
    return False


def can_sneak_to_gate(game, seat):
    """Sneaking past the guardians of the gate here, to step through it (a city location in
    Arkham with a gate; never past a Hound)."""
    s = game.pos[seat]
    return s != AT_WORLD and game.board.is_loc[s] and game.gate_at[s] != NONE and can_sneak(game, seat)


def bind_slot(game, seat):
    """The possession slot of a Bind Monster spell that can be cast now, or -1."""
    k = has_special(game, seat, SP_BIND)
    if k < 0:
        return -1
    for m in range(game.board.nmonsters):
        if game.m_at[m] == AT_BOUND and game.m_owner[m] == seat:
            return -1
    cost = game.board.i_cost[game.board.card_kind[game.poss[seat * MAX_POSS + k]]]
    return k if game.san[seat] > cost else -1


def legal_enc(game, buf):
    seat = game.seat
    b = game.board
    n = 0
    bind = bind_slot(game, seat) >= 0
    banish = cards.banish_slot(game, seat) >= 0
    for m in range(b.nmonsters):
        if here(game, seat, m) and not game.m_flags[m] & F_EVADED:
            buf[n] = K_FIGHT + m
            n += 1
            if bind and not game.must_fight:
                buf[n] = K_BIND + m
                n += 1
            if banish and not game.must_fight:
                buf[n] = K_BANISH + m
                n += 1
    if game.must_fight:
        return n                       # a failed stealth roll: the fight begins
    if can_sneak(game, seat):
        buf[n] = K_SNEAK
        n += 1
        if can_sneak_to_gate(game, seat):
            buf[n] = K_SNEAK + 1       # past the guardians, through the gate
            n += 1
    if can_face(game, seat):
        buf[n] = K_FACE
        n += 1
        if has_special(game, seat, SP_BLUE_WATCHER) >= 0:
            buf[n] = K_WATCHER         # "closes it at once, avoiding every danger"
            n += 1
    return n


def apply_enc(game, kind, arg):
    seat = game.seat
    game.must_fight = 0
    if kind == K_FIGHT:
        game.target = arg
        game.purpose = PU_FIGHT
        game.m_flags[arg] |= F_FOUGHT
        if need_check(game, seat, arg, True):
            game.check_m = arg
            game.check_seat = seat
            turns.chance(game, CH_SANITY)
        else:
            turns.decide(game, ST_LOADOUT, seat)
    elif kind == K_SNEAK:
        game.sneak_gate = arg
        turns.chance(game, CH_STEALTH)
    elif kind == K_FACE:
        game.purpose = PU_FACE
        face_next(game)
    elif kind == K_WATCHER:
        combat.apply_close(game, K_WATCHER)
    elif kind == K_BANISH:
        cards.banish(game, seat, arg, 0)
    elif not bind(game, seat, arg, 0):
        after_enc_change(game)


def bind(game, seat, m, counter):
    """Cast Bind Monster on monster m: its sanity cost, then m leaves the board, bound by seat; or
    first a casting roll (items.tsv `cast`, cards.py): True when that roll is now pending."""
    k = bind_slot(game, seat)
    kind = game.board.card_kind[game.poss[seat * MAX_POSS + k]]
    cost = game.board.i_cost[kind]
    if cost:
        game.san[seat] -= cost
        event(game, EV_SPEND, seat, cost, game.san[seat])
    if game.board.i_cast[kind] != NONE:
        cards.casting(game, seat, cards.CAST_BIND_COUNTER if counter else cards.CAST_BIND_ENC, m)
        return True
    bound(game, seat, m)
    return False


def bound(game, seat, m):
    game.m_at[m] = AT_BOUND
    game.m_owner[m] = seat
    game.m_flags[m] = 0
    event(game, EV_BIND, seat, m, 0)


def face_next(game):
    """Facing the gate: a sanity check against each guardian not yet checked, then part 4."""
    seat = game.seat
    for m in range(game.board.nmonsters):
        if here(game, seat, m) and not game.m_flags[m] & F_EVADED:
            if need_check(game, seat, m, False):
                game.check_m = m
                game.check_seat = seat
                turns.chance(game, CH_SANITY)
                return
            game.m_flags[m] |= F_EVADED
    combat.part4(game)


def after_enc_change(game):
    if unevaded(game, game.seat) > 0:
        turns.decide(game, ST_ENC, game.seat)
    else:
        encounters.after_monsters(game)


# ----- the rolls ----------------------------------------------------------------------------------------

def on_sanity_roll(game, v):
    seat = game.check_seat
    m = game.check_m
    b = game.board
    k = b.mon_kind[m]
    level = game.maxsan[seat] if game.house & HR_SANITY_CHECK_MAX else game.san[seat]
    ok = v <= level
    game.m_checked[m] |= 1 << seat
    if game.purpose == PU_FIGHT:
        game.fight_kinds[k] = 1
    game.check_ok = 1 if ok else 0
    game.loss_base = b.k_san_pass[k] if ok else b.k_san_fail[k]
    if (b.k_pass_dice[k] if ok else b.k_fail_dice[k]):
        turns.chance(game, CH_LOSS)                 # a loss printed with dice (SAN 2/D6+1)
        return
    take_loss(game, game.loss_base)


def on_loss_roll(game, v):
    take_loss(game, game.loss_base + v)


def take_loss(game, loss):
    """The sanity check against check_m cost `loss`; then what the check was for."""
    seat = game.check_seat
    m = game.check_m
    event(game, EV_SANCHECK, seat, m, loss)
    if loss >= game.san[seat]:
        # "monsters need only drive the hero mad, after which they lose all interest in him"
        game.m_spurned[m] |= 1 << seat
    if loss and encounters.change_sanity(game, seat, -loss):
        return
    pu = game.purpose
    if pu == PU_FIGHT or pu == PU_COUNTER:
        turns.decide(game, ST_LOADOUT, seat)
    elif pu == PU_SNEAK_OK:
        finish_sneak(game)
    elif pu == PU_SNEAK_FAIL:
        combat.strike(game)
    else:
        game.m_flags[m] |= F_EVADED
        face_next(game)


def on_stealth_roll(game, v):
    seat = game.seat
    ok = v <= skill_of(game, seat, SKILL_STEALTH)
    event(game, EV_STEALTH, seat, 1 if ok else 0, 0)
    m = most_frightening(game, seat)
    game.target = m
    game.check_m = m
    game.check_seat = seat
    if ok:
        game.purpose = PU_SNEAK_OK
        if need_check(game, seat, m, False):
            turns.chance(game, CH_SANITY)
        else:
            finish_sneak(game)
    elif game.sneak_gate or game.house & HR_STEALTH_FAIL_STRIKES:
        # at a gate (the seed: "loses D6 strength, then may try again"), or the house rule
        game.purpose = PU_SNEAK_FAIL
        if need_check(game, seat, m, False):
            turns.chance(game, CH_SANITY)
        else:
            combat.strike(game)
    else:
        # "the investigator enters a fight, and takes the sanity check before it begins"
        game.must_fight = 1
        turns.decide(game, ST_ENC, seat)


def finish_sneak(game):
    seat = game.seat
    b = game.board
    game.snuck = 1
    if game.sneak_gate:
        for m in range(b.nmonsters):
            if here(game, seat, m):
                game.m_flags[m] |= F_EVADED
        game.event_done = 1
        encounters.through_gate(game, seat, game.pos[seat])
        return
    if game.pos[seat] == AT_WORLD:
        for m in range(b.nmonsters):
            if here(game, seat, m):
                game.m_at[m] = AT_POOL
                event(game, EV_TO_POOL, m, 0, 0)
        after_enc_change(game)
        return
    for m in range(b.nmonsters):
        if here(game, seat, m):
            game.m_flags[m] |= F_EVADED
    if b.is_loc[game.pos[seat]]:
        encounters.after_monsters(game)
    else:
        fill_occupancy(game)
        turns.decide(game, ST_SNEAK_TO, seat)


def legal_sneak_to(game, buf):
    seat = game.seat
    b = game.board
    fill_occupancy(game)
    n = 0
    for i in range(b.nbr_count[game.pos[seat]]):
        if sneak_space(game, seat, i):
            buf[n] = K_STEP + i
            n += 1
    return n


def apply_sneak_to(game, arg):
    seat = game.seat
    t = game.board.neighbour(game.pos[seat], arg)
    movement.leave(game, seat)
    game.pos[seat] = t
    event(game, EV_MOVE, seat, t, 0)      # slipping away is not a move: no event there
    combat.part4(game)
