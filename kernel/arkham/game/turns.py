"""The round's frame: setup picks, rounds, each investigator's turn in seat order, the end of a turn
(a fought monster turned by its player), knock-outs handing play on, the end of the game.

Flow functions set `step` (and `actor` for a decision) and return; apply() calls the one that
follows the action just taken. Allocates nothing.
"""

from .board import NONE, MOVE_LEFT, MOVE_RIGHT
from .defs import (PH_SETUP, PH_INV, PH_MYTHOS, PH_OVER, ST_PICK, ST_MOVE, ST_RETURN, ST_ORIENT, ST_SPLIT, K_SPLIT,
                   CH_EVENT, CH_GATE, AT_WORLD, AT_POOL, AT_TROPHY, AT_BOUND, AT_OW, SEAT_PICK, SEAT_OUT,
                   MAX_POSS, RES_PLAYING, RES_LOST_NOBODY, RES_WON, RES_LOST_ROUNDS, HR_DEFEAT_AT_ROUND_END,
                   EV_ROUND, EV_TURN, EV_OW_STAGE, EV_NO_RETURN, EV_LOST, EV_OUT, EV_RESULT, EV_HONOUR,
                   EV_TO_POOL, EV_LOSES_TURN, EV_MONEY, EV_SPLIT, EV_RETURN)
from .state import (F_EVADED, F_FOUGHT, event, open_gates, put_investigator, shuffle_back, trophies)
from . import mythos


def decide(game, step, seat):
    game.step = step
    game.actor = seat


def chance(game, step):
    game.step = step


# ----- setup --------------------------------------------------------------------------------------

def picked_at_setup(game):
    """After a seat's pick at setup: the next seat picks, then the setup gates, then round 1."""
    for s in range(game.players):
        if game.seat_status[s] == SEAT_PICK:
            decide(game, ST_PICK, s)
            return
    if game.setup_left > 0:
        chance(game, CH_GATE)
        return
    begin_round(game)


# ----- rounds and turns --------------------------------------------------------------------------

def begin_round(game):
    game.round += 1
    game.phase = PH_INV
    for m in range(game.board.nmonsters):
        game.m_checked[m] = 0
    event(game, EV_ROUND, game.round, 0, 0)
    game.seat = 0
    begin_turn(game)


def begin_turn(game):
    while True:
        while game.seat < game.players and game.seat_inv[game.seat] == NONE:
            game.seat += 1
        if game.seat >= game.players:
            mythos.begin_mythos(game)
            return
        seat = game.seat
        if game.boost_left[seat]:
            game.boost_left[seat] -= 1          # an event's boost lasts to the end of its next turn
        r = game.retainer[seat]
        if r:
            m = game.money[seat] + r
            game.money[seat] = m if m < 999 else 999
            event(game, EV_MONEY, seat, r + 128, game.money[seat])
        if not game.lost_turns[seat]:
            break
        game.lost_turns[seat] -= 1                  # a lost turn (an event, or jail)
        event(game, EV_LOSES_TURN, seat, 0, 0)
        game.seat += 1
    game.mode = 0
    game.moves_left = 0
    game.used_mask = 0
    game.prog_ctx = 0
    game.entered = 0
    game.met = 0
    game.snuck = 0
    game.must_fight = 0
    game.sneak_gate = 0
    game.event_done = 0
    for m in range(game.board.nmonsters):
        game.m_flags[m] &= ~(F_EVADED | F_FOUGHT)
    for k in range(game.board.nkinds):
        game.fight_kinds[k] = 0
    event(game, EV_TURN, seat, 0, 0)
    if game.pos[seat] == AT_WORLD:
        if game.ow_stage[seat] == 2:
            # the second round of the trip: area 1 and its event
            game.ow_stage[seat] = 1
            event(game, EV_OW_STAGE, seat, game.ow_world[seat], 1)
            game.place = game.board.nspaces + game.ow_world[seat]
            game.event_done = 1
            chance(game, CH_EVENT)
            return
        # the third round: back where a round trip left, or to Arkham through a gate to that world
        back = game.return_to[seat]
        if back != NONE:
            game.return_to[seat] = NONE
            game.pos[seat] = back
            game.ow_stage[seat] = 0
            event(game, EV_RETURN, seat, back, 0)
            decide(game, ST_MOVE, seat)
            return
        if return_gates(game, seat):
            decide(game, ST_RETURN, seat)
            return
        event(game, EV_NO_RETURN, seat, game.ow_world[seat], 0)
        lose_investigator(game, seat)
        return
    decide(game, ST_MOVE, seat)


def return_gates(game, seat):
    """How many face-up gates lead to the seat's Other World."""
    b = game.board
    n = 0
    for s in range(b.nspaces):
        g = game.gate_at[s]
        if g != NONE and game.gate_shown[g] and b.gate_world[g] == game.ow_world[seat]:
            n += 1
    return n


def end_turn(game):
    if game.phase == PH_MYTHOS:
        # an investigator carried off in the mythos phase had its Other World event: go on
        mythos.mythos_after_target(game)
        return
    if orient_pending(game, game.seat):
        return
    game.seat += 1
    begin_turn(game)


def orient_pending(game, seat):
    """A left- or right-handed monster that survived a fight on a street is turned by the player
    who fought it (ST_ORIENT); True when that decision is now pending."""
    b = game.board
    for m in range(b.nmonsters):
        if game.m_flags[m] & F_FOUGHT:
            game.m_flags[m] &= ~F_FOUGHT
            s = game.m_at[m]
            mode = b.k_mode[b.mon_kind[m]]
            if s < b.nspaces and not b.is_loc[s] and (mode == MOVE_LEFT or mode == MOVE_RIGHT):
                game.orient_m = m
                decide(game, ST_ORIENT, seat)
                return True
    return False


def after_orient(game):
    if game.phase == PH_INV:
        end_turn(game)
    else:
        mythos.mythos_next_monster(game)


def after_knockout(game):
    """An investigator went to the Asylum or the Hospital, or was lost: play goes on."""
    if game.result != RES_PLAYING:
        return
    if game.phase == PH_MYTHOS:
        mythos.mythos_after_target(game)
    else:
        end_turn(game)


# ----- lost in time and space ---------------------------------------------------------------------

def lose_investigator(game, seat):
    """Lost in time and space (or out of sanity or strength in an Other World): "shuffle his
    cards back into their decks" (items, spells and the gate trophies), monster trophies and
    bound or met monsters back to the pool; the player picks a new investigator (or the seat is
    out when none is left)."""
    b = game.board
    event(game, EV_LOST, seat, game.seat_inv[seat], 0)
    base = seat * MAX_POSS
    for k in range(MAX_POSS):
        c = game.poss[base + k]
        if c != NONE:
            shuffle_back(game, c)
            game.poss[base + k] = NONE
    for g in range(b.ngates):
        if game.gate_keep[g] == seat:
            game.gate_keep[g] = NONE
            game.gate_deck.insert_random(game.rng, g)
    for m in range(b.nmonsters):
        at = game.m_at[m]
        if (at == AT_TROPHY or at == AT_BOUND or at == AT_OW) and game.m_owner[m] == seat:
            game.m_at[m] = AT_POOL
            event(game, EV_TO_POOL, m, 0, 0)
    game.seat_inv[seat] = NONE
    game.pos[seat] = NONE
    game.ow_stage[seat] = 0
    game.return_to[seat] = NONE
    game.close_at[seat] = NONE
    game.gates_closed[seat] = 0
    for i in range(b.ninv):
        if not game.used_inv[i]:
            game.seat_status[seat] = SEAT_PICK
            decide(game, ST_PICK, seat)
            return
    game.seat_status[seat] = SEAT_OUT
    event(game, EV_OUT, seat, 0, 0)
    for s in range(game.players):
        if game.seat_status[s] != SEAT_OUT:
            after_knockout(game)
            return
    finish(game, RES_LOST_NOBODY)


def picked(game, seat, inv):
    """Seat took investigator inv (its random cards drawn, in table mode entered first); then
    its split of sanity and strength, when its sheet has one; then play goes on."""
    if not put_investigator(game, seat, inv):
        return
    if game.board.inv_split[inv]:
        decide(game, ST_SPLIT, seat)
        return
    after_pick(game)


def after_pick(game):
    if game.phase == PH_SETUP:
        picked_at_setup(game)
    else:
        after_knockout(game)


def legal_split(game, buf):
    """Every sanity of the seat's split: each of sanity and strength at least the board's
    split_minimum (1 unless it says) and at most its sheet's (no tuple: this runs per step, under
    heap_lock on the board)."""
    b = game.board
    inv = game.seat_inv[game.actor]
    t = b.inv_split[inv]
    least = b.split_min                      # rules.tsv split_minimum: the least on either side
    lo = t - b.inv_strength[inv]
    hi = t - least
    if lo < least:
        lo = least
    if hi > b.inv_sanity[inv]:
        hi = b.inv_sanity[inv]
    n = 0
    for v in range(lo, hi + 1):
        buf[n] = K_SPLIT + v
        n += 1
    return n


def apply_split(game, v):
    seat = game.actor
    t = game.board.inv_split[game.seat_inv[seat]]
    game.san[seat] = game.maxsan[seat] = v
    game.sta[seat] = game.maxsta[seat] = t - v
    event(game, EV_SPLIT, seat, v, t - v)
    after_pick(game)


# ----- the end ----------------------------------------------------------------------------------------

def end_round(game):
    if game.house & HR_DEFEAT_AT_ROUND_END and mythos.check_defeat(game, True):
        return
    if game.round >= 2 and open_gates(game) == 0:
        finish(game, RES_WON)
        return
    if game.round_limit and game.round >= game.round_limit:
        finish(game, RES_LOST_ROUNDS)
        return
    begin_round(game)


def finish(game, result):
    game.result = result
    game.phase = PH_OVER
    game.step = 0
    event(game, EV_RESULT, result, 0, 0)
    for seat in range(game.players):
        if is_honoured(game, seat):
            event(game, EV_HONOUR, seat, game.gates_closed[seat], trophies(game, seat))


def is_honoured(game, seat):
    """The Honoured Citizen, win or lose: the most gates closed, then the most monster trophies;
    investigators still tied share the title. A seat without an investigator has none."""
    if game.seat_inv[seat] == NONE:
        return False
    g = game.gates_closed[seat]
    t = trophies(game, seat)
    for s in range(game.players):
        if s == seat or game.seat_inv[s] == NONE:
            continue
        g2 = game.gates_closed[s]
        if g2 > g or (g2 == g and trophies(game, s) > t):
            return False
    return True
